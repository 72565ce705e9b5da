import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const SHIFT_SWAP: Picker = { parameter: 'shiftSwapId', field: 'Shift Swap', singular: 'shift swap' };

/** Get: GET /v1/shift-swaps/{id} of the shift swap picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a shift swap',
	description: 'Read one shift swap',
	routing: {
		request: { method: 'GET', url: '/v1/shift-swaps' },
		...sentBy(readOne('shiftSwap', SHIFT_SWAP)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: SHIFT_SWAP.parameter, displayName: SHIFT_SWAP.field, singular: SHIFT_SWAP.singular, searchMethod: 'searchShiftSwaps', required: true, operations: ['get'] }),
];
