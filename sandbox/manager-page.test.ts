/**
 * The manager's page at the sandbox's root (manager-page.ts): what it shows (the demo business's
 * locations, the week's roster with names and local times), what each of its buttons changes in
 * the store, the 303 back to the page with the words naming the trigger event, refused actions as
 * a plain message, a clock that only goes forward, and none of it in the recorded API requests.
 * Over HTTP, with the seed laid around the test anchor (Wednesday 25 November 2026, 12:00 in Sydney).
 */
import { DateTime } from 'luxon';
import { ATTENDANCE_DEFAULTS, ATTENDANCE_EVENT_OPTIONS } from '../nodes/RosteringTimesheetTrigger/attendance-parameters';
import { RosteringLeaveRequestTrigger } from '../nodes/RosteringLeaveRequestTrigger/RosteringLeaveRequestTrigger.node';
import { RosteringShiftTrigger } from '../nodes/RosteringShiftTrigger/RosteringShiftTrigger.node';
import { RosteringTimesheetTrigger } from '../nodes/RosteringTimesheetTrigger/RosteringTimesheetTrigger.node';
import { api, basic, http, start } from './helpers';
import type { Sandbox } from './index';
import type { Shift, Timesheet } from './model';
import { ATTENDANCE, TRIGGERS } from './trigger-events';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let sb: Sandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
});

const t = () => sb.store.t;
const business = () => t().businesses.get(sb.store.mainBusinessId)!;
const locationIn = (city: string) => [...t().locations.values()].find((l) => l.address.city === city && l.business_id === business().id)!;
const sydney = () => locationIn('Sydney');
const nameOf = (id: string | null) => {
	const e = id ? t().employees.get(id) : undefined;
	return e ? `${e.preferred_name || e.first_name} ${e.last_name}` : 'Open';
};
const local = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).setLocale('en-US');
const now = () => sb.clock.now().getTime();

