import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get',  'getAll'];

export class RosteringRoster implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Weekly Roster',
		name: 'rosteringRoster',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-roster',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the weekly rosters of each location: how many shifts, and whether all are published',
		defaults: { name: 'Rostering Weekly Roster' },
		usableAsTool: true,
		builderHint: builderHint('rosteringRoster', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('roster') },
		properties: [
			inferredNotice(
				'One roster per location per week (Monday to Sunday). Reading never creates one: a week nobody has rostered is not listed.',
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Roster', value: 'roster' }],
				default: 'roster',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['roster'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get a roster',
						description: 'Read one roster',
						routing: {
							request: { method: 'GET', url: '/v1/rosters' },
							send: throughTransport(withRecordId('rosterId', 'Roster', 'roster')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many rosters',
						description: 'List rosters, filtered by location, weeks or last change',
						routing: {
							request: { method: 'GET', url: '/v1/rosters' },
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
				name: 'rosterId',
				displayName: 'Roster',
				singular: 'roster',
				searchMethod: 'searchRosters',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('roster'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
