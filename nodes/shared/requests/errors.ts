import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { errorCodesOf, httpResponseOf } from '../n8n-internals';
import { resource, type ResourceKey } from '../resources';
import { titleCase } from '../input/values';

/**
 * How a person connects the credential again, in the words n8n shows on it: n8n 2.40 offers Switch
 * account and Disconnect on a connected credential (there is no Reconnect button).
 */
export const CONNECT_AGAIN = 'connect it again (on the credential: Switch account, or Disconnect and then Connect)';

/**
 * What the service said when it refused a request. The spec shows a code, a request id to quote
 * and, for 422, error.field; the sandbox (and, we expect, the service) sends them as
 * `{ error: { code, message, request_id, field } }` plus an X-Request-Id header.
 */
export interface ApiFailure {
	status: number;
	code?: string;
	message?: string;
	requestId?: string;
	field?: string;
	retryAfterSeconds?: number;
	/** Network error code (ECONNRESET, ETIMEDOUT, ...) when no response came back. */
	networkCode?: string;
}

/** What the request was about, so a message can name it ("shift 5f0c…", "roster:write"). */
export interface RequestSubject {
	/** "shift", "location", ... */
	singular: string;
	/** The permission this operation needs. */
	permission?: string;
	/** The record id in the path, if any. */
	id?: string;
	/** The path, when the spec does not show it and it is our guess (resources.ts `shown: false`). */
	inferredPath?: string;
	/** The permissions the service granted the connection (the token's scope), when known. */
	granted?: string[];
}

/** What a request is about, for its error messages: the resource, the permission it needs, the record. */
export function subjectOf(key: ResourceKey, operation: string, id?: string): RequestSubject {
	const spec = resource(key);
	const writes = !['get', 'getAll'].includes(operation);
	return {
		singular: spec.singular,
		permission: writes && spec.write ? spec.write : spec.read.join(' or '),
		id,
		inferredPath: spec.shown ? undefined : `/v1/${spec.path}`,
	};
}

/** Form labels where they differ from the API field's words ("offset_minutes" is "Starts After"). */
const FIELD_LABELS: Record<string, string> = {
	breaks: 'Break',
	offset_minutes: 'Starts After (Minutes)',
	duration_minutes: 'Duration (Minutes)',
	note: 'Note',
	employee_ids: 'Employee IDs',
};

/**
 * The label on the node's form for a field the service names: "position_id" → "Position",
 * "start_time" → "Start Time", "breaks[1].duration_minutes" → "Break 2 › Duration (Minutes)".
 * A batch's "data[3]." prefix is left out (the item is named separately).
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function fieldLabel(apiField: string): string {
	return apiField
		.replace(/^data\[\d+\]\.?/, '')
		.split('.')
		.map((part) => {
			const [, name, index] = /^([^[]*)(?:\[(\d+)\])?$/.exec(part) ?? [part, part];
			const words = FIELD_LABELS[name] ?? titleCase(name.replace(/_id$/, ''));
			return index === undefined ? words : `${words} ${Number(index) + 1}`;
		})
		.join(' › ');
}

/** "The service refused Position" and what to do, for a 422 naming a field (or not). */
function refusedField(failure: ApiFailure): { message: string; description: string } {
	const label = failure.field ? fieldLabel(failure.field) : undefined;
	return {
		message: label ? `The service refused ${label}` : 'The service refused a field',
		description: `${failure.message ?? 'A value is not allowed.'} ${label ? `Correct ${label}` : 'Correct the value'} and run the node again.${failure.field ? ` (API field: ${failure.field})` : ''}`,
	};
}

function header(headers: unknown, name: string): string | undefined {
	if (!headers || typeof headers !== 'object') return undefined;
	for (const [key, value] of Object.entries(headers as IDataObject)) {
		if (key.toLowerCase() === name) return Array.isArray(value) ? String(value[0]) : String(value);
	}
	return undefined;
}

/**
 * Failures where no answer came back, worth retrying when the request is safe to repeat. Others
 * with a code (an OAuth refresh refused: EAUTH; a cancelled execution) are not network trouble.
 */
const NETWORK_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ESOCKETTIMEDOUT']);

/**
 * Seconds from a Retry-After header: delta-seconds or an HTTP date.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
	if (value === undefined || value === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, (date - nowMs) / 1000);
}

/** The first text value among `names` in any of `places`. */
function firstText(places: IDataObject[], names: string[]): string | undefined {
	for (const place of places) {
		for (const name of names) {
			const value = place[name];
			if (typeof value === 'string' && value !== '') return value;
		}
	}
	return undefined;
}

