import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringLeaveBlackoutPeriod implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Blackout Period',
		name: 'rosteringLeaveBlackoutPeriod',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-blackout-period',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the periods when staff may not take leave',
		defaults: { name: 'Rostering Leave Blackout Period' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveBlackoutPeriod', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('leaveBlackoutPeriod') },
		properties: [
			inferredNotice(
				"Periods when the business does not accept leave requests. Dates are calendar days at the business's first location.",
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Leave Blackout Period', value: 'leaveBlackoutPeriod' }],
				default: 'leaveBlackoutPeriod',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['leaveBlackoutPeriod'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many leave blackout periods',
						description: 'List blackout periods, filtered by dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/leave-blackout-periods' },
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
			...returnAllAndLimit(),
			getManyFilters('leaveBlackoutPeriod'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
