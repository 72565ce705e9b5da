import type { IDataObject } from 'n8n-workflow';

/** What a timesheet's (or a shift's) times and breaks say, as the service writes them (ISO times). */

const MINUTE = 60_000;

export const ms = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);
export const isOpen = (timesheet: IDataObject) => timesheet.archived !== true && !timesheet.end_time && !Number.isNaN(ms(timesheet.start_time));
export const isStarted = (timesheet: IDataObject) => timesheet.archived !== true && !Number.isNaN(ms(timesheet.start_time));
export const isFinished = (timesheet: IDataObject) => timesheet.archived !== true && Boolean(timesheet.end_time) && !Number.isNaN(ms(timesheet.start_time));

/**
 * Unpaid break minutes of a record's breaks ({start, end, paid}); breaks not read as a list count as none.
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
export function spanMinutes(record: IDataObject): number {
	return Math.round((ms(record.end_time) - ms(record.start_time)) / MINUTE);
}
