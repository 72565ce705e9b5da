/**
 * Rostering Timesheet: create (one or many), read, list, change and delete timesheets.
 *
 * note vs notes: the spec's Timesheet field table names the note field `notes`, while every
 * request and response example names it `note`, and the spec says which spelling is authoritative
 * is not shown. The body builders write `note` (what the examples send); every create and change
 * is sent through nodes/RosteringTimesheet/timesheet-note.ts, which sends it once more as `notes` if the
 * service refuses `note` as an unknown field, and remembers per connection which spelling the
 * service took. Records are output exactly as the API returns them, so a timesheet carries `note`
 * or `notes`, whichever the service uses.
 *
 * Times and breaks (taken breaks, with start and end times) follow the rules in
 * nodes/RosteringTimesheet/timesheet-times.ts.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit, placeAndTimes } from '../shared/editor/fields';
import {
	confirmLocation,
	idParameter,
	locationTimezone,
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
import { sendWithNoteKey, withNoteKeys } from './timesheet-note';
import { breaksOf, checkTimesheetTimes, timesheetBreaks, timesheetTime, type Break } from './timesheet-times';
import { checkId, compact, inputError, textField, startDateSpan } from '../shared/input/values';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update'];

/**
 * Start and End Time of a new timesheet. An empty End Time clocks the person in: the timesheet
 * stays open (end_time null, as the spec says while someone is still clocked in).
 */
async function clockedTimes(
	ctx: IExecuteSingleFunctions,
	locationId: string,
): Promise<{ start: string; end: string | null; timezone: () => Promise<string> }> {
	const endText = ctx.getNodeParameter('endTime', '') as unknown;
	if (endText !== '' && endText !== null && endText !== undefined) {
		return await startAndEndAt(ctx, locationId, 'timesheet', (a: string, b: string) => checkTimesheetTimes(ctx, a, b));
	}
	const timezone = async () => await locationTimezone(ctx, locationId, 'Location');
	const start = await timestampAt(ctx, ctx.getNodeParameter('startTime', ''), 'Start Time', timezone);
	return { start, end: null, timezone };
}

/** Body of a timesheet create (also each item of Create Many), checked before anything is sent. */
async function createBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const employeeId = idParameter(ctx, 'employeeId', 'Employee', 'employee');
	const locationId = idParameter(ctx, 'locationId', 'Location', 'location');
	const positionId = idParameter(ctx, 'positionId', 'Position', 'position');
	const extra = ctx.getNodeParameter('additionalFields', {}) as IDataObject;
	const shift = ctx.getNodeParameter('additionalFields.shiftId', '', { extractValue: true }) as string;
	const shiftId = shift ? checkId(node, itemIndex, shift, 'Shift', 'shift') : undefined;
	const { start, end, timezone } = await clockedTimes(ctx, locationId);
	const rows = (extra.breaks as IDataObject | undefined)?.break as Break[] | undefined;
	const breaks = await breaksOf(ctx, rows, timezone, async () => ({ start, end }));
	await confirmLocation(ctx, timezone);
	return compact({
		employee_id: employeeId,
		location_id: locationId,
		position_id: positionId,
		shift_id: shiftId,
		start_time: start,
		end_time: end,
		breaks: breaks.length ? breaks : undefined,
		// `note`, as every example in the spec spells it; sent as `notes` where the service wants that (see the top).
		note: textField(node, itemIndex, extra.note, 'Additional Fields › Note'),
	});
}

/**
 * Body of a timesheet change: only the fields the user added. The timesheet is read first only
 * when needed: for its location's time zone (a time without an offset), or for its start and end
 * (breaks sent without both new times).
 */
async function updateBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const timesheetId = idParameter(ctx, 'timesheetId', 'Timesheet', 'timesheet');
	const fields = updateFieldsOf(ctx);
	const current = recordBeingChanged(ctx, 'timesheet', timesheetId, 'Timesheet');
	const timesheet = current.record;
	const { timezone } = current;
	const body: IDataObject = {};
	if ('positionId' in fields) body.position_id = idParameter(ctx, 'updateFields.positionId', 'Position', 'position');
	// `note`, as every example in the spec spells it; sent as `notes` where the service wants that (see the top).
	if ('note' in fields) body.note = textField(node, itemIndex, fields.note, 'Update Fields › Note') ?? null;
	if ('startTime' in fields) body.start_time = await timestampAt(ctx, fields.startTime, 'Start Time', timezone);
	if ('endTime' in fields) body.end_time = await timestampAt(ctx, fields.endTime, 'End Time', timezone);
	const startOf = async () => (body.start_time as string | undefined) ?? String((await timesheet()).start_time);
	const endOf = async () => {
		if (body.end_time) return body.end_time as string;
		const end = (await timesheet()).end_time;
		return end === null || end === undefined ? null : String(end);
	};
	const rows = 'breaks' in fields ? ((fields.breaks as IDataObject).break as Break[] | undefined) ?? [] : undefined;
	// Breaks sent without both new times are checked against the stored ones: the timesheet is read anyway.
	const readAnyway = current.wasRead() || (rows !== undefined && rows.length > 0 && !(body.start_time && body.end_time));
	if (body.start_time || body.end_time) {
		const start = body.start_time ? String(body.start_time) : readAnyway ? await startOf() : undefined;
		const end = body.end_time ? String(body.end_time) : readAnyway ? await endOf() : undefined;
		if (start && end) checkTimesheetTimes(ctx, start, end);
	}
	if (rows !== undefined) {
		body.breaks = await breaksOf(ctx, rows, timezone, async () => ({ start: await startOf(), end: await endOf() }));
	}
	if (Object.keys(body).length === 0) {
		throw inputError(node, itemIndex, 'Update Fields has nothing to change', 'Add a field and give it a value.');
	}
	return body;
}

