import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/whos-on, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many people on now',
	description: 'List who is clocked in now, at every location or one',
	routing: {
		request: { method: 'GET', url: '/v1/whos-on' },
		...sentBy(readList('whosOn'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('whosOn')];
