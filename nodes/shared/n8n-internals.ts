import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodePropertyOptions,
	INodePropertyRouting,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The fence around what this package takes from n8n that n8n does not document. Everything else
 * uses n8n's public node interfaces (declarative routing and its hooks, `customOperations`,
 * `poll()`, the credential's properties). Each assumption below is checked, by name, against the
 * n8n the tests run (test/workflow/n8n-assumptions.test.ts in-process, test/e2e in a real n8n), so
 * a change in n8n breaks one test that says which assumption no longer holds.
 *
 * Checked on n8n 2.40.7 (n8n-core 2.40.3, n8n-workflow 2.40.1), n8n-core 2.41.1 and n8n-core 1.122.48
 * (docs/versions.md lists what runs where). A8 lives with the nodes (each one
 * declares the option literally, as n8n's lint reads option lists only as literals).
 */

/**
 * A1. A failed request made with `helpers.httpRequestWithAuthentication` reaches the node as an
 * error whose `cause` chain holds the HTTP client's error with `response` ({status, headers,
 * data}); the response headers (Retry-After, X-Request-Id) exist only there. Errors that never
 * reached a server carry only a `code` (ECONNRESET, ...) somewhere on that chain.
 *
 * A1 on n8n 1.x (checked on n8n-core 1.122.48 / n8n-workflow 1.120.31): the NodeApiError keeps no
 * `cause` (its class field resets the one Error's constructor set), so the response headers are
 * lost. What survives is `httpCode` (the status as a string, or the network/EAUTH code) and the
 * parsed body in `context.data`. So on 1.x a Retry-After is not seen (the transport falls back to
 * its own backoff) and the request id is read from the body only.
 */
export interface HttpResponse {
	status: number;
	/** Undefined on n8n 1.x (see above). */
	headers: unknown;
	body: unknown;
}

/** The errors of an error's `cause` chain, the error first (at most four deep). */
function causeChain(error: unknown): IDataObject[] {
	const chain: IDataObject[] = [];
	let current = error as IDataObject | undefined;
	for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
		chain.push(current);
		current = current.cause as IDataObject | undefined;
	}
	return chain;
}

/** A1: the HTTP response a failed request got, if it got one. */
export function httpResponseOf(error: unknown): HttpResponse | undefined {
	const chain = causeChain(error);
	for (const candidate of chain) {
		const response = candidate.response as IDataObject | undefined;
		const status = Number(response?.status ?? response?.statusCode);
		if (response && Number.isInteger(status) && status > 0) {
			return { status, headers: response.headers, body: response.data ?? response.body };
		}
	}
	// n8n 1.x: no response on the chain, only the status and the body on the NodeApiError.
	const top = chain[0];
	if (top && typeof top.httpCode === 'string' && /^[1-5]\d\d$/.test(top.httpCode)) {
		return { status: Number(top.httpCode), headers: undefined, body: (top.context as IDataObject | undefined)?.data };
	}
	return undefined;
}

/** A1: the `code`s on the error's cause chain (network codes, EAUTH), outermost first. */
export function errorCodesOf(error: unknown): string[] {
	const codes = causeChain(error)
		.map((candidate) => candidate.code)
		.filter((code): code is string => typeof code === 'string');
	// n8n 1.x puts the code of a request that got no answer (and EAUTH) in httpCode instead.
	const httpCode = (error as IDataObject | undefined)?.httpCode;
	if (typeof httpCode === 'string' && /^E[A-Z]+$/.test(httpCode) && !codes.includes(httpCode)) codes.push(httpCode);
	return codes;
}

/**
 * A2. n8n-core skips its "OAuth credentials not connected" check for PKCE credentials and fails
 * with "Unable to sign without access token" instead, before anything is sent.
 */
export function isNotConnected(error: unknown): boolean {
	return /without access token|not connected/i.test(String((error as Error | undefined)?.message));
}

/**
 * A3. n8n's OAuth2 client fails a token refresh the service refuses with code EAUTH on the cause
 * chain; n8n 2.x turns an invalid_grant (a refresh token refused: revoked, or rotated by another
 * renewal) into a NodeOperationError "needs to be reconnected" with failure.cause
 * 'credential-invalid' instead, on the cause chain of what httpRequestWithAuthentication throws.
 */
/*
 * A3 also: n8n 1.x (1.123.81) renews the token once for each request that meets a 401, so two
 * requests in flight renew with the same refresh token; the service rotates it and refuses the
 * second renewal, while the first has already stored the new token with the credential, which the
 * next request reads (transport.ts send goes again after such a refusal). n8n 2.x shares one renewal
 * per credential (a SingleFlightLease), but a renewal that waits on another is handed the token the
 * other read back from the credential without a renewal (when the stored token differs from the one
 * it was refused with), which the service may already have expired: the request then meets a 401
 * after the renewal (transport.ts send goes again after that too). Shown on every supported line by
 * test/workflow/writes.test.ts ("the access token expiring while batches are in flight") and
 * test/workflow/connection.test.ts ("a renewed token refused").
 * One renewal at a time cannot be had from a node on 1.x: httpRequestWithAuthentication renews on
 * any 401 inside the helper (request-helper-functions.js, requestOAuth2, the isN8nRequest branch,
 * which ignores oauth2.tokenExpiredStatusCode), before the node sees the answer. So a service that
 * revoked every token of a connection when a rotated refresh token is used twice (a reading the
 * spec leaves open: the refresh token's lifetime is "not shown") would disconnect the credential on
 * 1.x when the token expires with requests in flight; n8n 2.x is not exposed.
 */
