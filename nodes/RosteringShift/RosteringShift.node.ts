import type { IDataObject, IExecuteSingleFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, localTime, requestOptions, returnAllAndLimit, shiftBreaks, placeAndTimes } from '../shared/editor/fields';
import {
	checkEndAfterStart,
	confirmLocation,
	idParameter,
	prepareList,
	recordBeingChanged,
	runThroughTransport,
	startAndEndAt,
	throughTransport,
	timestampAt,
	updateFieldsOf,
	withBody,
	withRecordId,
} from '../shared/operations';
import { breaksAsRows, resourceMapping, type MapperSpec } from '../shared/writes/mapper';
import { aiToolRouting } from '../shared/n8n-internals';
import { listSearch } from '../shared/editor/search';
import { mappedWriteOperations, type UpsertSpec } from '../shared/writes/upsert';
import { withVersion2 } from '../shared/writes/version2';
import { checkId, compact, inputError, textField, toInteger, startDateSpan } from '../shared/input/values';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update'];

type Break = { offsetMinutes?: unknown; durationMinutes?: unknown; paid?: unknown };

/** The breaks editor's rows as the API's {offset_minutes, duration_minutes, paid}, checked. */
function breaksOf(ctx: IExecuteSingleFunctions, rows: Break[] | undefined, field: string): IDataObject[] | undefined {
	if (!rows?.length) return undefined;
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	return rows.map((row, i) => ({
		offset_minutes: toInteger(node, itemIndex, row.offsetMinutes, `${field} ${i + 1} › Starts After (Minutes)`, 0, 24 * 60),
		duration_minutes: toInteger(node, itemIndex, row.durationMinutes, `${field} ${i + 1} › Duration (Minutes)`, 1, 24 * 60),
		paid: row.paid === true,
	}));
}

/** Body of a shift create (also each item of Create Many), checked before anything is sent. */
async function createBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const locationId = idParameter(ctx, 'locationId', 'Location', 'location');
	const positionId = idParameter(ctx, 'positionId', 'Position', 'position');
	const extra = ctx.getNodeParameter('additionalFields', {}) as IDataObject;
	const employee = ctx.getNodeParameter('additionalFields.employeeId', '', { extractValue: true }) as string;
	const employeeId = employee ? checkId(ctx.getNode(), ctx.getItemIndex(), employee, 'Employee', 'employee') : undefined;
	// Checks that need no request come first: breaks and notes before the location is read.
	const breaks = breaksOf(ctx, (extra.breaks as IDataObject | undefined)?.break as Break[], 'Break');
	const notes = textField(ctx.getNode(), ctx.getItemIndex(), extra.notes, 'Additional Fields › Notes');
	const { start, end, timezone } = await startAndEndAt(ctx, locationId, 'shift');
	await confirmLocation(ctx, timezone);
	return compact({
		location_id: locationId,
		position_id: positionId,
		employee_id: employeeId,
		start_time: start,
		end_time: end,
		breaks,
		notes,
	});
}

/** Body of a shift change: only the fields the user added. */
async function updateBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const shiftId = idParameter(ctx, 'shiftId', 'Shift', 'shift');
	const fields = updateFieldsOf(ctx);
	// The shift as it is: its location's time zone for local times, and its times to check order.
	const current = recordBeingChanged(ctx, 'shift', shiftId, 'Shift');
	const { timezone } = current;
	const body: IDataObject = {};
	if ('positionId' in fields) body.position_id = idParameter(ctx, 'updateFields.positionId', 'Position', 'position');
	if ('employeeId' in fields) body.employee_id = idParameter(ctx, 'updateFields.employeeId', 'Employee', 'employee');
	if (fields.openShift === true) {
		if ('employeeId' in fields) {
			throw inputError(node, itemIndex, 'Update Fields has both Employee and Make Open Shift', 'Choose one: a person for the shift, or an open shift.');
		}
		body.employee_id = null;
	}
	if ('startTime' in fields) body.start_time = await timestampAt(ctx, fields.startTime, 'Start Time', timezone);
	if ('endTime' in fields) body.end_time = await timestampAt(ctx, fields.endTime, 'End Time', timezone);
	if (body.start_time || body.end_time) {
		const start = (body.start_time as string) ?? (current.wasRead() ? String((await current.record()).start_time) : undefined);
		const end = (body.end_time as string) ?? (current.wasRead() ? String((await current.record()).end_time) : undefined);
		if (start && end) checkEndAfterStart(ctx, start, end, 'shift');
	}
	if ('breaks' in fields) body.breaks = breaksOf(ctx, (fields.breaks as IDataObject).break as Break[], 'Break') ?? [];
	if ('notes' in fields) body.notes = textField(node, itemIndex, fields.notes, 'Update Fields › Notes') ?? null;
	if (Object.keys(body).length === 0) {
		throw inputError(node, itemIndex, 'Update Fields has nothing to change', 'Add a field and give it a value.');
	}
	return body;
}

