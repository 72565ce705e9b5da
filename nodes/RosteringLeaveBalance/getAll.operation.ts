import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/leave-balances, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many leave balances',
	description: 'List leave balances, for one person or leave type, or all',
	routing: {
		request: { method: 'GET', url: '/v1/leave-balances' },
		...sentBy(readList('leaveBalance'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('leaveBalance')];
