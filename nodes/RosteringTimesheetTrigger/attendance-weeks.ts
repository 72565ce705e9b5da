import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Calendar } from '../shared/input/days';
import { subjectOf } from '../shared/requests/errors';
import { listAll } from '../shared/requests/transport';
import { resource } from '../shared/resources';
import type { PollFound } from '../shared/trigger/extension';
import type { Memory, TriggerItem } from '../shared/trigger/what-changed';
import { remembered, tell, type AttendanceState } from './attendance-memory';
import { ATTENDANCE_EVENTS, type AttendanceSettings } from './attendance-parameters';
import { isFinished, spanMinutes, unpaidBreakMinutes } from './timesheet-times';

/**
 * Long Hours by the week: a person's finished timesheets of a week (Monday to Sunday at the
 * location) past their employment's ordinary hours (read only when needed) or Weekly Hours.
 */

const DAY = 86_400_000;
/** Ordinary hours read longer ago than this are read again, when a week needs them. */
const HOURS_KEPT_MS = DAY;

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
export async function longWeeks(ctx: IPollFunctions, input: PollFound, finished: IDataObject[], settings: AttendanceSettings, kept: AttendanceState, calendar: Calendar): Promise<TriggerItem[]> {
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
async function ordinaryHours(ctx: IPollFunctions, input: PollFound, timesheets: IDataObject[], kept: AttendanceState): Promise<Record<string, number | null>> {
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
