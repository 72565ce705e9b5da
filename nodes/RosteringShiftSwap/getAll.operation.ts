import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/shift-swaps, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many shift swaps',
	description: 'List shift swaps, filtered by location, status, shift, person or last change',
	routing: {
		request: { method: 'GET', url: '/v1/shift-swaps' },
		...sentBy(readList('shiftSwap'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('shiftSwap')];
