/**
 * The timesheet's note under its two names (issue 14, point 7): the spec's field table says
 * `notes`, its examples `note`. Against a sandbox that takes only `notes` (and refuses `note` as it
 * refuses any unknown key), the Timesheet node sends a refused create or change once more with
 * `notes`, creates nothing twice, remembers the spelling per connection, and says plainly when the
 * service refuses both. Assertions are on what the sandbox received and stored.
 */
import type { IDataObject } from 'n8n-workflow';

import { RosteringTimesheet } from '../../nodes/RosteringTimesheet/RosteringTimesheet.node';
import { registerNodeType } from '../harness';
import type { RecordedRequest } from '../../sandbox';
import { byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';
import { farMonday, rowYear } from './generators';

// A Create Many of 150 and several runs a test: room for a busy machine.
jest.setTimeout(30_000);

const f = useFixture();

const { business, locationIn, positionAt, employeesFor } = seedLookups(() => f);

/**
 * Each test connects under a credential id of its own: the spelling the node remembers is kept per
 * connection for the life of the process (here, this test file), so a fresh id starts afresh.
 */
let connections = 0;
function newConnection(): IDataObject {
	const id = `cred-note-${++connections}`;
	f.credentials[id] = JSON.parse(JSON.stringify(f.credentials[CREDENTIAL_ID])) as (typeof f.credentials)[string];
	return { credentials: { rosteringOAuth2Api: { id, name: 'Rostering (sandbox)' } } };
}

const timesheetPosts = () => f.apiRequests().filter((r) => r.method === 'POST' && r.path === '/v1/timesheets');
const timesheetPatches = () => f.apiRequests().filter((r) => r.method === 'PATCH' && r.path.startsWith('/v1/timesheets/'));
const createdByApp = () => [...f.sandbox.store.t.timesheets.values()].filter((t) => t.business_id === business() && t.created_by_app);
const bodyOf = (r: RecordedRequest) => r.body as IDataObject;
const itemsOf = (r: RecordedRequest) => bodyOf(r).data as IDataObject[];
const keyOf = (r: RecordedRequest) => String(r.headers['idempotency-key']);
const refusedField = (r: RecordedRequest) => (r.responseBody as { error?: { field?: string } }).error?.field;

/** Who works at the Sydney location (one person, so that timesheets must not overlap). */
function sydney() {
	const location = locationIn('Australia/Sydney');
	const position = positionAt(location.id);
	const employee = employeesFor(location.id, position.id)[0];
	return { location, position, employee };
}

/**
 * A year past every seeded shift and timesheet, for the timesheets made here for the seed's person
 * (on a seeded day, her own timesheet may clash: 409): rowYear, the year after the one 60 days
 * from the sandbox's now, whatever the date the tests run on.
 */
const farYear = () => rowYear(f.sandbox.clock.now());

/**
 * The `n`th working day (0: Monday, 5: the next Monday) from the first Monday on or after
 * `monthDay` (MM-DD) of farYear. February's are in Sydney's summer time, the +11:00 that
 * createParameters writes.
 */
function workingDay(monthDay: string, n = 0): string {
	return farMonday(f.sandbox.clock.now(), monthDay, Math.floor(n / 5) * 7 + (n % 5));
}

function createParameters(day: string, note: string | undefined, extra: IDataObject = {}): IDataObject {
	const { location, position, employee } = sydney();
	return {
		operation: 'create',
		employeeId: byId(employee.id),
		locationId: byId(location.id),
		positionId: byId(position.id),
		startTime: `${day}T09:00:00+11:00`,
		endTime: `${day}T17:00:00+11:00`,
		additionalFields: note === undefined ? {} : { note },
		...extra,
	};
}

/** A pending timesheet of the seed. */
const pendingTimesheet = () => [...f.sandbox.store.t.timesheets.values()].find((t) => t.business_id === business() && t.status === 'pending' && !t.archived)!;

describe('a service that takes `notes` and refuses `note` as an unknown field', () => {
	beforeEach(() => f.sandbox.setTimesheetNoteField('notes'));

	it('Create: the refused create is sent once more with `notes`; one timesheet is created, with the note', async () => {
		const connection = newConnection();
		const result = await f.run('rosteringTimesheet', createParameters(workingDay('02-01'), 'Covered the late delivery'), undefined, connection);
		expect(result.error).toBeUndefined();
		const [first, second] = timesheetPosts();
		expect(timesheetPosts()).toHaveLength(2);
		expect([first.status, refusedField(first), bodyOf(first).note, 'notes' in bodyOf(first)]).toEqual([422, 'note', 'Covered the late delivery', false]);
		expect([second.status, bodyOf(second).notes, 'note' in bodyOf(second)]).toEqual([201, 'Covered the late delivery', false]);
		// The rest of the body is the same; the resend is another request, so it has a key of its own.
		const { note: _note, ...rest } = bodyOf(first);
		const { notes: _notes, ...restAgain } = bodyOf(second);
		expect(restAgain).toEqual(rest);
		expect(keyOf(first)).toMatch(/^n8n-[0-9a-f]{48}$/);
		expect(keyOf(second)).toMatch(/^n8n-[0-9a-f]{48}$/);
		expect(keyOf(second)).not.toBe(keyOf(first));
		// One timesheet stored, with the note; it comes out as the service returns it (`notes`).
		expect(createdByApp()).toHaveLength(1);
		expect(createdByApp()[0].note).toBe('Covered the late delivery');
		const [item] = result.json('Node');
		expect(item).toMatchObject({ id: createdByApp()[0].id, notes: 'Covered the late delivery', status: 'pending' });
		expect(item).not.toHaveProperty('note');
	});

	it('Create without a note: sent once, as built', async () => {
		const result = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 1), undefined), undefined, newConnection());
		expect(result.error).toBeUndefined();
		expect(timesheetPosts().map((r) => r.status)).toEqual([201]);
		expect(createdByApp()).toHaveLength(1);
	});

	it('Create Many of 150: the first batch is resent with `notes` in every item, the second goes straight with `notes`; each timesheet is created once', async () => {
		const { location, position, employee } = sydney();
		const input = Array.from({ length: 150 }, (_, i) => {
			const day = new Date(Date.UTC(farYear(), 6, 1) + i * 86_400_000).toISOString().slice(0, 10);
			return { start: `${day}T10:00`, end: `${day}T11:00`, row: `row-${i}` };
		});
		const parameters = {
			operation: 'createMany',
			employeeId: byId(employee.id),
			locationId: byId(location.id),
			positionId: byId(position.id),
			startTime: '={{ $json.start }}',
			endTime: '={{ $json.end }}',
			additionalFields: { note: '={{ $json.row }}' },
		};
		const result = await f.run('rosteringTimesheet', parameters, input, newConnection());
		expect(result.error).toBeUndefined();
		const posts = timesheetPosts();
		expect(posts.map((r) => `${r.status} ${itemsOf(r).length}`)).toEqual(['422 100', '201 100', '201 50']);
		expect(refusedField(posts[0])).toBe('data[0].note');
		expect(itemsOf(posts[0]).every((item, i) => item.note === `row-${i}` && !('notes' in item))).toBe(true);
		expect(itemsOf(posts[1]).every((item, i) => item.notes === `row-${i}` && !('note' in item))).toBe(true);
		expect(itemsOf(posts[2]).every((item, i) => item.notes === `row-${100 + i}` && !('note' in item))).toBe(true);
		expect(new Set(posts.map(keyOf)).size).toBe(3);
		// Every row created exactly once, with its note, and output against its item.
		const stored = createdByApp();
		expect(stored).toHaveLength(150);
		expect(new Set(stored.map((t) => t.note))).toEqual(new Set(input.map((row) => row.row)));
		const output = result.output('Node');
		expect(output).toHaveLength(150);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ notes: `row-${i}`, status: 'pending' });
		});
	});

	it('Update: the refused change is sent once more with `notes`, and the note is changed', async () => {
		const timesheet = pendingTimesheet();
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: 'Left early' } }, undefined, newConnection());
		expect(result.error).toBeUndefined();
		const patches = timesheetPatches();
		expect(patches.map((r) => [r.status, bodyOf(r)])).toEqual([
			[422, { note: 'Left early' }],
			[200, { notes: 'Left early' }],
		]);
		expect(keyOf(patches[1])).not.toBe(keyOf(patches[0]));
		expect(f.sandbox.store.t.timesheets.get(timesheet.id)?.note).toBe('Left early');
		expect(result.json('Node')[0]).toMatchObject({ id: timesheet.id, notes: 'Left early' });
	});

	it('Update that removes the note (Note left empty): `notes: null` on the second try', async () => {
		const timesheet = pendingTimesheet();
		f.sandbox.store.t.timesheets.get(timesheet.id)!.note = 'to be removed';
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: '' } }, undefined, newConnection());
		expect(result.error).toBeUndefined();
		expect(timesheetPatches().map((r) => bodyOf(r))).toEqual([{ note: null }, { notes: null }]);
		expect(f.sandbox.store.t.timesheets.get(timesheet.id)?.note).toBeNull();
	});

	it('a later execution on the same connection sends `notes` first, for creates and changes; another connection starts with `note`', async () => {
		const connection = newConnection();
		expect((await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 2), 'first'), undefined, connection)).error).toBeUndefined();
		expect(timesheetPosts().map((r) => r.status)).toEqual([422, 201]);
		f.sandbox.clearRequests();

		const again = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 3), 'second'), undefined, connection);
		expect(again.error).toBeUndefined();
		expect(timesheetPosts().map((r) => [r.status, bodyOf(r).notes, 'note' in bodyOf(r)])).toEqual([[201, 'second', false]]);
		const update = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(pendingTimesheet().id), updateFields: { note: 'third' } }, undefined, connection);
		expect(update.error).toBeUndefined();
		expect(timesheetPatches().map((r) => [r.status, bodyOf(r)])).toEqual([[200, { notes: 'third' }]]);
		expect(createdByApp().map((t) => t.note).sort()).toEqual(['first', 'second']);

		f.sandbox.clearRequests();
		const elsewhere = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 4), 'fourth'), undefined, newConnection());
		expect(elsewhere.error).toBeUndefined();
		expect(timesheetPosts().map((r) => r.status)).toEqual([422, 201]);
	});

	it("with the user's Idempotency Key, a re-run replays the timesheet the `notes` request created, whichever spelling it tries first", async () => {
		const parameters = createParameters(workingDay('02-01', 5), 'keyed', { options: { idempotencyKey: 'sheet-row-8' } });
		const connection = newConnection();
		expect((await f.run('rosteringTimesheet', parameters, undefined, connection)).error).toBeUndefined();
		const [refused, created] = timesheetPosts();
		expect([refused.status, created.status]).toEqual([422, 201]);
		expect(keyOf(refused)).toMatch(/^u-[0-9a-f]{48}$/);
		expect(keyOf(created)).toMatch(/^u-[0-9a-f]{48}$/);
		f.sandbox.clearRequests();

		// Same connection: `notes` first, with the same key as before: replayed.
		const rerun = await f.run('rosteringTimesheet', parameters, undefined, connection);
		expect(rerun.error).toBeUndefined();
		expect(timesheetPosts().map((r) => [r.status, keyOf(r), bodyOf(r).notes])).toEqual([[201, keyOf(created), 'keyed']]);
		expect((timesheetPosts()[0].responseBody as IDataObject).id).toBe((created.responseBody as IDataObject).id);
		f.sandbox.clearRequests();

		// A connection that knows nothing yet (the sandbox's connection is the same): `note` is
		// refused again, and `notes` goes with the key it had, so the service replays it.
		const fresh = await f.run('rosteringTimesheet', parameters, undefined, newConnection());
		expect(fresh.error).toBeUndefined();
		expect(timesheetPosts().map((r) => [r.status, keyOf(r)])).toEqual([
			[422, keyOf(refused)],
			[201, keyOf(created)],
		]);
		expect(fresh.json('Node')[0].id).toBe((created.responseBody as IDataObject).id);
		expect(createdByApp()).toHaveLength(1);
	});

	it('Create as an AI tool runs (RoutingNode, no customOperations): the refused create is sent once more with `notes`', async () => {
		// n8n runs a node used as an AI agent's tool through RoutingNode, without its customOperations
		// (nodes/shared/n8n-internals.ts A7): the same node without them takes that path here.
		// (A versioned node: each version without them.)
		const asTool = new RosteringTimesheet();
		for (const version of Object.values(asTool.nodeVersions)) delete version.customOperations;
		const type = registerNodeType(asTool, 'test.rosteringTimesheetAsTool');
		const result = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 6), 'from the agent'), undefined, { ...newConnection(), type });
		expect(result.error).toBeUndefined();
		expect(timesheetPosts().map((r) => [r.status, 'note' in bodyOf(r), bodyOf(r).notes ?? null])).toEqual([
			[422, true, null],
			[201, false, 'from the agent'],
		]);
		expect(createdByApp().map((t) => t.note)).toEqual(['from the agent']);
	});

	it("a refusal of the note's value, or of another field, is not resent", async () => {
		const connection = newConnection();
		// The connection learns `notes`, so that the next creates send it first.
		expect((await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 7), 'learn'), undefined, connection)).error).toBeUndefined();
		f.sandbox.clearRequests();

		f.sandbox.injectFault({ method: 'POST', path: '/v1/timesheets', status: 422, field: 'notes', message: 'notes must be at most 2000 characters.' });
		const tooLong = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 8), 'long'), undefined, connection);
		expect(tooLong.error?.message).toBe('The service refused Notes');
		expect(timesheetPosts().map((r) => [r.status, bodyOf(r).notes])).toEqual([[422, 'long']]);
		f.sandbox.clearRequests();

		const { location } = sydney();
		const otherPosition = [...f.sandbox.store.t.positions.values()].find((p) => p.location_id !== location.id && p.business_id === business() && p.active && !p.archived)!;
		const wrong = await f.run('rosteringTimesheet', createParameters(workingDay('02-01', 9), 'wrong position', { positionId: byId(otherPosition.id) }), undefined, connection);
		expect(wrong.error?.message).toMatch(/^The service refused Position/);
		expect(timesheetPosts().map((r) => [r.status, refusedField(r)])).toEqual([[422, 'position_id']]);
		expect(createdByApp().map((t) => t.note)).toEqual(['learn']);
	});
});

