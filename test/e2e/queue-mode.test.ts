/**
 * The package on n8n's distributed engine (issue 13): n8n 2.40.7 in queue mode with a real Redis
 * and PostgreSQL (test/e2e/queue.ts), main plus two workers, each with the package installed in
 * its own user folder, against the sandbox in this process. Workflows start from a production
 * webhook, so main queues them and a worker runs them, as a user's production executions run.
 *
 * - Nodes run on the workers: Get Many Return All over 1,000 shifts, each once; Create Many of 250
 *   in 3 requests, each created once.
 * - Load across workers: six executions at once (each worker takes up to 5) against a sandbox that
 *   allows 5 requests a second: every 429 waited out, no item failed, lost or created twice.
 * - The bound of 10 requests in flight per credential holds per process: 2 workers, at most 20.
 * - The credential shared by the workers: its token expiring under load on both is renewed once.
 * - n8n's Retry of a failed Create Many (on a worker): what was created is replayed (A10).
 * - A worker killed mid-execution (a Create Many with Idempotency Key, and a listing): what n8n
 *   does with the executions (fails them, runs them nowhere else, its Retry has nothing to run),
 *   and that running the workflow again creates each shift once and lists each once.
 * - The trigger on main: each change once, across a restart of main too.
 *
 * About 5 minutes: starting PostgreSQL, Redis and three n8n processes, n8n's verdict on the killed
 * executions, and the trigger's polls (one a minute).
 */
import { randomUUID } from 'crypto';

import { MAX_CONCURRENT_REQUESTS } from '../../nodes/shared/requests/limiter';
import { startSandbox, type RecordedRequest } from '../../sandbox';
import { addBenchLocation, addShifts, shiftsPerRow, type BenchPlace } from '../../sandbox/bulk';
import { assertBuilt, E2E_CREDENTIAL, ensureRuntime, executionItems, rosteringCredential, waitFor, type N8nTaskData, type WorkflowJson } from './n8n';
import { startQueueCluster, webhookWorkflow, type QueueCluster } from './queue';
import { eachChangeOnceAcrossRestart, shiftTriggerWorkflow } from './trigger-scenario';
import { yearsOn } from './seed-picks';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

jest.setTimeout(6 * 60_000);

const DAY = 86_400_000;
/** How long a held answer waits (the worker-kill test): long past the test's look at its executions. */
const HELD_MS = 30_000;
const credentials = { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } };
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

let sb: Sandbox;
let cluster: QueueCluster | undefined;
let listed: BenchPlace;
let listedIds: string[];
let createdAt: BenchPlace;

beforeAll(async () => {
	assertBuilt();
	await ensureRuntime({ template: false });
	sb = await startSandbox();
	listed = addBenchLocation(sb, 'Queue listed');
	listedIds = addShifts(sb, listed, 1000, { tag: 'queue' });
	createdAt = addBenchLocation(sb, 'Queue created');
	cluster = await startQueueCluster({
		workers: 2,
		concurrency: 5,
		credentials: [rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken() })],
		// A dead worker's job is seen sooner than with n8n's defaults (60 s lock, 30 s stalled check):
		// the kill tests wait for n8n's own verdict. Renewing the lock every 2 s keeps the lock of a job
		// that is still running. n8n's queue recovery keeps its default (every 180 minutes): run every
		// minute, it adds its own verdict ("crashed") to the stalled check's.
		env: {
			QUEUE_WORKER_LOCK_DURATION: '10000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
		},
	});
}, 25 * 60_000);

afterAll(async () => {
	await cluster?.close();
	await sb?.close();
});

beforeEach(() => {
	sb.clearFaults();
	sb.clearRequests();
	sb.setRateLimit(null);
});

/** The cluster's last log lines, for a failure message. */
const why = () => cluster?.describe() ?? '';

/**
 * The rows a call's body carries, one item each. n8n's Split Out, not a Code node: a Code node runs
 * in n8n's task runner, a process of its own that a loaded machine can keep from answering in time
 * (2 s to accept a task), which is n8n's matter, not what these tests are about.
 */
const ROWS = { name: 'Rows', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'body.rows' } };

