import { DateTime } from 'luxon';
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { calendarAt, locationZones, type Calendar } from '../shared/input/days';
import { inputError } from '../shared/input/values';
import { subjectOf } from '../shared/requests/errors';
import { resource } from '../shared/resources';
import { listAll } from '../shared/requests/transport';
import { changedAt, startState, type Change } from '../shared/trigger/changes';
import type { PollFound, TriggerExtension } from '../shared/trigger/extension';
import { diff, emptyMemory, KEPT_FIELDS, recall, remember, type Memory, type TriggerItem } from '../shared/trigger/what-changed';
import { shiftReads, TIMES_AND_BREAKS, type ShiftNeeds, type ShiftReads } from './shift-reads';

/**
 * The Timesheet trigger's attendance and compliance events: what a manager acts on, told from the
 * timesheets the trigger already reads and remembers, each once per timesheet (per person and week
 * for the weekly hours), across restarts: what was told is kept in the trigger's saved state.
 *
 * - Late Clock-In: a timesheet created starting more than `lateMinutes` after its shift's start.
 * - Still Clocked In: a timesheet with no end `openAfterShiftMinutes` after its shift's end, or
 *   `openWithoutShiftHours` after its start when it has no shift. Nothing when closed in time, nor
 *   for one it knew open and already due when it started watching (its first check: stillClockedIn).
 * - Break Not Taken: a finished timesheet longer than `breakAfterHours` with less unpaid break than
 *   `breakMinutes` (the award's rules are not in the API: these are the user's thresholds).
 * - Long Hours: a finished timesheet longer than its shift by more than `longerThanShiftMinutes`,
 *   and a person whose finished timesheets in a week (Monday to Sunday at the location) pass their
 *   employment's ordinary hours per week (or `weeklyHours`).
 *
 * Days and weeks are the location's (input/days.ts Calendar), whatever offset the service writes
 * its times with: the locations' time zones are read once per poll that has a timesheet to decide.
 *
 * Requests: a timesheet's shift is read once, when the timesheet first needs it (the shift list read
 * over the days of every timesheet that does, once per poll, shared by the events, and begun while
 * the timesheets are still being listed: shift-reads.ts); its end is then
 * kept with the timesheet while it is open. The employments are read only for Long Hours, in a poll
 * where a person's week grew and their ordinary hours are not known yet (or were read over a day
 * ago). A poll with nothing new sends nothing more than the trigger's own read.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const ATTENDANCE_EVENTS = {
	late: 'late_clock_in',
	stillClockedIn: 'still_clocked_in',
	breakNotTaken: 'break_not_taken',
	longHours: 'long_hours',
} as const;

/** @internal Exported for the tests (and tools) that check it directly; knip --production lets it be. */
export const ATTENDANCE_DEFAULTS = {
	lateMinutes: 5,
	openAfterShiftMinutes: 30,
	openWithoutShiftHours: 12,
	breakAfterHours: 5,
	breakMinutes: 30,
	longerThanShiftMinutes: 30,
	weeklyHours: 38,
};

export type AttendanceSettings = typeof ATTENDANCE_DEFAULTS & {
	events: string[];
	/** Where a person's weekly limit comes from: their employment's ordinary hours, or weeklyHours for all. */
	weeklyHoursFrom: 'employment' | 'fixed';
};

/** What the attendance events keep in the trigger's state (`attendance`). */
export interface AttendanceState {
	/** Open timesheets being watched: id → [due ms, shift id or null, shift end or null]. */
	due: Record<string, [number, string | null, string | null]>;
	/** "<event>:<timesheet id>" or "week:<employee>:<monday>" → when to forget it (ms). */
	told: Record<string, number>;
	/** Ordinary hours per week by employee (null: none given), and when they were read. */
	hours?: { at: number; by: Record<string, number | null> };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * What was told is kept this long after it was told, then forgotten. A timesheet's events are told
 * only on a change of its times or breaks (or its creation), so a later note or approval never
 * tells them again; this stops a repeat when its times are corrected within a pay month.
 */
const TOLD_KEPT_MS = 35 * DAY;
/** Ordinary hours read longer ago than this are read again, when a week needs them. */
const HOURS_KEPT_MS = DAY;

const ms = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);
const isOpen = (timesheet: IDataObject) => timesheet.archived !== true && !timesheet.end_time && !Number.isNaN(ms(timesheet.start_time));
const isStarted = (timesheet: IDataObject) => timesheet.archived !== true && !Number.isNaN(ms(timesheet.start_time));
const isFinished = (timesheet: IDataObject) => timesheet.archived !== true && Boolean(timesheet.end_time) && !Number.isNaN(ms(timesheet.start_time));

