import { createHash } from 'crypto';
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asNodeError } from '../shared/requests/errors';
import { BoundedMap, connectionKey } from '../shared/requests/execution-cache';
import { CREDENTIAL_TYPE, type RequestContext } from '../shared/requests/transport';

/**
 * A timesheet's note: `note` or `notes`.
 *
 * The spec's Timesheet field table names the field `notes`, while every request and response
 * example names it `note`, and which spelling is authoritative is not shown. The Timesheet node's
 * body builders write `note` (what the examples send). When the service refuses that key as a
 * field it does not know, the same request is sent once more with the key renamed to `notes` (in
 * every item of a batch); when the connection's service is known to take `notes`, that is sent
 * first and `note` is the second try. A second try cannot create twice: a refused request saved
 * nothing (the spec: a 422 saves nothing, a batch is saved all or nothing), and it carries its own
 * Idempotency-Key (see `keyFor`).
 *
 * The spelling the service accepted is remembered per connection (the credential), in this module,
 * so later requests of the execution and later executions in the same n8n process send it first.
 * A spelling remembered wrongly (the credential now points at another environment) costs one
 * refused request, then the other spelling is tried and remembered.
 *
 * Only a refusal of the note key as an unknown field leads to the second try: a refusal of its
 * value (too long, say), of another field, or any other error is the node's error as before. If
 * the service refuses both spellings, the error says so, and that no setting in the node can
 * change it (leave the note out, ask the service), never "correct the value".
 *
 * This is the one place that relies on the two spellings. The Timesheet node's writes name it as
 * their `shapeRetry` (bodies.ts): each create and change request is sent through it, in a
 * workflow (writes/writes.ts) and on n8n's AI-tool path (writes/tool-call.ts). Records come out as
 * the service returns them: a timesheet carries `note` or `notes`, whichever it answers with.
 */

type NoteKey = 'note' | 'notes';

const NOTE_KEYS: NoteKey[] = ['note', 'notes'];

const otherKey = (key: NoteKey): NoteKey => (key === 'note' ? 'notes' : 'note');

/** The spelling each connection's service last accepted, by connection (at most 1,000 connections). */
const accepted = new BoundedMap<string, NoteKey>(1000);

/** The records a body holds: the body itself, or each item of a batch's `data`. */
function recordsOf(body: IDataObject): IDataObject[] {
	return Array.isArray(body.data) ? (body.data as IDataObject[]) : [body];
}

/** The note key the body was built with, if any record of it carries a note. */
function noteKeyOf(body: IDataObject): NoteKey | undefined {
	for (const record of recordsOf(body)) {
		if (!record || typeof record !== 'object') continue;
		const key = NOTE_KEYS.find((name) => name in record);
		if (key) return key;
	}
	return undefined;
}

/** The record with its note key renamed, the other keys in their order. */
function renamed(record: IDataObject, from: NoteKey, to: NoteKey): IDataObject {
	if (!record || typeof record !== 'object' || !(from in record)) return record;
	return Object.fromEntries(Object.entries(record).map(([name, value]) => [name === from ? to : name, value]));
}

/** The body with its note (every record's, in a batch) under `to`. */
function withNoteKey(body: IDataObject, from: NoteKey, to: NoteKey): IDataObject {
	if (from === to) return body;
	if (Array.isArray(body.data)) return { ...body, data: (body.data as IDataObject[]).map((record) => renamed(record, from, to)) };
	return renamed(body, from, to);
}

/**
 * The Idempotency-Key of the body sent under `key`. The key the request was built with (transport's
 * idempotencyKey, worked out from the body as built, with `note`) goes with that spelling; the body
 * under the other spelling is a different request and gets a key of its own, derived from it.
 *
 * Why not the same key: the spec says that reusing a key with a different request gives 409
 * idempotency_key_reused, and it does not say whether a refused request keeps its key (the sandbox
 * frees it; a service may keep it for its 24 hours), so the second try must not reuse it. Why
 * derived and not random: each spelling of a request then always travels with the same key, so n8n's
 * Retry On Fail, or a resend after a lost answer, replays what that spelling created instead of
 * creating it again, whichever spelling is tried first; and a user's own key (Options › Idempotency
 * Key) still makes a re-run of the whole workflow safe. The derived key keeps the original's prefix
 * (n8n- or u-) and its length (within the spec's 1 to 255 characters).
 */
function keyFor(original: string, built: NoteKey, key: NoteKey): string {
	if (key === built) return original;
	const prefix = /^[a-z0-9]+-/i.exec(original)?.[0] ?? '';
	return `${prefix}${createHash('sha256').update(`${original}\n${key}`).digest('hex').slice(0, 48)}`;
}

/** The headers with the Idempotency-Key (whatever its case) for the body under `key`; no key, none added. */
function headersFor(headers: IDataObject, built: NoteKey, key: NoteKey): IDataObject {
	const name = Object.keys(headers).find((header) => header.toLowerCase() === 'idempotency-key');
	if (!name || typeof headers[name] !== 'string') return headers;
	return { ...headers, [name]: keyFor(headers[name], built, key) };
}

