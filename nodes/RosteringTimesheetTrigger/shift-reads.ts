import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { subjectOf } from '../shared/requests/errors';
import { listAll } from '../shared/requests/transport';
import { resource } from '../shared/resources';
import { dayOf } from '../shared/input/values';
import { diff, recall, type Memory } from '../shared/trigger/what-changed';

/**
 * The shifts the Timesheet trigger's attendance events compare timesheets with (Late Clock-In,
 * Still Clocked In, Long Hours by the shift): read around each timesheet's start, a day each side.
 *
 * Read while the changed timesheets are still being listed: each page of them is looked at as it
 * arrives, and once enough of them may need their shifts, the days of those shifts are read beside
 * the listing (the transport lets up to ten requests per credential be in flight; the listing uses one).
 * Over a network, where each page is a round trip, the shift pages then cost the poll little more
 * than their share of work, instead of a second listing after the first. A day is read once per
 * poll; what the listing's end leaves unread is read then, in up to four parts side by side.
 *
 * Which timesheets may need their shift is told from the page and what the trigger remembers, as
 * the events will decide: new ones (Late Clock-In), open ones (Still Clocked In), finished ones
 * whose times or breaks changed (Long Hours). A timesheet looked at here and then not needed costs
 * at most the pages of its days; the days read are those the poll's events need anyway in a burst.
 */
export interface ShiftReads {
	/** A page of the changed timesheets, as listed. */
	see(timesheets: IDataObject[]): void;
	/** The shifts around `timesheets` (those read ahead, and the days not read yet, read now). */
	around(timesheets: IDataObject[]): Promise<IDataObject[]>;
}

/** The attendance events that compare a timesheet with its shift, and the trigger's memory before the poll. */
export interface ShiftNeeds {
	late: boolean;
	stillClockedIn: boolean;
	longHours: boolean;
	memory?: Memory;
}

const DAY = 86_400_000;
/** Parts a read of many days is split into, read side by side (at most three requests more than one read). */
const PARTS = 4;
/** A read ahead starts once this many timesheets wait for days not read (about three pages of shifts). */
const FIRST_READ_AHEAD = 600;
/** The fields whose change can make an event of a finished timesheet happen (attendance.ts tells them by these too). */
export const TIMES_AND_BREAKS = ['start_time', 'end_time', 'breaks', 'shift_id', 'archived'];

const startOf = (timesheet: IDataObject) => (typeof timesheet.start_time === 'string' ? Date.parse(timesheet.start_time) : NaN);
/** The UTC day (days since 1970) of a timesheet's start. */
const epochDay = (start: number) => Math.floor(start / DAY);

/** The days of one poll's shift reads: those read or being read, and the reads begun. */
interface Days {
	ctx: IPollFunctions;
	query: IDataObject;
	maxRateLimitWaitSeconds: number;
	/** Days read or being read. */
	covered: Set<number>;
	reads: Array<Promise<IDataObject[]>>;
}

/** A start day whose shifts (that day and one each side) are not all read or being read yet. */
const unread = (days: Days, day: number) => !days.covered.has(day - 1) || !days.covered.has(day) || !days.covered.has(day + 1);

/** Reads the days from the first to the last of `starts` (a day each side) not read yet, in `parts` side by side. */
function readDays(days: Days, starts: number[], parts: number): void {
	if (starts.length === 0) return;
	let first = starts[0];
	let last = starts[0];
	for (const day of starts) [first, last] = [Math.min(first, day), Math.max(last, day)];
	[first, last] = [first - 1, last + 1];
	// Runs of days not read yet between the first and the last (read days are skipped, not read twice).
	const runs: Array<[number, number]> = [];
	for (let day = first; day <= last; day++) {
		if (days.covered.has(day)) continue;
		days.covered.add(day);
		const run = runs[runs.length - 1];
		if (run && run[1] === day - 1) run[1] = day;
		else runs.push([day, day]);
	}
	const shifts = resource('shift');
	for (const [from, to] of runs) {
		const count = to - from + 1;
		const split = Math.max(1, Math.min(PARTS, parts, count));
		for (let part = 0; part < split; part++) {
			const qs: IDataObject = {
				from: dayOf((from + Math.floor((part * count) / split)) * DAY),
				to: dayOf((from + Math.floor(((part + 1) * count) / split) - 1) * DAY),
			};
			if (days.query.location_id) qs.location_id = days.query.location_id;
			if (days.query.employee_id) qs.employee_id = days.query.employee_id;
			const read = listAll(days.ctx, `/v1/${shifts.path}`, qs, { subject: subjectOf('shift', 'getAll'), rangeDays: shifts.rangeDays, maxRateLimitWaitSeconds: days.maxRateLimitWaitSeconds });
			// A read ahead whose poll fails before it is awaited must not be an unhandled rejection;
			// around() still awaits (and throws) the read itself.
			read.catch(() => undefined);
			days.reads.push(read);
		}
	}
}

/** Whether the chosen events may need the shift of a timesheet as listed. */
function mayNeed(needs: ShiftNeeds, timesheet: IDataObject): boolean {
	if (timesheet.archived === true || Number.isNaN(startOf(timesheet))) return false;
	if (needs.stillClockedIn && !timesheet.end_time) return true;
	const seen = needs.memory && timesheet.id !== undefined ? recall(needs.memory, String(timesheet.id)) : undefined;
	if (!seen) return needs.late || needs.longHours;
	return needs.longHours && Boolean(timesheet.end_time) && Object.keys(diff(TIMES_AND_BREAKS, seen.values, timesheet)).length > 0;
}

export function shiftReads(ctx: IPollFunctions, needs: ShiftNeeds, query: IDataObject, maxRateLimitWaitSeconds: number): ShiftReads {
	const days: Days = { ctx, query, maxRateLimitWaitSeconds, covered: new Set(), reads: [] };
	/** Start days of timesheets looked at whose days are not read yet. */
	let waiting: number[] = [];
	// Each read ahead waits for as many timesheets as were read ahead before it: when the listing
	// comes in day by day (a service listing a bulk change in the order it was made), the reads stay
	// few and each fills its pages; when it comes in any order, the first read covers every day.
	let readAheadAt = FIRST_READ_AHEAD;

	return {
		see(timesheets) {
			for (const timesheet of timesheets) {
				if (!mayNeed(needs, timesheet)) continue;
				const day = epochDay(startOf(timesheet));
				if (unread(days, day)) waiting.push(day);
			}
			if (waiting.length < readAheadAt) return;
			readAheadAt += waiting.length;
			readDays(days, waiting, 1);
			waiting = [];
		},
		async around(timesheets) {
			const starts = timesheets.map(startOf).filter((start) => !Number.isNaN(start)).map(epochDay);
			// Split only when the shifts not read yet are likely to fill more than a page each (about one per timesheet).
			readDays(days, starts, Math.floor(starts.filter((day) => unread(days, day)).length / 200));
			const byId = new Map<string, IDataObject>();
			const unnamed: IDataObject[] = [];
			for (const shift of (await Promise.all(days.reads)).flat()) {
				if (shift.id === undefined || shift.id === null) unnamed.push(shift);
				else byId.set(String(shift.id), shift);
			}
			return [...byId.values(), ...unnamed];
		},
	};
}
