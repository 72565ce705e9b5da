import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeRequestSend,
	PreSendAction,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from './requests/errors';
import { deletedRecord, TIMEZONE_FIELDS, timezoneOf, writtenRecord } from './requests/answers';
import { maxRateLimitWait, userIdempotencyKey } from './input/params';
import { resource, type ResourceKey } from './resources';
import { addNames } from './editor/names';
import { passThroughOf } from './n8n-internals';
import { CREDENTIAL_TYPE, idempotencyKey, listAll, send } from './requests/transport';
import { ExecutionCache, executionKey } from './requests/execution-cache';
import { capitalised, checkId, hasOffset, inputError, toDate, toInteger, toTimestamp, withArticle } from './input/values';

/**
 * The hooks every resource node plugs into its declarative description:
 * - `prepare*`, `with*` and `require*` are routing `preSend` hooks: they check what the user
 *   entered and build the request before anything is sent;
 * - `throughTransport(...preSend)` is an operation's routing `send`: the request those hooks
 *   prepared is sent by the package's transport (transport.ts: retries, Retry-After, paging,
 *   ranges, error messages), not by n8n's own request code;
 * - `runThroughTransport(key)` is the node's `requestOperations.pagination`, the function that
 *   sends it (operations below).
 */

/**
 * An operation's routing `send`: run its `preSend` hooks, then send the request through the
 * transport. Declarative routing has one documented hand-over for that, the pagination function
 * (`requestOperations.pagination`, runThroughTransport), which n8n calls instead of sending the
 * request itself when `send.paginate` is true (n8n-core 2.40.3, routing-node.js `makeRequest`); the
 * flag is set here, under a name that says what it does, for single-record operations too.
 */
export function throughTransport(...preSend: PreSendAction[]): INodeRequestSend {
	return preSend.length > 0 ? { paginate: true, preSend } : { paginate: true };
}

/** The value of an id picker, checked, for the item being processed. */
export function idParameter(ctx: IExecuteSingleFunctions, name: string, field: string, singular: string): string {
	const value = ctx.getNodeParameter(name, '', { extractValue: true });
	return checkId(ctx.getNode(), ctx.getItemIndex(), value, field, singular);
}

/** preSend: the record id picked in `parameter` goes on the end of the path. */
export function withRecordId(parameter: string, field: string, singular: string) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const id = idParameter(this, parameter, field, singular);
		return { ...request, url: `${request.url}/${id}` };
	};
}

/**
 * preSend: the record id picked in `parameter` fills its `{parameter}` place in the path, for a
 * list that hangs off a record (who can cover a shift: /v1/shifts/{shiftId}/available-employees).
 */
export function withPathId(parameter: string, field: string, singular: string) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const id = idParameter(this, parameter, field, singular);
		return { ...request, url: String(request.url).replace(`{${parameter}}`, id) };
	};
}

/**
 * preSend for a list the endpoint only gives between two dates (public holidays, totals, labour
 * costs): From and To are the node's own required parameters, not filters, so they are checked
 * here and named as the user sees them, before the shared list checks run.
 */
export function requireRange(what: string) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const node = this.getNode();
		const itemIndex = this.getItemIndex();
		const qs = { ...(request.qs ?? {}) };
		for (const [name, field] of [['from', 'From'], ['to', 'To']]) {
			if (qs[name] === undefined || qs[name] === null || qs[name] === '') {
				throw inputError(node, itemIndex, `${field} is required`, `The service gives ${what} between two dates. Enter a date such as 2026-11-23.`);
			}
		}
		const from = toDate(node, itemIndex, qs.from, 'From');
		const to = toDate(node, itemIndex, qs.to, 'To');
		if (to < from) {
			throw inputError(node, itemIndex, `To (${to}) is before From (${from})`, 'Choose a To date on or after the From date.');
		}
		return { ...request, qs: { ...qs, from, to } };
	};
}

/** The names a user sees for the list filters, for error messages. */
const FILTER_LABELS: Record<string, string> = {
	location_id: 'Location',
	employee_id: 'Employee',
	shift_id: 'Shift',
	type_id: 'Leave Type',
	from: 'From',
	to: 'To',
	updated_since: 'Updated Since',
	status: 'Status',
};

