import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { subjectOf } from './requests/errors';
import { deletedRecord, timezoneOf, writtenRecord } from './requests/answers';
import { dateIn, daysAt, type Days } from './input/days';
import { maxRateLimitWait, userIdempotencyKey } from './input/params';
import { resource, type ResourceKey } from './resources';
import { addNames, nameList } from './editor/names';
import { simplified } from './editor/simplify';
import { passThroughOf } from './n8n-internals';
import { idempotencyKey, listAll, send } from './requests/transport';
import { checkId, hasOffset, inputError, localDates, toDate, toInteger, toTimestamp } from './input/values';

/**
 * What an operation's routing names (each operation's file, nodes/Rostering<Group>/<op>.operation.ts,
 * and the write nodes' description.ts): `sentBy(sender, ...preSend)`. The `preSend` hooks
 * (`prepareList`, `requireRange`, `withBody`) check what the user entered and build the request
 * before anything is sent; the sender (`readOne`, `readList`, `deleteOne`, `changeOne`; a write
 * on n8n's AI-tool path: writes/tool-call.ts) sends it through the package's transport
 * (transport.ts: retries, Retry-After, paging, ranges, error messages), not n8n's own request code.
 */

/** The value of an id picker, checked, for the item being processed. */
export function idParameter(ctx: IExecuteSingleFunctions, picker: Picker): string {
	const value = ctx.getNodeParameter(picker.parameter, '', { extractValue: true });
	return checkId(ctx.getNode(), ctx.getItemIndex(), value, picker.field, picker.singular);
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
		const dates = { from: toDate(node, itemIndex, qs.from, 'From'), to: toDate(node, itemIndex, qs.to, 'To'), ...(await datesOfMoments(this, qs, qs, '')) };
		if (dates.to < dates.from) {
			throw inputError(node, itemIndex, `To (${String(dates.to)}) is before From (${String(dates.from)})`, 'Choose a To date on or after the From date.');
		}
		return { ...request, qs: { ...qs, ...dates } };
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
 * The time zones the list's dates are read in: the Location filter's location (one read of it),
 * else the business's locations (the list Add Names reads, once per execution): every location's
 * for lists read at each record's location, the first location's for those read there
 * (resources.ts `datesAt`). Locations without a time zone the node could find are left out.
 */
async function listZones(ctx: IExecuteSingleFunctions, qs: IDataObject): Promise<string[]> {
	const key = ctx.getNodeParameter('resource', '') as ResourceKey;
	const maxRateLimitWaitSeconds = maxRateLimitWait(ctx);
	const locations =
		typeof qs.location_id === 'string'
			? [await send(ctx, { method: 'GET', url: `/v1/locations/${qs.location_id}` }, { retrySafe: true, maxRateLimitWaitSeconds, subject: subjectOf('location', 'get', qs.location_id) })]
			: (await nameList(ctx, 'location', { maxRateLimitWaitSeconds })).filter((location) => location.archived !== true);
	const read = resource(key).datesAt ? locations.slice(0, 1) : locations;
	return read.map(timezoneOf).filter((zone): zone is string => zone !== undefined);
}

/** Filters › Days as From and To, counted at the list's locations (listZones). */
async function daysQuery(ctx: IExecuteSingleFunctions, days: Days, qs: IDataObject): Promise<IDataObject> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	if ('from' in qs || 'to' in qs) {
		throw inputError(node, itemIndex, 'Filters has both Days and From or To', 'Choose one: Days (today, this week... at the location), or From and To.');
	}
	const zones = await listZones(ctx, qs);
	if (zones.length === 0) {
		throw inputError(node, itemIndex, 'Filters › Days: no location time zone to count the days in', 'The service gave no location with a time zone. Give From and To as dates instead.');
	}
	return daysAt(days, zones);
}

/**
 * From or To given as a moment with an offset (an expression's {{ $now }}, a time from another
 * node): the date that moment falls on at the list's locations, as the service reads From and To,
 * not the date as written (19:00Z is the next morning in Sydney). Where the locations' calendars
 * differ, From takes the earliest date and To the latest, so that every location's day is read;
 * with no location time zone known, every date the moment falls on somewhere (values.ts localDates).
 */
