import type { IDataObject } from 'n8n-workflow';

import { confirmLocation, locationTimezone, recordBeingChanged, rowId, startAndEndAt, timestampAt } from '../shared/writes/checks';
import { referenceId } from '../shared/writes/names';
import type { FieldLabels, WriteItem, WriteSpec } from '../shared/writes/rows';
import { compact, inputError, textField } from '../shared/input/values';
import { sendWithNoteKey } from './timesheet-note';
import { breaksOf, checkTimesheetTimes } from './timesheet-times';

/**
 * A timesheet's create and change bodies, built from the item's row: version 1's parameters
 * (v1/rows.ts) or version 2's mapped row (v2/mapper.ts), checked the same way for both; errors
 * name the fields by the version's labels. The note goes
 * as `note` (what the spec's examples send), and as `notes` where the service wants that
 * (timesheet-note.ts).
 */

/** A timesheet's fields as the builders read them, by the API's names; a field absent is not given. */
export interface TimesheetRow {
	/** Update: the timesheet changed (checked). */
	id?: unknown;
	employee_id?: unknown;
	location_id?: unknown;
	position_id?: unknown;
	shift_id?: unknown;
	start_time?: unknown;
	/** Blank on create: the person is still clocked in. */
	end_time?: unknown;
	/** As the API writes them: [{start, end, paid}]. */
	breaks?: unknown;
	note?: unknown;
}

/**
 * Start and End Time of a new timesheet. An empty End Time clocks the person in: the timesheet
 * stays open (end_time null, as the spec says while someone is still clocked in).
 */
async function clockedTimes(item: WriteItem, row: TimesheetRow, locationId: string): Promise<{ start: string; end: string | null; timezone: () => Promise<string> }> {
	const endText = row.end_time;
	if (endText !== '' && endText !== null && endText !== undefined) {
		return await startAndEndAt(item, { start: row.start_time, end: endText }, locationId, 'timesheet', (a: string, b: string) => checkTimesheetTimes(item, a, b));
	}
	const timezone = async () => await locationTimezone(item, locationId, 'Location');
	const start = await timestampAt(item, row.start_time ?? '', 'Start Time', timezone);
	return { start, end: null, timezone };
}

/** Body of a timesheet create (also each item of Create Many and a new row of Create or Update), checked before anything is sent. */
async function createBody(item: WriteItem, row: TimesheetRow, labels: FieldLabels): Promise<IDataObject> {
	const { node, itemIndex } = item;
	// Each by id or by name (one list read per kind and execution, only when a name is given).
	const employeeId = await referenceId(item, row.employee_id, 'employee', 'Employee');
	const locationId = await referenceId(item, row.location_id, 'location', 'Location');
	const positionId = await referenceId(item, row.position_id, 'position', 'Position', locationId);
	const shiftId = row.shift_id ? rowId(item, row.shift_id, 'Shift', 'shift') : undefined;
	const { start, end, timezone } = await clockedTimes(item, row, locationId);
	const breaks = await breaksOf(item, row.breaks, timezone, async () => ({ start, end }));
	await confirmLocation(item, timezone);
	return compact({
		employee_id: employeeId,
		location_id: locationId,
		position_id: positionId,
		shift_id: shiftId,
		start_time: start,
		end_time: end,
		breaks: breaks.length ? breaks : undefined,
		// `note`, as every example in the spec spells it; sent as `notes` where the service wants that.
		note: textField(node, itemIndex, row.note, labels.added('Note')),
	});
}

/**
 * Body of a timesheet change: only the fields given. The timesheet is read first only when
 * needed: for its location's time zone (a time without an offset), or for its start and end
 * (breaks sent without both new times).
 */
async function updateBody(item: WriteItem, row: TimesheetRow, labels: FieldLabels): Promise<IDataObject> {
	const { node, itemIndex } = item;
	const current = recordBeingChanged(item, 'timesheet', String(row.id), 'Timesheet');
	const timesheet = current.record;
	const { timezone } = current;
	const body: IDataObject = {};
	if ('position_id' in row) body.position_id = await referenceId(item, row.position_id, 'position', 'Position', current.locationId);
	// `note`, as every example in the spec spells it; sent as `notes` where the service wants that.
	if ('note' in row) body.note = textField(node, itemIndex, row.note, labels.changed('Note')) ?? null;
	if ('start_time' in row) body.start_time = await timestampAt(item, row.start_time, 'Start Time', timezone);
	if ('end_time' in row) body.end_time = await timestampAt(item, row.end_time, 'End Time', timezone);
	const startOf = async () => (body.start_time as string | undefined) ?? String((await timesheet()).start_time);
	const endOf = async () => {
		if (body.end_time) return body.end_time as string;
		const end = (await timesheet()).end_time;
		return end === null || end === undefined ? null : String(end);
	};
	const rows = 'breaks' in row ? ((row.breaks as unknown[] | undefined) ?? []) : undefined;
	// Breaks sent without both new times are checked against the stored ones: the timesheet is read anyway.
	const readAnyway = current.wasRead() || (rows !== undefined && rows.length > 0 && !(body.start_time && body.end_time));
	if (body.start_time || body.end_time) {
		const start = body.start_time ? String(body.start_time) : readAnyway ? await startOf() : undefined;
		const end = body.end_time ? String(body.end_time) : readAnyway ? await endOf() : undefined;
		if (start && end) checkTimesheetTimes(item, start, end);
	}
	if (rows !== undefined) {
		body.breaks = await breaksOf(item, rows, timezone, async () => ({ start: await startOf(), end: await endOf() }));
	}
	if (Object.keys(body).length === 0) throw inputError(node, itemIndex, labels.nothingToChange.message, labels.nothingToChange.description);
	return body;
}

/** The timesheet's writes: Create, Create Many, Update and Create or Update, in both versions; each sent with the note's spelling the service takes. */
export const TIMESHEET_WRITES: WriteSpec<TimesheetRow> = {
	key: 'timesheet',
	create: createBody,
	update: updateBody,
	shapeRetry: sendWithNoteKey,
};
