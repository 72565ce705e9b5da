/** The HTTP side: body parsing, recording, the /v1 pipeline, OAuth and control dispatch. */
import * as http from 'http';
import type { Ctx } from './context';
import { handleControl } from './control';
import type { Core, RecordedRequest } from './core';
import { ApiError, defaultCode, defaultMessage, errorBody, invalidRequest } from './errors';
import type { Fault } from './faults';
import { isId, requestId } from './ids';
import { isManagerPagePath, managerPage } from './manager-page';
import { apiErrorReply, retryAfterHeader, shapeAnswer, type AnswerKind } from './readings';
import { json, type Reply } from './reply';
import { match, REFUSED } from './routes';

/** Oldest recorded requests are dropped beyond this, so a long demo run does not grow without bound. */
const MAX_RECORDED = 10000;

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

interface Parsed {
	body: unknown;
	raw: string;
	/** Set when the body was meant to be JSON and is not. */
	badJson: boolean;
	form?: boolean;
}

function parseBody(raw: string, contentType: string): Parsed {
	if (!raw) return { body: undefined, raw, badJson: false };
	if (/application\/x-www-form-urlencoded/i.test(contentType)) return { body: Object.fromEntries(new URLSearchParams(raw)), raw, badJson: false, form: true };
	try {
		return { body: JSON.parse(raw), raw, badJson: false };
	} catch {
		return { body: raw, raw, badJson: true };
	}
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

export function createHandler(core: Core) {
	return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
		const rid = requestId();
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const method = (req.method ?? 'GET').toUpperCase();
		let raw = '';
		try {
			raw = await readBody(req);
		} catch {
			req.socket.destroy();
			return;
		}
		const parsed = parseBody(raw, String(req.headers['content-type'] ?? ''));
		const send = (reply: Reply, rec?: RecordedRequest) => {
			// Date from the sandbox's clock (which tests may move), as a real server's reflects its own.
			const headers: Record<string, string> = { 'X-Request-Id': rid, Date: core.clock.now().toUTCString(), ...(reply.headers ?? {}) };
			let text = '';
			if (reply.json !== undefined) {
				text = JSON.stringify(reply.json);
				headers['Content-Type'] = 'application/json; charset=utf-8';
			} else if (reply.html !== undefined) {
				text = reply.html;
				headers['Content-Type'] = 'text/html; charset=utf-8';
			} else if (reply.text !== undefined) {
				text = reply.text;
				headers['Content-Type'] = 'text/plain; charset=utf-8';
			}
			if (rec) {
				rec.status = reply.status;
				rec.responseBody = reply.json ?? reply.html ?? reply.text ?? null;
			}
			res.writeHead(reply.status, headers);
			res.end(text);
		};
		try {
			if (url.pathname.startsWith('/__control/') || url.pathname === '/__control') {
				send(await handleControl(core, method, url, parsed.body));
				return;
			}
			// The manager's page: a person's, not the API's (not recorded, never faulted or rate-limited).
			if (isManagerPagePath(url.pathname)) {
				send(managerPage(core, method, url, parsed.body));
				return;
			}
			const rec: RecordedRequest = {
				method, path: url.pathname, query: queryObject(url.searchParams), headers: headerObject(req.headers),
				body: parsed.body ?? null, rawBody: raw, status: 0, responseBody: null, at: core.clock.now().toISOString(), requestId: rid,
			};
			core.requests.push(rec);
			if (core.requests.length > MAX_RECORDED) core.requests.splice(0, core.requests.length - MAX_RECORDED);
			core.inFlight += 1;
			core.peakInFlight = Math.max(core.peakInFlight, core.inFlight);
			const reply = await route(core, method, url, req, parsed, rid).finally(() => {
				core.inFlight -= 1;
			});
			if (reply === 'drop') {
				rec.status = -1;
				req.socket.destroy();
				return;
			}
			send(reply, rec);
		} catch (e) {
			const fault = new ApiError(500, 'internal_error', `Sandbox fault: ${(e as Error).message}`);
			send(isApiPath(url.pathname) ? apiErrorReply(core.store.readings.errorBody, fault, rid) : json(500, errorBody(fault, rid)));
		}
	};
}

