import { DateTime } from 'luxon';
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Checks and conversions of the values a user types or maps, done before anything is sent. Each
 * error names the field as the user sees it in the node and says what is allowed.
 */

export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** "on-demand shift" → "On-demand shift". */
export function capitalised(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "in_progress" → "In Progress": a snake_case name's words, each capitalised. */
export function titleCase(snakeCase: string): string {
	return snakeCase.split('_').map(capitalised).join(' ');
}

/** "a shift", "an on-demand shift", "an employee". */
export function withArticle(noun: string): string {
	return `${/^[aeio]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

export class InputError extends NodeOperationError {}

export function inputError(node: INode, itemIndex: number, message: string, description: string): InputError {
	return new InputError(node, message, { itemIndex, description, level: 'warning' });
}

/** A required value left empty: the field as named in the error, and whether it is a record picked by id. */
export interface MissingValue {
	field: string;
	picked: boolean;
}

/** The errors that say a required value is missing (missingValue), kept beside them, not in their text. */
const missingValues = new WeakMap<Error, MissingValue>();

function requiredError(node: INode, itemIndex: number, missing: MissingValue, description: string): InputError {
	const error = inputError(node, itemIndex, `${missing.field} is required`, description);
	missingValues.set(error, missing);
	return error;
}

/** The value an error says is missing, when it says so (checkId, toTimestamp): version 2's mapper explains where it looked. */
export function missingValue(error: Error): MissingValue | undefined {
	return missingValues.get(error);
}

/** A record id: 24 lowercase hexadecimal characters. */
export function checkId(node: INode, itemIndex: number, value: unknown, field: string, singular: string): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (text === undefined || text === null || text === '') {
		throw requiredError(
			node,
			itemIndex,
			{ field, picked: true },
			`Choose the ${singular} from the list, enter its id, or map a field that holds it (an expression that gives nothing for this item leaves it empty).`,
		);
	}
	if (typeof text !== 'string' || !ID_PATTERN.test(text)) {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(text)} is not ${withArticle(singular)} id`,
			`Ids are 24 lowercase hexadecimal characters (0-9, a-f), like 5f1a2b3c4d5e6f7a8b9c0d1e. Pick the ${singular} from the list, or map the id from an earlier node.`,
		);
	}
	return text;
}

const OFFSET_AT_END = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Text of a date-time value however it arrived: typed text, a JS Date, or a Luxon DateTime. */
function dateTimeText(value: unknown): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
	if (DateTime.isDateTime(value)) return value.isValid ? value.toISO() ?? undefined : 'Invalid DateTime';
	if (typeof value === 'string') return value.trim();
	return undefined;
}

/** True when the timestamp text carries its own UTC offset (or Z). */
export function hasOffset(value: unknown): boolean {
	const text = dateTimeText(value);
	return text !== undefined && OFFSET_AT_END.test(text);
}

/**
 * A timestamp for the API: ISO 8601 with an offset.
 *
 * A value with an offset (or Z) is kept as that instant. A value without one is local time at
 * `timezone`, the record's location, as a person at that location reads a clock; daylight saving
 * is applied for that date. A local time that does not exist there (skipped when the clocks go
 * forward) is refused rather than moved. A repeated hour (clocks going back) means its first
 * occurrence.
 */
export function toTimestamp(
	node: INode,
	itemIndex: number,
	value: unknown,
	field: string,
	timezone?: string,
): string {
	const text = dateTimeText(value);
	if (value === undefined || value === null || text === '') {
		throw requiredError(node, itemIndex, { field, picked: false }, 'Enter a date and time, for example 2026-11-23T09:00.');
	}
	if (text === undefined) {
		// true, a number, a list or an object mapped from an earlier node
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(value)} is not a date and time`,
			'Use an ISO 8601 date and time such as 2026-11-23T09:00 (local time at the location) or 2026-11-23T09:00:00+11:00 (with an offset).',
		);
	}
	const normalised = text.replace(' ', 'T');
	const withOffset = OFFSET_AT_END.test(normalised);
	const parsed = withOffset
		? DateTime.fromISO(normalised, { setZone: true })
		: timezone
			? DateTime.fromISO(normalised, { zone: timezone })
			: DateTime.invalid('no timezone');
	if (!withOffset && !timezone) {
		throw inputError(node, itemIndex, `${field} needs a time zone`, 'Add a UTC offset, for example 2026-11-23T09:00:00+11:00.');
	}
	if (!parsed.isValid || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(normalised)) {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(text)} is not a date and time`,
			'Use an ISO 8601 date and time such as 2026-11-23T09:00 (local time at the location) or 2026-11-23T09:00:00+11:00 (with an offset).',
		);
	}
	if (!withOffset) {
		const wanted = normalised.slice(0, 16);
		if (parsed.toFormat("yyyy-MM-dd'T'HH:mm") !== wanted) {
			throw inputError(
				node,
				itemIndex,
				`${field}: ${wanted.replace('T', ' ')} does not exist in ${timezone}`,
				'The clocks go forward at that moment, so that local time is skipped. Choose a time outside the daylight-saving change, or give an offset.',
			);
		}
	}
	return parsed.toISO({ suppressMilliseconds: true }) as string;
}

