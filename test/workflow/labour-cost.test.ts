/**
 * The Labour Cost node against the sandbox: one row per day and location, zeros included, its
 * rostered and actual figures added up again here from the sandbox's shifts and timesheets, each
 * figure shown only to a connection allowed to see it, and moved by a shift created through the
 * Shift node; bad input refused before anything is sent.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, byId, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { locations, locationIn, positionAt, employeesFor } = seedLookups(() => f);
const round2 = (n: number) => Math.round(n * 100) / 100;
const zone = (locationId: unknown) => f.sandbox.store.t.locations.get(String(locationId))!.timezone;
const localDay = (r: IDataObject) => DateTime.fromISO(String(r.start_time)).setZone(zone(r.location_id)).toISODate()!;
const counted = (t: IDataObject) => !t.archived && t.end_time !== null && (t.status === 'approved' || t.status === 'pending');
const sum = (records: IDataObject[], value: (r: IDataObject) => unknown) => round2(records.reduce((s, r) => s + Number(value(r)), 0));

/** The rows the node should output, added up here from the sandbox's shifts and timesheets. */
function costs(from: string, to: string, locationId?: string): IDataObject[] {
	const byDay = new Map<string, { shifts: IDataObject[]; sheets: IDataObject[] }>();
	const at = (r: IDataObject) => {
		const key = `${localDay(r)} ${String(r.location_id)}`;
		if (!byDay.has(key)) byDay.set(key, { shifts: [], sheets: [] });
		return byDay.get(key)!;
	};
	for (const s of f.sandbox.store.shifts as IDataObject[]) if (!s.archived) at(s).shifts.push(s);
	for (const t of f.sandbox.store.timesheets as IDataObject[]) if (counted(t)) at(t).sheets.push(t);
	const places = (locationId ? [locationId] : locations().map((l) => l.id)).sort();
	const rows: IDataObject[] = [];
	for (let day = DateTime.fromISO(from); day.toISODate()! <= to; day = day.plus({ days: 1 })) {
		const date = day.toISODate()!;
		for (const location_id of places) {
			const { shifts, sheets } = byDay.get(`${date} ${location_id}`) ?? { shifts: [], sheets: [] };
			rows.push({
				date,
				location_id,
				rostered_hours: sum(shifts, (s) => s.paid_hours),
				rostered_cost: sum(shifts, (s) => (s.cost as IDataObject | null)?.total ?? 0),
				actual_hours: sum(sheets, (t) => t.paid_hours),
				actual_cost: sum(sheets, (t) => (t.pay as IDataObject).total),
			});
		}
	}
	return rows;
}

const week = (days: number) => DateTime.fromISO(f.sandbox.anchorWeek).plus({ days }).toISODate()!;
const costRequests = () => f.apiRequests().filter((r) => r.path === '/v1/labour-costs');
const getMany = (params: IDataObject, items?: IDataObject[]) => f.run('rosteringLabourCost', { operation: 'getAll', ...params }, items);

