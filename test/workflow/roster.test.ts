/**
 * The Roster node against the sandbox: one roster per location per week, whose shift count and
 * "published" follow the shifts in the store (also after the Shift node changes or deletes one),
 * reading never creates a roster, every filter sent as the API's query parameter, the picker's
 * labels, and bad input refused before sending.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { locations } = seedLookups(() => f);
const rosters = () => f.sandbox.store.rosters as IDataObject[];
const rosterRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/rosters'));
const ids = (records: IDataObject[]) => records.map((r) => String(r.id)).sort();
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The Monday of a calendar day's week. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
/** Rosters whose week (Monday to Sunday) overlaps from..to. */
const overlapping = (from: string, to: string) =>
	rosters().filter((r) => String(r.week_start_date) <= to && addDays(String(r.week_start_date), 6) >= from);

/**
 * What each roster should say, worked out from the shifts in the store (read once): those of its
 * location starting (local day) in its week, keyed "<location> <Monday>".
 */
function figuresFromShifts(): (r: IDataObject) => { shift_count: number; published: boolean } {
	const weeks = new Map<string, IDataObject[]>();
	for (const s of f.sandbox.store.list('shifts', { pay: false })) {
		if (s.archived) continue;
		const key = `${s.location_id} ${mondayOf(String(s.start_time).slice(0, 10))}`;
		weeks.set(key, [...(weeks.get(key) ?? []), s as IDataObject]);
	}
	return (r) => {
		const shifts = weeks.get(`${r.location_id} ${r.week_start_date}`) ?? [];
		return { shift_count: shifts.length, published: shifts.length > 0 && shifts.every((s) => s.status === 'published') };
	};
}
/** A published shift more than two days ahead in a published roster, and that roster. */
function futureShiftAndRoster() {
	const now = f.sandbox.clock.now().getTime();
	const published = new Map(rosters().filter((r) => r.published).map((r) => [r.id, r]));
	const shift = (f.sandbox.store.shifts as IDataObject[]).find(
		(s) => !s.archived && s.status === 'published' && published.has(s.roster_id) && Date.parse(String(s.start_time)) > now + 2 * 86_400_000,
	)!;
	return { shift, roster: published.get(shift.roster_id)! };
}