/**
 * Unpaid break minutes of a record's breaks ({start, end, paid}); breaks not read as a list count as none.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function unpaidBreakMinutes(record: IDataObject): number {
	if (!Array.isArray(record.breaks)) return 0;
	let total = 0;
	for (const entry of record.breaks as IDataObject[]) {
		const length = ms(entry?.end) - ms(entry?.start);
		if (entry && entry.paid !== true && length > 0) total += length;
	}
	return Math.round(total / MINUTE);
}

/** A record's span in minutes (end − start). */
function spanMinutes(record: IDataObject): number {
	return Math.round((ms(record.end_time) - ms(record.start_time)) / MINUTE);
}

/** The shifts read, by id and by person, location and day (at the location), so that each timesheet finds its own without a scan. */
interface ShiftIndex {
	byId: Map<string, IDataObject>;
	byPersonDay: Map<string, IDataObject[]>;
	calendar: Calendar;
}

const personDay = (record: IDataObject, calendar: Calendar) =>
	`${String(record.employee_id)}|${String(record.location_id)}|${calendar.day(String(record.start_time), record.location_id)}`;

/** @internal Exported for the tests (and tools) that check it directly; knip --production lets it be. */
export function shiftIndex(shifts: IDataObject[], calendar: Calendar): ShiftIndex {
	const index: ShiftIndex = { byId: new Map(), byPersonDay: new Map(), calendar };
	for (const shift of shifts) {
		index.byId.set(String(shift.id), shift);
		if (shift.archived === true || !shift.employee_id) continue;
		const key = personDay(shift, calendar);
		index.byPersonDay.set(key, [...(index.byPersonDay.get(key) ?? []), shift]);
	}
	return index;
}

/** Whether a timesheet names a shift that was read (else its shift is found by its day). */
const ownShift = (timesheet: IDataObject, index: ShiftIndex) => typeof timesheet.shift_id === 'string' && index.byId.has(timesheet.shift_id);

/**
 * The shift of a timesheet: its shift_id, else the person's shift at that location on that day (at the location), nearest its start.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function shiftOf(timesheet: IDataObject, index: ShiftIndex): IDataObject | undefined {
	if (ownShift(timesheet, index)) return index.byId.get(timesheet.shift_id as string);
	const start = ms(timesheet.start_time);
	const same = index.byPersonDay.get(personDay(timesheet, index.calendar)) ?? [];
	return [...same].sort((a, b) => Math.abs(ms(a.start_time) - start) - Math.abs(ms(b.start_time) - start))[0];
}

/** What the node assumed for a timesheet's day, when its shift was found by the day and the location's time zone is not known. */
function dayAssumed(timesheet: IDataObject, index: ShiftIndex): IDataObject {
	const assumption = ownShift(timesheet, index) ? undefined : index.calendar.assumption(timesheet.location_id);
	return assumption ? { time_zone_assumed: assumption } : {};
}

const shiftSummary = (shift: IDataObject | undefined) =>
	shift ? { id: shift.id, start_time: shift.start_time, end_time: shift.end_time, position_id: shift.position_id ?? null } : null;

/** The remembered timesheets as records with their ids. */
function remembered(memory: Memory | undefined): IDataObject[] {
	if (!memory) return [];
	return Object.keys(memory.records).map((id) => ({ id, ...recall(memory, id)!.values }));
}

/** At most this many told keys are kept (the oldest forgotten first): the state stays bounded. */
const MAX_TOLD = 50_000;

/**
 * Forgets what was told long enough ago, except a Still Clocked In whose timesheet the trigger still
 * remembers open (told again in 35 days otherwise); and, past MAX_TOLD, the oldest.
 */
