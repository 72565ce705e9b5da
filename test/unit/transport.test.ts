import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fieldLabel, parseRetryAfter, readFailure, toNodeError } from '../../nodes/shared/requests/errors';
import { Limiter } from '../../nodes/shared/requests/limiter';
import { idempotencyKey, pageSizeFor, splitRange } from '../../nodes/shared/requests/transport';
import { itemRanges } from '../../nodes/shared/writes/writes';

const node = { id: 'node-1', name: 'Rostering Shift', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

function context(executionId: string, itemIndex: number, runIndex = 0, instanceId = 'instance-a', workflowId = 'wf-1'): IExecuteSingleFunctions {
	return {
		getInstanceId: () => instanceId,
		getWorkflow: () => ({ id: workflowId, name: 'Sync', active: false }),
		getExecutionId: () => executionId,
		getNode: () => node,
		getItemIndex: () => itemIndex,
		getWorkflowDataProxy: () => ({ $runIndex: runIndex }),
	} as unknown as IExecuteSingleFunctions;
}

describe('splitRange', () => {
	it('covers a long range with consecutive windows of at most the limit, each day once', () => {
		const windows = splitRange('2026-01-01', '2026-12-31', 92);
		expect(windows[0]).toEqual({ from: '2026-01-01', to: '2026-04-02' });
		expect(windows).toHaveLength(4);
		for (let i = 1; i < windows.length; i++) {
			const previousEnd = Date.parse(windows[i - 1].to);
			expect(Date.parse(windows[i].from) - previousEnd).toBe(86_400_000);
		}
		expect(windows[windows.length - 1].to).toBe('2026-12-31');
	});
	it('keeps a short range whole', () => {
		expect(splitRange('2026-11-01', '2026-11-30', 92)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
	});
});

describe('pageSizeFor', () => {
	it('reads the fewest pages of one size, asking for as little over Limit as one size allows', () => {
		const cases: Array<[number | undefined, number]> = [[undefined, 200], [1, 1], [50, 50], [200, 200], [201, 101], [250, 125], [400, 200], [401, 134], [1000, 200], [1001, 167]];
		for (const [limit, size] of cases) {
			expect(pageSizeFor(limit)).toBe(size);
			if (limit === undefined) continue;
			const pages = Math.ceil(limit / size);
			expect(pages).toBe(Math.ceil(limit / 200));
			expect(pages * size - limit).toBeLessThan(pages);
		}
	});
});

describe('itemRanges', () => {
	it('names runs of items as ranges', () => {
		expect(itemRanges([5, 0, 1, 2, 130, 200, 201])).toBe('0–2, 5, 130, 200–201');
		expect(itemRanges([7])).toBe('7');
	});
});

describe('idempotencyKey', () => {
	const request = { method: 'POST', url: '/v1/shifts', body: { b: 2, a: 1 } };
	it('is the same for the same execution, node, item and request (n8n retrying an item)', () => {
		expect(idempotencyKey(context('e1', 0), request)).toBe(idempotencyKey(context('e1', 0), { ...request, body: { a: 1, b: 2 } }));
	});
	it('differs between items, executions and bodies', () => {
		const key = idempotencyKey(context('e1', 0), request);
		expect(idempotencyKey(context('e1', 1), request)).not.toBe(key);
		expect(idempotencyKey(context('e2', 0), request)).not.toBe(key);
		expect(idempotencyKey(context('e1', 0), { ...request, body: { a: 2 } })).not.toBe(key);
	});
	it('differs between n8n instances and between workflows with the same execution id (a second n8n numbers its executions from 1 again)', () => {
		const key = idempotencyKey(context('1', 0), request);
		expect(idempotencyKey(context('1', 0, 0, 'instance-b'), request)).not.toBe(key);
		expect(idempotencyKey(context('1', 0, 0, 'instance-a', 'wf-2'), request)).not.toBe(key);
		expect(idempotencyKey(context('1', 0, 0, 'instance-a', 'wf-1'), request)).toBe(key);
	});
	it('differs between the passes of a loop over the node (its run index)', () => {
		expect(idempotencyKey(context('e1', 0, 1), request)).not.toBe(idempotencyKey(context('e1', 0, 0), request));
	});
	it('follows the user key across executions, within the API limit of 255 characters', () => {
		const a = idempotencyKey(context('e1', 0), request, 'row-17');
		expect(idempotencyKey(context('e9', 3), request, 'row-17')).toBe(a);
		// The same source row is the same record whichever n8n or workflow sends it.
		expect(idempotencyKey(context('e1', 0, 0, 'instance-b', 'wf-2'), request, 'row-17')).toBe(a);
		expect(idempotencyKey(context('e1', 0), { ...request, url: '/v1/timesheets' }, 'row-17')).not.toBe(a);
		expect(a.length).toBeLessThanOrEqual(255);
	});
});

describe('readFailure and toNodeError', () => {
	function httpError(status: number, data: unknown, headers: Record<string, string> = {}) {
		const cause = Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, headers, data } });
		return new NodeApiError(node, cause as never);
	}
	it('reads code, request id, field and Retry-After from what n8n throws', () => {
		const failure = readFailure(
			httpError(422, { error: { code: 'validation_failed', message: 'must be after start_time', request_id: 'req_1', field: 'end_time' } }),
		);
		expect(failure).toMatchObject({ status: 422, code: 'validation_failed', requestId: 'req_1', field: 'end_time' });
		expect(readFailure(httpError(429, {}, { 'Retry-After': '7', 'X-Request-Id': 'req_2' }))).toMatchObject({
			status: 429,
			retryAfterSeconds: 7,
			requestId: 'req_2',
		});
	});
	it('reads network failures that never got an answer', () => {
		expect(readFailure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toEqual({ status: 0, networkCode: 'ECONNRESET' });
	});
	it('tells the user which permission to grant, and keeps the request id to quote', () => {
		const error = toNodeError(node, { status: 403, code: 'permission_denied', requestId: 'req_9' }, { singular: 'shift', permission: 'roster:write' });
		expect(error.message).toBe('The connection is missing a permission: roster:write');
		expect(error.description).toContain('set Access to Read and Change (with Choose Permissions: pick "roster:write"), and connect it again');
		expect(error.description).toContain('Request id: req_9.');
		expect(error.httpCode).toBe('403');
	});
	it('says what to do for each state rule', () => {
		const started = toNodeError(node, { status: 409, code: 'shift_started' }, { singular: 'shift' });
		expect(started.message).toBe('The shift has already started, so it can no longer be changed or deleted');
		const reused = toNodeError(node, { status: 409, code: 'idempotency_key_reused' }, { singular: 'shift' });
		expect(reused.description).toContain('unique per record');
		const notReady = toNodeError(node, { status: 503 }, { singular: 'shift' });
		expect(notReady.message).toBe('The environment is not set up for partner apps yet');
	});
	it("names a refused field by its label on the form, not the API's name", () => {
		expect(fieldLabel('position_id')).toBe('Position');
		expect(fieldLabel('start_time')).toBe('Start Time');
		expect(fieldLabel('data[3].end_time')).toBe('End Time');
		expect(fieldLabel('breaks[1].duration_minutes')).toBe('Break 2 › Duration (Minutes)');
		expect(fieldLabel('employee_ids[0]')).toBe('Employee IDs 1');
		const error = toNodeError(node, { status: 422, code: 'validation_failed', field: 'location_id', message: 'No such location.' }, { singular: 'shift' });
		expect(error.message).toBe('The service refused Location');
		expect(error.description).toContain('No such location. Correct Location and run the node again. (API field: location_id)');
	});
	it('puts only what the service said in the error details: no empty code or request id', () => {
		const bare = toNodeError(node, { status: 404 }, { singular: 'shift', id: '0123456789abcdef01234567' });
		expect(Object.keys(bare.errorResponse ?? {})).toEqual(['message', 'status']);
		const full = toNodeError(node, { status: 404, code: 'not_found', requestId: 'req_4', message: 'No such shift.' }, { singular: 'shift' });
		expect(full.errorResponse).toMatchObject({ code: 'not_found', request_id: 'req_4', service_message: 'No such shift.' });
		expect(full.description).toContain('Request id: req_4.');
	});
	it('blames the connecting person, not the scopes, when the token holds the permission', () => {
		const subject = { singular: 'shift', permission: 'roster:write' };
		expect(toNodeError(node, { status: 403, code: 'permission_denied' }, { ...subject, granted: ['roster:read', 'roster:write'] }).message).toBe(
			'The person who connected the app may not do this in the service',
		);
		expect(toNodeError(node, { status: 403, code: 'permission_denied' }, { ...subject, granted: ['roster:read'] }).message).toBe('The connection is missing a permission: roster:write');
		expect(toNodeError(node, { status: 403, code: 'permission_denied' }, subject).message).toBe('The connection is missing a permission: roster:write');
	});
	it('parses Retry-After as seconds or as a date', () => {
		expect(parseRetryAfter('3', 0)).toBe(3);
		expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
		expect(parseRetryAfter(undefined, 0)).toBeUndefined();
	});
});

