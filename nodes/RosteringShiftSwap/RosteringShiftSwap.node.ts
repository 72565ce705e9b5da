import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get', 'getAll'];

export class RosteringShiftSwap implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Shift Swap',
		name: 'rosteringShiftSwap',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-shift-swap',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the shifts staff offered to colleagues, and their answers',
		defaults: { name: 'Rostering Shift Swap' },
		usableAsTool: true,
		builderHint: builderHint('rosteringShiftSwap', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('shiftSwap') },
		properties: [
			{
				displayName:
					"A swap's status is only the colleague's answer (pending, accepted, rejected). Who works the shift is the shift's own Employee ID: read the shift to know. A cancelled offer is removed, not kept.",
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Shift Swap', value: 'shiftSwap' }],
				default: 'shiftSwap',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['shiftSwap'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get a shift swap',
						description: 'Read one shift swap',
						routing: {
							request: { method: 'GET', url: '/v1/shift-swaps' },
							send: throughTransport(withRecordId('shiftSwapId', 'Shift Swap', 'shift swap')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many shift swaps',
						description: 'List shift swaps, filtered by location, status, shift, person or last change',
						routing: {
							request: { method: 'GET', url: '/v1/shift-swaps' },
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
				name: 'shiftSwapId',
				displayName: 'Shift Swap',
				singular: 'shift swap',
				searchMethod: 'searchShiftSwaps',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('shiftSwap'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