const CREATE_MANY = {
	name: 'Create Shifts',
	type: 'n8n-nodes-rostering.rosteringShift',
	parameters: {
		resource: 'shift',
		operation: 'createMany',
		locationId: locator('={{ $json.location }}'),
		positionId: locator('={{ $json.position }}'),
		startTime: '={{ $json.start }}',
		endTime: '={{ $json.end }}',
		additionalFields: { notes: '={{ $json.row }}' },
	},
	credentials,
};

const LIST_ALL = {
	name: 'List Shifts',
	type: 'n8n-nodes-rostering.rosteringShift',
	executeOnce: true,
	parameters: { resource: 'shift', operation: 'getAll', returnAll: true, filters: { locationId: locator('={{ $("Webhook").first().json.body.listFrom }}') } },
	credentials,
};

const deploy = (workflow: WorkflowJson) => cluster!.deploy(workflow);
const endedExecutions = (workflowId: string, count: number, timeoutMs?: number) => cluster!.endedExecutions(workflowId, count, timeoutMs);

/** `count` one-hour open shifts a day apart at the "Queue created" place, tagged `<tag>-<i>` in their notes. */
function rows(tag: string, count: number, fromYear: number): Rec[] {
	return Array.from({ length: count }, (_, i) => {
		const day = new Date(Date.UTC(fromYear, 0, 3) + i * DAY).toISOString().slice(0, 10);
		return { location: createdAt.locationId, position: createdAt.positionId, start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z`, row: `${tag}-${i}` };
	});
}

/** How many shifts the sandbox holds for each row of a tag. */
const storedRows = (tag: string) => shiftsPerRow(sb, tag);

const shiftPosts = () => sb.requests.filter((r: RecordedRequest) => r.method === 'POST' && r.path === '/v1/shifts');

describe('n8n queue mode (main, 2 workers, Redis, PostgreSQL): the nodes run on the workers', () => {
	test('Get Many, Return All over 1,000 shifts: run by a worker, each shift once', async () => {
		const hookPath = `queue-list-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: list 1,000', hookPath, [LIST_ALL]));
		expect(await cluster!.callWebhook(hookPath, { listFrom: listed.locationId })).toBe(200);
		const [execution] = await endedExecutions(id, 1);
		expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		expect(cluster!.workerOf(execution.id)).toBeDefined();
		const ids = executionItems(execution, 'List Shifts').map((s) => String(s.id));
		expect(ids).toHaveLength(1000);
		expect(new Set(ids)).toEqual(new Set(listedIds));
	});

	test('Create Many of 250: run by a worker, 3 requests (100, 100, 50), each shift created once', async () => {
		const hookPath = `queue-create-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: create 250', hookPath, [ROWS, CREATE_MANY]));
		const input = rows('queue-250', 250, yearsOn(sb, 5));
		expect(await cluster!.callWebhook(hookPath, { rows: input })).toBe(200);
		const [execution] = await endedExecutions(id, 1);
		expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		expect(cluster!.workerOf(execution.id)).toBeDefined();
		// The first batch alone, then the other two side by side (either may reach the service first).
		const sizes = shiftPosts().map((r) => (r.body as { data: unknown[] }).data.length);
		expect(sizes[0]).toBe(100);
		expect([...sizes].sort((a, b) => b - a)).toEqual([100, 100, 50]);
		expect(executionItems(execution, 'Create Shifts').map((s) => s.notes)).toEqual(input.map((r) => r.row));
		const stored = storedRows('queue-250');
		expect(stored.size).toBe(250);
		expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);
	});
});

describe('n8n queue mode: load across workers', () => {
	test('six executions at once on two workers, 5 requests a second allowed: every 429 waited out, nothing failed, lost or duplicated', async () => {
		const hookPath = `queue-load-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: create and list under a rate limit', hookPath, [ROWS, CREATE_MANY, LIST_ALL]));
		sb.setRateLimit({ perSecond: 5 });
		const calls = Array.from({ length: 6 }, (_, k) => ({ rows: rows(`queue-load-${k}`, 150, yearsOn(sb, 14) + k), listFrom: listed.locationId }));
		const statuses = await Promise.all(calls.map((body) => cluster!.callWebhook(hookPath, body)));
		expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
		const executions = await endedExecutions(id, 6, 300_000);
		sb.setRateLimit(null);

		// A failure names its cause: each failed execution's error, and the cluster's last log lines.
		const failed = executions.filter((e) => e.status !== 'success');
		if (failed.length > 0) {
			const errors = failed.map((e) => `${e.id} on worker ${String(cluster!.workerOf(e.id))}: ${e.status}: ${e.data.resultData.error?.message ?? '(no error)'}`);
			throw new Error(`${failed.length} of 6 executions did not succeed:\n${errors.join('\n')}\n${why()}`);
		}
		// Both workers took a share (each runs at most 5 at once: six jobs cannot fit on one).
		const byWorker = executions.map((e) => cluster!.workerOf(e.id));
		expect(new Set(byWorker)).toEqual(new Set([0, 1]));
		for (const [k, call] of calls.entries()) {
			const stored = storedRows(`queue-load-${k}`);
			expect(stored.size).toBe(call.rows.length);
			expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);
		}
		for (const e of executions) {
			const ids = executionItems(e, 'List Shifts').map((s) => String(s.id));
			expect(ids).toHaveLength(1000);
			expect(new Set(ids).size).toBe(1000);
		}
		const refused = sb.requests.filter((r) => r.status === 429).length;
		expect(refused).toBeGreaterThan(0);
		// The most 429s one create met before it went through (a create is known by its Idempotency-Key).
		const refusalsPerKey = new Map<string, number>();
		for (const r of sb.requests.filter((q) => q.method === 'POST' && q.status === 429)) {
			const key = String(r.headers['idempotency-key']);
			refusalsPerKey.set(key, (refusalsPerKey.get(key) ?? 0) + 1);
		}
		process.stderr.write(
			`[queue-mode] 6 executions on workers ${byWorker.map((w) => w! + 1).join(',')}: ${sb.requests.length} requests, ${refused} answered 429 and waited out; ` +
				`one create met up to ${Math.max(0, ...refusalsPerKey.values())} in a row\n`,
		);
	});

	test(`the bound of ${MAX_CONCURRENT_REQUESTS} requests in flight per credential holds in each worker, not across them: two workers, at most ${2 * MAX_CONCURRENT_REQUESTS}`, async () => {
		const hookPath = `queue-bound-${randomUUID()}`;
		// Create (one request per item): RoutingNode starts every item's request at once; the
		// package's limiter lets MAX_CONCURRENT_REQUESTS through per credential in a process.
		const id = await deploy(webhookWorkflow('queue: create one by one', hookPath, [ROWS, { ...CREATE_MANY, parameters: { ...CREATE_MANY.parameters, operation: 'create' } }]));
		// Each answer takes 1.5 s, so each worker's creates stay in flight for several seconds (about
		// four rounds of ten): the two workers' overlap even when one takes its jobs seconds after the
		// other on a loaded machine. At 300 ms a clean-clone run saw at most 10 at once (2026-11-29):
		// the workers' requests had not met.
		sb.setLatency(1500);
		try {
			const calls = Array.from({ length: 6 }, (_, k) => ({ rows: rows(`queue-bound-${k}`, 12, yearsOn(sb, 24) + k) }));
			await Promise.all(calls.map((body) => cluster!.callWebhook(hookPath, body)));
			const executions = await endedExecutions(id, 6);
			expect(executions.map((e) => e.status)).toEqual(Array(6).fill('success'));
			expect(new Set(executions.map((e) => cluster!.workerOf(e.id)))).toEqual(new Set([0, 1]));
			calls.forEach((_, k) => expect([...storedRows(`queue-bound-${k}`).values()]).toEqual(Array(12).fill(1)));
		} finally {
			sb.setLatency(0);
		}
		// Each worker holds its own limiter: more than one process's bound, never more than it per worker.
		expect(sb.maxConcurrentRequests).toBeGreaterThan(MAX_CONCURRENT_REQUESTS);
		expect(sb.maxConcurrentRequests).toBeLessThanOrEqual(2 * MAX_CONCURRENT_REQUESTS);
	});
});

