import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const LEAVE_REQUEST: Picker = { parameter: 'leaveRequestId', field: 'Leave Request', singular: 'leave request' };

/** Get: GET /v1/leave-requests/{id} of the leave request picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a leave request',
	description: 'Read one leave request',
	routing: {
		request: { method: 'GET', url: '/v1/leave-requests' },
		...sentBy(readOne('leaveRequest', LEAVE_REQUEST)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: LEAVE_REQUEST.parameter, displayName: LEAVE_REQUEST.field, singular: LEAVE_REQUEST.singular, searchMethod: 'searchLeaveRequests', required: true, operations: ['get'] }),
];
