import type { Sandbox } from './index';
import { api, http, start } from './helpers';

describe('API authentication, permissions and errors', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	it('401 invalid_token for a missing or unknown token, with the error shape and a request id', async () => {
		const none = await http(sb).get('/v1/shifts');
		expect(none.status).toBe(401);
		expect(none.data.error.code).toBe('invalid_token');
		const bad = await http(sb, 'nope').get('/v1/shifts');
		expect(bad.status).toBe(401);
		expect(bad.data).toEqual({ error: { code: 'invalid_token', message: expect.any(String), request_id: expect.stringMatching(/^req_/) } });
		expect(bad.headers['x-request-id']).toBe(bad.data.error.request_id);
	});

	it('401 token_expired once the token lifetime passes, or when told to expire tokens', async () => {
		const client = api(sb);
		expect((await client.get('/v1/connection')).status).toBe(200);
		sb.expireAccessTokens();
		const res = await client.get('/v1/connection');
		expect(res.status).toBe(401);
		expect(res.data.error.code).toBe('token_expired');
		const short = http(sb, sb.issueToken({ ttlSeconds: 60 }).access_token);
		expect((await short.get('/v1/connection')).status).toBe(200);
		sb.clock.advance(61000);
		expect((await short.get('/v1/connection')).data.error.code).toBe('token_expired');
		expect(sb.issueToken().expires_in).toBe(1800);
	});

	it('403 permission_denied naming the missing permission; any-one-of read permissions', async () => {
		const people = api(sb, { scopes: ['people:read'] });
		const shifts = await people.get('/v1/shifts');
		expect(shifts.status).toBe(403);
		expect(shifts.data.error.code).toBe('permission_denied');
		expect(shifts.data.error.message).toMatch(/roster:read/);
		expect((await people.get('/v1/locations')).status).toBe(200);
		expect((await people.get('/v1/business')).data.error.message).toMatch(/settings:read/);
		const ondemand = api(sb, { scopes: ['ondemand:read'] });
		expect((await ondemand.get('/v1/locations')).status).toBe(403);
		expect((await ondemand.get('/v1/connection')).status).toBe(200);
		const readOnly = api(sb, { scopes: ['roster:read'] });
		const create = await readOnly.post('/v1/shifts', {});
		expect(create.status).toBe(403);
		expect(create.data.error.message).toMatch(/roster:write/);
	});

	it('pay fields are omitted entirely without pay:read', async () => {
		const withPay = api(sb);
		const without = api(sb, { scopes: ['roster:read', 'people:read', 'ondemand:read', 'timesheets:read'] });
		const a = (await withPay.get('/v1/shifts?limit=5')).data.data[0];
		const b = (await without.get('/v1/shifts?limit=5')).data.data[0];
		expect(a.cost).toEqual(expect.objectContaining({ total: expect.any(Number), breakdown: expect.any(Array) }));
		expect('cost' in b).toBe(false);
		const e1 = (await withPay.get('/v1/employments')).data.data[0];
		const e2 = (await without.get('/v1/employments')).data.data[0];
		expect('base_hourly_rate' in e1 && 'award_code' in e1 && 'rate_overrides' in e1).toBe(true);
		for (const k of ['pay_basis', 'base_hourly_rate', 'hourly_rate_multiplier', 'annual_salary', 'salary_weekly_hours', 'classification_level', 'award_code', 'award_stream', 'rate_overrides']) {
			expect(k in e2).toBe(false);
		}
		expect('rate_modifier' in (await withPay.get('/v1/positions')).data.data[0]).toBe(true);
		expect('rate_modifier' in (await without.get('/v1/positions')).data.data[0]).toBe(false);
		expect('pay' in (await without.get('/v1/timesheets?limit=1')).data.data[0]).toBe(false);
		expect('rate' in (await without.get('/v1/on-demand-shifts?limit=1')).data.data[0]).toBe(false);
		expect('rate' in (await withPay.get('/v1/on-demand-shifts?limit=1')).data.data[0]).toBe(true);
	});

	it('records of another business are not there; bad ids and unknown paths are 404', async () => {
		const client = api(sb);
		const otherShift = sb.store.list('shifts', { businessId: sb.store.otherBusinessId })[0];
		const res = await client.get(`/v1/shifts/${otherShift.id}`);
		expect(res.status).toBe(404);
		expect(res.data.error.code).toBe('not_found');
		expect((await client.get('/v1/shifts/not-an-id')).status).toBe(404);
		expect((await client.get('/v1/nothing-here')).status).toBe(404);
		const theirs = http(sb, sb.issueToken({ businessId: sb.store.otherBusinessId }).access_token);
		expect((await theirs.get(`/v1/shifts/${otherShift.id}`)).status).toBe(200);
	});

	it('reads every record by id, archived or not; a person who left is not shared', async () => {
		const client = api(sb);
		const archived = sb.store.shifts.find((s) => s.archived)!;
		expect((await client.get(`/v1/shifts/${archived.id}`)).data).toMatchObject({ id: archived.id, archived: true });
		const left = sb.store.employments.find((e) => e.archived)!;
		expect((await client.get(`/v1/employments/${left.id}`)).data.archived).toBe(true);
		expect((await client.get(`/v1/employees/${left.employee_id}`)).status).toBe(404);
		for (const path of ['/v1/business', '/v1/connection']) expect((await client.get(path)).status).toBe(200);
		const l = (await client.get('/v1/locations')).data.data[0];
		expect(l).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String), timezone: expect.any(String), labour_target: expect.anything(), archived: false }));
	});

	it('operations refused to partner apps give 403; a wrong method on a known path gives 405', async () => {
		const client = api(sb);
		const shift = sb.store.shifts[0];
		expect((await client.post(`/v1/shifts/${shift.id}/publish`, {})).status).toBe(403);
		expect((await client.patch(`/v1/employees/${sb.store.employees[0].id}`, {})).status).toBe(403);
		const put = await client.put(`/v1/shifts/${shift.id}`, {});
		expect(put.status).toBe(405);
		expect(put.headers.allow).toMatch(/PATCH/);
	});

	it('timestamps carry the location offset; created_at and updated_at to the second', async () => {
		const client = api(sb);
		const syd = sb.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
		const s = (await client.get(`/v1/shifts?location_id=${syd.id}&from=2026-11-26&to=2026-11-26&limit=1`)).data.data[0];
		expect(s.start_time).toMatch(/^2026-11-26T\d\d:\d\d:00\+11:00$/);
		expect(s.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+11:00$/);
		const per = sb.store.locations.find((l) => l.timezone === 'Australia/Perth')!;
		const p = (await client.get(`/v1/shifts?location_id=${per.id}&limit=1`)).data.data[0];
		expect(p.start_time).toMatch(/\+08:00$/);
	});
});
