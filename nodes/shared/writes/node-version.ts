import type { INodeProperties, INodePropertyOptions, INodeTypeBaseDescription, INodeTypeDescription, PreSendAction } from 'n8n-workflow';

import { actionNode } from '../editor/fields';
import { aiToolRouting, CUSTOM_API_CALL } from '../n8n-internals';
import { changeOne, deleteOne, prepareList, readList, readOne, sentBy, type Picker } from '../operations';
import type { ResourceKey } from '../resources';
import type { RowSource, WriteSpec } from './rows';
import { notForAgents, toolWrite } from './tool-call';

/**
 * What the versions of a write node (Shift, Timesheet, On-Demand Shift, Project) show, built
 * alike: each version is an INodeType of the node's v1/ or v2/ folder (n8n-workflow's
 * VersionedNodeType holds them, as n8n's own nodes do it) that gives its description from
 * `versionDescription` and names its `customOperations` itself (writes.ts writeOperations). What
 * both versions show is the node's description.ts (WriteNodeParts and its operations).
 */

/** What both versions of a write node show, in the node's description.ts. */
export interface WriteNodeParts {
	/** The one choice of the Resource dropdown; its value keys the customOperations. */
	resource: { name: string; value: ResourceKey };
	/** The API path of the resource's records ("/v1/shifts"). */
	url: string;
	/** Shown first, above the Resource dropdown. */
	notices: INodeProperties[];
	/** The record picker of the operations that name one record by it (Delete, Get; a project's Archive…). */
	picker: INodeProperties;
	/** Shown after each version's own fields: Get Many's, and every operation's Options. */
	last: INodeProperties[];
}

/** The values of the operations a version's customOperations run: Create or Update has a routing of its own (upsertOption). */
const WRITES = ['create', 'createMany', 'update'];

/** What one version of a write node shows of its own. */
interface VersionParts<Row extends object> {
	version: number;
	/**
	 * The Operation dropdown, in its order (Custom API Call is added last: n8n-internals A8). A
	 * write (Create, Create Many, Update) is given without routing: the version's customOperations
	 * run it, and its routing is the AI-tool path's (routed).
	 */
	operations: Array<INodePropertyOptions | Omit<INodePropertyOptions, 'routing'>>;
	writes: WriteSpec<Row>;
	rows: RowSource<Row>;
	/** The version's own parameters, before and after the record picker. */
	beforePicker?: INodeProperties[];
	afterPicker?: INodeProperties[];
}

/**
 * A write the node's customOperations run (Create, Create Many, Update): on n8n's AI-tool path,
 * which runs the routing instead (n8n-internals A7), the body is made from the item's row as the
 * version reads it (tool-call.ts).
 */
function routed<Row extends object>(option: INodePropertyOptions, parts: WriteNodeParts, own: VersionParts<Row>): INodePropertyOptions {
	if (option.routing || !WRITES.includes(String(option.value))) return option;
	const operation = option.value === 'update' ? 'update' : 'create';
	const request = { method: operation === 'update' ? ('PATCH' as const) : ('POST' as const), url: parts.url };
	return { ...option, routing: aiToolRouting(request, sentBy(toolWrite(own.writes, own.rows, operation))) };
}

/** An operation on the record picked (Get, Delete; a project's Archive with its body's preSend), in both versions. */
export function pickedOption(option: Omit<INodePropertyOptions, 'routing'>, parts: WriteNodeParts, method: 'DELETE' | 'GET' | 'PATCH', picker: Picker, ...more: PreSendAction[]): INodePropertyOptions {
	const key = parts.resource.value;
	const sender = method === 'GET' ? readOne(key, picker) : method === 'DELETE' ? deleteOne(key, picker) : changeOne(key, picker);
	return { ...option, routing: { request: { method, url: parts.url }, ...sentBy(sender, ...more) } };
}

/** Get Many, in both versions. */
export function listOption(option: Omit<INodePropertyOptions, 'routing' | 'name' | 'value'>, parts: WriteNodeParts, ...more: PreSendAction[]): INodePropertyOptions {
	return { name: 'Get Many', value: 'getAll', ...option, routing: { request: { method: 'GET', url: parts.url }, ...sentBy(readList(parts.resource.value), prepareList, ...more) } };
}

/**
 * Version 2's Create or Update (`action`: "Create or update a shift"), run by customOperations;
 * on n8n's AI-tool path it says it is not offered (tool-call.ts notForAgents).
 */
export function upsertOption(action: string, record: string, parts: WriteNodeParts): INodePropertyOptions {
	return {
		name: 'Create or Update',
		value: 'upsert',
		action,
		description: `Create a new ${record}, or update the current one if it already exists (upsert)`,
		routing: aiToolRouting({ method: 'POST', url: parts.url }, sentBy(notForAgents)),
	};
}

/** One version's description: the node's base (displayName, name, icon…), then its parameters. */
export function versionDescription<Row extends object>(base: INodeTypeBaseDescription, parts: WriteNodeParts, own: VersionParts<Row>): INodeTypeDescription {
	// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
	const operations = [...own.operations.map((option) => routed(option as INodePropertyOptions, parts, own)), { ...CUSTOM_API_CALL }];
	const resource = parts.resource.value;
	return {
		...base,
		version: own.version,
		defaults: { name: base.displayName },
		...actionNode(),
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
