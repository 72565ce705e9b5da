/**
 * Writes under every n8n setting a user can switch on (issue 11). Create and Create Many run as the
 * node's customOperations (nodes/shared/writes/writes.ts), so what they send must not depend on how n8n
 * schedules items: its Batching request option, Retry On Fail, Continue On Fail, or an expression
 * that fails for one item. Each test asserts on what the sandbox received and stored, and on the
 * items and errors a user sees.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { shiftsPerRow } from '../../sandbox/bulk';
import { RosteringShift } from '../../nodes/RosteringShift/RosteringShift.node';
import { ON_N8N_1, registerNodeType } from '../harness';
import { onPause, recordedWaits } from '../harness/waits';
import { byId, seedLookups, useFixture } from './fixture';

// The node's own retries of a 500 wait 0.5 + 1 + 2 + 4 s before n8n's Retry On Fail takes over.
jest.setTimeout(60_000);

const f = useFixture();

const { locationIn, positionAt } = seedLookups(() => f);
const DAY = 86_400_000;
const isPost = (r: RecordedRequest) => r.method === 'POST' && r.path === '/v1/shifts';
const posts = () => f.apiRequests().filter(isPost);

/** `count` one-hour open shifts a day apart from 2028, each row tagged in its notes. */
function rows(tag: string, count: number): IDataObject[] {
	const location = locationIn('Australia/Sydney');
	const position = positionAt(location.id);
	return Array.from({ length: count }, (_, i) => {
		const day = new Date(Date.UTC(2028, 0, 3) + i * DAY).toISOString().slice(0, 10);
		return { i, location: location.id, position: position.id, start: `${day}T10:00:00+11:00`, end: `${day}T11:00:00+11:00`, row: `${tag}-${i}` };
	});
}

/** Create or Create Many with every field mapped from the row; `start` may be another expression. */
function mapped(operation: 'create' | 'createMany', extra: IDataObject = {}, start = '={{ $json.start }}'): IDataObject {
	return {
		operation,
		locationId: byId('={{ $json.location }}'),
		positionId: byId('={{ $json.position }}'),
		startTime: start,
		endTime: '={{ $json.end }}',
		additionalFields: { notes: '={{ $json.row }}' },
		...extra,
	};
}

/** n8n's Request Options › Batching: 2 items every 50 ms. */
const batching = { requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 50 } } } };

/** Shifts in the store whose notes carry this tag, by row. */
const stored = (tag: string) => shiftsPerRow(f.sandbox, tag);

