/**
 * The Availability node against the sandbox: the list with every filter the endpoint takes, ranges
 * over 92 days split and merged with each record once, whole-day records (no start and end) kept
 * as such, roster:read named when missing, and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { RosteringAvailability } from '../../nodes/RosteringAvailability/RosteringAvailability.node';
import type { Availability } from '../../sandbox/model';
import { ALL_PERMISSIONS, byId, useFixture } from './fixture';

const f = useFixture();

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const t = () => f.sandbox.store.t;
/** What the list should show: current staff's records dated within from..to. */
const listed = (from?: string, to?: string, archived = false) =>
	[...t().availability.values()].filter(
		(r) =>
			r.business_id === f.sandbox.store.mainBusinessId &&
			t().employees.get(r.employee_id)?.shared === true &&
			(archived || !r.archived) &&
			(!from || r.date >= from) &&
			(!to || r.date <= to),
	);
const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id)).sort();
const byIdOrder = <T extends { id?: unknown }>(records: T[]) => [...records].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
const asStored = (r: IDataObject): IDataObject => ({ ...r, created_at: Date.parse(String(r.created_at)), updated_at: Date.parse(String(r.updated_at)) });
const fields = ({ id, employee_id, date, start, end, available, note, archived, created_at, updated_at }: Availability) =>
	({ id, employee_id, date, start, end, available, note, archived, created_at, updated_at });
const availabilityRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/availability');

describe('Get Many', () => {
	it('Return All lists every record once, as the store holds it, at 200 a page', async () => {
		const result = await f.run('rosteringAvailability', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(byIdOrder(result.json('Node').map(asStored))).toEqual(byIdOrder(listed().map(fields)));
		expect(availabilityRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('a record with neither start nor end is the whole day; the others have both times', async () => {
		const result = await f.run('rosteringAvailability', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const out = result.json('Node');
		const wholeDay = out.filter((r) => r.start === null && r.end === null);
		expect(ids(wholeDay)).toEqual(ids(listed().filter((r) => r.start === null && r.end === null)));
		expect(wholeDay.length).toBeGreaterThan(0);
		for (const r of out.filter((x) => !wholeDay.includes(x))) {
			expect(r.start).toMatch(/^\d{2}:\d{2}$/);
			expect(r.end).toMatch(/^\d{2}:\d{2}$/);
			expect(String(r.end) > String(r.start)).toBe(true);
		}
		const notice = new RosteringAvailability().description.properties.find((p) => p.type === 'notice')!;
		expect(notice.displayName).toContain('a day without start and end means the whole day');
	});

	it('stops at Limit, asking only for that many', async () => {
		const result = await f.run('rosteringAvailability', { operation: 'getAll', limit: 4 });
		expect(result.error).toBeUndefined();
		const first = listed()
			.sort((a, b) => a.date.localeCompare(b.date) || a.employee_id.localeCompare(b.employee_id) || a.id.localeCompare(b.id))
			.slice(0, 4);
		expect(result.json('Node').map((r) => r.id)).toEqual(first.map((r) => r.id));
		expect(availabilityRequests().map((r) => r.query)).toEqual([{ limit: '4' }]);
	});

	it('splits a range over 92 days into windows of at most 92 days and returns each record once', async () => {
		const dates = [...new Set(listed().map((r) => r.date))].sort();
		expect(dates.length).toBeGreaterThan(2);
		// The second window starts on the second day that has records, so both windows find some.
		const from = addDays(dates[1], -92);
		const to = addDays(from, 150);
		const result = await f.run('rosteringAvailability', { operation: 'getAll', returnAll: true, filters: { from, to } });
		expect(result.error).toBeUndefined();
		const out = result.json('Node').map((r) => String(r.id));
		expect(new Set(out).size).toBe(out.length);
		expect(out.sort()).toEqual(ids(listed(from, to)));
		const requests = availabilityRequests();
		expect(requests.map((r) => r.query)).toEqual([
			{ from, to: addDays(from, 91), limit: '200' },
			{ from: dates[1], to, limit: '200' },
		]);
		for (const r of requests) expect(((r.responseBody as IDataObject).data as IDataObject[]).length).toBeGreaterThan(0);
	});

	it('filters by dates and employee, sent as the query parameters the API names', async () => {
		const person = listed()[0].employee_id;
		const dates = listed().map((r) => r.date).sort();
		const from = dates[0];
		const to = addDays(from, 6);
		const expected = listed(from, to).filter((r) => r.employee_id === person);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(listed().filter((r) => r.employee_id === person).length);
		const result = await f.run('rosteringAvailability', {
			operation: 'getAll',
			returnAll: true,
			filters: { from, to: `${to}T00:00:00`, employeeId: byId(person) },
		});
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(availabilityRequests()[0].query).toEqual({ from, to, employee_id: person, limit: '200' });
	});

	it('filters by last change, and shows archived records only with Include Archived', async () => {
		const archived = listed()[1];
		const record = t().availability.get(archived.id)!;
		record.archived = true;
		record.updated_at = f.sandbox.clock.now().getTime() - 60_000;
		const since = new Date(record.updated_at - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

		const hidden = await f.run('rosteringAvailability', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(hidden.error).toBeUndefined();
		expect(hidden.json('Node')).toEqual([]);
		const shown = await f.run('rosteringAvailability', {
			operation: 'getAll',
			returnAll: true,
			filters: { updatedSince: since, includeArchived: true },
		});
		expect(shown.error).toBeUndefined();
		expect(shown.json('Node')).toEqual([expect.objectContaining({ id: archived.id, archived: true })]);
		expect(availabilityRequests().map((r) => r.query)).toEqual([
			{ updated_since: since, limit: '200' },
			{ updated_since: since, include_archived: 'true', limit: '200' },
		]);
	});

	it('names roster:read when the connection cannot read rosters', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read'));
		const result = await f.run('rosteringAvailability', { operation: 'getAll', limit: 5 });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read');
	});

	it.each([
		['a To before From', { from: '2026-12-31', to: '2026-12-01' }, 'Filters › To (2026-12-01) is before From (2026-12-31)'],
		['a To that is not a date', { to: '31/12/2026' }, 'Filters › To: "31/12/2026" is not a date'],
		['a malformed employee id', { employeeId: byId('={{ "emp-7" }}') }, 'Filters › Employee: "emp-7" is not an employee id'],
	])('refuses %s before sending anything', async (_, filters, message) => {
		const result = await f.run('rosteringAvailability', { operation: 'getAll', returnAll: true, filters }, [{}]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});
