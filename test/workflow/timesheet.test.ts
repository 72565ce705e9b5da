/**
 * The Timesheet node, every operation, run by n8n-core's engine against the sandbox over HTTP:
 * the items that come out, the requests the sandbox received, and the error a person reads.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';
import { farMonday, rowYear } from './generators';

const f = useFixture();

const { business, locations, locationIn, positionAt, employeesFor } = seedLookups(() => f);
/** A current employee who may work the position at the location. */
const employeeFor = (locationId: string, positionId: string, skip = 0) => {
	const found = employeesFor(locationId, positionId);
	if (found.length <= skip) throw new Error('the seed has no employee for that position');
	return found[skip];
};
const timesheets = () => [...f.sandbox.store.t.timesheets.values()].filter((t) => t.business_id === business());
const pendingTimesheet = () => timesheets().find((t) => t.status === 'pending' && !t.archived)!;
const timesheetRequests = (method: string) =>
	f.apiRequests().filter((r) => r.method === method && r.path.startsWith('/v1/timesheets'));

/**
 * A year past every seeded shift and timesheet, for the timesheets made here for the seed's person
 * (on a seeded day, her own timesheet may clash: 409): rowYear, the year after the one 60 days
 * from the sandbox's now, whatever the date the tests run on.
 */
const farYear = () => rowYear(f.sandbox.clock.now());

/** `plus` days after the first Monday on or after `monthDay` (MM-DD) of farYear: the month's season (winter or summer time) kept. */
function farDay(monthDay: string, plus = 0): string {
	return farMonday(f.sandbox.clock.now(), monthDay, plus);
}

/** Create parameters at the Sydney location for a person who may work there. */
function sydney() {
	const location = locationIn('Australia/Sydney');
	const position = positionAt(location.id);
	const employee = employeeFor(location.id, position.id);
	return { location, position, employee };
}

function createParameters(start: string, end: string, extra: IDataObject = {}): IDataObject {
	const { location, position, employee } = sydney();
	return {
		operation: 'create',
		employeeId: byId(employee.id),
		locationId: byId(location.id),
		positionId: byId(position.id),
		startTime: start,
		endTime: end,
		...extra,
	};
}

/** Creates a pending timesheet through the node and returns it as output. */
async function created(start: string, end: string, extra: IDataObject = {}): Promise<IDataObject> {
	const result = await f.run('rosteringTimesheet', createParameters(start, end, extra));
	expect(result.error).toBeUndefined();
	f.sandbox.clearRequests();
	return result.json('Node')[0];
}

