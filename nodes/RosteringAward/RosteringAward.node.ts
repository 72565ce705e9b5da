import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get',  'getAll'];

export class RosteringAward implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Pay Award',
		name: 'rosteringAward',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-award',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the awards (industrial agreements) that set pay rules for positions and employments',
		defaults: { name: 'Rostering Pay Award' },
		usableAsTool: true,
		builderHint: builderHint('rosteringAward', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('award') },
		properties: [
			inferredNotice(
				"The awards that set pay rules; a position's or employment's Award ID names one of these.",
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Award', value: 'award' }],
				default: 'award',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['award'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get an award',
						description: 'Read one award',
						routing: {
							request: { method: 'GET', url: '/v1/awards' },
							send: throughTransport(withRecordId('awardId', 'Award', 'award')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many awards',
						description: 'List the awards',
						routing: {
							request: { method: 'GET', url: '/v1/awards' },
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
				name: 'awardId',
				displayName: 'Award',
				singular: 'award',
				searchMethod: 'searchAwards',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('award'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
