import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import { listOption, pickedOption, type WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering Shift show (v1/, v2/): the parameters they share, and the
 * operations both offer. The node as n8n lists it is RosteringShift.node.ts.
 */

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];
const PICKER: Picker = { parameter: 'shiftId', field: 'Shift', singular: 'shift' };

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

/**
 * The operations both versions offer: n8n's routing runs the reads; the writes (Create, Create
 * Many, Update: each version describes Update its own way) are routed by each version, which reads
 * their rows.
 */
export const SHIFT_OPERATIONS = {
	create: { name: 'Create', value: 'create', action: 'Create a shift', description: 'Add an unpublished shift to the roster' },
	createMany: {
		name: 'Create Many',
		value: 'createMany',
		action: 'Create many shifts',
		description: 'Create one shift per input item, sent in batches of up to 100 that are saved all or nothing',
	},
	delete: pickedOption({ name: 'Delete', value: 'delete', action: 'Delete a shift', description: 'Archive a shift that has not started' }, SHIFT_PARTS, 'DELETE', PICKER),
	get: pickedOption({ name: 'Get', value: 'get', action: 'Get a shift', description: 'Read one shift, archived or not' }, SHIFT_PARTS, 'GET', PICKER),
	getAll: listOption({ action: 'Get many shifts', description: 'List shifts, filtered by location, person, dates or last change' }, SHIFT_PARTS),
	update: { name: 'Update', value: 'update', action: 'Update a shift' },
};
