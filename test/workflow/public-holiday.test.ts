/**
 * The Public Holiday node against the sandbox: From and To are required, long ranges are split into
 * windows of at most 366 days, and bad dates are refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, byId, useFixture } from './fixture';

const f = useFixture();

const business = () => f.sandbox.store.mainBusinessId;
const activeLocations = () => [...f.sandbox.store.t.locations.values()].filter((l) => l.business_id === business() && !l.archived);
/** The holidays the list shows for a range: those of the business's active locations. */
function holidaysBetween(from: string, to: string, locationId?: string): IDataObject[] {
	const active = new Set(activeLocations().map((l) => l.id));
	return (f.sandbox.store.publicHolidays as IDataObject[]).filter(
		(h) => (locationId ? h.location_id === locationId : active.has(String(h.location_id))) && String(h.date) >= from && String(h.date) <= to,
	);
}
/** The first year the seed has holidays for (the sandbox works them out for its year ±1). */
const firstYear = () => Math.min(...(f.sandbox.store.publicHolidays as IDataObject[]).map((h) => Number(String(h.date).slice(0, 4))));
const holidayRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/public-holidays');

describe('Get Many', () => {
	it('returns the holidays of one location within From and To, with one request', async () => {
		const location = activeLocations().find((l) => l.timezone === 'Australia/Sydney')!;
		const year = firstYear() + 1;
		const result = await f.run('rosteringPublicHoliday', {
			operation: 'getAll',
			from: `${year}-01-01T00:00:00`,
			to: `${year}-12-31T00:00:00`,
			returnAll: true,
			filters: { locationId: byId(location.id) },
		});
		expect(result.error).toBeUndefined();
		const holidays = result.json('Node');
		const expected = holidaysBetween(`${year}-01-01`, `${year}-12-31`, location.id);
		expect(expected.length).toBeGreaterThan(5);
		expect(holidays.map((h) => h.id).sort()).toEqual(expected.map((h) => h.id).sort());
		// The Sydney café adds Christmas Eve: a day the business added is listed as a holiday.
		expect(holidays).toContainEqual(expect.objectContaining({ date: `${year}-12-24`, location_id: location.id }));
		const requests = holidayRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ from: `${year}-01-01`, to: `${year}-12-31`, location_id: location.id, limit: '200' });
	});

	it('splits a range of about two years into windows of at most 366 days and returns each holiday once', async () => {
		const year = firstYear();
		const from = `${year}-07-01`;
		const to = `${year + 2}-06-30`;
		const result = await f.run('rosteringPublicHoliday', { operation: 'getAll', from, to, returnAll: true });
		expect(result.error).toBeUndefined();
		const ids = result.json('Node').map((h) => String(h.id));
		expect(new Set(ids).size).toBe(ids.length);
		const expected = holidaysBetween(from, to);
		expect(ids.sort()).toEqual(expected.map((h) => String(h.id)).sort());
		const windows = [...new Set(holidayRequests().map((r) => `${r.query.from}..${r.query.to}`))];
		expect(windows).toEqual([`${from}..${year + 1}-07-01`, `${year + 1}-07-02..${to}`]);
		for (const r of holidayRequests()) expect(r.status).toBe(200);
	});

	it('stops at Limit, asking only for that many', async () => {
		const year = firstYear();
		const result = await f.run('rosteringPublicHoliday', { operation: 'getAll', from: `${year}-01-01`, to: `${year}-12-31`, limit: 3 });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(3);
		expect(holidayRequests().map((r) => r.query.limit)).toEqual(['3']);
	});

	it('names the permission to grant when the connection has no read permission', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => !['settings:read', 'roster:read', 'timesheets:read', 'people:read', 'leave:read'].includes(p)));
		const result = await f.run('rosteringPublicHoliday', { operation: 'getAll', from: '2026-01-01', to: '2026-12-31', limit: 3 });
		expect(result.error?.message).toMatch(/^The connection is missing a permission: settings:read or roster:read/);
	});

	it.each([
		['a missing From', { from: '' }, 'Parameter "From" is required'],
		['a From mapped to nothing', { from: '={{ $json.nothing }}' }, 'From is required'],
		['a To mapped to an empty value', { to: '={{ "" }}' }, 'To is required'],
		['a From that is not a date', { from: 'next Monday' }, 'From: "next Monday" is not a date'],
		['a To that is not a date', { to: '31/12/2026' }, 'To: "31/12/2026" is not a date'],
		['a To before From', { from: '2026-12-31', to: '2026-01-01' }, 'To (2026-01-01) is before From (2026-12-31)'],
		['a malformed location id from an expression', { filters: { locationId: byId('={{ "cafe-1" }}') } }, 'Filters › Location: "cafe-1" is not a location id'],
		['a Limit of 0', { limit: 0 }, 'Limit: 0 is not allowed'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await f.run('rosteringPublicHoliday', { operation: 'getAll', from: '2026-01-01', to: '2026-12-31', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});
