import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { idLocator, inferredNotice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withPathId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['getAll'];

export class RosteringShiftCover implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Who Can Cover',
		name: 'rosteringShiftCover',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-who-can-cover',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'List the people free to work a shift: employed, allowed at its location and position, and not on an overlapping shift',
		defaults: { name: 'Rostering Who Can Cover' },
		usableAsTool: true,
		builderHint: builderHint('rosteringShiftCover', false),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('shiftCover') },
		properties: [
			inferredNotice(
				'The people who could work the shift, unranked: choose among them by your own rules. Check leave and availability with the Leave Request and Availability nodes.',
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Who Can Cover', value: 'shiftCover' }],
				default: 'shiftCover',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['shiftCover'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many people who can cover a shift',
						description: 'List the people free to work a shift',
						routing: {
							request: { method: 'GET', url: '/v1/shifts/{shiftId}/available-employees' },
							send: throughTransport(withPathId('shiftId', 'Shift', 'shift'), prepareList),
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
				name: 'shiftId',
				displayName: 'Shift',
				singular: 'shift',
				searchMethod: 'searchShifts',
				required: true,
				operations: ['getAll'],
			}),
			...returnAllAndLimit(),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
