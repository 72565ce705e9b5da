import type { IDataObject } from 'n8n-workflow';

import { checkEndAfterStart, confirmLocation, recordBeingChanged, startAndEndAt, timestampAt } from '../shared/writes/checks';
import { referenceId } from '../shared/writes/names';
import type { WriteSpec } from '../shared/writes/bodies';
import { LOCATOR, type WriteItem } from '../shared/writes/rows';
import { compact, inputError, textField } from '../shared/input/values';
import { MAPPER } from './mapper';

/**
 * An on-demand shift's create and change bodies, built from the item's row: version 1's parameters
 * (createRow, updateRow) or version 2's mapped row, checked the same way for both.
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

/** Version 1: Create's (and Create Many's) parameters. */
function createRow(item: WriteItem): OnDemandShiftRow {
	const extra = item.read('additionalFields', {}) as IDataObject;
	return {
		location_id: item.read('locationId', '', LOCATOR),
		position_id: item.read('positionId', '', LOCATOR),
		start_time: item.read('startTime', ''),
		end_time: item.read('endTime', ''),
		notes: extra.notes,
	};
}

/** Version 1: Update's parameters, the fields the user added. */
function updateRow(item: WriteItem): OnDemandShiftRow {
	const fields = item.read('updateFields', {}) as IDataObject;
	return compact({
		id: item.read('onDemandShiftId', '', LOCATOR),
		position_id: 'positionId' in fields ? item.read('updateFields.positionId', '', LOCATOR) : undefined,
		start_time: fields.startTime,
		end_time: fields.endTime,
		notes: fields.notes,
	});
}

/** Body of an on-demand shift create (also each item of Create Many and a new row of Create or Update), checked before anything is sent. */
async function createBody(item: WriteItem, row: OnDemandShiftRow): Promise<IDataObject> {
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
		notes: textField(item.node, item.itemIndex, row.notes, 'Additional Fields › Notes'),
	});
}

/** Body of an on-demand shift change: only the fields given. */
async function updateBody(item: WriteItem, row: OnDemandShiftRow): Promise<IDataObject> {
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
	if ('notes' in row) body.notes = textField(node, itemIndex, row.notes, 'Update Fields › Notes') ?? null;
	if (Object.keys(body).length === 0) {
		throw inputError(node, itemIndex, 'Update Fields has nothing to change', 'Add a field and give it a value.');
	}
	return body;
}

/** The on-demand shift's writes: Create, Create Many, Update and Create or Update, in both versions. */
export const ON_DEMAND_SHIFT_WRITES: WriteSpec<OnDemandShiftRow> = { mapper: MAPPER, createRow, updateRow, idLabel: 'On-Demand Shift', create: createBody, update: updateBody };
