import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { ResourceKey } from '../resources';
import { idempotencyKey, type RequestContext } from '../requests/transport';
import { routedItem, type RowBuilder, type WriteItem } from './rows';

/**
 * A write node's writes, as one spec (each node's bodies.ts): the resource and the builders that
 * check an item's row and make the request body. Where the row comes from, and how its errors
 * name the fields, is the node version's (RowSource: version 1's parameters in each node's v1/,
 * version 2's resource mapper in mapper.ts).
 */
export interface WriteSpec<Row extends object> {
	key: ResourceKey;
	create: RowBuilder<Row>;
	/** The body of a change; the row's `id` is the record's, checked. */
	update: RowBuilder<Row>;
	/** Sends each create and change (default: once, as built). */
	sender?: CreateSender;
}

/**
 * How one version of a write node reads an item: its row (for a change, with the record's id,
 * checked), and its builders run with the labels the version shows (errors then name the fields
 * as the person sees them).
 */
export interface RowSource<Row extends object> {
	/** The item's row; for a change, `id` is the record's id, checked. */
	rowOf: (item: WriteItem, mode: 'create' | 'update') => { row: Row; id?: string };
	/** Runs a builder on the row, giving it the version's labels (`operation`: what the row is for). */
	build: (builder: RowBuilder<Row>, item: WriteItem, row: Row, operation: WriteOperation) => Promise<IDataObject>;
	/** Called once per run before the items are read (version 2: names the input fields Map Automatically cannot place). */
	beforeRun?: (ctx: IExecuteFunctions, operation: WriteOperation) => void;
}

/** What a row is for: a create (Create, Create Many), a change (Update), or a row of Create or Update. */
export type WriteOperation = 'create' | 'update' | 'upsert';

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
 * The body of one item's create or change, and for a change the record's id: the item's row as
 * the node's version reads it, checked by the node's builder before anything is sent.
 */
export async function bodyOf<Row extends object>(spec: WriteSpec<Row>, source: RowSource<Row>, item: WriteItem, mode: 'create' | 'update'): Promise<{ body: IDataObject; id?: string }> {
	const { row, id } = source.rowOf(item, mode);
	const body = await source.build(mode === 'create' ? spec.create : spec.update, item, row, mode);
	return id === undefined ? { body } : { body, id };
}

/**
 * preSend of a write on n8n's AI-tool path (RoutingNode, one item per call: n8n-internals A7): the
 * body built as a workflow builds it (bodyOf), the record's id on the path of a change, and the
 * request's Idempotency-Key.
 */
export function toolCallBody<Row extends object>(spec: WriteSpec<Row>, source: RowSource<Row>, mode: 'create' | 'update') {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const item = routedItem(this);
		const { body, id } = await bodyOf(spec, source, item, mode);
		const url = id ? `${String(request.url)}/${id}` : String(request.url);
		const key = idempotencyKey(this, { method: String(request.method), url, body }, item.userKey);
		return { ...request, url, body, headers: { ...(request.headers ?? {}), 'Idempotency-Key': key } };
	};
}
