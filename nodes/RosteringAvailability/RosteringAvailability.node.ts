import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringAvailability implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Availability',
		name: 'rosteringAvailability',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-availability',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read when staff said they can or cannot work',
		defaults: { name: 'Rostering Availability' },
		usableAsTool: true,
		builderHint: builderHint('rosteringAvailability', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('availability') },
		properties: [
			inferredNotice(
				"When people said they can or cannot work, day by day. Dates are calendar days and times are local at the business's first location; a day without start and end means the whole day.",
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Availability', value: 'availability' }],
				default: 'availability',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['availability'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many availability records',
						description: 'List availability, filtered by dates, person or last change',
						routing: {
							request: { method: 'GET', url: '/v1/availability' },
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
			getManyFilters('availability'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
