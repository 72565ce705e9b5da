/**
 * Lists: query validation, filters, keyset order and cursors.
 *
 * Order: with updated_since, by (updated_at, id); otherwise each resource's natural order
 * (start_time then id for time-based records, date then location then id for public holidays,
 * id for the rest). The cursor is the sort key of the last record returned plus a hash of the
 * query (every parameter but `after` and `limit`), signed by the sandbox: the next page starts
 * strictly after that key, so records that change between pages are neither skipped nor repeated
 * unless their own sort key moves.
 */
import { ApiError, invalidRequest } from './errors';
import { hmac, isId, stableStringify } from './ids';
import { daysBetween, isDate, localDate, parseTimestamp } from './time';

export type Key = (string | number)[];

export interface ListDef<R> {
	/** Query parameters this endpoint accepts (besides limit and after). */
	params: string[];
	records: R[];
	/** Natural sort key; the id must be last. */
	key(r: R): Key;
	updatedAt(r: R): number;
	id(r: R): string;
	archived?(r: R): boolean;
	/** Local calendar date used by from/to (start_time in the location's timezone). */
	date?(r: R): string;
	statuses?: readonly string[];
	status?(r: R): string;
	/** Extra id filters, e.g. location_id, employee_id, shift_id: does the record match? */
	match?: Record<string, (r: R, id: string) => boolean>;
	rangeDays?: number;
	rangeRequired?: boolean;
}

/** What a record that happens at a location from a start time (shift, timesheet, on-demand shift) has. */
interface StartTimed {
	id: string;
	location_id: string;
	start_time: number;
	updated_at: number;
	archived: boolean;
}

/**
 * The list definition those records share: ordered by start then id, dated by the local calendar
 * day of the start at their own location (how from/to resolve), archived hidden unless asked for.
 */
export function startTimed<R extends StartTimed>(
	records: R[],
	zoneOf: (locationId: string) => string,
	def: Pick<ListDef<R>, 'params' | 'match' | 'statuses' | 'status'>,
): ListDef<R> {
	return {
		...def,
		records,
		key: (r) => [r.start_time, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		date: (r) => localDate(r.start_time, zoneOf(r.location_id)),
	};
}

export interface Page<R> {
	data: R[];
	has_more: boolean;
	next_cursor: string | null;
}

const CURSOR_SECRET = 'sandbox-cursor-v1';
const ID_PARAMS = new Set(['location_id', 'employee_id', 'shift_id', 'type_id']);

/** Keys in order, part by part; a key that is a prefix of the other comes first. (Called for every record of every page: kept lean.) */
function compare(a: Key, b: Key): number {
	const shorter = a.length < b.length ? a.length : b.length;
	for (let i = 0; i < shorter; i++) {
		const x = a[i];
		const y = b[i];
		if (x !== y) return x < y ? -1 : 1;
	}
	return a.length - b.length;
}

export function list<R>(path: string, query: URLSearchParams, def: ListDef<R>): Page<R> {
	const allowed = new Set(['limit', 'after', ...def.params]);
	const q = new Map<string, string>();
	for (const [name, value] of query) {
		if (!allowed.has(name)) throw invalidRequest(name, 'is not a parameter of this list.');
		if (q.has(name)) throw invalidRequest(name, 'is given more than once.');
		q.set(name, value);
	}
	let limit = 50;
	if (q.has('limit')) {
		const v = q.get('limit')!;
		if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 200) throw invalidRequest('limit', 'must be an integer from 1 to 200.');
		limit = Number(v);
	}
	let records = def.records;
	let includeArchived = false;
	if (q.has('include_archived')) {
		const v = q.get('include_archived');
		if (v !== 'true' && v !== 'false') throw invalidRequest('include_archived', 'must be true or false.');
		includeArchived = v === 'true';
	}
	if (def.archived && !includeArchived) records = records.filter((r) => !def.archived!(r));
	let since: number | undefined;
	if (q.has('updated_since')) {
		const p = parseTimestamp(q.get('updated_since'));
		if (!('ms' in p)) throw invalidRequest('updated_since', 'must be a date-time with a UTC offset, for example 2026-11-23T09:00:00+11:00.');
		since = p.ms;
		records = records.filter((r) => def.updatedAt(r) >= since!);
	}
	for (const name of ['from', 'to']) {
		if (q.has(name) && !isDate(q.get(name)!)) throw invalidRequest(name, 'must be a date, YYYY-MM-DD.');
		if (def.rangeRequired && !q.has(name)) throw invalidRequest(name, 'is required.');
	}
	const from = q.get('from');
	const to = q.get('to');
	if (from && to) {
		if (to < from) throw invalidRequest('to', 'must not be before from.');
		const days = daysBetween(from, to) + 1;
		const max = def.rangeDays ?? 92;
		if (days > max) throw new ApiError(400, 'range_too_long', `The range from ${from} to ${to} is ${days} days; at most ${max} days are allowed. Split it into shorter ranges.`);
	}
	for (const [name, value] of q) {
		if (ID_PARAMS.has(name)) {
			if (!isId(value)) throw invalidRequest(name, 'must be an id of 24 lowercase hexadecimal characters.');
			const m = def.match?.[name];
			if (m) records = records.filter((r) => m(r, value));
		}
	}
	// After the id filters, which are cheap: a record's local date takes its location's offset.
	if (def.date && (from || to)) records = records.filter((r) => { const d = def.date!(r); return (!from || d >= from) && (!to || d <= to); });
	if (q.has('status')) {
		const v = q.get('status')!;
		if (!def.statuses?.includes(v)) throw invalidRequest('status', `must be one of ${def.statuses?.join(', ')}.`);
		records = records.filter((r) => def.status!(r) === v);
	}
	const keyOf = since !== undefined ? (r: R): Key => [def.updatedAt(r), def.id(r)] : def.key;
	const binding = hmac(CURSOR_SECRET, path + '?' + stableStringify([...q].filter(([k]) => k !== 'after' && k !== 'limit').sort())).slice(0, 16);
	let after: Key | undefined;
	if (q.has('after')) after = decodeCursor(q.get('after')!, binding);
	// The records after the cursor, then the first limit + 1 of them in order: a page costs one pass
	// over the list instead of sorting all of it (a trigger's burst reads 50 pages of 10,000).
	const rest: Keyed<R>[] = [];
	for (const r of records) {
		const k = keyOf(r);
		if (!after || compare(k, after) > 0) rest.push({ r, k });
	}
	const page = firstInOrder(rest, limit + 1);
	const hasMore = page.length > limit;
	if (hasMore) page.pop();
	return {
		data: page.map((x) => x.r),
		has_more: hasMore,
		next_cursor: hasMore ? encodeCursor(page[page.length - 1].k, binding) : null,
	};
}

