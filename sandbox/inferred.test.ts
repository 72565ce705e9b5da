import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, loc, positionAt, staffFor, start } from './helpers';

type Row = Record<string, any>;

describe('inferred endpoints', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	let syd: { id: string };
	let foh: { id: string };
	beforeEach(async () => {
		sb = await start();
		client = api(sb, { ttlSeconds: 7 * 86400 });
		syd = loc(sb, 'Sydney');
		foh = positionAt(sb, syd.id);
	});
	afterEach(() => sb.close());

	const all = async (c: AxiosInstance, path: string): Promise<Row[]> => {
		const out: Row[] = [];
		let after: string | null = null;
		do {
			const res: { status: number; data: Row } = await c.get(path + (path.includes('?') ? '&' : '?') + 'limit=200' + (after ? `&after=${encodeURIComponent(after)}` : ''));
			expect(res.status).toBe(200);
			expect(Object.keys(res.data).sort()).toEqual(['data', 'has_more', 'next_cursor']);
			out.push(...res.data.data);
			after = res.data.next_cursor;
		} while (after);
		return out;
	};
	const shift = async (o: Row) => {
		const res = await client.post('/v1/shifts', { location_id: syd.id, position_id: foh.id, ...o });
		expect(res.status).toBe(201);
		return res.data as Row;
	};

	it('rosters: one per location and week, figures from its shifts, reading never creates one', async () => {
		const before = sb.store.rosters.length;
		expect(await all(client, '/v1/rosters?from=2030-01-01&to=2030-03-31')).toEqual([]);
		expect((await client.get('/v1/rosters?from=2030-01-07&to=2030-01-13&location_id=' + syd.id)).data.data).toEqual([]);
		expect(sb.store.rosters.length).toBe(before);
		const rows = await all(client, `/v1/rosters?location_id=${syd.id}`);
		expect(rows.length).toBe(sb.store.rosters.filter((r) => r.location_id === syd.id).length);
		for (const r of rows.slice(0, 5)) {
			const shifts = sb.store.shifts.filter((s) => s.roster_id === r.id && !s.archived);
			expect(r).toMatchObject({ location_id: syd.id, shift_count: shifts.length, published: shifts.length > 0 && shifts.every((s) => s.status === 'published') });
			expect(Object.keys(r).sort()).toEqual(['created_at', 'id', 'location_id', 'published', 'shift_count', 'updated_at', 'week_start_date']);
		}
		const s = await shift({ start_time: '2030-01-09T09:00:00+11:00', end_time: '2030-01-09T13:00:00+11:00' });
		const week = await all(client, '/v1/rosters?from=2030-01-01&to=2030-01-31');
		expect(week).toEqual([expect.objectContaining({ id: s.roster_id, location_id: syd.id, week_start_date: '2030-01-07', shift_count: 1, published: false })]);
		expect((await client.get(`/v1/rosters/${s.roster_id}`)).data).toEqual(week[0]);
		expect(sb.store.rosters.length).toBe(before + 1);
		await client.delete(`/v1/shifts/${s.id}`);
		expect((await client.get(`/v1/rosters/${s.roster_id}`)).data.shift_count).toBe(0);
		expect((await client.get('/v1/rosters?week=1')).status).toBe(400);
		expect((await client.get('/v1/rosters/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
	});

	it('who can cover: free, current, allowed staff; not someone given an overlapping shift nor someone excluded from the position', async () => {
		const open = await shift({ start_time: '2030-02-05T09:00:00+11:00', end_time: '2030-02-05T15:00:00+11:00' });
		const free = await all(client, `/v1/shifts/${open.id}/available-employees`);
		expect(free.length).toBeGreaterThan(3);
		expect(Object.keys(free[0]).sort()).toEqual(['employee_id', 'first_name', 'last_name']);
		const ids = free.map((r) => r.employee_id);
		expect(ids).toContain(staffFor(sb, syd.id, foh.id));
		for (const id of ids) {
			const e = sb.store.employees.find((x) => x.id === id)!;
			expect((e.location_ids as string[]).length === 0 || (e.location_ids as string[]).includes(syd.id)).toBe(true);
		}
		const busy = ids[0];
		await shift({ employee_id: busy, start_time: '2030-02-05T14:00:00+11:00', end_time: '2030-02-05T18:00:00+11:00' });
		const after = (await all(client, `/v1/shifts/${open.id}/available-employees`)).map((r) => r.employee_id);
		expect(after).not.toContain(busy);
		expect(after.length).toBe(ids.length - 1);
		const excluded = sb.store.employees.find((e) => (e.excluded_position_ids as string[]).length)!;
		const pos = sb.store.positions.find((p) => p.id === (excluded.excluded_position_ids as string[])[0])!;
		const other = await client.post('/v1/shifts', { location_id: pos.location_id, position_id: pos.id, start_time: '2030-02-06T09:00:00+10:00', end_time: '2030-02-06T12:00:00+10:00' });
		expect(other.status).toBe(201);
		const forPos = (await all(client, `/v1/shifts/${other.data.id}/available-employees`)).map((r) => r.employee_id);
		expect(forPos.length).toBeGreaterThan(0);
		expect(forPos).not.toContain(excluded.id);
		expect((await client.get(`/v1/shifts/${open.id}/available-employees?location_id=${syd.id}`)).status).toBe(400);
		expect((await api(sb, { scopes: ['timesheets:read'] }).get(`/v1/shifts/${open.id}/available-employees`)).status).toBe(403);
	});

	it('open-shift requests: listed, and removed when the shift is deleted or the person gets an overlapping shift', async () => {
		const rows = await all(client, '/v1/open-shift-requests');
		expect(rows.length).toBe(sb.store.openShiftRequests.length);
		expect(rows.length).toBeGreaterThan(1);
		expect(Object.keys(rows[0]).sort()).toEqual(['created_at', 'employee_id', 'id', 'location_id', 'requested_at', 'shift_id', 'updated_at']);
		const one = rows[0];
		expect((await all(client, `/v1/open-shift-requests?shift_id=${one.shift_id}`)).every((r) => r.shift_id === one.shift_id)).toBe(true);
		expect((await client.delete(`/v1/shifts/${one.shift_id}`)).status).toBe(200);
		const left = await all(client, '/v1/open-shift-requests');
		expect(left.find((r) => r.shift_id === one.shift_id)).toBeUndefined();
		// Give a requester another shift at the same time (the first one free then).
		let two: Row | undefined;
		for (const cand of left) {
			const target = sb.store.shifts.find((s) => s.id === cand.shift_id)!;
			const res = await client.post('/v1/shifts', {
				location_id: target.location_id, position_id: target.position_id, employee_id: cand.employee_id, start_time: target.start_time, end_time: target.end_time, breaks: [],
			});
			if (res.status === 201) { two = cand; break; }
			expect(res.status).toBe(409);
		}
		expect(two).toBeDefined();
		two = two!;
		expect((await all(client, `/v1/open-shift-requests?employee_id=${two.employee_id}`)).find((r) => r.shift_id === two.shift_id)).toBeUndefined();
		expect((await client.get('/v1/open-shift-requests?status=pending')).status).toBe(400);
	});

	it("who's on: one row per open timesheet started in the last 24 hours, earliest first", async () => {
		const now = sb.clock.now().getTime();
		const expected = sb.store.timesheets
			.filter((t) => t.end_time === null && !t.archived && Date.parse(t.start_time as string) >= now - 86400000)
			.sort((a, b) => Date.parse(a.start_time as string) - Date.parse(b.start_time as string));
		expect(expected.length).toBeGreaterThanOrEqual(3);
		const rows = await all(client, '/v1/whos-on');
		expect(rows.map((r) => r.timesheet_id)).toEqual(expected.map((t) => t.id));
		expect(rows[0]).toEqual({ timesheet_id: expected[0].id, employee_id: expected[0].employee_id, location_id: expected[0].location_id, position_id: expected[0].position_id, start_time: expected[0].start_time });
		const startIso = new Date(now - 30 * 60000).toISOString();
		let made: Row | undefined;
		for (let skip = 0; skip < 15 && !made; skip++) {
			const res = await client.post('/v1/timesheets', { employee_id: staffFor(sb, syd.id, foh.id, skip), location_id: syd.id, position_id: foh.id, start_time: startIso, end_time: null });
			if (res.status === 201) made = res.data;
		}
		expect(made).toBeDefined();
		const withMine = await all(client, `/v1/whos-on?location_id=${syd.id}`);
		expect(withMine.map((r) => r.timesheet_id)).toContain(made!.id);
		expect(withMine.every((r) => r.location_id === syd.id)).toBe(true);
		sb.clock.advance(25 * 3600000);
		expect((await all(client, '/v1/whos-on')).map((r) => r.timesheet_id)).not.toContain(made!.id);
		expect((await api(sb, { scopes: ['roster:read'] }).get('/v1/whos-on')).status).toBe(403);
	});

	/** A quiet week far ahead of the seed: the test's own shifts and timesheets only. */
	const setUpWeek = async () => {
		const a = staffFor(sb, syd.id, foh.id, 0);
		const b = staffFor(sb, syd.id, foh.id, 1);
		const ts = async (o: Row) => {
			const res = await client.post('/v1/timesheets', { location_id: syd.id, position_id: foh.id, ...o });
			expect(res.status).toBe(201);
			return res.data as Row;
		};
		const t1 = await ts({ employee_id: a, start_time: '2030-03-04T09:00:00+11:00', end_time: '2030-03-04T13:20:00+11:00' }); // 4h20
		const t2 = await ts({ employee_id: a, start_time: '2030-03-05T09:00:00+11:00', end_time: '2030-03-05T11:40:00+11:00' }); // 2h40
		const t3 = await ts({ employee_id: a, start_time: '2030-03-06T09:00:00+11:00', end_time: '2030-03-06T09:10:00+11:00' }); // 10 min
		const t4 = await ts({ employee_id: b, start_time: '2030-03-04T10:00:00+11:00', end_time: '2030-03-04T16:00:00+11:00', breaks: [{ start: '2030-03-04T12:00:00+11:00', end: '2030-03-04T12:30:00+11:00', paid: false }] });
		const t5 = await ts({ employee_id: b, start_time: '2030-03-05T10:00:00+11:00', end_time: '2030-03-05T12:00:00+11:00' }); // rejected below
		sb.store.t.timesheets.get(t1.id)!.status = 'approved';
		sb.store.t.timesheets.get(t5.id)!.status = 'rejected';
		const s1 = await shift({ employee_id: a, start_time: '2030-03-04T09:00:00+11:00', end_time: '2030-03-04T13:00:00+11:00' });
		const s2 = await shift({ employee_id: b, start_time: '2030-03-04T10:00:00+11:00', end_time: '2030-03-04T16:00:00+11:00' });
		const s3 = await shift({ start_time: '2030-03-04T17:00:00+11:00', end_time: '2030-03-04T20:00:00+11:00' });
		const gone = await shift({ employee_id: a, start_time: '2030-03-04T18:00:00+11:00', end_time: '2030-03-04T20:00:00+11:00' });
		await client.delete(`/v1/shifts/${gone.id}`);
		return { a, b, t: [t1, t2, t3, t4, t5], s: [s1, s2, s3] };
	};

	it('timesheet totals: approved and pending, rounded once, rejected and open left out', async () => {
		const w = await setUpWeek();
		const rows = await all(client, `/v1/timesheet-totals?from=2030-03-01&to=2030-03-31&location_id=${syd.id}`);
		const byId = Object.fromEntries(rows.map((r) => [r.employee_id, r]));
		// 4h20 approved; 2h40 + 0h10 pending = 2.8333.. → 2.83; total 7h10 = 7.17 (not 4.33 + 2.83 = 7.16).
		expect(byId[w.a]).toEqual({ employee_id: w.a, from: '2030-03-01', to: '2030-03-31', approved_hours: 4.33, pending_hours: 2.83, total_hours: 7.17, timesheet_count: 3 });
		expect(byId[w.b]).toEqual({ employee_id: w.b, from: '2030-03-01', to: '2030-03-31', approved_hours: 0, pending_hours: 5.5, total_hours: 5.5, timesheet_count: 1 });
		expect(rows.length).toBe(2);
		expect((await all(client, `/v1/timesheet-totals?from=2030-03-05&to=2030-03-05&employee_id=${w.a}`))).toEqual([
			{ employee_id: w.a, from: '2030-03-05', to: '2030-03-05', approved_hours: 0, pending_hours: 2.67, total_hours: 2.67, timesheet_count: 1 },
		]);
		expect((await client.get('/v1/timesheet-totals?from=2030-03-01')).status).toBe(400);
		expect((await client.get('/v1/timesheet-totals?from=2030-03-01&to=2030-03-31&status=approved')).status).toBe(400);
		expect((await api(sb, { scopes: ['roster:read'] }).get('/v1/timesheet-totals?from=2030-03-01&to=2030-03-31')).status).toBe(403);
	});

	it('labour costs: per day and location, adding up from shifts and timesheets, fields gated by permission', async () => {
		const w = await setUpWeek();
		const rows = await all(client, `/v1/labour-costs?from=2030-03-03&to=2030-03-05&location_id=${syd.id}`);
		expect(rows.map((r) => r.date)).toEqual(['2030-03-03', '2030-03-04', '2030-03-05']);
		expect(rows[0]).toEqual({ date: '2030-03-03', location_id: syd.id, rostered_hours: 0, rostered_cost: 0, actual_hours: 0, actual_cost: 0 });
		const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
		const shifts = w.s.map((s) => sb.store.shifts.find((x) => x.id === s.id)!);
		const sheets = [w.t[0], w.t[3]].map((t) => sb.store.timesheets.find((x) => x.id === t.id)!);
		expect(rows[1]).toEqual({
			date: '2030-03-04', location_id: syd.id,
			rostered_hours: sum(shifts.map((s) => s.paid_hours as number)), rostered_cost: sum(shifts.map((s) => (s.cost as Row).total)),
			actual_hours: sum(sheets.map((t) => t.paid_hours as number)), actual_cost: sum(sheets.map((t) => (t.pay as Row).total)),
		});
		expect(rows[1].rostered_hours).toBe(4 + 5.5 + 3);
		expect(rows[1].actual_hours).toBe(4.33 + 5.5);
		expect(rows[2].actual_hours).toBe(2.67); // the rejected one is left out
		const everywhere = await all(client, '/v1/labour-costs?from=2030-03-04&to=2030-03-04');
		expect(everywhere.length).toBe(sb.store.locations.filter((l) => !l.archived).length);
		const q = `/v1/labour-costs?from=2030-03-04&to=2030-03-04&location_id=${syd.id}`;
		const rosterOnly = (await api(sb, { scopes: ['roster:read'] }).get(q)).data.data[0];
		expect(Object.keys(rosterOnly).sort()).toEqual(['date', 'location_id', 'rostered_hours']);
		const actualPay = (await api(sb, { scopes: ['timesheets:read', 'pay:read'] }).get(q)).data.data[0];
		expect(Object.keys(actualPay).sort()).toEqual(['actual_cost', 'actual_hours', 'date', 'location_id']);
		const denied = await api(sb, { scopes: ['pay:read', 'people:read'] }).get(q);
		expect(denied.status).toBe(403);
		expect(denied.data.error.message).toContain('roster:read');
		expect(denied.data.error.message).toContain('timesheets:read');
		expect((await client.get('/v1/labour-costs?to=2030-03-04')).status).toBe(400);
	});

	it('leave: requests (92-day limit, status filter), blackouts, balances, types; leave:read needed', async () => {
		const leave = api(sb, { scopes: ['leave:read'] });
		const reqs = await all(leave, '/v1/leave-requests?from=2026-10-01&to=2026-12-31');
		expect(reqs.length).toBeGreaterThan(3);
		expect(Object.keys(reqs[0]).sort()).toEqual(['archived', 'created_at', 'employee_id', 'end_date', 'hours', 'id', 'reason', 'start_date', 'status', 'type_id', 'updated_at']);
		expect(reqs.every((r) => r.end_date >= '2026-10-01' && r.start_date <= '2026-12-31' && !r.archived)).toBe(true);
		const approved = await all(leave, '/v1/leave-requests?status=approved');
		expect(approved.length).toBeGreaterThan(0);
		expect(approved.every((r) => r.status === 'approved')).toBe(true);
		expect((await leave.get(`/v1/leave-requests/${reqs[0].id}`)).data).toEqual(reqs[0]);
		expect((await leave.get('/v1/leave-requests?from=2026-01-01&to=2026-04-30')).data.error.code).toBe('range_too_long');
		expect((await leave.get('/v1/leave-requests?status=open')).status).toBe(400);
		expect((await all(leave, '/v1/leave-requests?include_archived=true')).length).toBeGreaterThan((await all(leave, '/v1/leave-requests')).length);
		const types = await all(leave, '/v1/leave-types');
		expect(types.map((t) => t.name)).toContain('Annual leave');
		expect(Object.keys(types[0]).sort()).toEqual(['archived', 'created_at', 'id', 'name', 'paid', 'updated_at']);
		const typeIds = new Set(types.map((t) => t.id));
		expect(reqs.every((r) => typeIds.has(r.type_id))).toBe(true);
		const balances = await all(leave, `/v1/leave-balances?type_id=${types.find((t) => t.name === 'Annual leave')!.id}`);
		expect(balances.length).toBeGreaterThan(5);
		expect(Object.keys(balances[0]).sort()).toEqual(['balance_hours', 'employee_id', 'id', 'type_id', 'updated_at']);
		const one = await all(leave, `/v1/leave-balances?employee_id=${balances[0].employee_id}`);
		expect(one.every((b) => b.employee_id === balances[0].employee_id)).toBe(true);
		expect((await leave.get('/v1/leave-balances?from=2026-01-01')).status).toBe(400);
		const blackouts = await all(leave, '/v1/leave-blackout-periods?from=2026-12-01&to=2027-01-31');
		expect(blackouts.map((b) => b.name)).toContain('Christmas trade');
		expect(Object.keys(blackouts[0]).sort()).toEqual(['archived', 'created_at', 'end_date', 'id', 'name', 'start_date', 'updated_at']);
		for (const path of ['/v1/leave-requests', '/v1/leave-types', '/v1/leave-balances', '/v1/leave-blackout-periods']) {
			expect((await api(sb, { scopes: ['roster:read', 'people:read'] }).get(path)).status).toBe(403);
		}
		const page = await leave.get('/v1/leave-requests?limit=2');
		const next = await leave.get(`/v1/leave-requests?limit=2&after=${encodeURIComponent(page.data.next_cursor)}`);
		expect(next.data.data[0].id).not.toBe(page.data.data[1].id);
	});

	it('availability (roster:read, 92 days) and awards (settings:read or people:read)', async () => {
		const roster = api(sb, { scopes: ['roster:read'] });
		const av = await all(roster, '/v1/availability?from=2026-11-23&to=2026-12-06');
		expect(av.length).toBeGreaterThan(3);
		expect(Object.keys(av[0]).sort()).toEqual(['archived', 'available', 'created_at', 'date', 'employee_id', 'end', 'id', 'note', 'start', 'updated_at']);
		const who = av[0].employee_id;
		expect((await all(roster, `/v1/availability?employee_id=${who}`)).every((a) => a.employee_id === who)).toBe(true);
		expect((await roster.get('/v1/availability?from=2026-01-01&to=2026-12-31')).data.error.code).toBe('range_too_long');
		expect((await api(sb, { scopes: ['leave:read'] }).get('/v1/availability')).status).toBe(403);
		for (const scopes of [['settings:read'], ['people:read']]) {
			const awards = await all(api(sb, { scopes }), '/v1/awards');
			expect(awards.map((a) => a.code)).toEqual(['MA000009']);
			const used = sb.store.positions.find((p) => p.award_id)!.award_id;
			expect(awards[0].id).toBe(used);
			expect((await api(sb, { scopes }).get(`/v1/awards/${used}`)).data).toEqual(awards[0]);
		}
		expect((await api(sb, { scopes: ['roster:read'] }).get('/v1/awards')).status).toBe(403);
	});
});