/**
 * What an error body says, in whatever shape it comes (the spec: "carries a code, a request id
 * ... and, for 422, a field"; its full shape is not shown). Read, in this order: `{error: {code,
 * message, request_id, field}}` (the sandbox's default), the first of an `errors` list, the body
 * itself (`{code, message, ...}`), an OAuth-style `{error: "<code>", error_description}`, and a
 * text body `<code>: <message>`. Other usual names are read too (error_code, type, detail, title,
 * requestId, trace_id, param, parameter, path, pointer). sandbox/CHOICES.md › errorBody.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function readErrorBody(raw: unknown): { code?: string; message?: string; requestId?: string; field?: string } {
	let body: unknown = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
	if (typeof body === 'string') {
		const text = body.trim();
		try {
			body = JSON.parse(text) as unknown;
		} catch {
			const coded = /^([a-z][a-z0-9_]*)\s*:\s*([\s\S]*)$/.exec(text);
			const message = coded ? coded[2] : text;
			// The field is "(field: x)" in the text, or the API field the message starts with
			// ("position_id belongs to another location", "data[1].start_time must be ...").
			const field = /\(field:\s*([^)\s]+)\)/.exec(text)?.[1] ?? /^((?:data\[\d+\]\.?)?[a-z]+(?:_[a-z]+)+(?:\[\d+\])?(?:\.[a-z_]+)*)\b/.exec(message)?.[1] ?? /^(data\[\d+\]\.[a-z_.[\]0-9]+)/.exec(message)?.[1];
			return coded ? { code: coded[1], message: message || undefined, field } : { message: text || undefined, field };
		}
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
	const top = body as IDataObject;
	const nested = typeof top.error === 'object' && top.error !== null && !Array.isArray(top.error) ? (top.error as IDataObject) : undefined;
	const listed = Array.isArray(top.errors) && typeof top.errors[0] === 'object' && top.errors[0] !== null ? (top.errors[0] as IDataObject) : undefined;
	const places = [nested, listed, top].filter((place): place is IDataObject => place !== undefined);
	return {
		code: firstText(places, ['code', 'error_code', 'errorCode', 'type']) ?? (typeof top.error === 'string' ? top.error : undefined),
		message: firstText(places, ['message', 'error_description', 'detail', 'title', 'description']),
		requestId: firstText(places, ['request_id', 'requestId', 'trace_id', 'traceId']),
		field: firstText(places, ['field', 'param', 'parameter', 'path', 'pointer']),
	};
}

/**
 * Reads the failure out of whatever n8n's request helpers threw: the HTTP response, where n8n keeps
 * it (n8n-internals A1), or a network code when no answer came back.
 */
export function readFailure(error: unknown): ApiFailure | undefined {
	const response = httpResponseOf(error);
	if (response) {
		const said = readErrorBody(response.body);
		// A Retry-After date is read against the service's own clock (its Date header) where it gave one.
		const serviceNow = Date.parse(header(response.headers, 'date') ?? '');
		return {
			status: response.status,
			code: said.code,
			message: said.message,
			requestId: said.requestId ?? header(response.headers, 'x-request-id'),
			field: said.field,
			retryAfterSeconds: parseRetryAfter(header(response.headers, 'retry-after'), Number.isNaN(serviceNow) ? Date.now() : serviceNow),
		};
	}
	const networkCode = errorCodesOf(error).find((code) => NETWORK_CODES.has(code));
	return networkCode ? { status: 0, networkCode } : undefined;
}

/**
 * Where the credential form asks for a permission (its Access dropdown, Pay Details switch, or the
 * list under Choose Permissions: credentials/RosteringOAuth2Api.credentials.ts), as an instruction.
 */
export function howToAsk(permission: string | undefined): string {
	if (!permission) return 'choose an Access that includes the permission this operation needs';
	if (permission === 'pay:read') return 'switch on Pay Details (pay:read) (with Choose Permissions: pick Pay Details)';
	if (permission.endsWith(':write')) return `set Access to Read and Change (with Choose Permissions: pick "${permission}")`;
	return `set Access to Read or Read and Change, which include "${permission}" (with Choose Permissions: pick it)`;
}

type Explanation = { message: string; description: string };

/**
 * What to tell a person about a failure: the message, and what to do about it. The codes the spec
 * names come first (the connection and its permissions, then the record's state and the request),
 * then the HTTP status for answers without a code the package knows.
 */
function explain(failure: ApiFailure, subject: RequestSubject): Explanation {
	const said = failure.message ? ` The service said: "${failure.message}".` : '';
	return accessProblem(failure, subject, said) ?? requestProblem(failure, subject, said) ?? byStatus(failure, subject, said);
}

