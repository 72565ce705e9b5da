/** What a handler gets: the store, the caller's connection, the query and the parsed body. */
import { ApiError, validation } from './errors';
import { isId } from './ids';
import type { View } from './render';
import { parseTimestamp } from './time';

export interface Connection {
	connectionId: string;
	businessId: string;
	scopes: string[];
	appName: string;
	clientId: string;
	connectedAt: number;
}

export interface Ctx extends View {
	conn: Connection;
	query: URLSearchParams;
	body: unknown;
	/** Path parameter (record id), when the route has one. */
	id: string;
	path: string;
}

export interface Result {
	status: number;
	body: unknown;
}

export const ok = (body: unknown, status = 200): Result => ({ status, body });

export type Obj = Record<string, unknown>;

export function bodyObject(body: unknown): Obj {
	if (!body || typeof body !== 'object' || Array.isArray(body)) {
		throw new ApiError(400, 'invalid_request', 'The request body must be a JSON object.');
	}
	return body as Obj;
}

export function item(body: unknown, field: string): Obj {
	if (!body || typeof body !== 'object' || Array.isArray(body)) throw validation(field, 'must be an object.');
	return body as Obj;
}

/** Refuse keys outside `allowed`; `prefix` is e.g. "data[3]." inside a batch. */
export function onlyKeys(o: Obj, allowed: string[], prefix: string, hint: Record<string, string> = {}): void {
	for (const k of Object.keys(o)) {
		if (!allowed.includes(k)) throw validation(prefix + k, hint[k] ?? `is not a field that can be sent here. Allowed: ${allowed.join(', ')}.`);
	}
}

export function required(o: Obj, keys: string[], prefix: string): void {
	for (const k of keys) if (!(k in o)) throw validation(prefix + k, 'is required.');
}

export function idField(v: unknown, field: string): string {
	if (!isId(v)) throw validation(field, 'must be an id of 24 lowercase hexadecimal characters.');
	return v;
}

export function timestampField(v: unknown, field: string): number {
	const p = parseTimestamp(v);
	if ('reason' in p) throw validation(field, p.reason + '.');
	return p.ms;
}

/** Notes and note: string or null, at most 2000 characters. */
export function textOrNull(v: unknown, field: string, max = 2000): string | null {
	if (v === null) return null;
	if (typeof v !== 'string') throw validation(field, 'must be a string or null.');
	if (v.length > max) throw validation(field, `must be at most ${max} characters.`);
	return v;
}

/** Batch body {data: [...]} of 1 to 100 items. */
export function batchItems(o: Obj): unknown[] {
	onlyKeys(o, ['data'], '');
	if (!Array.isArray(o.data)) throw validation('data', 'must be an array of 1 to 100 items.');
	if (o.data.length < 1 || o.data.length > 100) throw validation('data', `must hold 1 to 100 items; it holds ${o.data.length}.`);
	return o.data;
}

export function isBatch(o: Obj): boolean {
	return 'data' in o;
}