/** A calendar date for from/to: the date part as written (no time zone conversion). */
export function toDate(node: INode, itemIndex: number, value: unknown, field: string): string {
	const text = dateTimeText(value);
	const match = text ? /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text) : null;
	if (!match || !DateTime.fromISO(match[1]).isValid) {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(text ?? value)} is not a date`,
			'Use a date such as 2026-11-23 (YYYY-MM-DD).',
		);
	}
	return match[1];
}

/** An integer within bounds, for limits and minutes. */
export function toInteger(node: INode, itemIndex: number, value: unknown, field: string, min: number, max: number): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(value)} is not allowed`,
			max >= Number.MAX_SAFE_INTEGER ? `Use a whole number of ${min} or more.` : `Use a whole number from ${min} to ${max}.`,
		);
	}
	return number;
}

/**
 * A free-text field (notes): text or a number as typed or mapped; empty means no value. Anything
 * else (an object, a list, true/false from an expression) is refused rather than sent as
 * "[object Object]".
 */
export function textField(node: INode, itemIndex: number, value: unknown, field: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	const got = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : JSON.stringify(value);
	throw inputError(
		node,
		itemIndex,
		`${field} must be text, not ${got}`,
		'Map a text value (for example {{ $json.notes }}), or turn the value into text first, for example with JSON.stringify().',
	);
}

/** A copy of the object without its undefined values (a request body; a row, where a field absent is not given). */
export function compact<T extends object>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

/** The UTC date (YYYY-MM-DD) of a moment in ms: the from/to of the lists read by date. */
export function dayOf(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/** The furthest UTC offsets in use anywhere (UTC-12:00 to UTC+14:00), in ms. */
const WESTMOST_OFFSET_MS = -12 * 3_600_000;
const EASTMOST_OFFSET_MS = 14 * 3_600_000;

/**
 * The calendar dates a moment may fall on at a location (the service reads from/to as dates at
 * each location): the one date there when its time zone is known, otherwise every date it is
 * somewhere on earth (two at most), so that a list read over them cannot miss the record.
 */
export function localDates(ms: number, timezone?: string): { first: string; last: string } {
	const there = timezone ? DateTime.fromMillis(ms, { zone: timezone }) : undefined;
	if (there?.isValid) {
		const date = there.toISODate() as string;
		return { first: date, last: date };
	}
	return { first: dayOf(ms + WESTMOST_OFFSET_MS), last: dayOf(ms + EASTMOST_OFFSET_MS) };
}

/**
 * The from/to of the list read that holds every body's record: the dates their starts fall on at
 * their locations, as the service reads from/to (at midnight in each location's time zone). A
 * time's written date is not enough: 19:00Z is the next morning in Sydney, and an offset that is
 * not the location's that day (+11:00 in a Sydney July) can name the day before. Where the
 * location's time zone is already known (a row with local times read it), the date is exact;
 * otherwise (or with no `zoneOf`) the read is a day wider rather than miss a record.
 */
export async function startDateSpan(bodies: IDataObject[], zoneOf: (locationId: string) => Promise<string | undefined> = async () => undefined): Promise<IDataObject> {
	let from: string | undefined;
	let to: string | undefined;
	for (const body of bodies) {
		const start = Date.parse(String(body.start_time));
		if (Number.isNaN(start)) continue;
		const { first, last } = localDates(start, body.location_id ? await zoneOf(String(body.location_id)) : undefined);
		if (from === undefined || first < from) from = first;
		if (to === undefined || last > to) to = last;
	}
	return from && to ? { from, to } : {};
}

/** JSON with sorted keys, so the same value always hashes the same. */
export function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as IDataObject)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${stableJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}
