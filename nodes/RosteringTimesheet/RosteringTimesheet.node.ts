/**
 * Rostering Timesheet: create (one or many), read, list, change and delete timesheets.
 *
 * note vs notes: the spec's Timesheet field table names the note field `notes`, while every
 * request and response example names it `note`, and the spec says which spelling is authoritative
 * is not shown. The body builders write `note` (what the examples send); every create and change
 * is sent through nodes/RosteringTimesheet/timesheet-note.ts (bodies.ts builds them), which sends it once more as `notes` if the
 * service refuses `note` as an unknown field, and remembers per connection which spelling the
 * service took. Records are output exactly as the API returns them, so a timesheet carries `note`
 * or `notes`, whichever the service uses.
 *
 * Times and breaks (taken breaks, with start and end times) follow the rules in
 * nodes/RosteringTimesheet/timesheet-times.ts.
 */
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit, placeAndTimes, VERSION_1 } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { mapperProperty, resourceMapping } from '../shared/writes/mapper';
import { toolCallBody } from '../shared/writes/bodies';
import { aiToolRouting } from '../shared/n8n-internals';
import { listSearch } from '../shared/editor/search';
import { mappedWriteOperations } from '../shared/writes/upsert';
import { withNoteKeys } from './timesheet-note';
import { timesheetBreaks, timesheetTime } from './timesheet-times';
import { TIMESHEET_WRITES } from './bodies';
import { MAPPER, UPSERT } from './mapper';
import { builderHint } from '../shared/editor/builder-hints';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];

export class RosteringTimesheet implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Timesheet',
		name: 'rosteringTimesheet',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-timesheet',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change and delete timesheets (time worked)',
		defaults: { name: 'Rostering Timesheet' },
		usableAsTool: true,
		builderHint: builderHint('rosteringTimesheet', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: withNoteKeys(runThroughTransport('timesheet')) },
		properties: [
			{
				displayName:
					"Timesheets created here are pending. Approving timesheets happens only in the service's own application, not here; only pending timesheets can be changed or deleted. Times are stored to the whole minute (seconds are dropped), and an empty End Time means the person is still clocked in.",
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['create', 'createMany', 'delete', 'update', 'upsert'] } },
			},
			{
				displayName:
					'End Time is empty (null) while the person is still clocked in. Pay fields (pay) appear only when the credential has Pay Details (pay:read).',
				name: 'payNotice',
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
				options: [{ name: 'Timesheet', value: 'timesheet' }],
				default: 'timesheet',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['timesheet'], '@version': [{ _cnd: { gte: 2 } }] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a timesheet',
						description: 'Record time worked as a pending timesheet',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many timesheets',
						description: 'Create one timesheet per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'create'))),
					},
					{
						name: 'Create or Update',
						value: 'upsert',
						action: 'Create or update a timesheet',
						description: 'Create a new timesheet, or update the current one if it already exists (upsert)',
						// Run by customOperations below; on n8n's AI-tool path it says it is not offered (runThroughTransport).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport()),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete a timesheet',
						description: 'Archive a timesheet that is still pending',
						routing: {
							request: { method: 'DELETE', url: '/v1/timesheets' },
							send: throughTransport(withRecordId('timesheetId', 'Timesheet', 'timesheet')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a timesheet',
						description: 'Read one timesheet, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/timesheets' },
							send: throughTransport(withRecordId('timesheetId', 'Timesheet', 'timesheet')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many timesheets',
						description: 'List timesheets, filtered by location, person, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/timesheets' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a timesheet',
						description: 'Change a timesheet that is still pending. Only the fields given change.',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'update'))),
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
				displayOptions: { show: { resource: ['timesheet'], '@version': [1] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a timesheet',
						description: 'Record time worked as a pending timesheet',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'create'))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many timesheets',
						description: 'Create one timesheet per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'create'))),
					},
					{
						name: 'Delete',
						value: 'delete',
						action: 'Delete a timesheet',
						description: 'Archive a timesheet that is still pending',
						routing: {
							request: { method: 'DELETE', url: '/v1/timesheets' },
							send: throughTransport(withRecordId('timesheetId', 'Timesheet', 'timesheet')),
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a timesheet',
						description: 'Read one timesheet, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/timesheets' },
							send: throughTransport(withRecordId('timesheetId', 'Timesheet', 'timesheet')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many timesheets',
						description: 'List timesheets, filtered by location, person, dates or last change',
						routing: {
							request: { method: 'GET', url: '/v1/timesheets' },
							send: throughTransport(prepareList),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a timesheet',
						description: 'Change a timesheet that is still pending',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/timesheets' }, throughTransport(toolCallBody(TIMESHEET_WRITES, 'update'))),
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
				name: 'timesheetId',
				displayName: 'Timesheet',
				singular: 'timesheet',
				searchMethod: 'searchTimesheets',
				required: true,
				operations: ['delete', 'get'],
			}),
			idLocator({
				name: 'timesheetId',
				displayName: 'Timesheet',
				singular: 'timesheet',
				searchMethod: 'searchTimesheets',
				required: true,
				operations: ['update'],
				versions: VERSION_1,
			}),
			idLocator({
				name: 'employeeId',
				displayName: 'Employee',
				singular: 'employee',
				searchMethod: 'searchEmployees',
				required: true,
				description: 'Who worked',
				operations: ['create', 'createMany'],
				versions: VERSION_1,
			}),
			...placeAndTimes({ location: 'Where the time was worked', position: 'Position worked, at the chosen location' }, (name, displayName, operations, required, versions) =>
				name === 'endTime'
					? {
							...timesheetTime(name, displayName, operations, false, versions),
							description: `Leave empty to clock the person in: the timesheet stays open (no end) until it is ended. ${timesheetTime(name, displayName).description}`,
						}
					: timesheetTime(name, displayName, operations, required, versions),
			),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create', 'createMany'], '@version': [1] } },
				options: [
					timesheetBreaks(),
					{
						displayName: 'Note',
						name: 'note',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
					},
					idLocator({
						name: 'shiftId',
						displayName: 'Shift',
						singular: 'shift',
						searchMethod: 'searchShifts',
						description: 'The rostered shift this time was worked for, at the same location',
					}),
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
					timesheetBreaks(),
					timesheetTime('endTime', 'End Time', undefined, false),
					{
						displayName: 'Note',
						name: 'note',
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
						description: "Position worked, at the timesheet's location",
					}),
					timesheetTime('startTime', 'Start Time', undefined, false),
				],
			},
			...returnAllAndLimit(),
			getManyFilters('timesheet'),
			requestOptions(WRITES, ALL),
		],
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts). The note's spelling is settled
	// per request (nodes/RosteringTimesheet/timesheet-note.ts).
	customOperations = { timesheet: mappedWriteOperations(TIMESHEET_WRITES, UPSERT) };
}