/** The codes about the connection: permissions, tokens, a disconnected or suspended app. */
function accessProblem(failure: ApiFailure, subject: RequestSubject, said: string): Explanation | undefined {
	switch (failure.code) {
		case 'permission_denied':
			// The spec: a 403 permission_denied also comes when the person who connected the app
			// may not edit rosters. For a change the token's scope allows, that is the reason.
			if (subject.permission?.endsWith(':write') && subject.granted?.includes(subject.permission)) {
				return {
					message: 'The person who connected the app may not do this in the service',
					description: `The connection has the permission it needs (${subject.permission}), so the service refused the person whose account connected it: they are not allowed to change this in the service (for example, they cannot edit rosters). Ask the business to give them that right in the service, or connect the credential again as someone who has it (on the credential: Switch account).${said}`,
				};
			}
			return {
				message: `The connection is missing a permission${subject.permission ? `: ${subject.permission}` : ''}`,
				description: `Open the Rostering credential, ${howToAsk(subject.permission)}, and ${CONNECT_AGAIN}, so that the business owner can allow it. The person who connected the app must also be allowed to do this in the service.${said}`,
			};
		case 'token_expired':
		case 'invalid_token':
			return {
				message: 'The Rostering credential is no longer accepted',
				description: `n8n tried to renew the access and the service still refused it. Open the credential and ${CONNECT_AGAIN}.${said}`,
			};
		case 'connection_disconnected':
			return {
				message: 'The business has disconnected this app',
				description: `Open the Rostering credential and ${CONNECT_AGAIN}; the business owner must allow access again.`,
			};
		case 'connection_suspended':
		case 'app_suspended':
			return {
				message: `The ${failure.code === 'app_suspended' ? 'app' : 'connection'} is suspended by the service`,
				description: `Contact the service's partner support and quote the request id.${said}`,
			};
		case 'origin_not_allowed':
		case 'not_available':
		case 'ondemand_unavailable':
			return {
				message:
					failure.code === 'ondemand_unavailable'
						? 'On-demand shifts are not available for this business or location'
						: 'The service does not allow this request for this connection',
				description: `Check with the business that the feature is turned on for them, or contact the service's partner support.${said}`,
			};
	}
	return undefined;
}

/** The codes about the record's state (started, not pending, not a draft) and the request itself. */
function requestProblem(failure: ApiFailure, subject: RequestSubject, said: string): Explanation | undefined {
	switch (failure.code) {
		case 'shift_started':
			return {
				message: `The ${subject.singular} has already started, so it can no longer be changed or deleted`,
				description: `Only ${subject.singular}s that have not started yet can be changed through the API. Make the change in the service's own application.`,
			};
		case 'timesheet_not_pending':
			return {
				message: 'The timesheet is no longer pending, so it can no longer be changed or deleted',
				description: "Only pending timesheets can be changed through the API. Approved or rejected ones are changed in the service's own application.",
			};
		case 'not_a_draft':
			return {
				message: 'The on-demand shift is no longer a draft, so it can no longer be changed or deleted',
				description: "Only drafts can be changed through the API. Published ones are changed in the service's own application.",
			};
		case 'idempotency_key_reused':
			return {
				message: 'The idempotency key was already used for a different request',
				description:
					'Each key is remembered for 24 hours and must belong to one record. Use a key that is unique per record, for example the id of the source row, or leave the option empty.',
			};
		case 'request_in_progress':
			return {
				message: 'The same request is still being processed by the service',
				description:
					'The node waited for it and gave up, so the outcome is unknown: the first request may still store the record. Running Create again could create it twice: run Create or Update with the same rows instead (it finds what was saved), or set the Idempotency Key option so that a re-run replays it.',
			};
		case 'conflict':
			return {
				message: `The service refused the ${subject.singular} because it clashes with another record`,
				description: `For example the person already has a shift at that time, or another project has that code. Change what clashes and try again.${said}`,
			};
		case 'range_too_long':
			return {
				message: 'The date range is longer than the service allows',
				description: `Shorten the range between From and To.${said}`,
			};
		case 'invalid_request':
			if (failure.field === 'after' || (failure.message && /\bafter\b/.test(failure.message))) {
				return {
					message: 'The service refused the page cursor while listing',
					description:
						'The listing was stopped rather than returning a list with records missing. Run the node again; it starts from the first page.',
				};
			}
			return {
				message: 'The service refused the request',
				description: `${failure.message ?? 'A parameter was not accepted.'} Check the node's filters and options.`,
			};
		case 'validation_failed':
			return refusedField(failure);
	}
	return undefined;
}