function pruned(told: Record<string, number>, now: number, memory: Memory | undefined): Record<string, number> {
	const stillOpen = (key: string) => {
		if (!key.startsWith(`${ATTENDANCE_EVENTS.stillClockedIn}:`) || !memory) return false;
		const seen = recall(memory, key.slice(ATTENDANCE_EVENTS.stillClockedIn.length + 1));
		return seen !== undefined && isOpen(seen.values);
	};
	const kept = Object.entries(told).filter(([key, until]) => until > now || stillOpen(key));
	if (kept.length > MAX_TOLD) kept.sort((a, b) => b[1] - a[1]).splice(MAX_TOLD);
	return Object.fromEntries(kept);
}

interface PollInput extends PollFound {
	/** The poll's shift reads, when it read ahead while listing the timesheets (shift-reads.ts). */
	shiftReads?: ShiftReads;
}

/** What the chosen events need of the shifts, with the memory before the poll. */
function shiftNeeds(settings: AttendanceSettings, memory: Memory | undefined): ShiftNeeds {
	const on = (event: string) => settings.events.includes(event);
	return { late: on(ATTENDANCE_EVENTS.late), stillClockedIn: on(ATTENDANCE_EVENTS.stillClockedIn), longHours: on(ATTENDANCE_EVENTS.longHours), memory };
}

/**
 * The attendance items of a poll at `now` (the service's time), and what to keep with them
 * (`before`: what was kept until now). `state` is the state after the poll's changes were taken
 * (its memory holds the records as listed). `quietBefore`: given only at the trigger's first check
 * (ATTENDANCE.begin), never by Fetch Test Event: a timesheet the trigger knew open then and already
 * due by then is kept as told, without an item (stillClockedIn).
 */
async function attendanceItems(
	ctx: IPollFunctions,
	input: PollInput,
	settings: AttendanceSettings,
	before: AttendanceState | undefined,
	quietBefore: number | undefined,
): Promise<{ items: TriggerItem[]; kept: AttendanceState }> {
	const { state, changes, now } = input;
	const on = (event: string) => settings.events.includes(event);
	const kept: AttendanceState = { due: { ...(before?.due ?? {}) }, told: pruned(before?.told ?? {}, now, state.memory), hours: before?.hours };
	const changed = changes
		.filter((change) => change.event !== 'removed' && timesOrBreaksChanged(change))
		.map((change) => ({ id: String(change.record.id), ...change.record }));
	const lateOnes = on(ATTENDANCE_EVENTS.late) ? changes.filter((change) => change.event === 'created' && isStarted(change.record)).map((change) => change.record) : [];
	const toWatch = on(ATTENDANCE_EVENTS.stillClockedIn)
		? remembered(state.memory).filter((timesheet) => isOpen(timesheet) && !(timesheet.id as string in kept.due) && !(`${ATTENDANCE_EVENTS.stillClockedIn}:${String(timesheet.id)}` in kept.told))
		: [];
	const finished = changed.filter(isFinished);
	const longOnes = on(ATTENDANCE_EVENTS.longHours) ? finished.filter((timesheet) => !(`${ATTENDANCE_EVENTS.longHours}:${String(timesheet.id)}` in kept.told)) : [];
	const weeksGrew = on(ATTENDANCE_EVENTS.longHours) && finished.length > 0;
	// The locations' time zones (days and weeks at the location: one read, only when a timesheet
	// is to be decided), the shifts and (Long Hours by the week) the employments, side by side.
	const decides = lateOnes.length > 0 || toWatch.length > 0 || longOnes.length > 0 || weeksGrew;
	const calendar = decides ? locationZones(ctx, input.maxRateLimitWaitSeconds).then(calendarAt) : Promise.resolve(calendarAt(new Map()));
	const [shifts, weeks] = await Promise.all([
		Promise.all([(input.shiftReads ?? shiftReads(ctx, shiftNeeds(settings, state.memory), input.query, input.maxRateLimitWaitSeconds)).around([...lateOnes, ...toWatch, ...longOnes]), calendar]).then(
			([read, days]) => shiftIndex(read, days),
		),
		weeksGrew ? calendar.then(async (days) => await longWeeks(ctx, input, finished, settings, kept, days)) : [],
	]);

	const items: TriggerItem[] = [
		...lateClockIns(lateOnes, shifts, settings, kept, now),
		...(on(ATTENDANCE_EVENTS.stillClockedIn) ? stillClockedIn(state.memory, toWatch, shifts, { now, quiet: quietOf(quietBefore, changes) }, settings, kept) : []),
		...(on(ATTENDANCE_EVENTS.breakNotTaken) ? breaksNotTaken(finished, settings, kept, now) : []),
		...longerThanShift(longOnes, shifts, settings, kept, now),
	];
	items.push(...weeks);
	return { items, kept };
}