describe('nothing is sent when one item is bad, whatever n8n schedules', () => {
	it.each(['createMany', 'create'] as const)('%s with Batching (2 items every 50 ms) and one invalid item of 6: nothing sent, the error names the item', async (operation) => {
		const input = rows(`batching-${operation}`, 6);
		input[4].end = input[4].start;
		const result = await f.run('rosteringShift', mapped(operation, batching), input);
		expect(result.error?.message).toMatch(/^Item 4: End Time \(.*\) is not after Start Time/);
		expect((result.error as { description?: string }).description).toMatch(/Nothing was sent: every item is checked before the first request, so fix item 4/);
		expect(posts()).toHaveLength(0);
		expect(stored(`batching-${operation}`).size).toBe(0);
	});

	it.each(['createMany', 'create'] as const)("%s where item 3's expression fails (a node that does not exist): nothing sent, the error names the item and the field", async (operation) => {
		const input = rows(`expression-${operation}`, 6);
		const start = '={{ $json.i === 3 ? $("Missing Node").item.json.start : $json.start }}';
		const result = await f.run('rosteringShift', mapped(operation, {}, start), input);
		expect(result.error?.message).toBe('Item 3: Start Time: the value could not be worked out');
		expect((result.error as { description?: string }).description).toMatch(/Missing Node|doesn't exist|does not exist/i);
		expect((result.error as { description?: string }).description).toMatch(/Check the expression in Start Time for this item/);
		expect(posts()).toHaveLength(0);
		expect(stored(`expression-${operation}`).size).toBe(0);
	});
});

describe('Create Many under n8n options', () => {
	// Issue 29: on n8n 1.x two batches that met the expired token at once made n8n refresh twice with
	// the same refresh token; the service had rotated it, refused the second, and 50 rows were not
	// created and were called "outcome unknown" although a 401 stores nothing.
	it('the access token expiring while batches are in flight: renewed, every row created once, no error', async () => {
		const input = rows('expiry', 250);
		// Each batch is held 100 ms at the service; the token expires while the first is held, so the
		// second and third, sent together after it, both find it expired.
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 100, times: 10 });
		const running = f.run('rosteringShift', mapped('createMany'), input);
		const deadline = Date.now() + 20_000;
		while (!f.sandbox.requests.some(isPost) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
		f.sandbox.expireAccessTokens();
		const result = await running;
		expect(result.error?.message).toBeUndefined();
		expect(result.json('Node')).toHaveLength(250);
		expect([...stored('expiry').values()]).toEqual(Array(250).fill(1));
		expect(stored('expiry').size).toBe(250);
	});

	it('250 valid items with Batching on: 3 requests, each shift created once, outputs in input order', async () => {
		const input = rows('batch250', 250);
		const result = await f.run('rosteringShift', mapped('createMany', batching), input);
		expect(result.error).toBeUndefined();
		// The first batch alone, then the other two side by side (either may reach the service first).
		const sizes = posts().map((r) => (r.body as { data: unknown[] }).data.length);
		expect(sizes[0]).toBe(100);
		expect([...sizes].sort((a, b) => b - a)).toEqual([100, 100, 50]);
		const output = result.output('Node');
		expect(output.map((item) => item.json.notes)).toEqual(input.map((row) => row.row));
		expect(output.map((item) => item.pairedItem)).toEqual(input.map((_, i) => ({ item: i })));
		const counts = stored('batch250');
		expect(counts.size).toBe(250);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});

	it('Retry On Fail after a 500 on the second batch (beyond the node\'s own retries): no duplicate', async () => {
		const input = rows('retry', 250);
		// The second batch (the one carrying row 100) fails with 500 five times: its first try and
		// the node's four retries. The third, sent beside it, is created; n8n then runs the node again.
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', status: 500, times: 5, whenBody: '"retry-100"' });
		const result = await f.run('rosteringShift', mapped('createMany'), input, { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 });
		expect(result.error).toBeUndefined();
		const statuses = posts().map((r) => r.status);
		expect(statuses.filter((s) => s === 500)).toHaveLength(5);
		expect(statuses.filter((s) => s === 201)).toHaveLength(5);
		// The retried run sent every batch again under its first key: the service replayed the two it had.
		const keys = posts().map((r) => r.headers['idempotency-key']);
		expect(new Set(keys).size).toBe(3);
		expect(keys.slice(-3).sort()).toEqual([...new Set(keys)].sort());
		const counts = stored('retry');
		expect(counts.size).toBe(250);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(result.output('Node').map((item) => item.json.notes)).toEqual(input.map((row) => row.row));
	});

	it(
		ON_N8N_1
			? "n8n's Retry of a failed execution: on n8n 1.x the retry's keys are its own, so what the failed run created is created again (A10's limit)"
			: "n8n's Retry of a failed execution: the batches it sent are sent again under the same keys and replayed, each shift created once (A10)",
		async () => {
			const input = rows('retried', 250);
			// A retry runs the same workflow: the same node, with the same id.
			const sameNode = { id: 'create-shifts-node' };
			// The failed execution: the first and third batches created, the second (carrying row 100)
			// refused with 500 beyond the node's own retries.
			f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', status: 500, times: 5, whenBody: '"retried-100"' });
			const failed = await f.run('rosteringShift', mapped('createMany'), input, sameNode, { executionId: 'run-that-failed', mode: 'webhook' });
			expect(failed.error?.message).toMatch(/^Outcome unknown: .* items 100–199/);
			expect((failed.error as { description?: string }).description).toMatch(/Created before this: items 0–99, 200–249/);
			expect(stored('retried').size).toBe(150);
			const failedKeys = [...new Set(posts().map((r) => r.headers['idempotency-key']))].sort();

			f.sandbox.clearRequests();
			const retry = await f.run('rosteringShift', mapped('createMany'), input, sameNode, { executionId: 'the-retry', mode: 'retry', retryOf: 'run-that-failed' });
			expect(retry.error).toBeUndefined();
			const keys = posts().map((r) => r.headers['idempotency-key']);
			expect(keys).toHaveLength(3);
			const counts = [...stored('retried').values()];
			expect(counts).toHaveLength(250);
			if (ON_N8N_1) {
				expect(keys.filter((key) => failedKeys.includes(key))).toEqual([]);
				expect(counts.filter((n) => n === 2)).toHaveLength(150);
			} else {
				expect([...keys].sort()).toEqual(failedKeys);
				expect(counts.every((n) => n === 1)).toBe(true);
				expect(retry.output('Node').map((item) => item.json.notes)).toEqual(input.map((row) => row.row));
			}
		},
	);

	it('Continue On Fail with one bad item: the good ones created once, each output paired to its input', async () => {
		const input = rows('carry-on', 7);
		input[2].start = 'soon';
		const result = await f.run('rosteringShift', mapped('createMany', batching), input, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		const output = result.output('Node');
		expect(output).toHaveLength(7);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (i === 2) {
				expect(item.json.error).toBe('Item 2: Start Time: "soon" is not a date and time');
				expect(item.error?.message).toBe(item.json.error);
			} else {
				expect(item.json.notes).toBe(input[i].row);
				expect(item.error).toBeUndefined();
			}
		});
		expect(posts()).toHaveLength(1);
		const counts = stored('carry-on');
		expect([...counts.keys()].sort()).toEqual(input.filter((_, i) => i !== 2).map((row) => String(row.row)).sort());
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});

	it('Request Options › Timeout applies to every batch request (a slow batch is replayed, not repeated)', async () => {
		const input = rows('timeout', 120);
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 900, times: 1 });
		const result = await f.run('rosteringShift', mapped('createMany', { requestOptions: { timeout: 300 } }), input);
		expect(result.error).toBeUndefined();
		const counts = stored('timeout');
		expect(counts.size).toBe(120);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});
});

