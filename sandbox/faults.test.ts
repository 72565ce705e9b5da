import axios from 'axios';
import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, http, loc, start } from './helpers';

describe('fault injection, latency and rate limits', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sb = await start();
		client = api(sb);
	});
	afterEach(() => {
		sb.clearFaults();
		sb.setLatency(0);
		sb.setRateLimit(null);
	});
	afterAll(() => sb.close());

	it('the next matching requests get the injected status, then normal service resumes', async () => {
		sb.injectFault({ method: 'GET', path: '/v1/shifts', status: 503, times: 2 });
		expect((await client.get('/v1/locations')).status).toBe(200);
		const a = await client.get('/v1/shifts?limit=1');
		expect(a.status).toBe(503);
		expect(a.data.error).toEqual({ code: 'not_set_up', message: expect.any(String), request_id: a.headers['x-request-id'] });
		expect((await client.get('/v1/shifts?limit=1')).status).toBe(503);
		expect((await client.get('/v1/shifts?limit=1')).status).toBe(200);
	});

	it('429 with Retry-After, 500 internal_error with a request id, path patterns', async () => {
		sb.injectFault({ path: /^\/v1\/timesheets/, status: 429, retryAfter: 3 });
		const limited = await client.get('/v1/timesheets?limit=1');
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('3');
		sb.injectFault({ path: '/v1/shifts/*', status: 500 });
		const id = sb.store.shifts[0].id;
		const failed = await client.get(`/v1/shifts/${id}`);
		expect(failed.status).toBe(500);
		expect(failed.data.error.code).toBe('internal_error');
		expect(failed.data.error.request_id).toMatch(/^req_/);
		sb.injectFault({ path: '/v1/shifts', status: 409, code: 'conflict', message: 'Injected clash' });
		expect((await client.get('/v1/shifts')).data.error).toMatchObject({ code: 'conflict', message: 'Injected clash' });
	});

	it('whenQuery narrows a fault to requests with that parameter; 422 faults carry a field', async () => {
		sb.injectFault({ method: 'GET', path: '/v1/shifts', status: 400, whenQuery: 'after' });
		const first = await client.get('/v1/shifts?limit=2');
		expect(first.status).toBe(200);
		const next = await client.get(`/v1/shifts?limit=2&after=${encodeURIComponent(first.data.next_cursor)}`);
		expect(next.status).toBe(400);
		expect(next.data.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('"after"') });
		sb.injectFault({ method: 'POST', status: 422, field: 'start_time' });
		const refused = await client.post('/v1/projects', { name: 'x', code: 'y' });
		expect(refused.data.error).toMatchObject({ code: 'validation_failed', field: 'start_time' });
	});

	it('whenBody narrows a fault to requests whose body carries that text (one batch of several)', async () => {
		sb.injectFault({ method: 'POST', path: '/v1/projects', status: 500, whenBody: '"code":"batch-2"' });
		const other = await client.post('/v1/projects', { name: 'One', code: 'batch-1' });
		expect(other.status).toBe(201);
		expect((await client.post('/v1/projects', { name: 'Two', code: 'batch-2' })).status).toBe(500);
		expect((await client.post('/v1/projects', { name: 'Two', code: 'batch-2' })).status).toBe(201);
	});

	it('latency-only faults and global latency delay requests that are then served', async () => {
		sb.injectFault({ path: '/v1/business', latencyMs: 300 });
		let t = Date.now();
		expect((await client.get('/v1/business')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(290);
		sb.setLatency(200);
		t = Date.now();
		await client.get('/v1/connection');
		expect(Date.now() - t).toBeGreaterThanOrEqual(190);
	});

	it('drop closes the connection without a response', async () => {
		sb.injectFault({ path: '/v1/connection', drop: true });
		await expect(axios.get(`${sb.url}/v1/connection`)).rejects.toThrow();
		expect((await client.get('/v1/connection')).status).toBe(200);
	});

	it('OAuth token requests can be faulted when the path says so, never by default', async () => {
		sb.injectFault({ status: 500 });
		expect((await http(sb).post('/oauth/token', {})).status).toBe(401);
		expect((await client.get('/v1/connection')).status).toBe(500);
		sb.injectFault({ path: '/oauth/token', status: 503 });
		expect((await http(sb).post('/oauth/token', {})).status).toBe(503);
	});

	it('rate limit: beyond perSecond requests in a second, 429 with Retry-After', async () => {
		sb.setRateLimit({ perSecond: 3 });
		const statuses = [];
		for (let i = 0; i < 5; i++) statuses.push((await client.get('/v1/connection')).status);
		expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
		const res = await client.get('/v1/connection');
		expect(res.status).toBe(429);
		expect(res.data.error.code).toBe('rate_limited');
		expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
	});
});

