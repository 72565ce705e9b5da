import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, requiredListParameter, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, requireRange, sentBy } from '../shared/operations';

/** Get Many: GET /v1/labour-costs between From and To (both required, checked first), page after page. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many labour costs',
	description: 'Hours and costs per day and location for a range of days',
	routing: {
		request: { method: 'GET', url: '/v1/labour-costs' },
		...sentBy(readList('labourCost'), requireRange('labour costs'), prepareList),
	},
};

export const properties: INodeProperties[] = [
	requiredListParameter('labourCost', 'from'),
	requiredListParameter('labourCost', 'to'),
	...returnAllAndLimit(),
	getManyFilters('labourCost', ['from', 'to']),
];