describe('n8n queue mode: the credential shared by the workers', () => {
	test('the access token expires while executions run on both workers: n8n renews it once (its refresh lock in Redis), every listing comes out whole', async () => {
		const hookPath = `queue-refresh-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: listings through a token refresh', hookPath, [LIST_ALL]));
		sb.setLatency(200);
		try {
			sb.expireAccessTokens();
			await Promise.all(Array.from({ length: 6 }, () => cluster!.callWebhook(hookPath, { listFrom: listed.locationId })));
			const executions = await endedExecutions(id, 6);
			expect(executions.map((e) => ({ status: e.status, error: e.data.resultData.error?.message }))).toEqual(Array(6).fill({ status: 'success', error: undefined }));
			expect(new Set(executions.map((e) => cluster!.workerOf(e.id)))).toEqual(new Set([0, 1]));
			for (const e of executions) expect(new Set(executionItems(e, 'List Shifts').map((s) => String(s.id)))).toEqual(new Set(listedIds));
		} finally {
			sb.setLatency(0);
		}
		// The service rotates refresh tokens (a used one is refused): one renewal, none refused.
		const renewals = sb.requests.filter((r) => r.path === '/oauth/token');
		expect(renewals.map((r) => r.status)).toEqual([200]);
	});
});

describe("n8n queue mode: n8n's Retry of a failed execution", () => {
	test('a Create Many that failed on its second batch, retried from the executions list: the retry (on a worker) replays the first and third batches and creates each shift once (A10)', async () => {
		const hookPath = `queue-retry-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: Create Many, retried', hookPath, [ROWS, CREATE_MANY]));
		const input = rows('queue-retry', 250, yearsOn(sb, 44));
		// The second batch (carrying row 100) and the node's own four retries of it get 500; the first
		// and the third are created.
		sb.injectFault({ method: 'POST', path: '/v1/shifts', status: 500, retryAfter: 0, times: 5, whenBody: '"queue-retry-100"' });
		expect(await cluster!.callWebhook(hookPath, { rows: input })).toBe(200);
		const [failed] = await endedExecutions(id, 1);
		expect(failed.status).toBe('error');
		expect(failed.data.resultData.error?.message).toMatch(/^Outcome unknown: .* items 100–199/);
		expect(storedRows('queue-retry').size).toBe(150);
		const failedKeys = [...new Set(shiftPosts().map((r) => r.headers['idempotency-key']))].sort();

		sb.clearRequests();
		await cluster!.main.rest('POST', `/rest/executions/${failed.id}/retry`, { loadWorkflow: false });
		const [retry] = (await endedExecutions(id, 2)).filter((e) => e.retryOf === failed.id);
		expect({ status: retry.status, error: retry.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		expect(cluster!.workerOf(retry.id)).toBeDefined();
		expect(shiftPosts().map((r) => r.headers['idempotency-key']).sort()).toEqual(failedKeys);
		const stored = [...storedRows('queue-retry').values()];
		expect(stored).toHaveLength(250);
		expect(stored.filter((n) => n !== 1)).toEqual([]);
		expect(executionItems(retry, 'Create Shifts').map((s) => s.notes)).toEqual(input.map((r) => r.row));
	});
});

/** n8n 2.40.7's error for a job whose worker died (its Bull queue allows no second try: maxStalledCount 0). */
const STALLED = /^This execution failed to be processed too many times and will no longer retry/;
/**
 * n8n's verdicts on a job whose worker died: the stalled-job error (status error), or, when main
 * finds the dead worker first, "Workflow did not finish" (status crashed). Both are seen on an idle
 * machine with the same settings; the user's recovery is the same.
 */
const DEAD_WORKER = { statuses: ['error', 'crashed'], message: new RegExp(`${STALLED.source}|^Workflow did not finish`) };

/** What n8n kept of a node's run in an execution whose worker died: never the node's real output. */
function whatWasKept(run: N8nTaskData): string {
	if (run.error?.name === 'NodeCrashedError' && run.data === undefined) return 'crash marker';
	const items = (run.data?.main ?? []).flatMap((output) => output ?? []);
	if (items.length > 0 && items.every((item) => item.json.isArtificialRecoveredEventItem === true)) return 'recovery placeholder';
	return JSON.stringify(run).slice(0, 300);
}

// Before the other kill test: the trigger test, last, counts every shift changed from its
// activation on, and the last of these tests creates shifts up to its final moment.
describe('n8n queue mode: a worker killed in the middle of a Create or Update', () => {
	/** Rostering Shift version 2, Create or Update, Map Automatically: no key, no expression. */
	const SYNC = {
		name: 'Sync Shifts',
		type: 'n8n-nodes-rostering.rosteringShift',
		typeVersion: 2,
		parameters: { resource: 'shift', operation: 'upsert', columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] } },
		credentials,
	};

	test('the user runs the workflow again with the same rows: each shift exists exactly once, what was saved comes out unchanged', async () => {
		const hookPath = `queue-kill-upsert-${randomUUID()}`;
		const id = await deploy(webhookWorkflow('queue: a long Create or Update', hookPath, [ROWS, SYNC]));
		// More batches than the package sends at once (the first alone, then MAX_CONCURRENT_REQUESTS):
		// some are still unsent when the worker dies.
		const n = 100 * (MAX_CONCURRENT_REQUESTS + 5);
		const input = rows('queue-upsert', n, yearsOn(sb, 54)).map((r) => ({ location_id: r.location, position_id: r.position, start_time: r.start, end_time: r.end, notes: r.row }));
		const call = { rows: input };
		// Years of its own (2080): rows at the same place and times as another test's would match those shifts.
		// The first batch (sent alone) answers at once, the others only after 15 s: the worker is killed
		// while the next ones are on their way, however slowly a busy machine lets this test look.
		sb.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 0, times: 1 });
		sb.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 15_000, times: 10_000 });
		expect(await cluster!.callWebhook(hookPath, call)).toBe(200);
		// This workflow's own first batch (its rows' notes), created.
		const ownBatch = (r: RecordedRequest) => r.status === 201 && String(((r.body as { data?: Rec[] }).data ?? [])[0]?.notes ?? '').startsWith('queue-upsert-');
		await waitFor('the first batch created', 90_000, () => (shiftPosts().some(ownBatch) ? true : undefined));
		const [running] = await cluster!.main.executions(id);
		expect(running.status).toBe('running');
		const owner = cluster!.workerOf(running.id)!;
		await cluster!.workers[owner].kill();
		sb.clearFaults();
		await cluster!.workers[owner].start();
		const failed = await waitFor(`the execution ended\n${why()}`, 150_000, async () => {
			const [e] = await cluster!.main.executions(id);
			return ['new', 'running', 'waiting'].includes(e.status) ? undefined : e;
		});
		expect(DEAD_WORKER.statuses).toContain(failed.status);
		expect((await cluster!.main.execution(failed.id)).data.resultData.error?.message).toMatch(DEAD_WORKER.message);
		// The batches on their way when the worker died are answered (and saved) before the run again.
		await waitFor('no request still on its way', 60_000, () => (shiftPosts().every((r) => r.status !== 0) ? true : undefined));
		const before = storedRows('queue-upsert');
		expect(before.size).toBeGreaterThanOrEqual(100);
		expect(before.size).toBeLessThan(n);
		expect([...before.values()].filter((n) => n !== 1)).toEqual([]);

		// Run again, as a person does after a failure: no key, no setting, the same rows.
		sb.clearRequests();
		expect(await cluster!.callWebhook(hookPath, call)).toBe(200);
		const rerun = (await endedExecutions(id, 2))[0];
		expect({ status: rerun.status, error: rerun.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		const after = storedRows('queue-upsert');
		expect(after.size).toBe(n);
		expect([...after.values()].filter((n) => n !== 1)).toEqual([]);
		const out = executionItems(rerun, 'Sync Shifts');
		expect(out.map((item) => item.notes)).toEqual(input.map((row) => row.notes));
		expect(out.filter((item) => item.action === 'unchanged')).toHaveLength(before.size);
		expect(out.filter((item) => item.action === 'created')).toHaveLength(n - before.size);
		// The rows' span read once (a day each: windows of at most 92 days), then only what was missing created.
		const sent = sb.requests.filter((r: RecordedRequest) => r.path === '/v1/shifts');
		expect(sent.filter((r) => r.method === 'POST')).toHaveLength(Math.ceil((n - before.size) / 100));
		expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(0);
		process.stderr.write(`[queue-mode] Create or Update, worker killed: ${before.size} of ${n} saved before; the run again created the other ${n - before.size}, each shift once\n`);
	});
});

