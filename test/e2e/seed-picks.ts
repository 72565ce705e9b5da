/**
 * What the real-n8n tests (other than the demo's: demo-picks.ts) take from the sandbox's seed, and
 * the changes they make to provoke the triggers' events, each by a rule, in one place, so that
 * test/picks/across-dates.test.ts can run every rule against the seed as it is laid at many moments
 * (issue 45: the seed follows the clock, so a rule that finds nothing on some date or hour would turn
 * main red that day).
 *
 * Every rule reads the service's clock (the sandbox's), never the real one: the tests move it, and
 * the check lays the seed at moments other than now.
 */
import { startSandbox } from '../../sandbox';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

/** The sandbox's API as another app of the business sees it (a connected token), and its shifts. */
export function shiftsApi(sb: Sandbox) {
	const token = sb.issueToken().access_token;
	/** The sandbox's API with a connected token, as another app of the business would change records. */
	async function api(method: string, path: string, body?: unknown): Promise<Rec> {
		const res = await fetch(`${sb.url}/v1${path}`, {
			method,
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = (await res.json()) as Rec;
		if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
		return json;
	}
	/** The shift as the API shows it now. */
	const shiftNow = (id: string): Rec => sb.store.get('shifts', id)! as Rec;
	/** Shifts the API lets an app change: not deleted, starting more than a day after the service's now. */
	function changeableShifts(): Rec[] {
		const now = sb.clock.now().getTime() + 86_400_000;
		return sb.store.shifts.filter((shift) => !shift.archived && Date.parse(String(shift.start_time)) > now);
	}

	/** Someone who may work `positionId` at `locationId` and has no shift between start and end (ms). */
	function freeEmployee(locationId: string, positionId: string, start: number, end: number): Rec {
		const busy = new Set(
			sb.store.shifts
				.filter((shift) => !shift.archived && shift.employee_id && Date.parse(String(shift.start_time)) < end && Date.parse(String(shift.end_time)) > start)
				.map((shift) => String(shift.employee_id)),
		);
		const person = sb.store.employees.find((e) => {
			const locations = (e.location_ids as string[] | undefined) ?? [];
			return e.employment_id && (locations.length === 0 || locations.includes(locationId)) && !((e.excluded_position_ids as string[]) ?? []).includes(positionId) && !busy.has(String(e.id));
		});
		if (!person) throw new Error('no free employee for the test shift');
		return person;
	}

	return { api, shiftNow, changeableShifts, freeEmployee };
}

export type ShiftsApi = ReturnType<typeof shiftsApi>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const msOf = (time: unknown) => Date.parse(String(time));

/** Where a test's records are made: a location and a position there. */
interface Place {
	location_id: string;
	position_id: string;
}

/** The Monday (YYYY-MM-DD) of the week of a date (its first ten characters: a time as the service writes it gives its date at the location). */
function mondayOf(date: string): string {
	const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
	return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/** What a person picked for a timesheet must be free of (attendancePeople's pick). */
interface Needs {
	/** The timesheet's start and end (ms; null: open, from its start on): no timesheet of theirs over it, and not clocked in now. */
	timesheet: [number, number | null];
	/** A shift of theirs (ms): no other shift over it. */
	shift?: [number, number];
	/**
	 * No shift at the location on the day (there) of the timesheet's start: a timesheet given no
	 * shift_id then has no "shift" (the trigger's: the person's shift at that location that day).
	 */
	noShiftThatDay?: boolean;
}

/**
 * The seed's people as the Timesheet trigger's attendance events need them, whatever the hour the
 * test runs: the seed's timesheets and shifts follow the real clock (an open timesheet covers its
 * start until the service's now), so each person is picked from the seed as it is now.
 */
export function attendancePeople(sb: Sandbox) {
	const employment = (employeeId: unknown) => {
		const found = sb.store.t.employments.get(String(sb.store.t.employees.get(String(employeeId))?.employment_id));
		return found && !found.archived ? found : undefined;
	};
	/** A person's weekly limit as the trigger takes it: their employment's ordinary hours, else Weekly Hours (38). */
	function weeklyLimit(employeeId: string): number {
		const hours = employment(employeeId)?.ordinary_hours_per_week;
		return typeof hours === 'number' && hours > 0 ? hours : 38;
	}
	/**
	 * Each person's records of `table` as the API gives them (the main business's), rendered only for
	 * the person asked about: rendering the whole table for every pick made the picks check slow.
	 */
	function ofPerson(table: 'shifts' | 'timesheets'): (employeeId: unknown) => Rec[] {
		const ids = new Map<string, string[]>();
		for (const r of sb.store.t[table].values()) {
			if (r.business_id !== sb.store.mainBusinessId || r.employee_id === null) continue;
			ids.set(r.employee_id, [...(ids.get(r.employee_id) ?? []), r.id]);
		}
		return (employeeId) => (ids.get(String(employeeId)) ?? []).map((id) => sb.store.get(table, id) as Rec | undefined).filter((r): r is Rec => r !== undefined);
	}
	/** A person's finished timesheets of the week of `monday` (their dates as written at the location) and the paid hours they add up to. */
	function week(employeeId: string, monday: string): { hours: number; ids: string[] } {
		const sheets = ofPerson('timesheets')(employeeId).filter((t) => !t.archived && t.end_time !== null && mondayOf(String(t.start_time)) === monday);
		return { hours: Math.round(sheets.reduce((sum, t) => sum + Number(t.paid_hours), 0) * 100) / 100, ids: sheets.map((t) => String(t.id)).sort() };
	}
	/** Whether `person` (a current employee) may work at `place` and is free as `needs` says, by their own `timesheets` and `shifts` as the API gives them. */
	function fits(person: Rec, place: Place, needs: Needs, timesheets: Rec[], shifts: Rec[]): boolean {
		const locations = (person.location_ids as string[] | undefined) ?? [];
		if (!employment(person.id) || (locations.length > 0 && !locations.includes(place.location_id)) || ((person.excluded_position_ids as string[]) ?? []).includes(place.position_id)) return false;
		const [from, to] = needs.timesheet;
		if (timesheets.some((t) => !t.archived && (t.end_time === null || (msOf(t.start_time) < (to ?? Infinity) && msOf(t.end_time) > from)))) return false;
		const current = shifts.filter((s) => !s.archived);
		if (needs.shift && current.some((s) => msOf(s.start_time) < needs.shift![1] && msOf(s.end_time) > needs.shift![0])) return false;
		const day = dayAt(place, from);
		return !(needs.noShiftThatDay && current.some((s) => s.location_id === place.location_id && String(s.start_time).slice(0, 10) === day));
	}
	/** The date (YYYY-MM-DD) of `ms` at the place's location. */
	function dayAt(place: Place, ms: number): string {
		const timeZone = String(sb.store.t.locations.get(place.location_id)!.timezone);
		return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
	}
	/**
	 * Keeps a person's week within their limit with `hours` more worked at `place` from `from` (ms):
	 * the seed's people often work past their ordinary hours, so where theirs would be passed they
	 * are raised (in the service) to what the week will hold. Before the timesheet is entered (the
	 * trigger reads the employments when a week first grows).
	 */
	function roomInWeek(person: Rec, place: Place, from: number, hours: number): void {
		const total = week(String(person.id), mondayOf(dayAt(place, from))).hours + hours;
		if (total > weeklyLimit(String(person.id))) employment(person.id)!.ordinary_hours_per_week = Math.ceil(total);
	}
	/**
	 * Someone free as `needs` says, not in `taken` (added to it), and the place they work it: `prefer`
	 * if someone there is, else another active position of the business (a location has only a few
	 * people, and at some hours none of them is free); undefined if nobody is.
	 */
	function find(needs: Needs, taken: Set<string>, prefer?: Place): { person: Rec; place: Place } | undefined {
		const places = sb.store.positions
			.filter((p) => p.active && !p.archived && !sb.store.t.locations.get(String(p.location_id))?.archived)
			.map((p) => ({ location_id: String(p.location_id), position_id: String(p.id) }));
		const [timesheetsOf, shiftsOf, employees] = [ofPerson('timesheets'), ofPerson('shifts'), sb.store.employees];
		for (const place of prefer ? [prefer, ...places] : places) {
			const person = employees.find((e) => !taken.has(String(e.id)) && fits(e, place, needs, timesheetsOf(e.id), shiftsOf(e.id)));
			if (person) {
				taken.add(String(person.id));
				return { person, place };
			}
		}
		return undefined;
	}
	/** find, or an error naming what nobody was free for. */
	function pick(needs: Needs, taken: Set<string>, prefer?: Place): { person: Rec; place: Place } {
		const found = find(needs, taken, prefer);
		if (!found) throw new Error(`nobody is free for a timesheet from ${iso(needs.timesheet[0])} (${JSON.stringify(needs)})`);
		return found;
	}
	return { week, find, pick, roomInWeek };
}

/**
 * The Timesheet trigger's attendance events provoked through the API, each for its own person
 * (picked with attendancePeople, `prefer` the place tried first, added to `taken`), with the
 * service's clock as it is (nothing waits):
 *
 * - Long Hours: a four-hour shift two days ago and its timesheet of five and a half hours (a 30-minute
 *   unpaid break, so not Break Not Taken): 90 minutes longer than its shift; and the person's
 *   ordinary hours per week set (in the service) to an hour more than their week held before, so
 *   the week goes past them with it. Set before the timesheet is entered: call this before any
 *   other finished timesheet is (the trigger reads the employments when a week first grows).
 * - Still Clocked In (forgot to clock out): a four-hour shift that ended an hour ago, and its
 *   timesheet (its shift_id) open since the shift's start: due 30 minutes after the shift's end
 *   (the default), so told at once.
 * - Late Clock-In: a four-hour shift that started an hour ago given to someone, then their timesheet
 *   for it (its shift_id) starting now, open: 60 minutes late (its shift ends in three hours, so it
 *   is not Still Clocked In while the test runs).
 *
 * The shifts start before the Shift trigger's last check, so none is No Clock-In; each is Assigned
 * (created for someone).
 */
export async function provokeAttendance(sb: Sandbox, api: ShiftsApi['api'], taken: Set<string>, prefer?: Place) {
	const people = attendancePeople(sb);
	const now = Math.floor(sb.clock.now().getTime() / MINUTE) * MINUTE;
	const shiftFor = async (who: { person: Rec; place: Place }, from: number, to: number) =>
		await api('POST', '/shifts', { ...who.place, employee_id: who.person.id, start_time: iso(from), end_time: iso(to) });

	const longFrom = Math.floor(now / HOUR) * HOUR - 2 * DAY;
	const long = people.pick({ shift: [longFrom, longFrom + 4 * HOUR], timesheet: [longFrom, longFrom + 5.5 * HOUR] }, taken, prefer);
	const longShift = await shiftFor(long, longFrom, longFrom + 4 * HOUR);
	const weekStart = mondayOf(String(longShift.start_time));
	const limit = Math.floor(people.week(String(long.person.id), weekStart).hours) + 1;
	sb.store.t.employments.get(String(long.person.employment_id))!.ordinary_hours_per_week = limit;
	const longSheet = await api('POST', '/timesheets', {
		...long.place,
		employee_id: long.person.id,
		shift_id: longShift.id,
		start_time: iso(longFrom),
		end_time: iso(longFrom + 5.5 * HOUR),
		breaks: [{ start: iso(longFrom + 2 * HOUR), end: iso(longFrom + 2.5 * HOUR), paid: false }],
	});

	const openFrom = now - 5 * HOUR;
	const open = people.pick({ shift: [openFrom, now - HOUR], timesheet: [openFrom, null] }, taken, prefer);
	const openShift = await shiftFor(open, openFrom, now - HOUR);
	const openSheet = await api('POST', '/timesheets', { ...open.place, employee_id: open.person.id, shift_id: openShift.id, start_time: iso(openFrom), end_time: null });

	const lateFrom = now - HOUR;
	const late = people.pick({ shift: [lateFrom, lateFrom + 4 * HOUR], timesheet: [now, null] }, taken, prefer);
	const lateShift = await shiftFor(late, lateFrom, lateFrom + 4 * HOUR);
	const lateSheet = await api('POST', '/timesheets', { ...late.place, employee_id: late.person.id, shift_id: lateShift.id, start_time: iso(now), end_time: null });

	return {
		late: { person: late.person, shift: lateShift, sheet: lateSheet },
		stillIn: { person: open.person, shift: openShift, sheet: openSheet },
		long: { person: long.person, shift: longShift, sheet: longSheet, week: { start: weekStart, limit, ...people.week(String(long.person.id), weekStart) } },
	};
}

/** `found`, or an error naming what the rule looked for (not a TypeError further on). */
function must<T>(found: T | undefined, what: string): T {
	if (found === undefined) throw new Error(`the seed has no ${what}`);
	return found;
}

/** The service's now (ms). */
const serviceNow = (sb: Sandbox) => sb.clock.now().getTime();

/** The service's year plus `n`: the years tests write their rows in (a fixed year would one day be in the past). */
export const yearsOn = (sb: Sandbox, n: number) => sb.clock.now().getUTCFullYear() + n;

/**
 * An on-demand shift a week ahead at a venue of the main business, posted with its rate set (as a
 * venue would: created through the API, its rate set and published in the service's app). The seed
 * lays its posted one in the current week, so on some days none is ahead.
 */
export async function postOnDemandShift(sb: Sandbox, api: ShiftsApi['api']): Promise<Rec> {
	const venue = must(
		[...sb.store.t.locations.values()].find((l) => l.business_id === sb.store.mainBusinessId && l.ondemand_enabled && !l.archived),
		'venue taking on-demand shifts',
	);
	const position = must([...sb.store.t.positions.values()].find((p) => p.location_id === venue.id && p.active && !p.archived), `position at ${venue.name}`);
	const start = Math.floor((serviceNow(sb) + 7 * DAY) / HOUR) * HOUR;
	const created = await api('POST', '/on-demand-shifts', { location_id: venue.id, position_id: position.id, start_time: iso(start), end_time: iso(start + 5 * HOUR) });
	sb.manager.setOnDemandRate(String(created.id), 45);
	sb.manager.publishOnDemandShift(String(created.id));
	return created;
}

/**
 * The changes the trigger events test makes together once its workflow is published (each record
 * changed was learned at publishing), and what it needs to check what comes out:
 *
 * - Assigned: an open shift 2 to 20 days on given to someone free then (`open`, `person`).
 * - Watch Fields (start and end time): of two other shifts without a person within 20 days, one's
 *   notes changed (`notesOnly`: nothing comes out), the other moved an hour later (`moved`, its
 *   times before in `movedBefore`).
 * - Approved: a pending timesheet of the last 12 days (the Timesheet trigger learned the last 13
 *   days'), approved in the service's app (`pending`).
 * - Became Filled: `posted` (postOnDemandShift) filled in the service's app.
 * - Project Archived: an active project archived through the API (`project`).
 * - Decided: a pending leave request of the main business approved (`leave`).
 * - Break Not Taken: six hours worked with no break, entered on a night three to nine nights ago
 *   (from 13:00 UTC: midnight in Sydney's summer) for someone with no timesheet then and no shift at the location that day (so neither
 *   late nor longer than a shift), their week kept within their ordinary hours (`noBreak`): at the
 *   open shift's place if someone there is free so.
 * - Long Hours, Still Clocked In, Late Clock-In: provokeAttendance, each for its own person
 *   (`attendance`).
 */
export async function provokeEvents(sb: Sandbox, api: ShiftsApi['api'], posted: Rec) {
	const { changeableShifts, freeEmployee } = shiftsApi(sb);
	const now = serviceNow(sb);
	const open = must(
		sb.store.shifts.find((shift) => !shift.archived && !shift.employee_id && msOf(shift.start_time) > now + 2 * DAY && msOf(shift.start_time) < now + 20 * DAY),
		'open shift 2 to 20 days on',
	);
	const person = freeEmployee(String(open.location_id), String(open.position_id), msOf(open.start_time), msOf(open.end_time));
	sb.manager.editShift(String(open.id), { employee_id: String(person.id) });
	const [notesOnly, moved] = changeableShifts().filter((shift) => !shift.employee_id && shift.id !== open.id && msOf(shift.start_time) < now + 20 * DAY);
	must(moved, 'two more open shifts within 20 days');
	const movedBefore = { start_time: moved.start_time, end_time: moved.end_time };
	const later = (time: unknown) => iso(msOf(time) + HOUR);
	await api('PATCH', `/shifts/${String(notesOnly.id)}`, { notes: 'Only the notes changed (e2e)' });
	await api('PATCH', `/shifts/${String(moved.id)}`, { start_time: later(moved.start_time), end_time: later(moved.end_time) });
	const pending = must(
		sb.store.timesheets.find((t) => t.status === 'pending' && t.end_time && msOf(t.start_time) > now - 12 * DAY && msOf(t.start_time) < now - DAY),
		'pending timesheet of the last 12 days',
	);
	sb.manager.approveTimesheet(String(pending.id));
	sb.manager.setOnDemandStatus(String(posted.id), 'filled');
	const project = must(
		sb.store.projects.find((p) => p.status === 'active'),
		'active project',
	);
	await api('PATCH', `/projects/${String(project.id)}`, { status: 'archived' });
	const leave = must(
		[...sb.store.t.leaveRequests.values()].find((r) => r.business_id === sb.store.mainBusinessId && r.status === 'pending' && !r.archived),
		'pending leave request',
	);
	sb.manager.decideLeaveRequest(leave.id, 'approved');
	const taken = new Set<string>();
	const prefer = { location_id: String(open.location_id), position_id: String(open.position_id) };
	const people = attendancePeople(sb);
	// The first night from three to nine nights ago on which someone is free so (find takes them
	// into `taken` only when found, so the search stops at that night).
	let night: { start: number; who: { person: Rec; place: Place } } | undefined;
	for (let ago = 3; ago <= 9 && !night; ago++) {
		const start = Math.floor((now - ago * DAY) / DAY) * DAY + 13 * HOUR;
		const who = people.find({ timesheet: [start, start + 6 * HOUR], noShiftThatDay: true }, taken, prefer);
		if (who) night = { start, who };
	}
	const {
		start: nightStart,
		who: { person: nightWorker, place: nightPlace },
	} = must(night, 'night three to nine nights ago with someone free for six hours and no shift at their location that day');
	const nightEnd = nightStart + 6 * HOUR;
	people.roomInWeek(nightWorker, nightPlace, nightStart, 6);
	const attendance = await provokeAttendance(sb, api, taken, prefer);
	const noBreak = await api('POST', '/timesheets', { employee_id: nightWorker.id, ...nightPlace, start_time: iso(nightStart), end_time: iso(nightEnd) });
	return { open, person, notesOnly, moved, movedBefore, pending, project, leave, noBreak, attendance };
}

/**
 * No Clock-In: a shift starting at the next whole minute two minutes on, an hour long (the event
 * needs only its start), for someone free then (nobody clocks in): at `place`, else (everyone who
 * may work there busy, as on a Sunday afternoon at 2027-06-06T03:00Z) at the first other active
 * location and position of the main business where someone is.
 */
export async function shiftNobodyClocksInFor(sb: Sandbox, api: ShiftsApi['api'], place: Place) {
	const startAt = Math.ceil((serviceNow(sb) + 2 * MINUTE) / MINUTE) * MINUTE;
	const { freeEmployee } = shiftsApi(sb);
	const others = sb.store.positions
		.filter((p) => p.active && !p.archived && sb.store.locations.some((l) => l.id === p.location_id && !l.archived && l.business_id === sb.store.mainBusinessId))
		.map((p) => ({ location_id: String(p.location_id), position_id: String(p.id) }));
	// The first place with someone free (freeEmployee throws where nobody is).
	let found: { at: Place; worker: Rec } | undefined;
	for (const at of [place, ...others]) {
		try {
			found = { at, worker: freeEmployee(at.location_id, at.position_id, startAt, startAt + HOUR) };
			break;
		} catch {
			continue;
		}
	}
	const { at, worker } = must(found, 'someone free for a shift starting two minutes on, at any location');
	const shift = await api('POST', '/shifts', { ...at, employee_id: worker.id, start_time: iso(startAt), end_time: iso(startAt + HOUR) });
	return { shift, worker };
}

/**
 * A shift of the main business to change the notes of: two to six days ahead of the service's clock
 * (among the 27 days' shifts a trigger learns at publishing, after a move of the clock too: the seed
 * is laid seven weeks ahead), not in `changed`.
 */
export function shiftAhead(sb: Sandbox, changed: string[]): Rec {
	const now = serviceNow(sb);
	return must(
		[...sb.store.t.shifts.values()].find((shift) => !shift.archived && shift.business_id === sb.store.mainBusinessId && shift.start_time > now + 2 * DAY && shift.start_time < now + 6 * DAY && !changed.includes(shift.id)),
		'shift two to six days on',
	) as unknown as Rec;
}

/** The first active Sydney location of the main business, and an active position there: where tests create their shifts. */
function sydneyPlace(sb: Sandbox) {
	const sydney = must(
		sb.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived),
		'Sydney location',
	);
	const position = must(
		sb.store.positions.find((p) => p.location_id === sydney.id && p.active && !p.archived),
		'position in Sydney',
	);
	return { sydney, position };
}

/**
 * What the restart scenario (trigger-scenario.ts) changes: the first Sydney location and a position
 * there (where it creates its shifts, a year on), and two seeded shifts that can still be changed
 * within the 20 days a trigger learns when published (one changed, one deleted).
 */
export function restartScenarioShifts(sb: Sandbox) {
	const { sydney, position } = sydneyPlace(sb);
	const soon = shiftsApi(sb)
		.changeableShifts()
		.filter((shift) => msOf(shift.start_time) < serviceNow(sb) + 20 * DAY);
	const [toChange, toDelete] = soon.slice(1, 3);
	must(toDelete, 'three changeable shifts within 20 days');
	return { sydney, position, toChange, toDelete };
}

/**
 * What the every-node test reads: the first Sydney location, a position there, someone who may work
 * it, and an open shift ahead of the service's clock (Who Can Cover lists people for it).
 */
export function everyNodePicks(sb: Sandbox) {
	const { sydney, position } = sydneyPlace(sb);
	const employee = must(
		sb.store.employees.find((e) => {
			const locations = (e.location_ids as string[] | undefined) ?? [];
			return (locations.length === 0 || locations.includes(String(sydney.id))) && !((e.excluded_position_ids as string[]) ?? []).includes(String(position.id));
		}),
		'person who may work in Sydney',
	);
	const now = serviceNow(sb);
	const openShift = must(
		sb.store.shifts.find((s) => !s.employee_id && !s.archived && msOf(s.start_time) > now),
		'open shift ahead',
	);
	/** A day relative to the service's today (UTC), as the editor's date picker saves it. */
	const day = (offset: number) => `${iso(now + offset * DAY).slice(0, 10)}T00:00:00`;
	return { sydney, position, employee, openShift, day };
}
