import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, loc, positionAt, start } from './helpers';

describe('Idempotency-Key', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	let shift: Record<string, string>;
	beforeEach(async () => {
		sb = await start();
		client = api(sb, { ttlSeconds: 3 * 86400 });
		const l = loc(sb, 'Sydney');
		shift = { location_id: l.id, position_id: positionAt(sb, l.id).id, start_time: '2026-12-20T09:00:00+11:00', end_time: '2026-12-20T13:00:00+11:00' };
	});
	afterEach(() => sb.close());

	const created = () => sb.store.shifts.filter((s) => s.created_by_app && s.start_time === '2026-12-20T09:00:00+11:00').length;

	it('replays the stored response for the same key and request, creating nothing again', async () => {
		const headers = { 'Idempotency-Key': 'key-1' };
		const first = await client.post('/v1/shifts', shift, { headers });
		const second = await client.post('/v1/shifts', { ...shift }, { headers });
		expect(first.status).toBe(201);
		expect(second.status).toBe(201);
		expect(second.data).toEqual(first.data);
		expect(second.headers['idempotent-replayed']).toBe('true');
		expect(first.headers['idempotent-replayed']).toBeUndefined();
		expect(created()).toBe(1);
		// Keys belong to the connection: another token of the same connection replays, another business's connection does not.
		const sameConnection = api(sb, { scopes: ['roster:write'] });
		expect((await sameConnection.post('/v1/shifts', shift, { headers })).headers['idempotent-replayed']).toBe('true');
		const otherBusiness = api(sb, { scopes: ['roster:write'], businessId: sb.store.otherBusinessId });
		const theirs = await otherBusiness.post('/v1/shifts', shift, { headers });
		expect(theirs.headers['idempotent-replayed']).toBeUndefined();
		expect(theirs.data.error.field).toBe('location_id');
	});

	it('409 idempotency_key_reused for the same key with a different request', async () => {
		const headers = { 'Idempotency-Key': 'key-2' };
		await client.post('/v1/shifts', shift, { headers });
		const res = await client.post('/v1/shifts', { ...shift, notes: 'different' }, { headers });
		expect(res.status).toBe(409);
		expect(res.data.error.code).toBe('idempotency_key_reused');
		const patch = await client.patch(`/v1/shifts/${sb.store.shifts.find((s) => s.created_by_app && s.start_time === shift.start_time)!.id}`, shift, { headers });
		expect(patch.data.error.code).toBe('idempotency_key_reused');
	});

	it('409 request_in_progress while the first request with the key is still being processed', async () => {
		sb.setLatency(400);
		const headers = { 'Idempotency-Key': 'key-3' };
		const first = client.post('/v1/shifts', shift, { headers });
		await new Promise((r) => setTimeout(r, 100));
		const second = await client.post('/v1/shifts', shift, { headers });
		expect(second.status).toBe(409);
		expect(second.data.error.code).toBe('request_in_progress');
		expect((await first).status).toBe(201);
		sb.setLatency(0);
		expect((await client.post('/v1/shifts', shift, { headers })).headers['idempotent-replayed']).toBe('true');
		expect(created()).toBe(1);
	});

	it('keys expire after 24 hours; refused requests release the key; bad keys are 422', async () => {
		const headers = { 'Idempotency-Key': 'key-4' };
		const refused = await client.post('/v1/shifts', { ...shift, end_time: 'soon' }, { headers });
		expect(refused.status).toBe(422);
		expect((await client.post('/v1/shifts', shift, { headers })).status).toBe(201);
		sb.clock.advance(24 * 3600000 + 1000);
		const later = await client.post('/v1/shifts', shift, { headers });
		expect(later.headers['idempotent-replayed']).toBeUndefined();
		expect(later.status).toBe(201);
		expect(created()).toBe(2);
	});

	it('refuses an empty or too long key', async () => {
		const long = await client.post('/v1/shifts', shift, { headers: { 'Idempotency-Key': 'k'.repeat(256) } });
		expect(long.status).toBe(422);
		expect(long.data.error.field).toBe('Idempotency-Key');
		const ok = await client.post('/v1/shifts', shift, { headers: { 'Idempotency-Key': 'k'.repeat(255) } });
		expect(ok.status).toBe(201);
	});
});
