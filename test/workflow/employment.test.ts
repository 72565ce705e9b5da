/**
 * The Employment node against the sandbox: one employment and the list, pay fields only with
 * pay:read, people who left as archived employments, the picker, and bad input refused before
 * sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const PAY_FIELDS = ['pay_basis', 'base_hourly_rate', 'hourly_rate_multiplier', 'annual_salary', 'salary_weekly_hours', 'classification_level', 'award_code', 'award_stream', 'rate_overrides'];

const employments = () => f.sandbox.store.employments as IDataObject[];
const current = () => employments().filter((e) => !e.archived);
const leaver = () => employments().find((e) => e.archived)!;
const employmentRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/employments'));

describe('Get', () => {
	it('reads one employment by id, with its pay fields when the credential has pay:read', async () => {
		const employment = current().find((e) => e.rate_overrides)!;
		const result = await f.run('rosteringEmployment', { operation: 'get', employmentId: byId(String(employment.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([employment]);
		expect(employmentRequests().map((r) => r.path)).toEqual([`/v1/employments/${employment.id}`]);
	});

	it('leaves the pay fields out without pay:read', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'pay:read'));
		const employment = current()[0];
		const result = await f.run('rosteringEmployment', { operation: 'get', employmentId: byId(String(employment.id)) });
		expect(result.error).toBeUndefined();
		const [record] = result.json('Node');
		expect(record).toMatchObject({ id: employment.id, employee_id: employment.employee_id, employment_basis: employment.employment_basis });
		for (const field of PAY_FIELDS) expect(record).not.toHaveProperty(field);
	});

	it('reads the archived employment of someone who left, mapped from an earlier item', async () => {
		const result = await f.run(
			'rosteringEmployment',
			{ operation: 'get', employmentId: { __rl: true, mode: 'id', value: '={{ $json.employment }}' } },
			[{ employment: leaver().id }],
		);
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: leaver().id, archived: true })]);
	});

	it.each([
		['a malformed typed id', byId('emp-7'), /An? employment id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.payroll }}'), /^Employment: "1026" is not an? employment id$/],
		['an id mapped to nothing', byId('={{ $json.nothing }}'), /^Employment is required$/],
		['an id in capitals', byId('={{ "47EFB6C32E82F0D123EF630B" }}'), /^Employment: "47EFB6C32E82F0D123EF630B" is not an? employment id$/],
	])('refuses %s before sending anything', async (_, employmentId, message) => {
		const result = await f.run('rosteringEmployment', { operation: 'get', employmentId }, [{ payroll: '1026' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get Many', () => {
	it('lists current employments only, unless archived ones are asked for', async () => {
		const result = await f.run('rosteringEmployment', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((e) => e.id).sort()).toEqual(current().map((e) => e.id).sort());
		expect(employmentRequests()[0].query).toEqual({ limit: '200' });

		f.sandbox.clearRequests();
		const withArchived = await f.run('rosteringEmployment', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
		expect(withArchived.json('Node').map((e) => e.id).sort()).toEqual(employments().map((e) => e.id).sort());
		expect(employmentRequests()[0].query).toEqual({ include_archived: 'true', limit: '200' });
	});

	it("finds a person's employment by the Employee filter, and someone who left with Include Archived", async () => {
		const result = await f.run('rosteringEmployment', {
			operation: 'getAll',
			returnAll: true,
			filters: { employeeId: byId(String(leaver().employee_id)), includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([leaver()]);
		expect(employmentRequests()[0].query).toEqual({ employee_id: leaver().employee_id, include_archived: 'true', limit: '200' });
	});

	it('Updated Since with Include Archived sees who left since a moment', async () => {
		const since = String(leaver().updated_at);
		const expected = employments().filter((e) => Date.parse(String(e.updated_at)) >= Date.parse(since));
		const result = await f.run('rosteringEmployment', {
			operation: 'getAll',
			returnAll: true,
			filters: { updatedSince: since, includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
		expect(result.json('Node').map((e) => e.id)).toContain(leaver().id);
		expect(employmentRequests()[0].query).toEqual({ updated_since: since, include_archived: 'true', limit: '200' });
	});

	it.each([
		[{ filters: { employeeId: byId('={{ "Max Cooper" }}') } }, /^Filters › Employee: "Max Cooper" is not an? employee id$/],
		[{ filters: { updatedSince: '2026-13-40T00:00:00Z' } }, /^Filters › Updated Since: "2026-13-40T00:00:00Z" is not a date and time$/],
		[{ limit: -1 }, /^Limit: -1 is not allowed$/],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringEmployment', { operation: 'getAll', limit: 5, ...override });
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	it('lists every employment, those of people who left marked, and filters by what is typed', async () => {
		const pick = async (filter?: string) =>
			await listSearch({
				node: {
					type: 'n8n-nodes-rostering.rosteringEmployment',
					parameters: { operation: 'get' },
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
				},
				method: 'searchEmployments',
				credentials: f.credentials as never,
				filter,
			});
		const all = await pick();
		expect(all.results.map((r) => r.value).sort()).toEqual(employments().map((e) => e.id).sort());
		expect(all.results.find((r) => r.value === leaver().id)?.name).toContain('(left)');
		const casual = await pick('casual');
		expect(casual.results.map((r) => r.value).sort()).toEqual(employments().filter((e) => e.employment_basis === 'casual').map((e) => e.id).sort());
	});
});
