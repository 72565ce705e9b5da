import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * Builders for the parameters that repeat across nodes. Parameter names are the package's public
 * API (saved workflows store them): camelCase, the same in every node.
 */

function show(operations: string[]): IDisplayOptions {
	return { show: { operation: operations } };
}

export interface LocatorOptions {
	name: string;
	displayName: string;
	/** "shift", "location", ...: used in the placeholder and the validation message. */
	singular: string;
	/** Name of the list-search method in nodes/shared/search.ts. */
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
				placeholder: `Select a ${options.singular}...`,
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
							errorMessage: `A ${options.singular} id is 24 lowercase hexadecimal characters`,
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

/** A date-time parameter whose text may carry an offset or mean local time at the location. */
export function localTime(name: string, displayName: string, operations?: string[], required = true): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		default: '',
		required,
		description:
			"Local time at the location (for example 2026-11-23T09:00), daylight saving included, or a time with a UTC offset (2026-11-23T09:00:00+11:00). Times the service stores are shown with the location's offset.",
		...(operations ? { displayOptions: show(operations) } : {}),
	};
}

/** Planned breaks of a shift: offset from the start, duration, and whether it is paid. */
export function shiftBreaks(): INodeProperties {
	return {
		displayName: 'Breaks',
		name: 'breaks',
		type: 'fixedCollection',
		placeholder: 'Add Break',
		typeOptions: { multipleValues: true },
		default: {},
		description:
			'Planned breaks. Leave empty to let the service plan them from the award (it also re-plans them when start or end changes).',
		options: [
			{
				displayName: 'Break',
				name: 'break',
				values: [
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

/** Options every operation has: how long to wait out a rate limit, and the idempotency key. */
export function requestOptions(writeOperations: string[], allOperations: string[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(allOperations),
		options: [
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				displayOptions: { show: { '/operation': writeOperations } },
				description:
					'A key unique to this record, for example the ID of the source row, so that running the workflow again cannot create or change it twice (the service remembers keys for 24 hours). Without it, the node still makes its own retries safe.',
			},
			{
				displayName: 'Max Rate-Limit Wait (Seconds)',
				name: 'maxRateLimitWait',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 60,
				description:
					'When the service says to slow down, wait as long as it asks, up to this many seconds; a longer wait fails with an error instead',
			},
		],
	};
}
