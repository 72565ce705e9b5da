import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, localTime, requestOptions, returnAllAndLimit, placeAndTimes, VERSION_1 } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { mapperProperty, resourceMapping } from '../shared/writes/mapper';
import { toolCallBody } from '../shared/writes/bodies';
import { aiToolRouting } from '../shared/n8n-internals';
import { listSearch } from '../shared/editor/search';
import { mappedWriteOperations } from '../shared/writes/upsert';
import { ON_DEMAND_SHIFT_WRITES } from './bodies';
import { MAPPER, UPSERT } from './mapper';
import { builderHint } from '../shared/editor/builder-hints';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];

export class RosteringOnDemandShift implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering On-Demand Shift',
		name: 'rosteringOnDemandShift',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-on-demand-shift',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change and delete shifts offered to independent workers',
		defaults: { name: 'Rostering On-Demand Shift' },
		usableAsTool: true,
		builderHint: builderHint('rosteringOnDemandShift', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('onDemandShift') },
		properties: [
			{
				displayName:
					"On-demand shifts created here are drafts. Setting the hourly rate and publishing happen only in the service's own application, so this node does not offer them; only a draft that has not started can be changed or deleted.",
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['create', 'createMany', 'delete', 'update', 'upsert'] } },
			},
			{
				displayName:
					'Rate Set tells whether the venue has set the hourly rate; the rate itself appears only when the credential has Pay Details (pay:read)',
				name: 'rateNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['get', 'getAll'] } },
			},

			{
				// A visible dropdown with one choice: n8n's scanner (resource-operation-pattern) requires a
				// Resource selector on a node with more than five operations. Nodes with five or fewer hide it.
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'On-Demand Shift', value: 'onDemandShift' }],
				default: 'onDemandShift',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['onDemandShift'], '@version': [{ _cnd: { gte: 2 } }] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create an on demand shift',
						description: 'Add a draft on-demand shift for the venue to price and publish',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many on demand shifts',
						description:
							'Create one on-demand shift per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create or Update',
						value: 'upsert',
						action: 'Create or update an on demand shift',
						description: 'Create a new on-demand shift, or update the current one if it already exists (upsert)',
						// Run by customOperations below; on n8n's AI-tool path it says it is not offered (runThroughTransport).
						routing: aiToolRouting({ method: 'POST', url: '/v1/on-demand-shifts' }, throughTransport()),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete an on demand shift',
						description: 'Archive a draft on-demand shift that has not started',
						routing: {
							request: { method: 'DELETE', url: '/v1/on-demand-shifts' },
							send: throughTransport(withRecordId('onDemandShiftId', 'On-Demand Shift', 'on-demand shift')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get an on demand shift',
						description: 'Read one on-demand shift, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/on-demand-shifts' },
							send: throughTransport(withRecordId('onDemandShiftId', 'On-Demand Shift', 'on-demand shift')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many on demand shifts',
						description: 'List on-demand shifts, filtered by location, status, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/on-demand-shifts' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update an on demand shift',
						description: 'Change a draft on-demand shift that has not started. Only the fields given change.',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'update'))),
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
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['onDemandShift'], '@version': [1] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create an on demand shift',
						description: 'Add a draft on-demand shift for the venue to price and publish',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many on demand shifts',
						description:
							'Create one on-demand shift per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete an on demand shift',
						description: 'Archive a draft on-demand shift that has not started',
						routing: {
							request: { method: 'DELETE', url: '/v1/on-demand-shifts' },
							send: throughTransport(withRecordId('onDemandShiftId', 'On-Demand Shift', 'on-demand shift')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get an on demand shift',
						description: 'Read one on-demand shift, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/on-demand-shifts' },
							send: throughTransport(withRecordId('onDemandShiftId', 'On-Demand Shift', 'on-demand shift')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many on demand shifts',
						description: 'List on-demand shifts, filtered by location, status, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/on-demand-shifts' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update an on demand shift',
						description: 'Change a draft on-demand shift that has not started',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/on-demand-shifts' }, throughTransport(toolCallBody(ON_DEMAND_SHIFT_WRITES, 'update'))),
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
			// Right below the operation, as n8n's own data nodes show their columns.
			mapperProperty('create', MAPPER),
			mapperProperty('createMany', MAPPER),
			mapperProperty('update', MAPPER),
			mapperProperty('upsert', MAPPER),
			idLocator({
				name: 'onDemandShiftId',
				displayName: 'On-Demand Shift',
				singular: 'on-demand shift',
				searchMethod: 'searchOnDemandShifts',
				required: true,
				operations: ['delete', 'get'],
			}),
			idLocator({
				name: 'onDemandShiftId',
				displayName: 'On-Demand Shift',
				singular: 'on-demand shift',
				searchMethod: 'searchOnDemandShifts',
				required: true,
				operations: ['update'],
				versions: VERSION_1,
			}),
			...placeAndTimes({
				location: 'Where the shift is worked (on-demand shifts must be available there)',
				position: 'Position the worker fills, at the chosen location',
			}),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create', 'createMany'], '@version': [1] } },
				options: [
					{
						displayName: 'Notes',
						name: 'notes',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						description: 'Shift description the venue sees',
					},
				],
			},
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['update'], '@version': [1] } },
				options: [
					localTime('endTime', 'End Time', undefined, false),
					{
						displayName: 'Notes',
						name: 'notes',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						description: 'New shift description; leave empty to remove it',
					},
					idLocator({
						name: 'positionId',
						displayName: 'Position',
						singular: 'position',
						searchMethod: 'searchPositions',
					}),
					localTime('startTime', 'Start Time', undefined, false),
				],
			},
			...returnAllAndLimit(),
			getManyFilters('onDemandShift'),
			requestOptions(WRITES, ALL),
		],
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts).
	customOperations = { onDemandShift: mappedWriteOperations(ON_DEMAND_SHIFT_WRITES, UPSERT) };
}