function queryObject(q: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [k, v] of q) {
		const prev = out[k];
		out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
	}
	return out;
}

function headerObject(h: http.IncomingHttpHeaders): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = v;
	return out;
}

const isApiPath = (path: string) => path === '/v1' || path.startsWith('/v1/');

/** An injected fault's answer: the API's error shape on /v1 (the readings), the default one on /oauth. */
function faultReply(core: Core, f: Fault, rid: string, isApi: boolean): Reply {
	const status = f.status!;
	const named = status === 400 && f.whenQuery ? `Query parameter "${f.whenQuery}" was refused (injected fault).` : undefined;
	const e = new ApiError(status, f.code ?? defaultCode(status), f.message ?? named ?? defaultMessage(status), f.field);
	const headers = f.retryAfter === undefined ? {} : retryAfterHeader(core.store.readings.retryAfter, f.retryAfter, core.clock.ms());
	return isApi ? apiErrorReply(core.store.readings.errorBody, e, rid, headers) : json(status, errorBody(e, rid), headers);
}

/**
 * The rate limit's 429. Whole seconds, at least 1, as always; the 'fractional' reading sends the
 * real wait instead, rounded up to a tenth of a second (so that it can be other than whole).
 */
function rateLimited(core: Core, waitSeconds: number, rid: string): Reply {
	const whole = Math.max(1, Math.ceil(waitSeconds));
	const mode = core.store.readings.retryAfter;
	const e = new ApiError(429, 'rate_limited', `Too many requests. Retry after ${whole} second(s).`);
	const header = retryAfterHeader(mode, mode === 'fractional' ? Math.ceil(waitSeconds * 10) / 10 : whole, core.clock.ms());
	return apiErrorReply(core.store.readings.errorBody, e, rid, header);
}

async function route(core: Core, method: string, url: URL, req: http.IncomingMessage, parsed: Parsed, rid: string): Promise<Reply | 'drop'> {
	const path = url.pathname;
	const isApi = isApiPath(path);
	const wait = isApi ? core.faults.overLimit() : 0;
	if (wait) return rateLimited(core, wait, rid);
	await core.faults.gathered(method, path);
	const fault = core.faults.take(method, path, url.searchParams, parsed.badJson ? undefined : parsed.body);
	const faultDelay = fault?.latencyMs ?? 0;
	if (fault?.drop || fault?.status !== undefined || !isApi) await sleep(faultDelay);
	if (fault?.drop) return 'drop';
	if (fault?.status !== undefined) return faultReply(core, fault, rid, isApi);
	if (isApi) return api(core, method, path.slice(3), url, req, parsed, rid, faultDelay);
	if (path === '/oauth/authorize') {
		const form = parsed.body && typeof parsed.body === 'object' ? (parsed.body as Record<string, string>) : {};
		return core.oauth.authorize(method, url.searchParams, form);
	}
	if (path === '/oauth/token') return core.oauth.token(method, req.headers, parsed.badJson ? undefined : parsed.body);
	return json(404, errorBody(new ApiError(404, 'not_found', `Nothing at ${path}. The API is under /v1.`), rid));
}

