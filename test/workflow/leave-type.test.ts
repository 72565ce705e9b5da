/**
 * The Leave Type node against the sandbox: the kinds of leave as the store holds them, the retired
 * (archived) type only with Include Archived, Updated Since and Limit sent as the API's query
 * parameters, and leave:read named when missing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { LeaveType } from '../../sandbox/model';
import { ALL_PERMISSIONS, useFixture } from './fixture';

const f = useFixture();

const types = () => [...f.sandbox.store.t.leaveTypes.values()].filter((t) => t.business_id === f.sandbox.store.mainBusinessId);
const current = () => types().filter((t) => !t.archived);
const retired = () => types().find((t) => t.archived)!;
const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id)).sort();
/** Records in id order, to compare lists whatever order they came in. */
const byIdOrder = <T extends { id?: unknown }>(records: T[]) => [...records].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
const fields = ({ id, name, paid, archived, created_at, updated_at }: LeaveType) => ({ id, name, paid, archived, created_at, updated_at });
const typeRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/leave-types');

it('Return All lists every current leave type once, as the store holds it, at 200 a page', async () => {
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', returnAll: true });
	expect(result.error).toBeUndefined();
	const out = result.json('Node').map((t): IDataObject => ({ ...t, created_at: Date.parse(String(t.created_at)), updated_at: Date.parse(String(t.updated_at)) }));
	expect(byIdOrder(out)).toEqual(byIdOrder(current().map(fields)));
	expect(out.map((t) => t.id)).not.toContain(retired().id);
	expect(typeRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
});

it('shows the archived type only with Include Archived', async () => {
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
	expect(result.error).toBeUndefined();
	expect(ids(result.json('Node'))).toEqual(ids(types()));
	expect(result.json('Node')).toContainEqual(expect.objectContaining({ id: retired().id, name: retired().name, archived: true }));
	expect(typeRequests()[0].query).toEqual({ include_archived: 'true', limit: '200' });
});

it('filters by last change: only the types changed since then', async () => {
	const since = new Date(retired().updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
	const changed = types().filter((t) => t.updated_at >= Date.parse(since));
	expect(changed.length).toBeLessThan(types().length);
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', returnAll: true, filters: { updatedSince: since, includeArchived: true } });
	expect(result.error).toBeUndefined();
	expect(ids(result.json('Node'))).toEqual(ids(changed));
	expect(typeRequests()[0].query).toEqual({ updated_since: since, include_archived: 'true', limit: '200' });
});

it('stops at Limit, asking only for that many', async () => {
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', limit: 2 });
	expect(result.error).toBeUndefined();
	expect(result.json('Node')).toHaveLength(2);
	for (const t of result.json('Node')) expect(ids(current())).toContain(t.id);
	expect(typeRequests().map((r) => r.query)).toEqual([{ limit: '2' }]);
});

it('names leave:read when the connection cannot read leave', async () => {
	f.connect(ALL_PERMISSIONS.filter((p) => p !== 'leave:read'));
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', limit: 5 });
	expect(result.error?.message).toBe('The connection is missing a permission: leave:read');
});

it('refuses an Updated Since that is not a time before sending anything', async () => {
	const result = await f.run('rosteringLeaveType', { operation: 'getAll', limit: 5, filters: { updatedSince: 'last year' } }, [{}]);
	expect(result.error?.message).toBe('Filters › Updated Since: "last year" is not a date and time');
	expect(f.apiRequests()).toHaveLength(0);
});