describe('n8n queue mode: a worker killed mid-execution', () => {
	test('a Create Many (with Idempotency Key) and a listing, their worker killed: n8n fails them and runs them nowhere else; its Retry sends nothing; the workflow run again creates each shift once and lists each once', async () => {
		const createPath = `queue-kill-create-${randomUUID()}`;
		const listPath = `queue-kill-list-${randomUUID()}`;
		// Options › Idempotency Key from the data (the source row): what makes a run of the workflow
		// after a dead worker safe. Such items are sent one by one (writes.ts runCreates).
		const createWithKeys = { ...CREATE_MANY, parameters: { ...CREATE_MANY.parameters, options: { idempotencyKey: '={{ $json.row }}' } } };
		const createId = await deploy(webhookWorkflow('queue: a long Create Many', createPath, [ROWS, createWithKeys]));
		const listId = await deploy(webhookWorkflow('queue: a long listing', listPath, [LIST_ALL]));
		const input = rows('queue-kill', 300, yearsOn(sb, 34));
		const createCall = { rows: input };
		const listCall = { listFrom: listed.locationId };
		// Each execution is held where the test kills it, however fast or slow the machine: the first
		// 20 creates and the first 3 pages are answered at once, every later one only after 30 s. So
		// once 20 are created and 3 pages listed, both are waiting on the service (the listing's last
		// two pages alone take a minute), never already ended (seen on CI's idle machine when the
		// pages were merely slow: the listing had finished before the test looked).
		sb.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 0, times: 20 });
		sb.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: HELD_MS, times: 10_000 });
		sb.injectFault({ method: 'GET', path: '/v1/shifts', latencyMs: 0, times: 3 });
		sb.injectFault({ method: 'GET', path: '/v1/shifts', latencyMs: HELD_MS, times: 10_000 });
		const done = (method: string) => sb.requests.filter((r) => r.method === method && r.path === '/v1/shifts' && r.status > 0 && r.status < 300).length;
		expect(await cluster!.callWebhook(createPath, createCall)).toBe(200);
		await waitFor(`20 shifts created\n${why()}`, 90_000, () => (done('POST') >= 20 ? true : undefined));
		expect(await cluster!.callWebhook(listPath, listCall)).toBe(200);
		await waitFor(`3 pages listed\n${why()}`, 90_000, () => (done('GET') >= 3 ? true : undefined));
		const running = [...(await cluster!.main.executions(createId)), ...(await cluster!.main.executions(listId))];
		expect(running.map((e) => e.status)).toEqual(['running', 'running']);
		const owners = new Set(running.map((e) => cluster!.workerOf(e.id)));
		for (const w of owners) await cluster!.workers[w!].kill();
		const postsAtKill = shiftPosts().length;
		const keysBeforeKill = new Set(shiftPosts().map((r) => r.headers['idempotency-key']));
		sb.clearFaults();
		// Started again at once, as a supervisor (systemd, Kubernetes) restarts a dead worker. The
		// check for jobs whose worker died runs in the workers: with every worker down, n8n decides
		// nothing (seen: both executions stayed "running" for 150 s with both workers killed).
		for (const w of owners) await cluster!.workers[w!].start();

		// n8n's verdict: the job is not run again by any worker; main fails the execution.
		const failed = await waitFor(`both executions ended\n${why()}`, 150_000, async () => {
			const list = [...(await cluster!.main.executions(createId)), ...(await cluster!.main.executions(listId))];
			return list.every((e) => !['new', 'running', 'waiting'].includes(e.status)) ? list : undefined;
		});
		for (const summary of failed) {
			const e = await cluster!.main.execution(summary.id);
			expect(DEAD_WORKER.statuses).toContain(e.status);
			expect(e.data.resultData.error?.message).toMatch(DEAD_WORKER.message);
			// n8n keeps none of its run: no node's data. A crashed node only marks where it stopped; the
			// trigger may carry the placeholder item n8n's recovery puts there (seen in a clean-clone run).
			for (const runs of Object.values(e.data.resultData.runData)) {
				for (const run of runs) expect(whatWasKept(run)).toMatch(/^(crash marker|recovery placeholder)$/);
			}
		}
		const started = cluster!.workers.flatMap((w) => w.startedExecutions());
		for (const e of failed) expect(started.filter((id) => id === e.id)).toHaveLength(1);
		// The requests on their way at the kill are answered (and saved) by the service on its own time.
		await waitFor('no request still on its way', HELD_MS + 60_000, () => (sb.requests.every((r) => r.status !== 0) ? true : undefined));
		const createdBeforeRerun = storedRows('queue-kill');
		expect(createdBeforeRerun.size).toBeGreaterThanOrEqual(20);
		expect(createdBeforeRerun.size).toBeLessThan(300);
		expect([...createdBeforeRerun.values()].filter((n) => n !== 1)).toEqual([]);
		expect(shiftPosts()).toHaveLength(postsAtKill); // nothing sent after the kill

		// n8n's Retry (the executions list's "Retry with original workflow") of such an execution
		// has nothing to run: it ends at once with the same error and sends nothing.
		sb.clearRequests();
		const createFailed = failed.find((e) => e.workflowId === createId)!;
		await cluster!.main.rest('POST', `/rest/executions/${createFailed.id}/retry`, { loadWorkflow: false });
		const [retry] = (await endedExecutions(createId, 2)).filter((e) => e.retryOf === createFailed.id);
		if (createFailed.status === 'error') {
			expect({ status: retry.status, error: retry.data.resultData.error?.message }).toEqual({ status: 'error', error: expect.stringMatching(STALLED) });
			expect(sb.requests).toHaveLength(0);
		} else {
			// A crashed execution's Retry may run the node again, under the retried execution's keys
			// and the rows' own: whatever it sends, nothing is created twice.
			expect([...storedRows('queue-kill').values()].filter((n) => n !== 1)).toEqual([]);
		}

		// Run again: the same calls (what the sending app, or a person, does after a failure).
		// Counted from here: what the run again sends, not what a crashed execution's Retry sent.
		sb.clearRequests();
		expect(await cluster!.callWebhook(createPath, createCall)).toBe(200);
		expect(await cluster!.callWebhook(listPath, listCall)).toBe(200);
		const createRun = (await endedExecutions(createId, 3))[0];
		const listRun = (await endedExecutions(listId, 2))[0];
		for (const e of [createRun, listRun]) expect({ status: e.status, error: e.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		const stored = storedRows('queue-kill');
		expect(stored.size).toBe(300);
		expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);
		expect(executionItems(createRun, 'Create Shifts').map((s) => s.notes)).toEqual(input.map((r) => r.row));
		// Everything sent before the kill was sent again under the same keys: the service replayed it.
		const resent = shiftPosts().filter((r) => keysBeforeKill.has(r.headers['idempotency-key'])).length;
		expect(resent).toBe(keysBeforeKill.size);
		const ids = executionItems(listRun, 'List Shifts').map((s) => String(s.id));
		expect(ids).toHaveLength(1000);
		expect(new Set(ids)).toEqual(new Set(listedIds));
		process.stderr.write(
			`[queue-mode] worker killed: ${createdBeforeRerun.size} of 300 shifts created before; n8n failed both executions ("${String(createFailed.status)}"); the run again re-sent ${resent} keys (replayed) and created the other ${300 - createdBeforeRerun.size}\n`,
		);
	});
});

describe('n8n queue mode: the trigger polls on main, its executions run on the workers', () => {
	test('every change delivered once, also across a restart of main with changes made while it was down', async () => {
		const id = (await cluster!.main.rest<{ id: string }>('POST', '/rest/workflows', shiftTriggerWorkflow('queue: shift trigger'))).id;
		await eachChangeOnceAcrossRestart(sb, cluster!.main, id, (msg) => process.stderr.write(`[queue-mode trigger] ${msg}\n`));
		// Main polled and saved the position (in PostgreSQL); the workers ran what the polls emitted.
		const executions = await cluster!.main.executions(id);
		expect(executions.length).toBeGreaterThan(0);
		for (const e of executions) expect(cluster!.workerOf(e.id)).toBeDefined();
	});
});
