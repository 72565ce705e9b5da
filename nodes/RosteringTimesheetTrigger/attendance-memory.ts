import type { IDataObject } from 'n8n-workflow';

import { recall, type Memory } from '../shared/trigger/what-changed';
import { ATTENDANCE_EVENTS } from './attendance-parameters';
import { isOpen } from './timesheet-times';

/**
 * What the attendance events keep between polls, in the trigger's state beside its position: the
 * open timesheets watched for Still Clocked In, what was told (so each event comes out once, across
 * restarts) and the ordinary hours read; bounded and forgotten in time.
 */

/** What the attendance events keep in the trigger's state (`attendance`). */
export interface AttendanceState {
	/** Open timesheets being watched: id → [due ms, shift id or null, shift end or null]. */
	due: Record<string, [number, string | null, string | null]>;
	/** "<event>:<timesheet id>" or "week:<employee>:<monday>" → when to forget it (ms). */
	told: Record<string, number>;
	/** Ordinary hours per week by employee (null: none given), and when they were read. */
	hours?: { at: number; by: Record<string, number | null> };
}

const DAY = 86_400_000;
/**
 * What was told is kept this long after it was told, then forgotten. A timesheet's events are told
 * only on a change of its times or breaks (or its creation), so a later note or approval never
 * tells them again; this stops a repeat when its times are corrected within a pay month.
 */
const TOLD_KEPT_MS = 35 * DAY;

/** The remembered timesheets as records with their ids. */
export function remembered(memory: Memory | undefined): IDataObject[] {
	if (!memory) return [];
	return Object.keys(memory.records).map((id) => ({ id, ...recall(memory, id)!.values }));
}

/** At most this many told keys are kept (the oldest forgotten first): the state stays bounded. */
const MAX_TOLD = 50_000;

/**
 * Forgets what was told long enough ago, except a Still Clocked In whose timesheet the trigger still
 * remembers open (told again in 35 days otherwise); and, past MAX_TOLD, the oldest.
 */
export function pruned(told: Record<string, number>, now: number, memory: Memory | undefined): Record<string, number> {
	const stillOpen = (key: string) => {
		if (!key.startsWith(`${ATTENDANCE_EVENTS.stillClockedIn}:`) || !memory) return false;
		const seen = recall(memory, key.slice(ATTENDANCE_EVENTS.stillClockedIn.length + 1));
		return seen !== undefined && isOpen(seen.values);
	};
	const kept = Object.entries(told).filter(([key, until]) => until > now || stillOpen(key));
	if (kept.length > MAX_TOLD) kept.sort((a, b) => b[1] - a[1]).splice(MAX_TOLD);
	return Object.fromEntries(kept);
}

/** Marks `key` told at `now` (kept TOLD_KEPT_MS); false when it already was. */
export function tell(kept: AttendanceState, key: string, now: number): boolean {
	if (key in kept.told) return false;
	kept.told[key] = now + TOLD_KEPT_MS;
	return true;
}
