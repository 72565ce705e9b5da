import type { IDisplayOptions, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { NAMED_RESOURCES } from './names';
import { resource, type ListParameter, type ResourceKey } from '../resources';
import { capitalised, titleCase, withArticle } from '../input/values';
import { DAYS } from '../input/days';
import { simplifyOption } from './simplify';


/**
 * Builders for the parameters that repeat across nodes. Parameter names are the package's public
 * API (saved workflows store them): camelCase, the same in every node.
 */

/**
 * The subtitle every resource node shows on the canvas: its operation as the Operation dropdown
 * names it ("Get Many", "Create Many"), not its value. Each node repeats it as a literal, because
 * n8n's lint (node-class-description-missing-subtitle) only accepts a string written in place;
 * test/unit/invariants.test.ts checks every node carries exactly this.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const OPERATION_SUBTITLE =
	'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}';

/** Shown for these operations. */
function show(operations: string[]): IDisplayOptions {
	return { show: { operation: operations } };
}

/**
 * The Resource selector and the Operation dropdown of a node that serves one resource. The Resource
 * stays declared, hidden with its one choice: customOperations reads node.parameters.resource, and
 * n8n's nodes panel reads the options of a `resource` property. (n8n's scanner asks for a visible
 * one beyond five operations, the write nodes'.) `operations` ends with Custom API Call
 * (n8n-internals A8). `hint`: what to know about the resource, under the dropdown; information,
 * not a warning: n8n draws every notice in warning colours.
 */
export function resourceAndOperation(
	resource: { name: string; value: string },
	operations: INodePropertyOptions[],
	defaultOperation: string,
	hint?: string,
): INodeProperties[] {
	const { value } = resource;
	return [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'hidden',
			noDataExpression: true,
			options: [resource],
			default: value,
		},
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [value] } },
			options: operations,
			default: defaultOperation,
			...(hint === undefined ? {} : { hint }),
		},
	];
}

/** A notice at the top of a node: what to know before using it. */
export function notice(text: string, where: { name?: string; operations?: string[] } = {}): INodeProperties {
	const shown = where.operations ? { displayOptions: { show: { operation: where.operations } } } : {};
	return { displayName: text, name: where.name ?? 'notice', type: 'notice', default: '', ...shown };
}

export interface LocatorOptions {
	name: string;
	displayName: string;
	/** "shift", "location", ...: used in the placeholder and the validation message. */
	singular: string;
	/** Name of the list-search method in nodes/shared/editor/search.ts. */
	searchMethod: string;
	required?: boolean;
	description?: string;
	/** Omit when the locator sits inside a collection (which has its own display options). */
	operations?: string[];
}

