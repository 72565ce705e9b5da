/**
 * `npm run demo`: n8n with this package, the sandbox with its demo data, a Rostering credential
 * connected through n8n's real OAuth flow, and the example workflows (demo/workflows.ts), ready
 * in a browser. Ctrl-C stops everything.
 *
 * Steps: the pinned n8n and Node 24 are installed into .n8n-runtime/ when missing (several
 * minutes, once); `npm run demo` builds the package first. The sandbox listens on 127.0.0.1:4010
 * (DEMO_SANDBOX_PORT), n8n on localhost:5678 (DEMO_N8N_PORT), whose owner account is printed.
 * `npm run demo` keeps n8n's user folder and the sandbox's state in .demo/ of the clone across
 * restarts (`-- --fresh` starts afresh); startDemo() without `keepIn` keeps nothing (the tests). The credential is connected as a person would: n8n asks the sandbox
 * for authorization (PKCE), the consent page is answered "Allow", n8n exchanges the code.
 *
 * `startDemo()` does all of it and returns handles, so test/e2e/demo.test.ts checks the same demo
 * a newcomer gets.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox, type Sandbox, type SandboxState } from '../sandbox';
import { createN8n, ensureRuntime, runtimeDir, startServer, type N8nInstance, type N8nServer } from '../test/e2e/n8n';
import { connectThroughOAuth } from '../test/e2e/oauth';
import { exampleWorkflows, DEMO_TABLES, LINK_SECRET, nextMondayAt, TILL_SALES_TABLE } from '../demo/workflows';

export const DEMO_OWNER = { email: 'demo@rostering.test', firstName: 'Demo', lastName: 'Owner', password: 'Demo-rostering-1' };

export interface Demo {
	sandbox: Sandbox;
	instance: N8nInstance;
	server: N8nServer;
	/** The editor's address (http://localhost:<port>). */
	editorUrl: string;
	credential: { id: string; name: string };
	/** The example workflows by name: their ids. */
	workflows: Record<string, string>;
	/** Where n8n's data and the sandbox's are kept across restarts (`keepIn`), if anywhere. */
	keptIn?: string;
	/** Writes the sandbox's state where it is kept (done at stop too); nothing when nothing is kept. */
	save(): void;
	stop(): Promise<void>;
}

export interface DemoOptions {
	/** n8n's port (default 5678; 0: any free port). */
	n8nPort?: number;
	/** The sandbox's port (default 4010; 0: any free port). */
	sandboxPort?: number;
	/** Progress lines (default: none). */
	log?: (line: string) => void;
	/** The example triggers' Poll Times (default: every minute). */
	pollTimes?: Record<string, unknown>;
	/**
	 * A folder to keep n8n's data (its user folder, `<keepIn>/n8n`) and the sandbox's state
	 * (`<keepIn>/sandbox.json`) in across restarts: started again, the demo goes on with both, its
	 * credential still connected and each example there once. Default: nothing kept (a throw-away
	 * user folder, the sandbox as seeded).
	 */
	keepIn?: string;
}

