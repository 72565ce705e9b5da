import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { breaksEditor, localTime } from '../shared/editor/fields';
import { checkEndAfterStart, timestampAt } from '../shared/writes/checks';
import type { WriteItem } from '../shared/writes/rows';
import { inputError } from '../shared/input/values';

/**
 * A timesheet's times and breaks. Timesheet breaks are taken breaks, `{start, end, paid}` with
 * timestamps (unlike a shift's planned breaks, which are minutes from the start): the breaks editor
 * asks for start and end times, and each break is checked to end after it starts and to lie inside
 * the timesheet before sending. The service stores timesheet times to the whole minute.
 */

const TIME_NOTE =
	' The service stores timesheet times to the whole minute: seconds are dropped.';

/** A start or end time of a timesheet: the shared local-time field, with the minute rule said. */
export function timesheetTime(name: string, displayName: string, operations?: string[], required = true): INodeProperties {
	const field = localTime(name, displayName, operations, required);
	return { ...field, description: `${field.description}${TIME_NOTE}` };
}

/** Breaks taken during a timesheet: start and end times (typed as text, as localTime says why), and whether the break is paid. */
export function timesheetBreaks(): INodeProperties {
	return breaksEditor('Breaks taken, each inside the timesheet. On Update, these replace all the breaks of the timesheet; none clears them.', [
		{
			displayName: 'Start',
			name: 'start',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-23T12:30',
			description: `When the break started: local time at the timesheet's location (for example 2026-11-23T12:30) or a time with a UTC offset.${TIME_NOTE}`,
		},
		{
			displayName: 'End',
			name: 'end',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-23T13:00',
			description: `When the break ended, after its start and no later than the end of the timesheet.${TIME_NOTE}`,
		},
	]);
}

type Break = { start?: unknown; end?: unknown; paid?: unknown };

/** An instant truncated to the minute, as the service stores timesheet times. */
function minuteOf(timestamp: string): number {
	return Math.floor(Date.parse(timestamp) / 60_000) * 60_000;
}

/** End after start, also once both are cut to the minute (what the service compares). */
export function checkTimesheetTimes(item: WriteItem, start: string, end: string): void {
	checkEndAfterStart(item, start, end, 'timesheet');
	if (minuteOf(end) <= minuteOf(start)) {
		throw inputError(
			item.node,
			item.itemIndex,
			`End Time (${end}) is not after Start Time (${start}) once stored to the minute`,
			'The service stores timesheet times to the whole minute, dropping the seconds. Make the timesheet at least one minute long.',
		);
	}
}

/**
 * The breaks editor's rows as the API's {start, end, paid}, checked: each a time (local at the
 * location or with an offset), ending after it starts, inside the timesheet's start and end (end
 * may be null while the person is still clocked in). `bounds` is asked only when there are breaks.
 */
export async function breaksOf(
	item: WriteItem,
	rows: unknown,
	timezone: () => Promise<string>,
	bounds: () => Promise<{ start: string; end: string | null }>,
): Promise<IDataObject[]> {
	if (!Array.isArray(rows) || rows.length === 0) return [];
	const { node, itemIndex } = item;
	const breaks: IDataObject[] = [];
	for (const [i, row] of (rows as Break[]).entries()) {
		const label = `Break ${i + 1}`;
		const start = await timestampAt(item, row.start, `${label} › Start`, timezone);
		const end = await timestampAt(item, row.end, `${label} › End`, timezone);
		if (minuteOf(end) <= minuteOf(start)) {
			throw inputError(
				node,
				itemIndex,
				`${label} › End (${end}) is not after its Start (${start})`,
				'A break must end after it starts (times are stored to the whole minute).',
			);
		}
		breaks.push({ start, end, paid: row.paid === true });
	}
	const timesheet = await bounds();
	for (const [i, item] of breaks.entries()) {
		const start = String(item.start);
		const end = String(item.end);
		if (minuteOf(start) < minuteOf(timesheet.start) || (timesheet.end !== null && minuteOf(end) > minuteOf(timesheet.end))) {
			throw inputError(
				node,
				itemIndex,
				`Break ${i + 1} (${start} to ${end}) is outside the timesheet (${timesheet.start} to ${timesheet.end ?? 'still clocked in'})`,
				'Each break must start on or after the start of the timesheet and end on or before its end.',
			);
		}
	}
	return breaks;
}