/** The page's text: tags out, entities read, spaces squeezed. */
function text(html: string): string {
	return html
		.replace(/<style>[\s\S]*?<\/style>/g, '')
		.replace(/<select[\s\S]*?<\/select>/g, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
		.replace(/\s+/g, ' ')
		.trim();
}
/** Each table row's text. */
const rows = (html: string) => [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => text(m[1]));
/** The message the page shows after an action: what was done, or what was refused. */
const message = (html: string) => text(/<div class="message[^"]*" role="(?:status|alert)">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '');

async function page(query = ''): Promise<string> {
	const res = await http(sb).get(`/${query}`);
	expect(res.status).toBe(200);
	expect(res.headers['content-type']).toMatch(/text\/html/);
	return res.data as string;
}

/** Presses a button: posts its form as a browser does, expects the 303 back to the page, and returns the page it leads to. */
async function press(action: string, form: Record<string, string>, back = `location=${sydney().id}`): Promise<string> {
	const res = await http(sb).post(`/manager/${action}`, new URLSearchParams({ ...form, back }));
	expect(res.status).toBe(303);
	const location = String(res.headers.location);
	expect(location.startsWith('/?')).toBe(true);
	return await page(location.slice(1));
}

/** The seed's shifts at a location in a week (Monday at the location), not archived. */
function shiftsInWeek(locationId: string, monday: string): Shift[] {
	const zone = t().locations.get(locationId)!.timezone;
	const from = DateTime.fromISO(monday, { zone }).toMillis();
	const to = DateTime.fromISO(monday, { zone }).plus({ days: 7 }).toMillis();
	return [...t().shifts.values()].filter((s) => s.location_id === locationId && !s.archived && s.start_time >= from && s.start_time < to);
}

describe('the manager page: what it shows', () => {
	it("GET / shows the demo business, its open locations and this week's shifts with names, positions and the location's times; not recorded", async () => {
		sb.clearRequests();
		const html = await page();
		const all = text(html);
		expect(all).toContain(business().name);
		const open = [...t().locations.values()].filter((l) => l.business_id === business().id && !l.archived);
		expect(open.length).toBe(4);
		for (const l of open) expect(all).toContain(l.name);
		expect(all).not.toContain('Parramatta Kiosk');
		// The first location, its time zone and the clock there (the anchor: 01:00 UTC, 12:00 in Sydney).
		expect(all).toContain(`${sydney().name} · time zone Australia/Sydney`);
		expect(all).toContain('Now at Circular Quay Café: Wed 25 Nov 12:00');
		// Every shift of the week at Sydney, by its row: day, local times, person, position.
		const shifts = shiftsInWeek(sydney().id, sb.anchorWeek);
		expect(shifts.length).toBeGreaterThan(30);
		const table = rows(html);
		for (const s of shifts) {
			const at = local(s.start_time, 'Australia/Sydney');
			const row = `${at.toFormat('ccc d LLL')} ${at.toFormat('HH:mm')}–${local(s.end_time, 'Australia/Sydney').toFormat('HH:mm')} ${nameOf(s.employee_id)} ${t().positions.get(s.position_id)!.name}`;
			expect(table.some((r) => r.startsWith(row))).toBe(true);
		}
		expect(sb.requests).toEqual([]);
	});

	it("writes times at the location picked (?location=), and a shift's UTC instant at its location's wall time", async () => {
		const perth = locationIn('Fremantle');
		expect(text(await page(`?location=${perth.id}`))).toContain('Fremantle Wharf Bar · time zone Australia/Perth');
		expect(text(await page(`?location=${perth.id}`))).toContain('Now at Fremantle Wharf Bar: Wed 25 Nov 09:00');
		// 2026-11-26T22:00Z is Friday 09:00 in Sydney (UTC+11 in summer).
		const position = [...t().positions.values()].find((p) => p.location_id === sydney().id && p.name === 'Barista')!;
		const made = await api(sb).post('/v1/shifts', { location_id: sydney().id, position_id: position.id, start_time: '2026-11-26T22:00:00Z', end_time: '2026-11-27T04:00:00Z' });
		expect(made.status).toBe(201);
		sb.clearRequests();
		expect(rows(await page(`?location=${sydney().id}`))).toContain('Fri 27 Nov 09:00–15:00 Open Barista draft Publish');
		// Next week's link, the Monday after.
		expect(text(await page(`?location=${sydney().id}&week=2026-11-30`))).toContain('Roster: week of Mon 30 Nov 2026');
		expect(sb.requests).toEqual([]);
	});

	it('the trigger events and thresholds it names are the trigger nodes\' own', () => {
		const eventsOf = (node: { description: { displayName: string; properties: { name: string; options?: unknown[] }[] } }) => ({
			node: node.description.displayName,
			events: Object.fromEntries(((node.description.properties.find((p) => p.name === 'events')!.options ?? []) as { name: string; value: string }[]).map((o) => [o.value, o.name])),
		});
		const nodes = { shift: eventsOf(new RosteringShiftTrigger()), timesheet: eventsOf(new RosteringTimesheetTrigger()), leaveRequest: eventsOf(new RosteringLeaveRequestTrigger()) };
		for (const [key, trigger] of Object.entries(TRIGGERS) as [keyof typeof TRIGGERS, (typeof TRIGGERS)[keyof typeof TRIGGERS]][]) {
			expect(trigger.node).toBe(nodes[key].node);
			for (const [value, name] of Object.entries(trigger.events)) expect([value, nodes[key].events[value]]).toEqual([value, name]);
		}
		expect(ATTENDANCE).toEqual(ATTENDANCE_DEFAULTS);
		expect(ATTENDANCE_EVENT_OPTIONS.map((o) => o.value).sort()).toEqual(['break_not_taken', 'late_clock_in', 'long_hours', 'still_clocked_in']);
	});
});

describe('the manager page: each button', () => {
	const week = (days: number) => DateTime.fromISO(sb.anchorWeek).plus({ days }).toISODate()!;

	it('Publish: one shift published, updated_at moved; the page says Published', async () => {
		const draft = shiftsInWeek(sydney().id, week(14)).find((s) => s.status === 'unpublished')!;
		const before = draft.updated_at;
		const html = await press('publish-shift', { id: draft.id }, `location=${sydney().id}&week=${week(14)}`);
		expect(t().shifts.get(draft.id)!.status).toBe('published');
		expect(t().shifts.get(draft.id)!.updated_at).toBeGreaterThan(before);
		expect(message(html)).toMatch(/^Published the \w[\w ]* shift \w{3} \d+ \w{3} \d\d:\d\d–\d\d:\d\d .*At its next poll, the Rostering Shift Trigger tells: Published\.$/);
		// It comes back to the week it was pressed in.
		expect(text(html)).toContain(`Roster: week of ${DateTime.fromISO(week(14)).setLocale('en-US').toFormat('ccc d LLL yyyy')}`);
		// Again: refused, said plainly.
		expect(message(await press('publish-shift', { id: draft.id }))).toMatch(/^Not done: The .* shift .* is already published\.$/);
	});

	it('Publish the week: every draft shift of the week published', async () => {
		const drafts = shiftsInWeek(sydney().id, week(21)).filter((s) => s.status === 'unpublished');
		expect(drafts.length).toBeGreaterThan(10);
		const html = await press('publish-week', { location: sydney().id, week: week(21) });
		expect(shiftsInWeek(sydney().id, week(21)).every((s) => s.status === 'published')).toBe(true);
		expect(message(html)).toBe(`Published the week of Mon 14 Dec 2026 at Circular Quay Café: ${drafts.length} shifts. At its next poll, the Rostering Shift Trigger tells: Published, once for each of the ${drafts.length}.`);
		expect(message(await press('publish-week', { location: sydney().id, week: week(21) }))).toBe('Not done: Every shift of the week of Mon 14 Dec 2026 at Circular Quay Café is already published.');
	});

	it('Make open takes the person off a shift not started (Became Open); Assign gives an open one to someone (Assigned)', async () => {
		const shift = shiftsInWeek(sydney().id, week(7)).find((s) => s.employee_id)!;
		const person = shift.employee_id!;
		const opened = await press('make-open', { id: shift.id });
		expect(t().shifts.get(shift.id)!.employee_id).toBeNull();
		expect(message(opened)).toMatch(new RegExp(`^Took ${nameOf(person)} off the .* shift .*: the shift is open\\. At its next poll, the Rostering Shift Trigger tells: Became Open\\.$`));
		// Open now, so on the page's open shifts with an Assign; given back to the same person.
		expect(opened).toContain(`<input type="hidden" name="id" value="${shift.id}">`);
		const assigned = await press('assign-shift', { id: shift.id, employee: person });
		expect(t().shifts.get(shift.id)!.employee_id).toBe(person);
		expect(message(assigned)).toMatch(new RegExp(`^Gave the .* shift .* to ${nameOf(person)}\\. At its next poll, the Rostering Shift Trigger tells: Assigned\\.$`));
		// Wrong: no person chosen; a started shift made open.
		expect(message(await press('make-open', { id: shift.id }).then(() => press('assign-shift', { id: shift.id, employee: '' })))).toBe('Not done: Choose a person to give the shift to.');
		const started = [...t().shifts.values()].find((s) => s.location_id === sydney().id && s.employee_id && !s.archived && s.start_time < now() && s.end_time > now())!;
		expect(message(await press('make-open', { id: started.id }))).toBe('Not done: The shift has started: a started shift keeps its person.');
		expect(t().shifts.get(started.id)!.employee_id).not.toBeNull();
	});

	it('Clock in at a chosen late time: a pending timesheet with no end on the right shift; breaks; Clock out; Approve', async () => {
		// Someone with a shift at Sydney later today who is not clocked in (the seed: Mia Jones, 17:00).
		const zone = 'Australia/Sydney';
		const today = local(now(), zone).toISODate();
		const shift = [...t().shifts.values()].find(
			(s) => s.location_id === sydney().id && s.employee_id && !s.archived && s.start_time > now() && local(s.start_time, zone).toISODate() === today &&
				![...t().timesheets.values()].some((x) => x.employee_id === s.employee_id && x.end_time === null),
		)!;
		const person = shift.employee_id!;
		const start = local(shift.start_time, zone);
		// The clock to 15 minutes after the shift's start, then clocked in 12 minutes after it.
		const moved = await press('clock', { until: start.plus({ minutes: 15 }).toFormat("yyyy-MM-dd'T'HH:mm") });
		expect(message(moved)).toMatch(/^Moved the sandbox clock forward \d+ h( \d+ min)?, to .* at Circular Quay Café\./);
		const before = new Set(t().timesheets.keys());
		const html = await press('clock-in', { employee: person, location: sydney().id, time: start.plus({ minutes: 12 }).toFormat('HH:mm') });
		const made = [...t().timesheets.values()].filter((x) => !before.has(x.id));
		expect(made).toHaveLength(1);
		const sheet = made[0];
		expect(sheet).toMatchObject({
			employee_id: person, location_id: sydney().id, position_id: shift.position_id, shift_id: shift.id, start_time: shift.start_time + 12 * MINUTE,
			end_time: null, status: 'pending', breaks: [], created_by_app: false, clock_in_photo_taken: null, clock_out_photo_taken: null, archived: false,
		});
		expect(sheet.created_at).toBe(sheet.updated_at);
		expect(message(html)).toBe(
			`Clocked in ${nameOf(person)} at ${start.plus({ minutes: 12 }).toFormat('HH:mm')} (${start.toFormat('ccc d LLL')}), 12 minutes after the ${start.toFormat('HH:mm')} start of their shift (${start.toFormat('HH:mm')}–${local(shift.end_time, zone).toFormat('HH:mm')}). ` +
				'At its next poll, the Rostering Timesheet Trigger tells: Clocked In; and Late Clock-In (late after 5 minutes by default). ' +
				`If ${nameOf(person)} is still clocked in at ${local(shift.end_time + 30 * MINUTE, zone).toFormat('ccc d LLL HH:mm')} (30 minutes after the shift's end, by default), it tells Still Clocked In: move the clock past that to see it.`,
		);
		// Through the API, as the trigger reads it.
		const read = await api(sb).get(`/v1/timesheets/${sheet.id}`);
		expect(read.data).toMatchObject({ shift_id: shift.id, status: 'pending', end_time: null, created_by_app: false });
		// Clocked in already: refused.
		expect(message(await press('clock-in', { employee: person, location: sydney().id, time: start.plus({ minutes: 13 }).toFormat('HH:mm') }))).toBe(`Not done: ${nameOf(person)} is already clocked in.`);

		// A break: kept by the time clock until it ends, not written into the record before.
		const updated = sheet.updated_at;
		const onBreak = await press('start-break', { employee: person });
		expect(message(onBreak)).toMatch(/started a break at \d\d:\d\d\. Nothing is written yet/);
		expect(rows(onBreak).find((r) => r.startsWith(nameOf(person)) && r.includes('Clocked in'))).toMatch(/on a break since \d\d:\d\d End break Clock out$/);
		expect(t().timesheets.get(sheet.id)!.breaks).toEqual([]);
		expect(t().timesheets.get(sheet.id)!.updated_at).toBe(updated);
		await press('clock', { forward: '15m' });
		const ended = await press('end-break', { employee: person });
		const [taken] = t().timesheets.get(sheet.id)!.breaks;
		expect(taken.paid).toBe(false);
		expect(taken.end - taken.start).toBeGreaterThanOrEqual(15 * MINUTE);
		expect(taken.start % MINUTE).toBe(0);
		expect(t().timesheets.get(sheet.id)!.updated_at).toBeGreaterThan(updated);
		expect(message(ended)).toMatch(/break \d\d:\d\d–\d\d:\d\d \(1[56] min, unpaid\) is on their timesheet now\. At its next poll, the Rostering Timesheet Trigger tells: Updated \(the timesheet's breaks changed\)\.$/);
		expect(message(await press('end-break', { employee: person }))).toBe(`Not done: ${nameOf(person)} is not on a break.`);

		// Pending but still open: not to be approved yet.
		expect(message(await press('approve-timesheet', { id: sheet.id }))).toBe('Not done: The person is still clocked in: a timesheet is approved or rejected once it has ended.');
		await press('clock', { forward: '4h' });
		const out = await press('clock-out', { employee: person });
		const closed = t().timesheets.get(sheet.id)!;
		expect(closed.end_time).toBe(Math.floor(now() / MINUTE) * MINUTE);
		expect(closed.status).toBe('pending');
		expect(message(out)).toMatch(new RegExp(`^Clocked out ${nameOf(person)} at \\d\\d:\\d\\d \\(\\w{3} \\d+ \\w{3}\\): \\d h \\d+ min from clocking in, 1[56] minutes of it on unpaid breaks\\. At its next poll, the Rostering Timesheet Trigger tells: Clocked Out\\.`));
		expect(message(await press('clock-out', { employee: person }))).toBe(`Not done: ${nameOf(person)} is not clocked in.`);

		const approved = await press('approve-timesheet', { id: sheet.id });
		expect(t().timesheets.get(sheet.id)!.status).toBe('approved');
		expect(message(approved)).toMatch(new RegExp(`^Approved ${nameOf(person)}'s timesheet of .*\\. At its next poll, the Rostering Timesheet Trigger tells: Approved\\.$`));
		expect(message(await press('approve-timesheet', { id: sheet.id }))).toBe('Not done: The timesheet is approved, not pending: only a pending timesheet can be approved or rejected.');
	});

	it('Clock out after six hours with no break: the page names Break Not Taken; clocked in with no shift: Still Clocked In after 12 hours', async () => {
		const person = [...t().employees.values()].find(
			(e) => e.business_id === business().id && e.location_ids.includes(sydney().id) && e.shared &&
				![...t().timesheets.values()].some((x) => x.employee_id === e.id && (x.end_time === null || x.end_time > now() - 12 * HOUR)) &&
				![...t().shifts.values()].some((s) => s.employee_id === e.id && !s.archived && s.location_id === sydney().id && local(s.start_time, 'Australia/Sydney').toISODate() === local(now(), 'Australia/Sydney').toISODate()),
		)!;
		const time = local(now(), 'Australia/Sydney').toFormat('HH:mm');
		const html = await press('clock-in', { employee: person.id, location: sydney().id, time });
		const sheet = [...t().timesheets.values()].find((x) => x.employee_id === person.id && x.end_time === null)!;
		expect(sheet.shift_id).toBeNull();
		// No shift: the person's first position at the location they may work.
		const first = [...t().positions.values()].find((p) => p.location_id === sydney().id && p.active && !p.archived && !person.excluded_position_ids.includes(p.id))!;
		expect(sheet.position_id).toBe(first.id);
		expect(message(html)).toContain('with no shift of theirs here today. At its next poll, the Rostering Timesheet Trigger tells: Clocked In.');
		expect(message(html)).toContain('(12 hours after clocking in, with no shift, by default), it tells Still Clocked In');
		await press('clock', { forward: '4h' });
		await press('clock', { forward: '1h' });
		await press('clock', { forward: '1h' });
		const out = await press('clock-out', { employee: person.id });
		expect(message(out)).toContain('At its next poll, the Rostering Timesheet Trigger tells: Clocked Out; and Break Not Taken (longer than 5 hours with under 30 minutes of unpaid break, by default).');
	});

	it('moving the clock past a shift end + 30 minutes names Still Clocked In for who is still clocked in', async () => {
		// The seed's people clocked in now at Sydney, on a shift.
		const open = [...t().timesheets.values()].filter((x) => x.location_id === sydney().id && x.end_time === null && x.shift_id);
		expect(open.length).toBeGreaterThan(0);
		const html = await press('clock', { forward: '1d' });
		for (const x of open) {
			const end = t().shifts.get(x.shift_id!)!.end_time;
			expect(message(html)).toContain(`${nameOf(x.employee_id)} is still clocked in at ${local(end + 30 * MINUTE, 'Australia/Sydney').toFormat('ccc d LLL HH:mm')} (their shift ended at ${local(end, 'Australia/Sydney').toFormat('HH:mm')}). At its next poll, the Rostering Timesheet Trigger tells: Still Clocked In.`);
		}
	});

	it('Reject a pending timesheet that has ended (Rejected)', async () => {
		const pending = [...t().timesheets.values()].find((x) => x.location_id === sydney().id && x.status === 'pending' && x.end_time !== null && !x.archived)! as Timesheet;
		const html = await press('reject-timesheet', { id: pending.id });
		expect(t().timesheets.get(pending.id)!.status).toBe('rejected');
		expect(message(html)).toMatch(/^Rejected .*'s timesheet of .*\. At its next poll, the Rostering Timesheet Trigger tells: Rejected\.$/);
	});

	it("leave: Approve and Decline a pending request of someone at the location (Decided); the page lists only those waiting", async () => {
		const waiting = [...t().leaveRequests.values()].filter((r) => {
			const e = t().employees.get(r.employee_id)!;
			return r.business_id === business().id && r.status === 'pending' && !r.archived && e.shared && (e.location_ids.length === 0 || e.location_ids.includes(sydney().id));
		});
		expect(waiting.length).toBeGreaterThanOrEqual(2);
		const before = rows(await page()).filter((r) => r.endsWith('Approve Decline'));
		expect(before).toHaveLength(waiting.length);
		const approved = await press('approve-leave', { id: waiting[0].id });
		expect(t().leaveRequests.get(waiting[0].id)!.status).toBe('approved');
		expect(message(approved)).toMatch(new RegExp(`^Approved ${nameOf(waiting[0].employee_id)}'s request for .*\\. At its next poll, the Rostering Leave Request Trigger tells: Decided\\. \\(Only if the trigger has seen the request pending`));
		const declined = await press('decline-leave', { id: waiting[1].id });
		expect(t().leaveRequests.get(waiting[1].id)!.status).toBe('declined');
		expect(message(declined)).toContain('the Rostering Leave Request Trigger tells: Decided.');
		expect(rows(declined).filter((r) => r.endsWith('Approve Decline'))).toHaveLength(waiting.length - 2);
		expect(message(await press('decline-leave', { id: waiting[1].id }))).toBe('Not done: The leave request is declined, not pending.');
	});

	it('Ask for leave: a person asks on the page (Created), and the request waits in the table with Approve and Decline', async () => {
		// The form, as the service's app lets a person ask: labels tied to their fields, today at the location by default.
		const html = await page();
		const form = /<form[^>]*action="\/manager\/request-leave">[\s\S]*?<\/form>/.exec(/<section aria-labelledby="leave">[\s\S]*?<\/section>/.exec(html)![0])![0];
		const labelled = (label: string, name: string) => new RegExp(`<label for="([\\w-]+)">${label}</label><(?:select|input)[^>]* id="\\1" name="${name}"`).test(form);
		expect([labelled('Person', 'employee'), labelled('From', 'from'), labelled('To', 'to'), labelled('Leave type', 'type'), labelled('Reason', 'reason')]).toEqual([true, true, true, true, true]);
		expect(form).toContain('<input type="date" id="leave-from" name="from" value="2026-11-25" required>');
		expect(form).toContain('<input type="date" id="leave-to" name="to" value="2026-11-25" required>');
		expect(form).toContain('<button type="submit">Ask for leave</button>');
		// The people who work at the location, by name; the leave types in use, by name (not the archived one).
		const people = [...t().employees.values()].filter((e) => e.business_id === business().id && e.shared && (e.location_ids.length === 0 || e.location_ids.includes(sydney().id)));
		const options = (name: string) => [...form.matchAll(/<select[^>]* name="(\w+)"[^>]*>([\s\S]*?)<\/select>/g)]
			.filter((m) => m[1] === name)
			.flatMap((m) => [...m[2].matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((o) => [text(o[1]), text(o[2])]));
		expect(options('employee').slice(1).map(([id]) => id).sort()).toEqual(people.map((e) => e.id).sort());
		expect(options('employee').find(([id]) => id === people[0].id)![1]).toBe(nameOf(people[0].id));
		expect(options('type')).toEqual([['Annual leave', 'Annual leave'], ["Personal/carer's leave", "Personal/carer's leave"], ['Unpaid leave', 'Unpaid leave'], ['Long service leave', 'Long service leave']]);

		// Someone at Sydney asks for three days of annual leave.
		const person = people.find((e) => ![...t().leaveRequests.values()].some((r) => r.employee_id === e.id))!;
		const before = new Set(t().leaveRequests.keys());
		const asked = await press('request-leave', { employee: person.id, from: '2026-12-14', to: '2026-12-16', type: 'Annual leave', reason: ' Family wedding ' });
		expect(message(asked)).toBe(
			`${nameOf(person.id)} asked for annual leave, Mon 14 Dec 2026 to Wed 16 Dec 2026 (22.8 hours). At its next poll, the Rostering Leave Request Trigger tells: Created. ` +
				"It waits below for the manager's decision: Approve or Decline, the trigger's Decided.",
		);
		const made = [...t().leaveRequests.values()].filter((r) => !before.has(r.id));
		expect(made).toHaveLength(1);
		const annual = [...t().leaveTypes.values()].find((ty) => ty.business_id === business().id && ty.name === 'Annual leave')!;
		expect(made[0]).toMatchObject({ employee_id: person.id, type_id: annual.id, start_date: '2026-12-14', end_date: '2026-12-16', hours: 22.8, status: 'pending', reason: 'Family wedding', archived: false });
		expect(made[0].created_at).toBe(made[0].updated_at);
		// Through the API, as the Leave Request trigger reads it.
		expect((await api(sb).get(`/v1/leave-requests/${made[0].id}`)).data).toMatchObject({ id: made[0].id, status: 'pending', start_date: '2026-12-14', end_date: '2026-12-16' });
		// Waiting in the table, to decide; a day's leave of another type, with no reason, too.
		expect(rows(asked)).toContain(`${nameOf(person.id)} Annual leave Mon 14 Dec 2026 – Wed 16 Dec 2026 22.8 h Family wedding Approve Decline`);
		const oneDay = await press('request-leave', { employee: person.id, from: '2026-11-25', to: '2026-11-25', type: "Personal/carer's leave", reason: '' });
		expect(message(oneDay)).toMatch(new RegExp(`^${nameOf(person.id)} asked for personal/carer's leave, Wed 25 Nov 2026 \\(7\\.6 hours\\)\\. At its next poll`));
		expect(rows(oneDay)).toContain(`${nameOf(person.id)} Personal/carer's leave Wed 25 Nov 2026 7.6 h Approve Decline`);
		const decided = await press('approve-leave', { id: made[0].id });
		expect(message(decided)).toMatch(/^Approved .*'s request for annual leave, Mon 14 Dec 2026 to Wed 16 Dec 2026 \(22\.8 hours\)\. At its next poll, the Rostering Leave Request Trigger tells: Decided\./);
		expect(rows(decided).some((r) => r.includes('Family wedding'))).toBe(false);
	});

	it('Ask for leave refuses, naming the field, before anything is created: no person, a date missing or not a date, To before From, a leave type not in use', async () => {
		const person = [...t().employees.values()].find((e) => e.business_id === business().id && e.shared && e.location_ids.includes(sydney().id))!;
		const perth = [...t().employees.values()].find((e) => e.business_id === business().id && e.shared && e.location_ids.length === 1 && e.location_ids[0] === locationIn('Fremantle').id)!;
		const good = { employee: person.id, from: '2026-12-14', to: '2026-12-16', type: 'Annual leave', reason: '' };
		const before = t().leaveRequests.size;
		const refused = async (change: Record<string, string>) => {
			const html = await press('request-leave', { ...good, ...change });
			expect(html).toContain('role="alert"');
			return message(html);
		};
		expect(await refused({ employee: '' })).toBe('Not done: Choose the Person asking for leave.');
		expect(await refused({ employee: perth.id })).toBe(`Not done: ${nameOf(perth.id)} does not work at Circular Quay Café.`);
		expect(await refused({ from: '' })).toBe('Not done: Give the From date, the first day of leave.');
		expect(await refused({ to: '' })).toBe('Not done: Give the To date, the last day of leave.');
		expect(await refused({ from: '14/12/2026' })).toBe('Not done: From is a date, such as 2026-11-25 (not 14/12/2026)');
		expect(await refused({ to: '2026-02-30' })).toBe('Not done: To is a date, such as 2026-11-25 (not 2026-02-30)');
		expect(await refused({ to: '2026-12-13' })).toBe('Not done: To (Sun 13 Dec 2026) is before From (Mon 14 Dec 2026): leave ends on the day it starts or later.');
		expect(await refused({ type: '' })).toBe('Not done: Choose a Leave type.');
		expect(await refused({ type: 'Study leave (retired)' })).toBe("Not done: Leave type Study leave (retired) is not one in use: Annual leave, Personal/carer's leave, Unpaid leave, Long service leave.");
		expect(t().leaveRequests.size).toBe(before);
	});

	it('the clock only goes forward: +15 min .. +1 day move it; back to real time or an earlier time are refused', async () => {
		const start = now();
		await press('clock', { forward: '15m' });
		expect(now() - start).toBeGreaterThanOrEqual(15 * MINUTE);
		await press('clock', { forward: '1h' });
		await press('clock', { forward: '4h' });
		const html = await press('clock', { forward: '1d' });
		expect(now() - start).toBeGreaterThanOrEqual(29 * HOUR + 15 * MINUTE);
		expect(now() - start).toBeLessThan(29 * HOUR + 16 * MINUTE);
		expect(message(html)).toMatch(/^Moved the sandbox clock forward 24 h, to Thu 26 Nov 17:15 at Circular Quay Café\./);
		// Real time is before the anchor + 29 hours only up to 2026-11-26: after that, "real time" is ahead and moves it on.
		const ahead = now() > Date.now();
		const before = now();
		const real = await press('clock', { to: 'real' });
		if (ahead) {
			expect(message(real)).toMatch(/^Not done: The clock is ahead of real time .*it never goes back/);
			expect(now()).toBeGreaterThanOrEqual(before);
			expect(now()).toBeLessThan(before + MINUTE);
		} else {
			expect(now()).toBeGreaterThanOrEqual(Date.now() - MINUTE);
		}
		const earlier = await press('clock', { until: '2026-11-25T09:00' });
		expect(message(earlier)).toMatch(/^Not done: Wed 25 Nov 09:00 is not after the clock's .*: the clock only goes forward\.$/);
		expect(now()).toBeGreaterThanOrEqual(before);
		expect(message(await press('clock', { forward: '-1h' }))).toBe('Not done: The clock moves forward by 15m, 1h, 4h, 1d.');
	});

	it('refusals are plain sentences on the page: a clock-in later than the clock, a timesheet that is not pending, an unknown shift; an unknown action is a 404 page', async () => {
		const person = [...t().employees.values()].find((e) => e.business_id === business().id && e.location_ids.includes(sydney().id) && e.shared && ![...t().timesheets.values()].some((x) => x.employee_id === e.id && x.end_time === null))!;
		const later = local(now() + HOUR, 'Australia/Sydney').toFormat('HH:mm');
		const html = await press('clock-in', { employee: person.id, location: sydney().id, time: later });
		expect(message(html)).toBe(`Not done: ${later} is later than the clock (12:00): move the clock forward first, or clock in at an earlier time.`);
		expect(html).toContain('role="alert"');
		expect(html).not.toMatch(/at .*\.ts:\d+|"error"/);
		const decided = [...t().timesheets.values()].find((x) => x.location_id === sydney().id && x.status === 'approved')!;
		expect(message(await press('reject-timesheet', { id: decided.id }))).toBe('Not done: The timesheet is approved, not pending: only a pending timesheet can be approved or rejected.');
		expect(t().timesheets.get(decided.id)!.status).toBe('approved');
		expect(message(await press('publish-shift', { id: 'nope' }))).toBe('Not done: No shift nope.');
		const unknown = await http(sb).post('/manager/fire-everyone', 'x=1');
		expect(unknown.status).toBe(404);
		expect(unknown.headers['content-type']).toMatch(/text\/html/);
		expect((await http(sb).get('/manager/clock')).status).toBe(405);
	});

	it('none of the page requests are recorded as API requests, and none is faulted or rate-limited', async () => {
		sb.clearRequests();
		sb.injectFault({ path: /.*/, status: 500, times: 5 } as never);
		sb.setRateLimit({ perSecond: 1 });
		for (let i = 0; i < 3; i++) await page();
		await press('clock', { forward: '15m' });
		expect((await http(sb).get('/favicon.ico')).status).toBe(204);
		expect(sb.requests).toEqual([]);
	});
});

describe('the control API does what the page does', () => {
	it('clockIn, startBreak, endBreak, clockOut, decideTimesheet, makeOpen, assignShift, decideLeaveRequest', async () => {
		const c = http(sb);
		const person = [...t().employees.values()].find((e) => e.business_id === business().id && e.location_ids.includes(sydney().id) && e.shared && ![...t().timesheets.values()].some((x) => x.employee_id === e.id && x.end_time === null))!;
		const inAt = new Date(Math.floor(now() / MINUTE) * MINUTE - 30 * MINUTE).toISOString();
		const made = await c.post('/__control/manager/clockIn', { employeeId: person.id, locationId: sydney().id, at: inAt });
		expect(made.status).toBe(200);
		const id = made.data.timesheet_id as string;
		expect(t().timesheets.get(id)).toMatchObject({ employee_id: person.id, start_time: Date.parse(inAt), end_time: null, status: 'pending' });
		expect((await c.post('/__control/manager/startBreak', { employeeId: person.id })).status).toBe(200);
		sb.clock.advance(10 * MINUTE);
		expect((await c.post('/__control/manager/endBreak', { employeeId: person.id })).status).toBe(200);
		expect(t().timesheets.get(id)!.breaks).toHaveLength(1);
		expect((await c.post('/__control/manager/clockOut', { employeeId: person.id })).status).toBe(200);
		expect(t().timesheets.get(id)!.end_time).not.toBeNull();
		expect((await c.post('/__control/manager/decideTimesheet', { id, status: 'rejected' })).status).toBe(200);
		expect(t().timesheets.get(id)!.status).toBe('rejected');
		const again = await c.post('/__control/manager/decideTimesheet', { id, status: 'approved' });
		expect(again.status).toBe(400);
		expect(again.data.error.message).toMatch(/not pending/);

		const shift = shiftsInWeek(sydney().id, DateTime.fromISO(sb.anchorWeek).plus({ days: 7 }).toISODate()!).find((s) => s.employee_id)!;
		const who = shift.employee_id;
		expect((await c.post('/__control/manager/makeOpen', { id: shift.id })).status).toBe(200);
		expect(t().shifts.get(shift.id)!.employee_id).toBeNull();
		expect((await c.post('/__control/manager/assignShift', { id: shift.id, employeeId: who })).status).toBe(200);
		expect(t().shifts.get(shift.id)!.employee_id).toBe(who);
		const leave = [...t().leaveRequests.values()].find((r) => r.business_id === business().id && r.status === 'pending' && !r.archived)!;
		expect((await c.post('/__control/manager/decideLeaveRequest', { id: leave.id, status: 'approved' })).status).toBe(200);
		expect(t().leaveRequests.get(leave.id)!.status).toBe('approved');
	});
});

describe('the clock a day forward and the tokens', () => {
	it("a client's access token is expired (401 token_expired), and its refresh token still gives a working one", async () => {
		const token = sb.issueToken();
		expect((await http(sb, token.access_token).get('/v1/connection')).status).toBe(200);
		await press('clock', { forward: '1d' });
		const expired = await http(sb, token.access_token).get('/v1/connection');
		expect(expired.status).toBe(401);
		expect(expired.data.error.code).toBe('token_expired');
		const refreshed = await http(sb).post('/oauth/token', { grant_type: 'refresh_token', refresh_token: token.refresh_token }, { headers: { Authorization: basic(sb) } });
		expect(refreshed.status).toBe(200);
		expect(refreshed.data.expires_in).toBe(1800);
		const again = await http(sb, refreshed.data.access_token as string).get('/v1/connection');
		expect(again.status).toBe(200);
	});
});
