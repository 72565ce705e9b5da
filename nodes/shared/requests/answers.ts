import type { IDataObject } from 'n8n-workflow';
import { IANAZone } from 'luxon';

/**
 * Reading the service's successful answers where the spec leaves their shape "not shown" (issue 29):
 * the answer to a batch create, to a change or a delete, and a list page's last-page marker. Each
 * reader accepts every reasonable form (sandbox/CHOICES.md › Other readings lists the forms the
 * sandbox can answer in, and test/workflow/readings.test.ts runs the nodes under each). What a
 * reader cannot place is never taken for a failure: a 2xx means the service stored the write.
 */

/**
 * What a write's item says when the service's answer did not hold the record.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const NOT_RETURNED =
	'The service accepted this write but its answer did not include the record: the fields shown are what was sent.';

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an answer with nothing in it: no body, an empty text, an empty object. */
function isEmpty(answer: unknown): boolean {
	return answer === undefined || answer === null || answer === '' || (isRecord(answer) && Object.keys(answer).length === 0);
}

/**
 * The records of a batch create's answer (the sandbox's default is `{data: [records in order]}`):
 * also a bare list, or the list under `items`, `records`, `results` or `created`, at the top or
 * inside `data`. Undefined when the answer holds no such list (an empty body, a 204, a count).
 */
export function batchRecords(answer: unknown): IDataObject[] | undefined {
	if (Array.isArray(answer)) return answer as IDataObject[];
	if (!isRecord(answer)) return undefined;
	for (const holder of [answer, isRecord(answer.data) ? answer.data : undefined]) {
		if (!holder) continue;
		for (const name of ['data', 'items', 'records', 'results', 'created']) {
			if (Array.isArray(holder[name])) return holder[name] as IDataObject[];
		}
	}
	return undefined;
}

/** A single record's answer, unwrapped from `data` when the record came wrapped (no `id` beside it). */
const unwrapped = (answer: unknown): unknown => (isRecord(answer) && isRecord(answer.data) && answer.id === undefined ? answer.data : answer);

/**
 * The record a create or a change answered with (the record itself, or wrapped in `data`); where
 * the answer holds only part of it (an id) or nothing (a 204, an empty body), the fields that were
 * sent fill it in and `answer_note` says so, so the next node still knows which record it was.
 */
export function writtenRecord(answer: unknown, sent: { id?: string; body?: IDataObject }): IDataObject {
	const record = unwrapped(answer);
	if (isRecord(record) && !isEmpty(record) && Object.keys(record).some((name) => name !== 'id')) return record;
	const id = isRecord(record) && record.id !== undefined ? record.id : (sent.id ?? null);
	return { id, ...(sent.body ?? {}), ...(isRecord(record) ? record : {}), answer_note: NOT_RETURNED };
}

/** The answer to a delete (the sandbox's: `{id, deleted: true}`), or that when it held nothing. */
export function deletedRecord(answer: unknown, id: string | undefined): IDataObject {
	const record = unwrapped(answer);
	return isRecord(record) && !isEmpty(record) ? record : { id: id ?? null, deleted: true };
}

/**
 * The cursor of the next page, or undefined on the last one. The spec: `has_more` and a
 * `next_cursor` that is null on the last page. Also read: no `has_more` at all (the cursor alone
 * tells), and a last page whose cursor is missing or empty. A page that says it has more but
 * gives no cursor cannot be followed: that is said, rather than a list returned short.
 */
export function nextCursor(page: unknown): string | undefined | { missing: true } {
	if (!isRecord(page)) return undefined;
	const cursor = typeof page.next_cursor === 'string' && page.next_cursor !== '' ? page.next_cursor : undefined;
	if (page.has_more === false) return undefined;
	if (cursor) return cursor;
	return page.has_more === true ? { missing: true } : undefined;
}

/** The keys a list page may carry besides its records: an empty list may leave its records out. */
const PAGING_KEYS = ['has_more', 'next_cursor', 'cursor', 'total', 'count', 'limit', 'request_id'];

/**
 * The records of a list page: `data` as the spec shows it, a bare list, or a list under the names
 * a batch answer may use. An empty answer, or one holding only paging keys, is an empty page. Any
 * other answer is refused, quoting it: taken for an empty page, it would end the list short.
 */
export function pageRecords(page: unknown): IDataObject[] {
	const records = batchRecords(page);
	if (records) return records;
	if (isEmpty(page) || (isRecord(page) && Object.keys(page).every((name) => PAGING_KEYS.includes(name)))) return [];
	const quoted = JSON.stringify(page) ?? String(page);
	throw new Error(
		`The service answered a list request with no list of records the node could find (looked for data, items, records or results): ${quoted.length > 300 ? `${quoted.slice(0, 300)}…` : quoted}`,
	);
}

/** The names a record's display name may go by: the spec shows no field of a location at all. */
const NAME_FIELDS = ['name', 'display_name', 'displayName', 'title', 'label'];

/** A location's (or position's) name under any of the usual names; null when none is given. */
export function recordName(record: IDataObject): string | null {
	for (const field of NAME_FIELDS) {
		const value = record[field];
		if (typeof value === 'string' && value.trim() !== '') return value;
	}
	return null;
}

/** The names a location's time zone field may go by: the spec shows no location field at all. */
export const TIMEZONE_FIELDS = ['timezone', 'time_zone', 'timeZone', 'tz', 'iana_timezone', 'zone'];

/**
 * A location's IANA time zone: under any of the usual names, else the one field whose value is an
 * IANA zone name ("Australia/Sydney"). Undefined when none is found (the caller says what came back).
 */
export function timezoneOf(location: IDataObject): string | undefined {
	const valid = (value: unknown): value is string => typeof value === 'string' && IANAZone.isValidZone(value);
	for (const name of TIMEZONE_FIELDS) if (valid(location[name])) return location[name] as string;
	const found = Object.values(location).filter((value) => valid(value) && (value as string).includes('/'));
	return found.length === 1 ? (found[0] as string) : undefined;
}
