import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { requestOptionsOf, type Spacing } from '../n8n-internals';
import { MAX_BATCH_SIZE, resource, type ResourceKey } from '../resources';
import { idempotencyKey, inTurn, keyScope, listAll, send, type KeyScope } from '../requests/transport';
import { checkedMaxWait, checkedUserKey } from '../input/params';
import { capitalised, startDateSpan } from '../input/values';
import { waits } from '../requests/waits';
import { batchRecords, writtenRecord } from '../requests/answers';
import { planUpsert, type UpsertSpec } from './upsert';
import type { ReadParameter, Ready, RowSource, WriteItem, WriteOperation, WriteSpec } from './rows';

/**
 * The writes: Create, Create Many, Update and Create or Update, run as the node's `customOperations`:
 * n8n's WorkflowExecute calls them once with every input item of the run (n8n-workflow's
 * INodeType.customOperations), so nothing here depends on how n8n schedules items (its Batching
 * option, Retry On Fail, Continue On Fail). Each runs the same steps (runWrites); Create or Update
 * plans between reading and sending (upsert.ts).
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
 *    WriteSpec.shapeRetry); that request carries a key of its own.
 * 4. Output: one item per input item, paired to it, in input order. With Continue On Fail, an item
 *    that was not created comes out as an error item saying why, and a batch the service refused
 *    for its items (409, 422) is sent again without the item it names, or in halves when it names
 *    none or refuses often (sendPart), so every valid item is created, once, unless the service
 *    refuses the request itself (a permission, say) or gives no clear answer.
 */

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
function forItem(run: Run, error: Error, itemIndex: number, batchIndex?: number): Error {
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
function pacer(spacing: Spacing | undefined): () => Promise<void> {
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

class Run {
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

	/** The resource's records' path ("/v1/shifts"). */
	readonly url: string;
	/** n8n's options for the node's requests (its SSL and proxy settings: n8n-internals.ts). */
	readonly passThrough: IDataObject;
	/** Spaces the requests as n8n's Batching option asks. */
	private readonly pace: () => Promise<void>;

	constructor(
		readonly ctx: IExecuteFunctions,
		readonly spec: Pick<WriteSpec<object>, 'key' | 'shapeRetry'>,
		count: number,
	) {
		const { passThrough, spacing } = requestOptionsOf(ctx);
		this.url = `/v1/${resource(spec.key).path}`;
		this.passThrough = passThrough;
		this.pace = pacer(spacing);
		this.results = new Array<INodeExecutionData | undefined>(count).fill(undefined);
		this.carryOn = ctx.continueOnFail();
		this.scope = keyScope(ctx);
	}

	get key(): ResourceKey {
		return this.spec.key;
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

	/**
	 * Sends a create (POST) or a change (PATCH of `url`), paced, through the transport; a body the
	 * service may want in another shape (the Timesheet's note) goes through the node's shapeRetry.
	 */
	async request(method: 'POST' | 'PATCH', url: string, body: IDataObject, headers: IDataObject, leader: Ready, id?: string): Promise<IDataObject> {
		const subject = subjectOf(this.key, method === 'POST' ? 'create' : 'update', id);
		const attempt = async (sent: IDataObject, sentHeaders: IDataObject) => {
			await this.pace();
			return await send(
				this.ctx,
				{ method, url, body: sent, headers: sentHeaders, passThrough: this.passThrough },
				{ subject, retrySafe: true, maxRateLimitWaitSeconds: leader.item.maxWait },
			);
		};
		const { shapeRetry } = this.spec;
		return shapeRetry ? await shapeRetry(this.ctx, { method, body, headers }, attempt) : await attempt(body, headers);
	}

	/**
	 * Sends one item's create or change under its key; the item succeeds with the answer (as its
	 * `output` shapes it) or fails saying why, "outcome unknown" when the service gave no clear answer.
	 */
	async sendOne(entry: Ready, method: 'POST' | 'PATCH', url: string): Promise<void> {
		const headers = { 'Idempotency-Key': this.keyFor(entry.item, entry.body, entry.item.userKey, method, url) };
		try {
			const record = writtenRecord(await this.request(method, url, entry.body, headers, entry, entry.id), { id: entry.id, body: entry.body });
			if (record.answer_note) this.unreturned++;
			this.succeed(entry.itemIndex, entry.output ? entry.output(record) : record);
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

// Reading the items: each parameter once (a run of 1,000 items reads thousands fewer).

/** What every item of one run shares: the node as n8n gives it, the input items, and the parameters without expressions. */
interface RunShared {
	node: INode;
	inputs: INodeExecutionData[];
	constants: Map<string, unknown>;
}

function runShared(ctx: IExecuteFunctions): RunShared {
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
function itemAt(ctx: IExecuteFunctions, itemIndex: number, shared: RunShared): WriteItem {
	return itemOf(ctx, shared.node, itemIndex, parameterReader(ctx, itemIndex, shared), shared.inputs[itemIndex]?.json ?? {});
}

/** Item `itemIndex` as the node's checks see it: its parameters, its options checked. */
export function itemOf(ctx: WriteItem['ctx'], node: INode, itemIndex: number, read: ReadParameter, json: IDataObject): WriteItem {
	const userKey = checkedUserKey(read('options.idempotencyKey', ''), node, itemIndex);
	const maxWait = checkedMaxWait(read('options.maxRateLimitWait', 60), node, itemIndex);
	return { node, itemIndex, operation: read('operation', '') as string, ctx, read, json, userKey, maxWait };
}

/**
 * Reads every item and makes its body (`source.bodyOf`: the row, checked by the node's builder),
 * in input order, before anything is sent: an item that fails is an error item; without Continue
 * On Fail, a bad item stops everything.
 */
async function checkEvery<Row extends object>(run: Run, spec: WriteSpec<Row>, source: RowSource<Row>, operation: WriteOperation, count: number): Promise<Ready[]> {
	const { ctx } = run;
	const checked: Ready[] = [];
	const bad: number[] = [];
	const shared = runShared(ctx);
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			// Reading the item checks its options too (a bad Idempotency Key fails it here).
			const item = itemAt(ctx, itemIndex, shared);
			const { body, id } = await source.bodyOf(spec, item, operation);
			checked.push({ itemIndex, item, body, id });
			if (item.namesGiven) run.namesGiven.set(itemIndex, item.namesGiven);
		} catch (error) {
			run.fail(itemIndex, forItem(run, error as Error, itemIndex), false);
			bad.push(itemIndex);
		}
	}
	stopIfBad(run, bad, count);
	return checked;
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
function sendEach(run: Run, items: Ready[]): Promise<void> {
	return inTurn(run.ctx, items, async (entry) => await run.sendOne(entry, 'POST', run.url), { stopped: () => run.isStopped });
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
async function sendBatches(run: Run, items: Ready[]): Promise<void> {
	const batches: Ready[][] = [];
	for (let start = 0; start < items.length; start += MAX_BATCH_SIZE) batches.push(items.slice(start, start + MAX_BATCH_SIZE));
	const sendWhole = async (whole: Ready[]) => await sendPart(run, whole);
	// The first batch goes alone: what stops a run (the connection, a permission, a field every row
	// gets wrong, the service down) shows on it, before anything more is sent. The others then go
	// at once within the connection's bound, started in input order: each is saved all or nothing under its own key, so
	// their order at the service does not matter. Once the run stops no further batch starts; the
	// ones in flight finish, and the error names every item they created.
	if (batches.length > 0) await sendWhole(batches[0]);
	await inTurn(run.ctx, batches.slice(1), sendWhole, { stopped: () => run.isStopped });
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
		run.results[entry.itemIndex]!.json = entry.output ? entry.output(record) : record;
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
				run.succeed(entry.itemIndex, entry.output ? entry.output(record) : record);
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

/** What each write asks of the runner: the row's use, and what a stopped run says about running again. */
const WRITES = {
	create: { rows: 'create', batched: false },
	createMany: { rows: 'create', batched: true },
	update: {
		rows: 'update',
		savedLabel: 'Changed',
		rerunAdvice: 'Running the same changes again leaves those records as they are.',
	},
	upsert: {
		rows: 'upsert',
		savedLabel: 'Saved',
		rerunAdvice: 'Running Create or Update again with the same rows is safe: what was saved is found and left as it is.',
	},
} as const;

type WriteName = keyof typeof WRITES;

/**
 * One write, whichever: 1. every item read and its body made and checked (checkEvery, with the
 * version's `source`), before anything is sent; 2. for Create or Update, the plan (upsert.ts):
 * what is new, changed or unchanged; 3. the requests; 4. one output item per input item.
 */
async function runWrites<Row extends object>(ctx: IExecuteFunctions, spec: WriteSpec<Row>, source: RowSource<Row>, name: WriteName, upsert?: UpsertSpec): Promise<INodeExecutionData[][]> {
	const write = WRITES[name];
	source.beforeRun?.(ctx, write.rows);
	const count = ctx.getInputData().length;
	const run = new Run(ctx, spec, count);
	if ('savedLabel' in write) {
		run.savedLabel = write.savedLabel;
		run.rerunAdvice = write.rerunAdvice;
	}
	const ready = await checkEvery(run, spec, source, write.rows, count);
	if (name === 'update') {
		// One at a time: two items changing the same record apply in input order, as n8n's own routing sent them.
		await inTurn(ctx, ready, async (entry) => await run.sendOne(entry, 'PATCH', `${run.url}/${entry.id}`), { limit: 1, stopped: () => run.isStopped });
	} else if (name === 'upsert' && upsert) {
		const plan = await planUpsert(ctx, ready, upsert, { key: spec.key, url: run.url, passThrough: run.passThrough });
		for (const [itemIndex, error] of plan.failed) run.fail(itemIndex, forItem(run, error, itemIndex));
		for (const [itemIndex, record] of plan.unchanged) run.results[itemIndex] = { json: record, pairedItem: { item: itemIndex } };
		await inTurn(ctx, plan.updates, async (entry) => await run.sendOne(entry, 'PATCH', `${run.url}/${entry.id}`), { stopped: () => run.isStopped });
		if (!run.isStopped) await (upsert.oneByOne ? sendEach(run, plan.creates) : sendBatches(run, plan.creates));
	} else if ('batched' in write && write.batched) {
		// The service keeps one Idempotency-Key per request: items with the user's own key (the source
		// row id, say) are sent one by one, so that a re-run with more rows, or in another order, still
		// replays each of them instead of creating it again.
		await sendEach(run, ready.filter((entry) => entry.item.userKey));
		await sendBatches(run, ready.filter((entry) => !entry.item.userKey));
	} else {
		await sendEach(run, ready);
	}
	const stop = run.stopError();
	if (stop) throw stop;
	return run.output();
}

/**
 * The node version's `customOperations` for its resource: Create, Create Many, Update and, given
 * `upsert` (version 2), Create or Update; each item's row read where the version reads it
 * (`source`: version 1's parameters, version 2's resource mapper).
 */
export function writeOperations<Row extends object>(spec: WriteSpec<Row>, source: RowSource<Row>, upsert?: UpsertSpec) {
	const operation = (name: WriteName) =>
		async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return await runWrites(this, spec, source, name, upsert);
		};
	return { create: operation('create'), createMany: operation('createMany'), update: operation('update'), ...(upsert ? { upsert: operation('upsert') } : {}) };
}