/**
 * The first check's quiet: the moment, and the timesheets entered or reopened since the position
 * (created, not seen before, or not open before): news, told even when overdue as they come in.
 */
function quietOf(quietBefore: number | undefined, changes: Change[]): Quiet | undefined {
	if (quietBefore === undefined) return undefined;
	return { before: quietBefore, entered: new Set(changes.filter((change) => !change.before || !isOpen(change.before)).map((change) => String(change.record.id))) };
}

interface Quiet {
	before: number;
	entered: Set<string>;
}

/** Marks `key` told at `now` (kept TOLD_KEPT_MS); false when it already was. */
function tell(kept: AttendanceState, key: string, now: number): boolean {
	if (key in kept.told) return false;
	kept.told[key] = now + TOLD_KEPT_MS;
	return true;
}

/** A change that can make an event of a finished timesheet happen: its creation, a record not seen before, or new times or breaks. */
function timesOrBreaksChanged(change: Change): boolean {
	if (!change.before) return true;
	return Object.keys(diff(TIMES_AND_BREAKS, change.before, change.record)).length > 0;
}

function lateClockIns(timesheets: IDataObject[], shifts: ShiftIndex, settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
	const items: TriggerItem[] = [];
	for (const timesheet of timesheets) {
		const shift = shiftOf(timesheet, shifts);
		if (!shift) continue;
		const late = Math.floor((ms(timesheet.start_time) - ms(shift.start_time)) / MINUTE);
		if (late <= settings.lateMinutes || !tell(kept, `${ATTENDANCE_EVENTS.late}:${String(timesheet.id)}`, now)) continue;
		items.push({ event: ATTENDANCE_EVENTS.late, record: timesheet, changes: {}, known: true, extra: { shift: shiftSummary(shift), minutes_late: late, ...dayAssumed(timesheet, shifts) } });
	}
	return items;
}

/**
 * Still Clocked In: schedules each open timesheet not watched yet (its due moment from its shift's
 * end, or its start), then tells those due by `now` that the trigger's memory still holds open.
 * At the first check (`quiet`), those it already knew open and due by the trigger's position are
 * kept as told without an item.
 */
function stillClockedIn(
	memory: Memory | undefined,
	toWatch: IDataObject[],
	shifts: ShiftIndex,
	{ now, quiet }: { now: number; quiet?: Quiet },
	settings: AttendanceSettings,
	kept: AttendanceState,
): TriggerItem[] {
	for (const timesheet of toWatch) {
		const shift = shiftOf(timesheet, shifts);
		const shiftEnd = shift ? ms(shift.end_time) : NaN;
		const due = Number.isNaN(shiftEnd) ? ms(timesheet.start_time) + settings.openWithoutShiftHours * HOUR : shiftEnd + settings.openAfterShiftMinutes * MINUTE;
		kept.due[String(timesheet.id)] = [due, shift ? String(shift.id) : null, shift ? String(shift.end_time) : null];
	}
	const items: TriggerItem[] = [];
	for (const [id, [due, shiftId, shiftEnd]] of Object.entries(kept.due)) {
		const seen = memory ? recall(memory, id) : undefined;
		// As the trigger remembers it: its kept fields, a value kept only as a hash (long notes, many breaks) left out.
		const timesheet: IDataObject | undefined = seen
			? Object.fromEntries(Object.entries({ id, ...seen.values }).filter(([, value]) => !(typeof value === 'string' && value.startsWith('#'))))
			: undefined;
		if (!timesheet || !isOpen(timesheet)) {
			delete kept.due[id];
			continue;
		}
		if (due > now) continue;
		delete kept.due[id];
		if (!tell(kept, `${ATTENDANCE_EVENTS.stillClockedIn}:${id}`, now)) continue;
		// Issue 46: a manager who has just published is not sent, at once, everyone who had forgotten
		// to clock out by then (hours ago, say). Kept as told (while it stays open: pruned), so never
		// told later; one that becomes due after is told once, however long n8n was down.
		if (quiet && due <= quiet.before && !quiet.entered.has(id)) continue;
		items.push({ event: ATTENDANCE_EVENTS.stillClockedIn, record: timesheet, changes: {}, known: true, extra: stillClockedInFigures(timesheet, [due, shiftId, shiftEnd], now) });
	}
	return items;
}