async function datesOfMoments(ctx: IExecuteSingleFunctions, given: IDataObject, qs: IDataObject, where = 'Filters › '): Promise<IDataObject> {
	const moments = (['from', 'to'] as const).filter((name) => name in given && hasOffset(given[name]));
	if (moments.length === 0) return {};
	const zones = await listZones(ctx, qs);
	const dates: IDataObject = {};
	for (const name of moments) {
		const ms = Date.parse(toTimestamp(ctx.getNode(), ctx.getItemIndex(), given[name], `${where}${FILTER_LABELS[name]}`));
		const candidates = zones.length > 0 ? zones.map((zone) => dateIn(ms, zone)) : Object.values(localDates(ms));
		dates[name] = [...candidates].sort()[name === 'from' ? 0 : candidates.length - 1];
	}
	return dates;
}

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
	const given = { ...qs };
	for (const name of ['from', 'to']) {
		if (name in qs) qs[name] = toDate(node, itemIndex, qs[name], `Filters › ${FILTER_LABELS[name]}`);
	}
	const days = this.getNodeParameter('filters.days', '') as Days | '';
	// (Days with From or To is refused before anything is read.)
	Object.assign(qs, days ? await daysQuery(this, days, qs) : await datesOfMoments(this, given, qs));
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
 * preSend of a change whose body is fixed (a project's Archive: `{status: "archived"}`): the body,
 * and its Idempotency-Key. (The writes that build a body from the item's fields are the custom
 * operations of writes/, with their own sender for the AI-tool path: writes/tool-call.ts.)
 */
export function withBody(body: IDataObject) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		// The user's key is checked first: a key the service would refuse stops everything.
		const userKey = userIdempotencyKey(this);
		const key = idempotencyKey(this, { method: String(request.method), url: String(request.url), body }, userKey);
		return { ...request, body, headers: { ...(request.headers ?? {}), 'Idempotency-Key': key } };
	};
}

