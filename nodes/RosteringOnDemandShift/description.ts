import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import { listOption, pickedOption, type WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering On-Demand Shift show (v1/, v2/): the parameters they share, and
 * the operations both offer. The node as n8n lists it is RosteringOnDemandShift.node.ts.
 */

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];
const PICKER: Picker = { parameter: 'onDemandShiftId', field: 'On-Demand Shift', singular: 'on-demand shift' };

export const ON_DEMAND_SHIFT_PARTS: WriteNodeParts = {
	resource: { name: 'On-Demand Shift', value: 'onDemandShift' },
	url: '/v1/on-demand-shifts',
	notices: [
		notice(
			"On-demand shifts created here are drafts. Setting the hourly rate and publishing happen only in the service's own application, so this node does not offer them; only a draft that has not started can be changed or deleted.",
			{ operations: ['create', 'createMany', 'delete', 'update', 'upsert'] },
		),
		notice(
			'Rate Set tells whether the venue has set the hourly rate; the rate itself appears only when the credential has Pay Details (pay:read)',
			{ name: 'rateNotice', operations: ['get', 'getAll'] },
		),
	],
	picker: idLocator({ name: 'onDemandShiftId', displayName: 'On-Demand Shift', singular: 'on-demand shift', searchMethod: 'searchOnDemandShifts', required: true, operations: ['delete', 'get'] }),
	last: [...returnAllAndLimit(), getManyFilters('onDemandShift'), requestOptions(WRITES, ALL)],
};

/**
 * The operations both versions offer: n8n's routing runs the reads; the writes (Create, Create
 * Many, Update: each version describes Update its own way) are routed by each version, which reads
 * their rows.
 */
export const ON_DEMAND_SHIFT_OPERATIONS = {
	create: { name: 'Create', value: 'create', action: 'Create an on demand shift', description: 'Add a draft on-demand shift for the venue to price and publish' },
	createMany: {
		name: 'Create Many',
		value: 'createMany',
		action: 'Create many on demand shifts',
		description: 'Create one on-demand shift per input item, sent in batches of up to 100 that are saved all or nothing',
	},
	delete: pickedOption(
		{ name: 'Delete', value: 'delete', action: 'Delete an on demand shift', description: 'Archive a draft on-demand shift that has not started' },
		ON_DEMAND_SHIFT_PARTS,
		'DELETE',
		PICKER,
	),
	get: pickedOption({ name: 'Get', value: 'get', action: 'Get an on demand shift', description: 'Read one on-demand shift, archived or not' }, ON_DEMAND_SHIFT_PARTS, 'GET', PICKER),
	getAll: listOption({ action: 'Get many on demand shifts', description: 'List on-demand shifts, filtered by location, status, dates or last change' }, ON_DEMAND_SHIFT_PARTS),
	update: { name: 'Update', value: 'update', action: 'Update an on demand shift' },
};
