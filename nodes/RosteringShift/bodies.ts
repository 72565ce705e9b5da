import type { IDataObject } from 'n8n-workflow';

import { checkEndAfterStart, confirmLocation, recordBeingChanged, startAndEndAt, timestampAt } from '../shared/writes/checks';
import { referenceId } from '../shared/writes/names';
import type { FieldLabels, WriteItem, WriteSpec } from '../shared/writes/rows';
import { compact, inputError, textField, toInteger } from '../shared/input/values';

/**
 * A shift's create and change bodies, built from the item's row: version 1's parameters
 * (v1/rows.ts) or version 2's mapped row (v2/mapper.ts), checked the same way for both; errors
 * name the fields by the version's labels.
 */

/** A shift's fields as the builders read them, by the API's names; a field absent is not given. */
export interface ShiftRow {
	/** Update: the shift changed (checked). */
	id?: unknown;
	location_id?: unknown;
	position_id?: unknown;
	employee_id?: unknown;
	start_time?: unknown;
	end_time?: unknown;
	/** As the API writes them: [{offset_minutes, duration_minutes, paid}]. */
	breaks?: unknown;
	notes?: unknown;
	/** Update: take the person off the shift. */
	open_shift?: unknown;
}

/** A break as the API writes it. */
export type Break = { offset_minutes?: unknown; duration_minutes?: unknown; paid?: unknown };

/** The breaks as the API's {offset_minutes, duration_minutes, paid}, checked. */
function breaksOf(item: WriteItem, rows: unknown): IDataObject[] | undefined {
	if (!Array.isArray(rows) || rows.length === 0) return undefined;
	const { node, itemIndex } = item;
	return (rows as Break[]).map((row, i) => ({
		offset_minutes: toInteger(node, itemIndex, row.offset_minutes, `Break ${i + 1} › Starts After (Minutes)`, 0, 24 * 60),
		duration_minutes: toInteger(node, itemIndex, row.duration_minutes, `Break ${i + 1} › Duration (Minutes)`, 1, 24 * 60),
		paid: row.paid === true,
	}));
}

/** Body of a shift create (also each item of Create Many and a new row of Create or Update), checked before anything is sent. */
async function createBody(item: WriteItem, row: ShiftRow, labels: FieldLabels): Promise<IDataObject> {
	// Each by id or by name (one list read per kind and execution, only when a name is given).
	const locationId = await referenceId(item, row.location_id, 'location', 'Location');
	const positionId = await referenceId(item, row.position_id, 'position', 'Position', locationId);
	const employeeId = row.employee_id ? await referenceId(item, row.employee_id, 'employee', 'Employee') : undefined;
	// Checks that need no request come first: breaks and notes before the location is read.
	const breaks = breaksOf(item, row.breaks);
	const notes = textField(item.node, item.itemIndex, row.notes, labels.added('Notes'));
	const { start, end, timezone } = await startAndEndAt(item, { start: row.start_time, end: row.end_time }, locationId, 'shift');
	await confirmLocation(item, timezone);
	return compact({ location_id: locationId, position_id: positionId, employee_id: employeeId, start_time: start, end_time: end, breaks, notes });
}

/** Body of a shift change: only the fields given. */
async function updateBody(item: WriteItem, row: ShiftRow, labels: FieldLabels): Promise<IDataObject> {
	const { node, itemIndex } = item;
	// The shift as it is: its location's time zone for local times, and its times to check order.
	const current = recordBeingChanged(item, 'shift', String(row.id), 'Shift');
	const { timezone } = current;
	const body: IDataObject = {};
	if ('position_id' in row) body.position_id = await referenceId(item, row.position_id, 'position', 'Position', current.locationId);
	if ('employee_id' in row) body.employee_id = await referenceId(item, row.employee_id, 'employee', 'Employee');
	if (row.open_shift === true) {
		if ('employee_id' in row) {
			throw inputError(node, itemIndex, 'Update Fields has both Employee and Make Open Shift', 'Choose one: a person for the shift, or an open shift.');
		}
		body.employee_id = null;
	}
	if ('start_time' in row) body.start_time = await timestampAt(item, row.start_time, 'Start Time', timezone);
	if ('end_time' in row) body.end_time = await timestampAt(item, row.end_time, 'End Time', timezone);
	if (body.start_time || body.end_time) {
		const start = (body.start_time as string) ?? (current.wasRead() ? String((await current.record()).start_time) : undefined);
		const end = (body.end_time as string) ?? (current.wasRead() ? String((await current.record()).end_time) : undefined);
		if (start && end) checkEndAfterStart(item, start, end, 'shift');
	}
	if ('breaks' in row) body.breaks = breaksOf(item, row.breaks) ?? [];
	if ('notes' in row) body.notes = textField(node, itemIndex, row.notes, labels.changed('Notes')) ?? null;
	if (Object.keys(body).length === 0) throw inputError(node, itemIndex, labels.nothingToChange.message, labels.nothingToChange.description);
	return body;
}

/** The shift's writes: Create, Create Many, Update and Create or Update, in both versions. */
export const SHIFT_WRITES: WriteSpec<ShiftRow> = { key: 'shift', create: createBody, update: updateBody };