function withPairing(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/** An id picker: its parameter, the label a person sees, the record's name in messages. */
export interface Picker {
	parameter: string;
	field: string;
	singular: string;
}

/** The function that sends an operation's request (routing.operations.pagination). */
export type Sender = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

/**
 * An operation whose request the package's transport sends (transport.ts: retries, Retry-After,
 * paging, ranges, the error a person reads): its `preSend` hooks build the request from the
 * parameters, then `sender` sends it. Declarative routing hands a request over through one
 * documented hook, the operation's own pagination function (`routing.operations.pagination`),
 * which n8n calls instead of sending the request itself when `send.paginate` is true (n8n-core
 * 2.40.3, routing-node.js `getRequestOptionsFromParameters` and `makeRequest`).
 */
export function sentBy(sender: Sender, ...preSend: PreSendAction[]): Pick<INodePropertyRouting, 'send' | 'operations'> {
	return { send: preSend.length > 0 ? { paginate: true, preSend } : { paginate: true }, operations: { pagination: sender } };
}

/** What every read shares: the item's Max Rate-Limit Wait, and the names and simplifying its records get. */
function readContext(ctx: IExecutePaginationFunctions, key: ResourceKey, options: DeclarativeRestApiSettings.ResultOptions['options']) {
	const maxWait = maxRateLimitWait(ctx);
	// Options › Add Names, offered on the reads of resources that carry ids; then Options ›
	// Simplify, which keeps the names beside their ids.
	const named = async (records: IDataObject[]): Promise<INodeExecutionData[]> => {
		const withNames =
			ctx.getNodeParameter('options.addNames', false) === true
				? await addNames(ctx, records, { baseURL: options.baseURL, passThrough: passThroughOf(options), maxRateLimitWaitSeconds: maxWait })
				: records;
		const shown = ctx.getNodeParameter('options.simplify', false) === true ? withNames.map((record) => simplified(key, record)) : withNames;
		return withPairing(shown, ctx.getItemIndex());
	};
	return { maxWait, named };
}

/**
 * Sends a read of one record: GET of the routing's path, followed by the id picked in `picker`
 * (checked first) when there is one (a business, a connection: the path alone). Its record gets
 * its names (Options › Add Names) before it becomes the item.
 */
export function readOne(key: ResourceKey, picker?: Picker): Sender {
	return async function (this: IExecutePaginationFunctions, { options }) {
		const id = picker ? idParameter(this, picker) : undefined;
		const { maxWait, named } = readContext(this, key, options);
		const record = await send(
			this,
			{ method: 'GET', url: id ? `${options.url}/${id}` : String(options.url), qs: options.qs as IDataObject, headers: options.headers as IDataObject, baseURL: options.baseURL, passThrough: passThroughOf(options) },
			{ subject: subjectOf(key, 'get', id), retrySafe: true, maxRateLimitWaitSeconds: maxWait },
		);
		return await named([record]);
	};
}

/**
 * Sends a list read: every page (Return All) or Limit's records, dates split into the ranges the
 * service takes (transport.ts listAll); with `whole`, the whole list (a Get of totals for a range,
 * which has no Limit). With `of`, the list hangs off a record whose id is picked there and fills
 * its `{parameter}` place in the path (who can cover a shift: /v1/shifts/{shiftId}/available-employees).
 */
export function readList(key: ResourceKey, options: { of?: Picker; whole?: boolean } = {}): Sender {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const request = requestData.options;
		const { of, whole } = options;
		const id = of ? idParameter(this, of) : undefined;
		const url = of && id ? String(request.url).replace(`{${of.parameter}}`, id) : String(request.url);
		const { maxWait, named } = readContext(this, key, request);
		const returnAll = whole === true || (this.getNodeParameter('returnAll', false) as boolean);
		const records = await listAll(this, url, (request.qs ?? {}) as IDataObject, {
			subject: subjectOf(key, whole ? 'get' : 'getAll', id),
			limit: returnAll ? undefined : (this.getNodeParameter('limit', 50) as number),
			keep: this.getNodeParameter('filters.openShiftsOnly', false) === true ? (record) => record.employee_id === null || record.employee_id === undefined : undefined,
			rangeDays: resource(key).rangeDays,
			maxRateLimitWaitSeconds: maxWait,
			baseURL: request.baseURL,
			passThrough: passThroughOf(request),
		});
		return await named(records);
	};
}

/**
 * Sends a delete of the record picked in `picker` (checked first): DELETE of the routing's path
 * and the id. An answer without the record (a 204, an empty body: the spec does not show it)
 * still names the record deleted (answers.ts).
 */
export function deleteOne(key: ResourceKey, picker: Picker): Sender {
	return async function (this: IExecutePaginationFunctions, { options }) {
		const id = idParameter(this, picker);
		const answer = await send(
			this,
			{ method: 'DELETE', url: `${options.url}/${id}`, headers: options.headers as IDataObject, baseURL: options.baseURL, passThrough: passThroughOf(options) },
			{ subject: subjectOf(key, 'delete', id), retrySafe: true, maxRateLimitWaitSeconds: maxRateLimitWait(this) },
		);
		return withPairing([deletedRecord(answer, id)], this.getItemIndex());
	};
}

/**
 * Sends a change of the record picked in `picker` (checked first) whose body a preSend made (a
 * project's Archive: `withBody`): PATCH of the routing's path and the id, under the request's
 * Idempotency-Key. An answer without the record gives the record as sent (answers.ts).
 */
export function changeOne(key: ResourceKey, picker: Picker): Sender {
	return async function (this: IExecutePaginationFunctions, { options }) {
		const id = idParameter(this, picker);
		const body = options.body as IDataObject;
		const answer = await send(
			this,
			{ method: 'PATCH', url: `${options.url}/${id}`, body, headers: options.headers as IDataObject, baseURL: options.baseURL, passThrough: passThroughOf(options) },
			{ subject: subjectOf(key, 'update', id), retrySafe: true, maxRateLimitWaitSeconds: maxRateLimitWait(this) },
		);
		return withPairing([writtenRecord(answer, { id, body })], this.getItemIndex());
	};
}
