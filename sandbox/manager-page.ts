/**
 * The manager's page at the sandbox's root: GET / shows it (manager-page-html.ts), each button
 * POSTs to /manager/<action>, which does what a manager or the time clock does in the service's
 * own application (the Manager, manager.ts; never the API) and comes back with 303 to the page,
 * saying what it did and which trigger events the package's triggers will tell at their next poll.
 *
 * Not the API: server.ts serves these before recording requests, with no faults and no rate
 * limit, so tests that count API requests never see the page.
 */
import type { Core } from './core';
import { dateOf, dayOf, duration, leaveTypesInUse, locationsOf, minutes, nameOf, peopleAt, renderPage, shiftWords, span, timeOf, when, type PageState } from './manager-page-html';
import type { LeaveRequest, Location, Shift, Timesheet } from './model';
import { html, type Reply } from './reply';
import { addDays, isDate, localDate, localToMs, mondayOf, weekday } from './time';
import { ATTENDANCE, eventName, TRIGGERS } from './trigger-events';

type Form = Record<string, string>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The clock's steps forward. */
const STEPS: Record<string, number> = { '15m': 15 * MINUTE, '1h': HOUR, '4h': 4 * HOUR, '1d': 24 * HOUR };

export const isManagerPagePath = (path: string) => path === '/' || path === '/favicon.ico' || path.startsWith('/manager/');

export function managerPage(core: Core, method: string, url: URL, body: unknown): Reply {
	// A browser asks for an icon; there is none (and it is not an API request to record).
	if (url.pathname === '/favicon.ico') return { status: 204 };
	if (url.pathname === '/' && method === 'GET') return { ...html(200, renderPage(core, pageState(core, url.searchParams))), headers: { 'Cache-Control': 'no-store' } };
	const action = url.pathname.startsWith('/manager/') ? url.pathname.slice('/manager/'.length) : '';
	if (method !== 'POST' || !(action in ACTIONS)) {
		return html(method === 'POST' ? 404 : 405, `<!doctype html><meta charset="utf-8"><title>Manager's page</title><p>Nothing to ${method === 'POST' ? 'do' : 'show'} here: the manager's page is at <a href="/">/</a>, its buttons post to /manager/&lt;action&gt;.</p>`);
	}
	const form: Form = {};
	if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) form[k] = String(v);
	const back = new URLSearchParams(form.back ?? '');
	const state = pageState(core, back);
	const to = new URLSearchParams({ business: state.businessId, location: state.locationId, week: state.week });
	try {
		for (const note of ACTIONS[action](core, form, core.store.t.locations.get(state.locationId)!)) to.append('note', note);
	} catch (e) {
		to.set('problem', sentence(e instanceof Error ? e.message : 'That could not be done.'));
	}
	return { status: 303, headers: { Location: `/?${to.toString()}`, 'Cache-Control': 'no-store' } };
}

const sentence = (text: string) => (/[.!?)]$/.test(text) ? text : `${text}.`);

/** The business, location and week asked for, each falling back to the first (the demo's business, its first location, this week). */
function pageState(core: Core, q: URLSearchParams): PageState {
	const s = core.store;
	const businessId = s.t.businesses.has(q.get('business') ?? '') ? q.get('business')! : s.mainBusinessId;
	const locations = locationsOf(core, businessId);
	const loc = locations.find((l) => l.id === q.get('location')) ?? locations[0];
	const asked = q.get('week') ?? '';
	const week = isDate(asked) ? (weekday(asked) === 1 ? asked : mondayOf(localToMs(asked, '12:00', loc.timezone), loc.timezone)) : mondayOf(core.clock.ms(), loc.timezone);
	return { businessId, locationId: loc.id, week, notes: q.getAll('note'), problem: q.get('problem') ?? undefined };
}

/** "At its next poll, the Rostering Shift Trigger tells: Published." */
const tells = (trigger: keyof typeof TRIGGERS, what: string) => `At its next poll, the ${TRIGGERS[trigger].node} tells: ${what}.`;

const need = (form: Form, key: string, what: string) => {
	if (!form[key]) throw new Error(`Choose ${what}`);
	return form[key];
};

