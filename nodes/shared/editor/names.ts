import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';

import { recordName } from '../requests/answers';
import { asNodeError, CONNECT_AGAIN, howToAsk, subjectOf } from '../requests/errors';
import { ExecutionCache, executionKey } from '../requests/execution-cache';
import { maxRateLimitWait } from '../input/params';
import { resource, type ResourceKey } from '../resources';
import { CREDENTIAL_TYPE, listAll } from '../requests/transport';
import { inputError } from '../input/values';

/**
 * Options › Add Names: a readable name beside each employee, location and position id of the
 * records a node reads ("employee_name": "Ava Singh" beside "employee_id"), and beside a location's
 * name its time zone ("location_timezone": "Australia/Sydney"), so that a workflow can say who,
 * where and when at the location without a lookup of its own.
 *
 * Names come from the lists themselves, never from one request per record: each kind of name
 * (employees, locations, positions) is one list read (Return All, pages of 200) per execution and
 * connection, shared by every item of the execution, and only for the kinds the records need. An
 * id the list does not hold (someone who has left: the service stops sharing their record) gets a
 * null name, as does a null id (an open shift).
 */

export type NameKind = 'employee' | 'location' | 'position';

/** An id field the names go beside: `id` holds one id or a list of ids, `name` gets the same shape. */
export interface NamedField {
	id: string;
	name: string;
	kind: NameKind;
}

/** Every id field Add Names recognises, in the shapes the records carry them (sandbox/, the spec). */
export const NAMED_FIELDS: NamedField[] = [
	{ id: 'employee_id', name: 'employee_name', kind: 'employee' },
	// shift swaps: who offered and who was asked
	{ id: 'from_employee_id', name: 'from_employee_name', kind: 'employee' },
	{ id: 'to_employee_id', name: 'to_employee_name', kind: 'employee' },
	// projects: the people on the project
	{ id: 'employee_ids', name: 'employee_names', kind: 'employee' },
	{ id: 'location_id', name: 'location_name', kind: 'location' },
	// employees: their assigned locations and the positions they may not work
	{ id: 'location_ids', name: 'location_names', kind: 'location' },
	{ id: 'position_id', name: 'position_name', kind: 'position' },
	{ id: 'excluded_position_ids', name: 'excluded_position_names', kind: 'position' },
];

/**
 * The resources whose records carry one of those ids, so whose read operations offer Add Names.
 * Left out: those without such ids (connection, business, locations, leave types, leave blackout
 * periods, awards), and who can cover a shift, whose rows already carry first_name and last_name.
 */
export const NAMED_RESOURCES: ResourceKey[] = [
	'availability', // employee_id
	'employee', // location_ids, excluded_position_ids
	'employment', // employee_id
	'labourCost', // location_id
	'leaveBalance', // employee_id
	'leaveRequest', // employee_id
	'onDemandShift', // location_id, position_id
	'openShiftRequest', // employee_id, location_id
	'position', // location_id
	'project', // employee_ids
	'publicHoliday', // location_id
	'roster', // location_id
	'shift', // employee_id, location_id, position_id
	'shiftSwap', // from_employee_id, to_employee_id, location_id
	'timesheet', // employee_id, location_id, position_id
	'timesheetTotal', // employee_id
	'whosOn', // employee_id, location_id, position_id
];

/** Where the option sits on the node, for messages. */
const ADD_NAMES_OPTION = 'Options › Add Names';

/** "Ava Singh": the preferred name (or first name) and last name, as the employee picker shows it. */
export function employeeName(employee: IDataObject): string | null {
	const first = employee.preferred_name || employee.first_name;
	const name = [first, employee.last_name].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
	return name || null;
}

interface NameList {
	resource: ResourceKey;
	/** Archived locations and positions are asked for too: old records still name them. */
	query: IDataObject;
	label: (record: IDataObject) => string | null;
	/** What to say when the service refuses the list for want of a permission. */
	refused: { message: string; description: string };
}

/** Where the credential form asks for any one read permission (howToAsk, for a list of them). */
const ANY_READ_HOW = 'set Access to Read or Read and Change (with Choose Permissions: pick any one of them)';