/** Auth, routing, permissions and the idempotency claim happen at once; the latency comes after, then the handler. */
async function api(core: Core, method: string, sub: string, url: URL, req: http.IncomingMessage, parsed: Parsed, rid: string, extraDelay: number): Promise<Reply> {
	const fail = (e: ApiError) => apiErrorReply(core.store.readings.errorBody, e, rid, e.headers);
	const delay = core.faults.latencyMs + extraDelay;
	let run: () => Reply;
	try {
		const conn = core.oauth.authenticate(req.headers.authorization);
		const m = match(method, sub);
		if (!m.route) {
			const refused = REFUSED.find((r) => r.method === method && r.path.test(sub));
			if (refused) throw new ApiError(403, 'permission_denied', `${refused.what} is done only in the service's own application, never through the API.`);
			if (m.methods.length) throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on /v1${sub}; allowed: ${m.methods.join(', ')}.`, undefined, { Allow: m.methods.join(', ') });
			throw new ApiError(404, 'not_found', `Nothing at /v1${sub}.`);
		}
		const route = m.route;
		if (route.path.includes(':id') && !isId(m.id)) throw new ApiError(404, 'not_found', `Nothing at /v1${sub}: ids are 24 lowercase hexadecimal characters.`);
		const missing = route.all?.find((s) => !conn.scopes.includes(s));
		if (missing) throw new ApiError(403, 'permission_denied', `This request needs the ${missing} permission, which this connection was not granted.`);
		if (route.any && !route.any.some((s) => conn.scopes.includes(s))) {
			throw new ApiError(403, 'permission_denied', `This request needs one of these permissions: ${route.any.join(', ')}. This connection has none of them.`);
		}
		if (route.all?.includes('roster:write') && !core.faults.connectorMayEditRosters) {
			throw new ApiError(403, 'permission_denied', 'The person who connected this app cannot edit rosters.');
		}
		const isList = method === 'GET' && (!route.path.includes(':id') || route.path.endsWith('/available-employees')) && route.path !== '/connection' && route.path !== '/business';
		const kind = answerKind(method, route.path, isList, parsed.body);
		const stray = isList ? undefined : [...url.searchParams.keys()][0];
		if (stray !== undefined) throw invalidRequest(stray, 'is not a parameter of this endpoint (it takes no query parameters).');
		const writes = method === 'POST' || method === 'PATCH';
		if (writes && (parsed.badJson || parsed.form)) throw new ApiError(400, 'invalid_request', 'The request body must be JSON (Content-Type: application/json).');
		if (writes && parsed.body === undefined) throw new ApiError(400, 'invalid_request', 'The request needs a JSON body.');
		const claim = writes ? core.idempotency.claim(conn.connectionId, req.headers['idempotency-key'], method, sub, url.search, parsed.body) : null;
		if (claim && 'replay' in claim) {
			const { status, body } = claim.replay;
			run = () => json(status, body, { 'Idempotent-Replayed': 'true' });
		} else {
			run = () => {
				const ctx: Ctx = {
					store: core.store, pay: conn.scopes.includes('pay:read'), now: core.clock.ms(),
					conn, query: url.searchParams, body: parsed.body, id: m.id, path: '/v1' + sub,
				};
				try {
					// Shaped before the idempotency key keeps it: a replay answers as the first did.
					const result = shapeAnswer(core.store.readings, kind, route.handler(ctx));
					claim?.release(result.status, result.body);
					return json(result.status, result.body);
				} catch (e) {
					claim?.release(e instanceof ApiError ? e.status : 500, undefined);
					throw e;
				}
			};
		}
	} catch (e) {
		if (!(e instanceof ApiError)) throw e;
		run = () => fail(e);
	}
	await sleep(delay);
	try {
		return run();
	} catch (e) {
		if (e instanceof ApiError) return fail(e);
		return fail(new ApiError(500, 'internal_error', `Something went wrong at the service (${(e as Error).message}). Quote the request id.`));
	}
}

/** Creates that can be batches, and every change and delete: the answers the readings reshape. */
const BATCH_PATHS = ['/shifts', '/timesheets', '/on-demand-shifts'];

function answerKind(method: string, routePath: string, isList: boolean, body: unknown): AnswerKind {
	if (isList) return 'list';
	if (method === 'PATCH' || method === 'DELETE') return 'change';
	// A body with `data` is a batch (context.ts isBatch); only these three take one.
	const batch = !!body && typeof body === 'object' && !Array.isArray(body) && 'data' in body;
	if (method === 'POST' && batch && BATCH_PATHS.includes(routePath)) return 'batch';
	return undefined;
}