describe('a service that refuses both `note` and `notes`', () => {
	beforeEach(() => f.sandbox.setTimesheetNoteField('none'));

	it('Create: both tried once, nothing created, and the error says no setting can fix it', async () => {
		const result = await f.run('rosteringTimesheet', createParameters('2027-03-01', 'nowhere to go'), undefined, newConnection());
		const posts = timesheetPosts();
		expect(posts.map((r) => [r.status, refusedField(r)])).toEqual([
			[422, 'note'],
			[422, 'notes'],
		]);
		expect(createdByApp()).toHaveLength(0);
		const error = result.error as Error & { description?: string };
		expect(error.message).toBe("The service refused the timesheet's note under both of its names, note and notes");
		expect(error.description).toContain('no setting in this node can send the note, and nothing was created');
		expect(error.description).toContain('leave Note out');
		expect(error.description).toContain(`quoting request ids ${posts[0].requestId} and ${posts[1].requestId}`);
		expect(error.description).not.toMatch(/correct/i);
	});

	it('Create Many: each batch tried under both names, no item blamed, nothing created', async () => {
		const { location, position, employee } = sydney();
		const input = Array.from({ length: 3 }, (_, i) => ({ start: `2027-03-0${2 + i}T10:00`, row: `row-${i}` }));
		const result = await f.run(
			'rosteringTimesheet',
			{
				operation: 'createMany',
				employeeId: byId(employee.id),
				locationId: byId(location.id),
				positionId: byId(position.id),
				startTime: '={{ $json.start }}',
				endTime: '={{ $json.start.replace("T10", "T11") }}',
				additionalFields: { note: '={{ $json.row }}' },
			},
			input,
			newConnection(),
		);
		expect(timesheetPosts().map((r) => r.status)).toEqual([422, 422]);
		const error = result.error as Error & { description?: string };
		expect(error.message).toBe("The service refused the timesheet's note under both of its names, note and notes");
		expect(error.description).toContain('None of items 0–2 was created');
		expect(error.description).not.toMatch(/correct/i);
		expect(createdByApp()).toHaveLength(0);
	});

	it('Update: the timesheet is not changed', async () => {
		const timesheet = pendingTimesheet();
		const before = { ...f.sandbox.store.t.timesheets.get(timesheet.id)! };
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: 'x' } }, undefined, newConnection());
		expect(timesheetPatches().map((r) => r.status)).toEqual([422, 422]);
		expect((result.error as Error & { description?: string }).description).toContain('the timesheet was not changed');
		expect(f.sandbox.store.t.timesheets.get(timesheet.id)).toEqual(before);
	});
});

describe('the default sandbox (takes `note`)', () => {
	it('sends `note` once, with no resend, for Create and Update', async () => {
		const connection = newConnection();
		const result = await f.run('rosteringTimesheet', createParameters(workingDay('04-05'), 'as the examples spell it'), undefined, connection);
		expect(result.error).toBeUndefined();
		expect(timesheetPosts().map((r) => [r.status, bodyOf(r).note, 'notes' in bodyOf(r)])).toEqual([[201, 'as the examples spell it', false]]);
		expect(result.json('Node')[0]).toMatchObject({ note: 'as the examples spell it' });
		const update = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(pendingTimesheet().id), updateFields: { note: 'changed' } }, undefined, connection);
		expect(update.error).toBeUndefined();
		expect(timesheetPatches().map((r) => [r.status, bodyOf(r)])).toEqual([[200, { note: 'changed' }]]);
	});
});
