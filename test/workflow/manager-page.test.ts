/**
 * The sandbox's manager page (sandbox/manager-page.ts) driven over HTTP as a person would,
 * with the package's real trigger nodes polled as n8n polls them (PollHarness): each button makes
 * the event the page says, and each event comes out exactly once. On a quiet day far ahead with
 * the service's clock set there (as trigger-attendance.test.ts does), a shift of our own, so the
 * test holds on any real date and hour; after that the clock only moves forward, by the page, and
 * the credential is not re-connected: an access token the moved clock expires is renewed as n8n
 * renews it (401 token_expired, then the refresh token).
 */
import axios from 'axios';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness';
import { hexId } from '../../sandbox/ids';
import { byId, seedLookups, triggerOf, useFixture } from './fixture';

jest.setTimeout(120_000);

const f = useFixture();
const { business, locationIn, positionAt, employeesFor } = seedLookups(() => f);

type Item = IDataObject & { event: string; record: IDataObject };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = 'Australia/Sydney';
const now = () => Math.floor(f.sandbox.clock.now().getTime() / 1000) * 1000;
const told = (items: unknown) => ((items as Item[] | null) ?? []).map((item) => `${item.event} ${String(item.record.id)}`).sort();

const trigger = (resource: string, parameters: IDataObject): PollHarness => triggerOf(f, resource, parameters);

/** A button of the page pressed: its form posted, the 303 followed; the message the page then shows. */
async function press(action: string, form: Record<string, string>, locationId: string): Promise<string> {
	const page = axios.create({ baseURL: f.sandbox.url, validateStatus: () => true, maxRedirects: 0 });
	const res = await page.post(`/manager/${action}`, new URLSearchParams({ ...form, back: `location=${locationId}` }));
	expect(res.status).toBe(303);
	const html = (await page.get(String(res.headers.location))).data as string;
	const shown = /<div class="message[^"]*" role="(status|alert)">([\s\S]*?)<\/div>/.exec(html);
	const text = (shown?.[2] ?? '').replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
	// A refusal would be a test failure: say which.
	expect(shown?.[1] === 'alert' ? text : 'done').toBe('done');
	return text;
}

/** Lets a second of the service's time pass, so that a poll comes after a change (as n8n's next poll does). */
const later = () => f.sandbox.clock.advance(2_000);

