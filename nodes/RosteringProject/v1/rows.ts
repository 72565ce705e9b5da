import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../shared/input/values';
import { LOCATOR, parameterRows } from '../../shared/writes/parameters';
import type { WriteItem } from '../../shared/writes/rows';
import type { ProjectRow } from '../bodies';

/** Version 1: a project's row from the node's parameters (Name, Code, Additional Fields, Update Fields). */

/** Create's parameters. */
function createRow(item: WriteItem): ProjectRow {
	const extra = item.read('additionalFields', {}) as IDataObject;
	return compact({ name: item.read('name', ''), code: item.read('code', ''), colour: extra.colour, employee_ids: extra.employeeIds });
}

/** Update's parameters, the fields the user added. */
function updateRow(item: WriteItem): ProjectRow {
	const fields = item.read('updateFields', {}) as IDataObject;
	return compact({
		id: item.read('projectId', '', LOCATOR),
		name: fields.name,
		code: fields.code,
		colour: fields.colour,
		remove_colour: fields.removeColour,
		employee_ids: fields.employeeIds,
	});
}

export const PROJECT_PARAMETERS = parameterRows<ProjectRow>({ key: 'project', createRow, updateRow, idLabel: 'Project' });
