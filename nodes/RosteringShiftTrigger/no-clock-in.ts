import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { subjectOf } from '../shared/requests/errors';
import { changedAt, startState } from '../shared/trigger/changes';
import type { PollFound, TriggerExtension } from '../shared/trigger/extension';
import { resource } from '../shared/resources';
import { listAll } from '../shared/requests/transport';
import { dayOf, inputError } from '../shared/input/values';
import { emptyMemory, KEPT_FIELDS, recall, remember, type TriggerItem } from '../shared/trigger/what-changed';

/**
 * The Shift trigger's No Clock-In event: a shift with an employee that started `minutes` ago, and
 * no timesheet of that person at that location since shortly before its start; once per shift.
 *
 * The shifts come from what the trigger remembers (what-changed.ts: the shifts in use when it was
 * published, and every change since), so finding them costs no request. Only when a shift is due
 * does the poll read the timesheets, once, over the days of the due shifts. Each poll checks the
 * shifts that became due since the last check (`until`, the service's time), so a shift is looked
 * at once however often n8n polls; one moved to a later start is looked at again at its new time.
 */
const NO_CLOCK_IN_EVENT = 'no_clock_in';

const NO_CLOCK_IN = {
	defaultMinutes: 10,
	/** A timesheet that began up to this long before the shift's start counts as its clock-in. */
	earlyClockInMs: 60 * 60_000,
	/** Shifts that became due longer ago than this (n8n stopped for a day, say) are let go. */
	lookBackMs: 24 * 60 * 60_000,
};

/** What the check keeps in the trigger's state (`clockIns`): how far it has looked, and what it has told. */
export interface ClockInCheck {
	/** Shifts due at or before this moment (service time, ms) have been looked at. */
	until: number;
	/** "<shift id>@<start ms>" → start ms, for the shifts told, kept two days past their start. */
	told: Record<string, number>;
}

/**
 * The No Clock-In items of a poll at `found.now` (the service's time), and the check moved on
 * (`before`: the check as kept until now). `found.query`: the trigger's filters, which the
 * timesheet read takes too (location, employee).
 */
async function missedClockIns(
	ctx: IPollFunctions,
	found: Omit<PollFound, 'changes'>,
	minutes: number,
	before: ClockInCheck | undefined,
): Promise<{ items: TriggerItem[]; kept: ClockInCheck }> {
	const { state, now, query, maxRateLimitWaitSeconds } = found;
	const after = before?.until ?? state.floor;
	const check: ClockInCheck = { until: now, told: { ...(before?.told ?? {}) } };
	for (const [told, start] of Object.entries(check.told)) if (start < now - 2 * 86_400_000) delete check.told[told];

	// The remembered shifts with an employee whose start + minutes passed since the last check.
	const memory = state.memory;
	const wait = minutes * 60_000;
	const due: IDataObject[] = [];
	for (const id of Object.keys(memory?.records ?? {})) {
		const shift = recall(memory!, id)!.values;
		const start = Date.parse(String(shift.start_time));
		const moment = start + wait;
		if (!shift.employee_id || shift.archived === true || Number.isNaN(start)) continue;
		if (moment <= Math.max(after, now - NO_CLOCK_IN.lookBackMs) || moment > now || `${id}@${start}` in check.told) continue;
		due.push({ id, ...shift });
	}
	if (due.length === 0) return { items: [], kept: check };

	// One read of the timesheets over the due shifts' days (a day either side: local dates).
	const earliest = Math.min(...due.map((shift) => Date.parse(String(shift.start_time))));
	const timesheets = resource('timesheet');
	const qs: IDataObject = { from: dayOf(earliest - 86_400_000), to: dayOf(now + 86_400_000) };
	if (query.location_id) qs.location_id = query.location_id;
	if (query.employee_id) qs.employee_id = query.employee_id;
	const worked = await listAll(ctx, `/v1/${timesheets.path}`, qs, {
		subject: subjectOf('timesheet', 'getAll'),
		rangeDays: timesheets.rangeDays,
		maxRateLimitWaitSeconds,
	});
	const items: TriggerItem[] = [];
	for (const shift of due) {
		const start = Date.parse(String(shift.start_time));
		const clockedIn = worked.some(
			(timesheet) =>
				timesheet.archived !== true &&
				timesheet.employee_id === shift.employee_id &&
				timesheet.location_id === shift.location_id &&
				Date.parse(String(timesheet.start_time)) >= start - NO_CLOCK_IN.earlyClockInMs,
		);
		check.told[`${String(shift.id)}@${start}`] = start;
		if (clockedIn) continue;
		items.push({
			event: NO_CLOCK_IN_EVENT,
			record: shift,
			changes: {},
			known: true,
			extra: { minutes_since_start: Math.floor((now - start) / 60_000) },
		});
	}
	return { items, kept: check };
}