function shiftOf(core: Core, id: string): Shift {
	const s = core.store.t.shifts.get(id);
	if (!s) throw new Error(`No shift ${id}`);
	return s;
}

const zoneOf = (core: Core, locationId: string) => core.store.t.locations.get(locationId)?.timezone ?? 'UTC';
const personName = (core: Core, id: string | null) => (id ? nameOf(core.store.t.employees.get(id)) : 'nobody');

/** Each action: does it, and says what it did and what the triggers will tell, one sentence a line. */
const ACTIONS: Record<string, (core: Core, form: Form, loc: Location) => string[]> = {
	clock(core, form, loc) {
		const zone = loc.timezone;
		const now = core.clock.ms();
		let target: number;
		if (form.forward) {
			if (!(form.forward in STEPS)) throw new Error(`The clock moves forward by ${Object.keys(STEPS).join(', ')}`);
			target = now + STEPS[form.forward];
		} else if (form.to === 'real') {
			target = Date.now();
			if (target <= now) throw new Error(`The clock is ahead of real time (${when(now, zone)}); it never goes back, it waits for real time`);
		} else {
			const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(form.until ?? '');
			if (!m) throw new Error('Give a date and time to move the clock forward to');
			target = localToMs(m[1], m[2], zone);
			if (target <= now) throw new Error(`${when(target, zone)} is not after the clock's ${when(now, zone)}: the clock only goes forward`);
		}
		core.clock.advance(target - now);
		return [`Moved the sandbox clock forward ${duration(target - now)}, to ${when(target, zone)} at ${loc.name}.`, ...dueBetween(core, loc, now, target)];
	},

	'publish-shift'(core, form) {
		const s = shiftOf(core, need(form, 'id', 'a shift'));
		if (s.archived) throw new Error('The shift was deleted (archived)');
		if (s.status === 'published') throw new Error(`${upper(shiftWords(core, s, zoneOf(core, s.location_id)))} is already published`);
		core.manager.publishShift(s.id);
		return [`Published ${shiftWords(core, s, zoneOf(core, s.location_id))} (${s.employee_id ? personName(core, s.employee_id) : 'open'}).`, tells('shift', eventName('shift', 'published'))];
	},

	'publish-week'(core, form) {
		const loc = core.store.t.locations.get(need(form, 'location', 'a location'));
		if (!loc) throw new Error(`No location ${form.location}`);
		const week = need(form, 'week', 'a week');
		if (!isDate(week) || weekday(week) !== 1) throw new Error(`${week} is not a Monday`);
		const from = localToMs(week, '00:00', loc.timezone);
		const to = localToMs(addDays(week, 7), '00:00', loc.timezone);
		const drafts = [...core.store.t.shifts.values()].filter((s) => s.location_id === loc.id && !s.archived && s.status !== 'published' && s.start_time >= from && s.start_time < to);
		if (!drafts.length) throw new Error(`Every shift of the week of ${dateOf(week)} at ${loc.name} is already published`);
		core.manager.publishRoster(loc.id, week);
		const n = drafts.length;
		return [`Published the week of ${dateOf(week)} at ${loc.name}: ${n} shift${n === 1 ? '' : 's'}.`, tells('shift', `${eventName('shift', 'published')}, once for each of the ${n}`)];
	},

	'make-open'(core, form) {
		const s = shiftOf(core, need(form, 'id', 'a shift'));
		const who = personName(core, s.employee_id);
		core.manager.makeOpen(s.id);
		return [`Took ${who} off ${shiftWords(core, s, zoneOf(core, s.location_id))}: the shift is open.`, tells('shift', eventName('shift', 'became_open'))];
	},

	'assign-shift'(core, form) {
		const s = shiftOf(core, need(form, 'id', 'a shift'));
		core.manager.assignShift(s.id, need(form, 'employee', 'a person to give the shift to'));
		return [`Gave ${shiftWords(core, s, zoneOf(core, s.location_id))} to ${personName(core, s.employee_id)}.`, tells('shift', eventName('shift', 'assigned'))];
	},

	'clock-in'(core, form) {
		const loc = core.store.t.locations.get(need(form, 'location', 'a location'));
		if (!loc) throw new Error(`No location ${form.location}`);
		const zone = loc.timezone;
		const now = core.clock.ms();
		const time = need(form, 'time', 'a clock-in time');
		if (!/^\d{2}:\d{2}$/.test(time)) throw new Error(`The clock-in time is a time of day, such as 09:12 (not ${time})`);
		const at = localToMs(localDate(now, zone), time, zone);
		if (at > now) throw new Error(`${time} is later than the clock (${timeOf(now, zone)}): move the clock forward first, or clock in at an earlier time`);
		const t = core.manager.clockIn(need(form, 'employee', 'a person'), loc.id, at);
		const who = personName(core, t.employee_id);
		const shift = t.shift_id ? core.store.t.shifts.get(t.shift_id) : undefined;
		const late = shift ? Math.floor((t.start_time - shift.start_time) / MINUTE) : 0;
		const clockedIn = eventName('timesheet', 'clocked_in');
		const lateEvent = eventName('timesheet', 'late_clock_in');
		const still = eventName('timesheet', 'still_clocked_in');
		const notes = [`Clocked in ${who} at ${timeOf(t.start_time, zone)} (${dayOf(t.start_time, zone)}), ${shift ? `${relative(late)} the ${timeOf(shift.start_time, zone)} start of their shift (${span(shift.start_time, shift.end_time, zone)}).` : 'with no shift of theirs here today.'}`];
		if (shift && late > ATTENDANCE.lateMinutes) notes.push(tells('timesheet', `${clockedIn}; and ${lateEvent} (late after ${ATTENDANCE.lateMinutes} minutes by default)`));
		else notes.push(`${tells('timesheet', clockedIn)}${shift ? ` (${lateEvent} comes only for more than ${ATTENDANCE.lateMinutes} minutes after the shift's start, by default.)` : ''}`);
		const due = shift ? shift.end_time + ATTENDANCE.openAfterShiftMinutes * MINUTE : t.start_time + ATTENDANCE.openWithoutShiftHours * HOUR;
		const after = shift ? `${ATTENDANCE.openAfterShiftMinutes} minutes after the shift's end` : `${ATTENDANCE.openWithoutShiftHours} hours after clocking in, with no shift`;
		notes.push(`If ${who} is still clocked in at ${when(due, zone)} (${after}, by default), it tells ${still}: move the clock past that to see it.`);
		return notes;
	},

	'start-break'(core, form) {
		const t = core.manager.startBreak(need(form, 'employee', 'a person'));
		const zone = zoneOf(core, t.location_id);
		return [
			`${personName(core, t.employee_id)} started a break at ${timeOf(core.manager.breakStartedAt(t.id)!, zone)}.`,
			'Nothing is written yet: the time clock writes a break when it ends, so no trigger event until End break.',
		];
	},

	'end-break'(core, form) {
		const { timesheet: t, added } = core.manager.endBreak(need(form, 'employee', 'a person'));
		const zone = zoneOf(core, t.location_id);
		return [
			`${personName(core, t.employee_id)}'s break ${timeOf(added.start, zone)}–${timeOf(added.end, zone)} (${duration(added.end - added.start)}, unpaid) is on their timesheet now.`,
			tells('timesheet', `${eventName('timesheet', 'updated')} (the timesheet's breaks changed)`),
		];
	},

	'clock-out'(core, form) {
		const { timesheet: t, endedBreak } = core.manager.clockOut(need(form, 'employee', 'a person'));
		return clockedOutWords(core, t, endedBreak !== null);
	},

	'approve-timesheet': (core, form) => decideTimesheet(core, need(form, 'id', 'a timesheet'), 'approved'),
	'reject-timesheet': (core, form) => decideTimesheet(core, need(form, 'id', 'a timesheet'), 'rejected'),
	'request-leave'(core, form, loc) {
		// Checked here, field by field, before anything is created: the page names the field to fix.
		if (!form.employee) throw new Error('Choose the Person asking for leave');
		const person = peopleAt(core, loc).find((e) => e.id === form.employee);
		if (!person) throw new Error(core.store.t.employees.has(form.employee) ? `${personName(core, form.employee)} does not work at ${loc.name}` : `No person ${form.employee}`);
		const example = localDate(core.clock.ms(), loc.timezone);
		const day = (key: 'from' | 'to', label: string, which: string) => {
			const value = (form[key] ?? '').trim();
			if (!value) throw new Error(`Give the ${label} date, the ${which} day of leave`);
			if (!isDate(value)) throw new Error(`${label} is a date, such as ${example} (not ${value})`);
			return value;
		};
		const from = day('from', 'From', 'first');
		const to = day('to', 'To', 'last');
		if (to < from) throw new Error(`To (${dateOf(to)}) is before From (${dateOf(from)}): leave ends on the day it starts or later`);
		const types = leaveTypesInUse(core, loc.business_id).map((ty) => ty.name);
		if (!form.type) throw new Error('Choose a Leave type');
		if (!types.includes(form.type)) throw new Error(`Leave type ${form.type} is not one in use: ${types.join(', ')}`);
		const r = core.manager.requestLeave(person.id, from, to, { typeName: form.type, reason: form.reason?.trim() || null });
		return [
			`${nameOf(person)} asked for ${form.type.toLowerCase()}, ${leaveDates(r)} (${Math.round(r.hours * 100) / 100} hours).`,
			tells('leaveRequest', eventName('leaveRequest', 'created')),
			`It waits below for the manager's decision: Approve or Decline, the trigger's ${eventName('leaveRequest', 'decided')}.`,
		];
	},
	'approve-leave': (core, form) => decideLeave(core, need(form, 'id', 'a leave request'), 'approved'),
	'decline-leave': (core, form) => decideLeave(core, need(form, 'id', 'a leave request'), 'declined'),
};

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "12 minutes after", "3 minutes before", "right at" */
function relative(late: number): string {
	if (late === 0) return 'right at';
	const n = Math.abs(late);
	return `${n} minute${n === 1 ? '' : 's'} ${late > 0 ? 'after' : 'before'}`;
}

function clockedOutWords(core: Core, t: Timesheet, breakEnded: boolean): string[] {
	const zone = zoneOf(core, t.location_id);
	const who = personName(core, t.employee_id);
	const worked = minutes(t.end_time! - t.start_time);
	const unpaid = t.breaks.filter((b) => !b.paid).reduce((sum, b) => sum + minutes(b.end - b.start), 0);
	const shift = t.shift_id ? core.store.t.shifts.get(t.shift_id) : undefined;
	const notes = [
		`Clocked out ${who} at ${timeOf(t.end_time!, zone)} (${dayOf(t.end_time!, zone)}): ${duration(worked * MINUTE)} from clocking in, ${unpaid} minutes of it on unpaid breaks.${breakEnded ? ' The break going on ended with it.' : ''}`,
	];
	const events = [eventName('timesheet', 'clocked_out')];
	if (worked > ATTENDANCE.breakAfterHours * 60 && unpaid < ATTENDANCE.breakMinutes) {
		events.push(`${eventName('timesheet', 'break_not_taken')} (longer than ${ATTENDANCE.breakAfterHours} hours with under ${ATTENDANCE.breakMinutes} minutes of unpaid break, by default)`);
	}
	const rostered = shift ? minutes(shift.end_time - shift.start_time) : 0;
	if (shift && worked - rostered > ATTENDANCE.longerThanShiftMinutes) {
		events.push(`${eventName('timesheet', 'long_hours')} (${worked - rostered} minutes longer than the shift; more than ${ATTENDANCE.longerThanShiftMinutes} is long, by default)`);
	}
	notes.push(tells('timesheet', events.join('; and ')));
	// Long Hours by the week: the trigger adds up the finished timesheets it has seen of the person's
	// week (Monday to Sunday at the location) against their ordinary hours, else 38.
	const monday = mondayOf(t.start_time, zone);
	const week = [...core.store.t.timesheets.values()].filter((x) => x.employee_id === t.employee_id && !x.archived && x.end_time !== null && mondayOf(x.start_time, zone) === monday);
	const hours = week.reduce((sum, x) => sum + (x.end_time! - x.start_time - x.breaks.filter((b) => !b.paid).reduce((s, b) => s + b.end - b.start, 0)), 0) / HOUR;
	const own = core.store.currentEmploymentAny(t.employee_id)?.ordinary_hours_per_week;
	const limit = own && own > 0 ? own : ATTENDANCE.weeklyHours;
	if (hours > limit) {
		notes.push(`${who}'s week of ${dateOf(monday)} comes to ${Math.round(hours * 100) / 100} paid hours, past ${own && own > 0 ? `their ${limit} ordinary hours` : `${limit} hours`}: ${eventName('timesheet', 'long_hours')} by the week may come too (from the timesheets the trigger has seen).`);
	}
	return notes;
}

function decideTimesheet(core: Core, id: string, status: 'approved' | 'rejected'): string[] {
	const t = core.manager.decideTimesheet(id, status);
	const zone = zoneOf(core, t.location_id);
	return [
		`${status === 'approved' ? 'Approved' : 'Rejected'} ${personName(core, t.employee_id)}'s timesheet of ${dayOf(t.start_time, zone)} ${span(t.start_time, t.end_time, zone)}.`,
		tells('timesheet', eventName('timesheet', status)),
	];
}

/**
 * The trigger tells Decided from the status it saw before: a request it never saw pending (one
 * dated more than a month before or a year after the day its workflow was published, not changed
 * since) comes out only as Updated.
 */
export const LEAVE_SEEN_PENDING =
	'(Only if the trigger has seen the request pending: it learns the requests dated from a month before to a year after the day its workflow was published, and any that change after; another comes out as Updated.)';

/** "Mon 14 Dec 2026", or "Mon 14 Dec 2026 to Wed 16 Dec 2026" */
const leaveDates = (r: LeaveRequest) => (r.start_date === r.end_date ? dateOf(r.start_date) : `${dateOf(r.start_date)} to ${dateOf(r.end_date)}`);

function decideLeave(core: Core, id: string, status: 'approved' | 'declined'): string[] {
	const r = core.store.t.leaveRequests.get(id);
	if (!r) throw new Error(`No leave request ${id}`);
	core.manager.decideLeaveRequest(id, status);
	const type = core.store.t.leaveTypes.get(r.type_id)?.name ?? 'leave';
	return [
		`${status === 'approved' ? 'Approved' : 'Declined'} ${personName(core, r.employee_id)}'s request for ${type.toLowerCase()}, ${leaveDates(r)} (${Math.round(r.hours * 100) / 100} hours).`,
		tells('leaveRequest', eventName('leaveRequest', 'decided')),
		LEAVE_SEEN_PENDING,
	];
}

/**
 * What moving the clock from `from` to `to` makes due at the location: the open timesheets whose
 * Still Clocked In moment (their shift's end + 30 minutes, or 12 hours after the start with no
 * shift, by default) falls in between.
 */
function dueBetween(core: Core, loc: Location, from: number, to: number): string[] {
	const zone = loc.timezone;
	const notes: { due: number; text: string }[] = [];
	for (const t of core.store.t.timesheets.values()) {
		if (t.location_id !== loc.id || t.archived || t.end_time !== null) continue;
		const shift = t.shift_id ? core.store.t.shifts.get(t.shift_id) : undefined;
		const due = shift ? shift.end_time + ATTENDANCE.openAfterShiftMinutes * MINUTE : t.start_time + ATTENDANCE.openWithoutShiftHours * HOUR;
		if (due <= from || due > to) continue;
		const why = shift ? `their shift ended at ${timeOf(shift.end_time, zone)}` : `they clocked in at ${when(t.start_time, zone)} with no shift`;
		notes.push({ due, text: `${personName(core, t.employee_id)} is still clocked in at ${when(due, zone)} (${why}). ${tells('timesheet', eventName('timesheet', 'still_clocked_in'))}` });
	}
	return notes.sort((a, b) => a.due - b.due).map((n) => n.text);
}
