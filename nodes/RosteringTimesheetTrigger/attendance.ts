import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { calendarAt, locationZones } from '../shared/input/days';
import { inputError } from '../shared/input/values';
import { changedAt, startState, type Change } from '../shared/trigger/changes';
import type { PollFound, TriggerExtension } from '../shared/trigger/extension';
import { diff, emptyMemory, KEPT_FIELDS, remember, type Memory, type TriggerItem } from '../shared/trigger/what-changed';
import { pruned, remembered, type AttendanceState } from './attendance-memory';
import { ATTENDANCE_EVENT_OPTIONS, ATTENDANCE_EVENTS, ATTENDANCE_PROPERTIES, attendanceSettings, choosesAttendance, type AttendanceSettings } from './attendance-parameters';
import { breaksNotTaken, lateClockIns, longerThanShift, shiftIndex, stillClockedIn, type Quiet } from './attendance-rules';
import { longWeeks } from './attendance-weeks';
import { shiftReads, TIMES_AND_BREAKS, type ShiftNeeds, type ShiftReads } from './shift-reads';
import { isFinished, isOpen, isStarted, ms } from './timesheet-times';

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
 *
 * The events' parameters, memory, rules and weekly hours are in the files beside this one
 * (attendance-*.ts); this one is the check at each poll and Fetch Test Event.
 */

const DAY = 86_400_000;

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

/** A change that can make an event of a finished timesheet happen: its creation, a record not seen before, or new times or breaks. */
function timesOrBreaksChanged(change: Change): boolean {
	if (!change.before) return true;
	return Object.keys(diff(TIMES_AND_BREAKS, change.before, change.record)).length > 0;
}

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