describe('derived keys never collide between n8n instances or workflows (issue 21, defect 1)', () => {
	// Execution ids start at 1 again in a fresh n8n and node ids travel with an exported workflow:
	// the same workflow's first execution in a second n8n has the same execution id and node id.
	const sameNode = { id: 'imported-node' };
	const first = { executionId: '1', mode: 'manual' as const, workflowId: 'imported-workflow' };

	it.each(['createMany', 'create'] as const)('%s: the same workflow, execution id and node in a second n8n on the same connection creates its own shifts', async (operation) => {
		const input = rows(`two-instances-${operation}`, 3);
		const a = await f.run('rosteringShift', mapped(operation), input, sameNode, { ...first, instanceId: 'n8n-test' });
		const b = await f.run('rosteringShift', mapped(operation), input, sameNode, { ...first, instanceId: 'n8n-production' });
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		const sent = posts();
		const half = sent.length / 2;
		expect(sent.map((r) => r.status)).toEqual(Array(sent.length).fill(201));
		const keysOf = (requests: RecordedRequest[]) => requests.map((r) => r.headers['idempotency-key']);
		expect(keysOf(sent.slice(half)).filter((key) => keysOf(sent.slice(0, half)).includes(key))).toEqual([]);
		// Each n8n created each row: two shifts per row, and each output is a record of its own.
		expect([...stored(`two-instances-${operation}`).values()]).toEqual([2, 2, 2]);
		const ids = [...a.json('Node'), ...b.json('Node')].map((shift) => shift.id);
		expect(new Set(ids).size).toBe(6);
	});

	it('two workflows in one n8n with the same execution id and node id each create theirs', async () => {
		const input = rows('two-workflows', 3);
		await f.run('rosteringShift', mapped('createMany'), input, sameNode, first);
		await f.run('rosteringShift', mapped('createMany'), input, sameNode, { ...first, workflowId: 'a-copy-of-it' });
		expect(posts().map((r) => r.status)).toEqual([201, 201]);
		expect(posts()[1].headers['idempotency-key']).not.toBe(posts()[0].headers['idempotency-key']);
		expect([...stored('two-workflows').values()]).toEqual([2, 2, 2]);
	});

	it("the same instance, workflow and execution (n8n's Retry On Fail) still replays: each shift once", async () => {
		const input = rows('same-scope', 3);
		await f.run('rosteringShift', mapped('createMany'), input, sameNode, { ...first, instanceId: 'n8n-test' });
		await f.run('rosteringShift', mapped('createMany'), input, sameNode, { ...first, instanceId: 'n8n-test' });
		expect(posts()[1].headers['idempotency-key']).toBe(posts()[0].headers['idempotency-key']);
		expect([...stored('same-scope').values()]).toEqual([1, 1, 1]);
	});
});