describe('control API and recorded requests', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	const control = () => http(sb);

	it('records API and OAuth requests (not control calls) with parsed bodies and responses', async () => {
		sb.clearRequests();
		const client = api(sb);
		await client.post('/v1/projects?x=1', { name: 'Recorded', code: 'REC' }, { headers: { 'X-Custom': 'yes' } });
		await http(sb).post('/oauth/token', 'grant_type=refresh_token&refresh_token=nope', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
		await control().get('/__control/info');
		expect(sb.requests).toHaveLength(2);
		const [a, b] = sb.requests;
		expect(a).toMatchObject({ method: 'POST', path: '/v1/projects', query: { x: '1' }, body: { name: 'Recorded', code: 'REC' }, status: 400 });
		expect(a.headers['x-custom']).toBe('yes');
		expect(a.rawBody).toBe(JSON.stringify({ name: 'Recorded', code: 'REC' }));
		expect((a.responseBody as { error: { message: string } }).error.message).toContain('"x"');
		expect(Date.parse(a.at)).not.toBeNaN();
		expect(b).toMatchObject({ path: '/oauth/token', body: { grant_type: 'refresh_token', refresh_token: 'nope' }, status: 401 });
		const over = await control().get('/__control/requests?path=/v1');
		expect(over.data.data).toHaveLength(1);
		await control().delete('/__control/requests');
		expect(sb.requests).toHaveLength(0);
	});

	it('issues tokens, expires them, injects faults, moves the clock and resets', async () => {
		const token = (await control().post('/__control/token', { scopes: ['roster:read'], ttlSeconds: 600 })).data;
		expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'roster:read' });
		const client = http(sb, token.access_token);
		expect((await client.get('/v1/shifts?limit=1')).status).toBe(200);
		await control().post('/__control/expire-tokens');
		expect((await client.get('/v1/shifts?limit=1')).data.error.code).toBe('token_expired');
		const fresh = http(sb, sb.issueToken().access_token);
		await control().post('/__control/faults', { pathPattern: '^/v1/shifts', status: 502, times: 1 });
		expect((await control().get('/__control/faults')).data.data).toHaveLength(1);
		expect((await fresh.get('/v1/shifts?limit=1')).status).toBe(502);
		await control().post('/__control/faults', { status: 500, times: 5 });
		await control().delete('/__control/faults');
		expect((await fresh.get('/v1/shifts?limit=1')).status).toBe(200);
		await control().post('/__control/latency', { ms: 150 });
		const t = Date.now();
		await fresh.get('/v1/connection');
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		await control().post('/__control/latency', { ms: 0 });
		await control().post('/__control/rate-limit', { perSecond: 1 });
		await fresh.get('/v1/connection');
		expect((await fresh.get('/v1/connection')).status).toBe(429);
		await control().post('/__control/rate-limit', { perSecond: null });
		const before = Date.parse((await control().get('/__control/clock')).data.now);
		const after = Date.parse((await control().post('/__control/clock', { advanceMs: 3600000 })).data.now);
		expect(after - before).toBeGreaterThanOrEqual(3600000);
		expect((await control().post('/__control/clock', { set: '2026-12-01T00:00:00Z' })).data.now).toMatch(/^2026-12-01T00:00:0/);
		// Reset puts the clock back to the anchor (how long it takes is no behaviour: a busy machine varies).
		await control().post('/__control/reset');
		expect(Date.parse((await control().get('/__control/clock')).data.now)).toBeLessThan(Date.parse('2026-11-25T01:01:00Z'));
	});

	it('manager actions and records over HTTP; changes bump updated_at', async () => {
		const shift = (await control().get('/__control/records/shifts')).data.data.find((s: { status: string; archived: boolean }) => s.status === 'unpublished' && !s.archived);
		await control().post('/__control/clock', { advanceMs: 5000 });
		const res = await control().post('/__control/manager/publishShift', { id: shift.id });
		expect(res.status).toBe(200);
		const after = (await control().get(`/__control/records/shifts?id=${shift.id}`)).data;
		expect(after.status).toBe('published');
		expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(shift.updated_at));
		const syd = loc(sb, 'Sydney');
		await control().post('/__control/manager/publish-roster', { locationId: syd.id, weekStartDate: '2027-01-04' });
		const week = sb.store.shifts.filter((s) => s.location_id === syd.id && String(s.start_time) >= '2027-01-04' && String(s.start_time) < '2027-01-11' && !s.archived);
		expect(week.length).toBeGreaterThan(10);
		expect(week.every((s) => s.status === 'published')).toBe(true);
		const ts = sb.store.timesheets.find((t) => t.status === 'pending')!;
		await control().post('/__control/manager/rejectTimesheet', { id: ts.id });
		expect(sb.store.get('timesheets', ts.id as string)!.status).toBe('rejected');
		expect((await control().post('/__control/manager/nope', { id: 'x' })).status).toBe(404);
		expect((await control().post('/__control/manager/publishShift', { id: 'missing' })).status).toBe(400);
		const locations = (await control().get('/__control/records/locations')).data.data;
		expect(locations.map((l: { timezone: string }) => l.timezone)).toEqual(expect.arrayContaining(['Australia/Sydney', 'Australia/Brisbane', 'Australia/Perth', 'Pacific/Auckland']));
	});

	it('the same anchor gives identical data and ids', async () => {
		const again = await start();
		try {
			expect(again.store.shifts.map((s) => s.id)).toEqual(sb.store.list('shifts').map((s) => s.id));
			expect(again.store.timesheets.length).toBe(sb.store.timesheets.length);
			expect(again.store.employees).toEqual(sb.store.employees);
		} finally {
			await again.close();
		}
	});
});