const ANY_READ_LABELS =
	'Business Details and Locations (settings:read), Rosters and Shifts: Read (roster:read), Timesheets: Read (timesheets:read), Staff Details (people:read) or Leave (leave:read)';

/** A list any one read permission reads (locations, positions), archived records included. */
function anyReadList(kind: 'location' | 'position'): NameList {
	return {
		resource: kind,
		query: { include_archived: true },
		label: recordName,
		refused: {
			message: `Add Names needs a read permission to name ${kind}s`,
			description: `The service refused to list ${kind}s, which needs any one of ${ANY_READ_LABELS}. Open the Rostering credential, ${ANY_READ_HOW}, and ${CONNECT_AGAIN}; or switch off ${ADD_NAMES_OPTION}.`,
		},
	};
}

const LISTS: Record<NameKind, NameList> = {
	employee: {
		resource: 'employee',
		// The employee list takes no include_archived: people who left are not shared at all.
		query: {},
		label: employeeName,
		refused: {
			message: 'Add Names needs the Staff Details permission to name employees',
			description: `The service refused to list employees, which needs Staff Details (people:read). Open the Rostering credential, ${howToAsk('people:read')}, and ${CONNECT_AGAIN}, so that the business owner can allow it; or switch off ${ADD_NAMES_OPTION}.`,
		},
	},
	location: anyReadList('location'),
	position: anyReadList('position'),
};

/**
 * Names by id, for each kind read; under 'timezone', each location's time zone by its id.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export type NameLists = Map<NameKind | 'timezone', Map<string, string | null>>;

/**
 * Beside a location's name, its time zone (IANA, "Australia/Sydney"): the service may write a
 * record's times in UTC or any offset (the spec allows it), so a workflow that shows a person a
 * time formats it at this zone (`$json.start_time.toDateTime().setZone($json.location_timezone)`).
 */
const LOCATION_TIMEZONE = 'location_timezone';

const FIELDS_BY_ID = new Map(NAMED_FIELDS.map((field) => [field.id, field]));

function hasIds(value: unknown): boolean {
	if (typeof value === 'string') return value !== '';
	return Array.isArray(value) && value.some((id) => typeof id === 'string' && id !== '');
}

/**
 * The kinds of names these records need: those of the id fields that hold an id.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function kindsNeeded(records: IDataObject[]): Set<NameKind> {
	const kinds = new Set<NameKind>();
	for (const record of records) {
		if (!record || typeof record !== 'object') continue;
		for (const [key, value] of Object.entries(record)) {
			const field = FIELDS_BY_ID.get(key);
			if (field && !(field.name in record) && hasIds(value)) kinds.add(field.kind);
		}
	}
	return kinds;
}

function nameOf(value: unknown, names: Map<string, string | null> | undefined): string | null | Array<string | null> {
	const one = (id: unknown) => (typeof id === 'string' ? (names?.get(id) ?? null) : null);
	return Array.isArray(value) ? value.map(one) : one(value);
}

/**
 * The record with a name placed right after each id field it recognises (a list of names after a
 * list of ids). A name field the record already has is left as it is.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function withNames(record: IDataObject, names: NameLists): IDataObject {
	if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
	const named: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		named[key] = value;
		const field = FIELDS_BY_ID.get(key);
		if (field && !(field.name in record)) named[field.name] = nameOf(value, names.get(field.kind)) as IDataObject[keyof IDataObject];
		if (key === 'location_id' && !(LOCATION_TIMEZONE in record)) named[LOCATION_TIMEZONE] = nameOf(value, names.get('timezone')) as IDataObject[keyof IDataObject];
	}
	return named;
}

/** The contexts that read names: a node's items (and its pagination function), or a poll. */
export type NamesContext = IExecuteSingleFunctions | IPollFunctions;

/** How the list reads are sent: the node's own request options, when it has them. */
export interface NamesRequest {
	baseURL?: string;
	passThrough?: Partial<IHttpRequestOptions>;
	maxRateLimitWaitSeconds?: number;
}

