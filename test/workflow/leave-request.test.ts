/**
 * The Leave Request node against the sandbox: one request and the list with every filter the
 * endpoint takes, a request listed when its days overlap From..To, ranges over 92 days split and
 * merged with each request once, leave of people who have left and archived requests hidden, the
 * picker, a read-only node, and bad input refused before sending.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { RosteringLeaveRequest } from '../../nodes/RosteringLeaveRequest/RosteringLeaveRequest.node';
import { RosteringLeaveRequestTrigger } from '../../nodes/RosteringLeaveRequestTrigger/RosteringLeaveRequestTrigger.node';
import { listSearch } from '../harness';
import type { LeaveRequest } from '../../sandbox/model';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const t = () => f.sandbox.store.t;
const shared = (employeeId: string) => t().employees.get(employeeId)?.shared === true;
/** Every leave request of the main business in the store, archived and people who left included. */
const stored = () => [...t().leaveRequests.values()].filter((r) => r.business_id === f.sandbox.store.mainBusinessId);
/** What the list should show: current staff's requests whose start..end overlaps from..to. */
const listed = (from?: string, to?: string, archived = false) =>
	stored().filter((r) => shared(r.employee_id) && (archived || !r.archived) && (!from || r.end_date >= from) && (!to || r.start_date <= to));
const ids = (records: Array<{ id?: unknown }>) => records.map((r) => String(r.id)).sort();
/** Records in id order, to compare lists whatever order they came in. */
const byIdOrder = <T extends { id?: unknown }>(records: T[]) => [...records].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
/** A record as output, timestamps read as instants to compare with the store's. */
const asStored = (r: IDataObject): IDataObject => ({ ...r, created_at: Date.parse(String(r.created_at)), updated_at: Date.parse(String(r.updated_at)) });
const fields = ({ id, employee_id, type_id, start_date, end_date, hours, status, reason, archived, created_at, updated_at }: LeaveRequest) =>
	({ id, employee_id, type_id, start_date, end_date, hours, status, reason, archived, created_at, updated_at });
const leaveRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/leave-requests'));
/** A request of a current employee lasting several days. */
const multiDay = () => listed().find((r) => r.end_date > r.start_date)!;