/**
 * A Still Clocked In item's figures. Issue 46: `minutes_past_due` counts from the due moment (the
 * shift's end + Still Clocked In After), which a manager read as from the shift's end ("25 minutes
 * past the time they were due to finish" for a shift that ended 55 minutes before); so the item also
 * says when it became due (`due_at`) and, with a shift, the minutes since its end.
 */
function stillClockedInFigures(timesheet: IDataObject, [due, shiftId, shiftEnd]: AttendanceState['due'][string], now: number): IDataObject {
	const ended = ms(shiftEnd);
	return {
		shift: shiftId ? { id: shiftId, end_time: shiftEnd } : null,
		minutes_since_start: Math.floor((now - ms(timesheet.start_time)) / MINUTE),
		...(shiftId && !Number.isNaN(ended) ? { minutes_past_shift_end: Math.floor((now - ended) / MINUTE) } : {}),
		due_at: writtenLike(due, Number.isNaN(ended) ? timesheet.start_time : shiftEnd),
		minutes_past_due: Math.floor((now - due) / MINUTE),
	};
}

/** `at` (ms) written as the service wrote `like` (an ISO time: at its offset), else in UTC: "2031-05-07T12:35:00+10:00". */
function writtenLike(at: number, like: unknown): string {
	const written = typeof like === 'string' ? DateTime.fromISO(like, { setZone: true }) : undefined;
	return DateTime.fromMillis(at, { zone: written?.isValid ? written.zone : 'utc' }).toISO({ suppressMilliseconds: true }) ?? new Date(at).toISOString();
}

function breaksNotTaken(finished: IDataObject[], settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
	const items: TriggerItem[] = [];
	for (const timesheet of finished) {
		const worked = spanMinutes(timesheet);
		const unpaid = unpaidBreakMinutes(timesheet);
		if (worked <= settings.breakAfterHours * 60 || unpaid >= settings.breakMinutes) continue;
		if (!tell(kept, `${ATTENDANCE_EVENTS.breakNotTaken}:${String(timesheet.id)}`, now)) continue;
		items.push({
			event: ATTENDANCE_EVENTS.breakNotTaken,
			record: timesheet,
			changes: {},
			known: true,
			extra: { worked_minutes: worked, unpaid_break_minutes: unpaid, rule: { longer_than_hours: settings.breakAfterHours, break_minutes: settings.breakMinutes } },
		});
	}
	return items;
}

function longerThanShift(finished: IDataObject[], shifts: ShiftIndex, settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
	const items: TriggerItem[] = [];
	for (const timesheet of finished) {
		const shift = shiftOf(timesheet, shifts);
		if (!shift) continue;
		const worked = spanMinutes(timesheet);
		const rostered = spanMinutes(shift);
		if (worked - rostered <= settings.longerThanShiftMinutes) continue;
		if (!tell(kept, `${ATTENDANCE_EVENTS.longHours}:${String(timesheet.id)}`, now)) continue;
		items.push({
			event: ATTENDANCE_EVENTS.longHours,
			record: timesheet,
			changes: {},
			known: true,
			extra: { kind: 'longer_than_shift', shift: shiftSummary(shift), worked_minutes: worked, shift_minutes: rostered, minutes_over: worked - rostered, ...dayAssumed(timesheet, shifts) },
		});
	}
	return items;
}

/** "<employee>:<Monday>": a person's week (Monday to Sunday at the timesheet's location). */
const weekOf = (timesheet: IDataObject, calendar: Calendar) => `${String(timesheet.employee_id)}:${calendar.monday(String(timesheet.start_time), timesheet.location_id)}`;

/** Paid hours by each person in each week, from the remembered finished timesheets. */
function weekTotals(memory: Memory | undefined, calendar: Calendar): Map<string, { hours: number; ids: string[] }> {
	const totals = new Map<string, { hours: number; ids: string[] }>();
	for (const timesheet of remembered(memory)) {
		if (!isFinished(timesheet) || typeof timesheet.employee_id !== 'string') continue;
		const key = weekOf(timesheet, calendar);
		const total = totals.get(key) ?? { hours: 0, ids: [] };
		// The service's paid hours (after unpaid breaks); worked out from the times and breaks without them.
		total.hours += typeof timesheet.paid_hours === 'number' ? timesheet.paid_hours : (spanMinutes(timesheet) - unpaidBreakMinutes(timesheet)) / 60;
		total.ids.push(String(timesheet.id));
		totals.set(key, total);
	}
	return totals;
}

