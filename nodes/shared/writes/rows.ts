import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IGetNodeParameterOptions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkedMaxWait, checkedUserKey } from '../input/params';
import { capitalised } from '../input/values';

/**
 * One input item of a write, as the node's body builders see it: the item (`WriteItem`: where its
 * errors point, what its requests are made with) and its row (the record's fields by the API's
 * names, typed per resource in each node's bodies.ts). A row comes from version 1's parameters
 * (each node's v1/rows.ts, through parameters.ts) or from version 2's resource mapper (mapper.ts
 * `mappedRows`); the builders check it the same way for both, so one set of rules serves both
 * versions, the AI-tool path and Create or Update. Each version gives the builders the labels it
 * shows (FieldLabels), so that an error names a field as the person sees it.
 */

/** Reads one of the item's parameters, as n8n's getNodeParameter does (an expression evaluated for this item). */
type ReadParameter = (name: string, fallback?: unknown, options?: IGetNodeParameterOptions) => unknown;

export interface WriteItem {
	node: INode;
	itemIndex: number;
	/** The operation run (Create Many and Create or Update leave the location check to the service). */
	operation: string;
	/** The node's context: a check that needs a read (a location's time zone, the record changed) makes it with this. */
	ctx: IExecuteFunctions | IExecuteSingleFunctions;
	/** The item's parameters. */
	read: ReadParameter;
	/** The input item's fields (Map Automatically reads them). */
	json: IDataObject;
	/** Options › Idempotency Key, checked (first: a key the service would refuse stops everything, even lookups). */
	userKey?: string;
	/** Options › Max Rate-Limit Wait, checked. */
	maxWait: number;
	/** The row's fields given by name, with the name (writes/names.ts): `{location_id: "Circular Quay Café"}`. */
	namesGiven?: IDataObject;
}

/**
 * How a node version names, in errors, the fields it shows in places of its own: version 1 in its
 * Additional Fields and Update Fields collections (parameters.ts), version 2 in the mapper (mapper.ts).
 */
export interface FieldLabels {
	/** An optional field of a create: version 1's "Additional Fields › Notes", version 2's "Notes". */
	added: (label: string) => string;
	/** A field of a change: version 1's "Update Fields › Notes", version 2's "Notes". */
	changed: (label: string) => string;
	/** A change that gives nothing to change: the error's message, and what to do. */
	nothingToChange: { message: string; description: string };
}

/**
 * A body builder: the request body of one create or change, from the item's row, checked before
 * anything is sent; its errors name the fields by `labels`, the version's.
 */
export type RowBuilder<Row extends object> = (item: WriteItem, row: Row, labels: FieldLabels) => Promise<IDataObject>;

/** What every item of one run shares: the node as n8n gives it, the input items, and the parameters without expressions. */
export interface RunShared {
	node: INode;
	inputs: INodeExecutionData[];
	constants: Map<string, unknown>;
}

export function runShared(ctx: IExecuteFunctions): RunShared {
	return { node: ctx.getNode(), inputs: ctx.getInputData(), constants: new Map() };
}

/** "additionalFields.notes" → "Additional Fields › Notes"; "locationId" → "Location". */
function parameterLabel(name: string): string {
	return name
		.split('.')
		.map((part) => capitalised(part.replace(/Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2')))
		.join(' › ');
}

/** True when a parameter as stored in the workflow holds an expression anywhere inside it. */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * The parameters of input item `itemIndex` of a custom operation: each read once, however often it
 * is asked for, and one without an expression read once for the whole run (`RunShared`), as is the
 * node (n8n's getNode deep-copies it on every call). With 1,000 items that saves thousands of
 * evaluations and copies. An expression that cannot be worked out fails naming its parameter.
 */
function parameterReader(ctx: IExecuteFunctions, itemIndex: number, shared: RunShared): ReadParameter {
	const { node, constants } = shared;
	const read = new Map<string, unknown>();
	return (name, fallback, options) => {
		const key = `${name}|${options?.extractValue === true}|${JSON.stringify(fallback) ?? ''}`;
		if (read.has(key)) return read.get(key);
		if (constants.has(key)) return constants.get(key);
		let value: unknown;
		try {
			value = ctx.getNodeParameter(name, itemIndex, fallback, options);
		} catch (error) {
			throw new NodeOperationError(node, `${parameterLabel(name)}: the value could not be worked out`, {
				itemIndex,
				description: `${(error as Error).message}${(error as NodeOperationError).description ? `. ${(error as NodeOperationError).description}` : ''}. Check the expression in ${parameterLabel(name)} for this item.`,
			});
		}
		let stored: unknown = node.parameters;
		for (const part of name.split('.')) stored = (stored as IDataObject | undefined)?.[part];
		(holdsExpression(stored) ? read : constants).set(key, value);
		return value;
	};
}

/** Item `itemIndex` of a custom operation's run. */
export function itemAt(ctx: IExecuteFunctions, itemIndex: number, shared: RunShared): WriteItem {
	return itemOf(ctx, shared.node, itemIndex, parameterReader(ctx, itemIndex, shared), shared.inputs[itemIndex]?.json ?? {});
}

/** The item RoutingNode runs (n8n's AI-tool path, one item per call: n8n-internals A7). */
export function routedItem(ctx: IExecuteSingleFunctions): WriteItem {
	return itemOf(ctx, ctx.getNode(), ctx.getItemIndex(), (name, fallback, options) => ctx.getNodeParameter(name, fallback, options), ctx.getInputData().json ?? {});
}

function itemOf(ctx: WriteItem['ctx'], node: INode, itemIndex: number, read: ReadParameter, json: IDataObject): WriteItem {
	const userKey = checkedUserKey(read('options.idempotencyKey', ''), node, itemIndex);
	const maxWait = checkedMaxWait(read('options.maxRateLimitWait', 60), node, itemIndex);
	return { node, itemIndex, operation: read('operation', '') as string, ctx, read, json, userKey, maxWait };
}