describe('Get', () => {
	it('reads one leave request by id, as the store holds it', async () => {
		const request = multiDay();
		const result = await f.run('rosteringLeaveRequest', { operation: 'get', leaveRequestId: byId(request.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map(asStored)).toEqual([fields(request)]);
		expect(leaveRequests().map((r) => r.path)).toEqual([`/v1/leave-requests/${request.id}`]);
	});

	it('says the request is not in this business for an unknown id', async () => {
		const result = await f.run('rosteringLeaveRequest', { operation: 'get', leaveRequestId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('The service has nothing at /v1/leave-requests/{id} for leave request 0123456789abcdef01234567');
	});

	it.each([
		['a malformed typed id', byId('leave-1'), /A leave request id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.leave }}'), /^Leave Request: "L-3" is not a leave request id$/],
	])('refuses %s before sending anything', async (_, leaveRequestId, message) => {
		const result = await f.run('rosteringLeaveRequest', { operation: 'get', leaveRequestId }, [{ leave: 'L-3' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get Many', () => {
	it('Return All lists every current request once, at 200 a page, archived ones left out', async () => {
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(byIdOrder(result.json('Node').map(asStored))).toEqual(byIdOrder(listed().map(fields)));
		expect(stored().some((r) => r.archived)).toBe(true);
		expect(leaveRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('Include Archived adds the archived requests', async () => {
		const archived = stored().find((r) => r.archived)!;
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(listed(undefined, undefined, true)));
		expect(result.json('Node')).toContainEqual(expect.objectContaining({ id: archived.id, archived: true }));
		expect(leaveRequests()[0].query).toEqual({ include_archived: 'true', limit: '200' });
	});

	it('stops at Limit, asking only for that many, in start-date order', async () => {
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', limit: 3 });
		expect(result.error).toBeUndefined();
		const first = listed().sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id)).slice(0, 3);
		expect(result.json('Node').map((r) => r.id)).toEqual(first.map((r) => r.id));
		expect(leaveRequests().map((r) => r.query)).toEqual([{ limit: '3' }]);
	});

	it('lists a request when its days overlap From..To, even one day of it', async () => {
		const request = multiDay();
		const run = async (from: string, to: string) => {
			const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { from, to } });
			expect(result.error).toBeUndefined();
			expect(ids(result.json('Node'))).toEqual(ids(listed(from, to)));
			return result.json('Node').map((r) => r.id);
		};
		expect(await run(request.end_date, addDays(request.end_date, 7))).toContain(request.id);
		expect(await run(addDays(request.start_date, -7), request.start_date)).toContain(request.id);
		expect(await run(addDays(request.end_date, 1), addDays(request.end_date, 7))).not.toContain(request.id);
		expect(await run(addDays(request.start_date, -7), addDays(request.start_date, -1))).not.toContain(request.id);
		expect(leaveRequests()[0].query).toEqual({ from: request.end_date, to: addDays(request.end_date, 7), limit: '200' });
	});

	it('splits a range over 92 days into windows of at most 92 days; a request across the split is output once', async () => {
		const request = multiDay();
		// The second window starts on the request's last day, so both windows list it.
		const from = addDays(request.end_date, -92);
		const to = addDays(from, 129);
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { from: `${from}T00:00:00`, to } });
		expect(result.error).toBeUndefined();
		const out = result.json('Node').map((r) => String(r.id));
		expect(new Set(out).size).toBe(out.length);
		expect(out.sort()).toEqual(ids(listed(from, to)));
		const requests = leaveRequests();
		expect(requests.map((r) => r.query)).toEqual([
			{ from, to: addDays(from, 91), limit: '200' },
			{ from: request.end_date, to, limit: '200' },
		]);
		for (const r of requests) {
			expect(r.status).toBe(200);
			expect(((r.responseBody as IDataObject).data as IDataObject[]).map((x) => x.id)).toContain(request.id);
		}
	});

	it.each(['pending', 'approved', 'declined', 'cancelled'])('filters by status %s', async (status) => {
		const expected = listed().filter((r) => r.status === status);
		expect(expected.length).toBeGreaterThan(0);
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { status } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(leaveRequests()[0].query).toEqual({ status, limit: '200' });
	});

	it('filters by a state spelled otherwise, typed as an expression (the options keep their values): the service gets it as written', async () => {
		// The spec shows no leave state but pending; this service says rejected and canceled (issue 29).
		f.sandbox.setReadings({ leaveStates: 'rejected-canceled' });
		for (const [typed, stored] of [['=rejected', 'declined'], ['={{ "canceled" }}', 'cancelled']] as const) {
			f.sandbox.clearRequests();
			const expected = listed().filter((r) => r.status === stored);
			expect(expected.length).toBeGreaterThan(0);
			const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { status: typed } });
			expect(result.error).toBeUndefined();
			expect(ids(result.json('Node'))).toEqual(ids(expected));
			expect(result.json('Node').map((r) => r.status)).toEqual(expected.map(() => (stored === 'declined' ? 'rejected' : 'canceled')));
			expect(leaveRequests()[0].query).toEqual({ status: stored === 'declined' ? 'rejected' : 'canceled', limit: '200' });
		}
	});

	it('filters by employee and by last change', async () => {
		const person = listed()[0].employee_id;
		const byPerson = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { employeeId: byId(person) } });
		expect(byPerson.error).toBeUndefined();
		expect(ids(byPerson.json('Node'))).toEqual(ids(listed().filter((r) => r.employee_id === person)));
		expect(leaveRequests()[0].query).toEqual({ employee_id: person, limit: '200' });

		f.sandbox.clearRequests();
		const times = listed().map((r) => r.updated_at).sort((a, b) => a - b);
		const since = new Date(times[Math.floor(times.length / 2)]).toISOString().replace('.000Z', 'Z');
		const recent = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(recent.error).toBeUndefined();
		const expected = listed().filter((r) => r.updated_at >= Date.parse(since));
		expect(expected.length).toBeLessThan(listed().length);
		expect(ids(recent.json('Node'))).toEqual(ids(expected));
		expect(leaveRequests()[0].query).toEqual({ updated_since: since, limit: '200' });
	});

	it('does not show the leave of someone who has left, in the list or by id', async () => {
		const leaver = [...t().employees.values()].find((e) => e.business_id === f.sandbox.store.mainBusinessId && !e.shared)!;
		const template = multiDay();
		const id = 'abcdefabcdefabcdefabcdef';
		t().leaveRequests.set(id, { ...template, id, employee_id: leaver.id });
		const list = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
		expect(list.error).toBeUndefined();
		expect(list.json('Node').map((r) => r.id)).not.toContain(id);
		expect(list.json('Node').map((r) => r.employee_id)).not.toContain(leaver.id);
		const one = await f.run('rosteringLeaveRequest', { operation: 'get', leaveRequestId: byId(id) });
		expect(one.error?.message).toBe(`The service has nothing at /v1/leave-requests/{id} for leave request ${id}`);
	});

	it('names leave:read when the connection cannot read leave', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'leave:read'));
		const list = await f.run('rosteringLeaveRequest', { operation: 'getAll', limit: 5 });
		expect(list.error?.message).toBe('The connection is missing a permission: leave:read');
		const one = await f.run('rosteringLeaveRequest', { operation: 'get', leaveRequestId: byId(listed()[0].id) });
		expect(one.error?.message).toBe('The connection is missing a permission: leave:read');
	});

	it.each([
		['a To before From', { from: '2026-12-31', to: '2026-12-01' }, 'Filters › To (2026-12-01) is before From (2026-12-31)'],
		['a From that is not a date', { from: 'next week' }, 'Filters › From: "next week" is not a date'],
		['a malformed employee id', { employeeId: byId('={{ "emp-7" }}') }, 'Filters › Employee: "emp-7" is not an employee id'],
		['an Updated Since that is not a time', { updatedSince: 'yesterday' }, 'Filters › Updated Since: "yesterday" is not a date and time'],
	])('refuses %s before sending anything', async (_, filters, message) => {
		const result = await f.run('rosteringLeaveRequest', { operation: 'getAll', returnAll: true, filters }, [{}]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('the node', () => {
	const { properties } = new RosteringLeaveRequest().description;

	it('only reads: its operations are exactly Get and Get Many, both GET (and Custom API Call, n8n-internals A8)', () => {
		const operation = properties.find((p) => p.name === 'operation')!;
		const options = operation.options as Array<{ name: string; value: string; routing?: { request?: { method?: string } } }>;
		expect(options.map((o) => [o.name, o.value])).toEqual([
			['Get', 'get'],
			['Get Many', 'getAll'],
			['Custom API Call', '__CUSTOM_API_CALL__'],
		]);
		expect(options.map((o) => o.routing?.request?.method)).toEqual(['GET', 'GET', undefined]);
	});

	it.each([
		['Rostering Leave Request', properties],
		['Rostering Leave Request Trigger', new RosteringLeaveRequestTrigger().description.properties],
	])('%s: the Status filter keeps the options saved workflows hold, takes an expression, and says how to filter on a state spelled otherwise', (_, nodeProperties) => {
		const filters = nodeProperties.find((p) => p.name === 'filters')!;
		const status = (filters.options as INodeProperties[]).find((p) => p.name === 'status')!;
		expect(status.type).toBe('options');
		expect((status.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['pending', 'approved', 'declined', 'cancelled']);
		expect(status.default).toBe('pending');
		expect(status.noDataExpression).toBeUndefined();
		expect(status.description).toMatch(/^Only leave requests in this status\. .*switch this field to Expression and type it as the service writes it\.$/);
	});

	it('says in its notice that leave cannot be created or approved through the API', () => {
		const notice = properties.find((p) => p.type === 'notice')!;
		expect(notice.displayName).toMatch(/no permission to create, approve or cancel leave/);
	});
});

describe('picker', () => {
	it('lists the requests from a month back to two months ahead, labelled with dates, status and person', async () => {
		const pick = async (filter?: string) =>
			await listSearch({
				node: {
					type: 'n8n-nodes-rostering.rosteringLeaveRequest',
					parameters: { operation: 'get' },
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
				},
				method: 'searchLeaveRequests',
				credentials: f.credentials as never,
				filter,
			});
		const today = new Date().toISOString().slice(0, 10);
		const window = listed(addDays(today, -30), addDays(today, 60));
		expect(window.length).toBeGreaterThan(1);
		const all = await pick();
		expect(all.results.map((r) => r.value).sort()).toEqual(ids(window));
		const request = window[0];
		expect(all.results.find((r) => r.value === request.id)?.name).toBe(
			`${request.start_date}–${request.end_date} · ${request.status} · employee ${request.employee_id.slice(-6)}`,
		);
		const declined = await pick('declined');
		expect(declined.results.map((r) => r.value).sort()).toEqual(ids(window.filter((r) => r.status === 'declined')));
	});
});
