import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/open-shift-requests, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many open shift requests',
	description: 'List requests to work open shifts, by shift, person, location or last change',
	routing: {
		request: { method: 'GET', url: '/v1/open-shift-requests' },
		...sentBy(readList('openShiftRequest'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('openShiftRequest')];
