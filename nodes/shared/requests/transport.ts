import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { nextCursor, pageRecords } from './answers';
import { asNodeError, readFailure, toNodeError, type RequestSubject } from './errors';
import { connectionKey, ExecutionCache, executionKey } from './execution-cache';
import { limiterFor, MAX_CONCURRENT_REQUESTS } from './limiter';
import { accessTokenOf, bearerHeader, httpResponseOf, isNotConnected, isRefreshRefused, retriedExecutionId } from '../n8n-internals';
import { stableJson } from '../input/values';
import { MAX_PAGE_SIZE } from '../resources';
import { waits } from './waits';

/**
 * The one way a request leaves the package: authentication, the concurrency bound, retries,
 * Retry-After, Idempotency-Key, cursor paging, range splitting and error mapping all live here.
 *
 * Requests are signed with the connection's token, read once per execution or poll with the
 * credential (signedRequest, n8n-internals A11); one the service refuses with a 401 (the token
 * expired or was revoked) goes to `helpers.httpRequestWithAuthentication` with the credential type
 * below. In n8n-core 2.40.3 that signs the request with the stored OAuth2 token and, on a 401,
 * refreshes the token once through the credential's token URL (HTTP Basic), stores the new tokens
 * and retries (request-helpers/oauth.js, requestOAuth2). A refresh is shared by concurrent
 * requests (a SingleFlightLease per credential). A failure reaches us as a NodeApiError whose
 * `cause` holds the HTTP response, which `readFailure` reads.
 */
export const CREDENTIAL_TYPE = 'rosteringOAuth2Api';

export type RequestContext = IExecuteSingleFunctions | IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * Waits between retries of a request that is safe to repeat (5xx, network errors).
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
/** Default ceiling on one Retry-After wait; the nodes let the user change it. */
const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 60;
/** Waits before a request goes again after n8n's renewal of the token was refused (see send). */
const REFRESH_RETRY_DELAYS_MS = [250, 1000];
/**
 * How long one request keeps waiting out 429s (or a request in progress): at least this many
 * times, and beyond that while all its waits together stay within this many Max Rate-Limit Waits
 * (a Retry-After of 0 is not a wait: ten of them end it).
 * A count alone failed requests that were merely losing the race for a busy limit: in queue mode,
 * six executions on two workers against 5 requests a second, a request refused eleven times in a
 * row (one second asked each time) failed although the service was answering others all along.
 */
const RATE_LIMIT_RETRIES = 10;
/** Statuses that mean "try again later" rather than "this request is wrong". */
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

export interface SendOptions {
	/** What the request is about, for error messages. */
	subject: RequestSubject;
	/**
	 * True when sending the request twice cannot do anything twice: reads, deletes (which archive,
	 * so a repeat changes nothing), and creates or changes that carry an Idempotency-Key.
	 */
	retrySafe: boolean;
	/** The longest a single Retry-After wait may be before the request fails instead. */
	maxRateLimitWaitSeconds?: number;
	/** Told the service's clock (its Date header, in ms; undefined without one) when it answers. */
	onServiceTime?: (ms: number | undefined) => void;
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path starting with /v1/. */
	url: string;
	qs?: IDataObject;
	body?: IDataObject;
	headers?: IDataObject;
	/** Set by RoutingNode from the node's requestDefaults; looked up from the credential otherwise. */
	baseURL?: string;
	/** The node's Request Options n8n adds to declarative nodes (timeout, proxy, ...), kept as set. */
	passThrough?: Partial<IHttpRequestOptions>;
}

/** What every request takes from the credential, read once per execution or poll (connectionOf). */
interface Connection {
	baseUrl: string;
	/** The access token n8n stored at Connect or at its last renewal (A11); none before Connect. */
	accessToken?: string;
	/** The credential's Ignore SSL Issues (n8n's OAuth2 credentials have it; n8n's helper honours it). */
	skipSslCertificateValidation: boolean;
}

const connections = new ExecutionCache<Connection>(1000);

