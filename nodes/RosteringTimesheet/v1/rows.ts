import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../shared/input/values';
import { LOCATOR, parameterRows } from '../../shared/writes/parameters';
import type { WriteItem } from '../../shared/writes/rows';
import type { TimesheetRow } from '../bodies';

/** Version 1: a timesheet's row from the node's parameters (Additional Fields, Update Fields). */

/** The Breaks editor's rows (the API's keys already). */
const breaksOfEditor = (value: unknown) => (value as { break?: IDataObject[] } | undefined)?.break;

/** Create's (and Create Many's) parameters. */
function createRow(item: WriteItem): TimesheetRow {
	const extra = item.read('additionalFields', {}) as IDataObject;
	return {
		employee_id: item.read('employeeId', '', LOCATOR),
		location_id: item.read('locationId', '', LOCATOR),
		position_id: item.read('positionId', '', LOCATOR),
		shift_id: item.read('additionalFields.shiftId', '', LOCATOR),
		start_time: item.read('startTime', ''),
		end_time: item.read('endTime', ''),
		breaks: breaksOfEditor(extra.breaks),
		note: extra.note,
	};
}

/** Update's parameters, the fields the user added. */
function updateRow(item: WriteItem): TimesheetRow {
	const fields = item.read('updateFields', {}) as IDataObject;
	return compact({
		id: item.read('timesheetId', '', LOCATOR),
		position_id: 'positionId' in fields ? item.read('updateFields.positionId', '', LOCATOR) : undefined,
		note: fields.note,
		start_time: fields.startTime,
		end_time: fields.endTime,
		breaks: 'breaks' in fields ? (breaksOfEditor(fields.breaks) ?? []) : undefined,
	});
}

export const TIMESHEET_PARAMETERS = parameterRows<TimesheetRow>({ key: 'timesheet', createRow, updateRow, idLabel: 'Timesheet' });
