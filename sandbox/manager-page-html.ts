/**
 * The manager's page as HTML (manager-page.ts serves it and does its actions): the business's
 * locations, the sandbox clock, the week's roster, open shifts, the people with the time clock's
 * buttons, timesheets, and leave to ask for and decide. Every time is written at the location's time
 * zone with its day. Plain forms that POST to /manager/<action> and come back here.
 */
import { DateTime } from 'luxon';
import type { Core } from './core';
import type { Employee, LeaveRequest, Location, Shift, Timesheet } from './model';
import { personName } from './manager';
import { escapeHtml as esc } from './reply';
import { addDays, localDate, localToMs, mondayOf } from './time';
import { ATTENDANCE } from './trigger-events';

/** What the page shows: which business, location and week, and what the last action said. */
export interface PageState {
	businessId: string;
	locationId: string;
	/** Monday (YYYY-MM-DD) of the roster week shown. */
	week: string;
	/** What the last action did and which trigger events it causes, one sentence a line. */
	notes: string[];
	/** Why the last action was refused. */
	problem?: string;
}

// ---- Times at the location ----

const at = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).setLocale('en-US');
/** "Mon 30 Nov" */
export const dayOf = (ms: number, zone: string) => at(ms, zone).toFormat('ccc d LLL');
/** "09:00" */
export const timeOf = (ms: number, zone: string) => at(ms, zone).toFormat('HH:mm');
/** "Mon 30 Nov 09:00" */
export const when = (ms: number, zone: string) => `${dayOf(ms, zone)} ${timeOf(ms, zone)}`;
/** A calendar date, "Mon 7 Dec". */
export const dateOf = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-US').toFormat('ccc d LLL yyyy');
/** "09:00–15:00", the end's day added when it is another day. */
export function span(start: number, end: number | null, zone: string): string {
	if (end === null) return `${timeOf(start, zone)} – still clocked in`;
	const otherDay = localDate(end, zone) !== localDate(start, zone) ? `${dayOf(end, zone)} ` : '';
	return `${timeOf(start, zone)}–${otherDay}${timeOf(end, zone)}`;
}
export const minutes = (ms: number) => Math.round(ms / 60_000);
/** "6 h 28 min" */
export function duration(ms: number): string {
	const m = minutes(ms);
	return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

// ---- Who and what, from the store ----

export const nameOf = (e: Employee | undefined) => (e ? personName(e) : 'someone who left');

/** Current people who may work at the location (its own, and those who may work anywhere), by name. */
export function peopleAt(core: Core, loc: Location): Employee[] {
	const s = core.store;
	return [...s.t.employees.values()]
		.filter((e) => e.business_id === loc.business_id && s.currentEmployment(e.business_id, e.id) && (e.location_ids.length === 0 || e.location_ids.includes(loc.id)))
		.sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
}

/** The business's leave types a person may ask for (the archived ones are retired). */
export const leaveTypesInUse = (core: Core, businessId: string) => [...core.store.t.leaveTypes.values()].filter((ty) => ty.business_id === businessId && !ty.archived);

/** The locations of a business people can pick (archived ones are closed). */
export const locationsOf = (core: Core, businessId: string) => [...core.store.t.locations.values()].filter((l) => l.business_id === businessId && !l.archived);

export const openTimesheetOf = (core: Core, employeeId: string): Timesheet | undefined =>
	[...core.store.t.timesheets.values()].filter((t) => t.employee_id === employeeId && !t.archived && t.end_time === null).sort((a, b) => b.start_time - a.start_time)[0];

const positionName = (core: Core, id: string) => core.store.t.positions.get(id)?.name ?? 'a position';

/** "the Barista shift Mon 30 Nov 09:00–15:00" */
export const shiftWords = (core: Core, s: Shift, zone: string) => `the ${positionName(core, s.position_id)} shift ${dayOf(s.start_time, zone)} ${span(s.start_time, s.end_time, zone)}`;

// ---- The page ----

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f7f9;color:#1d2330;line-height:1.45}
main{max-width:76rem;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:0 0 .5rem}
section{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
nav{margin:.5rem 0}nav a{display:inline-block;margin:0 .4rem .4rem 0;padding:.25rem .7rem;border:1px solid #c5ccd8;border-radius:999px;text-decoration:none;color:#1d2330;background:#fff}
nav a[aria-current]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
table{border-collapse:collapse;width:100%;font-size:.93rem}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #eceff4;vertical-align:middle}
th{font-weight:600;color:#4a5568;font-size:.85rem}
form.inline{display:inline-flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:0 .25rem 0 0}
button{font:inherit;font-size:.88rem;padding:.25rem .7rem;border:1px solid #1d4ed8;border-radius:5px;background:#1d4ed8;color:#fff;cursor:pointer}
button.quiet{background:#fff;color:#1d4ed8}button.warn{background:#fff;border-color:#b91c1c;color:#b91c1c}
input,select{font:inherit;font-size:.88rem;padding:.2rem .3rem}
.hint{color:#5b6576;font-size:.88rem;margin:.25rem 0 .6rem}
.now{font-size:1.2rem}
.badge{display:inline-block;padding:0 .45rem;border-radius:4px;font-size:.8rem;background:#eceff4}
.badge.published,.badge.approved{background:#dcfce7}.badge.draft,.badge.pending{background:#fef9c3}.badge.rejected,.badge.expired{background:#fee2e2}.badge.in{background:#dbeafe}
.message{border-radius:8px;padding:.75rem 1rem;margin:1rem 0}.message p{margin:.2rem 0}
.message.done{background:#ecfdf5;border:1px solid #86efac}.message.problem{background:#fef2f2;border:1px solid #fca5a5}
`;

export function renderPage(core: Core, state: PageState): string {
	const s = core.store;
	const business = s.t.businesses.get(state.businessId)!;
	const loc = s.t.locations.get(state.locationId)!;
	const zone = loc.timezone;
	const query = (more: Record<string, string> = {}) => '/?' + new URLSearchParams({ business: business.id, location: loc.id, week: state.week, ...more }).toString();
	const businesses = [...s.t.businesses.values()];
	const body = [
		`<h1>Manager's view of the sandbox</h1>`,
		`<p class="hint">What a manager and the time clock do in the service's own application, never through the API: each change here is one the package's triggers find at their next poll (the demo's triggers poll every minute).</p>`,
		businesses.length > 1
			? `<nav aria-label="Businesses">${businesses.map((b) => link(`/?business=${b.id}`, b.name, b.id === business.id)).join('')}</nav>`
			: '',
		`<nav aria-label="Locations">${locationsOf(core, business.id).map((l) => link(`/?business=${business.id}&location=${l.id}`, l.name, l.id === loc.id)).join('')}</nav>`,
		`<p><strong>${esc(loc.name)}</strong> · time zone <strong>${esc(zone)}</strong>. Every time on this page is at the location.</p>`,
		message(state),
		clockSection(core, loc, state, query),
		rosterSection(core, loc, state, query),
		openShiftsSection(core, loc, state),
		peopleSection(core, loc, state),
		timesheetsSection(core, loc, state),
		leaveSection(core, loc, state),
	].join('\n');
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(loc.name)} · manager's view · rostering sandbox</title><style>${STYLE}</style></head><body><main>
${body}
</main></body></html>`;
}

const link = (href: string, text: string, current: boolean) => `<a href="${esc(href)}"${current ? ' aria-current="page"' : ''}>${esc(text)}</a>`;

function message(state: PageState): string {
	if (state.problem) return `<div class="message problem" role="alert"><p><strong>Not done:</strong> ${esc(state.problem)}</p></div>`;
	if (!state.notes.length) return '';
	return `<div class="message done" role="status">${state.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>`;
}

/** A form posting one action, with where to come back to; `fields` are hidden inputs, `inner` the visible ones and buttons. */
function action(name: string, state: PageState, fields: Record<string, string>, inner: string): string {
	const back = new URLSearchParams({ business: state.businessId, location: state.locationId, week: state.week }).toString();
	const hidden = Object.entries({ ...fields, back }).map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
	return `<form class="inline" method="post" action="/manager/${name}">${hidden}${inner}</form>`;
}

const button = (text: string, cls = '', name?: string, value?: string) =>
	`<button type="submit"${cls ? ` class="${cls}"` : ''}${name ? ` name="${esc(name)}" value="${esc(value ?? '')}"` : ''}>${esc(text)}</button>`;

const section = (id: string, title: string, inner: string) => `<section aria-labelledby="${id}"><h2 id="${id}">${esc(title)}</h2>${inner}</section>`;

const table = (heads: string[], rows: string[], empty: string) =>
	rows.length ? `<table><thead><tr>${heads.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>` : `<p class="hint">${esc(empty)}</p>`;

const badge = (text: string, cls = text) => `<span class="badge ${esc(cls)}">${esc(text)}</span>`;

function clockSection(core: Core, loc: Location, state: PageState, query: (more?: Record<string, string>) => string): string {
	const now = core.clock.ms();
	const zone = loc.timezone;
	const behind = Date.now() - now;
	const steps = [['15m', '+15 min'], ['1h', '+1 hour'], ['4h', '+4 hours'], ['1d', '+1 day']];
	const local = at(now, zone).toFormat("yyyy-MM-dd'T'HH:mm");
	return section(
		'clock',
		'Sandbox clock',
		`<p class="now">Now at ${esc(loc.name)}: <strong id="clock-now">${esc(when(now, zone))}</strong></p>
<p class="hint">The sandbox keeps its own clock: move it forward to make a shift start or end, a timesheet due. It never goes back: the triggers read what changed since their last poll, and a clock going back would hide changes.</p>
<p>${action('clock', state, {}, steps.map(([v, t]) => button(t, 'quiet', 'forward', v)).join(''))}
${behind >= 60_000 ? action('clock', state, { to: 'real' }, button('Back to real time', 'quiet')) : `<span class="hint">${behind <= -60_000 ? `The clock is ${esc(duration(-behind))} ahead of real time; it waits for real time rather than go back.` : 'The clock is at real time.'}</span>`}</p>
<p>${action('clock', state, {}, `<label>Move forward to <input type="datetime-local" name="until" value="${esc(local)}" required></label>${button('Move the clock', 'quiet')}`)}</p>
<p class="hint"><a href="${esc(query())}">Reload</a> to see the clock run on with real time.</p>`,
	);
}

function rosterSection(core: Core, loc: Location, state: PageState, query: (more?: Record<string, string>) => string): string {
	const zone = loc.timezone;
	const now = core.clock.ms();
	const from = localToMs(state.week, '00:00', zone);
	const to = localToMs(addDays(state.week, 7), '00:00', zone);
	const shifts = [...core.store.t.shifts.values()]
		.filter((x) => x.location_id === loc.id && !x.archived && x.start_time >= from && x.start_time < to)
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
	const drafts = shifts.filter((x) => x.status !== 'published').length;
	const rows = shifts.map((x) => {
		const person = x.employee_id ? nameOf(core.store.t.employees.get(x.employee_id)) : 'Open';
		const ended = x.end_time <= now;
		const status = x.status === 'published' ? badge('published') : ended ? badge('expired (never published)', 'expired') : badge('draft');
		const buttons = [
			x.status !== 'published' ? action('publish-shift', state, { id: x.id }, button('Publish')) : '',
			x.employee_id && x.start_time > now ? action('make-open', state, { id: x.id }, button('Make open', 'quiet')) : '',
		].join('');
		return `<tr><td>${esc(dayOf(x.start_time, zone))}</td><td>${esc(span(x.start_time, x.end_time, zone))}</td><td>${esc(person)}</td><td>${esc(positionName(core, x.position_id))}</td><td>${status}</td><td>${buttons}</td></tr>`;
	});
	const thisWeek = state.week === mondayOf(now, zone);
	const nav = `<nav aria-label="Weeks"><a href="${esc(query({ week: addDays(state.week, -7) }))}">← Previous week</a>${thisWeek ? '' : `<a href="${esc(query({ week: mondayOf(now, zone) }))}">This week</a>`}<a href="${esc(query({ week: addDays(state.week, 7) }))}">Next week →</a></nav>`;
	const publishWeek = drafts ? `<p>${action('publish-week', state, { location: loc.id, week: state.week }, button('Publish the week'))} <span class="hint">${drafts} draft shift${drafts === 1 ? '' : 's'} this week.</span></p>` : '<p class="hint">Every shift of this week is published.</p>';
	return section(
		'roster',
		`Roster: week of ${dateOf(state.week)}${thisWeek ? ' (this week)' : ''}`,
		`${nav}<p class="hint">Monday to Sunday at ${esc(loc.name)}. Publish: the Shift trigger's Published. Make open takes the person off a shift that has not started: Became Open. The seed leaves today's last shift still to start with someone on it a draft: publish it, move the clock past its start and clock its person in late (People) to see Published, then Late Clock-In.</p>${shifts.length ? publishWeek : ''}
${table(['Day', 'Time', 'Person', 'Position', 'Status', 'Actions'], rows, 'No shifts this week.')}`,
	);
}

function openShiftsSection(core: Core, loc: Location, state: PageState): string {
	const zone = loc.timezone;
	const now = core.clock.ms();
	const open = [...core.store.t.shifts.values()]
		.filter((x) => x.location_id === loc.id && !x.archived && !x.employee_id && x.end_time > now)
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
	const people = peopleAt(core, loc);
	const shown = open.slice(0, 25);
	const rows = shown.map((x) => {
		const who = people.filter((e) => !e.excluded_position_ids.includes(x.position_id));
		const select = `<label>Person <select name="employee" required><option value="">Choose…</option>${who.map((e) => `<option value="${e.id}">${esc(nameOf(e))}</option>`).join('')}</select></label>`;
		return `<tr><td>${esc(dayOf(x.start_time, zone))}</td><td>${esc(span(x.start_time, x.end_time, zone))}</td><td>${esc(positionName(core, x.position_id))}</td><td>${x.status === 'published' ? badge('published') : badge('draft')}</td><td>${action('assign-shift', state, { id: x.id }, select + button('Assign'))}</td></tr>`;
	});
	const more = open.length > shown.length ? `<p class="hint">And ${open.length - shown.length} later.</p>` : '';
	return section(
		'open-shifts',
		'Open shifts',
		`<p class="hint">Shifts with nobody on them that have not ended. Assign gives one to a person: the Shift trigger's Assigned.</p>${table(['Day', 'Time', 'Position', 'Status', 'Give to'], rows, 'No open shifts ahead.')}${more}`,
	);
}

function peopleSection(core: Core, loc: Location, state: PageState): string {
	const zone = loc.timezone;
	const now = core.clock.ms();
	const today = localDate(now, zone);
	const rows = peopleAt(core, loc).map((e) => {
		const shifts = [...core.store.t.shifts.values()]
			.filter((x) => x.employee_id === e.id && x.location_id === loc.id && !x.archived && localDate(x.start_time, zone) === today)
			.sort((a, b) => a.start_time - b.start_time);
		const shiftText = shifts.length ? shifts.map((x) => `${span(x.start_time, x.end_time, zone)} ${positionName(core, x.position_id)}`).join('; ') : 'No shift today';
		const open = openTimesheetOf(core, e.id);
		const onBreak = open ? core.manager.breakStartedAt(open.id) : null;
		let status: string;
		let buttons: string;
		if (open) {
			const where = open.location_id === loc.id ? '' : ` at ${core.store.t.locations.get(open.location_id)?.name ?? 'another location'}`;
			status = badge(`Clocked in${where} since ${when(open.start_time, zone)}${onBreak !== null ? `; on a break since ${timeOf(onBreak, zone)}` : ''}`, 'in');
			buttons =
				(onBreak === null ? action('start-break', state, { employee: e.id }, button('Start break', 'quiet')) : action('end-break', state, { employee: e.id }, button('End break', 'quiet'))) +
				action('clock-out', state, { employee: e.id }, button('Clock out'));
		} else {
			status = 'Not clocked in';
			buttons = action('clock-in', state, { employee: e.id, location: loc.id }, `<label>Clock-in time <input type="time" name="time" value="${esc(timeOf(now, zone))}" required></label>${button('Clock in')}`);
		}
		const anywhere = e.location_ids.length === 0 ? ' <span class="hint">(any location)</span>' : '';
		return `<tr><td>${esc(nameOf(e))}${anywhere}</td><td>${esc(shiftText)}</td><td>${status}</td><td>${buttons}</td></tr>`;
	});
	return section(
		'people',
		'People',
		`<p class="hint">The time clock's buttons. Clock in at a time today at the location: now, or earlier to try a late clock-in (more than ${ATTENDANCE.lateMinutes} minutes after the shift's start is late, by default); never later than the clock, so move the clock first. The Timesheet trigger's Clocked In, Late Clock-In, Clocked Out, Break Not Taken, Long Hours and Still Clocked In come from here.</p>
${table(['Person', 'Shift today', 'Now', 'Time clock'], rows, 'Nobody works here.')}`,
	);
}

function timesheetsSection(core: Core, loc: Location, state: PageState): string {
	const zone = loc.timezone;
	const now = core.clock.ms();
	const since = now - 14 * 86_400_000;
	const sheets = [...core.store.t.timesheets.values()]
		.filter((t) => t.location_id === loc.id && !t.archived && (t.end_time === null || t.start_time >= since) && t.start_time <= now)
		.sort((a, b) => b.start_time - a.start_time || a.id.localeCompare(b.id));
	const rows = sheets.map((t) => {
		const breaks = t.breaks.length ? t.breaks.map((b) => `${timeOf(b.start, zone)}–${timeOf(b.end, zone)}${b.paid ? ' (paid)' : ''}`).join(', ') : 'none';
		const onBreak = core.manager.breakStartedAt(t.id);
		const decide =
			t.status === 'pending' && t.end_time !== null
				? action('approve-timesheet', state, { id: t.id }, button('Approve')) + action('reject-timesheet', state, { id: t.id }, button('Reject', 'warn'))
				: '';
		return `<tr><td>${esc(nameOf(core.store.t.employees.get(t.employee_id)))}</td><td>${esc(dayOf(t.start_time, zone))}</td><td>${esc(span(t.start_time, t.end_time, zone))}</td><td>${esc(breaks)}${onBreak !== null ? esc(`; on a break since ${timeOf(onBreak, zone)}`) : ''}</td><td>${badge(t.status)}</td><td>${decide}</td></tr>`;
	});
	return section(
		'timesheets',
		'Timesheets',
		`<p class="hint">Started at ${esc(loc.name)} in the last 14 days, and any still open, newest first. A pending timesheet that has ended can be approved (the Timesheet trigger's Approved) or rejected (Rejected).</p>
${table(['Person', 'Day', 'Time', 'Breaks', 'Status', 'Decide'], rows, 'No timesheets in the last 14 days.')}`,
	);
}

function leaveSection(core: Core, loc: Location, state: PageState): string {
	const people = new Map(peopleAt(core, loc).map((e) => [e.id, e]));
	const requests: LeaveRequest[] = [...core.store.t.leaveRequests.values()]
		.filter((r) => r.business_id === loc.business_id && !r.archived && r.status === 'pending' && people.has(r.employee_id))
		.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id));
	const rows = requests.map((r) => {
		const type = core.store.t.leaveTypes.get(r.type_id)?.name ?? 'Leave';
		const dates = r.start_date === r.end_date ? dateOf(r.start_date) : `${dateOf(r.start_date)} – ${dateOf(r.end_date)}`;
		const decide = action('approve-leave', state, { id: r.id }, button('Approve')) + action('decline-leave', state, { id: r.id }, button('Decline', 'warn'));
		return `<tr><td>${esc(nameOf(people.get(r.employee_id)))}</td><td>${esc(type)}</td><td>${esc(dates)}</td><td>${Math.round(r.hours * 100) / 100} h</td><td>${esc(r.reason ?? '')}</td><td>${decide}</td></tr>`;
	});
	// Asking, as the service's app lets a person ask: labels tied to their fields by id (one such form on the page).
	const today = localDate(core.clock.ms(), loc.timezone);
	const field = (id: string, label: string, control: string) => `<label for="${id}">${esc(label)}</label>${control}`;
	const ask = action(
		'request-leave',
		state,
		{},
		field('leave-person', 'Person', `<select id="leave-person" name="employee" required><option value="">Choose…</option>${[...people.values()].map((e) => `<option value="${esc(e.id)}">${esc(nameOf(e))}</option>`).join('')}</select>`) +
			field('leave-from', 'From', `<input type="date" id="leave-from" name="from" value="${today}" required>`) +
			field('leave-to', 'To', `<input type="date" id="leave-to" name="to" value="${today}" required>`) +
			field('leave-type', 'Leave type', `<select id="leave-type" name="type" required>${leaveTypesInUse(core, loc.business_id).map((ty) => `<option value="${esc(ty.name)}">${esc(ty.name)}</option>`).join('')}</select>`) +
			field('leave-reason', 'Reason', '<input type="text" id="leave-reason" name="reason" placeholder="optional">') +
			button('Ask for leave'),
	);
	return section(
		'leave',
		'Leave requests waiting for a decision',
		`<p class="hint">A person asks for leave here, as they would in the service's app: the Leave Request trigger's Created. The manager decides below, on the pending requests of the people who work here: Approve or Decline, the trigger's Decided, for a request it has seen pending (it learns those dated from a month before to a year after the day its workflow was published, and any asked for after).</p>
<p>${ask}</p>
${table(['Person', 'Leave', 'Dates', 'Hours', 'Reason', 'Decide'], rows, 'No leave requests are waiting.')}`,
	);
}
