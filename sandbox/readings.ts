/**
 * Other readings of what the spec leaves open (CHOICES.md, "Other readings (switches)"): the
 * sandbox answers one way by default, and each switch here makes it answer another plausible way,
 * so that the nodes can be tested under every reading, not only the one the sandbox picked.
 *
 * Every reading is applied where the answer leaves the sandbox (shape of a batch, change, error or
 * page; a key name; a state's spelling; a header): what the sandbox stores never depends on it.
 */
import { ApiError, errorBody } from './errors';
import type { Result } from './context';
import type { LeaveStatus } from './model';
import type { Reply } from './reply';

/** Every allowed value per key, the default first (the order CHOICES.md lists them in). */
const CHOICES = {
	batchAnswer: ['data', 'list', 'items', 'ids', 'empty', 'no-content'],
	changeAnswer: ['record', 'no-content', 'empty', 'wrapped'],
	errorBody: ['nested', 'flat', 'errors', 'oauth', 'text'],
	locationTimezoneField: ['timezone', 'time_zone', 'timeZone', 'tz', 'none'],
	leaveStates: ['declined-cancelled', 'rejected-canceled', 'denied-withdrawn'],
	retryAfter: ['seconds', 'http-date', 'fractional', 'none'],
	lastPage: ['null', 'omitted', 'empty', 'cursor-only'],
	recordTimes: ['location', 'utc', 'fixed-offset'],
} as const;

type Choice<K extends keyof typeof CHOICES> = (typeof CHOICES)[K][number];

export interface Readings {
	/**
	 * A successful batch create (`{data: [...]}` on POST /v1/shifts, /timesheets, /on-demand-shifts):
	 * 'data' (default) 201 `{data: [records]}`; 'list' 201 `[records]`; 'items' 201 `{items: [records]}`;
	 * 'ids' 201 `{data: [{id}]}`; 'empty' 201 with no body; 'no-content' 204.
	 */
	batchAnswer: Choice<'batchAnswer'>;
	/**
	 * A successful PATCH (shifts, timesheets, on-demand shifts, projects) or DELETE (shifts,
	 * timesheets, on-demand shifts): 'record' (default) 200 record or `{id, deleted: true}`;
	 * 'no-content' 204; 'empty' 200 with no body; 'wrapped' 200 `{data: <the default body>}`.
	 */
	changeAnswer: Choice<'changeAnswer'>;
	/**
	 * Every /v1 error body: 'nested' (default) `{error: {code, message, request_id, field}}`;
	 * 'flat' `{code, message, request_id, field}`; 'errors' `{errors: [{code, message, field}], request_id}`;
	 * 'oauth' `{error: code, error_description: message, field, request_id}`; 'text' text/plain
	 * `code: message`. `field` only on a 422, as by default.
	 */
	errorBody: Choice<'errorBody'>;
	/**
	 * The key of a location's IANA time zone in GET /v1/locations and /{id}: 'timezone' (default),
	 * 'time_zone', 'timeZone', 'tz'; 'none': the record carries no time zone at all.
	 */
	locationTimezoneField: Choice<'locationTimezoneField'>;
	/** Leave request states besides pending and approved: 'declined-cancelled' (default), 'rejected-canceled', 'denied-withdrawn'. */
	leaveStates: Choice<'leaveStates'>;
	/** Retry-After: 'seconds' (default), 'http-date' (sandbox clock), 'fractional' ("1.5", "2.0"), 'none' (left out). */
	retryAfter: Choice<'retryAfter'>;
	/**
	 * The last page of a list: 'null' (default) `has_more: false, next_cursor: null`; 'omitted' no
	 * next_cursor key; 'empty' `next_cursor: ""`; 'cursor-only' no has_more key on any page.
	 */
	lastPage: Choice<'lastPage'>;
	/**
	 * The offset every timestamp of a successful /v1 answer is written with (start and end times,
	 * breaks, created_at, updated_at, posted_at...; the spec allows any offset or Z): 'location'
	 * (default) the location's own (the business's for records without one); 'utc' UTC with `Z`;
	 * 'fixed-offset' -05:00 whatever the location (an offset no seeded location has, west of UTC).
	 * Dates (YYYY-MM-DD) stay the location's.
	 */
	recordTimes: Choice<'recordTimes'>;
}

