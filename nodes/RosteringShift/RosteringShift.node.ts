import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, localTime, requestOptions, returnAllAndLimit, shiftBreaks, placeAndTimes, VERSION_1 } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { mapperProperty, resourceMapping } from '../shared/writes/mapper';
import { toolCallBody } from '../shared/writes/bodies';
import { aiToolRouting } from '../shared/n8n-internals';
import { listSearch } from '../shared/editor/search';
import { mappedWriteOperations } from '../shared/writes/upsert';
import { SHIFT_WRITES } from './bodies';
import { MAPPER, UPSERT } from './mapper';
import { builderHint } from '../shared/editor/builder-hints';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];

export class RosteringShift implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Shift',
		name: 'rosteringShift',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-shift',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change and delete rostered shifts',
		defaults: { name: 'Rostering Shift' },
		usableAsTool: true,
		builderHint: builderHint('rosteringShift', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('shift') },
		properties: [
			{
				displayName:
					'Shifts created or changed here are drafts (unpublished) until a manager publishes the roster in the service',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['create', 'createMany', 'update', 'upsert'] } },
			},
			{
				displayName: "Each shift's cost comes with it when the credential's Access includes Pay Details (pay:read)",
				name: 'costNotice',
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
				options: [{ name: 'Shift', value: 'shift' }],
				default: 'shift',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['shift'], '@version': [{ _cnd: { gte: 2 } }] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a shift',
						description: 'Add an unpublished shift to the roster',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many shifts',
						description: 'Create one shift per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create or Update',
						value: 'upsert',
						action: 'Create or update a shift',
						description: 'Create a new shift, or update the current one if it already exists (upsert)',
						// Run by customOperations below; on n8n's AI-tool path it says it is not offered (runThroughTransport).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport()),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete a shift',
						description: 'Archive a shift that has not started',
						routing: {
							request: { method: 'DELETE', url: '/v1/shifts' },
							send: throughTransport(withRecordId('shiftId', 'Shift', 'shift')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a shift',
						description: 'Read one shift, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/shifts' },
							send: throughTransport(withRecordId('shiftId', 'Shift', 'shift')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many shifts',
						description: 'List shifts, filtered by location, person, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/shifts' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a shift',
						description: 'Change a shift that has not started; a published shift becomes a draft again. Only the fields given change.',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'update'))),
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
				displayOptions: { show: { resource: ['shift'], '@version': [1] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a shift',
						description: 'Add an unpublished shift to the roster',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many shifts',
						description: 'Create one shift per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'create'))),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete a shift',
						description: 'Archive a shift that has not started',
						routing: {
							request: { method: 'DELETE', url: '/v1/shifts' },
							send: throughTransport(withRecordId('shiftId', 'Shift', 'shift')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a shift',
						description: 'Read one shift, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/shifts' },
							send: throughTransport(withRecordId('shiftId', 'Shift', 'shift')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many shifts',
						description: 'List shifts, filtered by location, person, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/shifts' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a shift',
						description: 'Change a shift that has not started; a published shift becomes a draft again',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/shifts' }, throughTransport(toolCallBody(SHIFT_WRITES, 'update'))),
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
				name: 'shiftId',
				displayName: 'Shift',
				singular: 'shift',
				searchMethod: 'searchShifts',
				required: true,
				operations: ['delete', 'get'],
			}),
			idLocator({
				name: 'shiftId',
				displayName: 'Shift',
				singular: 'shift',
				searchMethod: 'searchShifts',
				required: true,
				operations: ['update'],
				versions: VERSION_1,
			}),
			...placeAndTimes({ location: 'Where the shift is worked', position: 'Position worked, at the chosen location' }),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create', 'createMany'], '@version': [1] } },
				options: [
					shiftBreaks(),
					idLocator({
						name: 'employeeId',
						displayName: 'Employee',
						singular: 'employee',
						searchMethod: 'searchEmployees',
						description: 'Who is rostered; leave out for an open shift',
					}),
					{
						displayName: 'Notes',
						name: 'notes',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
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
					shiftBreaks(),
					idLocator({
						name: 'employeeId',
						displayName: 'Employee',
						singular: 'employee',
						searchMethod: 'searchEmployees',
						description: 'Who is rostered',
					}),
					localTime('endTime', 'End Time', undefined, false),
					{
						displayName: 'Make Open Shift',
						name: 'openShift',
						type: 'boolean',
						default: false,
						description: 'Whether to take the person off the shift, leaving it open',
					},
					{
						displayName: 'Notes',
						name: 'notes',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						description: 'New note; leave empty to remove the note',
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
			getManyFilters('shift'),
			requestOptions(WRITES, ALL),
		],
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts).
	customOperations = { shift: mappedWriteOperations(SHIFT_WRITES, UPSERT) };
}
