import type {
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	PreSendAction,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { aiToolRouting, CUSTOM_API_CALL } from '../n8n-internals';
import { listSearch } from '../editor/search';
import { prepareList, throughTransport, withRecordId } from '../operations';
import { toolCallBody, type RowSource, type WriteSpec } from './bodies';
import { mapperProperties, resourceMapping, type MappedRows } from './mapper';
import { mappedWriteOperations, type UpsertSpec } from './upsert';
import { writeOperations } from './writes';

/**
 * The versions of a write node (Shift, Timesheet, On-Demand Shift, Project), each an INodeType that
 * the node's VersionedNodeType holds (n8n-workflow's VersionedNodeType, as n8n's own nodes do it):
 * version 1 in the node's v1/ (ParameterVersion: its fields in Additional Fields and Update
 * Fields), version 2 in its v2/ (MapperVersion: the resource mapper, and Create or Update). What
 * both versions show is the node's own description.ts (WriteNodeParts); what each version shows of
 * its own, and how it reads an item's row (RowSource), the version gives.
 */

/** What both versions of a write node show, in the node's description.ts. */
export interface WriteNodeParts {
	/** The one choice of the Resource dropdown; its value keys the customOperations. */
	resource: { name: string; value: string };
	/** The API path of the resource's records ("/v1/shifts"). */
	url: string;
	/** Shown first, above the Resource dropdown. */
	notices: INodeProperties[];
	/** The record picker of the operations that name one record by it (Delete, Get; a project's Archive…). */
	picker: INodeProperties;
	/** Shown after each version's own fields: Get Many's, and every operation's Options. */
	last: INodeProperties[];
	requestOperations: INodeTypeDescription['requestOperations'];
}

/** The values of the operations a version's customOperations run: Create or Update has a routing of its own (upsertOption). */
const WRITES = ['create', 'createMany', 'update'];

/** What one version of a write node shows of its own, and how it reads an item's row. */
interface VersionParts<Row extends object, Rows extends RowSource<Row>> {
	/**
	 * The Operation dropdown, in its order (Custom API Call is added last: n8n-internals A8). A
	 * write (Create, Create Many, Update) is given without routing: the version routes it.
	 */
	operations: Array<INodePropertyOptions | Omit<INodePropertyOptions, 'routing'>>;
	writes: WriteSpec<Row>;
	rows: Rows;
}

/**
 * A write the node's customOperations run (Create, Create Many, Update): on n8n's AI-tool path,
 * which runs the routing instead (n8n-internals A7), the body is built from the item's row as the
 * version reads it (`rows`).
 */
function routed<Row extends object>(option: INodePropertyOptions, parts: WriteNodeParts, own: VersionParts<Row, RowSource<Row>>): INodePropertyOptions {
	if (option.routing || !WRITES.includes(String(option.value))) return option;
	const mode = option.value === 'update' ? 'update' : 'create';
	const request = { method: mode === 'update' ? ('PATCH' as const) : ('POST' as const), url: parts.url };
	return { ...option, routing: aiToolRouting(request, throughTransport(toolCallBody(own.writes, own.rows, mode))) };
}

/** The record picker of a write node: its parameter, its label, and the record it picks ("shiftId", "Shift", "shift"). */
export type Picker = [parameter: string, label: string, singular: string];

/** An operation n8n's routing runs on the record picked (Delete, Get; a project's Archive), in both versions. */
export function pickedOption(option: Omit<INodePropertyOptions, 'routing'>, parts: WriteNodeParts, method: 'DELETE' | 'GET' | 'PATCH', picker: Picker, ...more: PreSendAction[]): INodePropertyOptions {
	return { ...option, routing: { request: { method, url: parts.url }, send: throughTransport(withRecordId(...picker), ...more) } };
}

/** Get Many, run by n8n's routing, in both versions. */
export function listOption(option: Omit<INodePropertyOptions, 'routing' | 'name' | 'value'>, parts: WriteNodeParts, ...more: PreSendAction[]): INodePropertyOptions {
	return { name: 'Get Many', value: 'getAll', ...option, routing: { request: { method: 'GET', url: parts.url }, send: throughTransport(prepareList, ...more) } };
}

/** One version's description: the node's base (displayName, name, icon…), then its parameters. */
function writeNodeDescription<Row extends object>(
	base: INodeTypeBaseDescription,
	parts: WriteNodeParts,
	own: VersionParts<Row, RowSource<Row>> & { version: number; beforePicker?: INodeProperties[]; afterPicker?: INodeProperties[] },
): INodeTypeDescription {
	// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
	const operations = [...own.operations.map((option) => routed(option as INodePropertyOptions, parts, own)), { ...CUSTOM_API_CALL }];
	const resource = parts.resource.value;
	return {
		...base,
		version: own.version,
		defaults: { name: base.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: parts.requestOperations,
		properties: [
			...parts.notices,
			{
				// A visible dropdown with one choice: n8n's scanner (resource-operation-pattern) requires a
				// Resource selector on a node with more than five operations. Nodes with five or fewer hide it.
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [parts.resource],
				default: resource,
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resource] } },
				options: operations,
				default: 'getAll',
			},
			...(own.beforePicker ?? []),
			parts.picker,
			...(own.afterPicker ?? []),
			...parts.last,
		],
	};
}