describe('Create (one request per item) under n8n options', () => {
	it('Retry On Fail after a 500 on the fourth item: each row created once, outputs in input order', async () => {
		const input = rows('create-retry', 6);
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', latencyMs: 0, times: 3 });
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', status: 500, times: 5 });
		const result = await f.run('rosteringShift', mapped('create'), input, { retryOnFail: true, maxTries: 2, waitBetweenTries: 10 });
		expect(result.error).toBeUndefined();
		const counts = stored('create-retry');
		expect(counts.size).toBe(6);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(result.output('Node').map((item) => item.json.notes)).toEqual(input.map((row) => row.row));
	});

	it('with Batching (2 requests every 400 ms): a 400 ms pause after every second request, none sent before its pause', async () => {
		const input = rows('create-spaced', 6);
		const spaced = { requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 400 } } } };
		// What had reached the service as each pause began: never more than the requests before it.
		const reachedAtPause: number[] = [];
		onPause(() => reachedAtPause.push(posts().length));
		const result = await f.run('rosteringShift', mapped('create', spaced), input);
		expect(result.error).toBeUndefined();
		expect(recordedWaits('batching')).toEqual([
			{ ms: 400, reason: 'batching' },
			{ ms: 400, reason: 'batching' },
		]);
		expect(reachedAtPause[0]).toBeLessThanOrEqual(2);
		expect(reachedAtPause[1]).toBeLessThanOrEqual(4);
		expect(posts()).toHaveLength(6);
		expect([...stored('create-spaced').values()]).toEqual([1, 1, 1, 1, 1, 1]);
	});
});

describe("n8n's AI-tool path: RoutingNode without customOperations, one item per call (n8n-internals A7)", () => {
	// n8n runs a node used as an AI agent's tool through RoutingNode and never consults its
	// customOperations: the same node without them, under a tool variant's name, takes that path here.
	// (A versioned node: each version without them.)
	const withoutCustomOperations = new RosteringShift();
	for (const version of Object.values(withoutCustomOperations.nodeVersions)) delete version.customOperations;
	const asTool = registerNodeType(withoutCustomOperations, 'test.rosteringShiftTool');

	it.each(['create', 'createMany'] as const)('%s: the routing made by aiToolRouting creates the shift, once, with an Idempotency-Key', async (operation) => {
		const input = rows(`as-tool-${operation}`, 1);
		const result = await f.run('rosteringShift', mapped(operation), input, { type: asTool });
		expect(result.error).toBeUndefined();
		expect(posts()).toHaveLength(1);
		expect(posts()[0].headers['idempotency-key']).toBeTruthy();
		expect(stored(`as-tool-${operation}`).get(`as-tool-${operation}-0`)).toBe(1);
	});

	it('Create or Update says it is not offered to agents, and nothing is sent', async () => {
		const upsert = { operation: 'upsert', columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: ['location_id', 'start_time'] } };
		const result = await f.run('rosteringShift', upsert, rows('as-tool-upsert', 1), { type: asTool, typeVersion: 2 });
		expect(result.error?.message).toBe('Create or Update is not offered to AI agents');
		expect((result.error as { description?: string }).description).toMatch(/^Nothing was sent\. Give the agent Get Many and Update/);
		expect(posts()).toHaveLength(0);
	});
});
