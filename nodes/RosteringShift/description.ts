import type { INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { runThroughTransport } from '../shared/operations';
import type { RowSource } from '../shared/writes/bodies';
import { listOption, pickedOption, writeOption, type Picker, type WriteNodeParts } from '../shared/writes/node-version';
import { SHIFT_WRITES, type ShiftRow } from './bodies';

/** What both versions of Rostering Shift show (v1/, v2/): the parameters they share, and the operations both offer. The node as n8n lists it is RosteringShift.node.ts. */

const URL = '/v1/shifts';
const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];

export const SHIFT_PARTS: WriteNodeParts = {
	resource: { name: 'Shift', value: 'shift' },
	notices: [
		{
			displayName:
				'Shifts created or changed here are drafts (unpublished) until a manager publishes the roster in the service',
			name: 'notice',
			type: 'notice',
			default: '',
			displayOptions: { show: { operation: ['create', 'createMany', 'update', 'upsert'] } },
		},
		{
			displayName: "Each shift's cost comes with it when the credential's Access includes Pay Details (pay:read)",
			name: 'costNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { operation: ['get', 'getAll'] } },
		},
	],
	picker: idLocator({
		name: 'shiftId',
		displayName: 'Shift',
		singular: 'shift',
		searchMethod: 'searchShifts',
		required: true,
		operations: ['delete', 'get'],
	}),
	last: [...returnAllAndLimit(), getManyFilters('shift'), requestOptions(WRITES, ALL)],
	requestOperations: { pagination: runThroughTransport('shift') },
};

/** Create and Create Many: run by the version's customOperations; n8n's AI-tool path builds the body from the row as the version reads it. */
export function shiftCreates(rows: RowSource<ShiftRow>): INodePropertyOptions[] {
	const writes = { spec: SHIFT_WRITES, rows };
	return [
		writeOption({ name: 'Create', value: 'create', action: 'Create a shift', description: 'Add an unpublished shift to the roster' }, { method: 'POST', url: URL }, writes),
		writeOption(
			{ name: 'Create Many', value: 'createMany', action: 'Create many shifts', description: 'Create one shift per input item, sent in batches of up to 100 that are saved all or nothing' },
			{ method: 'POST', url: URL },
			writes,
		),
	];
}

const PICKER: Picker = ['shiftId', 'Shift', 'shift'];

/** Delete, Get and Get Many: n8n's routing runs them, in both versions. */
export const SHIFT_READS: INodePropertyOptions[] = [
	pickedOption({ name: 'Delete', value: 'delete', action: 'Delete a shift', description: 'Archive a shift that has not started' }, { method: 'DELETE', url: URL }, PICKER),
	pickedOption({ name: 'Get', value: 'get', action: 'Get a shift', description: 'Read one shift, archived or not' }, { method: 'GET', url: URL }, PICKER),
	listOption({ action: 'Get many shifts', description: 'List shifts, filtered by location, person, dates or last change' }, URL),
];

/** Update, as the version describes it and reads its rows. */
export function shiftUpdate(rows: RowSource<ShiftRow>, description: string): INodePropertyOptions {
	return writeOption({ name: 'Update', value: 'update', action: 'Update a shift', description }, { method: 'PATCH', url: URL }, { spec: SHIFT_WRITES, rows });
}