/** Long Hours by the week: each person whose week grew in this poll and is now past their limit, once per week. */
async function longWeeks(ctx: IPollFunctions, input: PollInput, finished: IDataObject[], settings: AttendanceSettings, kept: AttendanceState, calendar: Calendar): Promise<TriggerItem[]> {
	const totals = weekTotals(input.state.memory, calendar);
	const grew = new Map<string, IDataObject>();
	for (const timesheet of finished) {
		if (typeof timesheet.employee_id !== 'string') continue;
		const week = weekOf(timesheet, calendar);
		if (!(`week:${week}` in kept.told) && (totals.get(week)?.hours ?? 0) > 0) grew.set(week, timesheet);
	}
	if (grew.size === 0) return [];
	const limits = settings.weeklyHoursFrom === 'employment' ? await ordinaryHours(ctx, input, [...grew.values()], kept) : {};
	const items: TriggerItem[] = [];
	for (const [week, timesheet] of grew) {
		const total = totals.get(week)!;
		const own = limits[String(timesheet.employee_id)];
		const limit = typeof own === 'number' && own > 0 ? own : settings.weeklyHours;
		if (total.hours <= limit || !tell(kept, `week:${week}`, input.now)) continue;
		const assumption = calendar.assumption(timesheet.location_id);
		items.push({
			event: ATTENDANCE_EVENTS.longHours,
			record: timesheet,
			changes: {},
			known: true,
			extra: {
				kind: 'week_over',
				week_start: week.split(':')[1],
				week_hours: Math.round(total.hours * 100) / 100,
				limit_hours: limit,
				limit_from: typeof own === 'number' && own > 0 ? 'employment' : 'option',
				timesheet_ids: total.ids,
				...(assumption ? { time_zone_assumed: assumption } : {}),
			},
		});
	}
	return items;
}

/**
 * Ordinary hours per week by employee, from the employments: read (one list read) only when a
 * person of `timesheets` is not known yet or what is known was read over a day ago.
 */
async function ordinaryHours(ctx: IPollFunctions, input: PollInput, timesheets: IDataObject[], kept: AttendanceState): Promise<Record<string, number | null>> {
	const known = kept.hours;
	const fresh = known && input.now - known.at < HOURS_KEPT_MS;
	if (fresh && timesheets.every((timesheet) => String(timesheet.employee_id) in known.by)) return known.by;
	const employments = resource('employment');
	// A connection without Staff Details (people:read) cannot read them: Weekly Hours stands in for
	// everyone (limit_from 'option'), rather than a trigger that fails at every poll.
	const read = await listAll(ctx, `/v1/${employments.path}`, {}, { subject: subjectOf('employment', 'getAll'), maxRateLimitWaitSeconds: input.maxRateLimitWaitSeconds }).catch(
		(error: { httpCode?: string; context?: IDataObject }) => {
			if (String(error.httpCode ?? error.context?.httpCode) === '403') return [] as IDataObject[];
			throw error;
		},
	);
	const by: Record<string, number | null> = {};
	for (const employment of read) {
		if (typeof employment.employee_id !== 'string' || employment.archived === true) continue;
		by[employment.employee_id] = typeof employment.ordinary_hours_per_week === 'number' ? employment.ordinary_hours_per_week : null;
	}
	// People with no employment read are known as such until the next read.
	for (const timesheet of timesheets) if (!(String(timesheet.employee_id) in by)) by[String(timesheet.employee_id)] = null;
	kept.hours = { at: input.now, by };
	return by;
}

