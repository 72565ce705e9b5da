import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, readList, sentBy } from '../shared/operations';
import { withOtherStatuses } from './leave-status';

/** Get Many: GET /v1/leave-requests, page after page, with the filters checked first. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many leave requests',
	description: 'List leave requests, filtered by dates, person, status or last change',
	routing: {
		request: { method: 'GET', url: '/v1/leave-requests' },
		...sentBy(readList('leaveRequest'), prepareList),
	},
};

export const properties: INodeProperties[] = [...returnAllAndLimit(), withOtherStatuses(getManyFilters('leaveRequest'))];
