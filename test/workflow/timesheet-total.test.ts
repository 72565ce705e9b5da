/**
 * The Timesheet Total node against the sandbox: one row per person, added up again here from the
 * timesheets the sandbox holds (approved and pending only, by the local day each started at its
 * location, each figure rounded once), moved by timesheets created and deleted through the Timesheet
 * node, and From/To, filters and permission refused before or as the service would.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, byId, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { locationIn, positionAt } = seedLookups(() => f);
const zone = (locationId: unknown) => f.sandbox.store.t.locations.get(String(locationId))!.timezone;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** The calendar day a timesheet started on, at its location. */
const localDay = (t: IDataObject) => DateTime.fromISO(String(t.start_time)).setZone(zone(t.location_id)).toISODate()!;
/** Paid minutes of a closed timesheet, from its times and unpaid breaks. */
const paidMinutes = (t: IDataObject) =>
	(Date.parse(String(t.end_time)) - Date.parse(String(t.start_time))) / 60000 -
	(t.breaks as IDataObject[]).filter((b) => !b.paid).reduce((sum, b) => sum + (Date.parse(String(b.end)) - Date.parse(String(b.start))) / 60000, 0);
const inRange = (from: string, to: string) => (f.sandbox.store.timesheets as IDataObject[]).filter((t) => localDay(t) >= from && localDay(t) <= to);

/** The totals the node should output, added up here from the sandbox's timesheets. */
function totals(from: string, to: string, only: { locationId?: string; employeeId?: string } = {}): IDataObject[] {
	const rows = new Map<string, { approved: number; pending: number; count: number }>();
	for (const t of inRange(from, to)) {
		if (t.archived || t.end_time === null || (t.status !== 'approved' && t.status !== 'pending')) continue;
		if ((only.locationId && t.location_id !== only.locationId) || (only.employeeId && t.employee_id !== only.employeeId)) continue;
		const row = rows.get(String(t.employee_id)) ?? { approved: 0, pending: 0, count: 0 };
		row[t.status] += paidMinutes(t);
		row.count += 1;
		rows.set(String(t.employee_id), row);
	}
	return [...rows.entries()]
		.sort(([a], [b]) => (a < b ? -1 : 1))
		.map(([employee_id, r]) => ({
			employee_id,
			from,
			to,
			approved_hours: round2(r.approved / 60),
			pending_hours: round2(r.pending / 60),
			total_hours: round2((r.approved + r.pending) / 60),
			timesheet_count: r.count,
		}));
}

const week = (days: number) => DateTime.fromISO(f.sandbox.anchorWeek).plus({ days }).toISODate()!;
const totalRequests = () => f.apiRequests().filter((r) => r.path === '/v1/timesheet-totals');
const get = (params: IDataObject, items?: IDataObject[]) => f.run('rosteringTimesheetTotal', { operation: 'get', ...params }, items);

