import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy, type Picker } from '../shared/operations';

const SHIFT: Picker = { parameter: 'shiftId', field: 'Shift', singular: 'shift' };

/** Get Many: GET /v1/shifts/{shiftId}/available-employees of the shift picked, page after page. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many people who can cover a shift',
	description: 'List the people free to work a shift',
	routing: {
		request: { method: 'GET', url: '/v1/shifts/{shiftId}/available-employees' },
		...sentBy(readList('shiftCover', { of: SHIFT }), prepareList),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: SHIFT.parameter, displayName: SHIFT.field, singular: SHIFT.singular, searchMethod: 'searchShifts', required: true, operations: ['getAll'] }),
	...returnAllAndLimit(),
];
