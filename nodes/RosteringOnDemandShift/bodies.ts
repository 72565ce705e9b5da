import type { IDataObject } from 'n8n-workflow';

import { checkEndAfterStart, confirmLocation, recordBeingChanged, startAndEndAt, timestampAt } from '../shared/writes/checks';
import { referenceId } from '../shared/writes/names';
import type { FieldLabels, WriteItem, WriteSpec } from '../shared/writes/rows';
import { compact, inputError, textField } from '../shared/input/values';

/**
 * An on-demand shift's create and change bodies, built from the item's row: version 1's parameters
 * (v1/rows.ts) or version 2's mapped row (v2/mapper.ts), checked the same way for both; errors
 * name the fields by the version's labels.
 */

/** An on-demand shift's fields as the builders read them, by the API's names; a field absent is not given. */
export interface OnDemandShiftRow {
	/** Update: the on-demand shift changed (checked). */
	id?: unknown;
	location_id?: unknown;
	position_id?: unknown;
	start_time?: unknown;
	end_time?: unknown;
	notes?: unknown;
}

/** Body of an on-demand shift create (also each item of Create Many and a new row of Create or Update), checked before anything is sent. */
async function createBody(item: WriteItem, row: OnDemandShiftRow, labels: FieldLabels): Promise<IDataObject> {
	// Each by id or by name (one list read per kind and execution, only when a name is given).
	const locationId = await referenceId(item, row.location_id, 'location', 'Location');
	const positionId = await referenceId(item, row.position_id, 'position', 'Position', locationId);
	const { start, end, timezone } = await startAndEndAt(item, { start: row.start_time, end: row.end_time }, locationId, 'on-demand shift');
	await confirmLocation(item, timezone);
	return compact({
		location_id: locationId,
		position_id: positionId,
		start_time: start,
		end_time: end,
		notes: textField(item.node, item.itemIndex, row.notes, labels.added('Notes')),
	});
}

/** Body of an on-demand shift change: only the fields given. */
async function updateBody(item: WriteItem, row: OnDemandShiftRow, labels: FieldLabels): Promise<IDataObject> {
	const { node, itemIndex } = item;
	// The record as it is, read only when needed: its location's time zone for local times, and
	// its times to check order.
	const current = recordBeingChanged(item, 'onDemandShift', String(row.id), 'On-Demand Shift');
	const { timezone } = current;
	const body: IDataObject = {};
	if ('position_id' in row) body.position_id = await referenceId(item, row.position_id, 'position', 'Position', current.locationId);
	if ('start_time' in row) body.start_time = await timestampAt(item, row.start_time, 'Start Time', timezone);
	if ('end_time' in row) body.end_time = await timestampAt(item, row.end_time, 'End Time', timezone);
	if (body.start_time || body.end_time) {
		const start = (body.start_time as string) ?? (current.wasRead() ? String((await current.record()).start_time) : undefined);
		const end = (body.end_time as string) ?? (current.wasRead() ? String((await current.record()).end_time) : undefined);
		if (start && end) checkEndAfterStart(item, start, end, 'on-demand shift');
	}
	if ('notes' in row) body.notes = textField(node, itemIndex, row.notes, labels.changed('Notes')) ?? null;
	if (Object.keys(body).length === 0) throw inputError(node, itemIndex, labels.nothingToChange.message, labels.nothingToChange.description);
	return body;
}

/** The on-demand shift's writes: Create, Create Many, Update and Create or Update, in both versions. */
export const ON_DEMAND_SHIFT_WRITES: WriteSpec<OnDemandShiftRow> = { key: 'onDemandShift', create: createBody, update: updateBody };
