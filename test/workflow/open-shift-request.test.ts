/**
 * The Open Shift Request node against the sandbox: the list (every request once, by when it was
 * made), each filter sent as the API's query parameter, and the consistency the service keeps: a
 * request disappears when the Shift node deletes its shift, or gives the person an overlapping
 * shift (create or update). Also Limit, the missing permission and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, byId, useFixture } from './fixture';

const f = useFixture();

const t = () => f.sandbox.store.t;
/** The requests in the store, in the order the list gives them: when made, then id. */
const stored = () =>
	[...t().openShiftRequests.values()]
		.filter((r) => r.business_id === f.sandbox.store.mainBusinessId)
		.sort((a, b) => a.requested_at - b.requested_at || (a.id < b.id ? -1 : 1));
const requestCalls = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/open-shift-requests');
const ids = (records: ReadonlyArray<{ id?: unknown }>) => records.map((r) => String(r.id));

async function list(extra: IDataObject = {}) {
	const result = await f.run('rosteringOpenShiftRequest', { operation: 'getAll', returnAll: true, ...extra });
	expect(result.error).toBeUndefined();
	return result.json('Node');
}
/** A request whose person has no other shift at the time of the requested one. */
function requestOfAFreePerson(also: (r: ReturnType<typeof stored>[number]) => boolean = () => true) {
	return stored().find((r) => {
		const shift = t().shifts.get(r.shift_id)!;
		return ![...t().shifts.values()].some(
			(s) => !s.archived && s.employee_id === r.employee_id && s.start_time < shift.end_time && shift.start_time < s.end_time,
		) && also(r);
	})!;
}
/** The requests left once the person is on a shift from start to end: theirs for overlapping shifts go. */
const leftAfterGiving = (employeeId: string, start: number, end: number, before: ReturnType<typeof stored>) =>
	before.filter((r) => {
		const shift = t().shifts.get(r.shift_id)!;
		return r.employee_id !== employeeId || !(shift.start_time < end && start < shift.end_time);
	});

