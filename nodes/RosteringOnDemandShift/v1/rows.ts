import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../shared/input/values';
import { LOCATOR, parameterRows } from '../../shared/writes/parameters';
import type { WriteItem } from '../../shared/writes/rows';
import type { OnDemandShiftRow } from '../bodies';

/** Version 1: an on-demand shift's row from the node's parameters (Additional Fields, Update Fields). */

/** Create's (and Create Many's) parameters. */
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

/** Update's parameters, the fields the user added. */
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

export const ON_DEMAND_SHIFT_PARAMETERS = parameterRows<OnDemandShiftRow>({ key: 'onDemandShift', createRow, updateRow, idLabel: 'On-Demand Shift' });
