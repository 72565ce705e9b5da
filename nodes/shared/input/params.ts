import type { IExecuteSingleFunctions, INode, IPollFunctions } from 'n8n-workflow';

import { inputError } from './values';

/** Reading the parameters every operation shares. */

/** Longest wait a user may allow for one Retry-After: an hour. */
const MAX_RATE_LIMIT_WAIT_SECONDS = 3600;

/** Options › Max Rate-Limit Wait, checked: a number of seconds from 0 to an hour. */
export function maxRateLimitWait(ctx: IExecuteSingleFunctions | IPollFunctions): number {
	return checkedMaxWait(ctx.getNodeParameter('options.maxRateLimitWait', 60), ctx.getNode(), 'getItemIndex' in ctx ? ctx.getItemIndex() : 0);
}

/** Max Rate-Limit Wait's value (read by the caller), checked. */
export function checkedMaxWait(value: unknown, node: INode, itemIndex: number): number {
	const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_RATE_LIMIT_WAIT_SECONDS) {
		throw inputError(
			node,
			itemIndex,
			`Options › Max Rate-Limit Wait (Seconds): ${JSON.stringify(value)} is not allowed`,
			`Use a number of seconds from 0 to ${MAX_RATE_LIMIT_WAIT_SECONDS}.`,
		);
	}
	return seconds;
}

/** The user's own Idempotency Key for this item, checked against the API's 1 to 255 characters. */
export function userIdempotencyKey(ctx: IExecuteSingleFunctions): string | undefined {
	return checkedUserKey(ctx.getNodeParameter('options.idempotencyKey', ''), ctx.getNode(), ctx.getItemIndex());
}

/** Idempotency Key's value (read by the caller), checked. */
export function checkedUserKey(value: unknown, node: INode, itemIndex: number): string | undefined {
	if (value === '' || value === undefined || value === null) return undefined;
	const text = String(value);
	if (text.length > 255) {
		throw inputError(
			node,
			itemIndex,
			`Options › Idempotency Key is ${text.length} characters long`,
			'The service accepts keys of 1 to 255 characters. Use a shorter key, such as the id of the source row.',
		);
	}
	return text;
}