/** Kept for the execution: at most this many lists (a few per execution; oldest dropped first). */
const lists = new ExecutionCache<IDataObject[]>(100);

/** The contexts that read a list of names: those of Add Names, and a write's items (writes/names.ts). */
export type NameListContext = NamesContext | IExecuteFunctions;

async function readList(ctx: NameListContext, kind: NameKind, request: NamesRequest): Promise<IDataObject[]> {
	const list = LISTS[kind];
	return await listAll(ctx, `/v1/${resource(list.resource).path}`, list.query, {
		subject: subjectOf(list.resource, 'getAll'),
		maxRateLimitWaitSeconds: request.maxRateLimitWaitSeconds,
		baseURL: request.baseURL,
		passThrough: request.passThrough,
	});
}

/**
 * The employees, locations or positions (archived ones too, but for employees, whom the service
 * stops sharing), read once for this execution and connection: a node's items share one read (the
 * promise is kept, since n8n runs them at once), whatever reads it (Add Names, names given where
 * ids go, Filters › Days). A poll hands all its records over in one call, so it reads each list
 * once per poll and keeps nothing between polls.
 */
export async function nameList(ctx: NameListContext, kind: NameKind, request: NamesRequest): Promise<IDataObject[]> {
	const execution = 'getInputData' in ctx ? executionKey(ctx, CREDENTIAL_TYPE) : undefined;
	return execution ? await lists.get(`${execution}|${kind}`, async () => await readList(ctx, kind, request)) : await readList(ctx, kind, request);
}

/** Names (and locations' time zones) by id, worked out once per list read (the items of an execution share the list). */
const namesById = new WeakMap<IDataObject[], Map<string, string | null>>();
const zonesById = new WeakMap<IDataObject[], Map<string, string | null>>();

function byId(cache: WeakMap<IDataObject[], Map<string, string | null>>, records: IDataObject[], label: (record: IDataObject) => string | null): Map<string, string | null> {
	let found = cache.get(records);
	if (!found) cache.set(records, (found = new Map(records.map((record) => [String(record.id), label(record)]))));
	return found;
}

const zoneOf = (location: IDataObject) => (typeof location.timezone === 'string' && location.timezone !== '' ? location.timezone : null);

/**
 * One kind of names for this execution and connection (for locations, their time zones too, from
 * the same list); a refused list says what permission it needs.
 */
async function namesOf(ctx: NamesContext, kind: NameKind, request: NamesRequest, into: NameLists): Promise<void> {
	try {
		const records = await nameList(ctx, kind, request);
		into.set(kind, byId(namesById, records, LISTS[kind].label));
		if (kind === 'location') into.set('timezone', byId(zonesById, records, zoneOf));
	} catch (error) {
		const context = (error as { context?: IDataObject }).context;
		if (context?.apiCode !== 'permission_denied') throw asNodeError(ctx.getNode(), error);
		const { message, description } = LISTS[kind].refused;
		const requestId = typeof context.requestId === 'string' ? ` Request id: ${context.requestId}.` : '';
		const refused = inputError(ctx.getNode(), 'getItemIndex' in ctx ? ctx.getItemIndex() : 0, message, `${description}${requestId}`);
		Object.assign(refused.context, { httpCode: (error as { httpCode?: string }).httpCode ?? '403', apiCode: context.apiCode, requestId: context.requestId });
		throw refused;
	}
}

/**
 * The records with names beside their employee, location and position ids (see withNames), after
 * one list read per kind of name they need; the same records when they need none.
 */
export async function addNames(ctx: NamesContext, records: IDataObject[], request: NamesRequest = {}): Promise<IDataObject[]> {
	const kinds = [...kindsNeeded(records)];
	const names: NameLists = new Map();
	const maxRateLimitWaitSeconds = kinds.length > 0 ? (request.maxRateLimitWaitSeconds ?? maxRateLimitWait(ctx)) : undefined;
	await Promise.all(
		kinds.map(async (kind) => {
			await namesOf(ctx, kind, { ...request, maxRateLimitWaitSeconds }, names);
		}),
	);
	return records.map((record) => withNames(record, names));
}
