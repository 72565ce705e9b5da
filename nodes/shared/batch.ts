import type {
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { maxRateLimitWait, subjectOf, userIdempotencyKey } from './params';
import { MAX_BATCH_SIZE, resource, type ResourceKey } from './resources';
import { idempotencyKey, send } from './transport';

/** Builds and checks the create body of one item from that item's parameters. */
export type BodyBuilder = (ctx: IExecuteSingleFunctions) => Promise<IDataObject>;

interface Member {
	ctx: IExecutePaginationFunctions;
	itemIndex: number;
	resolve: (items: INodeExecutionData[]) => void;
	reject: (error: Error) => void;
}

/**
 * Create Many: the input items of one run of the node become batch requests of up to 100 items.
 *
 * A declarative node runs each input item on its own, but n8n-core's RoutingNode (2.40.3,
 * routing-node.js `runNode`) starts every item's request in one synchronous loop before it awaits
 * any of them, and calls the pagination function synchronously when an operation has no preSend
 * hook (Create Many has none, on purpose). So every item of a run reaches `createMany` before any
 * of them resumes from an await. The first to arrive leads: once it resumes, the batch is closed,
 * and it builds every member's body (each from its own item's parameters), sends the batches, and
 * hands each member its own created record. If some item never arrives (it failed before, inside
 * RoutingNode), the others go ahead without it; nothing waits on a count.
 */
const openBatches = new Map<string, Member[]>();

export function createMany(
	ctx: IExecutePaginationFunctions,
	key: ResourceKey,
	url: string,
	build: BodyBuilder,
	passThrough: Partial<IHttpRequestOptions>,
): Promise<INodeExecutionData[]> {
	const batchKey = `${ctx.getExecutionId()}|${ctx.getNode().id ?? ctx.getNode().name}`;
	return new Promise<INodeExecutionData[]>((resolve, reject) => {
		const member = { ctx, itemIndex: ctx.getItemIndex(), resolve, reject };
		const open = openBatches.get(batchKey);
		if (open) {
			open.push(member);
			return;
		}
		const members = [member];
		openBatches.set(batchKey, members);
		void Promise.resolve().then(async () => {
			openBatches.delete(batchKey);
			await sendBatches(members, key, url, build, passThrough).catch((error: Error) => {
				for (const m of members) m.reject(error);
			});
		});
	});
}

function notSent(member: Member, reason: string, cause: Error, outcome = 'Not created'): NodeOperationError {
	const description = (cause as NodeOperationError).description;
	return new NodeOperationError(member.ctx.getNode(), `${outcome}: ${reason}`, {
		itemIndex: member.itemIndex,
		description: `${cause.message}${description ? `. ${description}` : ''}`,
		level: 'warning',
	});
}

/**
 * The item of a batch the service refused: error.field "data[3].start_time" → index 3 of the
 * batch and the field start_time; without a field (a 409 conflict), the first "data[3]" its
 * message names.
 */
function failingItem(context: IDataObject | undefined): { index: number; field?: string } | undefined {
	const field = typeof context?.field === 'string' ? context.field : undefined;
	const match = field ? /^data\[(\d+)\](?:\.(.+))?$/.exec(field) : null;
	if (match) return { index: Number(match[1]), field: match[2] };
	const named = typeof context?.apiMessage === 'string' ? /\bdata\[(\d+)\]/.exec(context.apiMessage) : null;
	return named ? { index: Number(named[1]) } : undefined;
}

/** Names the input item in an error about one item of a Create Many (the batch's data[N] is not the item's number). */
function forItem(error: Error, itemIndex: number, batchIndex?: number): Error {
	if (/^Item \d+: /.test(error.message)) return error;
	error.message = `Item ${itemIndex}: ${error.message}`;
	const described = error as NodeOperationError;
	if (batchIndex !== undefined && described.description) {
		described.description = `${described.description} In this batch, data[${batchIndex}] is input item ${itemIndex}.`;
	}
	return error;
}

async function sendBatches(
	members: Member[],
	key: ResourceKey,
	url: string,
	build: BodyBuilder,
	passThrough: Partial<IHttpRequestOptions>,
): Promise<void> {
	members.sort((a, b) => a.itemIndex - b.itemIndex);
	const carryOn = members.some((m) => m.ctx.continueOnFail());

	// 1. Every body is built and checked before anything is sent.
	const bodies: Array<IDataObject | undefined> = [];
	const failures: Array<Error | undefined> = [];
	for (const member of members) {
		try {
			bodies.push(await build(member.ctx));
			failures.push(undefined);
		} catch (error) {
			bodies.push(undefined);
			failures.push(forItem(error as Error, member.itemIndex));
		}
	}
	const firstBad = failures.findIndex(Boolean);
	if (firstBad >= 0 && !carryOn) {
		const cause = failures[firstBad] as Error;
		members.forEach((m, i) =>
			m.reject(failures[i] ?? notSent(m, `item ${members[firstBad].itemIndex} is not valid, so nothing was sent`, cause)),
		);
		return;
	}
	members.forEach((m, i) => failures[i] && m.reject(failures[i] as Error));
	const ready = members.map((member, i) => ({ member, body: bodies[i] })).filter((entry) => entry.body);

	// The service keeps one Idempotency-Key per request. Items with the user's own key (the source
	// row id, say) are therefore sent one by one, so that a re-run with more rows, or in another
	// order, still replays each of them instead of creating it again.
	const keyed = ready.filter((entry) => userIdempotencyKey(entry.member.ctx));
	await Promise.all(
		keyed.map(async ({ member, body }) => {
			try {
				const headers = { 'Idempotency-Key': idempotencyKey(member.ctx, { method: 'POST', url, body }, userIdempotencyKey(member.ctx)) };
				const created = await send(
					member.ctx,
					{ method: 'POST', url, body, headers, passThrough },
					{ subject: subjectOf(key, 'create'), retrySafe: true, maxRateLimitWaitSeconds: maxRateLimitWait(member.ctx) },
				);
				member.resolve([{ json: created, pairedItem: { item: member.itemIndex } }]);
			} catch (error) {
				member.reject(error as Error);
			}
		}),
	);
	const batched = ready.filter((entry) => !keyed.includes(entry));

	// 2. Batches of up to 100, in input order, each saved all or nothing by the service.
	const spec = resource(key);
	for (let start = 0; start < batched.length; start += MAX_BATCH_SIZE) {
		const batch = batched.slice(start, start + MAX_BATCH_SIZE);
		const leader = batch[0].member.ctx;
		const data = batch.map((entry) => entry.body as IDataObject);
		try {
			const headers = { 'Idempotency-Key': batchIdempotencyKey(batch.map((e) => e.member), url, data) };
			const response = await send(
				leader,
				{ method: 'POST', url, body: { data }, headers, passThrough },
				{ subject: subjectOf(key, 'create'), retrySafe: true, maxRateLimitWaitSeconds: maxRateLimitWait(leader) },
			);
			const created = (response.data as IDataObject[] | undefined) ?? [];
			batch.forEach(({ member }, i) =>
				created[i]
					? member.resolve([{ json: created[i], pairedItem: { item: member.itemIndex } }])
					: member.reject(new NodeOperationError(member.ctx.getNode(), `The service did not return the created ${spec.singular}`, { itemIndex: member.itemIndex })),
			);
		} catch (error) {
			const culprit = failingItem((error as { context?: IDataObject }).context);
			const culpritMember = culprit ? batch[culprit.index]?.member : undefined;
			if (culpritMember && culprit) {
				(error as NodeOperationError).message = (error as Error).message.replace(/"data\[\d+\]\./, '"');
				forItem(error as Error, culpritMember.itemIndex, culprit.index);
			}
			const status = Number((error as { httpCode?: string }).httpCode ?? 0);
			const unclear = !(status >= 400 && status < 500);
			const reason = unclear
				? 'the service gave no clear answer for this batch, so it may have been saved. Check before running again, or set the Idempotency Key option so that a re-run cannot create twice'
				: culpritMember
					? `the batch was refused as a whole because of item ${culpritMember.itemIndex}`
					: 'the batch was refused as a whole';
			for (const { member } of batch) {
				member.reject(member === culpritMember ? (error as Error) : notSent(member, reason, error as Error, unclear ? 'Outcome unknown' : 'Not created'));
			}
			if (!carryOn) {
				for (const { member } of batched.slice(start + MAX_BATCH_SIZE)) {
					member.reject(notSent(member, 'an earlier batch was refused, so this one was not sent', error as Error));
				}
				return;
			}
		}
	}
}

/** The key of a batch of items without keys of their own: derived from the execution, node, items and bodies. */
function batchIdempotencyKey(members: Member[], url: string, data: IDataObject[]): string {
	return idempotencyKey(members[0].ctx, { method: 'POST', url, body: { items: members.map((m) => m.itemIndex), data } });
}