/** Version 2's Breaks, as the API writes them (the same keys as version 1's rows). */
const TIMESHEET_BREAKS = breaksAsRows(
	(api) => ({ start: api.start, end: api.end, paid: api.paid }),
	'[{"start": "2026-11-23T12:30", "end": "2026-11-23T13:00", "paid": false}]',
);

/** Version 2: the timesheet's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts). */
const MAPPER: MapperSpec = {
	key: 'timesheet',
	idParameter: 'timesheetId',
	idLabel: 'Timesheet',
	fields: [
		{ id: 'employee_id', displayName: 'Employee ID', required: true, create: 'employeeId', match: true, defaultMatch: true },
		{ id: 'location_id', displayName: 'Location ID', required: true, create: 'locationId', match: true },
		{ id: 'position_id', displayName: 'Position ID', required: true, create: 'positionId', update: 'updateFields.positionId', match: true },
		{ id: 'shift_id', displayName: 'Shift ID', create: 'additionalFields.shiftId', match: true },
		{ id: 'start_time', displayName: 'Start Time', required: true, create: 'startTime', update: 'updateFields.startTime', match: true, defaultMatch: true },
		// Blank on create: the person is still clocked in.
		{ id: 'end_time', displayName: 'End Time', create: 'endTime', update: 'updateFields.endTime', match: true },
		{ id: 'breaks', displayName: 'Breaks', type: 'array', create: 'additionalFields.breaks', update: 'updateFields.breaks', toParameter: TIMESHEET_BREAKS },
		// `notes` too: the spec's field table spells it so (see the top).
		{ id: 'note', displayName: 'Note', create: 'additionalFields.note', update: 'updateFields.note', aliases: ['notes'] },
	],
};

/** Create or Update: by default, the same timesheet is the same person starting at the same minute. */
const UPSERT: UpsertSpec = {
	updatable: ['position_id', 'start_time', 'end_time', 'breaks', 'note'],
	defaultMatch: ['employee_id', 'start_time'],
	span: startDateSpan,
	minuteTimes: true,
	readAs: { note: ['note', 'notes'] },
};

export class RosteringTimesheet implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Timesheet',
		name: 'rosteringTimesheet',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change and delete timesheets (time worked)',
		defaults: { name: 'Rostering Timesheet' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: withNoteKeys(runThroughTransport('timesheet')) },
		properties: withVersion2([
			{
				displayName:
					"Timesheets created here are pending. Approving timesheets happens only in the service's own application, not here; only pending timesheets can be changed or deleted. Times are stored to the whole minute (seconds are dropped), and an empty End Time means the person is still clocked in.",
				name: 'notice',
				type: 'notice',
				default: '',
				displayOptions: { show: { operation: ['create', 'createMany', 'delete', 'update'] } },
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
				displayOptions: { show: { resource: ['timesheet'] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a timesheet',
						description: 'Record time worked as a pending timesheet',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(withBody(createBody))),
					},
					{
						name: 'Create Many',
						value: 'createMany',
						action: 'Create many timesheets',
						description: 'Create one timesheet per input item, sent in batches of up to 100 that are saved all or nothing',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/timesheets' }, throughTransport(withBody(createBody))),
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
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/timesheets' }, throughTransport(withRecordId('timesheetId', 'Timesheet', 'timesheet'), withBody(updateBody))),
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
				name: 'timesheetId',
				displayName: 'Timesheet',
				singular: 'timesheet',
				searchMethod: 'searchTimesheets',
				required: true,
				operations: ['delete', 'get', 'update'],
			}),
			idLocator({
				name: 'employeeId',
				displayName: 'Employee',
				singular: 'employee',
				searchMethod: 'searchEmployees',
				required: true,
				description: 'Who worked',
				operations: ['create', 'createMany'],
			}),
			...placeAndTimes({ location: 'Where the time was worked', position: 'Position worked, at the chosen location' }, (name, displayName, operations) =>
				name === 'endTime'
					? {
							...timesheetTime(name, displayName, operations, false),
							description: `Leave empty to clock the person in: the timesheet stays open (no end) until it is ended. ${timesheetTime(name, displayName).description}`,
						}
					: timesheetTime(name, displayName, operations),
			),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create', 'createMany'] } },
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
				displayOptions: { show: { operation: ['update'] } },
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
		], MAPPER, { create: createBody, update: updateBody }),
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts). The note's spelling is settled
	// per request (nodes/RosteringTimesheet/timesheet-note.ts).
	customOperations = { timesheet: mappedWriteOperations(MAPPER, UPSERT, { create: createBody, update: updateBody, sender: sendWithNoteKey }) };
}
