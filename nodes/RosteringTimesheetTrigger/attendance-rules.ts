import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { Calendar } from '../shared/input/days';
import { recall, type Memory, type TriggerItem } from '../shared/trigger/what-changed';
import { tell, type AttendanceState } from './attendance-memory';
import { ATTENDANCE_EVENTS, type AttendanceSettings } from './attendance-parameters';
import { isOpen, ms, spanMinutes, unpaidBreakMinutes } from './timesheet-times';

/**
 * The attendance events' rules, each told once (tell): Late Clock-In, Still Clocked In, Break Not
 * Taken and Long Hours by the shift, each from the timesheets a poll decides and their shifts (found
 * by the shift index); Long Hours by the week is attendance-weeks.ts.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The shifts read, by id and by person, location and day (at the location), so that each timesheet finds its own without a scan. */
interface ShiftIndex {
	byId: Map<string, IDataObject>;
	byPersonDay: Map<string, IDataObject[]>;
	calendar: Calendar;
}

const personDay = (record: IDataObject, calendar: Calendar) =>
	`${String(record.employee_id)}|${String(record.location_id)}|${calendar.day(String(record.start_time), record.location_id)}`;

/** The shifts read, indexed (ShiftIndex). */
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

/** The first check's quiet (attendance.ts quietOf): its moment, and the timesheets entered or reopened since. */
export interface Quiet {
	before: number;
	entered: Set<string>;
}

export function lateClockIns(timesheets: IDataObject[], shifts: ShiftIndex, settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
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
export function stillClockedIn(
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

export function breaksNotTaken(finished: IDataObject[], settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
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

export function longerThanShift(finished: IDataObject[], shifts: ShiftIndex, settings: AttendanceSettings, kept: AttendanceState, now: number): TriggerItem[] {
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
