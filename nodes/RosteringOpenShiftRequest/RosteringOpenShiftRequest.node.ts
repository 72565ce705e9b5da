import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringOpenShiftRequest implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Open Shift Request',
		name: 'rosteringOpenShiftRequest',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-open-shift-request',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the requests staff made to work open shifts',
		defaults: { name: 'Rostering Open Shift Request' },
		usableAsTool: true,
		builderHint: builderHint('rosteringOpenShiftRequest', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('openShiftRequest') },
		properties: [
			inferredNotice(
				'A request disappears when its shift is deleted or the person is given an overlapping shift.',
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Open Shift Request', value: 'openShiftRequest' }],
				default: 'openShiftRequest',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['openShiftRequest'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many open shift requests',
						description: 'List requests to work open shifts, by shift, person, location or last change',
						routing: {
							request: { method: 'GET', url: '/v1/open-shift-requests' },
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
			getManyFilters('openShiftRequest'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
