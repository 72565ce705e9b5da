import type {
	IHttpRequestMethods,
	PreSendAction,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { aiToolRouting, CUSTOM_API_CALL } from '../n8n-internals';
import { prepareList, throughTransport, withRecordId } from '../operations';
import { toolCallBody, type RowSource, type WriteSpec } from './bodies';

/**
 * The versions of a write node (Shift, Timesheet, On-Demand Shift, Project), each an INodeType that
 * the node's VersionedNodeType holds (n8n-workflow's VersionedNodeType, as n8n's own nodes do it):
 * version 1 in the node's v1/ (its fields in Additional Fields and Update Fields), version 2 in its
 * v2/ (the resource mapper, and Create or Update). What both versions show is the node's own
 * description.ts (WriteNodeParts); what each version adds is its own (VersionParts).
 */

/** What both versions of a write node show, in the node's description.ts. */
export interface WriteNodeParts {
	/** The one choice of the Resource dropdown. */
	resource: { name: string; value: string };
	/** Shown first, above the Resource dropdown. */
	notices: INodeProperties[];
	/** The record picker of the operations that name one record by it (Delete, Get; a project's Archive…). */
	picker: INodeProperties;
	/** Shown after each version's own fields: Get Many's, and every operation's Options. */
	last: INodeProperties[];
	requestOperations: INodeTypeDescription['requestOperations'];
}

/** What one version of a write node shows of its own. */
export interface VersionParts {
	version: number;
	/** The Operation dropdown, in its order, ending with Custom API Call (added here: n8n-internals A8). */
	operations: INodePropertyOptions[];
	/** Right below the operation, before the record picker (version 2's mapper, as n8n's own data nodes show their columns). */
	beforePicker?: INodeProperties[];
	/** After the record picker (version 1's fields). */
	afterPicker?: INodeProperties[];
}

/**
 * An operation the node's customOperations run (Create, Create Many, Update): on n8n's AI-tool path,
 * which runs the routing instead (n8n-internals A7), the body is built from the item's row as the
 * version reads it (`rows`).
 */
export function writeOption<Row extends object>(
	option: Omit<INodePropertyOptions, 'routing'>,
	request: { method: IHttpRequestMethods; url: string },
	writes: { spec: WriteSpec<Row>; rows: RowSource<Row> },
): INodePropertyOptions {
	const mode = request.method === 'PATCH' ? 'update' : 'create';
	return { ...option, routing: aiToolRouting(request, throughTransport(toolCallBody(writes.spec, writes.rows, mode))) };
}

/** The record picker of a write node: its parameter, its label, and the record it picks ("shiftId", "Shift", "shift"). */
export type Picker = [parameter: string, label: string, singular: string];

/** An operation n8n's routing runs on the record picked (Delete, Get; a project's Archive), in both versions. */
export function pickedOption(option: Omit<INodePropertyOptions, 'routing'>, request: { method: IHttpRequestMethods; url: string }, picker: Picker, ...more: PreSendAction[]): INodePropertyOptions {
	return { ...option, routing: { request, send: throughTransport(withRecordId(...picker), ...more) } };
}

/** Get Many, run by n8n's routing, in both versions. */
export function listOption(option: Omit<INodePropertyOptions, 'routing' | 'name' | 'value'>, url: string, ...more: PreSendAction[]): INodePropertyOptions {
	return { name: 'Get Many', value: 'getAll', ...option, routing: { request: { method: 'GET', url }, send: throughTransport(prepareList, ...more) } };
}

/**
 * Version 2's Create or Update (`action`: "Create or update a shift"), run by customOperations;
 * on n8n's AI-tool path it says it is not offered (runThroughTransport).
 */
export function upsertOption(action: string, record: string, url: string): INodePropertyOptions {
	return {
		name: 'Create or Update',
		value: 'upsert',
		action,
		description: `Create a new ${record}, or update the current one if it already exists (upsert)`,
		routing: aiToolRouting({ method: 'POST', url }, throughTransport()),
	};
}

/** One version's description: the node's base (displayName, name, icon…), then its parameters. */
export function writeNodeDescription(base: INodeTypeBaseDescription, parts: WriteNodeParts, own: VersionParts): INodeTypeDescription {
	// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
	const operations = [...own.operations, { ...CUSTOM_API_CALL }];
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
export class WriteNodeVersion implements INodeType {
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