describe('Get', () => {
	it('reads one roster by id, its figures those of its shifts', async () => {
		const roster = rosters()[10];
		const result = await f.run('rosteringRoster', { operation: 'get', rosterId: byId(String(roster.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([roster]);
		expect(result.json('Node')[0]).toMatchObject(figuresFromShifts()(roster));
		expect(rosterRequests().map((r) => r.path)).toEqual([`/v1/rosters/${roster.id}`]);
	});

	it('follows the Shift node: a changed shift makes the week unpublished, a deleted one lowers the count', async () => {
		const { shift, roster } = futureShiftAndRoster();
		expect(roster.published).toBe(true);
		const get = async () => (await f.run('rosteringRoster', { operation: 'get', rosterId: byId(String(roster.id)) })).json('Node')[0];
		expect((await f.run('rosteringShift', { operation: 'update', shiftId: byId(String(shift.id)), updateFields: { notes: 'Keys' } })).error).toBeUndefined();
		expect(await get()).toMatchObject({ shift_count: roster.shift_count, published: false });
		expect((await f.run('rosteringShift', { operation: 'delete', shiftId: byId(String(shift.id)) })).error).toBeUndefined();
		const after = await get();
		expect(after.shift_count).toBe(Number(roster.shift_count) - 1);
		expect(after).toMatchObject(figuresFromShifts()(roster));
	});

	it('on an unknown id says the roster may not exist or the guessed address may be wrong', async () => {
		const result = await f.run('rosteringRoster', { operation: 'get', rosterId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('The service has nothing at /v1/rosters/{id} for roster 0123456789abcdef01234567');
	});

	it('names the permission to grant when the connection cannot read rosters', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read'));
		const result = await f.run('rosteringRoster', { operation: 'get', rosterId: byId(String(rosters()[0].id)) });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read');
	});

	it.each([
		['a malformed typed id', byId('week-48'), /A roster id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.roster }}'), /^Roster: "R-17" is not a roster id$/],
	])('refuses %s before sending anything', async (_, rosterId, message) => {
		const result = await f.run('rosteringRoster', { operation: 'get', rosterId }, [{ roster: 'R-17' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get Many', () => {
	it('Return All over a range gives one roster per location and week, each once, figures from the shifts', async () => {
		const weeks = [...new Set(rosters().map((r) => String(r.week_start_date)))].sort();
		const from = addDays(weeks[2], 3);
		const to = addDays(weeks[6], 1);
		const result = await f.run('rosteringRoster', { operation: 'getAll', returnAll: true, filters: { from, to } });
		expect(result.error).toBeUndefined();
		const output = result.json('Node');
		const expected = overlapping(from, to);
		expect(ids(output)).toEqual(ids(expected));
		expect(new Set(output.map((r) => `${r.location_id} ${r.week_start_date}`)).size).toBe(output.length);
		// Weeks 2 to 6, at every active location.
		expect(output).toHaveLength(5 * locations().length);
		const figures = figuresFromShifts();
		for (const r of output) expect(r).toMatchObject(figures(r));
		expect(rosterRequests().map((r) => r.query)).toEqual([{ from, to, limit: '200' }]);
	});

	it('reading never creates a roster, even for a week nobody has rostered', async () => {
		const before = f.sandbox.store.t.rosters.size;
		const location = locations()[0].id;
		const result = await f.run('rosteringRoster', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(location), from: '2031-03-03', to: '2031-03-09' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([]);
		await f.run('rosteringRoster', { operation: 'getAll', returnAll: true });
		expect(f.sandbox.store.t.rosters.size).toBe(before);
		expect(rosterRequests()[0].query).toEqual({ location_id: location, from: '2031-03-03', to: '2031-03-09', limit: '200' });
	});

	it('filters by location, and stops at Limit asking only for that many', async () => {
		const location = locations()[1].id;
		const result = await f.run('rosteringRoster', { operation: 'getAll', limit: 4, filters: { locationId: byId(location) } });
		expect(result.error).toBeUndefined();
		const byWeek = rosters()
			.filter((r) => r.location_id === location)
			.sort((a, b) => String(a.week_start_date).localeCompare(String(b.week_start_date)));
		expect(result.json('Node').map((r) => r.id)).toEqual(byWeek.slice(0, 4).map((r) => r.id));
		expect(rosterRequests().map((r) => r.query)).toEqual([{ location_id: location, limit: '4' }]);
	});

	it('Updated Since finds the roster whose shift the Shift node changed', async () => {
		const since = Math.ceil((f.sandbox.clock.now().getTime() + 3_600_000) / 1000) * 1000;
		f.sandbox.clock.advance(2 * 3_600_000);
		const { shift, roster } = futureShiftAndRoster();
		expect((await f.run('rosteringShift', { operation: 'update', shiftId: byId(String(shift.id)), updateFields: { notes: 'Moved tables' } })).error).toBeUndefined();
		f.sandbox.clearRequests();
		const sinceText = DateTime.fromMillis(since, { zone: 'Australia/Sydney' }).toISO({ suppressMilliseconds: true })!;
		const result = await f.run('rosteringRoster', { operation: 'getAll', returnAll: true, filters: { updatedSince: sinceText, includeArchived: true } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((r) => r.id)).toEqual([roster.id]);
		expect(rosterRequests()[0].query).toEqual({ updated_since: sinceText, include_archived: 'true', limit: '200' });
	});

	it.each([
		[{ filters: { from: '2026-12-20', to: '2026-12-01' } }, 'Filters › To (2026-12-01) is before From (2026-12-20)'],
		[{ filters: { from: 'the week after next' } }, 'Filters › From: "the week after next" is not a date'],
		[{ filters: { locationId: byId('={{ "cafe" }}') } }, 'Filters › Location: "cafe" is not a location id'],
		[{ filters: { updatedSince: 'last Friday' } }, 'Filters › Updated Since: "last Friday" is not a date and time'],
		[{ limit: 0 }, 'Limit: 0 is not allowed'],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringRoster', { operation: 'getAll', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	const pick = async (filter?: string) =>
		await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringRoster',
				parameters: { operation: 'get' },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method: 'searchRosters',
			credentials: f.credentials as never,
			filter,
		});
	const names = () => new Map(f.sandbox.store.locations.map((l) => [String(l.id), String(l.name)]));
	const label = (r: IDataObject, figures: ReturnType<typeof figuresFromShifts>) => {
		const { shift_count, published } = figures(r);
		return `Week of ${r.week_start_date} · ${names().get(String(r.location_id))} · ${shift_count} shifts${published ? '' : ' (not published)'}`;
	};

	it('lists the rosters from four weeks back to eight ahead as "Week of … · location · N shifts", without creating any', async () => {
		const before = f.sandbox.store.t.rosters.size;
		const day = 86_400_000;
		const from = new Date(Date.now() - 28 * day).toISOString().slice(0, 10);
		const to = new Date(Date.now() + 56 * day).toISOString().slice(0, 10);
		const { results } = await pick();
		const expected = overlapping(from, to);
		expect(results.map((r) => String(r.value)).sort()).toEqual(ids(expected));
		const figures = figuresFromShifts();
		for (const r of expected) expect(results).toContainEqual({ name: label(r, figures), value: r.id });
		expect(results.some((r) => r.name.endsWith('(not published)'))).toBe(true);
		expect(f.sandbox.store.t.rosters.size).toBe(before);
	});

	it('filters by what is typed: a location name', async () => {
		const { results } = await pick('wharf bar');
		const wharf = f.sandbox.store.locations.find((l) => l.name === 'Fremantle Wharf Bar')!;
		expect(results.length).toBeGreaterThan(0);
		for (const r of results) expect(rosters().find((x) => x.id === r.value)!.location_id).toBe(wharf.id);
	});
});
