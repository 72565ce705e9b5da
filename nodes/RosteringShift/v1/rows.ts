import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../shared/input/values';
import { LOCATOR, parameterRows } from '../../shared/writes/parameters';
import type { WriteItem } from '../../shared/writes/rows';
import type { Break, ShiftRow } from '../bodies';

/** Version 1: a shift's row from the node's parameters (Additional Fields, Update Fields). */

/** The Breaks editor's rows as the API's breaks. */
function breaksOfEditor(value: unknown): Break[] | undefined {
	const rows = (value as { break?: IDataObject[] } | undefined)?.break;
	return rows?.map((row) => ({ offset_minutes: row.offsetMinutes, duration_minutes: row.durationMinutes, paid: row.paid }));
}

/** Create's (and Create Many's) parameters. */
function createRow(item: WriteItem): ShiftRow {
	const extra = item.read('additionalFields', {}) as IDataObject;
	return {
		location_id: item.read('locationId', '', LOCATOR),
		position_id: item.read('positionId', '', LOCATOR),
		employee_id: item.read('additionalFields.employeeId', '', LOCATOR),
		start_time: item.read('startTime', ''),
		end_time: item.read('endTime', ''),
		breaks: breaksOfEditor(extra.breaks),
		notes: extra.notes,
	};
}

/** Update's parameters, the fields the user added. */
function updateRow(item: WriteItem): ShiftRow {
	const fields = item.read('updateFields', {}) as IDataObject;
	return compact({
		id: item.read('shiftId', '', LOCATOR),
		position_id: 'positionId' in fields ? item.read('updateFields.positionId', '', LOCATOR) : undefined,
		employee_id: 'employeeId' in fields ? item.read('updateFields.employeeId', '', LOCATOR) : undefined,
		open_shift: fields.openShift,
		start_time: fields.startTime,
		end_time: fields.endTime,
		breaks: 'breaks' in fields ? (breaksOfEditor(fields.breaks) ?? []) : undefined,
		notes: fields.notes,
	});
}

export const SHIFT_PARAMETERS = parameterRows<ShiftRow>({ key: 'shift', createRow, updateRow, idLabel: 'Shift' });
