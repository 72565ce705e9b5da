import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, loc, positionAt, start } from './helpers';

describe('lists: paging, cursors, filters and ranges', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sb = await start();
		client = api(sb);
	});
	afterAll(() => sb.close());

	async function all(path: string, from: string | null = null): Promise<{ id: string }[]> {
		const out: { id: string }[] = [];
		let after: string | null = from;
		do {
			const sep = path.includes('?') ? '&' : '?';
			const res = await client.get(`${path}${after ? `${sep}after=${encodeURIComponent(after)}` : ''}`);
			expect(res.status).toBe(200);
			out.push(...res.data.data);
			after = res.data.next_cursor;
			expect(res.data.has_more).toBe(after !== null);
		} while (after);
		return out;
	}

	it('pages with limit and next_cursor; the last page has next_cursor null', async () => {
		const first = await client.get('/v1/employees?limit=10');
		expect(first.data).toEqual({ data: expect.any(Array), has_more: true, next_cursor: expect.any(String) });
		expect(first.data.data).toHaveLength(10);
		const everyone = await all('/v1/employees?limit=10');
		expect(new Set(everyone.map((e) => e.id)).size).toBe(sb.store.employees.length);
		expect((await client.get('/v1/employees')).data.data).toHaveLength(Math.min(50, sb.store.employees.length));
	});

	it('pages in order: small pages over a long list give the one sorted list (start, then id), each record once', async () => {
		const syd = loc(sb, 'Sydney');
		const paged = (await all(`/v1/shifts?location_id=${syd.id}&from=2026-11-30&to=2026-12-13&limit=3`)) as unknown as { id: string; start_time: string }[];
		const whole = (await client.get(`/v1/shifts?location_id=${syd.id}&from=2026-11-30&to=2026-12-13&limit=200`)).data.data as { id: string; start_time: string }[];
		expect(whole.length).toBeGreaterThan(4 * 4); // more than a page of 3 picks from by sorting all
		expect(paged.map((s) => s.id)).toEqual(whole.map((s) => s.id));
		const keys = paged.map((s) => [Date.parse(s.start_time), s.id] as const);
		keys.slice(1).forEach((key, i) => expect(key[0] > keys[i][0] || (key[0] === keys[i][0] && key[1] > keys[i][1])).toBe(true));
	});

	it('neither skips nor repeats records when others change between pages', async () => {
		const syd = loc(sb, 'Sydney');
		const path = `/v1/shifts?location_id=${syd.id}&from=2026-11-30&to=2026-12-13&limit=7`;
		const p1 = await client.get(path);
		// Between pages: a manager edits shifts on the first page, an app deletes one on a later page... nothing else moves.
		sb.manager.editShift(p1.data.data[0].id, { notes: 'changed' });
		const later = sb.store.shifts.filter((s) => s.location_id === syd.id && String(s.start_time) > '2026-12-10' && !s.archived)[0];
		sb.manager.publishShift(later.id as string);
		const rest = await all(path, p1.data.next_cursor);
		const seen = [...p1.data.data, ...rest].map((s: { id: string }) => s.id);
		expect(new Set(seen).size).toBe(seen.length);
		const expected = sb.store.shifts.filter((s) => s.location_id === syd.id && !s.archived && String(s.start_time) >= '2026-11-30' && String(s.start_time) < '2026-12-14');
		expect(seen.sort()).toEqual(expected.map((s) => s.id).sort());
	});

	it('with updated_since, orders by updated_at then id and includes records changed at that very second', async () => {
		const since = '2026-11-24T00:00:00+11:00';
		const rows = (await all(`/v1/shifts?updated_since=${encodeURIComponent(since)}&include_archived=true&limit=50`)) as unknown as { updated_at: string; id: string }[];
		const keys = rows.map((r) => [Date.parse(r.updated_at), r.id] as const);
		for (let i = 1; i < keys.length; i++) expect(keys[i][0] > keys[i - 1][0] || (keys[i][0] === keys[i - 1][0] && keys[i][1] > keys[i - 1][1])).toBe(true);
		expect(rows.every((r) => Date.parse(r.updated_at) >= Date.parse(since))).toBe(true);
		const edge = rows[0].updated_at;
		const same = await all(`/v1/shifts?updated_since=${encodeURIComponent(edge)}&include_archived=true&limit=200`);
		expect(same.map((r) => r.id)).toContain(rows[0].id);
	});

	it('cursors are bound to their query; malformed ones are refused', async () => {
		const a = await client.get('/v1/shifts?limit=5&include_archived=true');
		const cursor = a.data.next_cursor as string;
		const foreign = await client.get(`/v1/shifts?limit=5&after=${encodeURIComponent(cursor)}`);
		expect(foreign.status).toBe(400);
		expect(foreign.data.error.code).toBe('invalid_request');
		expect(foreign.data.error.message).toMatch(/after/);
		const otherList = await client.get(`/v1/timesheets?include_archived=true&after=${encodeURIComponent(cursor)}`);
		expect(otherList.status).toBe(400);
		for (const bad of ['garbage', cursor.slice(0, -2) + 'xx', '']) {
			const res = await client.get(`/v1/shifts?include_archived=true&after=${encodeURIComponent(bad)}`);
			expect(res.status).toBe(400);
			expect(res.data.error.message).toMatch(/"after"/);
		}
		// The page size may change between pages.
		expect((await client.get(`/v1/shifts?limit=9&include_archived=true&after=${encodeURIComponent(cursor)}`)).status).toBe(200);
	});

	it('refuses unknown parameters, bad limits, ids and statuses, naming the parameter', async () => {
		const cases: [string, string][] = [
			['/v1/shifts?locationid=abc', 'locationid'],
			['/v1/shifts?status=published', 'status'],
			['/v1/employees?include_archived=true', 'include_archived'],
			['/v1/shifts?limit=0', 'limit'],
			['/v1/shifts?limit=201', 'limit'],
			['/v1/shifts?limit=ten', 'limit'],
			['/v1/shifts?location_id=ABC', 'location_id'],
			['/v1/shift-swaps?status=cancelled', 'status'],
			['/v1/projects?status=deleted', 'status'],
			['/v1/shifts?include_archived=yes', 'include_archived'],
			['/v1/shifts?updated_since=2026-11-01T00:00:00', 'updated_since'],
			['/v1/shifts?from=2026-13-01', 'from'],
		];
		for (const [path, name] of cases) {
			const res = await client.get(path);
			expect([path, res.status, res.data.error.code]).toEqual([path, 400, 'invalid_request']);
			expect(res.data.error.message).toContain(`"${name}"`);
		}
		expect((await client.get('/v1/shifts?limit=200')).data.data).toHaveLength(200);
	});

	it('range_too_long over 92 days (366 for public holidays, where from and to are required)', async () => {
		expect((await client.get('/v1/shifts?from=2026-09-01&to=2026-12-01')).status).toBe(200); // 92 days
		const long = await client.get('/v1/shifts?from=2026-09-01&to=2026-12-02');
		expect(long.status).toBe(400);
		expect(long.data.error.code).toBe('range_too_long');
		expect((await client.get('/v1/timesheets?from=2026-01-01&to=2026-06-01')).data.error.code).toBe('range_too_long');
		expect((await client.get('/v1/public-holidays?from=2026-01-01&to=2026-12-31')).status).toBe(200);
		expect((await client.get('/v1/public-holidays?from=2026-01-01&to=2027-01-02')).data.error.code).toBe('range_too_long');
		const missing = await client.get('/v1/public-holidays?from=2026-01-01');
		expect(missing.status).toBe(400);
		expect(missing.data.error.message).toContain('"to"');
	});

	it('public holidays are per location', async () => {
		const syd = loc(sb, 'Sydney');
		const res = await client.get(`/v1/public-holidays?from=2026-12-24&to=2026-12-26&location_id=${syd.id}`);
		expect(res.data.data.map((h: { date: string; name: string }) => `${h.date} ${h.name}`)).toEqual([
			'2026-12-24 Christmas Eve (business holiday)', '2026-12-25 Christmas Day', '2026-12-26 Boxing Day',
		]);
		expect(res.data.data[0]).toEqual(expect.objectContaining({ id: expect.any(String), location_id: syd.id, archived: false }));
	});

	it.each([
		['Sydney', 'Australia/Sydney', '2027-04-03', '+11:00', '2027-04-04T00:30:00+11:00'], // the night before daylight saving ends
		['Sydney', 'Australia/Sydney', '2026-10-03', '+10:00', '2026-10-04T00:30:00+10:00'], // the night before it starts
		['Auckland', 'Pacific/Auckland', '2027-04-03', '+13:00', '2027-04-04T00:30:00+13:00'],
	])('from/to resolve at midnight in the location timezone (%s, %s, %s)', async (city, _tz, day, offset, afterMidnight) => {
		const l = loc(sb, city);
		const position = positionAt(sb, l.id);
		const mk = (start: string, end: string) => client.post('/v1/shifts', { location_id: l.id, position_id: position.id, start_time: start, end_time: end });
		const late = await mk(`${day}T23:30:00${offset}`, `${day}T23:59:00${offset}`);
		const next = await mk(afterMidnight, afterMidnight.replace('00:30:00', '01:00:00'));
		const early = await mk(`${day}T00:00:00${offset}`, `${day}T00:45:00${offset}`);
		expect([late.status, next.status, early.status]).toEqual([201, 201, 201]);
		const ids = (await all(`/v1/shifts?location_id=${l.id}&from=${day}&to=${day}&limit=200`)).map((s) => s.id);
		expect(ids).toContain(late.data.id);
		expect(ids).toContain(early.data.id);
		expect(ids).not.toContain(next.data.id);
		const nextDay = (await all(`/v1/shifts?location_id=${l.id}&from=${afterMidnight.slice(0, 10)}&limit=200`)).map((s) => s.id);
		expect(nextDay).toContain(next.data.id);
		expect(nextDay).not.toContain(late.data.id);
	});

	it('include_archived shows archived records; filters by employee, location and status', async () => {
		const withArchived = await all('/v1/locations?include_archived=true');
		const without = await all('/v1/locations');
		expect(withArchived.length).toBe(without.length + 1);
		const someone = sb.store.shifts.find((s) => s.employee_id)!.employee_id as string;
		const theirs = (await all(`/v1/shifts?employee_id=${someone}&limit=200`)) as unknown as { employee_id: string }[];
		expect(theirs.length).toBeGreaterThan(5);
		expect(theirs.every((s) => s.employee_id === someone)).toBe(true);
		const swaps = (await all(`/v1/shift-swaps?status=pending`)) as unknown as { status: string }[];
		expect(swaps.length).toBeGreaterThan(0);
		expect(swaps.every((s) => s.status === 'pending')).toBe(true);
		const drafts = (await all('/v1/on-demand-shifts?status=draft')) as unknown as { status: string; archived: boolean }[];
		expect(drafts.every((s) => s.status === 'draft' && !s.archived)).toBe(true);
		expect((await all('/v1/projects?status=archived')).length).toBe(0);
		expect((await all('/v1/projects?status=archived&include_archived=true')).length).toBe(1);
	});
});
