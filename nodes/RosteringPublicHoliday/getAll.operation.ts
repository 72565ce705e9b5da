import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, requiredListParameter, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, requireRange, sentBy } from '../shared/operations';

/** Get Many: GET /v1/public-holidays between From and To (both required, checked first), page after page. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many public holidays',
	description: 'List the public holidays between two dates, for every location or one',
	routing: {
		request: { method: 'GET', url: '/v1/public-holidays' },
		...sentBy(readList('publicHoliday'), requireRange('public holidays'), prepareList),
	},
};

export const properties: INodeProperties[] = [
	requiredListParameter('publicHoliday', 'from'),
	requiredListParameter('publicHoliday', 'to'),
	...returnAllAndLimit(),
	getManyFilters('publicHoliday', ['from', 'to']),
];
