import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import type { WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering Shift show (v1/, v2/): the parameters they share, and the
 * operations both offer. The node as n8n lists it is RosteringShift.node.ts.
 */

const WRITES = ['create', 'createMany', 'update'];
// Assign If Open (version 2) too: Add Names and Max Rate-Limit Wait.
const ALL = ['assignIfOpen', 'create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];
export const PICKER: Picker = { parameter: 'shiftId', field: 'Shift', singular: 'shift' };

export const SHIFT_PARTS: WriteNodeParts = {
	resource: { name: 'Shift', value: 'shift' },
	url: '/v1/shifts',
	notices: [
		notice(
			'Shifts created or changed here are drafts (unpublished) until a manager publishes the roster in the service',
			{ operations: ['create', 'createMany', 'update', 'upsert'] },
		),
		notice(
			"Each shift's cost comes with it when the credential's Access includes Pay Details (pay:read)",
			{ name: 'costNotice', operations: ['get', 'getAll'] },
		),
	],
	picker: idLocator({ name: 'shiftId', displayName: 'Shift', singular: 'shift', searchMethod: 'searchShifts', required: true, operations: ['delete', 'get'] }),
	last: [...returnAllAndLimit(), getManyFilters('shift'), requestOptions(WRITES, ALL)],
};