/** Version 2's Breaks, as the API writes them, in the shape of version 1's rows. */
const SHIFT_BREAKS = breaksAsRows(
	(api) => ({ offsetMinutes: api.offset_minutes, durationMinutes: api.duration_minutes, paid: api.paid }),
	'[{"offset_minutes": 240, "duration_minutes": 30, "paid": false}]',
);

/** Version 2: the shift's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts). */
const MAPPER: MapperSpec = {
	key: 'shift',
	idParameter: 'shiftId',
	idLabel: 'Shift',
	fields: [
		{ id: 'location_id', displayName: 'Location ID', required: true, create: 'locationId', match: true, defaultMatch: true },
		{ id: 'position_id', displayName: 'Position ID', required: true, create: 'positionId', update: 'updateFields.positionId', match: true },
		{ id: 'employee_id', displayName: 'Employee ID', create: 'additionalFields.employeeId', update: 'updateFields.employeeId', match: true, defaultMatch: true },
		{ id: 'start_time', displayName: 'Start Time', required: true, create: 'startTime', update: 'updateFields.startTime', match: true, defaultMatch: true },
		{ id: 'end_time', displayName: 'End Time', required: true, create: 'endTime', update: 'updateFields.endTime', match: true },
		{ id: 'breaks', displayName: 'Breaks', type: 'array', create: 'additionalFields.breaks', update: 'updateFields.breaks', toParameter: SHIFT_BREAKS },
		{ id: 'notes', displayName: 'Notes', create: 'additionalFields.notes', update: 'updateFields.notes' },
		{ id: 'open_shift', displayName: 'Make Open Shift', type: 'boolean', update: 'updateFields.openShift', only: ['update'] },
	],
};

/** Create or Update: by default, the same shift is the same person starting at the same time at the same place. */
const UPSERT: UpsertSpec = {
	updatable: ['position_id', 'employee_id', 'start_time', 'end_time', 'breaks', 'notes'],
	defaultMatch: ['location_id', 'employee_id', 'start_time'],
	span: startDateSpan,
};

export class RosteringShift implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Shift',
		name: 'rosteringShift',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change and delete rostered shifts',
		defaults: { name: 'Rostering Shift' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('shift') },
		properties: withVersion2([
			{
				displayName:
					'Shifts created or changed here are drafts (unpublished) until a manager publishes the roster in the service',
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['create', 'createMany', 'update'] } },
			},
			{
				displayName: 'Cost fields appear only when the credential has Pay Details (pay:read)',
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
				displayOptions: { show: { resource: ['shift'] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a shift',
						description: 'Add an unpublished shift to the roster',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(withBody(createBody))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many shifts',
						description: 'Create one shift per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/shifts' }, throughTransport(withBody(createBody))),
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
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/shifts' }, throughTransport(withRecordId('shiftId', 'Shift', 'shift'), withBody(updateBody))),
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
				operations: ['delete', 'get', 'update'],
			}),
			...placeAndTimes({ location: 'Where the shift is worked', position: 'Position worked, at the chosen location' }),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create', 'createMany'] } },
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
				displayOptions: { show: { operation: ['update'] } },
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
		], MAPPER, { create: createBody, update: updateBody }),
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts).
	customOperations = { shift: mappedWriteOperations(MAPPER, UPSERT, { create: createBody, update: updateBody }) };
}
