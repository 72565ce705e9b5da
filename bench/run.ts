/**
 * `npm run bench`: figures, not assertions. A real n8n (`n8n start`, the pinned runtime of the e2e
 * tests) runs workflows against the sandbox with injected latency; the bench process counts the
 * requests the sandbox received, reads each node's own executionTime from the execution n8n
 * recorded, and the n8n process's peak RSS (VmHWM, reset before each run).
 *
 *   npm run bench                                  # the issue's defaults (about 10 minutes)
 *   npm run bench -- --quick                       # smoke check: small N, about 3 minutes
 *   BENCH_N=1000,10000 BENCH_LATENCY_MS=50 npm run bench
 *   BENCH_SCENARIOS=list,create npm run bench -- --readme   # also rewrite the table in docs/figures.md
 *
 * Environment (or --name=value arguments, e.g. --n=1000,10000 --latency-ms=20):
 *   BENCH_N            list sizes (default 1000,10000,50000; quick: 1000,5000)
 *   BENCH_LATENCY_MS   sandbox latency per request (default 20)
 *   BENCH_CREATE_N     shifts created in scenario 2 (default 1000; quick: 200)
 *   BENCH_REPEAT       runs of each scenario 2 variant, the median shown (default 1; e.g. --repeat=5)
 *   BENCH_CREATE_VARIANTS  scenario 2's variants by tag, e.g. mapped,expert,expert-package (default all)
 *   BENCH_BURST        changes in the trigger's burst (default 10000; quick: 1000)
 *   BENCH_RATE         sandbox rate limit in scenario 4, requests/s (default 10)
 *   BENCH_RATE_N       shifts created under the rate limit (default 1000; quick: 100)
 *   BENCH_SCENARIOS    any of list,create,upsert,trigger,ratelimit,attendance (default all but attendance)
 *   BENCH_README=1     (or --readme) replace the table in docs/figures.md (README links to it)
 *   BENCH_EXPRESSION_ENGINE  n8n's N8N_EXPRESSION_ENGINE: vm (n8n 2.x's default) or legacy
 *   BENCH_PROFILE=1    V8 CPU profiles of the n8n processes in bench/results/profiles (one per run)
 *   BENCH_DEBUG=1      the trigger scenario writes the requests it saw to /tmp/bench-{activation,burst}-{on,off}.json
 *
 * Results: the markdown tables on stdout, and bench/results/latest.md + latest.json.
 *
 * This file is the entry point; the parts are settings.ts, figures.ts (what is collected),
 * workflows.ts, n8n.ts (running and measuring), floor.ts, scenarios/ and report.ts.
 */
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox } from '../sandbox';
import { addBenchLocation } from '../sandbox/bulk';
import { assertBuilt, createN8n, ensureRuntime, rosteringCredential, startServer, type CredentialInput, type N8nServer } from '../test/e2e/n8n';
import { ALL_SCOPES } from '../sandbox/permissions';
import { rateRows, rows, triggerFacts } from './figures';
import { type Bench } from './n8n';
import { machine, report, updateReadme } from './report';
import { GENERIC_OAUTH2 } from './workflows';
import { creating } from './scenarios/create';
import { listing } from './scenarios/list';
import { rateLimited } from './scenarios/ratelimit';
import { ATTENDANCE_TRIGGER, SHIFT_TRIGGER, trigger } from './scenarios/trigger';
import { upserting } from './scenarios/upsert';
import { CONFIG, log, t0 } from './settings';
import { warmupWorkflow } from './workflows';

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
	if (process.platform !== 'linux') throw new Error('the bench reads /proc: Linux only');
	log(`settings: ${JSON.stringify(CONFIG)}`);
	assertBuilt();
	await ensureRuntime();
	const sb = await startSandbox({ latencyMs: CONFIG.latencyMs });
	const listPlace = addBenchLocation(sb, 'Bench list');
	const createPlace = addBenchLocation(sb, 'Bench create');
	const triggerPlace = addBenchLocation(sb, 'Bench trigger');
	// BENCH_PROFILE=1: every n8n process (one per measured run) writes a V8 CPU profile on exit;
	// `npx tsx bench/profile-summary.ts <file>` lists where the time went.
	const profileDir = path.join(__dirname, 'results', 'profiles');
	if (process.env.BENCH_PROFILE === '1') fs.mkdirSync(profileDir, { recursive: true });
	const instance = await createN8n({
		env: { N8N_LOG_LEVEL: 'warn', N8N_EXPRESSION_ENGINE: CONFIG.expressionEngine, ...(process.env.BENCH_PROFILE === '1' ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}) },
	});
	let server: N8nServer | undefined;
	try {
		await instance.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken({ ttlSeconds: 24 * 3600 }) }),
			genericOAuth2Credential(sb),
		]);
		const warmupId = await instance.importWorkflow(warmupWorkflow(sb, listPlace));
		server = await startServer(instance);
		const b: Bench = {
			sb,
			token: sb.issueToken({ ttlSeconds: 24 * 3600 }).access_token,
			instance,
			server,
			pid: 0,
			listPlace,
			createPlace,
			triggerPlace,
			warmupId,
		};
		log(`n8n at ${server.baseUrl}, sandbox at ${sb.url}`);
		if (CONFIG.scenarios.includes('list')) for (const n of CONFIG.listN) await listing(b, n);
		if (CONFIG.scenarios.includes('create')) await creating(b);
		if (CONFIG.scenarios.includes('upsert')) await upserting(b);
		if (CONFIG.scenarios.includes('ratelimit')) await rateLimited(b);
		// Last: once published, the trigger polls every minute until n8n stops.
		if (CONFIG.scenarios.includes('trigger')) {
			await trigger(b, SHIFT_TRIGGER(false));
			await trigger(b, SHIFT_TRIGGER(true));
		}
		if (CONFIG.scenarios.includes('attendance')) {
			await trigger(b, ATTENDANCE_TRIGGER(false));
			await trigger(b, ATTENDANCE_TRIGGER(true));
		}
	} finally {
		if (server?.running) await server.stop();
		await instance.dispose();
		await sb.close();
	}
	const table = report();
	process.stdout.write(`\n${table}\n`);
	const dir = path.join(__dirname, 'results');
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'latest.md'), `${table}\n`);
	fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ machine: machine(), config: CONFIG, rows, trigger: triggerFacts, rateLimited: rateRows }, null, 2));
	if (CONFIG.readme) updateReadme(table);
	log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * n8n's generic OAuth2 credential as a user without this package fills it in (Authorization Code,
 * the service's two addresses, the app's id and secret, the permissions as the scope, the client
 * authenticated in the header), already connected: the tokens as n8n keeps them after its flow.
 */
function genericOAuth2Credential(sb: Awaited<ReturnType<typeof startSandbox>>): CredentialInput {
	return {
		...GENERIC_OAUTH2,
		data: {
			grantType: 'authorizationCode',
			authUrl: `${sb.url}/oauth/authorize`,
			accessTokenUrl: `${sb.url}/oauth/token`,
			clientId: sb.clientId,
			clientSecret: sb.clientSecret,
			scope: ALL_SCOPES.join(' '),
			authQueryParameters: '',
			authentication: 'header',
			oauthTokenData: sb.issueToken({ ttlSeconds: 24 * 3600 }),
		},
	};
}

main().catch((error: unknown) => {
	process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