/** One version of a write node: its description, its editor's methods, and the writes it runs itself. */
class WriteNodeVersion implements INodeType {
	description: INodeTypeDescription;

	methods: INodeType['methods'];

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts);
	// Create or Update matches every row first (nodes/shared/writes/upsert.ts).
	customOperations: INodeType['customOperations'];

	constructor(description: INodeTypeDescription, methods: INodeType['methods'], customOperations: INodeType['customOperations']) {
		this.description = description;
		this.methods = methods;
		this.customOperations = customOperations;
	}
}

/**
 * Version 1 of a write node: a record's fields as parameters (`fields`, after the record picker:
 * Update's own picker, a create's pickers and times, Additional Fields, Update Fields), each item's
 * row read from them (the node's v1/rows.ts).
 */
export class ParameterVersion<Row extends object> extends WriteNodeVersion {
	constructor(base: INodeTypeBaseDescription, parts: WriteNodeParts, own: VersionParts<Row, RowSource<Row>> & { fields: INodeProperties[] }) {
		const description = writeNodeDescription(base, parts, { ...own, version: 1, afterPicker: own.fields });
		super(description, { listSearch }, { [parts.resource.value]: writeOperations(own.writes, own.rows) });
	}
}

/**
 * Version 2 of a write node: a record's fields in n8n's resource mapper (the `columns` of each of
 * `mapped`, right below the operation, as n8n's own data nodes show their columns), and Create or
 * Update (`upsert`).
 */
export class MapperVersion<Row extends object> extends WriteNodeVersion {
	constructor(
		base: INodeTypeBaseDescription,
		parts: WriteNodeParts,
		own: VersionParts<Row, MappedRows<Row>> & { mapped: Parameters<typeof mapperProperties>[0]; upsert: UpsertSpec },
	) {
		const { mapper } = own.rows;
		const description = writeNodeDescription(base, parts, { ...own, version: 2, beforePicker: mapperProperties(own.mapped, mapper) });
		super(description, { listSearch, resourceMapping: resourceMapping(mapper) }, { [parts.resource.value]: mappedWriteOperations(own.writes, own.rows, own.upsert) });
	}
}

/**
 * Version 2's Create or Update (`action`: "Create or update a shift"), run by customOperations;
 * on n8n's AI-tool path it says it is not offered (runThroughTransport).
 */
export function upsertOption(action: string, record: string, parts: WriteNodeParts): INodePropertyOptions {
	return {
		name: 'Create or Update',
		value: 'upsert',
		action,
		description: `Create a new ${record}, or update the current one if it already exists (upsert)`,
		routing: aiToolRouting({ method: 'POST', url: parts.url }, throughTransport()),
	};
}
