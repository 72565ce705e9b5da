import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { writtenRecord } from '../requests/answers';
import { idempotencyKey, send } from '../requests/transport';
import { passThroughOf } from '../n8n-internals';
import type { Sender } from '../operations';
import type { RowSource, WriteOperation, WriteSpec } from './rows';
import { itemOf } from './writes';

/**
 * A write on n8n's AI-tool path: an agent's tool call runs the node through RoutingNode, one item
 * per call, without its customOperations (n8n-internals A7). Each write (Create, Create Many,
 * Update) then has this sender as its routing's: the item's body made as a workflow makes it
 * (the version's `source`, the node's builders), sent once under its Idempotency-Key. With one
 * item per call there is nothing to batch.
 */
export function toolWrite<Row extends object>(spec: WriteSpec<Row>, source: RowSource<Row>, operation: Exclude<WriteOperation, 'upsert'>): Sender {
	return async function (this: IExecutePaginationFunctions, { options }): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const item = itemOf(this, this.getNode(), itemIndex, (name, fallback, read) => this.getNodeParameter(name, fallback, read), this.getInputData().json ?? {});
		const { body, id } = await source.bodyOf(spec, item, operation);
		const method = operation === 'update' ? 'PATCH' : 'POST';
		const url = id ? `${String(options.url)}/${id}` : String(options.url);
		const headers = { ...((options.headers ?? {}) as IDataObject), 'Idempotency-Key': idempotencyKey(this, { method, url, body }, item.userKey) };
		const attempt = async (sent: IDataObject, sentHeaders: IDataObject) =>
			await send(
				this,
				{ method, url, body: sent, headers: sentHeaders, baseURL: options.baseURL, passThrough: passThroughOf(options) },
				{ subject: subjectOf(spec.key, operation, id), retrySafe: true, maxRateLimitWaitSeconds: item.maxWait },
			);
		const answer = spec.shapeRetry ? await spec.shapeRetry(this, { method, body, headers }, attempt) : await attempt(body, headers);
		return [{ json: writtenRecord(answer, { id, body }), pairedItem: { item: itemIndex } }];
	};
}

/**
 * Create or Update on n8n's AI-tool path: not offered. It reads every row before it matches any
 * (upsert.ts), which one item per call cannot do.
 */
export const notForAgents: Sender = async function (this: IExecutePaginationFunctions) {
	throw new NodeOperationError(this.getNode(), 'Create or Update is not offered to AI agents', {
		description: 'Nothing was sent. Give the agent Get Many and Update (or Create) instead, or run Create or Update in a workflow the agent calls.',
	});
};
