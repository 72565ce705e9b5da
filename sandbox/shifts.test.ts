import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, loc, positionAt, staffFor, start } from './helpers';

describe('shifts: create, change, delete', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	let syd: { id: string };
	let foh: { id: string };
	beforeEach(async () => {
		sb = await start();
		client = api(sb, { ttlSeconds: 7 * 86400 }); // outlives the clock moves below
		syd = loc(sb, 'Sydney');
		foh = positionAt(sb, syd.id);
	});
	afterEach(() => sb.close());

	const body = (o: Record<string, unknown> = {}) => ({
		location_id: syd.id, position_id: foh.id, start_time: '2026-12-20T09:00:00+11:00', end_time: '2026-12-20T17:00:00+11:00', ...o,
	});

	it('creates an unpublished shift in the right roster week, with award breaks, paid hours and cost', async () => {
		const res = await client.post('/v1/shifts', body({ notes: 'New', start_time: '2026-12-19T22:00:00Z', end_time: '2026-12-20T06:00:00Z' }));
		expect(res.status).toBe(201);
		expect(res.data).toMatchObject({
			location_id: syd.id, position_id: foh.id, employee_id: null, status: 'unpublished', notes: 'New', project_id: null,
			start_time: '2026-12-20T09:00:00+11:00', end_time: '2026-12-20T17:00:00+11:00',
			breaks: [{ offset_minutes: 225, duration_minutes: 30, paid: false }], paid_hours: 7.5, created_by_app: true, archived: false,
		});
		expect(res.data.cost).toMatchObject({ total: 0, breakdown: [] });
		const week = sb.store.rosters.find((r) => r.location_id === syd.id && r.week_start_date === '2026-12-14')!;
		expect(res.data.roster_id).toBe(week.id);
		expect((await client.get(`/v1/shifts/${res.data.id}`)).data).toEqual(res.data);
		const who = staffFor(sb, syd.id, foh.id);
		const staffed = await client.post('/v1/shifts', body({ employee_id: who, start_time: '2026-12-21T09:00:00+11:00', end_time: '2026-12-21T13:00:00+11:00', breaks: [] }));
		expect(staffed.status).toBe(201);
		expect(staffed.data.breaks).toEqual([]);
		expect(staffed.data.cost.total).toBeGreaterThan(0);
	});

	it('refuses invalid bodies with 422 naming the field', async () => {
		const other = positionAt(sb, loc(sb, 'Fremantle').id);
		const excluded = sb.store.employees.find((e) => (e.excluded_position_ids as string[]).length)!;
		const cases: [Record<string, unknown>, string][] = [
			[body({ colour: 'red' }), 'colour'],
			[{ ...body(), location_id: undefined }, 'location_id'],
			[body({ start_time: '2026-12-20T09:00:00' }), 'start_time'],
			[body({ end_time: '2026-12-20T08:00:00+11:00' }), 'end_time'],
			[body({ position_id: other.id }), 'position_id'],
			[body({ employee_id: 'abc' }), 'employee_id'],
			[body({ employee_id: sb.store.employments.find((e) => e.archived)!.employee_id }), 'employee_id'],
			[body({ location_id: (excluded.location_ids as string[])[0], position_id: (excluded.excluded_position_ids as string[])[0], employee_id: excluded.id }), 'employee_id'],
			[body({ breaks: [{ offset_minutes: 470, duration_minutes: 30, paid: false }] }), 'breaks[0].offset_minutes'],
			[body({ breaks: [{ offset_minutes: 60, duration_minutes: 30 }] }), 'breaks[0].paid'],
			[body({ notes: 42 }), 'notes'],
			[body({ location_id: sb.store.locations.find((l) => l.archived)!.id }), 'location_id'],
		];
		for (const [b, field] of cases) {
			const res = await client.post('/v1/shifts', JSON.parse(JSON.stringify(b)));
			expect([field, res.status, res.data.error?.code]).toEqual([field, 422, 'validation_failed']);
			expect(res.data.error.field).toBe(field);
		}
		const inactive = sb.store.positions.find((p) => p.location_id === syd.id && p.active === false)!;
		expect((await client.post('/v1/shifts', body({ position_id: inactive.id }))).data.error.field).toBe('position_id');
		expect(sb.store.shifts.filter((s) => s.created_by_app && s.start_time === '2026-12-20T09:00:00+11:00')).toHaveLength(0);
	});

	it('409 conflict when the person already has a shift at that time', async () => {
		const who = staffFor(sb, syd.id, foh.id);
		const existing = sb.store.shifts.find((s) => s.employee_id === who && !s.archived && String(s.start_time) > '2026-12-01')!;
		const res = await client.post('/v1/shifts', body({ employee_id: who, start_time: existing.start_time, end_time: existing.end_time }));
		expect(res.status).toBe(409);
		expect(res.data.error.code).toBe('conflict');
	});

	it('batch create is all-or-nothing', async () => {
		const items = Array.from({ length: 5 }, (_, i) => body({ start_time: `2026-12-2${i}T09:00:00+11:00`, end_time: `2026-12-2${i}T12:00:00+11:00` }));
		const before = sb.store.shifts.length;
		const bad = await client.post('/v1/shifts', { data: [...items.slice(0, 3), { ...items[3], start_time: 'tomorrow' }, items[4]] });
		expect(bad.status).toBe(422);
		expect(bad.data.error.field).toBe('data[3].start_time');
		expect(sb.store.shifts.length).toBe(before);
		const tooMany = await client.post('/v1/shifts', { data: Array.from({ length: 101 }, () => items[0]) });
		expect(tooMany.data.error.field).toBe('data');
		const okRes = await client.post('/v1/shifts', { data: items });
		expect(okRes.status).toBe(201);
		expect(okRes.data.data.map((s: { start_time: string }) => s.start_time)).toEqual(items.map((i) => i.start_time));
		expect(sb.store.shifts.length).toBe(before + 5);
	});

	it('a change unpublishes a published shift and re-plans breaks when start or end moves', async () => {
		const s = sb.store.shifts.find((x) => x.status === 'published' && !x.archived && x.location_id === syd.id && String(x.start_time) > '2026-12-01' && (x.breaks as unknown[]).length)!;
		const res = await client.patch(`/v1/shifts/${s.id}`, { notes: 'Bring keys' });
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ status: 'unpublished', notes: 'Bring keys', breaks: s.breaks });
		expect(Date.parse(res.data.updated_at)).toBeGreaterThan(Date.parse(String(s.updated_at)));
		const shorter = String(s.start_time).replace(/T\d\d:\d\d/, (m) => m.slice(0, 1) + String(Number(m.slice(1, 3)) + 4).padStart(2, '0') + ':00');
		const moved = await client.patch(`/v1/shifts/${s.id}`, { end_time: shorter });
		expect(moved.status).toBe(200);
		expect(moved.data.breaks).toEqual([]);
		expect(moved.data.paid_hours).toBe(4);
		sb.manager.publishShift(s.id as string);
		expect((await client.get(`/v1/shifts/${s.id}`)).data.status).toBe('published');
		const loc2 = await client.patch(`/v1/shifts/${s.id}`, { location_id: loc(sb, 'Fremantle').id });
		expect(loc2.status).toBe(422);
		expect(loc2.data.error.field).toBe('location_id');
	});

	it('a started shift cannot be changed or deleted (409 shift_started)', async () => {
		const started = sb.store.shifts.find((x) => !x.archived && Date.parse(String(x.start_time)) < sb.clock.now().getTime())!;
		expect((await client.patch(`/v1/shifts/${started.id}`, { notes: 'x' })).data.error.code).toBe('shift_started');
		expect((await client.delete(`/v1/shifts/${started.id}`)).data.error.code).toBe('shift_started');
		const created = (await client.post('/v1/shifts', body({ start_time: '2026-11-25T14:00:00+11:00', end_time: '2026-11-25T18:00:00+11:00' }))).data;
		sb.clock.set('2026-11-25T14:00:00+11:00');
		const res = await client.patch(`/v1/shifts/${created.id}`, { notes: 'late' });
		expect(res.status).toBe(409);
		expect(res.data.error.code).toBe('shift_started');
	});

	it('delete archives the shift, returns {id, deleted: true}, and removes open-shift requests', async () => {
		const requested = sb.store.openShiftRequests[0];
		const id = requested.shift_id as string;
		const res = await client.delete(`/v1/shifts/${id}`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ id, deleted: true });
		expect((await client.get(`/v1/shifts/${id}`)).data.archived).toBe(true);
		expect(sb.store.openShiftRequests.some((r) => r.shift_id === id)).toBe(false);
		const list = await client.get(`/v1/shifts?location_id=${requested.location_id}&updated_since=${encodeURIComponent(sb.store.get('shifts', id)!.updated_at as string)}`);
		expect(list.data.data.some((s: { id: string }) => s.id === id)).toBe(false);
		const withArchived = await client.get(`/v1/shifts?location_id=${requested.location_id}&include_archived=true&updated_since=${encodeURIComponent(sb.store.get('shifts', id)!.updated_at as string)}`);
		expect(withArchived.data.data.some((s: { id: string }) => s.id === id)).toBe(true);
	});

	it('an unpublished shift whose end has passed reads as expired', async () => {
		const created = (await client.post('/v1/shifts', body({ start_time: '2026-11-26T09:00:00+11:00', end_time: '2026-11-26T10:00:00+11:00' }))).data;
		expect(created.status).toBe('unpublished');
		sb.clock.set('2026-11-26T10:00:01+11:00');
		expect((await client.get(`/v1/shifts/${created.id}`)).data.status).toBe('expired');
	});
});