/**
 * Fetch Test Event with No Clock-In chosen: the shifts of the last day nobody clocked in for, latest
 * start first, told the same way from the shifts read now (the trigger's memory is not needed, and
 * nothing is kept). Two reads: the shifts around now, and the timesheets when one is due.
 */
async function recentMissedClockIns(ctx: IPollFunctions, minutes: number, query: IDataObject, maxRateLimitWaitSeconds: number): Promise<TriggerItem[]> {
	const shifts = resource('shift');
	let serviceTime: number | undefined;
	const read = await listAll(
		ctx,
		`/v1/${shifts.path}`,
		// Shifts due in the last day may have started up to a day (No Clock-In After) before it; the
		// dates are a day wider either side (local dates).
		{ ...query, from: dayOf(Date.now() - 3 * 86_400_000), to: dayOf(Date.now() + 86_400_000) },
		{ subject: subjectOf('shift', 'getAll'), rangeDays: shifts.rangeDays, maxRateLimitWaitSeconds, onServiceTime: (ms) => (serviceTime = ms) },
	);
	const now = serviceTime ?? Date.now();
	const memory = emptyMemory(KEPT_FIELDS.shift ?? []);
	for (const shift of read) remember(memory, shift, changedAt(shift));
	const state = { ...startState('', now - NO_CLOCK_IN.lookBackMs), memory };
	const { items } = await missedClockIns(ctx, { state, now, query, maxRateLimitWaitSeconds }, minutes, undefined);
	return items.sort((a, b) => Date.parse(String(b.record.start_time)) - Date.parse(String(a.record.start_time)));
}

/** No Clock-In After, read when a check needs it. */
const minutesAfter = (ctx: IPollFunctions) => ctx.getNodeParameter('noClockInAfter', NO_CLOCK_IN.defaultMinutes) as number;

/**
 * No Clock-In on the Shift trigger (shared/trigger/extension.ts): its Events option, its minutes,
 * the check at each poll (kept as `clockIns`) and its Fetch Test Event.
 */
export const NO_CLOCK_IN_EVENTS: TriggerExtension<true, ClockInCheck> = {
	events: [
		{ name: 'No Clock-In', value: NO_CLOCK_IN_EVENT, description: 'A shift with an employee that started a while ago (No Clock-In After) with no timesheet for that person at that location' },
	],
	properties: [
		{
			displayName: 'No Clock-In After (Minutes)',
			name: 'noClockInAfter',
			type: 'number' as const,
			typeOptions: { minValue: 1, maxValue: 1440 },
			default: NO_CLOCK_IN.defaultMinutes,
			displayOptions: { show: { events: [NO_CLOCK_IN_EVENT] } },
			description: 'How long after a shift starts its employee must have clocked in (a timesheet at its location from an hour before its start)',
		},
	],
	stateKey: 'clockIns',
	settings(ctx, events, remembering) {
		if (!events.includes(NO_CLOCK_IN_EVENT)) return undefined;
		if (!remembering) {
			throw inputError(ctx.getNode(), 0, 'No Clock-In needs Options › Say What Changed', 'The trigger finds the shifts due from what it remembers of them: switch Say What Changed on, or take No Clock-In out of Events.');
		}
		return true;
	},
	begin(ctx) {
		return { check: async (found, kept) => await missedClockIns(ctx, found, minutesAfter(ctx), kept) };
	},
	async testEvent(ctx, _chosen, { query, maxRateLimitWaitSeconds }) {
		return await recentMissedClockIns(ctx, minutesAfter(ctx), query, maxRateLimitWaitSeconds);
	},
};
