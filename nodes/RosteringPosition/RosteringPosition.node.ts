import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get', 'getAll'];

export class RosteringPosition implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Job Position',
		name: 'rosteringPosition',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-position',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the positions people are rostered to at each location',
		defaults: { name: 'Rostering Job Position' },
		usableAsTool: true,
		builderHint: builderHint('rosteringPosition', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('position') },
		properties: [
			{
				displayName:
					'Each position belongs to one location. The rate_modifier field (dollars added to the hourly rate) appears only when the credential has Pay Details (pay:read).',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Position', value: 'position' }],
				default: 'position',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['position'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get a position',
						description: 'Read one position, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/positions' },
							send: throughTransport(withRecordId('positionId', 'Position', 'position')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many positions',
						description: 'List positions, filtered by location or last change',
						routing: {
							request: { method: 'GET', url: '/v1/positions' },
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
				name: 'locationId',
				displayName: 'Location',
				singular: 'location',
				searchMethod: 'searchLocations',
				description:
					'Optional: narrows the list of positions to pick from to those of this location (positions of different locations share names). Not sent with the request.',
				operations: ['get'],
			}),
			idLocator({
				name: 'positionId',
				displayName: 'Position',
				singular: 'position',
				searchMethod: 'searchPositions',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('position'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
