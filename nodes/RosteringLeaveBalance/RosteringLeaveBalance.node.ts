import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringLeaveBalance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Balance',
		name: 'rosteringLeaveBalance',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-balance',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read how many hours of each kind of leave people have left',
		defaults: { name: 'Rostering Leave Balance' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveBalance', false),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('leaveBalance') },
		properties: [
			inferredNotice(
				'Hours of leave each person has left, one row per person and leave type.',
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Leave Balance', value: 'leaveBalance' }],
				default: 'leaveBalance',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['leaveBalance'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many leave balances',
						description: 'List leave balances, for one person or leave type, or all',
						routing: {
							request: { method: 'GET', url: '/v1/leave-balances' },
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
			getManyFilters('leaveBalance'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