/**
 * preSend for Get Many: checks the filters the routing put in the query string, turns the dates
 * and times into the forms the API takes, and checks Limit.
 */
export async function prepareList(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const qs: IDataObject = { ...(request.qs ?? {}) };
	for (const name of ['location_id', 'employee_id', 'shift_id', 'type_id']) {
		if (name in qs) qs[name] = checkId(node, itemIndex, qs[name], `Filters › ${FILTER_LABELS[name]}`, FILTER_LABELS[name].toLowerCase());
	}
	for (const name of ['from', 'to']) {
		if (name in qs) qs[name] = toDate(node, itemIndex, qs[name], `Filters › ${FILTER_LABELS[name]}`);
	}
	if (typeof qs.from === 'string' && typeof qs.to === 'string' && qs.from > qs.to) {
		throw inputError(node, itemIndex, `Filters › To (${qs.to}) is before From (${qs.from})`, 'Choose a To date on or after the From date.');
	}
	if ('updated_since' in qs) {
		qs.updated_since = toTimestamp(node, itemIndex, qs.updated_since, 'Filters › Updated Since', this.getTimezone());
	}
	if (qs.include_archived === false) delete qs.include_archived;
	if (!this.getNodeParameter('returnAll', false)) {
		toInteger(node, itemIndex, this.getNodeParameter('limit', 50), 'Limit', 1, Number.MAX_SAFE_INTEGER);
	}
	return { ...request, qs };
}

/**
 * Builds and checks the body of one create or change from that item's parameters: the one set of
 * rules both paths use, the routing's preSend (withBody, the AI-tool path) and the custom
 * operations (writes.ts, upsert.ts).
 */
export type BodyBuilder = (ctx: IExecuteSingleFunctions) => Promise<IDataObject>;

/** preSend for creates and changes: puts the body the builder made, and its Idempotency-Key. */
export function withBody(build: BodyBuilder) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		// The user's key is checked first: a key the service would refuse stops everything, even lookups.
		const userKey = userIdempotencyKey(this);
		const body = await build(this);
		const key = idempotencyKey(this, { method: String(request.method), url: String(request.url), body }, userKey);
		return { ...request, body, headers: { ...(request.headers ?? {}), 'Idempotency-Key': key } };
	};
}

/** Location time zones, by execution, connection and location (see ExecutionCache). */
const timezones = new ExecutionCache<string>(1000);

/**
 * The IANA time zone of a location (the location record's `timezone`, a field the spec implies
 * but does not show), read once per execution. A location the connection cannot read fails here,
 * naming the field, before anything is created.
 */
export async function locationTimezone(ctx: IExecuteSingleFunctions, locationId: string, field: string): Promise<string> {
	// Checked before anything is read: a wrong Max Rate-Limit Wait is the user's to correct.
	const maxRateLimitWaitSeconds = maxRateLimitWait(ctx);
	const read = async () =>
		await send(
			ctx,
			{ method: 'GET', url: `/v1/locations/${locationId}` },
			{ subject: subjectOf('location', 'get', locationId), retrySafe: true, maxRateLimitWaitSeconds },
		).then((location) => {
			const timezone = timezoneOf(location);
			if (timezone) return timezone;
			// The spec shows no location field: say what came back, so the fault is plain to see.
			throw new Error(`The service's location record has no time zone the node could find (looked for ${TIMEZONE_FIELDS.join(', ')} or any field holding a name such as Australia/Sydney; its fields: ${Object.keys(location).join(', ') || 'none'})`);
		});
	const execution = executionKey(ctx, CREDENTIAL_TYPE);
	const pending = execution ? timezones.get(`${execution}|${locationId}`, read) : read();
	try {
		const timezone = await pending;
		return timezone;
	} catch (error) {
		const reason = (error as Error).message;
		const refused = inputError(
			ctx.getNode(),
			ctx.getItemIndex(),
			`${field}: the location ${locationId} could not be read`,
			`${reason}. Local times need the location's time zone: pick a location this connection can read, or give the times with a UTC offset.`,
		);
		refused.context.httpCode = (error as { httpCode?: string }).httpCode;
		throw refused;
	}
}