describe('Get', () => {
	it('adds up approved and pending timesheets per person, leaving every other status and deleted ones out', async () => {
		const from = week(-21);
		const to = week(6);
		// A pending timesheet deleted through the Timesheet node is kept, archived, and must not count.
		const deleted = inRange(from, to).find((t) => t.status === 'pending' && !t.archived)!;
		expect((await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId(String(deleted.id)) })).error).toBeUndefined();
		f.sandbox.clearRequests();
		// The range holds timesheets of every status the totals leave out, so leaving them out shows.
		const statuses = new Set(inRange(from, to).map((t) => (t.archived ? 'archived' : t.status)));
		for (const s of ['approved', 'pending', 'rejected', 'active', 'posted', 'warning', 'skipped', 'archived']) expect(statuses).toContain(s);
		const result = await get({ from, to });
		expect(result.error).toBeUndefined();
		const expected = totals(from, to);
		expect(expected.length).toBeGreaterThan(10);
		expect(result.json('Node')).toEqual(expected);
		const counted = expected.reduce((sum, r) => sum + Number(r.timesheet_count), 0);
		expect(counted).toBeLessThan(inRange(from, to).length);
		expect(totalRequests().map((r) => r.query)).toEqual([{ from, to, limit: '200' }]);
	});

	it('counts a timesheet on the day it started where it was worked, not the UTC day', async () => {
		const location = locationIn('Australia/Sydney');
		const day = week(-3);
		const result = await get({ from: `${day}T00:00:00`, to: day, filters: { locationId: byId(location.id) } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual(totals(day, day, { locationId: location.id }));
		// Sydney's morning timesheets start on the previous UTC day: the UTC day holds other timesheets
		// (compared as sets: on some dates the two days hold as many, SUITE_NOW=2027-04-03T15:30:00Z).
		const counted = (dayOf: (t: IDataObject) => string) =>
			(f.sandbox.store.timesheets as IDataObject[])
				.filter((t) => t.location_id === location.id && ['approved', 'pending'].includes(String(t.status)) && !t.archived && t.end_time !== null && dayOf(t) === day)
				.map((t) => String(t.id))
				.sort();
		const local = counted(localDay);
		expect(counted((t) => new Date(String(t.start_time)).toISOString().slice(0, 10))).not.toEqual(local);
		expect(result.json('Node').reduce((sum, r) => sum + Number(r.timesheet_count), 0)).toBe(local.length);
		expect(totalRequests()[0].query).toEqual({ from: day, to: day, location_id: location.id, limit: '200' });
	});

	it('filters by person, sent as employee_id, and outputs every row whatever Limit was left behind', async () => {
		const from = week(-14);
		const to = week(0);
		const person = String(totals(from, to)[0].employee_id);
		const one = await get({ from, to, filters: { employeeId: byId(person) } });
		expect(one.error).toBeUndefined();
		expect(one.json('Node')).toEqual(totals(from, to, { employeeId: person }));
		expect(totalRequests()[0].query).toEqual({ from, to, employee_id: person, limit: '200' });
		const all = await get({ from, to, limit: 2, returnAll: false });
		expect(all.json('Node')).toEqual(totals(from, to));
		expect(all.json('Node').length).toBeGreaterThan(2);
	});

	it('moves with timesheets created, approved and deleted through the Timesheet node, rounding each figure once', async () => {
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const person = [...f.sandbox.store.t.employees.values()].find(
			(e) => e.business_id === f.sandbox.store.mainBusinessId && e.shared && e.employment_id && e.location_ids.length === 0 && !e.excluded_position_ids.includes(position.id),
		)!;
		const range = { from: '2030-03-01', to: '2030-03-31', filters: { employeeId: byId(person.id) } };
		expect((await get(range)).json('Node')).toEqual([]);
		const created: IDataObject[] = [];
		for (const [start, end] of [['2030-03-04T09:00', '2030-03-04T13:20'], ['2030-03-05T09:00', '2030-03-05T11:40'], ['2030-03-06T09:00', '2030-03-06T09:10']]) {
			const result = await f.run('rosteringTimesheet', {
				operation: 'create',
				employeeId: byId(person.id),
				locationId: byId(location.id),
				positionId: byId(position.id),
				startTime: start,
				endTime: end,
			});
			expect(result.error).toBeUndefined();
			created.push(result.json('Node')[0]);
		}
		const pending = await get(range);
		expect(pending.json('Node')).toEqual([{ employee_id: person.id, from: range.from, to: range.to, approved_hours: 0, pending_hours: 7.17, total_hours: 7.17, timesheet_count: 3 }]);
		// A manager approves the 4h20 one: 4.33 approved, 2h50 = 2.83 pending, 7h10 = 7.17 in all (not 4.33 + 2.83).
		f.sandbox.manager.approveTimesheet(String(created[0].id));
		const [row] = (await get(range)).json('Node');
		expect(row).toEqual(totals(range.from, range.to, { employeeId: person.id })[0]);
		expect(row).toMatchObject({ approved_hours: 4.33, pending_hours: 2.83, total_hours: 7.17, timesheet_count: 3 });
		expect(round2(Number(row.approved_hours) + Number(row.pending_hours))).toBe(7.16);
		const removed = await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId(String(created[1].id)) });
		expect(removed.error).toBeUndefined();
		expect((await get(range)).json('Node')).toEqual([
			{ employee_id: person.id, from: range.from, to: range.to, approved_hours: 4.33, pending_hours: 0.17, total_hours: 4.5, timesheet_count: 2 },
		]);
	});

	it('names the permission to grant when the connection cannot read timesheets', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'timesheets:read'));
		const result = await get({ from: week(0), to: week(6) });
		expect(result.error?.message).toBe('The connection is missing a permission: timesheets:read');
	});

	it.each([
		['a missing From', { from: '' }, 'Parameter "From" is required'],
		['a From mapped to nothing', { from: '={{ $json.nothing }}' }, 'From is required'],
		['a To mapped to an empty value', { to: '={{ "" }}' }, 'To is required'],
		['a To that is not a date', { to: 'end of March' }, 'To: "end of March" is not a date'],
		['a To before From', { from: '2026-03-31', to: '2026-03-01' }, 'To (2026-03-01) is before From (2026-03-31)'],
		['a malformed employee id from an expression', { filters: { employeeId: byId('={{ "E-12" }}') } }, 'Filters › Employee: "E-12" is not an employee id'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await get({ from: '2026-03-01', to: '2026-03-31', ...override }, [{}]);
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});