/**
 * The events in the Timesheet trigger's Events list.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const ATTENDANCE_EVENT_OPTIONS = [
	{
		name: 'Late Clock-In',
		value: ATTENDANCE_EVENTS.late,
		description: "A timesheet started more than Late After minutes after its shift's start (its shift, else the person's shift at that location that day)",
	},
	{
		// n8n's nodes panel lists each event as "On <name>" in lodash's lowerCase (n8n-editor-ui 2.40.7,
		// nodeCreator.actionsCategory.onEvent): brackets dropped, "On still clocked in forgot to clock out"; the
		// name stays short, the description says the rest.
		name: 'Still Clocked In',
		value: ATTENDANCE_EVENTS.stillClockedIn,
		description:
			"Forgot to clock out: a timesheet with no end a while after its shift's end (or, with no shift, after its start); once per timesheet, leaving out those already overdue when the workflow is published",
	},
	{
		name: 'Break Not Taken',
		value: ATTENDANCE_EVENTS.breakNotTaken,
		description: 'A finished timesheet longer than Break Needed After with less unpaid break than Minimum Break (your thresholds: the award rules are not in the API)',
	},
	{
		name: 'Long Hours',
		value: ATTENDANCE_EVENTS.longHours,
		description: "A finished timesheet longer than its shift by more than Longer Than Shift By, or a person's week (Monday to Sunday) past their ordinary hours",
	},
];

const shownFor = (event: string) => ({ show: { events: [event] } });

/**
 * The thresholds of the attendance events, each shown when its event is chosen. The defaults are
 * ATTENDANCE_DEFAULTS written out (n8n's lint reads only literals; test/unit/attendance.test.ts
 * checks they agree).
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const ATTENDANCE_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Late After (Minutes)',
		name: 'lateAfterMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 5,
		displayOptions: shownFor(ATTENDANCE_EVENTS.late),
		description: "How many minutes after the shift's start a clock-in counts as late",
	},
	{
		displayName: 'Still Clocked In After Shift End (Minutes)',
		name: 'stillClockedInAfterMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.stillClockedIn),
		description: "How long after the shift's end a timesheet may stay open before the event comes out",
	},
	{
		displayName: 'Still Clocked In Without a Shift After (Hours)',
		name: 'stillClockedInWithoutShiftHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 48 },
		default: 12,
		displayOptions: shownFor(ATTENDANCE_EVENTS.stillClockedIn),
		description: 'For a timesheet with no shift: how long after its start it may stay open',
	},
	{
		displayName: 'Break Needed After (Hours)',
		name: 'breakAfterHours',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 2 },
		default: 5,
		displayOptions: shownFor(ATTENDANCE_EVENTS.breakNotTaken),
		description: 'A finished timesheet longer than this needs a break (your rule: the award is not in the API)',
	},
	{
		displayName: 'Minimum Break (Minutes)',
		name: 'breakMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 240 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.breakNotTaken),
		description: 'The unpaid break such a timesheet must have in all',
	},
	{
		displayName: 'Longer Than Shift By (Minutes)',
		name: 'longerThanShiftMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: 'A finished timesheet longer than its shift by more than this comes out as Long Hours',
	},
	{
		displayName: 'Weekly Hours From',
		name: 'weeklyHoursFrom',
		type: 'options',
		options: [
			{ name: 'Employment (Ordinary Hours per Week)', value: 'employment', description: "Each person's employment, else Weekly Hours (reads the employments: needs people:read)" },
			{ name: 'Weekly Hours for Everyone', value: 'fixed', description: 'The same limit for every person' },
		],
		default: 'employment',
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: "Where a person's weekly limit comes from",
	},
	{
		displayName: 'Weekly Hours',
		name: 'weeklyHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 168 },
		default: 38,
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: 'Hours in a week (Monday to Sunday) past which Long Hours comes out, for a person whose employment gives none (or for everyone)',
	},
];

/** The chosen events and thresholds, as the node's parameters give them. */
function attendanceSettings(ctx: IPollFunctions, events: string[]): AttendanceSettings {
	const number = (name: string, fallback: number) => {
		const value = Number(ctx.getNodeParameter(name, fallback));
		return Number.isFinite(value) ? value : fallback;
	};
	return {
		events,
		lateMinutes: number('lateAfterMinutes', ATTENDANCE_DEFAULTS.lateMinutes),
		openAfterShiftMinutes: number('stillClockedInAfterMinutes', ATTENDANCE_DEFAULTS.openAfterShiftMinutes),
		openWithoutShiftHours: number('stillClockedInWithoutShiftHours', ATTENDANCE_DEFAULTS.openWithoutShiftHours),
		breakAfterHours: number('breakAfterHours', ATTENDANCE_DEFAULTS.breakAfterHours),
		breakMinutes: number('breakMinutes', ATTENDANCE_DEFAULTS.breakMinutes),
		longerThanShiftMinutes: number('longerThanShiftMinutes', ATTENDANCE_DEFAULTS.longerThanShiftMinutes),
		weeklyHours: number('weeklyHours', ATTENDANCE_DEFAULTS.weeklyHours),
		weeklyHoursFrom: ctx.getNodeParameter('weeklyHoursFrom', 'employment') === 'fixed' ? 'fixed' : 'employment',
	};
}