export function isRefreshRefused(error: unknown): boolean {
	return errorCodesOf(error).includes('EAUTH') || causeChain(error).some((candidate) => (candidate.failure as IDataObject | undefined)?.cause === 'credential-invalid');
}

/**
 * A4. The request options RoutingNode prepares from the node's Request Options (n8n's loader adds
 * that collection to every declarative node) and hands to the pagination function: every request
 * the package makes for the node must keep them.
 */
const PASSED_THROUGH = ['timeout', 'proxy', 'skipSslCertificateValidation', 'allowedDomains'] as const;

export function passThroughOf(options: IDataObject | IHttpRequestOptions): Partial<IHttpRequestOptions> {
	const kept: IDataObject = {};
	for (const name of PASSED_THROUGH) kept[name] = (options as IDataObject)[name];
	return JSON.parse(JSON.stringify(kept)) as Partial<IHttpRequestOptions>;
}

/** How n8n's Batching request option spaces requests: this many, then a pause. */
export interface Spacing {
	perBatch: number;
	intervalMs: number;
}

/**
 * A5. A custom operation reads the node's Request Options itself (RoutingNode does not run for
 * it), as RoutingNode does (routing-node.js `runNode`): the parameter `requestOptions` holds
 * `proxy` (a URL), `timeout` (ms, 300000 when unset), `allowUnauthorizedCerts` and `batching.batch`
 * ({batchSize, batchInterval}), read from the first item.
 */
export function requestOptionsOf(ctx: IExecuteFunctions): { passThrough: Partial<IHttpRequestOptions>; spacing?: Spacing } {
	const set = ctx.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const passThrough: Partial<IHttpRequestOptions> = { timeout: Number(set.timeout) > 0 ? Number(set.timeout) : 300_000 };
	if (set.allowUnauthorizedCerts === true) passThrough.skipSslCertificateValidation = true;
	if (typeof set.proxy === 'string' && set.proxy !== '') {
		let url: URL;
		try {
			url = new URL(set.proxy);
		} catch {
			throw new NodeOperationError(ctx.getNode(), `Request Options › Proxy: ${JSON.stringify(set.proxy)} is not a proxy address`, {
				description: 'Enter the proxy as a URL with a host and port, for example http://proxy.example.com:3128.',
			});
		}
		passThrough.proxy = {
			host: url.hostname,
			port: Number(url.port),
			protocol: url.protocol.replace(/:$/, '') || undefined,
			...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
		} as IHttpRequestOptions['proxy'];
	}
	const batch = ((set.batching as IDataObject | undefined)?.batch ?? {}) as IDataObject;
	const intervalMs = Number(batch.batchInterval);
	const spacing = intervalMs > 0 ? { perBatch: Math.max(1, Number(batch.batchSize) || 1), intervalMs } : undefined;
	return { passThrough, spacing };
}

/*
 * A6b. With n8n's durable poll cursors on (n8n >= 2.36: N8N_SCHEDULER_ENABLED,
 * N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_POLLER_DURABLE_CURSORS_ENABLED) the static data lives in
 * n8n's poller_state table and is committed with the execution a poll starts, or after a poll that
 * returns nothing; but the poll n8n runs as it activates the workflow is a test poll whose position
 * is discarded (n8n-core 2.40.3 poll-trigger-executor.js: `else if (!testingTrigger) commitStagedCursor`).
 * So a trigger starting "From Activation" takes its position at the first scheduled poll. The
 * items-then-position order below fits this mode too. Shown by test/e2e/trigger-durable.test.ts.
 *
 * A6c. In that mode n8n, starting again, runs the polls of a trigger it missed while stopped side
 * by side (2.40.7: three polls within a second in a clean-clone run), each with the position it
 * read from poller_state, and commits each delivering poll's position with its execution, fenced
 * by the poll task's lease, not by the position read (poller-state.repository.js advanceCursor): so
 * each would deliver the same changes. A poll that throws commits nothing (poll-trigger-task-handler
 * records a failure and routes the error); one that returns null commits the position it read. So
 * trigger/side-by-side.ts stops a poll that starts from the position another poll of the same
 * trigger in this process is working from (or delivered from in the last minute) with an error.
 * Shown in-process by test/workflow/trigger.test.ts › polls n8n runs side by side, and in a real
 * n8n by test/e2e/trigger-durable.test.ts (the restart: each change once).
 */

