/**
 * The Leave Blackout Period node against the sandbox: periods listed when they overlap From..To
 * (a long range in one request: the endpoint has no range limit), archived ones only with Include
 * Archived, leave:read named when missing, and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, useFixture } from './fixture';

const f = useFixture();

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** What the list should show: the business's periods whose start..end overlaps from..to. */
const listed = (from?: string, to?: string, archived = false) =>
	[...f.sandbox.store.t.leaveBlackouts.values()].filter(
		(b) => b.business_id === f.sandbox.store.mainBusinessId && (archived || !b.archived) && (!from || b.end_date >= from) && (!to || b.start_date <= to),
	);
const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id)).sort();
/** Records in id order, to compare lists whatever order they came in. */
const byIdOrder = <T extends { id?: unknown }>(records: T[]) => [...records].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
const blackoutRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/leave-blackout-periods');

it('Return All lists every current period once, as the store holds it, at 200 a page', async () => {
	const result = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', returnAll: true });
	expect(result.error).toBeUndefined();
	const out = result.json('Node').map((b): IDataObject => ({ ...b, created_at: Date.parse(String(b.created_at)), updated_at: Date.parse(String(b.updated_at)) }));
	const expected = listed().map(({ id, name, start_date, end_date, archived, created_at, updated_at }) => ({ id, name, start_date, end_date, archived, created_at, updated_at }));
	expect(expected.length).toBeGreaterThan(1);
	expect(byIdOrder(out)).toEqual(byIdOrder(expected));
	expect(blackoutRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
});

it('lists a period that overlaps From..To by a single day, and not one that ends the day before', async () => {
	const period = listed().find((b) => b.end_date > b.start_date)!;
	const run = async (from: string, to: string) => {
		const result = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', returnAll: true, filters: { from, to } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(listed(from, to)));
		return result.json('Node').map((b) => b.id);
	};
	expect(await run(period.end_date, addDays(period.end_date, 30))).toContain(period.id);
	expect(await run(addDays(period.end_date, 1), addDays(period.end_date, 30))).not.toContain(period.id);
	expect(blackoutRequests()[0].query).toEqual({ from: period.end_date, to: addDays(period.end_date, 30), limit: '200' });
});

it('asks for a range of two years in one request', async () => {
	const year = Number(f.sandbox.anchorWeek.slice(0, 4));
	const from = `${year}-01-01`;
	const to = `${year + 1}-12-31`;
	const result = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', returnAll: true, filters: { from, to } });
	expect(result.error).toBeUndefined();
	expect(ids(result.json('Node'))).toEqual(ids(listed(from, to)));
	expect(blackoutRequests().map((r) => r.query)).toEqual([{ from, to, limit: '200' }]);
});

it('filters by last change, and shows the archived period only with Include Archived', async () => {
	const archived = listed(undefined, undefined, true).find((b) => b.archived)!;
	const since = new Date(archived.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
	expect(listed(undefined, undefined, true).filter((b) => b.updated_at >= archived.updated_at)).toEqual([archived]);
	const hidden = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
	expect(hidden.error).toBeUndefined();
	expect(hidden.json('Node')).toEqual([]);
	const shown = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', limit: 10, filters: { updatedSince: since, includeArchived: true } });
	expect(shown.error).toBeUndefined();
	expect(shown.json('Node')).toEqual([expect.objectContaining({ id: archived.id, name: archived.name, archived: true })]);
	expect(blackoutRequests().map((r) => r.query)).toEqual([
		{ updated_since: since, limit: '200' },
		{ updated_since: since, include_archived: 'true', limit: '10' },
	]);
});

it('names leave:read when the connection cannot read leave', async () => {
	f.connect(ALL_PERMISSIONS.filter((p) => p !== 'leave:read'));
	const result = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', limit: 5 });
	expect(result.error?.message).toBe('The connection is missing a permission: leave:read');
});

it.each([
	['a To before From', { filters: { from: '2026-12-31', to: '2026-12-01' } }, 'Filters › To (2026-12-01) is before From (2026-12-31)'],
	['a From that is not a date', { filters: { from: 'Christmas' } }, 'Filters › From: "Christmas" is not a date'],
	['a Limit of 0', { limit: 0 }, 'Limit: 0 is not allowed'],
])('refuses %s before sending anything', async (_, override, message) => {
	const result = await f.run('rosteringLeaveBlackoutPeriod', { operation: 'getAll', limit: 5, ...override }, [{}]);
	expect(result.error?.message).toBe(message);
	expect(f.apiRequests()).toHaveLength(0);
});
