import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, requiredListParameter, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, requireRange, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringLabourCost implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Labour Cost',
		name: 'rosteringLabourCost',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-labour-cost',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Compare rostered and actual hours and costs per day and location',
		defaults: { name: 'Rostering Labour Cost' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLabourCost', false),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('labourCost') },
		properties: [
			inferredNotice(
				'One row per calendar day and location, days without work included. Rostered hours and cost come from shifts and need the roster:read permission; actual hours and cost come from timesheets and need timesheets:read; the two costs also need pay:read. Figures the connection may not see are left out of the rows.',
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Labour Cost', value: 'labourCost' }],
				default: 'labourCost',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['labourCost'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many labour costs',
						description: 'Hours and costs per day and location for a range of days',
						routing: {
							request: { method: 'GET', url: '/v1/labour-costs' },
							send: throughTransport(requireRange('labour costs'), prepareList),
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
			requiredListParameter('labourCost', 'from'),
			requiredListParameter('labourCost', 'to'),
			...returnAllAndLimit(),
			getManyFilters('labourCost', ['from', 'to']),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