/** An id picker: "From list" (searchable) by default, or "By ID" checked as 24 hex characters. */
export function idLocator(options: LocatorOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? false,
		description: options.description,
		...(options.operations ? { displayOptions: show(options.operations) } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${withArticle(options.singular)}...`,
				typeOptions: { searchListMethod: options.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[0-9a-f]{24}$',
							errorMessage: `${capitalised(withArticle(options.singular))} id is 24 lowercase hexadecimal characters`,
						},
					},
				],
			},
		],
	};
}

/** Return All and Limit for a Get Many operation. */
export function returnAllAndLimit(operation = 'getAll'): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: show([operation]),
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { operation: [operation], returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/**
 * A date-time parameter whose text may carry an offset or mean local time at the location.
 *
 * A string, not n8n's dateTime picker: the picker (element-plus, n8n 2.40) clears typed text that
 * is not exactly "YYYY-MM-DD HH:mm:ss", so the documented 2026-11-23T09:00 could not be typed, and
 * it drops a typed offset without a word. Saved workflows from the picker hold
 * "2026-11-23T09:00:00", which this field and its parser (values.ts toTimestamp) read the same.
 */
export function localTime(name: string, displayName: string, operations?: string[], required = true): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-11-23T09:00',
		hint: 'Local time at the location, or add an offset such as +11:00',
		required,
		description:
			"Local time at the location (for example 2026-11-23T09:00), daylight saving included, or a time with a UTC offset (2026-11-23T09:00:00+11:00). Times the service stores are shown with the location's offset.",
		...(operations ? { displayOptions: show(operations) } : {}),
	};
}

/**
 * Location, Position, Start Time and End Time of a new record that happens at a location (shift,
 * timesheet, on-demand shift), shown for Create and Create Many of a write node's version 1
 * (version 2 maps them).
 */
export function placeAndTimes(
	where: { location: string; position: string },
	time: (name: string, displayName: string, operations?: string[], required?: boolean) => INodeProperties = localTime,
): INodeProperties[] {
	const operations = ['create', 'createMany'];
	return [
		idLocator({
			name: 'locationId',
			displayName: 'Location',
			singular: 'location',
			searchMethod: 'searchLocations',
			required: true,
			description: `${where.location}; its time zone gives local times their meaning`,
			operations,
		}),
		idLocator({
			name: 'positionId',
			displayName: 'Position',
			singular: 'position',
			searchMethod: 'searchPositions',
			required: true,
			description: where.position,
			operations,
		}),
		time('startTime', 'Start Time', operations, true),
		time('endTime', 'End Time', operations, true),
	];
}

/** The collections of optional parameters, by name: what the editor calls them and its "Add ..." button. */
const COLLECTIONS = {
	filters: ['Filters', 'Add Filter'],
	options: ['Options', 'Add Option'],
	additionalFields: ['Additional Fields', 'Add Field'],
	updateFields: ['Update Fields', 'Add Field'],
} as const;

/** A collection of optional parameters, shown as `displayOptions` says (without: always, as on a trigger). */
export function collection(name: keyof typeof COLLECTIONS, options: INodeProperties[], displayOptions?: IDisplayOptions): INodeProperties {
	const [displayName, placeholder] = COLLECTIONS[name];
	return { displayName, name, type: 'collection', placeholder, default: {}, ...(displayOptions ? { displayOptions } : {}), options };
}

/** A write node's version 1 collection of optional fields: Additional Fields of its creates, Update Fields of Update. */
export function fieldsCollection(kind: 'additionalFields' | 'updateFields', operations: string[], options: INodeProperties[]): INodeProperties {
	return collection(kind, options, show(operations));
}

/**
 * The breaks editor of a write: a list of "Break" rows (`breaks.break[]`, what the body builders
 * read), each with its timing fields and whether it is paid.
 */
export function breaksEditor(description: string, timing: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Breaks',
		name: 'breaks',
		type: 'fixedCollection',
		placeholder: 'Add Break',
		typeOptions: { multipleValues: true },
		default: {},
		description,
		options: [
			{
				displayName: 'Break',
				name: 'break',
				values: [
					...timing,
					{
						displayName: 'Paid',
						name: 'paid',
						type: 'boolean',
						default: false,
						description: 'Whether the break is paid',
					},
				],
			},
		],
	};
}

/** Planned breaks of a shift: offset from the start, duration, and whether it is paid. */
export function shiftBreaks(): INodeProperties {
	return breaksEditor(
		'Planned breaks. Leave empty to let the service plan them from the award (it also re-plans them when start or end changes).',
		[
			{
				displayName: 'Starts After (Minutes)',
				name: 'offsetMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 240,
				description: 'Minutes from the start of the shift to the start of the break',
			},
			{
				displayName: 'Duration (Minutes)',
				name: 'durationMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
			},
		],
	);
}

/** Options › Add Names (names.ts): on the reads of resources whose records carry those ids, and on their triggers. */
export function addNamesOption(displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Add Names',
		name: 'addNames',
		type: 'boolean',
		// On once added: adding the option is asking for names (issue 31). A node without the option
		// reads none, so saved workflows are as they were.
		default: true,
		...(displayOptions ? { displayOptions } : {}),
		description:
			"Whether to add a readable name beside each employee, location and position ID: employee_name, location_name and position_name (from_employee_name and to_employee_name on shift swaps, lists such as employee_names beside lists of IDs), and the location's time zone beside its name (location_timezone), to show a time at the location whatever offset the service wrote it with. Each kind of name costs one list read per execution, however many items; employee names need Staff Details (people:read). An ID the service no longer shares, such as someone who has left, gets null.",
	};
}

/**
 * Options every operation has: how long to wait out a rate limit, and the idempotency key of a
 * write. Reads (Get, Get Many) of the resources whose records carry employee, location or position
 * ids also get Add Names (names.ts); the hidden Resource parameter, whose value is the resource
 * key, tells them apart, so each node's call stays the same.
 */
export function requestOptions(writeOperations: string[], allOperations: string[]): INodeProperties {
	return collection(
		'options',
		[
			// Assign If Open (Shift, version 2) names the shift it answers with, as Get does.
			addNamesOption({ show: { '/operation': ['get', 'getAll', 'assignIfOpen'], '/resource': NAMED_RESOURCES } }),
			simplifyOption(),
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				displayOptions: { show: { '/operation': writeOperations } },
				description:
					'A key unique to this record, for example the ID of the source row, so that running the workflow again cannot create or change it twice (the service remembers keys for 24 hours). Without it, the node still makes its own retries safe.',
			},
			maxRateLimitWaitOption('a longer wait fails with an error instead'),
		],
		show(allOperations),
	);
}

/** Options › Max Rate-Limit Wait (params.ts maxRateLimitWait reads it); `beyond`: what a longer wait does. */
export function maxRateLimitWaitOption(beyond: string): INodeProperties {
	return {
		displayName: 'Max Rate-Limit Wait (Seconds)',
		name: 'maxRateLimitWait',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 3600 },
		default: 60,
		description: `When the service says to slow down or to come back later (Retry-After), wait as long as it asks, up to this many seconds; ${beyond}`,
	};
}

/** One Get Many filter, sent as the query parameter the spec names. */
function filterFor(key: ResourceKey, parameter: ListParameter): INodeProperties | undefined {
	const spec = resource(key);
	const query = (property: string) => ({ send: { type: 'query' as const, property } });
	const plural = `${spec.singular}s`;
	const daysAt = spec.datesAt ? `a calendar day at ${spec.datesAt}` : 'at midnight where each record is';
	switch (parameter) {
		case 'location_id':
			return { ...idLocator({ name: 'locationId', displayName: 'Location', singular: 'location', searchMethod: 'searchLocations' }), routing: query(parameter) };
		case 'employee_id':
			return { ...idLocator({ name: 'employeeId', displayName: 'Employee', singular: 'employee', searchMethod: 'searchEmployees' }), routing: query(parameter) };
		case 'shift_id':
			return { ...idLocator({ name: 'shiftId', displayName: 'Shift', singular: 'shift', searchMethod: 'searchShifts' }), routing: query(parameter) };
		case 'type_id':
			return { ...idLocator({ name: 'leaveTypeId', displayName: 'Leave Type', singular: 'leave type', searchMethod: 'searchLeaveTypes' }), routing: query(parameter) };
		case 'status': {
			const status: INodeProperties = {
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: (spec.statuses ?? []).map((value) => ({ name: titleCase(value), value })),
				default: '',
				description: `Only ${plural} in this status`,
				routing: query(parameter),
			};
			// The first status is the default: an empty status would be refused by the service.
			status.default = spec.statuses?.[0] ?? '';
			return status;
		}
		case 'from':
			return {
				displayName: 'From',
				name: 'from',
				type: 'dateTime',
				default: '',
				description: `First day, ${daysAt}${spec.rangeDays ? `. Ranges over ${spec.rangeDays} days are split into several requests and merged.` : ''}`,
				routing: query(parameter),
			};
		case 'to':
			return {
				displayName: 'To',
				name: 'to',
				type: 'dateTime',
				default: '',
				description: `Last day, included, ${spec.datesAt ? daysAt : 'where each record is'}`,
				routing: query(parameter),
			};
		case 'updated_since':
			return {
				displayName: 'Updated Since',
				name: 'updatedSince',
				type: 'dateTime',
				default: '',
				description: `Only ${plural} changed at or after this moment. Without an offset it is read in the workflow's time zone.`,
				routing: query(parameter),
			};
		case 'include_archived':
			return {
				displayName: 'Include Archived',
				name: 'includeArchived',
				type: 'boolean',
				default: false,
				description: `Whether to include archived ${plural}, which lists hide unless asked (pair with Updated Since to see removals)`,
				routing: query(parameter),
			};
		default:
			return undefined;
	}
}