describe('Get Many', () => {
	it('Return All lists every request once, by when it was made, at 200 a page', async () => {
		const rows = await list();
		expect(stored().length).toBeGreaterThan(3);
		expect(ids(rows)).toEqual(ids(stored()));
		expect(rows[0]).toEqual(f.sandbox.store.openShiftRequests.find((r) => r.id === rows[0].id));
		expect(requestCalls().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('stops at Limit, asking only for that many', async () => {
		const rows = await list({ returnAll: false, limit: 3 });
		expect(ids(rows)).toEqual(ids(stored().slice(0, 3)));
		expect(requestCalls().map((r) => r.query)).toEqual([{ limit: '3' }]);
	});

	it.each([
		['shiftId', 'shift_id'],
		['employeeId', 'employee_id'],
		['locationId', 'location_id'],
	] as const)('filters by %s, sent as %s', async (filter, parameter) => {
		// The value the most requests share, so the filter has something to leave out and keep.
		const counts = new Map<string, number>();
		for (const r of stored()) counts.set(r[parameter], (counts.get(r[parameter]) ?? 0) + 1);
		const [value] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
		const expected = stored().filter((r) => r[parameter] === value);
		expect(expected.length).toBeLessThan(stored().length);
		const rows = await list({ filters: { [filter]: byId(value) } });
		expect(ids(rows)).toEqual(ids(expected));
		expect(requestCalls()[0].query).toEqual({ [parameter]: value, limit: '200' });
	});

	it('filters by last change, sent as updated_since', async () => {
		// The second-earliest change: the requests last changed before it are left out.
		const middle = [...new Set(stored().map((r) => r.updated_at))].sort((a, b) => a - b)[1];
		const since = f.sandbox.store.openShiftRequests.find((r) => Date.parse(String(r.updated_at)) === middle)!.updated_at as string;
		const expected = stored().filter((r) => r.updated_at >= middle);
		expect(expected.length).toBeLessThan(stored().length);
		const rows = await list({ filters: { updatedSince: since } });
		expect(ids(rows)).toEqual(ids(expected));
		expect(requestCalls()[0].query).toEqual({ updated_since: since, limit: '200' });
	});

	it('names the permission to grant when the connection cannot read rosters', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read'));
		const result = await f.run('rosteringOpenShiftRequest', { operation: 'getAll', limit: 5 });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read');
	});

	it.each([
		[{ filters: { shiftId: byId('={{ "open-3" }}') } }, 'Filters › Shift: "open-3" is not a shift id'],
		[{ filters: { employeeId: byId('={{ $json.nobody }}') } }, 'Filters › Employee is required'],
		[{ filters: { updatedSince: 'a while ago' } }, 'Filters › Updated Since: "a while ago" is not a date and time'],
		[{ limit: -2 }, 'Limit: -2 is not allowed'],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringOpenShiftRequest', { operation: 'getAll', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('consistency with the Shift node', () => {
	it('a request disappears when the Shift node deletes its shift', async () => {
		const before = stored();
		const shiftId = before[0].shift_id;
		const result = await f.run('rosteringShift', { operation: 'delete', shiftId: byId(shiftId) });
		expect(result.error).toBeUndefined();
		expect(ids(await list())).toEqual(ids(before.filter((r) => r.shift_id !== shiftId)));
		expect(await list({ filters: { shiftId: byId(shiftId) } })).toEqual([]);
	});

	it('a request disappears when the Shift node creates an overlapping shift for the person', async () => {
		const before = stored();
		// Free for the hour after the shift too: the shift created runs an hour later (on some dates the
		// person worked then, and the service refused the clash: SUITE_NOW=2027-10-02T16:30:00Z).
		const hourLater = (r: { employee_id: string; shift_id: string }) => {
			const shift = t().shifts.get(r.shift_id)!;
			return ![...t().shifts.values()].some((s) => !s.archived && s.employee_id === r.employee_id && s.start_time < shift.end_time + 3_600_000 && shift.start_time + 3_600_000 < s.end_time);
		};
		const request = requestOfAFreePerson(hourLater);
		const open = t().shifts.get(request.shift_id)!;
		const location = t().locations.get(open.location_id)!;
		const created = await f.run('rosteringShift', {
			operation: 'create',
			locationId: byId(open.location_id),
			positionId: byId(open.position_id),
			// An hour later than the open shift, in local time at its location.
			startTime: new Date(open.start_time + 3_600_000).toLocaleString('sv', { timeZone: location.timezone }).replace(' ', 'T'),
			endTime: new Date(open.end_time + 3_600_000).toLocaleString('sv', { timeZone: location.timezone }).replace(' ', 'T'),
			additionalFields: { employeeId: byId(request.employee_id) },
		});
		expect(created.error).toBeUndefined();
		const rows = await list();
		expect(ids(rows)).not.toContain(request.id);
		expect(ids(rows)).toEqual(ids(leftAfterGiving(request.employee_id, open.start_time + 3_600_000, open.end_time + 3_600_000, before)));
	});

	it('a request disappears when the Shift node gives the person the open shift (update)', async () => {
		const before = stored();
		// One of two people who asked for the same shift.
		const request = requestOfAFreePerson((r) => before.some((o) => o.shift_id === r.shift_id && o.employee_id !== r.employee_id));
		const open = t().shifts.get(request.shift_id)!;
		const others = before.filter((r) => r.shift_id === open.id && r.id !== request.id);
		expect(others.length).toBeGreaterThan(0);
		const updated = await f.run('rosteringShift', { operation: 'update', shiftId: byId(open.id), updateFields: { employeeId: byId(request.employee_id) } });
		expect(updated.error).toBeUndefined();
		const rows = await list();
		expect(ids(rows)).not.toContain(request.id);
		expect(ids(rows)).toEqual(ids(leftAfterGiving(request.employee_id, open.start_time, open.end_time, before)));
		// Other people's requests for that shift are theirs to keep (the service removes only the person's own).
		for (const r of others) expect(ids(rows)).toContain(r.id);
	});
});