/**
 * The service's address and the connection's token, from the credential, read once per execution
 * and credential. Each read costs n8n's resolving of the credential's expressions (the
 * environment's address, the scope) in its isolated expression engine, about 25 ms in n8n 2.40.7.
 * The nodes leave `baseURL` out of their requestDefaults on purpose: n8n 2.40 would evaluate that
 * expression twice for every item, which showed in the Create benchmarks; every request goes
 * through here anyway.
 */
async function connectionOf(ctx: RequestContext): Promise<Connection> {
	const read = async (): Promise<Connection> => {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		const baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
		if (!/^https?:\/\//.test(baseUrl)) {
			throw new NodeOperationError(ctx.getNode(), 'The Rostering credential has no valid base URL', {
				description: 'Open the credential, choose Custom Base URL and enter the address the service gave you (without /v1).',
			});
		}
		// The credential's Production and Sandbox hosts are placeholders until the service publishes
		// them (credentials/RosteringOAuth2Api.credentials.ts): say so instead of a DNS failure.
		if (/\.invalid(?::\d+)?$/.test(baseUrl)) {
			throw new NodeOperationError(ctx.getNode(), "The Rostering credential's environment has no published address yet", {
				description: 'The service has not published the Production and Sandbox addresses. Open the credential, choose Custom Base URL and enter the address the service gave you with your client ID.',
			});
		}
		return { baseUrl, accessToken: accessTokenOf(credentials), skipSslCertificateValidation: credentials.ignoreSSLIssues === true };
	};
	return await connections.get(connectionCacheKey(ctx), read);
}

/**
 * The execution and credential a connection is kept for; a poll has no execution id, so its
 * context object (`this` of poll()) keys it instead, and startPoll drops it as each poll begins
 * (read per request, it was a third of a trigger's poll time in the burst benchmark).
 */
function connectionCacheKey(ctx: RequestContext): string | object {
	return executionKey(ctx, CREDENTIAL_TYPE) ?? ctx;
}

/**
 * A poll begins: what an earlier poll read of the credential is not used. n8n 2.40.7 builds a
 * trigger's poll context once per activation and polls with it again and again (n8n-core
 * active-workflow-triggers.js, activatePollTrigger), so a read kept by the context would outlive
 * the poll: a Base URL changed in the credential, or a token n8n renewed in another run, would not
 * be seen until the workflow is published again.
 */
export function startPoll(ctx: IPollFunctions): void {
	connections.delete(ctx);
}

/** Reads the credential again at the next request of this execution or poll (its token was refused). */
function forgetConnection(ctx: RequestContext, stale: Connection): void {
	connections.forget(connectionCacheKey(ctx), stale);
}

/**
 * Sends a request signed with the connection's token (A11). The service's 401 (the token expired,
 * or was revoked) stored nothing: the request then goes through n8n's OAuth2 helper, which renews
 * the token, stores it with the credential and sends the request again, and the next request reads
 * the credential again (the renewed token). Without a token (never connected) n8n's helper is used
 * from the start, and says so (A2).
 */
async function signedRequest(ctx: RequestContext, connection: Connection, options: IHttpRequestOptions): Promise<unknown> {
	if (connection.accessToken) {
		const cancel = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
		try {
			return await ctx.helpers.httpRequest({
				...options,
				headers: { ...options.headers, Authorization: bearerHeader(connection.accessToken) },
				...(connection.skipSslCertificateValidation ? { skipSslCertificateValidation: true } : {}),
				...(cancel ? { abortSignal: cancel } : {}),
			});
		} catch (error) {
			// As n8n's helper hands a failure on (A1): a NodeApiError around the HTTP client's error.
			if (httpResponseOf(error)?.status !== 401) throw new NodeApiError(ctx.getNode(), error as JsonObject);
			forgetConnection(ctx, connection);
		}
	}
	return await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options);
}