const choosesAttendance = (events: string[]) => Object.values(ATTENDANCE_EVENTS).some((event) => events.includes(event));

/**
 * Fetch Test Event with an attendance event chosen: the timesheets changed in the last week, told
 * as if each had just been created (nothing is kept): the latest item the settings give, if any.
 */
async function recentAttendance(
	ctx: IPollFunctions,
	changedSince: (from: number, onServiceTime?: (ms: number | undefined) => void) => Promise<IDataObject[]>,
	settings: AttendanceSettings,
	query: IDataObject,
	maxRateLimitWaitSeconds: number,
): Promise<TriggerItem[]> {
	// What is due is judged at the service's time, as a poll judges it (No Clock-In's test event too).
	let serviceTime: number | undefined;
	const records = await changedSince(Date.now() - 7 * DAY, (at) => (serviceTime = at));
	const now = serviceTime ?? Date.now();
	const memory = emptyMemory(KEPT_FIELDS.timesheet ?? []);
	for (const record of records) remember(memory, record, changedAt(record));
	const changes: Change[] = records.map((record) => ({ event: 'created', record, at: changedAt(record), before: null }));
	// Never quiet (quietBefore undefined): a test event shows every timesheet the settings tell.
	const { items } = await attendanceItems(ctx, { state: { ...startState('', now), memory }, changes, now, query, maxRateLimitWaitSeconds }, settings, undefined, undefined);
	return items.sort((a, b) => ms(b.record.start_time) - ms(a.record.start_time));
}

/**
 * The attendance events on the Timesheet trigger (shared/trigger/extension.ts): their Events
 * options and thresholds, the check at each poll (kept as `attendance`), whose shifts are read
 * while the timesheets are listed (shift-reads.ts), and their Fetch Test Event.
 */
export const ATTENDANCE: TriggerExtension<AttendanceSettings, AttendanceState> = {
	events: ATTENDANCE_EVENT_OPTIONS,
	properties: ATTENDANCE_PROPERTIES,
	stateKey: 'attendance',
	settings(ctx, events, remembering) {
		const settings = choosesAttendance(events) ? attendanceSettings(ctx, events) : undefined;
		if (!remembering && settings) {
			throw inputError(ctx.getNode(), 0, 'The attendance events need Options › Say What Changed', 'The trigger tells them from what it remembers of the timesheets: switch Say What Changed on, or take Late Clock-In, Still Clocked In, Break Not Taken and Long Hours out of Events.');
		}
		return settings;
	},
	begin(ctx, settings, { state, query, maxRateLimitWaitSeconds }) {
		// The shifts are read while the timesheets are listed (shift-reads.ts).
		const reads = shiftReads(ctx, shiftNeeds(settings, state.memory), query, maxRateLimitWaitSeconds);
		// The first check (nothing kept yet) is quiet up to the trigger's position as this poll starts:
		// its publishing (or Since a Date's date; attendance events added to a published trigger: where
		// it last delivered). Not the moment of the check itself: n8n saves static data only at
		// publishing and with a poll that delivers (A6), so after a restart before any delivery the
		// first check runs again, and what fell due while n8n was down must still be told.
		const quietBefore = state.cursor;
		return {
			see: reads.see,
			check: async (found, kept) => await attendanceItems(ctx, { ...found, shiftReads: reads }, settings, kept, kept === undefined ? quietBefore : undefined),
		};
	},
	async testEvent(ctx, settings, { changedSince, query, maxRateLimitWaitSeconds }) {
		const told = await recentAttendance(ctx, changedSince, settings, query, maxRateLimitWaitSeconds);
		if (told.length === 0 && settings.events.every((event) => choosesAttendance([event]))) {
			throw new NodeOperationError(ctx.getNode(), 'No timesheet of the last week gives the chosen events', {
				description: 'Fetch Test Event tells them from the timesheets changed in the last seven days, with the thresholds set here. Lower a threshold to see an example, or add Created or Updated to Events.',
			});
		}
		return told;
	},
};