describe('Create', () => {
	it('creates a pending timesheet, sending the note as `note`, and outputs it as the API returns it', async () => {
		const { location, position, employee } = sydney();
		const result = await f.run(
			'rosteringTimesheet',
			createParameters('2027-01-11T09:00:00+11:00', '2027-01-11T17:00:00+11:00', {
				additionalFields: {
					note: 'Covered the late delivery',
					breaks: { break: [{ start: '2027-01-11T12:00:00+11:00', end: '2027-01-11T12:30:00+11:00', paid: false }] },
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const [timesheet] = result.json('Node');
		expect(timesheet).toMatchObject({
			status: 'pending',
			employee_id: employee.id,
			location_id: location.id,
			note: 'Covered the late delivery',
			created_by_app: true,
			breaks: [{ start: '2027-01-11T12:00:00+11:00', end: '2027-01-11T12:30:00+11:00', paid: false }],
			paid_hours: 7.5,
		});
		const [post] = timesheetRequests('POST');
		expect(post.status).toBe(201);
		expect(post.body).toEqual({
			employee_id: employee.id,
			location_id: location.id,
			position_id: position.id,
			start_time: '2027-01-11T09:00:00+11:00',
			end_time: '2027-01-11T17:00:00+11:00',
			breaks: [{ start: '2027-01-11T12:00:00+11:00', end: '2027-01-11T12:30:00+11:00', paid: false }],
			note: 'Covered the late delivery',
		});
		expect(post.body).not.toHaveProperty('notes');
		expect(post.headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{48}$/);
	});

	it("clocks the person in when End Time is empty: the timesheet is open (no end) and Who's On lists it", async () => {
		const startedAt = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000).toISOString();
		// Someone whose timesheets all ended before then, so the open one clashes with none.
		const { location, position } = sydney();
		const busy = new Set(timesheets().filter((t) => !t.archived && (t.end_time === null || t.end_time > Date.parse(startedAt))).map((t) => t.employee_id));
		const free = [0, 1, 2, 3, 4, 5, 6, 7].map((skip) => employeeFor(location.id, position.id, skip)).find((e) => !busy.has(e.id))!;
		const result = await f.run('rosteringTimesheet', { ...createParameters(startedAt, ''), employeeId: byId(free.id) });
		expect(result.error).toBeUndefined();
		const [timesheet] = result.json('Node');
		expect(timesheet.end_time).toBeNull();
		const [post] = timesheetRequests('POST');
		expect(post.body).toMatchObject({ start_time: startedAt.replace('.000Z', 'Z'), end_time: null });
		const on = await f.run('rosteringWhosOn', { operation: 'getAll', returnAll: true });
		expect(on.json('Node').map((row) => row.timesheet_id)).toContain(timesheet.id);
	});

	it('reads local times at the location across the daylight-saving change, breaks included', async () => {
		// Sydney leaves daylight saving at 03:00 on 4 April 2027: an overnight timesheet starts at +11:00 and ends at +10:00.
		const result = await f.run(
			'rosteringTimesheet',
			createParameters('2027-04-03T22:00', '2027-04-04T06:00', {
				additionalFields: { breaks: { break: [{ start: '2027-04-04T01:00', end: '2027-04-04T01:30', paid: true }] } },
			}),
		);
		expect(result.error).toBeUndefined();
		const body = timesheetRequests('POST')[0].body as IDataObject;
		expect(body).toMatchObject({
			start_time: '2027-04-03T22:00:00+11:00',
			end_time: '2027-04-04T06:00:00+10:00',
			breaks: [{ start: '2027-04-04T01:00:00+11:00', end: '2027-04-04T01:30:00+11:00', paid: true }],
		});
		// Nine hours worked, the paid break included.
		expect(result.json('Node')[0]).toMatchObject({ end_time: '2027-04-04T06:00:00+10:00', paid_hours: 9 });
		// The location was read for its time zone, once.
		expect(f.apiRequests().filter((r) => r.path.startsWith('/v1/locations/'))).toHaveLength(1);
	});

	it('sends the seconds given and outputs the times the service kept, cut to the whole minute', async () => {
		const result = await f.run('rosteringTimesheet', createParameters('2027-01-12T09:00:45', '2027-01-12T17:30:59'));
		expect(result.error).toBeUndefined();
		expect(timesheetRequests('POST')[0].body).toMatchObject({
			start_time: '2027-01-12T09:00:45+11:00',
			end_time: '2027-01-12T17:30:59+11:00',
		});
		expect(result.json('Node')[0]).toMatchObject({ start_time: '2027-01-12T09:00:00+11:00', end_time: '2027-01-12T17:30:00+11:00' });
	});

	it('links the rostered shift picked, at the same location', async () => {
		const { location } = sydney();
		const shift = [...f.sandbox.store.t.shifts.values()].find((s) => s.location_id === location.id && !s.archived)!;
		const result = await f.run(
			'rosteringTimesheet',
			createParameters('2027-01-13T09:00:00+11:00', '2027-01-13T10:00:00+11:00', { additionalFields: { shiftId: byId(shift.id) } }),
		);
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].shift_id).toBe(shift.id);
		expect(timesheetRequests('POST')[0].body).toMatchObject({ shift_id: shift.id });
	});

	it('names the permission to grant when the connection cannot write timesheets', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'timesheets:write'));
		const result = await f.run('rosteringTimesheet', createParameters('2027-01-11T09:00:00Z', '2027-01-11T10:00:00Z'));
		expect(result.error?.message).toBe('The connection is missing a permission: timesheets:write');
		expect(timesheetRequests('POST')).toHaveLength(1);
	});

	it("explains the service's refusal of an overlapping timesheet", async () => {
		await created('2027-01-14T09:00:00+11:00', '2027-01-14T17:00:00+11:00');
		const result = await f.run('rosteringTimesheet', createParameters('2027-01-14T12:00:00+11:00', '2027-01-14T18:00:00+11:00'));
		expect(result.error?.message).toBe('The service refused the timesheet because it clashes with another record');
		expect((result.error as { description?: string }).description).toContain('The person already has a timesheet at that time');
		expect(timesheetRequests('POST').map((r) => r.status)).toEqual([409]);
	});

	const outside = { start: '2027-01-11T08:30:00+11:00', end: '2027-01-11T09:30:00+11:00', paid: false };
	it.each([
		['an end before the start', { endTime: '2027-01-11T08:00:00+11:00' }, 'End Time (2027-01-11T08:00:00+11:00) is not after Start Time (2027-01-11T09:00:00+11:00)'],
		['an end in the same minute as the start', { endTime: '2027-01-11T09:00:40+11:00', startTime: '2027-01-11T09:00:10+11:00' }, 'is not after Start Time (2027-01-11T09:00:10+11:00) once stored to the minute'],
		['a break outside the timesheet', { additionalFields: { breaks: { break: [outside] } } }, 'Break 1 (2027-01-11T08:30:00+11:00 to 2027-01-11T09:30:00+11:00) is outside the timesheet (2027-01-11T09:00:00+11:00 to 2027-01-11T17:00:00+11:00)'],
		['a break that ends before it starts', { additionalFields: { breaks: { break: [{ start: '2027-01-11T13:00:00+11:00', end: '2027-01-11T12:30:00+11:00' }] } } }, 'Break 1 › End (2027-01-11T12:30:00+11:00) is not after its Start (2027-01-11T13:00:00+11:00)'],
		['a break without a start', { additionalFields: { breaks: { break: [{ end: '2027-01-11T12:30:00+11:00' }] } } }, 'Break 1 › Start is required'],
		['a malformed mapped employee id', { employeeId: byId('={{ "5f1a2b3c4d5e6f7a8b9c0d1" }}') }, 'Employee: "5f1a2b3c4d5e6f7a8b9c0d1" is not an employee id'],
		['a malformed mapped shift id', { additionalFields: { shiftId: byId('={{ "S-1" }}') } }, 'Shift: "S-1" is not a shift id'],
		['a start that is not a time', { startTime: 'nine tomorrow' }, 'Start Time: "nine tomorrow" is not a date and time'],
		['a start mapped to nothing', { startTime: '={{ $json.nothing }}' }, 'Start Time is required'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await f.run('rosteringTimesheet', {
			...createParameters('2027-01-11T09:00:00+11:00', '2027-01-11T17:00:00+11:00'),
			...override,
		});
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a local time the clocks skip, after reading only the location', async () => {
		const result = await f.run('rosteringTimesheet', createParameters('2026-10-04T02:30', '2026-10-04T08:00'));
		expect(result.error?.message).toBe('Start Time: 2026-10-04 02:30 does not exist in Australia/Sydney');
		expect(timesheetRequests('POST')).toHaveLength(0);
	});

	it('refuses a break in local time outside the timesheet, after reading only the location', async () => {
		const result = await f.run(
			'rosteringTimesheet',
			createParameters('2027-01-11T09:00', '2027-01-11T17:00', {
				additionalFields: { breaks: { break: [{ start: '2027-01-11T16:45', end: '2027-01-11T17:15' }] } },
			}),
		);
		expect(result.error?.message).toContain('Break 1 (2027-01-11T16:45:00+11:00 to 2027-01-11T17:15:00+11:00) is outside the timesheet');
		expect(timesheetRequests('POST')).toHaveLength(0);
	});
});