/**
 * A6. A polling trigger's static data is saved by n8n at activation and whenever `poll()` returns
 * items (n8n 2.40.7: trigger-execution-context factory, `__emit`; workflow-trigger-activator), not
 * after a poll that returns nothing or fails. The trigger therefore writes its position into static
 * data only once a poll has read every page, so that the position and the changes it delivers are
 * saved together. Shown across a real n8n restart by test/e2e/trigger.test.ts.
 */
export function keepPollState(staticData: IDataObject, state: IDataObject): void {
	staticData.state = state;
}

/**
 * A7. A node used as an AI agent's tool is run through RoutingNode (n8n 2.40.7's NodeTypes gives a
 * declarative node an `execute` that runs RoutingNode), one item per call, and customOperations are
 * not consulted there; in a workflow, every supported n8n (1.123 and 2.x) runs the customOperation.
 * So each write that runs as a customOperation (Create, Create Many, Update, version 2's Create or
 * Update) keeps a routing for that path only, made here: its request, and its sender
 * (writes/tool-call.ts), which builds and checks the one item's body and sends it through the
 * package's transport like every other operation. With one item per call there is nothing to batch. Shown by test/e2e/mcp.test.ts in a
 * real n8n, and by test/workflow/writes.test.ts (the node run through RoutingNode without its
 * customOperations).
 */
export function aiToolRouting(request: { method: IHttpRequestMethods; url: string }, sent: Pick<INodePropertyRouting, 'send' | 'operations'>): INodePropertyRouting {
	return { request, ...sent };
}

/**
 * A8. n8n's loader (the n8n package's load-nodes-and-credentials.js, injectCustomApiCallOptions)
 * appends `{ name: 'Custom API Call', value: '__CUSTOM_API_CALL__' }` to the resource and operation
 * options of every node whose credential extends oAuth2Api, unless the last option is already
 * named 'Custom API Call'. Its option has no `action`, so the editor names a node switched to it
 * "__CUSTOM_API_CALL__ shift". Each action node ends its operations with this one instead: n8n
 * then appends none, the editor treats the value as its own (a notice pointing to the HTTP
 * Request node), and the node is named "Custom API call".
 */
export const CUSTOM_API_CALL: INodePropertyOptions = {
	name: 'Custom API Call',
	value: '__CUSTOM_API_CALL__',
	action: 'Custom API call',
	description: 'Call any address of the API with the HTTP Request node and this credential',
};

/**
 * A10. A run started by n8n's Retry (an execution's "Retry with original / currently saved
 * workflow", mode 'retry') is a new execution with a new id; the id of the execution it retries
 * is on the node context's `additionalData.hooks.retryOf` (n8n-core's ExecutionLifecycleHooks,
 * set by the n8n package's workflow runner and by a queue-mode worker's job processor). n8n
 * documents neither. Checked on n8n 2.40.7 and n8n-core 2.41.1; n8n-core 1.122 (n8n 1.x) keeps
 * no retryOf there, so on 1.x this is undefined.
 *
 * The Idempotency-Key of a create is worked out from this id rather than the retry's own, so a
 * Retry re-sends what the failed or crashed execution already sent under the same keys and the
 * service replays those records instead of creating them again (transport.ts idempotencyKey).
 */
export function retriedExecutionId(ctx: IExecuteFunctions | IExecuteSingleFunctions): string | undefined {
	const retryOf = (ctx as unknown as { additionalData?: { hooks?: { retryOf?: unknown } } }).additionalData?.hooks?.retryOf;
	return typeof retryOf === 'string' && retryOf !== '' ? retryOf : undefined;
}

/**
 * A11. The credential a node reads (`getCredentials`) holds the connection's OAuth2 tokens as
 * `oauthTokenData` ({access_token, refresh_token, ...}, as the token endpoint gave them), and n8n's
 * OAuth2 helper signs a request with `Authorization: Bearer <access_token>` (n8n-core
 * request-helpers/oauth.js requestOAuth2, client-oauth2's sign for a bearer token). n8n documents
 * neither for nodes. Checked on every supported line: the header n8n's helper sends is the one the
 * package builds from the token it read.
 *
 * Why the package signs itself (transport.ts signedRequest): n8n's helper reads the credential
 * again for every request, and each read resolves the credential's expressions (the address, the
 * scope) in n8n 2.x's isolated expression engine, about 25 ms of n8n's CPU per request in n8n
 * 2.40.7 (a CPU profile of the attendance burst, docs/benchmarks.md). The package reads the
 * credential once per execution or poll and hands a request to n8n's helper only when the service
 * refuses the token (401), so that n8n renews it, stores it and sends the request again as before.
 */
export function accessTokenOf(credentials: IDataObject): string | undefined {
	const token = (credentials.oauthTokenData as IDataObject | undefined)?.access_token;
	return typeof token === 'string' && token !== '' ? token : undefined;
}

/** A11: the header n8n's OAuth2 helper signs a request with, for a token. */
export function bearerHeader(token: string): string {
	return `Bearer ${token}`;
}