export type ReadingName = keyof Readings;

export const READING_CHOICES: { readonly [K in keyof Readings]: readonly Readings[K][] } = CHOICES;

export const DEFAULT_READINGS: Readonly<Readings> = Object.freeze(
	Object.fromEntries(Object.entries(CHOICES).map(([k, values]) => [k, values[0]])) as unknown as Readings,
);

const NAMES = Object.keys(CHOICES) as ReadingName[];

/**
 * A partial readings object checked key by key (an Error naming the key and its allowed values
 * otherwise), so that an option, a setter and the control API all refuse the same way.
 */
export function checkReadings(partial: unknown): Partial<Readings> {
	if (!partial || typeof partial !== 'object' || Array.isArray(partial)) {
		throw new Error(`readings: send an object with some of ${NAMES.join(', ')}.`);
	}
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(partial)) {
		// A key given as undefined is a key not given (a TypeScript Partial allows it).
		if (value === undefined) continue;
		const allowed = (READING_CHOICES as Record<string, readonly string[] | undefined>)[key];
		if (!allowed) throw new Error(`readings: unknown key "${key}"; the keys are ${NAMES.join(', ')}.`);
		if (!allowed.includes(value as string)) {
			throw new Error(`readings.${key}: ${JSON.stringify(value)} is not one of ${allowed.map((v) => `"${v}"`).join(', ')}.`);
		}
		out[key] = value as string;
	}
	return out as Partial<Readings>;
}

// ---- Successful answers: batch, change, list page ----

/** What kind of success an answer is, as far as the readings care (server.ts works it out from the route). */
export type AnswerKind = 'batch' | 'change' | 'list' | undefined;

/**
 * The handler's answer reshaped for the active readings. A body of `undefined` is sent as no body
 * at all (no Content-Type), which is what 'empty' and 'no-content' mean.
 */
export function shapeAnswer(r: Readings, kind: AnswerKind, result: Result): Result {
	const written = r.recordTimes === 'location' || result.status >= 300 ? result : { ...result, body: timesWritten(r.recordTimes, result.body) };
	if (kind === 'batch' && written.status === 201) return batchAnswer(r.batchAnswer, written.body as { data: { id: string }[] });
	if (kind === 'change' && written.status === 200) return changeAnswer(r.changeAnswer, written.body);
	if (kind === 'list' && written.status === 200) return { status: 200, body: lastPage(r.lastPage, written.body as Record<string, unknown>) };
	return written;
}

/** A timestamp as the sandbox writes one (an offset or Z, seconds and milliseconds optional). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const FIXED_OFFSET_MINUTES = -5 * 60;

/** Every timestamp in `value` written again in UTC (`Z`) or at FIXED_OFFSET_MINUTES; the same moments. */
function timesWritten(mode: Exclude<Readings['recordTimes'], 'location'>, value: unknown): unknown {
	if (typeof value === 'string') return TIMESTAMP.test(value) ? writtenAt(mode, Date.parse(value)) : value;
	if (Array.isArray(value)) return value.map((entry) => timesWritten(mode, entry));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, timesWritten(mode, entry)]));
	return value;
}

