/**
 * The error body (the spec shows only "a code, a request id, and for 422 a field"):
 *   {"error": {"code": "...", "message": "...", "request_id": "req_...", "field": "..." (422 only)}}
 * Every response, error or not, also carries the request id in the X-Request-Id header.
 * The errorBody reading (readings.ts) gives /v1 errors other shapes; this one stays the default.
 */
export class ApiError extends Error {
	constructor(
		public status: number,
		public code: string,
		message: string,
		public field?: string,
		public headers: Record<string, string> = {},
	) {
		super(message);
	}
}

export interface ErrorBody {
	error: { code: string; message: string; request_id: string; field?: string };
}

export function errorBody(e: ApiError, requestId: string): ErrorBody {
	const error: ErrorBody['error'] = { code: e.code, message: e.message, request_id: requestId };
	if (e.status === 422 && e.field !== undefined) error.field = e.field;
	return { error };
}

/** Default code for a status, used by injected faults that name only a status. */
export function defaultCode(status: number): string {
	const codes: Record<number, string> = {
		400: 'invalid_request',
		401: 'invalid_token',
		403: 'permission_denied',
		404: 'not_found',
		409: 'conflict',
		422: 'validation_failed',
		429: 'rate_limited',
		500: 'internal_error',
		502: 'bad_gateway',
		503: 'not_set_up',
		504: 'gateway_timeout',
	};
	return codes[status] ?? 'error';
}

export function defaultMessage(status: number): string {
	const messages: Record<number, string> = {
		429: 'Too many requests. Retry after the time in the Retry-After header.',
		500: 'Something went wrong at the service. Quote the request id if you contact support.',
		502: 'Bad gateway.',
		503: 'The environment is not set up for partner apps yet.',
		504: 'Gateway timeout.',
	};
	return messages[status] ?? 'Injected fault.';
}

export const invalidRequest = (parameter: string, why: string) =>
	new ApiError(400, 'invalid_request', `Query parameter "${parameter}" ${why}`, parameter);
export const validation = (field: string, why: string) =>
	new ApiError(422, 'validation_failed', `${field} ${why}`, field);
export const notFound = (what = 'record') => new ApiError(404, 'not_found', `No such ${what} in this business.`);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
