import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';

/** Get Many: GET /v1/leave-blackout-periods, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many leave blackout periods',
	description: 'List blackout periods, filtered by dates or last change',
	routing: {
		request: { method: 'GET', url: '/v1/leave-blackout-periods' },
		...sentBy(readList('leaveBlackoutPeriod'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), getManyFilters('leaveBlackoutPeriod')];