function writtenAt(mode: Exclude<Readings['recordTimes'], 'location'>, ms: number): string {
	const offset = mode === 'utc' ? 0 : FIXED_OFFSET_MINUTES;
	const wall = new Date(ms + offset * 60_000).toISOString().replace(/\.000Z$/, 'Z');
	if (mode === 'utc') return wall;
	const size = Math.abs(offset);
	return `${wall.slice(0, -1)}${offset < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

function batchAnswer(mode: Readings['batchAnswer'], body: { data: { id: string }[] }): Result {
	switch (mode) {
		case 'list':
			return { status: 201, body: body.data };
		case 'items':
			return { status: 201, body: { items: body.data } };
		case 'ids':
			return { status: 201, body: { data: body.data.map((rec) => ({ id: rec.id })) } };
		case 'empty':
			return { status: 201, body: undefined };
		case 'no-content':
			return { status: 204, body: undefined };
		default:
			return { status: 201, body };
	}
}

function changeAnswer(mode: Readings['changeAnswer'], body: unknown): Result {
	switch (mode) {
		case 'no-content':
			return { status: 204, body: undefined };
		case 'empty':
			return { status: 200, body: undefined };
		case 'wrapped':
			return { status: 200, body: { data: body } };
		default:
			return { status: 200, body };
	}
}

/** A page `{data, has_more, next_cursor}` as the reading marks (or does not mark) its end. */
function lastPage(mode: Readings['lastPage'], page: Record<string, unknown>): Record<string, unknown> {
	// Only pages are touched; an answer without has_more is not one.
	if (!('has_more' in page)) return page;
	const out = { ...page };
	if (mode === 'cursor-only') delete out.has_more;
	if (out.next_cursor === null && mode === 'omitted') delete out.next_cursor;
	if (out.next_cursor === null && mode === 'empty') out.next_cursor = '';
	return out;
}

// ---- Errors and Retry-After ----

/** An API (/v1) error in the active shape; the X-Request-Id header is sent whatever the shape. */
export function apiErrorReply(mode: Readings['errorBody'], e: ApiError, requestId: string, headers: Record<string, string> = {}): Reply {
	// field only on a 422, as the default body has it.
	const field = e.status === 422 && e.field !== undefined ? { field: e.field } : {};
	switch (mode) {
		case 'flat':
			return { status: e.status, headers, json: { code: e.code, message: e.message, request_id: requestId, ...field } };
		case 'errors':
			return { status: e.status, headers, json: { errors: [{ code: e.code, message: e.message, ...field }], request_id: requestId } };
		case 'oauth':
			return { status: e.status, headers, json: { error: e.code, error_description: e.message, ...field, request_id: requestId } };
		case 'text': {
			// The field lives only in the message; the sandbox's 422 messages start with it, but an
			// injected fault's may not, so it is added then (a client must still be able to find it).
			const named = field.field !== undefined && !e.message.includes(field.field) ? ` (field: ${field.field})` : '';
			return { status: e.status, headers, text: `${e.code}: ${e.message}${named}` };
		}
		default:
			return { status: e.status, headers, json: errorBody(e, requestId) };
	}
}

/**
 * The Retry-After header for a wait of `seconds`, or none ('none'). 'http-date' counts from the
 * sandbox clock (as the Date header does), rounded up to the next whole second: an HTTP date has
 * no fractions, and rounding down would let a client retry too early.
 */
export function retryAfterHeader(mode: Readings['retryAfter'], seconds: number, nowMs: number): Record<string, string> {
	switch (mode) {
		case 'none':
			return {};
		case 'http-date':
			return { 'Retry-After': new Date(Math.ceil((nowMs + seconds * 1000) / 1000) * 1000).toUTCString() };
		case 'fractional':
			return { 'Retry-After': Number.isInteger(seconds) ? seconds.toFixed(1) : String(seconds) };
		default:
			return { 'Retry-After': String(seconds) };
	}
}

// ---- Leave states ----

/** The spelling of the two decided states other than approved, per reading (internally: declined, cancelled). */
const LEAVE_SPELLINGS: Record<Readings['leaveStates'], { declined: string; cancelled: string }> = {
	'declined-cancelled': { declined: 'declined', cancelled: 'cancelled' },
	'rejected-canceled': { declined: 'rejected', cancelled: 'canceled' },
	'denied-withdrawn': { declined: 'denied', cancelled: 'withdrawn' },
};

/** A leave request's status as the API spells it under the reading. */
export function leaveStatus(mode: Readings['leaveStates'], status: LeaveStatus): string {
	return status === 'declined' || status === 'cancelled' ? LEAVE_SPELLINGS[mode][status] : status;
}

/** Every state the reading spells: what the status filter of GET /v1/leave-requests accepts. */
export function leaveStatuses(mode: Readings['leaveStates']): string[] {
	const s = LEAVE_SPELLINGS[mode];
	return ['pending', 'approved', s.declined, s.cancelled];
}

// ---- Location time zone key ----

/** A rendered location with its `timezone` key renamed in place (same key order), or left out ('none'). */
export function withTimezoneKey(field: Readings['locationTimezoneField'], location: Record<string, unknown>): Record<string, unknown> {
	if (field === 'timezone') return location;
	if (field === 'none') return Object.fromEntries(Object.entries(location).filter(([k]) => k !== 'timezone'));
	return Object.fromEntries(Object.entries(location).map(([k, v]) => [k === 'timezone' ? field : k, v]));
}