describe('the manager page drives the triggers', () => {
	it('publish, a late clock-in, still clocked in, no break, approve, a leave decided: each event once', async () => {
		// A quiet Wednesday morning far ahead in Sydney; the shift ours, at a whole minute.
		const location = locationIn(ZONE);
		const position = positionAt(location.id);
		const [person] = employeesFor(location.id, position.id).filter((e) => ![...f.sandbox.store.t.timesheets.values()].some((t) => t.employee_id === e.id && t.end_time === null));
		f.sandbox.clock.set('2031-05-06T20:00:00Z');
		f.connect();
		const start = Date.parse('2031-05-06T20:05:00Z');
		const end = start + 6 * HOUR;

		// A pending leave request of the person's, dated the week after (a trigger learns the requests
		// dated around the day its workflow is published: the seed's are years before this day).
		const seeded = [...f.sandbox.store.t.leaveRequests.values()].find((r) => r.business_id === business())!;
		const request = { ...seeded, id: hexId('leave-request:manager-page'), employee_id: person.id, start_date: '2031-05-12', end_date: '2031-05-13', status: 'pending' as const, archived: false, created_at: now(), updated_at: now() };
		f.sandbox.store.t.leaveRequests.set(request.id, request);

		const filters = { locationId: byId(location.id) };
		const shifts = trigger('Shift', { events: ['published'], filters });
		const timesheets = trigger('Timesheet', { events: ['clocked_in', 'clocked_out', 'approved', 'rejected', 'late_clock_in', 'still_clocked_in', 'break_not_taken'], filters });
		const leave = trigger('LeaveRequest', { events: ['decided'] });
		for (const h of [shifts, timesheets, leave]) expect(await h.activate()).toBeNull();

		const made = await f.run('rosteringShift', {
			operation: 'create',
			locationId: byId(location.id),
			positionId: byId(position.id),
			additionalFields: { employeeId: byId(person.id) },
			startTime: new Date(start).toISOString(),
			endTime: new Date(end).toISOString(),
		});
		expect(made.error).toBeUndefined();
		const shiftId = String(made.json('Node')[0].id);
		later();
		expect(await shifts.poll()).toBeNull();

		// Publish: Published, once.
		expect(await press('publish-shift', { id: shiftId }, location.id)).toContain('the Rostering Shift Trigger tells: Published.');
		later();
		expect(told(await shifts.poll())).toEqual([`published ${shiftId}`]);
		expect(await shifts.poll()).toBeNull();

		// An hour on (the credential's access token now expired), clocked in 12 minutes after the start.
		await press('clock', { forward: '1h' }, location.id);
		const clockIn = DateTime.fromMillis(start + 12 * MINUTE, { zone: ZONE }).toFormat('HH:mm');
		expect(await press('clock-in', { employee: person.id, location: location.id, time: clockIn }, location.id)).toContain(
			'the Rostering Timesheet Trigger tells: Clocked In; and Late Clock-In (late after 5 minutes by default).',
		);
		const sheet = [...f.sandbox.store.t.timesheets.values()].find((t) => t.employee_id === person.id && t.end_time === null)!;
		expect(sheet).toMatchObject({ shift_id: shiftId, start_time: start + 12 * MINUTE, status: 'pending', created_by_app: false });
		later();
		const clockedIn = (await timesheets.poll()) as Item[];
		expect(told(clockedIn)).toEqual([`clocked_in ${sheet.id}`, `late_clock_in ${sheet.id}`]);
		expect(clockedIn.find((item) => item.event === 'late_clock_in')).toMatchObject({ minutes_late: 12, shift: { id: shiftId } });
		expect(await timesheets.poll()).toBeNull();

		// The clock on, past the shift's end + 30 minutes (the default): Still Clocked In, once.
		for (const step of ['4h', '1h', '15m', '15m']) {
			await press('clock', { forward: step }, location.id);
			expect(await timesheets.poll()).toBeNull();
		}
		expect(f.sandbox.clock.now().getTime()).toBeLessThan(end + 30 * MINUTE);
		expect(await press('clock', { forward: '15m' }, location.id)).toContain('is still clocked in at Wed 7 May 12:35 (their shift ended at 12:05). At its next poll, the Rostering Timesheet Trigger tells: Still Clocked In.');
		expect(told(await timesheets.poll())).toEqual([`still_clocked_in ${sheet.id}`]);
		expect(await timesheets.poll()).toBeNull();

		// Clocked out with no break after six and a half hours: Clocked Out and Break Not Taken.
		expect(await press('clock-out', { employee: person.id }, location.id)).toContain('the Rostering Timesheet Trigger tells: Clocked Out; and Break Not Taken');
		later();
		expect(told(await timesheets.poll())).toEqual([`break_not_taken ${sheet.id}`, `clocked_out ${sheet.id}`]);
		expect(await timesheets.poll()).toBeNull();

		// Approved: Approved, once.
		expect(await press('approve-timesheet', { id: sheet.id }, location.id)).toContain('the Rostering Timesheet Trigger tells: Approved.');
		later();
		expect(told(await timesheets.poll())).toEqual([`approved ${sheet.id}`]);
		expect(await timesheets.poll()).toBeNull();

		// The person's pending leave request, on the page's list: Decided, once.
		expect(await press('approve-leave', { id: request.id }, location.id)).toContain('the Rostering Leave Request Trigger tells: Decided.');
		later();
		expect(told(await leave.poll())).toEqual([`decided ${request.id}`]);

		// Further polls, later still: nothing again.
		await press('clock', { forward: '1d' }, location.id);
		for (const h of [shifts, timesheets, leave]) expect(await h.poll()).toBeNull();

		// The page was never an API request; the expired access token was renewed as n8n renews it.
		const requests = f.sandbox.requests;
		expect(requests.every((r) => r.path.startsWith('/v1/') || r.path.startsWith('/oauth/'))).toBe(true);
		expect(requests.some((r) => r.status === 401 && JSON.stringify(r.responseBody).includes('token_expired'))).toBe(true);
		expect(requests.some((r) => r.path === '/oauth/token' && r.status === 200 && (r.body as IDataObject).grant_type === 'refresh_token')).toBe(true);
	});
});