function hasIdempotencyKey(request: ApiRequest): boolean {
	return Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** How many requests may be in flight against the node's connection now (requests/limiter.ts). */
function requestsAtOnce(ctx: RequestContext): number {
	return limiterFor(connectionKey(ctx, CREDENTIAL_TYPE)).size;
}

/**
 * Runs `work` on each entry in input order, as many at once as the connection's bound allows
 * (requests/limiter.ts: ten, fewer after a 429) and at most `limit`; none starts once `stopped()`
 * says so. The bound is read again as each one ends, so a run slows down as soon as the service
 * says it is busy, and nothing waits for a slot that a stopped run would then use.
 */
export async function inTurn<T>(
	ctx: RequestContext,
	entries: T[],
	work: (entry: T) => Promise<void>,
	{ limit = MAX_CONCURRENT_REQUESTS, stopped = () => false }: { limit?: number; stopped?: () => boolean } = {},
): Promise<void> {
	let next = 0;
	let running = 0;
	await new Promise<void>((resolve, reject) => {
		const startMore = () => {
			while (next < entries.length && !stopped() && running < Math.min(limit, requestsAtOnce(ctx))) {
				running++;
				work(entries[next++]).then(() => {
					running--;
					startMore();
				}, reject);
			}
			if (running === 0) resolve();
		};
		startMore();
	});
}

/**
 * Sends one request and returns the parsed body. Waits out 429s for as long as Retry-After says
 * (up to the cap), retries 5xx and network failures with backoff (or after the Retry-After a 5xx
 * carries) when the request is safe to repeat, and turns anything else into an error that says
 * what to do.
 */
export async function send(ctx: RequestContext, request: ApiRequest, options: SendOptions): Promise<IDataObject> {
	const maxWait = options.maxRateLimitWaitSeconds ?? DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS;
	const httpOptions: IHttpRequestOptions = {
		...(request.passThrough ?? {}),
		method: request.method,
		url: request.url,
		qs: request.qs,
		body: request.body,
		headers: { Accept: 'application/json', ...(request.headers ?? {}) },
		json: true,
	};
	const limiter = limiterFor(connectionKey(ctx, CREDENTIAL_TYPE));
	return await limiter.run(async () => {
		let transientRetries = 0;
		let rateLimited = 0;
		let rateLimitWaitedMs = 0;
		let refreshRetries = 0;
		for (;;) {
			// Read for each attempt (once per execution or poll): a token an attempt had refused is read again.
			const connection = await connectionOf(ctx);
			try {
				const full = Boolean(options.onServiceTime);
				const answer = (await signedRequest(ctx, connection, {
					...httpOptions,
					baseURL: request.baseURL ?? connection.baseUrl,
					qs: httpOptions.qs && { ...httpOptions.qs },
					...(full ? { returnFullResponse: true } : {}),
				})) as IDataObject | undefined;
				limiter.speedUp();
				if (!full) return bodyOf(answer);
				const date = Date.parse(String((answer?.headers as IDataObject | undefined)?.date ?? ''));
				options.onServiceTime?.(Number.isNaN(date) ? undefined : date);
				return bodyOf(answer?.body);
			} catch (error) {
				const failure = readFailure(error);
				// A token refused after n8n's renewal (a 401 from its helper), or the renewal refused: another
				// renewal beat this one (n8n-internals A3). The request, which the 401 kept from being stored,
				// goes again with the credential read again; n8n renews for real if that token is refused too.
				const renewalMissed = failure ? failure.status === 401 : isRefreshRefused(error);
				if (renewalMissed && refreshRetries < REFRESH_RETRY_DELAYS_MS.length) {
					forgetConnection(ctx, connection);
					await waits.pause(REFRESH_RETRY_DELAYS_MS[refreshRetries++], 'refresh');
					continue;
				}
				if (!failure) throw notConnected(ctx, error) ?? refreshRefused(ctx, error) ?? asNodeError(ctx.getNode(), error);
				// A 429 and a request still in progress under the same Idempotency-Key both mean "not
				// now": waiting and sending the same request again cannot do anything twice.
				const notNow = failure.status === 429 || (failure.code === 'request_in_progress' && hasIdempotencyKey(request));
				if (failure.status === 429) limiter.slowDown();
				if (notNow) {
					// Without a Retry-After (none sent, or n8n 1.x, which drops response headers:
					// n8n-internals A1) the node backs off on its own, within Max Rate-Limit Wait.
					const asked = failure.retryAfterSeconds;
					if (asked !== undefined && asked > maxWait) throw toNodeError(ctx.getNode(), failure, options.subject, error);
					const waitMs = Math.ceil((asked ?? Math.min(maxWait, RETRY_DELAYS_MS[Math.min(rateLimited, RETRY_DELAYS_MS.length - 1)] / 1000)) * 1000);
					if (rateLimited < RATE_LIMIT_RETRIES || (waitMs > 0 && rateLimitWaitedMs + waitMs <= RATE_LIMIT_RETRIES * maxWait * 1000)) {
						rateLimited++;
						rateLimitWaitedMs += waitMs;
						await waits.pause(waitMs, 'rate-limit');
						continue;
					}
				}
				const transient = failure.status === 0 || TRANSIENT_STATUSES.has(failure.status);
				// A 5xx that says when to come back (Retry-After, as a 503 may) is taken at its word, within
				// Max Rate-Limit Wait; one that asks for longer is not retried. Otherwise the node's backoff.
				const asked = transient ? failure.retryAfterSeconds : undefined;
				if (transient && options.retrySafe && transientRetries < RETRY_DELAYS_MS.length && (asked === undefined || asked <= maxWait)) {
					const backoff = RETRY_DELAYS_MS[transientRetries++];
					await waits.pause(asked === undefined ? backoff : Math.ceil(asked * 1000), 'retry');
					continue;
				}
				const subject = failure.code === 'permission_denied' ? { ...options.subject, granted: await grantedPermissions(ctx) } : options.subject;
				throw toNodeError(ctx.getNode(), failure, subject, error);
			}
		}
	});
}

/**
 * An answer's body as the readers take it (answers.ts): an object or a list as parsed; no body, or
 * a text n8n could not parse as JSON (a 204, an empty 200), is an empty object, never a string.
 */
function bodyOf(answer: unknown): IDataObject {
	return typeof answer === 'object' && answer !== null ? (answer as IDataObject) : {};
}

/**
 * The permissions the service granted, from the token n8n keeps with the credential (the token
 * response's `scope`, as the spec shows it). Read only to explain a refusal; undefined if unknown.
 */
async function grantedPermissions(ctx: RequestContext): Promise<string[] | undefined> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		const scope = (credentials.oauthTokenData as IDataObject | undefined)?.scope;
		return typeof scope === 'string' && scope.trim() ? scope.trim().split(/\s+/) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A credential that was never connected (n8n-internals A2): say how to connect it.
 */
function notConnected(ctx: RequestContext, error: unknown): NodeOperationError | undefined {
	if (!isNotConnected(error)) return undefined;
	return new NodeOperationError(ctx.getNode(), 'The Rostering credential is not connected yet', {
		description: 'Open the credential and click Connect ("Connect my account" in n8n 1.x), so that the business owner can allow access.',
	});
}

/** A token refresh the service refused (n8n-internals A3): say what to check. */
function refreshRefused(ctx: RequestContext, error: unknown): NodeOperationError | undefined {
	if (!isRefreshRefused(error)) return undefined;
	const refused = new NodeOperationError(ctx.getNode(), 'The service refused to renew the Rostering credential', {
		description:
			'Nothing was stored: the service refused the request before it (401). The business may have disconnected the app, or the Client ID and Client Secret may have been changed at the service. Open the credential, check them and connect it again (on the credential: Switch account, or Disconnect and then Connect).',
	});
	// A refusal, not an unknown outcome: a write it stopped was not stored (writes.ts refusedClearly).
	(refused as NodeOperationError & { httpCode?: string }).httpCode = '401';
	return refused;
}

function sha256(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

/**
 * Where a derived Idempotency-Key comes from: the n8n instance, the workflow and the execution.
 *
 * The execution id alone is not unique at the service, which keeps a key 24 hours per connection:
 * a fresh n8n numbers its executions from 1 again, and node ids travel with an exported workflow.
 * So the same workflow run in a second n8n (test and production, a re-install, two people
 * importing one template) on the same connection would send the first one's keys and get its
 * records replayed: a success that creates nothing. The instance id (`getInstanceId()`, which
 * n8n derives from the instance's encryption key; main and its queue-mode workers share it) and
 * the workflow id tell those runs apart. The execution is the one an n8n Retry retries, when it
 * is one (A10), so that a retry replays what the failed execution created.
 */
export interface KeyScope {
	instance: string;
	workflow: string;
	execution: string;
}

export function keyScope(ctx: IExecuteSingleFunctions | IExecuteFunctions): KeyScope {
	return {
		instance: ctx.getInstanceId(),
		workflow: String(ctx.getWorkflow().id ?? ''),
		execution: retriedExecutionId(ctx) ?? ctx.getExecutionId(),
	};
}

/**
 * The Idempotency-Key for a create or change.
 *
 * Without a user key it is derived from the instance, workflow and execution (KeyScope), the node,
 * the item and the request itself, so n8n's "Retry On Fail" (which runs the node again inside the
 * same execution) sends the same key and the service replays the first answer instead of creating
 * a second record; n8n's Retry of a failed or crashed execution does too (A10). A user key (for
 * example the id of the source row) makes any re-run safe, a retry of a retry and a whole new
 * execution included; it is combined with the method and path so that one row id can serve
 * several nodes without clashing, and on purpose with nothing of the instance: the same source row
 * is the same record whichever n8n sends it.
 */
export function idempotencyKey(
	ctx: IExecuteSingleFunctions | IExecuteFunctions,
	request: { method: string; url: string; body?: unknown },
	userKey?: string,
	itemIndex?: number,
	/** Worked out once by a caller that makes many keys (writes.ts Run), rather than for each. */
	scope: KeyScope = keyScope(ctx),
): string {
	if (userKey) return `u-${sha256(`${request.method} ${request.url}\n${userKey}`).slice(0, 48)}`;
	const index = itemIndex ?? ('getItemIndex' in ctx ? ctx.getItemIndex() : 0);
	// The run index tells apart the passes of a loop over the node; Retry On Fail keeps it.
	const runIndex = ctx.getWorkflowDataProxy(index).$runIndex;
	const seed = [scope.instance, scope.workflow, scope.execution, ctx.getNode().id, runIndex, index, request.method, request.url, stableJson(request.body)];
	return `n8n-${sha256(seed.join('\n')).slice(0, 48)}`;
}

export interface ListOptions {
	subject: RequestSubject;
	/** Stop after this many records; undefined means every record. */
	limit?: number;
	/** Longest from/to range the endpoint accepts; longer ranges are split into windows. */
	rangeDays?: number;
	maxRateLimitWaitSeconds?: number;
	baseURL?: string;
	passThrough?: Partial<IHttpRequestOptions>;
	/** Keep a record listed twice (changed while paging) each time, for the trigger to choose. */
	keepRepeats?: boolean;
	/** Told the service's clock when the first page answers (see SendOptions). */
	onServiceTime?: (ms: number | undefined) => void;
	/**
	 * Only the records this keeps (a filter the API does not have: Open Shifts Only); Limit counts
	 * the records kept, so the listing reads on in full pages until it has them.
	 */
	keep?: (record: IDataObject) => boolean;
	/** Each page's records as they arrive (kept ones), for work that can start before the listing ends. */
	onPage?: (records: IDataObject[]) => void;
}

/** Days between two YYYY-MM-DD dates, counting both ends. */
function inclusiveDays(from: string, to: string): number {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function addDays(date: string, days: number): string {
	return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Consecutive from/to windows of at most `rangeDays` days covering the whole range.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function splitRange(from: string, to: string, rangeDays: number): Array<{ from: string; to: string }> {
	const windows: Array<{ from: string; to: string }> = [];
	for (let start = from; start <= to; start = addDays(start, rangeDays)) {
		const end = addDays(start, rangeDays - 1);
		windows.push({ from: start, to: end < to ? end : to });
	}
	return windows;
}

/**
 * The one page size of a listing (a cursor is bound to the query, page size included). Return All
 * reads pages of 200, the most the API gives. Limit N reads the fewest pages that hold N, sized to
 * share N out evenly: 250 → two pages of 125, never 200 + 200. When N does not divide evenly, the
 * pages hold at most (pages − 1) records more than N, which are dropped.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function pageSizeFor(limit: number | undefined): number {
	if (limit === undefined) return MAX_PAGE_SIZE;
	const pages = Math.ceil(limit / MAX_PAGE_SIZE);
	return Math.ceil(limit / pages);
}

function isCursorRejection(error: unknown): boolean {
	const context = (error as { context?: IDataObject }).context;
	const message = String((error as Error).message ?? '');
	return context?.apiCode === 'invalid_request' && (context.field === 'after' || /cursor/.test(message));
}

/**
 * Every record of a list, following next_cursor page by page.
 *
 * Return All asks for the largest page (200) so the fewest requests are made; a limit asks only
 * for what is still missing and never fetches a page it does not need. A from/to range longer than
 * the endpoint allows is split into consecutive windows whose records are merged, each once. If
 * the service refuses a cursor part-way (400 naming `after`), the listing starts again from the
 * first page once, dropping what it had, rather than return a list with records missing or twice.
 */
export async function listAll(ctx: RequestContext, path: string, query: IDataObject, options: ListOptions): Promise<IDataObject[]> {
	const qs = { ...query };
	delete qs.limit;
	delete qs.after;
	const from = typeof qs.from === 'string' ? qs.from : undefined;
	const to = typeof qs.to === 'string' ? qs.to : undefined;
	const windows =
		from && to && options.rangeDays && inclusiveDays(from, to) > options.rangeDays
			? splitRange(from, to, options.rangeDays)
			: [undefined];

	const pageSize = pageSizeFor(options.keep ? undefined : options.limit);
	for (let attempt = 0; ; attempt++) {
		try {
			const records: IDataObject[] = [];
			const seen = new Set<string>();
			for (const window of windows) {
				let after: string | undefined;
				do {
					// One page size for the whole listing: a cursor is bound to the query that made it.
					if (options.limit !== undefined && records.length >= options.limit) return records.slice(0, options.limit);
					const page = await send(
						ctx,
						{
							method: 'GET',
							url: path,
							baseURL: options.baseURL,
							passThrough: options.passThrough,
							qs: { ...qs, ...window, limit: pageSize, ...(after ? { after } : {}) },
						},
						{
							subject: options.subject,
							retrySafe: true,
							maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds,
							onServiceTime: records.length === 0 && !after ? options.onServiceTime : undefined,
						},
					);
					const pageStart = records.length;
					for (const record of pageRecords(page)) {
						// Windows do not overlap, so a repeat is rare; records without an id are all kept.
						if (record.id !== undefined && record.id !== null && !options.keepRepeats) {
							if (seen.has(String(record.id))) continue;
							seen.add(String(record.id));
						}
						if (!options.keep || options.keep(record)) records.push(record);
					}
					options.onPage?.(records.slice(pageStart));
					const next = nextCursor(page);
					if (typeof next === 'object') {
						throw new NodeOperationError(ctx.getNode(), 'The service said there are more records but gave no cursor to read them', {
							description: `The listing was stopped rather than returning a list with records missing. The service answered has_more: true with next_cursor ${JSON.stringify(page.next_cursor ?? null)}; a cursor was expected. Run the node again, and tell the package maintainers if it persists.`,
						});
					}
					after = next;
				} while (after);
			}
			return options.limit === undefined ? records : records.slice(0, options.limit);
		} catch (error) {
			if (attempt === 0 && isCursorRejection(error)) continue;
			throw asNodeError(ctx.getNode(), error);
		}
	}
}