/**
 * Words with which a service says a key is not a field it knows, as opposed to a wrong value. The
 * sandbox says "note is not a field that can be sent here. Allowed: …" (the same as for any unknown
 * key); the service's words are not shown, so common phrasings are accepted too.
 */
const UNKNOWN_FIELD =
	/\bunknown\b|\bunrecogni[sz]ed\b|\bunexpected\b|\bnot (?:a |an )?(?:known |valid |recogni[sz]ed |accepted |allowed |permitted |supported )?(?:field|key|property|attribute|parameter)s?\b|\badditional propert|\b(?:field|key|property|attribute|parameter) (?:is )?not (?:allowed|permitted|accepted|supported|recogni[sz]ed)\b/i;

interface Refusal {
	key: NoteKey;
	requestId?: string;
	said?: string;
}

/**
 * The refusal, when the service refused the note key itself as a field it does not know: a 422
 * (or a 400) whose error.field is that key (`data[3].note` in a batch), or, without a field, whose
 * message names it; with a message that says the key is unknown, or no message at all (a resend is
 * safe either way). A refusal of the note's value, or of anything else, is not one.
 */
function unknownKeyRefusal(error: unknown, key: NoteKey): Refusal | undefined {
	const status = Number((error as { httpCode?: unknown }).httpCode);
	if (status !== 422 && status !== 400) return undefined;
	const context = (error as { context?: IDataObject }).context ?? {};
	const field = typeof context.field === 'string' ? context.field : undefined;
	const said = typeof context.apiMessage === 'string' && context.apiMessage.trim() ? context.apiMessage : undefined;
	const named =
		field !== undefined ? new RegExp(`^(?:data\\[\\d+\\]\\.)?${key}$`).test(field) : said !== undefined && new RegExp(`(?:^|[^\\w])${key}(?![\\w])`).test(said);
	if (!named || (said !== undefined && !UNKNOWN_FIELD.test(said))) return undefined;
	return { key, said, requestId: typeof context.requestId === 'string' ? context.requestId : undefined };
}

/** Both spellings refused as unknown: no setting in the node can fix that. */
function bothRefused(node: INode, method: string, refusals: Refusal[]): NodeApiError {
	const change = method === 'PATCH';
	const ids = refusals.map((refusal) => refusal.requestId).filter((id): id is string => Boolean(id));
	const said = refusals
		.filter((refusal) => refusal.said)
		.map((refusal) => `${refusal.key}: "${refusal.said}"`)
		.join('; ');
	const message = "The service refused the timesheet's note under both of its names, note and notes";
	const description = [
		`The API documentation names this field notes in its field table and note in its examples. The service refused each as a field it does not know${said ? ` (${said})` : ''}, so no setting in this node can send the note, and ${change ? 'the timesheet was not changed' : 'nothing was created'}.`,
		`To ${change ? 'change the timesheet' : 'create the timesheet'} without a note, leave Note out. To keep notes, ask the service's partner support which field holds a timesheet's note${ids.length ? `, quoting request id${ids.length > 1 ? 's' : ''} ${ids.join(' and ')}` : ''}.`,
	].join(' ');
	const error = new NodeApiError(
		node,
		{ message, status: 422, code: 'validation_failed', ...(ids.length ? { request_id: ids.join(', ') } : {}) } as JsonObject,
		{ message, description, httpCode: '422' },
	);
	// No error.field: every record with a note was refused alike, so no item of a batch is to blame.
	error.context.apiCode = 'validation_failed';
	error.context.requestId = ids[ids.length - 1];
	return error;
}

/**
 * Sends a timesheet create or change whose body may carry a note: `attempt` sends one body with
 * its headers through the transport. A body without a note is sent once, as built. Otherwise the
 * connection's known spelling goes first (`note` until one is known), and the other once more if
 * the first is refused as an unknown field; the spelling accepted is remembered.
 */
export async function sendWithNoteKey<T>(
	ctx: RequestContext,
	request: { method: string; body: IDataObject; headers: IDataObject },
	attempt: (body: IDataObject, headers: IDataObject) => Promise<T>,
): Promise<T> {
	const built = noteKeyOf(request.body);
	if (!built) return await attempt(request.body, request.headers);
	const connection = connectionKey(ctx, CREDENTIAL_TYPE);
	const first = accepted.get(connection) ?? 'note';
	const refusals: Refusal[] = [];
	for (const key of [first, otherKey(first)]) {
		try {
			const answer = await attempt(withNoteKey(request.body, built, key), headersFor(request.headers, built, key));
			accepted.set(connection, key);
			return answer;
		} catch (error) {
			const refusal = unknownKeyRefusal(error, key);
			// Anything else is the request's own error, as the transport made it (passed through).
			if (!refusal) throw asNodeError(ctx.getNode(), error);
			refusals.push(refusal);
		}
	}
	throw bothRefused(ctx.getNode(), request.method, refusals);
}