describe('Get Many', () => {
	it('Return All gives every day at every active location once, days without work as zeros, 200 rows a page', async () => {
		// From two weeks before the anchor week to two weeks past the last seeded shift: more than 200 rows.
		const from = week(-14);
		const to = week(7 * 8 + 6);
		const result = await getMany({ from, to, returnAll: true });
		expect(result.error).toBeUndefined();
		const expected = costs(from, to);
		expect(expected.length).toBe(locations().length * 77);
		expect(result.json('Node')).toEqual(expected);
		const quiet = expected.filter((r) => String(r.date) > week(7 * 7));
		expect(quiet.length).toBeGreaterThan(0);
		for (const r of quiet) expect(r).toMatchObject({ rostered_hours: 0, rostered_cost: 0, actual_hours: 0, actual_cost: 0 });
		expect(expected.some((r) => Number(r.rostered_cost) > 0 && Number(r.actual_cost) > 0)).toBe(true);
		expect(result.json('Node').map((r) => r.location_id)).not.toContain(f.sandbox.store.locations.find((l) => l.archived)!.id);
		const queries = costRequests().map((r) => r.query);
		expect(queries).toEqual([{ from, to, limit: '200' }, { from, to, limit: '200', after: expect.any(String) }]);
	});

	it('stops at Limit, asking only for that many, and filters by location', async () => {
		const location = locationIn('Australia/Perth');
		const from = week(-7);
		const to = week(-1);
		const result = await getMany({ from, to, limit: 3, filters: { locationId: byId(location.id) } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual(costs(from, to, location.id).slice(0, 3));
		expect(costRequests().map((r) => r.query)).toEqual([{ from, to, location_id: location.id, limit: '3' }]);
	});

	it('moves the rostered figures of the day a shift is created on through the Shift node, and only those', async () => {
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		// Overnight, after the seeded shifts end (23:30): its hours count on the day it starts.
		const [startTime, endTime] = [`${week(8)}T23:45`, `${week(9)}T04:15`];
		const [start, end] = [startTime, endTime].map((time) => DateTime.fromISO(time, { zone: location.timezone }).toMillis());
		// Someone who may work there and has no shift then (the service refuses an overlap with 409):
		// a seeded evening in Brisbane or Perth runs past 23:45 in Sydney while Sydney keeps summer
		// time, so the person who may work anywhere, asked first, is not always free.
		const free = (id: string) => ![...f.sandbox.store.t.shifts.values()].some((s) => s.employee_id === id && !s.archived && s.start_time < end && start < s.end_time);
		const anywhereFirst = employeesFor(location.id, position.id).sort((a, b) => Number(b.location_ids.length === 0) - Number(a.location_ids.length === 0));
		const person = anywhereFirst.find((e) => free(e.id))!;
		const range = { from: week(7), to: week(9), returnAll: true, filters: { locationId: byId(location.id) } };
		const before = (await getMany(range)).json('Node');
		expect(Number(before[1].rostered_hours)).toBeGreaterThan(0);
		const created = await f.run('rosteringShift', {
			operation: 'create',
			locationId: byId(location.id),
			positionId: byId(position.id),
			startTime,
			endTime,
			additionalFields: { employeeId: byId(person.id) },
		});
		expect(created.error).toBeUndefined();
		const shift = created.json('Node')[0];
		expect(Number(shift.paid_hours)).toBeGreaterThan(3);
		expect(Number((shift.cost as IDataObject).total)).toBeGreaterThan(0);
		const after = (await getMany(range)).json('Node');
		expect(after).toEqual(costs(range.from, range.to, location.id));
		expect(after[1]).toEqual({
			...before[1],
			rostered_hours: round2(Number(before[1].rostered_hours) + Number(shift.paid_hours)),
			rostered_cost: round2(Number(before[1].rostered_cost) + Number((shift.cost as IDataObject).total)),
		});
		expect([after[0], after[2]]).toEqual([before[0], before[2]]);
	});

	it.each([
		['roster:read and pay:read', ['roster:read', 'pay:read'], ['rostered_cost', 'rostered_hours']],
		['roster:read', ['roster:read'], ['rostered_hours']],
		['timesheets:read', ['timesheets:read'], ['actual_hours']],
		['timesheets:read and pay:read', ['timesheets:read', 'pay:read'], ['actual_cost', 'actual_hours']],
		['roster:read and timesheets:read', ['roster:read', 'timesheets:read'], ['actual_hours', 'rostered_hours']],
	])('with only %s shows only the figures those allow', async (_, scopes, figures) => {
		f.connect(scopes);
		const location = locationIn('Australia/Brisbane');
		const from = week(-2);
		const to = week(-1);
		const result = await getMany({ from, to, returnAll: true, filters: { locationId: byId(location.id) } });
		expect(result.error).toBeUndefined();
		const full = costs(from, to, location.id);
		const keep = (row: IDataObject) => Object.fromEntries(Object.entries(row).filter(([k]) => ['date', 'location_id', ...figures].includes(k)));
		expect(result.json('Node')).toEqual(full.map(keep));
	});

	it('names both permissions when the connection can read neither rosters nor timesheets', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read' && p !== 'timesheets:read'));
		const result = await getMany({ from: week(0), to: week(6), returnAll: true });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read or timesheets:read');
	});

	it.each([
		['a From mapped to nothing', { from: '={{ $json.nothing }}' }, 'From is required'],
		['a missing To', { to: '' }, 'Parameter "To" is required'],
		['a From that is not a date', { from: '2026-02-30' }, 'From: "2026-02-30" is not a date'],
		['a To before From', { from: '2026-03-31', to: '2026-03-01' }, 'To (2026-03-01) is before From (2026-03-31)'],
		['a malformed location id from an expression', { filters: { locationId: byId('={{ "cafe-1" }}') } }, 'Filters › Location: "cafe-1" is not a location id'],
		['a Limit of 0', { limit: 0 }, 'Limit: 0 is not allowed'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await getMany({ from: '2026-03-01', to: '2026-03-31', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});
