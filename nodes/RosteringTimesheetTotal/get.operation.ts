import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, requiredListParameter } from '../shared/editor/fields';
import { prepareList, readList, requireRange, sentBy } from '../shared/operations';

/** Get: GET /v1/timesheet-totals between From and To (both required, checked first), the whole list: it has no Limit. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get timesheet totals',
	description: 'Hours per person for a range of days',
	routing: {
		request: { method: 'GET', url: '/v1/timesheet-totals' },
		...sentBy(readList('timesheetTotal', { whole: true }), requireRange('timesheet totals'), prepareList),
	},
};

export const properties: INodeProperties[] = [
	requiredListParameter('timesheetTotal', 'from', 'get'),
	requiredListParameter('timesheetTotal', 'to', 'get'),
	getManyFilters('timesheetTotal', ['from', 'to'], 'get'),
];