/** By HTTP status, when the code says nothing the package knows. */
function byStatus(failure: ApiFailure, subject: RequestSubject, said: string): Explanation {
	switch (failure.status) {
		case 401:
			return {
				message: 'The Rostering credential is no longer accepted',
				description: `Open the credential and ${CONNECT_AGAIN}.${said}`,
			};
		case 404:
			return notFound(subject, said);
		case 422:
			return refusedField(failure);
		case 429:
			return {
				message: 'The service is limiting how fast this connection may send requests',
				description: `Wait and run again, or raise "Max Rate-Limit Wait" in the node's options so the node waits for as long as the service asks${failure.retryAfterSeconds !== undefined ? ` (it asked for ${Math.ceil(failure.retryAfterSeconds)} s)` : ''}.`,
			};
		case 503:
			return {
				message: 'The environment is not set up for partner apps yet',
				description:
					"The service answered 503: this environment does not accept partner apps for this business yet. Check the credential's Environment, or ask the service to enable partner access.",
			};
		case 0:
			return {
				message: 'The service could not be reached',
				description: `The request failed before an answer came back (${failure.networkCode ?? 'network error'}). Check the credential's environment or base URL and the network, then run again.${
					failure.networkCode && /TIMEDOUT|ABORTED/.test(failure.networkCode) ? " If the service is slow rather than unreachable, raise the Timeout in the node's request options." : ''
				}`,
			};
	}
	if (failure.status >= 500) {
		return {
			message: 'The service failed to process the request',
			description: `This is a fault at the service (HTTP ${failure.status}); the node retried it where that was safe. Try again later, and quote the request id to the service's support if it persists.`,
		};
	}
	return {
		message: `The service refused the request (HTTP ${failure.status}${failure.code ? `, ${failure.code}` : ''})`,
		description: failure.message ?? 'Check the node parameters.',
	};
}

/** A 404: no such record in this business or, on an address the spec does not show, perhaps a wrong address. */
function notFound(subject: RequestSubject, said: string): Explanation {
	const what = subject.id ? `${subject.singular} ${subject.id}` : `the ${subject.singular}`;
		if (subject.inferredPath) {
			// On a guessed address a 404 may mean the address is wrong, not that the record is
			// missing: say both, the address first, as the list nodes do.
			const guess = `The API documentation names this group but does not show its address, so this node uses our best guess. Until the package is corrected, call the service's real address with n8n's HTTP Request node and the Rostering credential (Predefined Credential Type), and tell the package maintainers the right address.`;
			return {
				message: subject.id
					? `The service has nothing at ${subject.inferredPath.includes('{') ? subject.inferredPath : `${subject.inferredPath}/{id}`} for ${what}`
					: `The service has no endpoint at ${subject.inferredPath}`,
				description: subject.id
					? `Either there is no ${what} in this business, or the address is wrong. ${guess} If the ${subject.singular} does exist, the address is what is wrong; if not, pick the ${subject.singular} from the list.${said}`
					: `${guess}${said}`,
			};
		}
		return {
			message: subject.id ? `No ${what} in this business` : 'The service has nothing at this address',
			description: subject.id
				? `Check the ${subject.singular} id, or pick the ${subject.singular} from the list. Records of other businesses cannot be read.`
				: `The address was not found. Check the credential's environment and base URL.${said}`,
		};
}

/**
 * Turns a failure into the n8n error a person reads: a message saying what happened, a
 * description saying what to do, and the API's code, field and request id kept on the error (and
 * quoted in the description) so support can find the request.
 */
export function toNodeError(node: INode, failure: ApiFailure, subject: RequestSubject, cause?: unknown): NodeApiError {
	const { message, description } = explain(failure, subject);
	const quote = failure.requestId ? ` Request id: ${failure.requestId}.` : '';
	const error = new NodeApiError(
		node,
		// Only what the service said: n8n lists these under the error's details, and an absent code
		// shown as "none" reads as if the service had sent one.
		{
			message,
			status: failure.status,
			...(failure.code ? { code: failure.code } : {}),
			...(failure.requestId ? { request_id: failure.requestId } : {}),
			...(failure.field ? { field: failure.field } : {}),
			...(failure.message ? { service_message: failure.message } : {}),
		} as JsonObject,
		{
			message,
			description: `${description}${quote}`,
			httpCode: failure.status ? String(failure.status) : undefined,
		},
	);
	error.context.apiCode = failure.code;
	error.context.requestId = failure.requestId;
	error.context.field = failure.field;
	error.context.apiMessage = failure.message;
	if (cause instanceof Error) error.stack = cause.stack;
	return error;
}

/** An error as n8n shows it: node errors pass through, anything else is wrapped with the node. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}