/**
 * The time zone of a location when an item of this execution has already read it (a row with
 * local times did), else undefined: nothing is sent to find out.
 */
export async function knownTimezone(ctx: IExecuteSingleFunctions, locationId: string): Promise<string | undefined> {
	const execution = executionKey(ctx, CREDENTIAL_TYPE);
	const pending = execution ? timezones.peek(`${execution}|${locationId}`) : undefined;
	return (await pending?.catch(() => undefined)) || undefined;
}

/**
 * Reads the location of a new record once its other checks are done, which proves it exists before
 * anything is created. A connection allowed to create but not to read locations (one granted only
 * on-demand permissions, say) cannot check this; the service then checks it on create.
 *
 * Create Many and Create or Update leave it to the service, which checks every item's location and
 * names the item in its refusal: a batch whose times carry offsets then costs exactly its batch
 * requests. (With local times the location is read anyway, for its time zone.)
 */
export async function confirmLocation(ctx: IExecuteSingleFunctions, timezone: () => Promise<string>): Promise<void> {
	if (['createMany', 'upsert'].includes(ctx.getNodeParameter('operation', '') as string)) return;
	await timezone().catch((error: { context?: IDataObject }) => {
		if (error.context?.httpCode !== '403') return Promise.reject(error);
		return undefined;
	});
}

/** A start or end time for the API: an offset as given, or local time at the location. */
export async function timestampAt(
	ctx: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	timezone: () => Promise<string>,
): Promise<string> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	if (hasOffset(value)) return toTimestamp(node, itemIndex, value, field);
	// Checked as text first, so that a value that is not a time fails before any lookup is sent.
	toTimestamp(node, itemIndex, value, field, 'UTC');
	return toTimestamp(node, itemIndex, value, field, await timezone());
}

/** End must come after start; an overnight record ends on the next day. */
export function checkEndAfterStart(ctx: IExecuteSingleFunctions, start: string, end: string, singular: string): void {
	if (Date.parse(end) <= Date.parse(start)) {
		throw inputError(
			ctx.getNode(),
			ctx.getItemIndex(),
			`End Time (${end}) is not after Start Time (${start})`,
			`${capitalised(withArticle(singular))} must end after it starts. For an overnight ${singular}, give the end on the next day.`,
		);
	}
}

/** The Update Fields the user added; an empty change is refused before anything is sent. */
export function updateFieldsOf(ctx: IExecuteSingleFunctions): IDataObject {
	const fields = ctx.getNodeParameter('updateFields', {}) as IDataObject;
	if (Object.keys(fields).length === 0) {
		throw inputError(ctx.getNode(), ctx.getItemIndex(), 'Update Fields is empty', 'Add at least one field to change.');
	}
	return fields;
}

/**
 * Start Time and End Time of a new record at a location, for the API: checked as text first,
 * local times read at the location, end after start (or the node's own `check`). The caller awaits
 * `timezone()` once its own checks are done too: reading the location proves it exists before
 * anything is created, and checks that need no request come first.
 */
export async function startAndEndAt(
	ctx: IExecuteSingleFunctions,
	locationId: string,
	singular: string,
	check: (start: string, end: string) => void = (start, end) => checkEndAfterStart(ctx, start, end, singular),
): Promise<{ start: string; end: string; timezone: () => Promise<string> }> {
	const startText = ctx.getNodeParameter('startTime', '');
	const endText = ctx.getNodeParameter('endTime', '');
	const timezone = async () => await locationTimezone(ctx, locationId, 'Location');
	const start = await timestampAt(ctx, startText, 'Start Time', timezone);
	const end = await timestampAt(ctx, endText, 'End Time', timezone);
	check(start, end);
	return { start, end, timezone };
}

/**
 * The record a change applies to, read at most once and only when the change needs it: for its
 * location's time zone (a local time) or its current values (to check a new start or end).
 */
