/**
 * The Employee node against the sandbox: reading one person and the list, the Updated Since
 * filter (the only one the endpoint takes), the picker, and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const employees = () => f.sandbox.store.employees as IDataObject[];
const employeeRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/employees'));

describe('Get', () => {
	it('reads one person by id', async () => {
		const person = employees()[3];
		const result = await f.run('rosteringEmployee', { operation: 'get', employeeId: byId(String(person.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([person]);
		const requests = employeeRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].path).toBe(`/v1/employees/${person.id}`);
		expect(requests[0].query).toEqual({});
	});

	it('says there is no such person for someone who left (their record is no longer shared)', async () => {
		const leaver = (f.sandbox.store.employments as IDataObject[]).find((e) => e.archived)!;
		const result = await f.run('rosteringEmployee', { operation: 'get', employeeId: byId(String(leaver.employee_id)) });
		expect(result.error?.message).toBe(`No employee ${leaver.employee_id} in this business`);
		expect(employeeRequests().map((r) => r.status)).toEqual([404]);
	});

	it('names the permission to grant when the connection cannot read staff details', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'people:read'));
		const result = await f.run('rosteringEmployee', { operation: 'get', employeeId: byId(String(employees()[0].id)) });
		expect(result.error?.message).toBe('The connection is missing a permission: people:read');
	});

	it.each([
		// The article is left open: the shared messages say "a employee" today.
		['a malformed typed id', byId('42'), /An? employee id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.staffNo }}'), /^Employee: "E-1042" is not an? employee id$/],
		['an id mapped to nothing', byId('={{ $json.nothing }}'), /^Employee is required$/],
	])('refuses %s before sending anything', async (_, employeeId, message) => {
		const result = await f.run('rosteringEmployee', { operation: 'get', employeeId }, [{ staffNo: 'E-1042' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get Many', () => {
	it('Return All lists every person still at the business, at 200 a page', async () => {
		const result = await f.run('rosteringEmployee', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const ids = result.json('Node').map((e) => e.id);
		expect(ids.sort()).toEqual(employees().map((e) => e.id).sort());
		expect(employeeRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('Updated Since sends the moment with an offset and returns only people changed since', async () => {
		const times = employees().map((e) => String(e.updated_at)).sort();
		const since = times[Math.floor(times.length / 2)];
		const expected = employees().filter((e) => Date.parse(String(e.updated_at)) >= Date.parse(since));
		const result = await f.run('rosteringEmployee', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
		expect(expected.length).toBeLessThan(employees().length);
		expect(employeeRequests()[0].query).toEqual({ updated_since: since, limit: '200' });
	});

	it('stops at Limit', async () => {
		const result = await f.run('rosteringEmployee', { operation: 'getAll', limit: 4 });
		expect(result.json('Node')).toHaveLength(4);
		expect(employeeRequests().map((r) => r.query)).toEqual([{ limit: '4' }]);
	});

	it.each([
		[{ filters: { updatedSince: 'last week' } }, 'Filters › Updated Since: "last week" is not a date and time'],
		[{ limit: 0 }, 'Limit: 0 is not allowed'],
		[{ limit: '={{ "ten" }}' }, 'Limit: "ten" is not allowed'],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringEmployee', { operation: 'getAll', limit: 5, ...override });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	it('lists people by the name they go by, and filters by what is typed', async () => {
		const pick = async (filter?: string) =>
			await listSearch({
				node: {
					type: 'n8n-nodes-rostering.rosteringEmployee',
					parameters: { operation: 'get' },
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
				},
				method: 'searchEmployees',
				credentials: f.credentials as never,
				filter,
			});
		const all = await pick();
		expect(all.results).toHaveLength(employees().length);
		const person = employees()[0];
		const name = `${person.preferred_name || person.first_name} ${person.last_name}`;
		const filtered = await pick(String(person.last_name).toUpperCase());
		expect(filtered.results).toContainEqual({ name, value: person.id });
		expect(filtered.results.length).toBeLessThan(all.results.length);
	});
});