/**
 * Filters › Open Shifts Only: the API lists shifts with and without a person alike, so the node
 * keeps the open ones as it reads (operations.ts readList; Limit counts the open shifts).
 */
const OPEN_SHIFTS_ONLY: INodeProperties = {
	displayName: 'Open Shifts Only',
	name: 'openShiftsOnly',
	type: 'boolean',
	default: true,
	description: 'Whether to return only shifts with nobody on them. The service lists all shifts: the node reads them all and keeps the open ones.',
};

/**
 * Filters › Days (input/days.ts): From and To worked out at the location, not sent as such (the
 * list read gets `from` and `to`; operations.ts prepareList).
 */
function daysFilter(key: ResourceKey): INodeProperties {
	const spec = resource(key);
	const where = spec.listParameters.includes('location_id') ? "the Location filter's location, or every location of the business" : (spec.datesAt ?? 'the location');
	return {
		displayName: 'Days',
		name: 'days',
		type: 'options',
		options: DAYS.map((day) => ({ ...day })),
		default: 'today',
		description: `Instead of From and To: these days as the calendar runs at ${where} (n8n's $today is the day where n8n runs)`,
	};
}

/**
 * The Filters collection of a Get Many: exactly the query parameters the resource table lists for
 * the endpoint (a parameter it does not take would be a 400), sorted by name as n8n's rules ask.
 * Parameters the endpoint requires are left out here and asked for on their own (`required`).
 */
