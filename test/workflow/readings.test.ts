/**
 * The nodes under every reading of what the spec leaves open (sandbox/CHOICES.md › Other
 * readings (switches)): for each value of each switch, the writing and listing nodes are run
 * against the sandbox answering that way, and the test asserts what a user would see: the items,
 * the hint above them, the error and its request id, the waits, and what the service stored.
 * (leaveStates is covered by leave-request.test.ts and trigger-events.test.ts.)
 */
import type { IDataObject } from 'n8n-workflow';

import { READING_CHOICES, type RecordedRequest } from '../../sandbox';
import { DEFAULT_READINGS } from '../../sandbox/readings';
import { addBenchLocation, addShifts, shiftsPerRow } from '../../sandbox/bulk';
import { RETRY_DELAYS_MS } from '../../nodes/shared/requests/transport';
import { ON_N8N_1, PollHarness } from '../harness';
import { recordedWaits } from '../harness/waits';
import { byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';
import { farMonday } from './generators';

// A reset of the sandbox to its seed takes most of a second on a small machine: it is reset once
// per group (beforeAll in each describe), and each test writes on days of its own (nextDays).
// Before each test the readings, faults and request log start afresh; after it the readings are
// put back, so that nothing a test switched on can outlive it.
const f = useFixture({ fresh: false });
beforeEach(() => {
	f.sandbox.setReadings({ ...DEFAULT_READINGS });
	f.sandbox.clearFaults();
	f.sandbox.clearRequests();
	f.connect();
});
afterEach(() => f.sandbox?.setReadings({ ...DEFAULT_READINGS }));
const freshSandbox = () => beforeAll(() => f.sandbox.reset());

const { business, locations, locationIn, positionAt, employeesFor } = seedLookups(() => f);
const DAY = 86_400_000;
const V2 = { typeVersion: 2 };
type RunResult = Awaited<ReturnType<typeof f.run>>;

const requests = (method: string, path: string) => f.apiRequests().filter((r: RecordedRequest) => r.method === method && r.path.startsWith(path));
/** How many shifts each row tagged `tag` left in the store, in row order. */
const counts = (tag: string) =>
	[...shiftsPerRow(f.sandbox, tag).entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([, n]) => n);
const withNotes = (notes: unknown) => [...f.sandbox.store.t.shifts.values()].filter((s) => s.notes === notes);
const hintsOf = (result: RunResult) => result.run.data.resultData.runData.Node?.[0]?.hints ?? [];
const descriptionOf = (result: RunResult) => String((result.error as { description?: string } | undefined)?.description);
const auto = (operation: string) => ({ operation, columns: { mappingMode: 'autoMapInputData', value: null } });
const futureShift = () =>
	[...f.sandbox.store.t.shifts.values()].find((s) => s.business_id === business() && !s.archived && s.start_time > f.sandbox.clock.now().getTime() + DAY)!;

/** Days no other test of the file writes on: the index of the first of `count`, from rowDay(0). */
let daysTaken = 0;
function nextDays(count: number): number {
	const first = daysTaken;
	daysTaken += count + 1;
	return first;
}

/**
 * Day `i` of the rows written here: `i` days after the first Monday on or after 3 January (Sydney's
 * summer time, +11:00) of rowYear (the year after the one 60 days from the sandbox's now). Every
 * record made there is ahead of the service's now, whatever the date the tests run on (a shift
 * past its end reads as expired; a started one cannot change: 409), and on a day no seeded record
 * is on (a seeded shift would match a row; a seeded timesheet of the person would clash).
 */
function rowDay(i: number): string {
	return farMonday(f.sandbox.clock.now(), '01-03', i);
}

/** `count` one-hour open shifts at the Sydney location a day apart on days of their own from rowDay(0), local times, notes `<tag>-<i>`. */
function apiRows(tag: string, count: number): IDataObject[] {
	const location = locationIn('Australia/Sydney');
	const position = positionAt(location.id);
	const first = nextDays(count);
	return Array.from({ length: count }, (_, i) => {
		const day = rowDay(first + i);
		return { location_id: location.id, position_id: position.id, start_time: `${day}T10:00`, end_time: `${day}T11:00`, notes: `${tag}-${i}` };
	});
}

/** Version 1 Create of one shift. */
function create(locationId: string, positionId: string, start: string, end: string, extra: IDataObject = {}): IDataObject {
	return { operation: 'create', locationId: byId(locationId), positionId: byId(positionId), startTime: start, endTime: end, ...extra };
}

describe('batchAnswer: Create Many (version 2) of 3 rows, then Create or Update of the same rows', () => {
	freshSandbox();

	it('no record in the answer and the read-back fails: every item is still created, showing what was sent, and a hint says how to read them back', async () => {
		f.sandbox.setReadings({ batchAnswer: 'empty' });
		const rows = apiRows('batch-unread', 2);
		f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', status: 403, code: 'permission_denied', times: 1 });
		const result = await f.run('rosteringShift', auto('createMany'), rows, V2);
		expect(result.error).toBeUndefined();
		expect(counts('batch-unread')).toEqual([1, 1]);
		result.json('Node').forEach((item, i) => {
			expect(item).toMatchObject({ id: null, location_id: rows[i].location_id, notes: rows[i].notes, answer_note: expect.stringMatching(/accepted this write/) });
			expect(item.error).toBeUndefined();
		});
		const hints = hintsOf(result);
		expect(hints).toHaveLength(1);
		expect(hints[0].message).toMatch(/stored 2 shifts .*Create or Update/);
	});

	it.each(READING_CHOICES.batchAnswer)('%s', async (reading) => {
		f.sandbox.setReadings({ batchAnswer: reading });
		const tag = `batch-${reading}`;
		const rows = apiRows(tag, 3);
		const result = await f.run('rosteringShift', auto('createMany'), rows, V2);
		expect(result.error).toBeUndefined();
		const output = result.output('Node');
		expect(output).toHaveLength(3);
		for (const item of output) {
			expect(item.error).toBeUndefined();
			expect(item.json.error).toBeUndefined();
		}
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
		expect(counts(tag)).toEqual([1, 1, 1]);
		// The reading was in force: the answer came in its shape.
		const [post] = requests('POST', '/v1/shifts');
		expect(post.status).toBe(reading === 'no-content' ? 204 : 201);
		const answer = post.responseBody as IDataObject | IDataObject[] | null;
		const shapes: Record<typeof reading, () => boolean> = {
			data: () => Array.isArray((answer as IDataObject).data) && ((answer as { data: IDataObject[] }).data[0].status === 'unpublished'),
			list: () => Array.isArray(answer) && answer.length === 3,
			items: () => Array.isArray((answer as IDataObject).items),
			ids: () => Object.keys((answer as { data: IDataObject[] }).data[0]).join() === 'id',
			// No body at all (the log keeps null for that).
			empty: () => answer === null,
			'no-content': () => answer === null,
		};
		expect(shapes[reading]()).toBe(true);
		const stored = rows.map((row) => withNotes(row.notes)[0]);
		const items = output.map((item) => item.json);

		if (reading === 'data' || reading === 'list' || reading === 'items') {
			// The records themselves, in row order.
			items.forEach((item, i) => {
				expect(item).toMatchObject({ id: stored[i].id, status: 'unpublished', roster_id: expect.any(String), notes: rows[i].notes });
				expect(item.answer_note).toBeUndefined();
			});
			expect(hintsOf(result)).toEqual([]);
		} else if (reading === 'ids') {
			// What was sent (times with the location's offset), with the id the answer gave.
			items.forEach((item, i) => {
				const day = String(rows[i].start_time).slice(0, 10);
				expect(item).toMatchObject({
					id: stored[i].id,
					location_id: rows[i].location_id,
					position_id: rows[i].position_id,
					start_time: `${day}T10:00:00+11:00`,
					end_time: `${day}T11:00:00+11:00`,
					notes: rows[i].notes,
					answer_note: expect.any(String),
				});
			});
			expect(hintsOf(result)).toHaveLength(1);
		} else {
			// No record in the answer: one list read over the rows' dates gives each item its record.
			items.forEach((item, i) => {
				expect(item).toMatchObject({ id: stored[i].id, status: 'unpublished', notes: rows[i].notes });
				expect(item.answer_note).toBeUndefined();
			});
			expect(requests('GET', '/v1/shifts')).toHaveLength(1);
			expect(hintsOf(result)).toEqual([]);
		}

		// Create or Update with the same rows finds every one: nothing is created twice.
		f.sandbox.clearRequests();
		const again = await f.run('rosteringShift', auto('upsert'), rows, V2);
		expect(again.error).toBeUndefined();
		expect(again.json('Node').map((item) => item.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
		expect(again.json('Node').map((item) => item.id)).toEqual(stored.map((s) => s.id));
		expect(f.apiRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
		expect(counts(tag)).toEqual([1, 1, 1]);
	});
});

describe('changeAnswer: Update, Delete and Create or Update of a shift', () => {
	freshSandbox();

	it.each(READING_CHOICES.changeAnswer)('%s: Update (version 1) gives the shift with its new notes', async (reading) => {
		const shift = futureShift();
		f.sandbox.setReadings({ changeAnswer: reading });
		const result = await f.run('rosteringShift', { operation: 'update', shiftId: byId(shift.id), updateFields: { notes: `changed under ${reading}` } });
		expect(result.error).toBeUndefined();
		expect(requests('PATCH', '/v1/shifts').map((r) => r.status)).toEqual([reading === 'no-content' ? 204 : 200]);
		const out = result.json('Node');
		expect(out).toHaveLength(1);
		if (reading === 'record' || reading === 'wrapped') {
			expect(out[0]).toMatchObject({ id: shift.id, notes: `changed under ${reading}`, status: 'unpublished', location_id: shift.location_id });
			expect(out[0].answer_note).toBeUndefined();
		} else {
			expect(out[0]).toEqual({ id: shift.id, notes: `changed under ${reading}`, answer_note: expect.any(String) });
		}
		expect(f.sandbox.store.t.shifts.get(shift.id)!.notes).toBe(`changed under ${reading}`);
	});

	it.each(READING_CHOICES.changeAnswer)('%s: Delete (version 1) gives {id, deleted: true}', async (reading) => {
		const shift = futureShift();
		f.sandbox.setReadings({ changeAnswer: reading });
		const result = await f.run('rosteringShift', { operation: 'delete', shiftId: byId(shift.id) });
		expect(result.error).toBeUndefined();
		expect(requests('DELETE', '/v1/shifts').map((r) => r.status)).toEqual([reading === 'no-content' ? 204 : 200]);
		expect(result.json('Node')).toEqual([{ id: shift.id, deleted: true }]);
		expect(f.sandbox.store.t.shifts.get(shift.id)!.archived).toBe(true);
	});

	it.each(READING_CHOICES.changeAnswer)('%s: Create or Update (version 2) of a changed row says updated, with the id and the location', async (reading) => {
		const tag = `change-${reading}`;
		const rows = apiRows(tag, 1);
		expect((await f.run('rosteringShift', auto('createMany'), rows, V2)).error).toBeUndefined();
		const [shift] = withNotes(rows[0].notes);
		f.sandbox.setReadings({ changeAnswer: reading });
		f.sandbox.clearRequests();
		const result = await f.run('rosteringShift', auto('upsert'), [{ ...rows[0], notes: `${tag}-0 changed` }], { ...V2 });
		// Matched on location, employee (none) and start: the notes are the change.
		expect(result.error).toBeUndefined();
		const [item] = result.json('Node');
		expect(item).toMatchObject({ action: 'updated', changed_fields: ['notes'], id: shift.id, location_id: rows[0].location_id, notes: `${tag}-0 changed` });
		expect(requests('PATCH', '/v1/shifts').map((r) => r.body)).toEqual([{ notes: `${tag}-0 changed` }]);
		expect(requests('POST', '/v1/shifts')).toHaveLength(0);
		expect(f.sandbox.store.t.shifts.get(shift.id)!.notes).toBe(`${tag}-0 changed`);
	});
});

describe('batchAnswer and changeAnswer on the other write nodes: Timesheet and On-Demand Shift', () => {
	freshSandbox();
	const nodes = [
		{ node: 'rosteringTimesheet', path: '/v1/timesheets', idParameter: 'timesheetId', noteField: 'note' },
		{ node: 'rosteringOnDemandShift', path: '/v1/on-demand-shifts', idParameter: 'onDemandShiftId', noteField: 'notes' },
	] as const;
	/** One row for `node` on a day of its own at the Sydney location, its note `tag`. */
	function rowFor(node: (typeof nodes)[number], tag: string): IDataObject {
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const day = rowDay(nextDays(1));
		const row: IDataObject = { location_id: location.id, position_id: position.id, start_time: `${day}T10:00`, end_time: `${day}T11:00`, [node.noteField]: tag };
		if (node.node === 'rosteringTimesheet') row.employee_id = employeesFor(location.id, position.id)[0].id;
		return row;
	}
	const table = (node: (typeof nodes)[number]) => (node.node === 'rosteringTimesheet' ? f.sandbox.store.t.timesheets : f.sandbox.store.t.onDemandShifts);
	const stored = (node: (typeof nodes)[number], tag: string) =>
		[...(table(node).values() as Iterable<IDataObject>)].filter((record) => record[node.noteField] === tag);

	it.each(nodes.flatMap((node) => READING_CHOICES.batchAnswer.map((reading) => [node.node, reading] as const)))(
		'%s, batch answered %s: Create Many creates the row once, no error item; Create or Update then finds it',
		async (name, reading) => {
			const node = nodes.find((n) => n.node === name)!;
			f.sandbox.setReadings({ batchAnswer: reading });
			const tag = `${name}-batch-${reading}`;
			const row = rowFor(node, tag);
			const result = await f.run(name, auto('createMany'), [row], V2);
			expect(result.error).toBeUndefined();
			const [item] = result.json('Node');
			expect(item.error).toBeUndefined();
			expect(stored(node, tag)).toHaveLength(1);
			// Its id, from the answer or (no record in it) from the one list read that follows.
			expect(item.id).toBe(stored(node, tag)[0].id);
			f.sandbox.clearRequests();
			const again = await f.run(name, auto('upsert'), [row], V2);
			expect(again.json('Node').map((out) => out.action ?? out.error)).toEqual(['unchanged']);
			expect(requests('POST', node.path)).toHaveLength(0);
			expect(stored(node, tag)).toHaveLength(1);
		},
	);

	it.each(nodes.flatMap((node) => READING_CHOICES.changeAnswer.map((reading) => [node.node, reading] as const)))(
		'%s, a change answered %s: Update gives the record by id with its new note; Delete gives {id, deleted: true}',
		async (name, reading) => {
			const node = nodes.find((n) => n.node === name)!;
			const tag = `${name}-change-${reading}`;
			expect((await f.run(name, auto('createMany'), [rowFor(node, tag)], V2)).error).toBeUndefined();
			const id = String(stored(node, tag)[0].id);
			f.sandbox.setReadings({ changeAnswer: reading });
			const updated = await f.run(name, { operation: 'update', [node.idParameter]: byId(id), updateFields: { [node.noteField]: `${tag} changed` } });
			expect(updated.error).toBeUndefined();
			expect(updated.json('Node')).toEqual([expect.objectContaining({ id, [node.noteField]: `${tag} changed` })]);
			expect(stored(node, `${tag} changed`)).toHaveLength(1);
			const deleted = await f.run(name, { operation: 'delete', [node.idParameter]: byId(id) });
			expect(deleted.error).toBeUndefined();
			expect(deleted.json('Node')).toEqual([{ id, deleted: true }]);
			expect(requests('DELETE', node.path).map((r) => r.status)).toEqual([reading === 'no-content' ? 204 : 200]);
		},
	);
});

/** The error code where the errorBody reading puts it: proof that the reading was in force. */
function codeIn(reading: string, body: unknown): unknown {
	const b = body as IDataObject & { error?: IDataObject & string; errors?: IDataObject[] };
	switch (reading) {
		case 'nested':
			return b.error?.code;
		case 'flat':
			return b.code;
		case 'errors':
			return b.errors?.[0].code;
		case 'oauth':
			return typeof b.error === 'string' ? b.error : undefined;
		default:
			return typeof body === 'string' ? body.split(':')[0] : undefined;
	}
}

describe('errorBody: what a refusal says, in every shape', () => {
	freshSandbox();

	it.each(READING_CHOICES.errorBody)('%s: a 422 on position_id names the field as the form does, and quotes the request id', async (reading) => {
		f.sandbox.setReadings({ errorBody: reading });
		const [here, there] = locations();
		const result = await f.run('rosteringShift', create(here.id, positionAt(there.id).id, '2028-02-03T08:00:00Z', '2028-02-03T12:00:00Z'));
		const [post] = requests('POST', '/v1/shifts');
		expect(post.status).toBe(422);
		expect(codeIn(reading, post.responseBody)).toBe('validation_failed');
		expect(post.requestId).toMatch(/^req_/);
		expect(descriptionOf(result)).toContain(`Request id: ${post.requestId}.`);
		expect(result.error?.message).toBe('The service refused Position');
		expect(descriptionOf(result)).toContain('Correct Position and run the node again.');
	});

	it.each(READING_CHOICES.errorBody)('%s: a 409 (the person already has a shift then) says it clashes with another record', async (reading) => {
		const now = f.sandbox.clock.now().getTime();
		// A future shift of someone who may still work its place and position: the same again clashes.
		const taken = [...f.sandbox.store.t.shifts.values()].find(
			(s) =>
				s.business_id === business() &&
				!s.archived &&
				s.employee_id &&
				s.start_time > now + DAY &&
				employeesFor(s.location_id, s.position_id).some((e) => e.id === s.employee_id),
		)!;
		expect(taken).toBeDefined();
		f.sandbox.setReadings({ errorBody: reading });
		const iso = (ms: number) => new Date(ms).toISOString();
		const result = await f.run(
			'rosteringShift',
			create(taken.location_id, taken.position_id, iso(taken.start_time), iso(taken.end_time), { additionalFields: { employeeId: byId(taken.employee_id!) } }),
		);
		const [post] = requests('POST', '/v1/shifts');
		expect(post.status).toBe(409);
		expect(codeIn(reading, post.responseBody)).toBe('conflict');
		expect(result.error?.message).toBe('The service refused the shift because it clashes with another record');
		expect(descriptionOf(result)).toContain(`Request id: ${post.requestId}.`);
	});

	it.each(READING_CHOICES.errorBody)('%s: a create still in progress (409 request_in_progress) ends as outcome unknown, not "not created"', async (reading) => {
		f.sandbox.setReadings({ errorBody: reading });
		f.sandbox.injectFault({ method: 'POST', path: '/v1/shifts', status: 409, code: 'request_in_progress', message: 'A request with this Idempotency-Key is still being processed.', retryAfter: 0, times: 20 });
		const location = locationIn('Australia/Sydney');
		const result = await f.run('rosteringShift', create(location.id, positionAt(location.id).id, '2028-02-03T08:00:00Z', '2028-02-03T12:00:00Z'));
		expect(result.error?.message).toBe('The same request is still being processed by the service');
		expect(result.error?.message).not.toMatch(/not created/i);
		expect(descriptionOf(result)).toMatch(/outcome is unknown/i);
		const posts = requests('POST', '/v1/shifts');
		// Waited out as "not now", under the same key, then given up.
		expect(posts.length).toBeGreaterThan(1);
		expect(new Set(posts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
		expect(descriptionOf(result)).toContain(`Request id: ${posts[posts.length - 1].requestId}.`);
	});
});

describe('locationTimezoneField: local times read at the location, whatever the time zone key is called', () => {
	freshSandbox();

	it.each(READING_CHOICES.locationTimezoneField.filter((reading) => reading !== 'none'))('%s', async (reading) => {
		f.sandbox.setReadings({ locationTimezoneField: reading });
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const rows = [
			{ start: '2029-01-10T09:00', end: '2029-01-10T17:00' },
			{ start: '2029-07-10T09:00', end: '2029-07-10T17:00' },
		];
		const result = await f.run('rosteringShift', create(location.id, position.id, '={{ $json.start }}', '={{ $json.end }}'), rows);
		expect(result.error).toBeUndefined();
		const sent = requests('POST', '/v1/shifts').map((r) => (r.body as IDataObject).start_time).sort();
		expect(sent).toEqual(['2029-01-10T09:00:00+11:00', '2029-07-10T09:00:00+10:00']);
		expect(result.json('Node').map((shift) => shift.start_time)).toEqual(['2029-01-10T09:00:00+11:00', '2029-07-10T09:00:00+10:00']);
		// The time zone came from the location as the service spelled it (read once for both items).
		expect(requests('GET', '/v1/locations').map((r) => r.path)).toEqual([`/v1/locations/${location.id}`]);
		f.sandbox.clearRequests();

		const got = await f.run('rosteringLocation', { operation: 'get', locationId: byId(location.id) });
		expect(got.error).toBeUndefined();
		expect(got.json('Node')).toEqual([expect.objectContaining({ id: location.id, [reading]: 'Australia/Sydney' })]);
	});
});

describe('locationTimezoneField none: a location record with no time zone', () => {
	freshSandbox();

	it('times with offsets are created (the location read proves it exists; no zone is needed)', async () => {
		f.sandbox.setReadings({ locationTimezoneField: 'none' });
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const rows = [{ start: '2029-02-10T09:00:00+11:00', end: '2029-02-10T17:00:00+11:00' }];
		const result = await f.run('rosteringShift', create(location.id, position.id, '={{ $json.start }}', '={{ $json.end }}'), rows);
		expect(result.error).toBeUndefined();
		expect(requests('POST', '/v1/shifts').map((r) => (r.body as IDataObject).start_time)).toEqual(['2029-02-10T09:00:00+11:00']);
		expect(result.json('Node').map((shift) => shift.start_time)).toEqual(['2029-02-10T09:00:00+11:00']);
	});

	it('local times are refused before anything is created, saying the service gave no time zone and to give offsets', async () => {
		f.sandbox.setReadings({ locationTimezoneField: 'none' });
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const result = await f.run('rosteringShift', create(location.id, position.id, '2029-02-11T09:00', '2029-02-11T17:00'));
		expect(result.error?.message).toBe(`Location: the service gave no time zone for the location ${location.id}`);
		expect(descriptionOf(result)).toMatch(/no time zone the node could find \(looked for timezone, .*its fields: id, .*give the times with a UTC offset/);
		expect(requests('POST', '/v1/shifts')).toEqual([]);
	});
});

describe('lastPage: Return All reads every page and stops at the last, however it is marked', () => {
	freshSandbox();

	it.each(READING_CHOICES.lastPage)('%s: shifts over a From/To range at one location (two pages), and every location', async (reading) => {
		// A location of its own with 250 shifts an hour apart: two pages of 200 at Return All.
		const bench = addBenchLocation(f.sandbox);
		addShifts(f.sandbox, bench, 250, { tag: 'pages' });
		const held = [...f.sandbox.store.t.shifts.values()].filter((s) => s.location_id === bench.locationId && !s.archived);
		const starts = held.map((s) => s.start_time);
		const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
		f.sandbox.setReadings({ lastPage: reading });

		const result = await f.run('rosteringShift', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(bench.locationId), from: `${date(Math.min(...starts) - 2 * DAY)}T00:00:00`, to: `${date(Math.max(...starts) + 2 * DAY)}T00:00:00` },
		});
		expect(result.error).toBeUndefined();
		const ids = result.json('Node').map((s) => String(s.id));
		expect(ids).toHaveLength(held.length);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(held.map((s) => s.id).sort());
		const pages = requests('GET', '/v1/shifts');
		expect(pages.map((r) => r.status)).toEqual([200, 200]);
		expect(pages[1].query.after).toEqual(expect.any(String));
		// The reading was in force: the pages are marked its way.
		const [first, last] = pages.map((r) => r.responseBody as IDataObject);
		expect('has_more' in first).toBe(reading !== 'cursor-only');
		expect(last.next_cursor).toBe({ null: null, omitted: undefined, empty: '', 'cursor-only': null }[reading]);
		expect('next_cursor' in last).toBe(reading !== 'omitted');

		const current = f.sandbox.store.locations.filter((l) => !l.archived).map((l) => String(l.id)).sort();
		const listed = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true });
		expect(listed.error).toBeUndefined();
		expect(listed.json('Node').map((l) => String(l.id)).sort()).toEqual(current);
		expect(requests('GET', '/v1/locations')).toHaveLength(1);
	});
});

describe('lastPage: a trigger poll reads every page of changes, however the last is marked', () => {
	freshSandbox();

	it.each(READING_CHOICES.lastPage)('%s: 250 shifts changed come out once each, over two pages; the next poll gives nothing', async (reading) => {
		f.sandbox.setReadings({ lastPage: reading });
		const h = new PollHarness({
			node: {
				type: 'n8n-nodes-rostering.rosteringShiftTrigger',
				parameters: {} as never,
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			credentials: f.credentials as never,
		});
		expect(await h.activate()).toBeNull();
		f.sandbox.clock.advance(2_000);
		const now = f.sandbox.clock.now().getTime();
		const changed = [...f.sandbox.store.t.shifts.values()]
			.filter((s) => s.business_id === business() && !s.archived && s.start_time > now + 2 * DAY)
			.slice(0, 250);
		expect(changed).toHaveLength(250);
		changed.forEach((shift, i) => f.sandbox.manager.editShift(shift.id, { notes: `page-${reading}-${i}` }));
		f.sandbox.clearRequests();
		f.sandbox.clock.advance(2_000);
		const items = ((await h.poll()) ?? []) as Array<{ event: string; record: IDataObject }>;
		expect(items.map((item) => item.event)).toEqual(changed.map(() => 'updated'));
		expect(items.map((item) => String(item.record.id)).sort()).toEqual(changed.map((shift) => shift.id).sort());
		expect(requests('GET', '/v1/shifts').filter((r) => r.query.updated_since).length).toBeGreaterThan(1);
		f.sandbox.clock.advance(60_000);
		expect(await h.poll()).toBeNull();
	});
});

describe('retryAfter: a 429 on Get Many is waited out for as long as the service asks', () => {
	freshSandbox();

	it.each(READING_CHOICES.retryAfter)('%s', async (reading) => {
		f.sandbox.setReadings({ retryAfter: reading });
		const asked = reading === 'fractional' ? 1.5 : 2;
		f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', status: 429, retryAfter: asked, times: 1 });
		const result = await f.run('rosteringShift', { operation: 'getAll', returnAll: false, limit: 3 });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(3);
		expect(requests('GET', '/v1/shifts').map((r) => r.status)).toEqual([429, 200]);
		const waits = recordedWaits('rate-limit');
		expect(waits).toHaveLength(1);
		if (reading === 'none' || ON_N8N_1) {
			// No header (or n8n 1.x, which hides it: n8n-internals A1): the node's first backoff.
			expect(waits[0].ms).toBe(RETRY_DELAYS_MS[0]);
		} else {
			// Never earlier than asked; an HTTP date, in whole seconds, may add up to one.
			expect(waits[0].ms).toBeGreaterThanOrEqual(asked * 1000);
			expect(waits[0].ms).toBeLessThanOrEqual((asked + 1) * 1000);
		}
	});
});