export function recordBeingChanged(ctx: IExecuteSingleFunctions, key: ResourceKey, id: string, field: string) {
	let pending: Promise<IDataObject> | undefined;
	const record = async () =>
		await (pending ??= send(
			ctx,
			{ method: 'GET', url: `/v1/${resource(key).path}/${id}` },
			{ subject: subjectOf(key, 'get', id), retrySafe: true, maxRateLimitWaitSeconds: maxRateLimitWait(ctx) },
		));
	return {
		record,
		wasRead: () => pending !== undefined,
		timezone: async () => await locationTimezone(ctx, String((await record()).location_id), field),
	};
}

function withPairing(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * The node's pagination function: runs the operation the routing prepared through the transport.
 * Get Many pages (Return All / Limit, range splitting); everything else is one request, retried
 * only where that is safe. The records a Get or Get Many reads get their names (Options › Add
 * Names, names.ts) before they become items. The writes that run as customOperations (writes.ts,
 * upsert.ts) come here only on n8n's AI-tool path, one item per call (n8n-internals A7).
 */
export function runThroughTransport(key: ResourceKey) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const operation = this.getNodeParameter('operation') as string;
		if (operation === 'upsert') {
			// Create or Update reads every row before it matches any (upsert.ts): the custom operation
			// n8n runs in a workflow. An AI agent's tool calls come here, one item each (A7).
			throw new NodeOperationError(this.getNode(), 'Create or Update is not offered to AI agents', {
				description: 'Nothing was sent. Give the agent Get Many and Update (or Create) instead, or run Create or Update in a workflow the agent calls.',
			});
		}
		const spec = resource(key);
		const { options } = requestData;
		const itemIndex = this.getItemIndex();
		const maxWait = maxRateLimitWait(this);
		const url = String(options.url);
		// The record the request names: one record's path, or the record a list hangs off.
		const id = /\/([0-9a-f]{24})(?:\/|$)/.exec(url)?.[1];
		// Options › Add Names, offered on the reads (get, getAll) of resources that carry ids.
		const named = async (records: IDataObject[]) =>
			this.getNodeParameter('options.addNames', false) === true
				? await addNames(this, records, { baseURL: options.baseURL, passThrough: passThroughOf(options), maxRateLimitWaitSeconds: maxWait })
				: records;
		// A Get of a list for a range (timesheet totals) reads the whole list; Limit is Get Many's.
		if (operation === 'getAll' || (operation === 'get' && spec.getReadsList)) {
			const returnAll = operation !== 'getAll' || (this.getNodeParameter('returnAll', false) as boolean);
			const records = await listAll(this, url, (options.qs ?? {}) as IDataObject, {
				subject: subjectOf(key, operation, id),
				limit: returnAll ? undefined : (this.getNodeParameter('limit', 50) as number),
				rangeDays: spec.rangeDays,
				maxRateLimitWaitSeconds: maxWait,
				baseURL: options.baseURL,
				passThrough: passThroughOf(options),
			});
			return withPairing(await named(records), itemIndex);
		}
		const method = options.method ?? 'GET';
		const headers = (options.headers ?? {}) as IDataObject;
		const body = await send(
			this,
			{
				method,
				url,
				qs: options.qs as IDataObject,
				body: options.body as IDataObject,
				headers,
				baseURL: options.baseURL,
				passThrough: passThroughOf(options),
			},
			{
				subject: subjectOf(key, operation, id),
				retrySafe: method === 'GET' || method === 'DELETE' || Boolean(headers['Idempotency-Key']),
				maxRateLimitWaitSeconds: maxWait,
			},
		);
		if (operation === 'get') return withPairing(await named([body]), itemIndex);
		// A change or delete answered with no record (a 204, an empty body: the spec does not show
		// their answers) still names the record it was for (answers.ts).
		const written = method === 'DELETE' ? deletedRecord(body, id) : method === 'PATCH' || method === 'POST' ? writtenRecord(body, { id, body: options.body as IDataObject }) : body;
		return withPairing([written], itemIndex);
	};
}
