import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/leave-requests/{id} of the leave request picked. */
export const { option, properties } = getOperation('leaveRequest', {
	request: { method: 'GET', url: '/v1/leave-requests' },
	picker: { parameter: 'leaveRequestId', field: 'Leave Request', singular: 'leave request', searchMethod: 'searchLeaveRequests' },
	action: 'Get a leave request',
	description: 'Read one leave request',
});