describe('Create Many', () => {
	const mapped = {
		operation: 'createMany',
		employeeId: { __rl: true, mode: 'id', value: '={{ $json.employee }}' },
		locationId: { __rl: true, mode: 'id', value: '={{ $json.location }}' },
		positionId: { __rl: true, mode: 'id', value: '={{ $json.position }}' },
		startTime: '={{ $json.start }}',
		endTime: '={{ $json.end }}',
		additionalFields: { note: '={{ $json.row }}' },
	};
	function rows(count: number): IDataObject[] {
		const { location, position, employee } = sydney();
		// One hour a day for one person from 1 July (Sydney's winter; row 100, 9 October, is in its
		// summer time) of a year past the seed's timesheets: no overlaps.
		return Array.from({ length: count }, (_, i) => {
			const day = new Date(Date.UTC(farYear(), 6, 1) + i * 86_400_000).toISOString().slice(0, 10);
			return { employee: employee.id, location: location.id, position: position.id, start: `${day}T10:00`, end: `${day}T11:00`, row: `row-${i}` };
		});
	}

	it('sends 120 input items as two batches (100 and 20) and outputs each created timesheet against its item', async () => {
		const input = rows(120);
		const result = await f.run('rosteringTimesheet', mapped, input);
		expect(result.error).toBeUndefined();
		const output = result.output('Node');
		expect(output).toHaveLength(120);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ status: 'pending', note: `row-${i}` });
			expect(String(item.json.start_time).slice(0, 16)).toBe(input[i].start);
		});
		const posts = timesheetRequests('POST');
		expect(posts.map((p) => ((p.body as IDataObject).data as unknown[]).length)).toEqual([100, 20]);
		expect(((posts[1].body as IDataObject).data as IDataObject[])[0]).toMatchObject({ note: 'row-100', start_time: `${farYear()}-10-09T10:00:00+11:00` });
		expect(new Set(posts.map((p) => p.headers['idempotency-key'])).size).toBe(2);
		expect(new Set(output.map((o) => o.json.id)).size).toBe(120);
		expect(timesheets().filter((t) => t.created_by_app)).toHaveLength(120);
	});

	it('sends nothing when one item has a break outside its timesheet', async () => {
		const input = rows(5);
		const parameters = {
			...mapped,
			additionalFields: { breaks: { break: [{ start: '={{ $json.breakStart }}', end: '={{ $json.breakEnd }}' }] } },
		};
		// July in Sydney is +10:00: each break is 10:00 to 10:15 inside its timesheet, but item 3's runs to 11:30.
		input.forEach((row) => Object.assign(row, { breakStart: `${String(row.start)}:00+10:00`, breakEnd: `${String(row.start).slice(0, 11)}10:15:00+10:00` }));
		input[3].breakEnd = `${String(input[3].start).slice(0, 11)}11:30:00+10:00`;
		const result = await f.run('rosteringTimesheet', parameters, input);
		expect(result.error?.message).toMatch(/^Item 3: Break 1 .* is outside the timesheet/);
		expect((result.error as { description?: string }).description).toMatch(/Nothing was sent/);
		expect((result.error as { description?: string }).description).not.toMatch(/Items .* are not valid/);
		expect(timesheetRequests('POST')).toHaveLength(0);
	});
});