describe('Limiter', () => {
	it('never runs more than its size at once, and runs every task', async () => {
		const limiter = new Limiter(3);
		let running = 0;
		let peak = 0;
		const results = await Promise.all(
			Array.from({ length: 20 }, async (_, i) =>
				await limiter.run(async () => {
					running++;
					peak = Math.max(peak, running);
					await new Promise((resolve) => setImmediate(resolve));
					running--;
					return i;
				}),
			),
		);
		expect(peak).toBe(3);
		expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
		expect(limiter.inFlight).toBe(0);
	});
	it('halves its bound on slowDown (down to one) and grows back one by one on speedUp, up to its ceiling', () => {
		const limiter = new Limiter(10);
		limiter.slowDown();
		expect(limiter.size).toBe(5);
		limiter.slowDown();
		limiter.slowDown();
		limiter.slowDown();
		limiter.slowDown();
		expect(limiter.size).toBe(1);
		for (let i = 0; i < 20; i++) limiter.speedUp();
		expect(limiter.size).toBe(10);
	});
	it('holds tasks back while the bound is lowered, and starts them as it grows again', async () => {
		const limiter = new Limiter(4);
		const gates: Array<() => void> = [];
		let running = 0;
		let peak = 0;
		const task = async () => {
			running++;
			peak = Math.max(peak, running);
			await new Promise<void>((resolve) => gates.push(resolve));
			running--;
		};
		const tick = async () => await new Promise((resolve) => setImmediate(resolve));
		const first = Array.from({ length: 4 }, async () => await limiter.run(task));
		await tick();
		expect(running).toBe(4);
		limiter.slowDown(); // a 429: two at once from now on
		const more = Array.from({ length: 4 }, async () => await limiter.run(task));
		gates.splice(0, 3).forEach((open) => open());
		await tick();
		// Three ended, but only one slot passed on: one still running and one started, two at once.
		expect(running).toBe(2);
		limiter.speedUp(); // the service took a request: three at once
		await tick();
		expect(running).toBe(3);
		while (gates.length > 0) {
			gates.splice(0).forEach((open) => open());
			await tick();
		}
		await Promise.all([...first, ...more]);
		expect(peak).toBe(4);
		expect(limiter.inFlight).toBe(0);
	});
	it('frees the slot when a task fails', async () => {
		const limiter = new Limiter(1);
		await expect(limiter.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
		await expect(limiter.run(async () => 'next')).resolves.toBe('next');
	});
});
