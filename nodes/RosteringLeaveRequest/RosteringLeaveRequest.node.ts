import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { withOtherStatuses } from './leave-status';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get',  'getAll'];

export class RosteringLeaveRequest implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Request',
		name: 'rosteringLeaveRequest',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-request',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read leave requests: who is away, when, what kind of leave, and whether it is approved',
		defaults: { name: 'Rostering Leave Request' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveRequest', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('leaveRequest') },
		properties: [
			inferredNotice(
				"Read only: the API gives partner apps no permission to create, approve or cancel leave, so that is done in the service's own application. Dates are calendar days at the business's first location.",
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Leave Request', value: 'leaveRequest' }],
				default: 'leaveRequest',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['leaveRequest'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get a leave request',
						description: 'Read one leave request',
						routing: {
							request: { method: 'GET', url: '/v1/leave-requests' },
							send: throughTransport(withRecordId('leaveRequestId', 'Leave Request', 'leave request')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many leave requests',
						description: 'List leave requests, filtered by dates, person, status or last change',
						routing: {
							request: { method: 'GET', url: '/v1/leave-requests' },
							send: throughTransport(prepareList),
						},
					},
					{
						// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
						name: 'Custom API Call',
						value: '__CUSTOM_API_CALL__',
						action: 'Custom API call',
						description: 'Call any address of the API with the HTTP Request node and this credential',
					},
				],
				default: 'getAll',
			},
			idLocator({
				name: 'leaveRequestId',
				displayName: 'Leave Request',
				singular: 'leave request',
				searchMethod: 'searchLeaveRequests',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			withOtherStatuses(getManyFilters('leaveRequest')),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
