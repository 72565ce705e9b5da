import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { requestOptionsOf, type Spacing } from '../n8n-internals';
import { MAX_BATCH_SIZE, resource, type ResourceKey } from '../resources';
import { idempotencyKey, keyScope, listAll, requestsAtOnce, send, type KeyScope } from '../requests/transport';
import { startDateSpan } from '../input/values';
import { MAX_CONCURRENT_REQUESTS } from '../requests/limiter';
import { waits } from '../requests/waits';
import { batchRecords, writtenRecord } from '../requests/answers';
import { bodyOf, sendAsBuilt, type CreateSender, type RowSource, type WriteSpec } from './bodies';
import { itemAt, runShared, type WriteItem } from './rows';

/**
 * Create and Create Many, run as the node's `customOperations`: n8n's WorkflowExecute calls them
 * once with every input item of the run (n8n-workflow's INodeType.customOperations), so nothing
 * here depends on how n8n schedules items (its Batching option, Retry On Fail, Continue On Fail).
 *
 * 1. Every item's parameters are read once and its body built and checked, before anything is
 *    sent. An item that fails, an expression that cannot be evaluated included, is a bad item.
 *    Without Continue On Fail, one bad item means nothing is sent and the error names it.
 * 2. Create sends one request per item (at most ten at once, fewer while the service answers 429:
 *    requests/limiter.ts); Create Many sends the items in batches of up to 100, each saved all or
 *    nothing by the service: the first batch alone, then the rest at once within the same bound,
 *    started in input order. Items with
 *    the user's own Idempotency Key are sent one by one in both, since the service keeps one key
 *    per request.
 * 3. Every request carries an Idempotency-Key derived from the n8n instance, workflow, execution,
 *    node, run, items and bodies (or the user's key), so n8n's Retry On Fail, which runs the node
 *    again in the same execution, replays what was already created instead of creating it twice.
 *    A node may send a request a second time in another shape (the Timesheet node's note:
 *    CreateSender); that request carries a key of its own.
 * 4. Output: one item per input item, paired to it, in input order. With Continue On Fail, an item
 *    that was not created comes out as an error item saying why, and a batch the service refused
 *    for its items (409, 422) is sent again without the item it names, or in halves when it names
 *    none or refuses often (sendPart), so every valid item is created, once, unless the service
 *    refuses the request itself (a permission, say) or gives no clear answer.
 */

/** An item ready to send: the item, its body and, for a change, its record. */
export interface Ready {
	itemIndex: number;
	item: WriteItem;
	body: IDataObject;
	/** The record a change is for (Update). */
	id?: string;
}

/**
 * "0–99, 130, 200–249" for a list of item numbers.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function itemRanges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
		i = j;
	}
	return parts.join(', ');
}

/**
 * Names the input item in an error about one item, when there are several (a batch's data[N] is
 * not the item's number).
 */
export function forItem(run: Run, error: Error, itemIndex: number, batchIndex?: number): Error {
	if (run.results.length > 1 && !/^Item \d+: /.test(error.message)) error.message = `Item ${itemIndex}: ${error.message}`;
	const described = error as NodeOperationError;
	if (batchIndex !== undefined && described.description) {
		described.description = `${described.description} In this batch, data[${batchIndex}] is input item ${itemIndex}.`;
	}
	return error;
}

function withDescription(error: Error, more: string): Error {
	const described = error as NodeOperationError;
	described.description = described.description ? `${described.description} ${more}` : more;
	return error;
}