export function getManyFilters(key: ResourceKey, required: ListParameter[] = [], operation = 'getAll'): INodeProperties {
	const spec = resource(key);
	const params = spec.listParameters.filter((p) => !required.includes(p));
	const options = [...params.map((p) => filterFor(key, p)), params.includes('from') && params.includes('to') ? daysFilter(key) : undefined, key === 'shift' ? OPEN_SHIFTS_ONLY : undefined]
		.filter((p): p is INodeProperties => p !== undefined)
		.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return collection('filters', options, show([operation]));
}

/** A list parameter the endpoint requires (public holidays' from and to), asked for on its own. */
export function requiredListParameter(key: ResourceKey, parameter: ListParameter, operation = 'getAll'): INodeProperties {
	const filter = filterFor(key, parameter);
	if (!filter) throw new Error(`${parameter} is not a list parameter`);
	return { ...filter, required: true, displayOptions: show([operation]) };
}

/**
 * The notice at the top of a node whose endpoint the spec names but does not show: what the node
 * reads, then that its address is our guess (resources.ts `shown: false`), so a 404 is understood.
 */
export function inferredNotice(what: string): INodeProperties {
	return notice(
		`${what} The service's documentation does not give this list's address, so the node calls the likeliest one. If a run says nothing is there, use the HTTP Request node with this credential and the address the service gives you.`,
	);
}

/** The list filters a trigger on `key` may set: its id and status filters, not dates or paging. */
export function triggerFilters(key: ResourceKey): INodeProperties {
	const options = resource(key)
		.listParameters.filter((p) => ['location_id', 'employee_id', 'shift_id', 'type_id', 'status'].includes(p))
		.map((p) => filterFor(key, p))
		.filter((p): p is INodeProperties => p !== undefined)
		.map((p) => {
			const filter = { ...p };
			delete filter.routing;
			return filter;
		})
		.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return collection('filters', options, { show: { resource: [key] } });
}

/**
 * What every action node takes and gives: one input, one output, the package's credential, JSON
 * answers. New objects for each node, as if written in each (n8n's loader may change a node's own).
 */
export function actionNode(): Pick<INodeTypeDescription, 'inputs' | 'outputs' | 'credentials' | 'requestDefaults'> {
	return {
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: { headers: { Accept: 'application/json' } },
	};
}
