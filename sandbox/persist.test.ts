import { isDeepStrictEqual } from 'util';

import type { Sandbox } from './index';
import { ANCHOR, api, basic, http, loc, positionAt, start } from './helpers';
import { buildSeed } from './seed';

/**
 * The demo keeps its work across restarts (scripts/demo.ts): a sandbox started from the state
 * another saved goes on where it stopped, as the service would after a restart of its own.
 */
describe('a sandbox started from a saved state', () => {
	const opened: Sandbox[] = [];
	const started = async (state?: ReturnType<Sandbox['saveState']>) => {
		const sb = await start(state ? { state } : {});
		opened.push(sb);
		return sb;
	};
	afterEach(async () => {
		await Promise.all(opened.splice(0).map((sb) => sb.close()));
	});

	it('holds the records, the connection, the Idempotency-Keys and a clock that never goes back', async () => {
		const first = await started();
		const grant = first.issueToken({ ttlSeconds: 3 * 86400 });
		const client = http(first, grant.access_token);
		const l = loc(first, 'Sydney');
		const body = { location_id: l.id, position_id: positionAt(first, l.id).id, start_time: '2026-12-20T09:00:00+11:00', end_time: '2026-12-20T13:00:00+11:00' };
		const created = await client.post('/v1/shifts', body, { headers: { 'Idempotency-Key': 'kept-key' } });
		expect(created.status).toBe(201);
		first.manager.publishShift(created.data.id);
		first.clock.advance(2 * 3_600_000); // (Idempotency-Keys are kept 24 hours of its clock)
		const clockThen = first.clock.now().getTime();
		// Saved as the demo writes it: through JSON.
		const state = JSON.parse(JSON.stringify(first.saveState())) as ReturnType<Sandbox['saveState']>;
		await first.close();

		const second = await started(state);
		expect(second.clock.now().getTime()).toBeGreaterThanOrEqual(clockThen);
		expect(second.store.shifts.find((s) => s.id === created.data.id)).toMatchObject({ status: 'published', start_time: body.start_time });
		// The token issued before the restart still works; the same key replays, creating nothing again.
		const again = http(second, grant.access_token);
		const replayed = await again.post('/v1/shifts', body, { headers: { 'Idempotency-Key': 'kept-key' } });
		expect([replayed.status, replayed.headers['idempotent-replayed'], replayed.data.id]).toEqual([201, 'true', created.data.id]);
		expect(second.store.shifts.filter((s) => s.created_by_app && s.start_time === body.start_time)).toHaveLength(1);
		// The refresh token too (n8n renews with it), and a new record does not take an id in use.
		const refreshed = await http(second).post('/oauth/token', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: grant.refresh_token! }).toString(), {
			headers: { Authorization: basic(second), 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(refreshed.status).toBe(200);
		const next = await http(second, refreshed.data.access_token).post('/v1/shifts', { ...body, start_time: '2026-12-21T09:00:00+11:00', end_time: '2026-12-21T13:00:00+11:00' });
		expect(next.status).toBe(201);
		expect(next.data.id).not.toBe(created.data.id);
	});

	it('a state saved by another version is refused, saying so', async () => {
		const first = await started();
		const state = { ...first.saveState(), version: 0 };
		await expect(started(state)).rejects.toThrow(/another version of the sandbox/);
		// And api() still works on a fresh one: nothing half-restored leaks anywhere.
		expect((await api(await started()).get('/v1/locations')).status).toBe(200);
	});
});

/**
 * reset() lays the seed again (its ids and choices remembered: ids.ts): what a test changed, added
 * or removed is gone, the tables equal a seed built afresh, and no two sandboxes share a record.
 */
describe('reset', () => {
	it('comes back to the seed as built, whatever was changed; sandboxes share no record', async () => {
		const [a, b] = await Promise.all([start(), start()]);
		try {
			const shift = a.store.t.shifts.values().next().value!;
			shift.notes = 'changed in place';
			a.store.t.shifts.delete([...a.store.t.shifts.keys()][1]);
			a.store.t.employees.set('added', { ...a.store.t.employees.values().next().value!, id: 'added' });
			expect(b.store.t.shifts.get(shift.id)!.notes).not.toBe('changed in place');
			a.reset();
			const built = buildSeed(a.anchorWeek, Date.parse(`${ANCHOR}T01:00:00Z`)); // a date alone: 01:00 UTC
			expect(isDeepStrictEqual(a.store.t, built.tables)).toBe(true);
			expect(a.store.t.shifts.get(shift.id)).not.toBe(b.store.t.shifts.get(shift.id));
		} finally {
			await Promise.all([a.close(), b.close()]);
		}
	});
});