/** The sandbox's kept state, or why it cannot be used (then the sandbox starts as seeded). */
function keptSandbox(file: string): { state?: SandboxState; problem?: string } {
	if (!fs.existsSync(file)) return {};
	try {
		return { state: JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxState };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}


/**
 * The till's export for the labour example (Labour against sales): each location's sales for the
 * last fourteen days at the business, made from the labour cost the sandbox gives each day, so that
 * labour is about a quarter of sales and, at each location, one day of the last week is over the
 * example's 30% (a day nobody worked sold $800).
 */
async function tillSales(sandbox: Sandbox): Promise<Array<Record<string, string>>> {
	const zone = sandbox.store.t.businesses.get(sandbox.store.mainBusinessId)?.timezone ?? 'UTC';
	const day = (daysAgo: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(sandbox.clock.now().getTime() - daysAgo * 86_400_000));
	const token = sandbox.issueToken().access_token;
	const res = await fetch(`${sandbox.url}/v1/labour-costs?from=${day(14)}&to=${day(1)}&limit=200`, { headers: { authorization: `Bearer ${token}` } });
	const page = (await res.json()) as { data: Array<{ date: string; location_id: string; rostered_cost?: number; actual_hours?: number; actual_cost?: number }> };
	const names = new Map(sandbox.store.locations.map((l) => [String(l.id), String(l.name)]));
	const over = day(3);
	return page.data.map((row) => {
		const cost = (row.actual_hours ?? 0) > 0 ? (row.actual_cost ?? 0) : (row.rostered_cost ?? 0);
		const sales = cost > 0 ? cost / (row.date === over ? 0.38 : 0.24) : 800;
		return { date: row.date, location: names.get(row.location_id) ?? row.location_id, sales: sales.toFixed(2) };
	});
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
	const log = options.log ?? (() => {});
	// The marker scripts/n8n-runtime.sh writes once n8n and its template are ready: only a first start installs.
	const ready = fs.existsSync(path.join(runtimeDir(), 'template', '.ready'));
	log(ready ? 'Preparing n8n...' : 'Installing n8n 2.40.7 and Node 24 (the first time only: several minutes)...');
	await ensureRuntime();
	log('Starting the sandbox...');
	const keepIn = options.keepIn && path.resolve(options.keepIn);
	const sandboxFile = keepIn && path.join(keepIn, 'sandbox.json');
	const kept = sandboxFile ? keptSandbox(sandboxFile) : {};
	let sandbox: Sandbox;
	try {
		sandbox = await startSandbox({ port: options.sandboxPort ?? 4010, state: kept.state });
	} catch (error) {
		if (!kept.state) throw error;
		kept.problem = (error as Error).message;
		sandbox = await startSandbox({ port: options.sandboxPort ?? 4010 });
	}
	const sandboxKept = Boolean(kept.state) && !kept.problem;
	if (kept.problem) log(`The sandbox's kept data (${sandboxFile}) could not be used (${kept.problem}): the sandbox starts as seeded, n8n's data is kept.`);
	else if (sandboxKept) log(`The sandbox goes on from ${sandboxFile}.`);
	const save = () => {
		if (!sandboxFile) return;
		// Written whole, then moved into place: a demo stopped mid-write keeps the last whole state.
		fs.writeFileSync(`${sandboxFile}.new`, JSON.stringify(sandbox.saveState()));
		fs.renameSync(`${sandboxFile}.new`, sandboxFile);
	};
	let instance: N8nInstance | undefined;
	let server: N8nServer | undefined;
	const stop = async () => {
		await server?.stop();
		save();
		await sandbox.close();
		if (!keepIn) await instance?.dispose();
	};
	try {
		const userFolder = keepIn && path.join(keepIn, 'n8n');
		const n8nKept = Boolean(userFolder && fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite')));
		if (userFolder) fs.mkdirSync(userFolder, { recursive: true });
		if (n8nKept) log(`n8n goes on with its data in ${userFolder}.`);
		instance = await createN8n({ userFolder, fromTemplate: !n8nKept });
		log('Starting n8n...');
		const port = options.n8nPort ?? 5678;
		// n8n in the demo business's time zone (Australia/Sydney): "every morning at 7", $today and
		// $now are the business's, as they would be on an n8n set up for it (GENERIC_TIMEZONE).
		const businessZone = sandbox.store.t.businesses.get(sandbox.store.mainBusinessId)?.timezone ?? 'UTC';
		server = await startServer(instance, { port, owner: DEMO_OWNER, env: { N8N_HOST: 'localhost', GENERIC_TIMEZONE: businessZone } });
		const name = 'Rostering (sandbox)';
		// The credentials a kept n8n has (read once: the Rostering one and the open-shift links' secret).
		const keptCredentials = n8nKept ? await server.rest<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials') : [];
		const keptCredential = keptCredentials.find((c) => c.name === name);
		let credential = keptCredential && { id: keptCredential.id, name };
		// A kept credential's tokens are the kept sandbox's: connected again only when the sandbox
		// starts as seeded (it knows none of them).
		if (!credential || !sandboxKept) {
			log('Connecting the Rostering credential through the OAuth flow...');
			// As the person's browser would: at the editor's address (localhost), where n8n's OAuth callback
			// comes back to with its cookie.
			const connected = await connectThroughOAuth({ baseUrl: `http://localhost:${server.port}` }, {
				name,
				credentialId: credential?.id,
				service: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
				login: DEMO_OWNER,
			});
			credential = { id: connected.credentialId, name };
		}

		// The secret the open-shift example signs its accept links with: n8n's Crypto credential, a random Hmac Secret made once.
		const keptSecret = keptCredentials.find((c) => c.type === 'crypto' && c.name === LINK_SECRET);
		const linkSecret = keptSecret
			? { id: keptSecret.id, name: LINK_SECRET }
			: { id: (await server.rest<{ id: string }>('POST', '/rest/credentials', { name: LINK_SECRET, type: 'crypto', data: { hmacSecret: randomBytes(32).toString('hex') } })).id, name: LINK_SECRET };

		const project = await server.rest<{ id: string }>('GET', '/rest/projects/personal');
		const tables = n8nKept ? (await server.rest<{ data: Array<{ name: string }> }>('GET', `/rest/projects/${project.id}/data-tables`)).data.map((t) => t.name) : [];
		for (const table of DEMO_TABLES.filter((t) => !tables.includes(t.name))) {
			const created = await server.rest<{ id: string }>('POST', `/rest/projects/${project.id}/data-tables`, { name: table.name, columns: table.columns.map((name) => ({ name, type: 'string' })) });
			if (table === TILL_SALES_TABLE) await server.rest('POST', `/rest/projects/${project.id}/data-tables/${created.id}/insert`, { data: await tillSales(sandbox) });
		}

		const location = sandbox.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
		const position = sandbox.store.positions.find((p) => p.location_id === location.id && p.active && !p.archived)!;
		const examples = exampleWorkflows({
			credential,
			linkSecret,
			locationId: String(location.id),
			positionId: String(position.id),
			nextMonday: nextMondayAt(String(location.timezone), sandbox.clock.now()),
			pollTimes: options.pollTimes,
		});
		// Each example once: kept ones stay as the person left them (changed, published or not).
		const listed = n8nKept ? await server.rest<Array<{ id: string; name: string }> | { data: Array<{ id: string; name: string }> }>('GET', '/rest/workflows') : [];
		const keptWorkflows = new Map((Array.isArray(listed) ? listed : listed.data).map((w) => [w.name, w.id]));
		const workflows: Record<string, string> = {};
		const imported: string[] = [];
		for (const example of examples) {
			const keptId = keptWorkflows.get(example.name);
			if (keptId) {
				workflows[example.name] = keptId;
				continue;
			}
			const { active, runFrom: _runFrom, ...body } = example;
			const created = await server.rest<{ id: string }>('POST', '/rest/workflows', body);
			workflows[example.name] = created.id;
			imported.push(example.name);
			if (active) await server.activate(created.id);
		}
		log(imported.length === examples.length ? `Imported ${examples.length} example workflows.` : `Kept ${examples.length - imported.length} example workflows; imported ${imported.length}.`);
		return { sandbox, instance, server, editorUrl: `http://localhost:${server.port}`, credential, workflows, keptIn: keepIn || undefined, save, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

async function main(): Promise<void> {
	const say = (line: string) => process.stdout.write(`${line}\n`);
	// `npm run demo` keeps its work in .demo/ of the clone (git ignores it); `-- --fresh` starts afresh.
	const keepIn = path.join(__dirname, '..', '.demo');
	if (process.argv.includes('--fresh') && fs.existsSync(keepIn)) {
		say(`Starting afresh: the kept data in ${keepIn} is removed.`);
		fs.rmSync(keepIn, { recursive: true, force: true });
	}
	const demo = await startDemo({
		n8nPort: process.env.DEMO_N8N_PORT ? Number(process.env.DEMO_N8N_PORT) : undefined,
		sandboxPort: process.env.DEMO_SANDBOX_PORT ? Number(process.env.DEMO_SANDBOX_PORT) : undefined,
		log: say,
		keepIn,
	});
	// The sandbox's state is also written every minute: a demo ended without Ctrl-C loses at most a minute of it.
	setInterval(() => demo.save(), 60_000).unref();
	say('');
	// The workflows overview: n8n 2.40.7 sends an owner who opens its bare address to its AI
	// Assistant page (the editor's "/" route, while the instance-ai module is on), not to the examples.
	say(`n8n is ready: ${demo.editorUrl}/home/workflows`);
	say(`  Sign in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
	say(`  Credential "${demo.credential.name}" is connected to the sandbox at ${demo.sandbox.url}`);
	say(`  The manager's page (publish shifts, clock people in and out, approve; it says which trigger event each makes): ${demo.sandbox.url}/`);
	say(`  Example workflows: ${Object.keys(demo.workflows).join('; ')}`);
	say('Press Ctrl-C to stop n8n and the sandbox.');
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		say('Stopping...');
		void demo.stop().then(() => {
			say(`Kept for next time in ${keepIn}: n8n's workflows, credential, data tables and executions, and the sandbox's records and clock. \`npm run demo -- --fresh\` starts afresh.`);
			process.exit(0);
		});
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`The demo could not start: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