interface Keyed<R> {
	r: R;
	k: Key;
}

/** The first `n` of `items` by key, in order (a bounded max-heap: one pass, no sort of the rest). */
function firstInOrder<R>(items: Keyed<R>[], n: number): Keyed<R>[] {
	if (items.length <= n * 4) return items.sort((a, b) => compare(a.k, b.k)).slice(0, n);
	const heap: Keyed<R>[] = []; // heap[0] holds the largest key kept
	const above = (i: number, j: number) => compare(heap[i].k, heap[j].k) > 0;
	const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
	const down = (i: number) => {
		for (;;) {
			const l = 2 * i + 1;
			const r = l + 1;
			let top = i;
			if (l < heap.length && above(l, top)) top = l;
			if (r < heap.length && above(r, top)) top = r;
			if (top === i) return;
			swap(i, top);
			i = top;
		}
	};
	for (const item of items) {
		if (heap.length < n) {
			heap.push(item);
			for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
		} else if (compare(item.k, heap[0].k) < 0) {
			heap[0] = item;
			down(0);
		}
	}
	return heap.sort((a, b) => compare(a.k, b.k));
}

function encodeCursor(key: Key, binding: string): string {
	const payload = Buffer.from(JSON.stringify({ q: binding, k: key })).toString('base64url');
	return `${payload}.${hmac(CURSOR_SECRET, payload).slice(0, 22)}`;
}

function decodeCursor(cursor: string, binding: string): Key {
	const [payload, sig, extra] = cursor.split('.');
	if (!payload || !sig || extra !== undefined || hmac(CURSOR_SECRET, payload).slice(0, 22) !== sig) {
		throw invalidRequest('after', 'is not a cursor this service issued. Start again from the first page.');
	}
	const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { q: string; k: Key };
	if (parsed.q !== binding) throw invalidRequest('after', 'belongs to a different query. Send the same parameters as for the previous page, or start again from the first page.');
	return parsed.k;
}

/** Local date of an instant in a location's timezone (from/to filters). */
export const dateIn = localDate;