function notCreated(ctx: IExecuteFunctions, itemIndex: number, reason: string, cause: Error, outcome = 'Not created'): NodeOperationError {
	const description = (cause as NodeOperationError).description;
	return new NodeOperationError(ctx.getNode(), `${outcome}: ${reason}`, {
		itemIndex,
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

/**
 * True when the service answered clearly (4xx): nothing of the request was saved. Not so for a
 * request still in progress (409 request_in_progress after the node's waits: the first request
 * under that key may yet store it), nor a 408 (the service gave up waiting, not refused).
 */
function refusedClearly(error: unknown): boolean {
	const status = Number((error as NodeApiError).httpCode ?? 0);
	const code = (error as NodeApiError).context?.apiCode;
	return status >= 400 && status < 500 && status !== 408 && code !== 'request_in_progress';
}

const UNCLEAR =
	'the service gave no clear answer, so it may have been saved. Running Create or Create Many again could create it twice: run Create or Update with the same rows instead (it finds what was saved and creates only what is missing), or set Options › Idempotency Key so that a re-run replays it';
/** The same for a change: sending a change again sets the same values, so a re-run is safe. */
const UNCLEAR_CHANGE =
	'the service gave no clear answer, so the change may have been saved. Running the workflow again is safe: a change sent again sets the same values and creates nothing';

/** Spaces requests as n8n's Batching option asks: `perBatch` requests, then a pause. */
export function pacer(spacing: Spacing | undefined): () => Promise<void> {
	let sent = 0;
	// Requests take their turn in order, so a pause holds back every request after it.
	let turn = Promise.resolve();
	return async () => {
		if (!spacing) return;
		turn = turn.then(async () => {
			if (sent > 0 && sent % spacing.perBatch === 0) await waits.pause(spacing.intervalMs, 'batching');
			sent++;
		});
		await turn;
	};
}

export class Run {
	readonly results: Array<INodeExecutionData | undefined>;
	readonly created: number[] = [];
	/** Items written whose record the service's answer did not hold (answers.ts NOT_RETURNED). */
	unreturned = 0;
	/** The fields each item gave by name, with the names (writes/names.ts): shown in its output. */
	readonly namesGiven = new Map<number, IDataObject>();
	readonly carryOn: boolean;
	/** What a stopped run tells the user about running again (Create or Update sets its own). */
	savedLabel = 'Created';
	rerunAdvice =
		'To re-run without creating them again, run only the items that were not created, or set Options › Idempotency Key (the id of the source row, say) so that a re-run replays them.';
	/** The instance, workflow and execution the keys are worked out from (transport KeyScope). */
	private readonly scope: KeyScope;
	private stopped?: Error;

	constructor(
		readonly ctx: IExecuteFunctions,
		readonly key: ResourceKey,
		readonly url: string,
		readonly passThrough: Partial<IHttpRequestOptions>,
		readonly pace: () => Promise<void>,
		readonly sender: CreateSender,
		count: number,
	) {
		this.results = new Array<INodeExecutionData | undefined>(count).fill(undefined);
		this.carryOn = ctx.continueOnFail();
		this.scope = keyScope(ctx);
	}

	/** The Idempotency-Key of a request made for `item` (of a batch: its first item). */
	keyFor(item: WriteItem, body: unknown, userKey?: string, method = 'POST', url = this.url): string {
		return idempotencyKey(this.ctx, { method, url, body }, userKey, item.itemIndex, this.scope);
	}

	get isStopped(): boolean {
		return this.stopped !== undefined;
	}

	succeed(itemIndex: number, record: IDataObject): void {
		this.results[itemIndex] = { json: record, pairedItem: { item: itemIndex } };
		this.created.push(itemIndex);
	}

	/** An item that was not created: an error item with Continue On Fail; otherwise the run stops. */
	fail(itemIndex: number, error: Error, stops = true): void {
		this.results[itemIndex] = {
			json: { error: error.message, details: (error as NodeOperationError).description ?? undefined },
			error: error as NodeOperationError,
			pairedItem: { item: itemIndex },
		};
		if (!this.carryOn && stops && !this.stopped) this.stopped = error;
	}

	async post(body: IDataObject, headers: IDataObject, leader: Ready): Promise<IDataObject> {
		return await this.request('POST', this.url, body, headers, leader);
	}

	/** Sends a create (POST) or a change (PATCH of `url`) through the node's sender, paced. */
	async request(method: 'POST' | 'PATCH', url: string, body: IDataObject, headers: IDataObject, leader: Ready, id?: string): Promise<IDataObject> {
		const subject = subjectOf(this.key, method === 'POST' ? 'create' : 'update', id);
		return await this.sender(this.ctx, { method, body, headers }, async (sent, sentHeaders) => {
			await this.pace();
			return await send(
				this.ctx,
				{ method, url, body: sent, headers: sentHeaders, passThrough: this.passThrough },
				{ subject, retrySafe: true, maxRateLimitWaitSeconds: leader.item.maxWait },
			);
		});
	}

	/**
	 * Sends one item's create or change under its key; the item succeeds with the answer (as
	 * `output` shapes it) or fails saying why, "outcome unknown" when the service gave no clear answer.
	 */
	async sendOne(entry: Ready, method: 'POST' | 'PATCH', url: string, output: (record: IDataObject) => IDataObject = (record) => record): Promise<void> {
		const headers = { 'Idempotency-Key': this.keyFor(entry.item, entry.body, entry.item.userKey, method, url) };
		try {
			const record = writtenRecord(await this.request(method, url, entry.body, headers, entry, entry.id), { id: entry.id, body: entry.body });
			if (record.answer_note) this.unreturned++;
			this.succeed(entry.itemIndex, output(record));
		} catch (error) {
			const failure = forItem(this, error as Error, entry.itemIndex);
			if (!refusedClearly(error)) withDescription(failure, `Outcome unknown: ${method === 'PATCH' ? UNCLEAR_CHANGE : UNCLEAR}.`);
			this.fail(entry.itemIndex, failure);
		}
	}

	/**
	 * The node's output: one item per input item, in input order, with the names the item gave
	 * where ids go (`names_given`). Where the service stored records without returning them, a hint
	 * above the items says so (they show what was sent).
	 */
	output(): INodeExecutionData[][] {
		if (this.unreturned > 0 && typeof this.ctx.addExecutionHints === 'function') {
			const { singular } = resource(this.key);
			this.ctx.addExecutionHints({
				message: `The service stored ${this.unreturned} ${singular}${this.unreturned > 1 ? 's' : ''} but its answer did not include ${this.unreturned > 1 ? 'them' : 'it'}: those items show what was sent (answer_note), and no id where the answer gave none. To read them back, run Create or Update with the same rows: it finds what was stored and creates nothing twice.`,
				location: 'outputPane',
			});
		}
		return [
			this.results
				.map((result, itemIndex) => {
					const names = this.namesGiven.get(itemIndex);
					return result && !result.error && names ? { ...result, json: { ...result.json, names_given: names } } : result;
				})
				.filter((result): result is INodeExecutionData => result !== undefined),
		];
	}

	/** The error the node stops with, saying what became of the other items. */
	stopError(): Error | undefined {
		const error = this.stopped;
		if (!error) return undefined;
		const created = this.created.sort((a, b) => a - b);
		if (created.length > 0) {
			withDescription(
				error,
				`${this.savedLabel} before this: item${created.length > 1 ? 's' : ''} ${itemRanges(created)} (the node stopped, so their output is not shown). ${this.rerunAdvice}`,
			);
		}
		// Items nothing was sent for: they are safe to send again as they are.
		const unsent = this.results.flatMap((result, itemIndex) => (result === undefined ? [itemIndex] : []));
		if (unsent.length > 0 && unsent.length < this.results.length) {
			withDescription(error, `Not sent: item${unsent.length > 1 ? 's' : ''} ${itemRanges(unsent)}.`);
		}
		return error;
	}
}

/**
 * Reads and checks every item with `check`, in input order, before anything is sent: an item that
 * fails is an error item; without Continue On Fail, a bad item stops everything.
 */
export async function checkEvery<T>(ctx: IExecuteFunctions, run: Run, count: number, check: (item: WriteItem) => Promise<T>): Promise<T[]> {
	const checked: T[] = [];
	const bad: number[] = [];
	const shared = runShared(ctx);
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			// Reading the item checks its options too (a bad Idempotency Key fails it here).
			const item = itemAt(ctx, itemIndex, shared);
			checked.push(await check(item));
			if (item.namesGiven) run.namesGiven.set(itemIndex, item.namesGiven);
		} catch (error) {
			run.fail(itemIndex, forItem(run, error as Error, itemIndex), false);
			bad.push(itemIndex);
		}
	}
	stopIfBad(run, bad, count);
	return checked;
}

/** Every item's body (and, for a change, its record), checked. */
async function prepare<Row extends object>(ctx: IExecuteFunctions, run: Run, writes: Writes<Row>, mode: 'create' | 'update', count: number): Promise<Ready[]> {
	return await checkEvery(ctx, run, count, async (item) => {
		const { body, id } = await bodyOf(writes.spec, writes.source, item, mode);
		return { itemIndex: item.itemIndex, item, id, body };
	});
}

/** Without Continue On Fail, items that failed their checks stop the run before anything is sent. */
function stopIfBad(run: Run, bad: number[], count: number): void {
	if (bad.length === 0 || run.carryOn) return;
	const first = run.results[bad[0]]?.error as unknown as Error;
	if (count === 1) throw first;
	const others = bad.length > 1 ? ` Items ${itemRanges(bad)} are not valid.` : '';
	throw withDescription(first, `Nothing was sent: every item is checked before the first request, so fix item ${bad[0]} and run again.${others}`);
}

/** Sends each item on its own, as many at once as the connection's bound allows, in input order; stops starting new ones once the run stops. */
export async function sendEach(run: Run, items: Ready[]): Promise<void> {
	await inTurn(run, items, async (entry) => await run.sendOne(entry, 'POST', run.url));
}

/**
 * Runs `work` on each entry in input order, as many at once as the connection's bound allows
 * (requests/limiter.ts: ten, fewer after a 429) and at most `limit`; none starts once the run stops.
 * The bound is read again as each one ends, so a run slows down as soon as the service says it is
 * busy, and nothing waits for a slot that a stopped run would then use.
 */
export async function inTurn<T>(run: Run, entries: T[], work: (entry: T) => Promise<void>, limit = MAX_CONCURRENT_REQUESTS): Promise<void> {
	let next = 0;
	let running = 0;
	await new Promise<void>((resolve, reject) => {
		const startMore = () => {
			while (next < entries.length && !run.isStopped && running < Math.min(limit, requestsAtOnce(run.ctx))) {
				running++;
				work(entries[next++]).then(() => {
					running--;
					startMore();
				}, reject);
			}
			if (running === 0) resolve();
		};
		startMore();
	});
}

/**
 * With Continue On Fail, how many times the rest of a batch is sent again after the service
 * refused it because of one item (each time without that item), before the rest is split in
 * halves instead. A refused batch saves nothing, so the valid items must go again; one item at a
 * time costs a request per refused item, while halves find several refused items in fewer requests.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const MAX_RESENDS_PER_BATCH = 3;

/**
 * True when the service refused a batch because of what is in it (409 conflict, 422 a field), so
 * that the same batch without some items may be saved; not a refusal of the request itself
 * (permission, connection, a parameter), which no smaller batch would change.
 */
function refusedForItsItems(error: Error): boolean {
	const status = Number((error as NodeApiError).httpCode ?? 0);
	const code = (error as NodeApiError).context?.apiCode;
	return status === 422 || (status === 409 && code !== 'idempotency_key_reused' && code !== 'request_in_progress');
}

/** A batch request the service refused (or answered unclearly): its error and the item to blame. */
type Refusal = { error: Error; blamed?: Ready; clear: boolean };

/** What became of one batch request: created (with the records its answer held, if any), or refused. */
type BatchOutcome = { created: IDataObject[] | undefined } | Refusal;

async function sendBatch(run: Run, batch: Ready[]): Promise<BatchOutcome> {
	const data = batch.map((entry) => entry.body);
	// The items are part of the key: a re-send of the rest of a batch is a request of its own.
	const seed = { items: batch.map((entry) => entry.itemIndex), data };
	const headers = { 'Idempotency-Key': run.keyFor(batch[0].item, seed) };
	try {
		const response = await run.post({ data }, headers, batch[0]);
		return { created: batchRecords(response) };
	} catch (error) {
		const culprit = failingItem((error as { context?: IDataObject }).context);
		const blamed = culprit ? batch[culprit.index] : undefined;
		if (blamed && culprit) {
			(error as Error).message = (error as Error).message.replace(/"data\[\d+\]\./, '"');
			forItem(run, error as Error, blamed.itemIndex, culprit.index);
		}
		return { error: error as Error, blamed, clear: refusedClearly(error) };
	}
}

/**
 * Sends batches of up to 100, each all or nothing: the first alone, then the rest at once (within
 * the connection's bound: ten, fewer after a 429) in input order; the first refusal stops the rest unless Continue On Fail. With Continue On Fail, a
 * batch refused for its items is sent again without the refused ones (sendPart), so the valid items
 * are created once and only the refused ones come out as errors.
 */
export async function sendBatches(run: Run, items: Ready[]): Promise<void> {
	const batches: Ready[][] = [];
	for (let start = 0; start < items.length; start += MAX_BATCH_SIZE) batches.push(items.slice(start, start + MAX_BATCH_SIZE));
	const sendWhole = async (whole: Ready[]) => await sendPart(run, whole);
	// The first batch goes alone: what stops a run (the connection, a permission, a field every row
	// gets wrong, the service down) shows on it, before anything more is sent. The others then go
	// at once within the connection's bound, started in input order: each is saved all or nothing under its own key, so
	// their order at the service does not matter. Once the run stops no further batch starts; the
	// ones in flight finish, and the error names every item they created.
	if (batches.length > 0) await sendWhole(batches[0]);
	await inTurn(run, batches.slice(1), sendWhole);
	await readBack(run, items);
}

/** The same moment, to the minute (the service keeps timesheets to the whole minute). */
const sameMinute = (a: unknown, b: unknown) => Math.floor(Date.parse(String(a)) / 60_000) === Math.floor(Date.parse(String(b)) / 60_000);

/**
 * Items created by a batch whose answer held no record (answers.ts) get their record back from one
 * list read over their dates, where that is cheap (the lists read by date: shifts, timesheets,
 * on-demand shifts): each is matched to a record this app created with the same place, position,
 * person and times, each record to one item. An item not matched keeps what was sent; a failed read
 * changes nothing (the items were created either way).
 */
async function readBack(run: Run, items: Ready[]): Promise<void> {
	const spec = resource(run.key);
	const unreturned = items.filter((entry) => {
		const json = run.results[entry.itemIndex]?.json;
		return json !== undefined && !run.results[entry.itemIndex]?.error && json.answer_note !== undefined && (json.id === null || json.id === undefined);
	});
	if (unreturned.length === 0 || !(spec.listParameters as string[]).includes('from')) return;
	const span = await startDateSpan(unreturned.map((entry) => entry.body));
	if (!span.from) return;
	let records: IDataObject[];
	try {
		records = await listAll(run.ctx, run.url, span, { subject: subjectOf(run.key, 'getAll'), rangeDays: spec.rangeDays, maxRateLimitWaitSeconds: unreturned[0].item.maxWait, passThrough: run.passThrough });
	} catch {
		return;
	}
	const claimed = new Set<unknown>();
	for (const entry of unreturned) {
		const { body } = entry;
		const record = records.find(
			(candidate) =>
				candidate.created_by_app === true &&
				!claimed.has(candidate.id) &&
				['location_id', 'position_id', 'employee_id'].every((field) => !(field in body) || (body[field] ?? null) === (candidate[field] ?? null)) &&
				sameMinute(candidate.start_time, body.start_time) &&
				(body.end_time === null || body.end_time === undefined || sameMinute(candidate.end_time, body.end_time)),
		);
		if (!record) continue;
		claimed.add(record.id);
		run.results[entry.itemIndex]!.json = record;
		run.unreturned--;
	}
}

/**
 * Sends one batch (or part of one), all or nothing. With Continue On Fail, when the service refuses
 * it for its items: the item it names fails and the rest goes again (MAX_RESENDS_PER_BATCH times),
 * then the rest goes as two halves, each sent the same way; a refusal that names no item splits
 * at once, down to the one item to blame. So every valid item is created, once (each part is a
 * request of its own, with its own key), and only the refused ones fail, each with the service's
 * own reason. A refusal of the request itself, or no clear answer, fails the part as a whole.
 */
async function sendPart(run: Run, whole: Ready[], refused: number[] = []): Promise<void> {
	let batch = whole;
	let resends = 0;
	while (batch.length > 0) {
		const outcome = await sendBatch(run, batch);
		if ('created' in outcome) {
			// A 2xx means the whole batch was stored (all or nothing): every item is created,
			// whatever its answer holds. An answer without the records (a 204, an empty body, ids
			// only: the spec does not show it) gives each item what was sent, and says so.
			const records = outcome.created;
			const inOrder = records !== undefined && records.length === batch.length;
			batch.forEach((entry, i) => {
				const record = writtenRecord(inOrder ? records[i] : undefined, { body: entry.body });
				if (record.answer_note) run.unreturned++;
				run.succeed(entry.itemIndex, record);
			});
			return;
		}
		const { error, blamed, clear } = outcome;
		const forItems = run.carryOn && clear && refusedForItsItems(error);
		// Nothing of this batch was saved: only the item to blame fails, the rest goes again.
		const dropBlamed = (item: Ready) => {
			withDescription(error, 'The other items of its batch were sent again without it.');
			run.fail(item.itemIndex, error);
			refused.push(item.itemIndex);
			batch = batch.filter((entry) => entry !== item);
		};
		if (forItems && blamed && (resends < MAX_RESENDS_PER_BATCH || batch.length <= 2)) {
			dropBlamed(blamed);
			resends++;
			continue;
		}
		if (forItems && batch.length > 1) {
			if (blamed) dropBlamed(blamed);
			const half = Math.ceil(batch.length / 2);
			for (const part of [batch.slice(0, half), batch.slice(half)]) if (part.length > 0) await sendPart(run, part, refused);
			return;
		}
		failBatch(run, batch, outcome, refused);
		return;
	}
}

/** Every item of a batch that was refused (or got no clear answer) fails, each saying why. */
function failBatch(run: Run, batch: Ready[], outcome: Refusal, refused: number[]): void {
	const { error, blamed, clear } = outcome;
	const range = itemRanges(batch.map((entry) => entry.itemIndex));
	const resent = refused.length > 0 ? `, after the rest was sent again without item${refused.length > 1 ? 's' : ''} ${itemRanges(refused)}` : '';
	const reason = !clear
		? `${UNCLEAR} (items ${range} were sent together${resent})`
		: blamed
			? `the batch was refused as a whole because of item ${blamed.itemIndex}${resent}`
			: `the batch of items ${range} was refused as a whole${resent}`;
	// The service's own error goes to the item to blame (or the batch's first item), first,
	// so that a run that stops, stops with it; the other items say what became of them.
	const first = blamed ?? batch[0];
	if (clear) {
		withDescription(error, `None of items ${range} was created: they were sent together, and a batch is saved all or nothing.`);
	} else {
		// No item is to blame: the message says what the user must know first.
		const said = error.message;
		error.message = `Outcome unknown: the service gave no clear answer for items ${range}, so they may have been saved`;
		const described = error as NodeOperationError;
		described.description = `${said}. ${described.description ?? ''} Check before running again, or set the Idempotency Key option so that a re-run cannot create twice.`;
	}
	run.fail(first.itemIndex, error);
	for (const entry of batch.filter((e) => e !== first)) {
		run.fail(entry.itemIndex, notCreated(run.ctx, entry.itemIndex, reason, error, clear ? 'Not created' : 'Outcome unknown'));
	}
}

/** A node version's writes: the node's builders, and where this version reads each item's row. */
interface Writes<Row extends object> {
	spec: WriteSpec<Row>;
	source: RowSource<Row>;
}

async function runCreates<Row extends object>(ctx: IExecuteFunctions, writes: Writes<Row>, batched: boolean): Promise<INodeExecutionData[][]> {
	const { spec } = writes;
	const { key } = spec;
	const count = ctx.getInputData().length;
	const { passThrough, spacing } = requestOptionsOf(ctx);
	const run = new Run(ctx, key, `/v1/${resource(key).path}`, passThrough, pacer(spacing), spec.sender ?? sendAsBuilt, count);
	const ready = await prepare(ctx, run, writes, 'create', count);
	// The service keeps one Idempotency-Key per request: items with the user's own key (the source
	// row id, say) are sent one by one, so that a re-run with more rows, or in another order, still
	// replays each of them instead of creating it again.
	const alone = batched ? ready.filter((entry) => entry.item.userKey) : ready;
	await sendEach(run, alone);
	if (batched) await sendBatches(run, ready.filter((entry) => !entry.item.userKey));
	const stop = run.stopError();
	if (stop) throw stop;
	return run.output();
}

/**
 * Update: every item's record id and change are read and checked first (as for creates), then the
 * changes are sent one at a time in input order, as n8n's own routing sent them, so that two items
 * changing the same record apply in order.
 */
async function runUpdates<Row extends object>(ctx: IExecuteFunctions, writes: Writes<Row>): Promise<INodeExecutionData[][]> {
	const { spec } = writes;
	const { key } = spec;
	const count = ctx.getInputData().length;
	const { passThrough, spacing } = requestOptionsOf(ctx);
	const url = `/v1/${resource(key).path}`;
	const run = new Run(ctx, key, url, passThrough, pacer(spacing), spec.sender ?? sendAsBuilt, count);
	run.savedLabel = 'Changed';
	run.rerunAdvice = 'Running the same changes again leaves those records as they are.';
	const ready = await prepare(ctx, run, writes, 'update', count);
	// One at a time (limit 1): two items changing the same record apply in input order.
	await inTurn(run, ready, async (entry) => await run.sendOne(entry, 'PATCH', `${url}/${entry.id}`), 1);
	const stop = run.stopError();
	if (stop) throw stop;
	return run.output();
}

/**
 * The node's `customOperations` entry for a resource's writes: Create, Create Many and Update,
 * each item's row read as the node's version reads it (`source`: version 2 also names, in an
 * execution hint, the input fields Map Automatically cannot place).
 */
export function writeOperations<Row extends object>(spec: WriteSpec<Row>, source: RowSource<Row>) {
	const writes = { spec, source };
	return {
		async create(this: IExecuteFunctions) {
			source.beforeRun?.(this, 'create');
			return await runCreates(this, writes, false);
		},
		async createMany(this: IExecuteFunctions) {
			source.beforeRun?.(this, 'create');
			return await runCreates(this, writes, true);
		},
		async update(this: IExecuteFunctions) {
			source.beforeRun?.(this, 'update');
			return await runUpdates(this, writes);
		},
	};
}
