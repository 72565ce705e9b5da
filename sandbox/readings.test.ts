/**
 * The readings switches (readings.ts, CHOICES.md "Other readings (switches)"): every value of every
 * key over real HTTP, the default unchanged, and the ways to set them (option, setter, control API).
 */
import type { AxiosInstance, AxiosResponse } from 'axios';
import { READING_CHOICES, startSandbox, type Readings, type Sandbox } from './index';
import { api, http, loc, positionAt, staffFor, start, ANCHOR } from './helpers';

/** The first value of each key: the default. */
const DEFAULTS = Object.fromEntries(Object.entries(READING_CHOICES).map(([k, v]) => [k, v[0]])) as unknown as Readings;
/** The body as sent (no JSON parsing by axios), for empty and text/plain answers. */
const RAW = { transformResponse: (d: unknown) => d };
const json = (res: AxiosResponse) => (res.data === '' ? undefined : JSON.parse(res.data as string));
const isJson = (res: AxiosResponse) => /^application\/json/.test(String(res.headers['content-type'] ?? ''));

describe('readings (switches)', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sb = await start();
		client = api(sb, { ttlSeconds: 30 * 86400 });
	});
	afterAll(() => sb.close());
	// Each test sets what it needs; none leaks into the next.
	beforeEach(() => sb.setReadings(DEFAULTS));

	/** A day of its own per call, so that creates never overlap. */
	let day = 0;
	const nextDate = () => new Date(Date.UTC(2027, 2, 1) + day++ * 86400000).toISOString().slice(0, 10);
	const shiftItem = (notes: string) => {
		const l = loc(sb, 'Sydney');
		const d = nextDate();
		return { location_id: l.id, position_id: positionAt(sb, l.id, 'Barista').id, start_time: `${d}T09:00:00+11:00`, end_time: `${d}T13:00:00+11:00`, notes };
	};

	describe('defaults and how they are set', () => {
		it('the defaults are the first choice of each key, shown in info, and answer as before', async () => {
			expect(sb.readings).toEqual({
				batchAnswer: 'data', changeAnswer: 'record', errorBody: 'nested', locationTimezoneField: 'timezone',
				leaveStates: 'declined-cancelled', retryAfter: 'seconds', lastPage: 'null', recordTimes: 'location',
			});
			expect((await http(sb).get('/__control/info')).data.readings).toEqual(DEFAULTS);
			const batch = await client.post('/v1/shifts', { data: [shiftItem('default-0'), shiftItem('default-1')] });
			expect([batch.status, Object.keys(batch.data), batch.data.data.map((s: { notes: string }) => s.notes)]).toEqual([201, ['data'], ['default-0', 'default-1']]);
			const changed = await client.patch(`/v1/shifts/${batch.data.data[0].id}`, { notes: 'changed' });
			expect([changed.status, changed.data.notes]).toEqual([200, 'changed']);
			expect((await client.delete(`/v1/shifts/${batch.data.data[0].id}`)).data).toEqual({ id: batch.data.data[0].id, deleted: true });
			const bad = await client.post('/v1/projects', { name: 'x' });
			expect(bad.data).toEqual({ error: { code: 'validation_failed', message: 'code is required.', request_id: bad.headers['x-request-id'], field: 'code' } });
			const page = await client.get('/v1/locations?include_archived=true');
			expect([page.data.has_more, page.data.next_cursor, page.data.data[0].timezone]).toEqual([false, null, expect.stringMatching(/\//)]);
		});

		it('option, setter (merging), reset back to the option; unknown keys and values refused', async () => {
			const other = await startSandbox({ anchor: ANCHOR, readings: { batchAnswer: 'list', lastPage: undefined } });
			try {
				expect(other.readings).toEqual({ ...DEFAULTS, batchAnswer: 'list' });
				other.setReadings({ errorBody: 'flat' });
				other.setReadings({ lastPage: 'omitted' });
				expect(other.readings).toEqual({ ...DEFAULTS, batchAnswer: 'list', errorBody: 'flat', lastPage: 'omitted' });
				// The getter is a copy: changing it changes nothing.
				(other.readings as { batchAnswer: string }).batchAnswer = 'ids';
				expect(other.readings.batchAnswer).toBe('list');
				expect(() => other.setReadings({ errorBody: 'xml' } as never)).toThrow(/errorBody.*"nested", "flat", "errors", "oauth", "text"/);
				expect(() => other.setReadings({ lastPage: 'empty', colour: 'x' } as never)).toThrow(/unknown key "colour"/);
				expect(other.readings.lastPage).toBe('omitted');
				other.reset();
				expect(other.readings).toEqual({ ...DEFAULTS, batchAnswer: 'list' });
			} finally {
				await other.close();
			}
			await expect(startSandbox({ anchor: ANCHOR, readings: { retryAfter: 'minutes' } as never })).rejects.toThrow(/retryAfter/);
		});

		it('POST /__control/readings merges a partial object; 400 invalid_request naming the key and the allowed values', async () => {
			const control = http(sb);
			const set = await control.post('/__control/readings', { batchAnswer: 'items', leaveStates: 'denied-withdrawn' });
			expect(set.data).toEqual({ ok: true, readings: { ...DEFAULTS, batchAnswer: 'items', leaveStates: 'denied-withdrawn' } });
			expect((await control.get('/__control/info')).data.readings).toEqual(sb.readings);
			const value = await control.post('/__control/readings', { batchAnswer: 'data', changeAnswer: 'nothing' });
			expect([value.status, value.data.error.code]).toEqual([400, 'invalid_request']);
			expect(value.data.error.message).toBe('readings.changeAnswer: "nothing" is not one of "record", "no-content", "empty", "wrapped".');
			const key = await control.post('/__control/readings', { batchanswer: 'data' });
			expect([key.status, key.data.error.code]).toEqual([400, 'invalid_request']);
			expect(key.data.error.message).toMatch(/unknown key "batchanswer".*batchAnswer, changeAnswer, errorBody, locationTimezoneField, leaveStates, retryAfter, lastPage/);
			expect((await control.post('/__control/readings', ['list'])).status).toBe(400);
			// Nothing of a refused body was applied.
			expect(sb.readings.batchAnswer).toBe('items');
			await control.post('/__control/reset');
			expect(sb.readings).toEqual(DEFAULTS);
		});
	});

	describe('batchAnswer', () => {
		it.each(READING_CHOICES.batchAnswer.map((m) => [m]))('%s: the answer of a shift batch; the records stored as in any mode', async (mode) => {
			sb.setReadings({ batchAnswer: mode });
			const tag = `batch-${mode}`;
			const res = await client.post('/v1/shifts', { data: [shiftItem(`${tag}-0`), shiftItem(`${tag}-1`)] }, RAW);
			const stored = sb.store.shifts.filter((s) => String(s.notes).startsWith(tag));
			expect(stored.map((s) => s.notes)).toEqual([`${tag}-0`, `${tag}-1`]);
			expect(stored.every((s) => s.created_by_app === true && s.status === 'unpublished')).toBe(true);
			const ids = stored.map((s) => ({ id: s.id }));
			const expected: Record<Readings['batchAnswer'], [number, unknown]> = {
				data: [201, { data: stored }],
				list: [201, stored],
				items: [201, { items: stored }],
				ids: [201, { data: ids }],
				empty: [201, undefined],
				'no-content': [204, undefined],
			};
			expect([res.status, json(res)]).toEqual(expected[mode]);
			expect(isJson(res)).toBe(res.data !== '');
			expect(res.headers['x-request-id']).toMatch(/^req_/);
		});

		it('applies to timesheet and on-demand batches too, never to single creates; a replay answers the same', async () => {
			sb.setReadings({ batchAnswer: 'ids' });
			const fre = loc(sb, 'Fremantle');
			const fp = positionAt(sb, fre.id, 'Front of House');
			const who = staffFor(sb, fre.id, fp.id, 2);
			const sheet = (d: string) => ({ employee_id: who, location_id: fre.id, position_id: fp.id, start_time: `${d}T09:00:00+08:00`, end_time: `${d}T10:00:00+08:00` });
			const ts = await client.post('/v1/timesheets', { data: [sheet(nextDate()), sheet(nextDate())] });
			expect([ts.status, ts.data.data.map((r: object) => Object.keys(r))]).toEqual([201, [['id'], ['id']]]);
			expect(sb.store.get('timesheets', ts.data.data[1].id)).toMatchObject({ status: 'pending', employee_id: who });
			const syd = loc(sb, 'Sydney');
			const od = { location_id: syd.id, position_id: positionAt(sb, syd.id, 'Barista').id, start_time: '2027-04-01T08:00:00+11:00', end_time: '2027-04-01T12:00:00+11:00' };
			sb.setReadings({ batchAnswer: 'list' });
			const ods = await client.post('/v1/on-demand-shifts', { data: [od] });
			expect([ods.status, Array.isArray(ods.data), ods.data[0].status]).toEqual([201, true, 'draft']);
			const single = await client.post('/v1/shifts', shiftItem('single'));
			expect([single.status, single.data.notes]).toEqual([201, 'single']);
			sb.setReadings({ batchAnswer: 'no-content' });
			const key = { headers: { 'Idempotency-Key': 'readings-batch-replay' } };
			const body = { data: [shiftItem('replayed')] };
			const first = await client.post('/v1/shifts', body, key);
			const again = await client.post('/v1/shifts', body, key);
			expect([first.status, again.status, again.headers['idempotent-replayed'], again.data]).toEqual([204, 204, 'true', '']);
			expect(sb.store.shifts.filter((s) => s.notes === 'replayed')).toHaveLength(1);
			// A refused batch is an error as in every mode.
			const refused = await client.post('/v1/shifts', { data: [{ ...shiftItem('bad'), end_time: '2020-01-01T00:00:00Z' }] });
			expect([refused.status, refused.data.error.field]).toEqual([422, 'data[0].end_time']);
		});
	});

	describe('changeAnswer', () => {
		it.each(READING_CHOICES.changeAnswer.map((m) => [m]))('%s: PATCH and DELETE of a shift', async (mode) => {
			sb.setReadings({ changeAnswer: mode });
			const made = await client.post('/v1/shifts', shiftItem(`change-${mode}`));
			const patch = await client.patch(`/v1/shifts/${made.data.id}`, { notes: `changed-${mode}` }, RAW);
			const record = sb.store.get('shifts', made.data.id)!;
			expect(record.notes).toBe(`changed-${mode}`);
			const del = await client.delete(`/v1/shifts/${made.data.id}`, RAW);
			expect(sb.store.get('shifts', made.data.id)!.archived).toBe(true);
			const deleted = { id: made.data.id, deleted: true };
			const expected: Record<Readings['changeAnswer'], [number, unknown, number, unknown]> = {
				record: [200, record, 200, deleted],
				'no-content': [204, undefined, 204, undefined],
				empty: [200, undefined, 200, undefined],
				wrapped: [200, { data: record }, 200, { data: deleted }],
			};
			expect([patch.status, json(patch), del.status, json(del)]).toEqual(expected[mode]);
			expect([isJson(patch), isJson(del)]).toEqual([patch.data !== '', del.data !== '']);
		});

		it('covers timesheets, on-demand shifts and projects; errors and reads are not touched', async () => {
			sb.setReadings({ changeAnswer: 'wrapped' });
			const project = await client.post('/v1/projects', { name: 'Readings', code: 'READ-1' });
			expect(project.status).toBe(201);
			expect(project.data.name).toBe('Readings');
			const archived = await client.patch(`/v1/projects/${project.data.id}`, { status: 'archived' });
			expect([archived.status, archived.data.data.status]).toEqual([200, 'archived']);
			sb.setReadings({ changeAnswer: 'no-content' });
			const ts = sb.store.timesheets.find((t) => t.status === 'pending' && !t.archived)!;
			expect((await client.patch(`/v1/timesheets/${ts.id}`, { start_time: ts.start_time })).status).toBe(204);
			expect((await client.delete(`/v1/timesheets/${ts.id}`)).status).toBe(204);
			expect(sb.store.get('timesheets', ts.id as string)!.archived).toBe(true);
			const syd = loc(sb, 'Sydney');
			const od = await client.post('/v1/on-demand-shifts', { location_id: syd.id, position_id: positionAt(sb, syd.id, 'Barista').id, start_time: '2027-04-02T08:00:00+11:00', end_time: '2027-04-02T12:00:00+11:00' });
			expect((await client.patch(`/v1/on-demand-shifts/${od.data.id}`, { notes: 'x' })).status).toBe(204);
			expect((await client.delete(`/v1/on-demand-shifts/${od.data.id}`)).status).toBe(204);
			const missing = await client.patch('/v1/shifts/000000000000000000000000', { notes: 'x' });
			expect([missing.status, missing.data.error.code]).toEqual([404, 'not_found']);
			const again = await client.patch(`/v1/timesheets/${ts.id}`, { start_time: ts.start_time });
			expect([again.status, again.data.error.code]).toEqual([409, 'conflict']);
			expect((await client.get(`/v1/projects/${project.data.id}`)).data.id).toBe(project.data.id);
		});
	});

	describe('errorBody', () => {
		it.each(READING_CHOICES.errorBody.map((m) => [m]))('%s: a 422, a 404, a 401 and an injected 500 on /v1', async (mode) => {
			sb.setReadings({ errorBody: mode });
			sb.injectFault({ path: '/v1/business', status: 500 });
			const answers = [
				await client.post('/v1/projects', { name: 'x' }, RAW),
				await client.get('/v1/shifts/000000000000000000000000', RAW),
				await http(sb, 'not-a-token').get('/v1/shifts', RAW),
				await client.get('/v1/business', RAW),
			];
			expect(answers.map((r) => r.status)).toEqual([422, 404, 401, 500]);
			expect(answers[2].headers['www-authenticate']).toMatch(/^Bearer/);
			for (const res of answers) {
				const rid = res.headers['x-request-id'];
				expect(rid).toMatch(/^req_/);
				if (mode === 'text') {
					expect(res.headers['content-type']).toMatch(/^text\/plain/);
					expect(res.data).toMatch(/^[a-z_]+: \S/);
					expect(res.data).not.toContain(rid);
					continue;
				}
				expect(isJson(res)).toBe(true);
				const body = json(res);
				const code = { nested: body.error?.code, flat: body.code, errors: body.errors?.[0]?.code, oauth: body.error }[mode];
				const requestId = { nested: body.error?.request_id, flat: body.request_id, errors: body.request_id, oauth: body.request_id }[mode];
				expect(typeof code).toBe('string');
				expect(requestId).toBe(rid);
			}
			const field = answers[0];
			const expected: Record<Readings['errorBody'], unknown> = {
				nested: { error: { code: 'validation_failed', message: 'code is required.', request_id: field.headers['x-request-id'], field: 'code' } },
				flat: { code: 'validation_failed', message: 'code is required.', request_id: field.headers['x-request-id'], field: 'code' },
				errors: { errors: [{ code: 'validation_failed', message: 'code is required.', field: 'code' }], request_id: field.headers['x-request-id'] },
				oauth: { error: 'validation_failed', error_description: 'code is required.', field: 'code', request_id: field.headers['x-request-id'] },
				text: 'validation_failed: code is required.',
			};
			expect(mode === 'text' ? field.data : json(field)).toEqual(expected[mode]);
			// field only on a 422, as by default.
			if (mode !== 'text') expect(JSON.stringify(json(answers[1]))).not.toContain('"field"');
		});

		it('text: an injected 422 whose message leaves the field out gets it added; /oauth and /__control keep their own bodies', async () => {
			sb.setReadings({ errorBody: 'text' });
			sb.injectFault({ path: '/v1/projects', status: 422, field: 'colour' });
			const res = await client.post('/v1/projects', { name: 'x', code: 'y' }, RAW);
			expect(res.data).toBe('validation_failed: Injected fault. (field: colour)');
			const token = await http(sb).post('/oauth/token', {});
			expect([token.status, token.data.error]).toEqual([401, 'invalid_client']);
			sb.injectFault({ path: '/oauth/token', status: 503 });
			expect((await http(sb).post('/oauth/token', {})).data.error.code).toBe('not_set_up');
			expect((await http(sb).get('/__control/nothing')).data.error.code).toBe('not_found');
			sb.setReadings({ errorBody: 'flat' });
			sb.injectFault({ path: '/v1/connection', status: 429, retryAfter: 2 });
			const limited = await client.get('/v1/connection');
			expect([limited.data.code, limited.headers['retry-after']]).toEqual(['rate_limited', '2']);
		});
	});

	describe('locationTimezoneField', () => {
		it.each(READING_CHOICES.locationTimezoneField.filter((m) => m !== 'none').map((m) => [m]))('%s: the key in GET /v1/locations and /{id}, nothing else', async (mode) => {
			sb.setReadings({ locationTimezoneField: mode });
			const page = await client.get('/v1/locations?include_archived=true');
			const one = await client.get(`/v1/locations/${page.data.data[0].id}`);
			// sb.store keeps `timezone` whatever the reading: the record as the default answers it.
			const seeded = sb.store.locations;
			expect(page.data.data).toHaveLength(seeded.length);
			for (const rec of [...page.data.data, one.data]) {
				const before = seeded.find((l) => l.id === rec.id)!;
				expect(rec[mode]).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
				// The same record, the key renamed in its place (same order), nothing else.
				expect(Object.entries(rec)).toEqual(Object.entries(before).map(([k, v]) => [k === 'timezone' ? mode : k, v]));
			}
			expect((await client.get('/v1/business')).data.timezone).toBe('Australia/Sydney');
			expect(sb.store.locations.every((l) => typeof l.timezone === 'string')).toBe(true);
		});

		it('none: GET /v1/locations and /{id} leave the time zone out, nothing else', async () => {
			sb.setReadings({ locationTimezoneField: 'none' });
			const page = await client.get('/v1/locations?include_archived=true');
			const one = await client.get(`/v1/locations/${page.data.data[0].id}`);
			for (const rec of [...page.data.data, one.data]) {
				const before = sb.store.locations.find((l) => l.id === rec.id)!;
				expect(Object.entries(rec)).toEqual(Object.entries(before).filter(([k]) => k !== 'timezone'));
			}
			expect((await client.get('/v1/business')).data.timezone).toBe('Australia/Sydney');
		});
	});

	describe('leaveStates', () => {
		const spelled: Record<Readings['leaveStates'], string[]> = {
			'declined-cancelled': ['pending', 'approved', 'declined', 'cancelled'],
			'rejected-canceled': ['pending', 'approved', 'rejected', 'canceled'],
			'denied-withdrawn': ['pending', 'approved', 'denied', 'withdrawn'],
		};
		/** Ids per status as the default spells them, to show that only the spelling changes. */
		let byDefault: Record<string, string[]> = {};

		it.each(READING_CHOICES.leaveStates.map((m) => [m]))('%s: statuses answered and the filter accepting exactly them', async (mode) => {
			sb.setReadings({ leaveStates: mode });
			const all = (await client.get('/v1/leave-requests?include_archived=true&limit=200')).data.data as { id: string; status: string }[];
			expect([...new Set(all.map((r) => r.status))].sort()).toEqual([...spelled[mode]].sort());
			const ids: Record<string, string[]> = {};
			for (const [i, state] of spelled[mode].entries()) {
				const res = await client.get(`/v1/leave-requests?include_archived=true&limit=200&status=${state}`);
				expect(res.status).toBe(200);
				expect(res.data.data.length).toBeGreaterThan(0);
				expect(res.data.data.every((r: { status: string }) => r.status === state)).toBe(true);
				ids[spelled['declined-cancelled'][i]] = res.data.data.map((r: { id: string }) => r.id);
			}
			if (mode === 'declined-cancelled') byDefault = ids;
			else expect(ids).toEqual(byDefault);
			const others = [...new Set(Object.values(spelled).flat())].filter((s) => !spelled[mode].includes(s));
			for (const state of [...others, 'nope']) {
				const res = await client.get(`/v1/leave-requests?status=${state}`);
				expect([state, res.status, res.data.error.code]).toEqual([state, 400, 'invalid_request']);
				expect(res.data.error.message).toBe(`Query parameter "status" must be one of ${spelled[mode].join(', ')}.`);
			}
			const decided = all.find((r) => r.status === spelled[mode][2])!;
			expect((await client.get(`/v1/leave-requests/${decided.id}`)).data.status).toBe(spelled[mode][2]);
		});
	});

	describe('retryAfter', () => {
		it.each(READING_CHOICES.retryAfter.map((m) => [m]))('%s: an injected 429 (whole and fractional waits) and the rate limit', async (mode) => {
			sb.setReadings({ retryAfter: mode });
			sb.injectFault({ path: '/v1/connection', status: 429, retryAfter: 2 });
			sb.injectFault({ path: '/v1/business', status: 503, retryAfter: 1.5 });
			const whole = await client.get('/v1/connection');
			const half = await client.get('/v1/business');
			expect([whole.status, whole.data.error.code, half.status]).toEqual([429, 'rate_limited', 503]);
			sb.setRateLimit({ perSecond: 1 });
			await client.get('/v1/connection');
			const limited = await client.get('/v1/connection');
			sb.setRateLimit(null);
			expect([limited.status, limited.data.error.code]).toEqual([429, 'rate_limited']);
			const header = (r: AxiosResponse) => r.headers['retry-after'] as string | undefined;
			switch (mode) {
				case 'seconds':
					expect([header(whole), header(half), header(limited)]).toEqual(['2', '1.5', '1']);
					break;
				case 'fractional': {
					expect([header(whole), header(half)]).toEqual(['2.0', '1.5']);
					// The rate limit's real wait, to the tenth above: more than 0, at most 1 second.
					expect(header(limited)).toMatch(/^(0\.[1-9]|1\.0)$/);
					break;
				}
				case 'http-date':
					for (const [r, s] of [[whole, 2], [half, 1.5], [limited, 1]] as const) {
						const at = Date.parse(header(r)!);
						// From the sandbox clock (the Date header), never shorter than the wait, whole seconds.
						expect(header(r)).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
						expect(at - Date.parse(r.headers.date)).toBeGreaterThanOrEqual(s * 1000);
						expect(at - Date.parse(r.headers.date)).toBeLessThanOrEqual(s * 1000 + 2000);
						expect(Math.abs(at - sb.clock.now().getTime())).toBeLessThan(10_000);
					}
					break;
				case 'none':
					expect([header(whole), header(half), header(limited)]).toEqual([undefined, undefined, undefined]);
					break;
			}
		});
	});

	describe('lastPage', () => {
		it.each(READING_CHOICES.lastPage.map((m) => [m]))('%s: how pages end; cursors still page through everything', async (mode) => {
			sb.setReadings({ lastPage: mode });
			const pages: Record<string, unknown>[] = [];
			let after: string | null | undefined;
			do {
				const res = await client.get(`/v1/employees?limit=10${after ? `&after=${encodeURIComponent(after)}` : ''}`);
				expect(res.status).toBe(200);
				pages.push(res.data);
				after = res.data.next_cursor;
			} while (after);
			expect(pages.length).toBeGreaterThan(2);
			expect(pages.flatMap((p) => p.data as unknown[])).toHaveLength(sb.store.employees.length);
			const middle = { data: expect.any(Array), has_more: true, next_cursor: expect.any(String) };
			const expected: Record<Readings['lastPage'], [object, object]> = {
				null: [middle, { data: expect.any(Array), has_more: false, next_cursor: null }],
				omitted: [middle, { data: expect.any(Array), has_more: false }],
				empty: [middle, { data: expect.any(Array), has_more: false, next_cursor: '' }],
				'cursor-only': [{ data: expect.any(Array), next_cursor: expect.any(String) }, { data: expect.any(Array), next_cursor: null }],
			};
			for (const p of pages.slice(0, -1)) expect(p).toStrictEqual(expected[mode][0]);
			expect(pages[pages.length - 1]).toStrictEqual(expected[mode][1]);
			// Inferred lists too; a record read by id is not a page.
			expect((await client.get('/v1/leave-types')).data).toStrictEqual(expected[mode][1]);
			expect(Object.keys((await client.get('/v1/business')).data)).not.toContain('data');
		});
	});

	describe('recordTimes', () => {
		const TIMES = ['start_time', 'end_time', 'created_at', 'updated_at'];
		it.each(READING_CHOICES.recordTimes.map((m) => [m]))('%s: every timestamp of a list, a read, a create and a change at that offset, the same moments; dates untouched', async (mode) => {
			sb.setReadings({ recordTimes: mode });
			const offset = { location: /[+-]\d\d:\d\d$/, utc: /:\d\dZ$/, 'fixed-offset': /-05:00$/ }[mode];
			const l = loc(sb, 'Sydney');
			const listed = (await client.get(`/v1/timesheets?location_id=${l.id}&limit=20`)).data.data as Record<string, unknown>[];
			const stored = new Map(sb.store.timesheets.map((t) => [t.id, t]));
			expect(listed.length).toBe(20);
			for (const t of listed) {
				const own = stored.get(t.id)!;
				for (const key of TIMES) {
					if (t[key] === null) continue;
					expect(String(t[key])).toMatch(offset);
					// The store's view keeps the location's offset (tests' lookups), the moment is the same.
					expect(Date.parse(String(t[key]))).toBe(Date.parse(String(own[key])));
				}
				for (const b of t.breaks as { start: string }[]) expect(b.start).toMatch(offset);
			}
			if (mode === 'location') expect(String(listed[0].start_time)).toMatch(/\+1[01]:00$/);
			const item = shiftItem(`recordTimes ${mode}`);
			const created = (await client.post('/v1/shifts', item)).data;
			expect(created.start_time).toMatch(offset);
			expect(Date.parse(created.start_time)).toBe(Date.parse(item.start_time));
			const changed = (await client.patch(`/v1/shifts/${created.id}`, { notes: 'changed' })).data;
			expect(changed.updated_at).toMatch(offset);
			expect((await client.get(`/v1/shifts/${created.id}`)).data.end_time).toMatch(offset);
			// Dates are calendar days at the location, whatever the offset of the times.
			const holidays = (await client.get(`/v1/public-holidays?from=2026-01-01&to=2026-12-31&location_id=${l.id}`)).data.data as { date: string }[];
			expect(holidays.length).toBeGreaterThan(0);
			for (const h of holidays) expect(h.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		});
	});
});
