import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/positions, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many positions',
	description: 'List positions, filtered by location or last change',
	routing: {
		request: { method: 'GET', url: '/v1/positions' },
		...sentBy(readList('position'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('position')];
