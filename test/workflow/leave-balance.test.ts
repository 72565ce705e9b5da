/**
 * The Leave Balance node against the sandbox: one row per person and leave type as the store holds
 * them, filtered by employee and leave type (sent as employee_id and type_id), type ids that name
 * existing leave types, the Leave Type picker, and leave:read named when missing.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import type { LeaveBalance } from '../../sandbox/model';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const t = () => f.sandbox.store.t;
const mine = <R extends { business_id: string }>(rows: Map<string, R>) => [...rows.values()].filter((r) => r.business_id === f.sandbox.store.mainBusinessId);
/** Balances of current staff (people who have left are not shown). */
const balances = () => mine(t().leaveBalances).filter((b) => t().employees.get(b.employee_id)?.shared === true);
const typeNamed = (name: string) => mine(t().leaveTypes).find((ty) => ty.name === name)!;
const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id)).sort();
/** Records in id order, to compare lists whatever order they came in. */
const byIdOrder = <T extends { id?: unknown }>(records: T[]) => [...records].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
const fields = ({ id, employee_id, type_id, balance_hours, updated_at }: LeaveBalance) => ({ id, employee_id, type_id, balance_hours, updated_at });
const balanceRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/leave-balances');

it('Return All gives every balance once, as the store holds it, at 200 a page', async () => {
	const result = await f.run('rosteringLeaveBalance', { operation: 'getAll', returnAll: true });
	expect(result.error).toBeUndefined();
	const out = result.json('Node').map((b): IDataObject => ({ ...b, updated_at: Date.parse(String(b.updated_at)) }));
	expect(balances().length).toBeGreaterThan(10);
	expect(byIdOrder(out)).toEqual(byIdOrder(balances().map(fields)));
	expect(balanceRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
});

it('every row names a leave type the Leave Type node lists', async () => {
	const rows = await f.run('rosteringLeaveBalance', { operation: 'getAll', returnAll: true });
	const leaveTypes = await f.run('rosteringLeaveType', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
	expect(rows.error).toBeUndefined();
	expect(leaveTypes.error).toBeUndefined();
	const known = new Set(leaveTypes.json('Node').map((ty) => ty.id));
	expect(rows.json('Node').length).toBeGreaterThan(0);
	for (const row of rows.json('Node')) expect(known).toContain(row.type_id);
});

it('filters by leave type, and by employee and leave type together', async () => {
	const annual = typeNamed('Annual leave');
	const byType = await f.run('rosteringLeaveBalance', { operation: 'getAll', returnAll: true, filters: { leaveTypeId: byId(annual.id) } });
	expect(byType.error).toBeUndefined();
	const ofType = balances().filter((b) => b.type_id === annual.id);
	expect(ofType.length).toBeLessThan(balances().length);
	expect(ids(byType.json('Node'))).toEqual(ids(ofType));
	expect(balanceRequests()[0].query).toEqual({ type_id: annual.id, limit: '200' });

	f.sandbox.clearRequests();
	const person = ofType[0].employee_id;
	const both = await f.run('rosteringLeaveBalance', {
		operation: 'getAll',
		returnAll: true,
		filters: { employeeId: byId(person), leaveTypeId: byId(annual.id) },
	});
	expect(both.error).toBeUndefined();
	expect(both.json('Node').map((b) => b.id)).toEqual([ofType[0].id]);
	expect(balanceRequests()[0].query).toEqual({ employee_id: person, type_id: annual.id, limit: '200' });
});

it('filters by employee: one row per leave type the person has', async () => {
	const person = balances()[0].employee_id;
	const result = await f.run('rosteringLeaveBalance', { operation: 'getAll', limit: 10, filters: { employeeId: byId(person) } });
	expect(result.error).toBeUndefined();
	const expected = balances().filter((b) => b.employee_id === person);
	expect(expected.length).toBeGreaterThan(1);
	expect(ids(result.json('Node'))).toEqual(ids(expected));
	expect(new Set(result.json('Node').map((b) => b.type_id)).size).toBe(expected.length);
	expect(balanceRequests()[0].query).toEqual({ employee_id: person, limit: '10' });
});

it('names leave:read when the connection cannot read leave', async () => {
	f.connect(ALL_PERMISSIONS.filter((p) => p !== 'leave:read'));
	const result = await f.run('rosteringLeaveBalance', { operation: 'getAll', limit: 5 });
	expect(result.error?.message).toBe('The connection is missing a permission: leave:read');
});

it.each([
	['a malformed leave type id', { filters: { leaveTypeId: byId('={{ "annual" }}') } }, 'Filters › Leave Type: "annual" is not a leave type id'],
	['a leave type mapped to nothing', { filters: { leaveTypeId: byId('={{ $json.nothing }}') } }, 'Filters › Leave Type is required'],
	['a Limit of 1.5', { limit: 1.5 }, 'Limit: 1.5 is not allowed'],
])('refuses %s before sending anything', async (_, override, message) => {
	const result = await f.run('rosteringLeaveBalance', { operation: 'getAll', limit: 5, ...override }, [{}]);
	expect(result.error?.message).toBe(message);
	expect(f.apiRequests()).toHaveLength(0);
});

it('the Leave Type picker lists the current types by name, unpaid ones marked, and filters by what is typed', async () => {
	const pick = async (filter?: string) =>
		await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringLeaveBalance',
				parameters: { operation: 'getAll' },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method: 'searchLeaveTypes',
			credentials: f.credentials as never,
			filter,
		});
	const current = mine(t().leaveTypes).filter((ty) => !ty.archived);
	// Unpaid types are marked, unless the name already says so ("Unpaid leave", not "Unpaid leave (unpaid)").
	const label = (ty: { name: string; paid: boolean }) => `${ty.name}${ty.paid || /unpaid/i.test(ty.name) ? '' : ' (unpaid)'}`;
	const all = await pick();
	expect(all.results.sort((a, b) => (a.value < b.value ? -1 : 1))).toEqual(
		current.map((ty) => ({ name: label(ty), value: ty.id })).sort((a, b) => (a.value < b.value ? -1 : 1)),
	);
	expect(all.results.map((r) => r.name)).toContain('Unpaid leave');
	const annual = await pick('annual');
	expect(annual.results).toEqual([{ name: 'Annual leave', value: typeNamed('Annual leave').id }]);
});
