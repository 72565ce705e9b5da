import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/shift-swaps/{id} of the shift swap picked. */
export const { option, properties } = getOperation('shiftSwap', {
	request: { method: 'GET', url: '/v1/shift-swaps' },
	picker: { parameter: 'shiftSwapId', field: 'Shift Swap', singular: 'shift swap', searchMethod: 'searchShiftSwaps' },
	action: 'Get a shift swap',
	description: 'Read one shift swap',
});
