import type { AxiosInstance } from 'axios';
import type { Sandbox } from './index';
import { api, http, loc, positionAt, staffFor, start } from './helpers';

describe('timesheets, on-demand shifts and projects', () => {
	let sb: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sb = await start();
		client = api(sb, { ttlSeconds: 30 * 86400 });
	});
	afterAll(() => sb.close());

	describe('timesheets', () => {
		it('creates pending timesheets stored to the whole minute; accepts note or notes, answers note', async () => {
			const l = loc(sb, 'South Brisbane');
			const p = positionAt(sb, l.id, 'Barista');
			const who = staffFor(sb, l.id, p.id);
			const res = await client.post('/v1/timesheets', {
				employee_id: who, location_id: l.id, position_id: p.id, start_time: '2026-11-10T06:59:42+10:00', end_time: '2026-11-10T11:00:59+10:00',
				breaks: [{ start: '2026-11-10T09:00:00+10:00', end: '2026-11-10T09:10:00+10:00', paid: true }], notes: 'Covered a sick call',
			});
			expect(res.status).toBe(201);
			expect(res.data).toMatchObject({
				status: 'pending', start_time: '2026-11-10T06:59:00+10:00', end_time: '2026-11-10T11:00:00+10:00', note: 'Covered a sick call',
				shift_id: null, paid_hours: 4.02, created_by_app: true, clock_in_photo_taken: null,
			});
			expect('notes' in res.data).toBe(false);
			expect(res.data.pay.total).toBeGreaterThan(0);
			const changed = await client.patch(`/v1/timesheets/${res.data.id}`, { note: 'Edited', end_time: '2026-11-10T12:00:00+10:00' });
			expect(changed.data).toMatchObject({ note: 'Edited', end_time: '2026-11-10T12:00:00+10:00' });
			const both = await client.patch(`/v1/timesheets/${res.data.id}`, { note: 'a', notes: 'b' });
			expect(both.status).toBe(422);
			sb.manager.approveTimesheet(res.data.id);
			const locked = await client.patch(`/v1/timesheets/${res.data.id}`, { note: 'again' });
			expect(locked.status).toBe(409);
			expect(locked.data.error.code).toBe('timesheet_not_pending');
			expect((await client.delete(`/v1/timesheets/${res.data.id}`)).data.error.code).toBe('timesheet_not_pending');
		});

		it('deletes a pending timesheet; batch is all-or-nothing with the item named', async () => {
			const pending = sb.store.timesheets.find((t) => t.status === 'pending')!;
			const del = await client.delete(`/v1/timesheets/${pending.id}`);
			expect(del.data).toEqual({ id: pending.id, deleted: true });
			const l = loc(sb, 'Fremantle');
			const p = positionAt(sb, l.id, 'Front of House');
			const who = staffFor(sb, l.id, p.id, 1);
			const item = (d: string) => ({ employee_id: who, location_id: l.id, position_id: p.id, start_time: `${d}T09:00:00+08:00`, end_time: `${d}T10:00:00+08:00` });
			const before = sb.store.timesheets.length;
			const bad = await client.post('/v1/timesheets', { data: [item('2027-01-04'), { ...item('2027-01-05'), end_time: '2027-01-05T08:00:00+08:00' }] });
			expect(bad.data.error.field).toBe('data[1].end_time');
			expect(sb.store.timesheets.length).toBe(before);
			const good = await client.post('/v1/timesheets', { data: [item('2027-01-04'), item('2027-01-05')] });
			expect([good.status, good.data.error?.message]).toEqual([201, undefined]);
			expect(good.data.data).toHaveLength(2);
		});

		it('the note key is a setting: `notes` only refuses `note` as any unknown key and answers `notes`; `none` refuses both; reset comes back to `both`', async () => {
			const l = loc(sb, 'Fremantle');
			const p = positionAt(sb, l.id, 'Barista');
			const who = staffFor(sb, l.id, p.id);
			const item = (d: string, note: Record<string, unknown>) => ({ employee_id: who, location_id: l.id, position_id: p.id, start_time: `${d}T09:00:00+08:00`, end_time: `${d}T10:00:00+08:00`, ...note });
			const before = sb.store.t.timesheets.size;
			// Over the control API, as a test in another process would set it.
			const set = await http(sb).post('/__control/timesheet-note-field', { field: 'notes' });
			expect(set.data).toEqual({ ok: true, timesheet_note_field: 'notes' });
			expect((await http(sb).get('/__control/info')).data.timesheet_note_field).toBe('notes');
			expect((await http(sb).post('/__control/timesheet-note-field', { field: 'Notes' })).status).toBe(400);
			const refused = await client.post('/v1/timesheets', item('2027-01-11', { note: 'a' }));
			const unknown = await client.post('/v1/timesheets', item('2027-01-11', { colour: 'a' }));
			expect([refused.status, refused.data.error.code, refused.data.error.field]).toEqual([422, 'validation_failed', 'note']);
			expect(refused.data.error.message).toBe(unknown.data.error.message.replace(/^colour/, 'note'));
			const batch = await client.post('/v1/timesheets', { data: [item('2027-01-12', { notes: 'b' }), item('2027-01-13', { note: 'c' })] });
			expect([batch.status, batch.data.error.field]).toEqual([422, 'data[1].note']);
			expect(sb.store.t.timesheets.size).toBe(before);
			const made = await client.post('/v1/timesheets', item('2027-01-14', { notes: 'd' }));
			expect(made.status).toBe(201);
			expect(made.data.notes).toBe('d');
			expect('note' in made.data).toBe(false);
			expect(sb.store.get('timesheets', made.data.id)).toMatchObject({ notes: 'd' });
			expect((await client.patch(`/v1/timesheets/${made.data.id}`, { note: 'e' })).data.error.field).toBe('note');
			expect((await client.patch(`/v1/timesheets/${made.data.id}`, { notes: 'e' })).data.notes).toBe('e');

			sb.setTimesheetNoteField('note');
			expect((await client.patch(`/v1/timesheets/${made.data.id}`, { notes: 'f' })).data.error.field).toBe('notes');
			expect((await client.get(`/v1/timesheets/${made.data.id}`)).data).toMatchObject({ note: 'e' });

			sb.setTimesheetNoteField('none');
			for (const key of ['note', 'notes']) expect((await client.post('/v1/timesheets', item('2027-01-15', { [key]: 'g' }))).data.error.field).toBe(key);
			const plain = await client.get(`/v1/timesheets/${made.data.id}`);
			expect(['note' in plain.data, 'notes' in plain.data]).toEqual([false, false]);

			sb.reset();
			const back = await client.post('/v1/timesheets', item('2027-01-16', { notes: 'h' }));
			expect([back.status, back.data.note]).toEqual([201, 'h']);
			sb.reset();
		}, 20_000);

		it('seed has open timesheets started within the last 24 hours', () => {
			const now = sb.clock.now().getTime();
			const open = sb.store.timesheets.filter((t) => t.end_time === null);
			expect(open.length).toBeGreaterThanOrEqual(3);
			expect(open.every((t) => now - Date.parse(String(t.start_time)) < 24 * 3600000)).toBe(true);
		});
	});

	describe('on-demand shifts', () => {
		it('creates drafts, changes and deletes them only while a draft and not started', async () => {
			const l = loc(sb, 'Sydney');
			const p = positionAt(sb, l.id, 'Barista');
			const res = await client.post('/v1/on-demand-shifts', { location_id: l.id, position_id: p.id, start_time: '2026-12-05T08:00:00+11:00', end_time: '2026-12-05T14:00:00+11:00', notes: 'Brunch rush' });
			expect(res.status).toBe(201);
			expect(res.data).toMatchObject({ status: 'draft', rate_set: false, rate: null, posted_at: null, paid_hours: 5.5, created_by_app: true });
			expect((await client.patch(`/v1/on-demand-shifts/${res.data.id}`, { notes: 'Brunch' })).data.notes).toBe('Brunch');
			sb.manager.setOnDemandRate(res.data.id, 48);
			sb.manager.publishOnDemandShift(res.data.id);
			const posted = await client.get(`/v1/on-demand-shifts/${res.data.id}`);
			expect(posted.data).toMatchObject({ status: 'posted', rate_set: true, rate: 48, posted_at: expect.any(String) });
			expect((await client.patch(`/v1/on-demand-shifts/${res.data.id}`, { notes: 'x' })).data.error.code).toBe('not_a_draft');
			expect((await client.delete(`/v1/on-demand-shifts/${res.data.id}`)).data.error.code).toBe('not_a_draft');
			const started = sb.store.onDemandShifts.find((s) => s.status === 'draft' && !s.archived)!;
			sb.clock.set(String(started.start_time));
			expect((await client.delete(`/v1/on-demand-shifts/${started.id}`)).data.error.code).toBe('shift_started');
			sb.reset();
		});

		it('403 ondemand_unavailable where the location does not offer them; 403 without ondemand:write', async () => {
			const akl = loc(sb, 'Auckland');
			const res = await client.post('/v1/on-demand-shifts', { location_id: akl.id, position_id: positionAt(sb, akl.id).id, start_time: '2026-12-05T08:00:00+13:00', end_time: '2026-12-05T12:00:00+13:00' });
			expect(res.status).toBe(403);
			expect(res.data.error.code).toBe('ondemand_unavailable');
			const readOnly = api(sb, { scopes: ['ondemand:read'] });
			expect((await readOnly.post('/v1/on-demand-shifts', {})).data.error.message).toMatch(/ondemand:write/);
		});
	});

	describe('projects', () => {
		it('creates, changes and archives by status, with the spec body rules', async () => {
			const people = sb.store.employees.slice(0, 3).map((e) => e.id);
			const res = await client.post('/v1/projects', { name: 'Summer Terrace', code: 'SUMMER', colour: '#FFAA00', employee_ids: people });
			expect(res.status).toBe(201);
			expect(res.data).toMatchObject({ name: 'Summer Terrace', code: 'SUMMER', colour: '#FFAA00', employee_ids: people, status: 'active', archived: false });
			const archived = await client.patch(`/v1/projects/${res.data.id}`, { status: 'archived', colour: null });
			expect(archived.data).toMatchObject({ status: 'archived', archived: true, colour: null });
			expect((await client.get('/v1/projects')).data.data.some((p: { id: string }) => p.id === res.data.id)).toBe(false);
			expect((await client.patch(`/v1/projects/${res.data.id}`, { status: 'active' })).data.archived).toBe(false);
			const cases: [Record<string, unknown>, string][] = [
				[{ name: 'x', code: 'y', status: 'active' }, 'status'],
				[{ code: 'y' }, 'name'],
				[{ name: '', code: 'y' }, 'name'],
				[{ name: 'n'.repeat(101), code: 'y' }, 'name'],
				[{ name: 'x', code: 'c'.repeat(21) }, 'code'],
				[{ name: 'x', code: 'y', colour: 'blue' }, 'colour'],
				[{ name: 'x', code: 'y', employee_ids: ['nope'] }, 'employee_ids[0]'],
				[{ name: 'x', code: 'y', employee_ids: Array(501).fill(people[0]) }, 'employee_ids'],
			];
			for (const [b, field] of cases) {
				const r = await client.post('/v1/projects', b);
				expect([field, r.status, r.data.error.field]).toEqual([field, 422, field]);
			}
			expect((await client.patch(`/v1/projects/${res.data.id}`, { status: 'gone' })).data.error.field).toBe('status');
			const noWrite = api(sb, { scopes: ['roster:read'] });
			expect((await noWrite.post('/v1/projects', { name: 'x', code: 'y' })).status).toBe(403);
			expect((await noWrite.get(`/v1/projects/${res.data.id}`)).status).toBe(200);
		});
	});
});
