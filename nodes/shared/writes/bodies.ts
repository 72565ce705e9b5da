import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { resource } from '../resources';
import { idempotencyKey, type RequestContext } from '../requests/transport';
import { checkId, inputError } from '../input/values';
import { mappedRow, relabelled, type MapperSpec } from './mapper';
import { routedItem, type RowBuilder, type WriteItem } from './rows';

/**
 * A write node's writes, as one spec (each node's bodies.ts): where an item's row comes from in
 * each version, and the builders that check it and make the request body.
 */
export interface WriteSpec<Row extends object> {
	/** Version 2: the record's fields as the resource mapper shows them. */
	mapper: MapperSpec;
	/** Version 1: Create's (and Create Many's) parameters as a row. */
	createRow: (item: WriteItem) => Row;
	/** Version 1: Update's parameters as a row, `id` the record picked; a field the user added is in it. */
	updateRow: (item: WriteItem) => Row;
	/** Version 1's record picker, named in its errors ("Shift"). */
	idLabel: string;
	create: RowBuilder<Row>;
	/** The body of a change; the row's `id` is checked. */
	update: RowBuilder<Row>;
	/** Sends each create and change (default: once, as built). */
	sender?: CreateSender;
}

/**
 * Sends one create or change: `attempt` sends a body with its headers; a sender may call it again
 * with another body (the Timesheet node's note: timesheet-note.ts). That request carries a key of its own.
 */
export type CreateSender = (
	ctx: RequestContext,
	request: { method: string; body: IDataObject; headers: IDataObject },
	attempt: (body: IDataObject, headers: IDataObject) => Promise<IDataObject>,
) => Promise<IDataObject>;

export const sendAsBuilt: CreateSender = async (_ctx, request, attempt) => await attempt(request.body, request.headers);

/**
 * The body of one item's create or change, and for a change the record's id: the item's row (version
 * 1's parameters, or version 2's mapped row, whose errors then name the fields as the mapper does),
 * checked by the node's builder before anything is sent.
 */
export async function bodyOf<Row extends object>(spec: WriteSpec<Row>, item: WriteItem, mode: 'create' | 'update'): Promise<{ body: IDataObject; id?: string }> {
	const { node, itemIndex } = item;
	const { singular } = resource(spec.mapper.key);
	const build = mode === 'create' ? spec.create : spec.update;
	if (node.typeVersion < 2) {
		const row = mode === 'create' ? spec.createRow(item) : spec.updateRow(item);
		if (mode === 'create') return { body: await build(item, row) };
		const id = checkId(node, itemIndex, (row as { id?: unknown }).id, spec.idLabel, singular);
		if (Object.keys(row).length === 1) throw inputError(node, itemIndex, 'Update Fields is empty', 'Add at least one field to change.');
		return { body: await build(item, { ...row, id }), id };
	}
	const row = mappedRowOf<Row>(item, spec.mapper, mode);
	const id = mode === 'update' ? checkId(node, itemIndex, (row as { id?: unknown }).id, 'ID', singular) : undefined;
	return { body: await builtFromMapper(build, item, id ? { ...row, id } : row, spec.mapper, mode), id };
}

/** The item's mapped row (version 2); a value the mapper cannot take fails naming its field. */
export function mappedRowOf<Row extends object>(item: WriteItem, mapper: MapperSpec, operation: string): Row {
	try {
		return mappedRow(item, mapper, operation) as Row;
	} catch (error) {
		throw relabelled(item, error as Error, mapper, operation);
	}
}

/** A builder run on a mapped row: its errors name the fields as the mapper shows them. */
export async function builtFromMapper<Row extends object>(build: RowBuilder<Row>, item: WriteItem, row: Row, mapper: MapperSpec, operation: string): Promise<IDataObject> {
	try {
		return await build(item, row);
	} catch (error) {
		throw relabelled(item, error as Error, mapper, operation);
	}
}

/**
 * preSend of a write on n8n's AI-tool path (RoutingNode, one item per call: n8n-internals A7): the
 * body built as a workflow builds it (bodyOf), the record's id on the path of a change, and the
 * request's Idempotency-Key.
 */
export function toolCallBody<Row extends object>(spec: WriteSpec<Row>, mode: 'create' | 'update') {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const item = routedItem(this);
		const { body, id } = await bodyOf(spec, item, mode);
		const url = id ? `${String(request.url)}/${id}` : String(request.url);
		const key = idempotencyKey(this, { method: String(request.method), url, body }, item.userKey);
		return { ...request, url, body, headers: { ...(request.headers ?? {}), 'Idempotency-Key': key } };
	};
}
