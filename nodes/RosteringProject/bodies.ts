import type { IDataObject } from 'n8n-workflow';

import type { FieldLabels, WriteItem, WriteSpec } from '../shared/writes/rows';
import { compact, inputError } from '../shared/input/values';
import { CODE_RULE, colourOf, employeeIdsOf, MAX_CODE, MAX_NAME, NAME_RULE, textOf } from './project-fields';

/**
 * A project's create and change bodies, built from the item's row: version 1's parameters
 * (v1/rows.ts) or version 2's mapped row (v2/mapper.ts), checked the same way for both.
 */

/** A project's fields as the builders read them, by the API's names; a field absent is not given. */
export interface ProjectRow {
	/** Update: the project changed (checked). */
	id?: unknown;
	name?: unknown;
	code?: unknown;
	colour?: unknown;
	/** Version 1's Update: take the colour off. */
	remove_colour?: unknown;
	employee_ids?: unknown;
}

/** Body of a project create (also a new row of Create or Update), checked before anything is sent: only the keys the endpoint takes. */
async function createBody(item: WriteItem, row: ProjectRow): Promise<IDataObject> {
	const name = textOf(item, row.name, 'Name', MAX_NAME, NAME_RULE);
	const code = textOf(item, row.code, 'Code', MAX_CODE, CODE_RULE);
	const colour = row.colour === undefined || row.colour === '' ? undefined : colourOf(item, row.colour);
	const employeeIds = 'employee_ids' in row ? employeeIdsOf(item, row.employee_ids) : undefined;
	return compact({ name, code, colour, employee_ids: employeeIds?.length ? employeeIds : undefined });
}

/** Body of a project change: only the fields given. Status is Archive / Unarchive's. */
async function updateBody(item: WriteItem, row: ProjectRow, labels: FieldLabels): Promise<IDataObject> {
	const { node, itemIndex } = item;
	const body: IDataObject = {};
	if ('name' in row) body.name = textOf(item, row.name, 'Name', MAX_NAME, NAME_RULE);
	if ('code' in row) body.code = textOf(item, row.code, 'Code', MAX_CODE, CODE_RULE);
	if ('colour' in row) {
		if (row.remove_colour === true) {
			throw inputError(
				node,
				itemIndex,
				'Update Fields has both Colour and Remove Colour',
				'Choose one: a new colour, or Remove Colour to leave the project without a colour.',
			);
		}
		if (row.colour === '' || row.colour === undefined || row.colour === null) {
			throw inputError(node, itemIndex, 'Colour is empty', 'Pick a colour, or use Remove Colour instead to take the colour off the project.');
		}
		body.colour = colourOf(item, row.colour);
	}
	if (row.remove_colour === true) body.colour = null;
	// An empty list takes everyone off the project.
	if ('employee_ids' in row) body.employee_ids = employeeIdsOf(item, row.employee_ids);
	if (Object.keys(body).length === 0) throw inputError(node, itemIndex, labels.nothingToChange.message, labels.nothingToChange.description);
	return body;
}

/** The project's writes: Create, Update and Create or Update, in both versions. */
export const PROJECT_WRITES: WriteSpec<ProjectRow> = { key: 'project', create: createBody, update: updateBody };
