/**
 * The trigger's exactly-once promise with n8n's durable poll cursors switched on (n8n >= 2.36): the
 * poll position then lives in n8n's `poller_state` table, written in the same transaction as the
 * execution a poll starts (n8n's PollCursorService.commitWithExecution), instead of the workflow's
 * static data (n8n-internals A6 describes the default). The settings, as read in n8n 2.40.7's
 * @n8n/config (scheduler.config.js) and poll-cursor.service.js: all three of
 * N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED and N8N_POLLER_DURABLE_CURSORS_ENABLED,
 * plus N8N_USE_WORKFLOW_PUBLICATION_SERVICE (default true); with one missing n8n logs "durable
 * poll cursors stay disabled", which this test refuses.
 *
 * Seen here (n8n-internals A6b): n8n still runs a poll as it publishes the workflow, but in this
 * mode it discards that poll's position (n8n-core poll-trigger-executor: a test poll's staged cursor
 * is not committed), so with Start "From Activation" the position is taken at the first scheduled
 * poll, up to a minute later; changes made in between are not delivered. The test makes its
 * changes after that poll and checks that it starts afresh.
 *
 * n8n 1.x has no durable poll cursors: the file skips itself there, saying so.
 */
import { startSandbox } from '../../sandbox';
import {
	assertBuilt,
	createN8n,
	ensureRuntime,
	n8nVersion,
	onN8n1,
	readPollerCursors,
	rosteringCredential,
	startServer,
	type N8nInstance,
	type N8nServer,
	printServerLogOnFailure,
} from './n8n';
import { eachChangeOnceAcrossRestart, shiftTriggerWorkflow } from './trigger-scenario';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(10 * 60_000);

const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

const describeDurable = onN8n1() ? describe.skip : describe;

describeDurable(`real n8n ${n8nVersion()} with durable poll cursors: the Rostering Shift Trigger`, () => {
	let sb: Sandbox;
	let n8n: N8nInstance | undefined;
	let server: N8nServer | undefined;
	let workflowId: string;

	const t0 = Date.now();
	const log = (msg: string) => process.stderr.write(`[durable cursors e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);

	beforeAll(async () => {
		assertBuilt();
		await ensureRuntime();
		sb = await startSandbox();
		n8n = await createN8n({ env: DURABLE_CURSORS });
		await n8n.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken() }),
		]);
		workflowId = await n8n.importWorkflow(shiftTriggerWorkflow('e2e: Rostering Shift Trigger, durable poll cursors'));
		server = await startServer(n8n);
		log(`n8n started at ${server.baseUrl}`);
	}, 20 * 60_000);

	afterAll(async () => {
		if (server?.running) await server.stop();
		await n8n?.dispose();
		await sb?.close();
	});

	afterEach(() => printServerLogOnFailure(server));

	test('published: each change comes out once, also across a restart of n8n, and the position is in poller_state', async () => {
		const s = server!;
		expect(s.logs()).not.toMatch(/durable poll cursors stay disabled/);
		try {
			await eachChangeOnceAcrossRestart(sb, s, workflowId, log, 'firstScheduledPoll');
		} catch (error) {
			const polls = sb.requests.filter((r) => r.path === '/v1/shifts').map((r) => `${r.at} ${r.status} ${JSON.stringify(r.query)}`);
			process.stderr.write(`--- shift lists the sandbox answered ---\n${polls.join('\n')}\n--- n8n log ---\n${s.logs().split('\n').slice(-80).join('\n')}\n`);
			throw error;
		}
		expect(s.logs()).not.toMatch(/durable poll cursors stay disabled/);
		// The trigger's position is n8n's durable cursor row, not (only) the workflow's static data.
		const cursors = await readPollerCursors(n8n!, workflowId);
		const rows = Object.values(cursors);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toContain('"cursor"');
		log('done');
	});
});
