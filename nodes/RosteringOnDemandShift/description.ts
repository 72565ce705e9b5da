import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import type { WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering On-Demand Shift show (v1/, v2/): the parameters they share, and
 * the operations both offer. The node as n8n lists it is RosteringOnDemandShift.node.ts.
 */

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];
export const PICKER: Picker = { parameter: 'onDemandShiftId', field: 'On-Demand Shift', singular: 'on-demand shift' };

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