describe('Get and Get Many', () => {
	it('reads one timesheet by id, archived or not', async () => {
		const archived = timesheets().find((t) => t.archived) ?? pendingTimesheet();
		archived.archived = true;
		const result = await f.run('rosteringTimesheet', { operation: 'get', timesheetId: byId(archived.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: archived.id, archived: true, status: archived.status })]);
		expect(timesheetRequests('GET').map((r) => r.path)).toEqual([`/v1/timesheets/${archived.id}`]);
	});

	it('shows pay only when the credential has Pay Details', async () => {
		const id = pendingTimesheet().id;
		const withPay = await f.run('rosteringTimesheet', { operation: 'get', timesheetId: byId(id) });
		expect(withPay.json('Node')[0]).toHaveProperty('pay.total');
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'pay:read'));
		const without = await f.run('rosteringTimesheet', { operation: 'get', timesheetId: byId(id) });
		expect(without.error).toBeUndefined();
		expect(without.json('Node')[0]).not.toHaveProperty('pay');
	});

	it('says the timesheet is not in this business for an unknown id', async () => {
		const result = await f.run('rosteringTimesheet', { operation: 'get', timesheetId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No timesheet 0123456789abcdef01234567 in this business');
	});

	it('returns exactly Limit timesheets with one request of that size', async () => {
		const result = await f.run('rosteringTimesheet', { operation: 'getAll', returnAll: false, limit: 5 });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(5);
		const requests = timesheetRequests('GET');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ limit: '5' });
	});

	it('filters by location and employee, returning every timesheet of that person there', async () => {
		const sample = timesheets().find((t) => !t.archived)!;
		const expected = timesheets()
			.filter((t) => !t.archived && t.location_id === sample.location_id && t.employee_id === sample.employee_id)
			.map((t) => t.id)
			.sort();
		const result = await f.run('rosteringTimesheet', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(sample.location_id), employeeId: byId(sample.employee_id) },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((t) => String(t.id)).sort()).toEqual(expected);
		const [request] = timesheetRequests('GET');
		expect(request.query).toEqual({ limit: '200', location_id: sample.location_id, employee_id: sample.employee_id });
	});

	it('splits a From/To range longer than 92 days into windows and returns each timesheet once', async () => {
		const location = locations()[0];
		const now = DateTime.fromJSDate(f.sandbox.clock.now(), { zone: location.timezone });
		const from = now.minus({ days: 100 }).toISODate()!;
		const to = now.plus({ days: 20 }).toISODate()!;
		const expected = timesheets()
			.filter((t) => {
				const day = DateTime.fromMillis(t.start_time, { zone: location.timezone }).toISODate()!;
				return !t.archived && t.location_id === location.id && day >= from && day <= to;
			})
			.map((t) => t.id)
			.sort();
		expect(expected.length).toBeGreaterThan(0);
		const result = await f.run('rosteringTimesheet', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(location.id), from: `${from}T00:00:00`, to: `${to}T00:00:00` },
		});
		expect(result.error).toBeUndefined();
		const ids = result.json('Node').map((t) => String(t.id));
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.sort()).toEqual(expected);
		const windows = [...new Set(timesheetRequests('GET').map((r) => `${r.query.from}..${r.query.to}`))];
		expect(windows).toHaveLength(2);
		expect(windows[0].startsWith(`${from}..`)).toBe(true);
		expect(windows[1].endsWith(`..${to}`)).toBe(true);
		for (const r of timesheetRequests('GET')) expect(r.status).toBe(200);
	});

	it('lists what changed since a moment, deletions included when asked', async () => {
		const since = f.sandbox.clock.now().getTime() + 3_600_000;
		f.sandbox.clock.advance(2 * 3_600_000);
		const [approved, removed] = timesheets().filter((t) => t.status === 'pending' && !t.archived);
		f.sandbox.manager.approveTimesheet(approved.id);
		removed.archived = true;
		removed.updated_at = Math.floor(f.sandbox.clock.now().getTime() / 1000) * 1000;
		const sinceText = DateTime.fromMillis(since, { zone: 'Australia/Sydney' }).toISO({ suppressMilliseconds: true })!;

		const withArchived = await f.run('rosteringTimesheet', {
			operation: 'getAll',
			returnAll: true,
			filters: { updatedSince: sinceText, includeArchived: true },
		});
		expect(withArchived.error).toBeUndefined();
		expect(withArchived.json('Node').map((t) => t.id).sort()).toEqual([approved.id, removed.id].sort());
		expect(timesheetRequests('GET')[0].query).toEqual({ limit: '200', updated_since: sinceText, include_archived: 'true' });

		f.sandbox.clearRequests();
		const without = await f.run('rosteringTimesheet', { operation: 'getAll', returnAll: true, filters: { updatedSince: sinceText } });
		expect(without.json('Node').map((t) => t.id)).toEqual([approved.id]);
		expect(timesheetRequests('GET')[0].query).toEqual({ limit: '200', updated_since: sinceText });
	});

	it.each([
		[{ employeeId: byId('={{ "nobody" }}') }, 'Filters › Employee: "nobody" is not an employee id'],
		[{ to: 'soon' }, 'Filters › To: "soon" is not a date'],
		[{ from: '2027-02-20T00:00:00', to: '2027-02-10T00:00:00' }, 'Filters › To (2027-02-10) is before From (2027-02-20)'],
	])('refuses bad filters before sending anything: %p', async (filters, message) => {
		const result = await f.run('rosteringTimesheet', { operation: 'getAll', limit: 5, filters });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Update and Delete', () => {
	it('changes only the note, sent as `note`, without reading the timesheet first', async () => {
		const timesheet = pendingTimesheet();
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: 'Left early' } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ id: timesheet.id, note: 'Left early', status: 'pending' });
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v1/timesheets/${timesheet.id}`]);
		const [patch] = timesheetRequests('PATCH');
		expect(patch.body).toEqual({ note: 'Left early' });
		expect(patch.headers['idempotency-key']).toMatch(/^n8n-/);
	});

	it('removes the note when Note is left empty', async () => {
		const timesheet = pendingTimesheet();
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: '' } });
		expect(result.error).toBeUndefined();
		expect(timesheetRequests('PATCH')[0].body).toEqual({ note: null });
		expect(result.json('Node')[0].note).toBeNull();
	});

	it('moves a timesheet by local times read at its own location, reading the timesheet first', async () => {
		const day = farDay('06-14');
		const before = await created(`${day}T09:00`, `${day}T17:00`);
		const result = await f.run('rosteringTimesheet', {
			operation: 'update',
			timesheetId: byId(String(before.id)),
			updateFields: {
				startTime: `${day}T08:30:30`,
				endTime: `${day}T16:00`,
				breaks: { break: [{ start: `${day}T12:00`, end: `${day}T12:45`, paid: false }] },
			},
		});
		expect(result.error).toBeUndefined();
		// Winter in Sydney: standard time, +10:00.
		expect(timesheetRequests('PATCH')[0].body).toEqual({
			start_time: `${day}T08:30:30+10:00`,
			end_time: `${day}T16:00:00+10:00`,
			breaks: [{ start: `${day}T12:00:00+10:00`, end: `${day}T12:45:00+10:00`, paid: false }],
		});
		expect(result.json('Node')[0]).toMatchObject({ start_time: `${day}T08:30:00+10:00`, end_time: `${day}T16:00:00+10:00` });
		expect(f.apiRequests().map((r) => r.method)).toEqual(['GET', 'GET', 'PATCH']);
		expect(f.apiRequests()[0].path).toBe(`/v1/timesheets/${String(before.id)}`);
	});

	it('checks new breaks against the stored times, refusing one outside without changing anything', async () => {
		const day = farDay('06-14', 1);
		const before = await created(`${day}T09:00:00+10:00`, `${day}T17:00:00+10:00`);
		const result = await f.run('rosteringTimesheet', {
			operation: 'update',
			timesheetId: byId(String(before.id)),
			updateFields: { breaks: { break: [{ start: `${day}T16:45:00+10:00`, end: `${day}T17:15:00+10:00` }] } },
		});
		expect(result.error?.message).toBe(
			`Break 1 (${day}T16:45:00+10:00 to ${day}T17:15:00+10:00) is outside the timesheet (${day}T09:00:00+10:00 to ${day}T17:00:00+10:00)`,
		);
		expect(f.apiRequests().map((r) => r.method)).toEqual(['GET']);
	});

	it('checks a new start against the stored end when it reads the timesheet for the breaks anyway', async () => {
		const day = farDay('06-14', 2);
		const before = await created(`${day}T09:00:00+10:00`, `${day}T17:00:00+10:00`);
		const result = await f.run('rosteringTimesheet', {
			operation: 'update',
			timesheetId: byId(String(before.id)),
			updateFields: {
				startTime: `${day}T18:00:00+10:00`,
				breaks: { break: [{ start: `${day}T18:30:00+10:00`, end: `${day}T19:00:00+10:00` }] },
			},
		});
		expect(result.error?.message).toBe(`End Time (${day}T17:00:00+10:00) is not after Start Time (${day}T18:00:00+10:00)`);
		expect(f.apiRequests().map((r) => r.method)).toEqual(['GET']);
	});

	it('explains that an approved timesheet can no longer be changed or deleted', async () => {
		const timesheet = pendingTimesheet();
		f.sandbox.manager.approveTimesheet(timesheet.id);
		const update = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(timesheet.id), updateFields: { note: 'late' } });
		expect(update.error?.message).toBe('The timesheet is no longer pending, so it can no longer be changed or deleted');
		const remove = await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId(timesheet.id) });
		expect(remove.error?.message).toBe('The timesheet is no longer pending, so it can no longer be changed or deleted');
		expect(f.apiRequests().map((r) => `${r.method} ${r.status}`)).toEqual(['PATCH 409', 'DELETE 409']);
		expect(f.sandbox.store.t.timesheets.get(timesheet.id)).toMatchObject({ archived: false, status: 'approved' });
	});

	it.each([
		['an empty change', {}, 'Update Fields is empty'],
		['an end before the start', { startTime: '2027-06-14T10:00:00+10:00', endTime: '2027-06-14T09:00:00+10:00' }, 'End Time (2027-06-14T09:00:00+10:00) is not after Start Time (2027-06-14T10:00:00+10:00)'],
		['a break outside the new times', { startTime: '2027-06-14T10:00:00+10:00', endTime: '2027-06-14T12:00:00+10:00', breaks: { break: [{ start: '2027-06-14T11:30:00+10:00', end: '2027-06-14T12:30:00+10:00' }] } }, 'Break 1 (2027-06-14T11:30:00+10:00 to 2027-06-14T12:30:00+10:00) is outside the timesheet'],
		['an end that is not a time', { endTime: '5pm' }, 'End Time: "5pm" is not a date and time'],
		['a malformed position id', { positionId: byId('={{ "5f1a2b3c4d5e6f7a8b9c0d" }}') }, 'Position: "5f1a2b3c4d5e6f7a8b9c0d" is not a position id'],
	])('refuses %s before sending anything', async (_, updateFields, message) => {
		const result = await f.run('rosteringTimesheet', { operation: 'update', timesheetId: byId(pendingTimesheet().id), updateFields });
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a malformed mapped timesheet id before sending anything', async () => {
		const result = await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId('={{ $json.id }}') }, [{ id: 'TS-9' }]);
		expect(result.error?.message).toBe('Timesheet: "TS-9" is not a timesheet id');
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('deletes (archives) a pending timesheet', async () => {
		const timesheet = pendingTimesheet();
		const result = await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId(timesheet.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([{ id: timesheet.id, deleted: true }]);
		expect(timesheetRequests('DELETE').map((r) => r.path)).toEqual([`/v1/timesheets/${timesheet.id}`]);
		expect(f.sandbox.store.t.timesheets.get(timesheet.id)!.archived).toBe(true);
	});
});

describe('pickers', () => {
	async function pick(method: string, parameters: IDataObject = {}, filter?: string) {
		return await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringTimesheet',
				parameters: { operation: 'create', ...parameters },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method,
			credentials: f.credentials as never,
			filter,
		});
	}

	it('lists timesheets of the last four weeks with their local times and status', async () => {
		const { results } = await pick('searchTimesheets', { operation: 'get' });
		expect(results.length).toBeGreaterThan(5);
		for (const r of results) expect(r.name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}–(\d{2}:\d{2}|open) · (pending|approved|rejected|active|posted|warning|skipped)$/);
		const known = new Set(timesheets().map((t) => t.id));
		expect(results.every((r) => known.has(String(r.value)))).toBe(true);
		// Typing filters the list: the open timesheets (still clocked in) show an open end.
		const open = await pick('searchTimesheets', { operation: 'get' }, 'open · active');
		const expected = timesheets().filter((t) => t.end_time === null && !t.archived).map((t) => t.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(open.results.map((r) => r.value).sort()).toEqual(expected.sort());
	});

	it('lists the positions of the location chosen in the node only', async () => {
		const location = locationIn('Australia/Perth');
		f.sandbox.clearRequests();
		const { results } = await pick('searchPositions', { locationId: { __rl: true, mode: 'list', value: location.id } });
		const expected = [...f.sandbox.store.t.positions.values()].filter((p) => p.location_id === location.id && !p.archived);
		expect(results.map((r) => r.value).sort()).toEqual(expected.map((p) => p.id).sort());
		expect(f.sandbox.requests[0].query).toMatchObject({ location_id: location.id });
	});

	it('lists the shifts of the location chosen in the node, and the locations and employees', async () => {
		const location = locationIn('Australia/Sydney');
		f.sandbox.clearRequests();
		const shifts = await pick('searchShifts', { locationId: { __rl: true, mode: 'list', value: location.id } });
		expect(shifts.results.length).toBeGreaterThan(0);
		for (const r of shifts.results) expect(f.sandbox.store.t.shifts.get(String(r.value))!.location_id).toBe(location.id);
		const locationsFound = await pick('searchLocations', {}, 'quay');
		expect(locationsFound.results).toEqual([{ name: 'Circular Quay Café (Australia/Sydney)', value: location.id }]);
		const employees = await pick('searchEmployees');
		expect(employees.results.length).toBeGreaterThan(0);
	});
});
