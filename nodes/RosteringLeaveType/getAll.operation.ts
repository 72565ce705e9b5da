import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/leave-types, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many leave types',
	description: 'List the leave types',
	routing: {
		request: { method: 'GET', url: '/v1/leave-types' },
		...sentBy(readList('leaveType'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('leaveType')];
