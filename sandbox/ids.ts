import { createHash, createHmac, randomBytes } from 'crypto';

/** A 24-lowercase-hex id derived from a stable key: the same key always gives the same id. */
export function hexId(key: string): string {
	return createHash('sha1').update(key).digest('hex').slice(0, 24);
}

/** A deterministic number in [0, 1) for a key (seed data "randomness"). */
export function rand(key: string): number {
	return parseInt(createHash('sha1').update('r:' + key).digest('hex').slice(0, 8), 16) / 0x100000000;
}

/** Pick one element of a list deterministically. */
export function pick<T>(key: string, list: readonly T[]): T {
	return list[Math.floor(rand(key) * list.length)];
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(v: unknown): v is string {
	return typeof v === 'string' && ID_PATTERN.test(v);
}

export function randomToken(prefix: string, bytes = 24): string {
	return prefix + randomBytes(bytes).toString('base64url');
}

export function requestId(): string {
	return 'req_' + randomBytes(10).toString('hex');
}

export function hmac(secret: string, text: string): string {
	return createHmac('sha256', secret).update(text).digest('base64url');
}

export function sha256Base64Url(text: string): string {
	return createHash('sha256').update(text).digest('base64url');
}

/** JSON with object keys sorted, so that two equal bodies give the same text. */
export function stableStringify(v: unknown): string {
	if (Array.isArray(v)) return '[' + v.map(stableStringify).join(',') + ']';
	if (v && typeof v === 'object') {
		const o = v as Record<string, unknown>;
		return '{' + Object.keys(o).sort().map((k) => JSON.stringify(k) + ':' + stableStringify(o[k])).join(',') + '}';
	}
	return JSON.stringify(v) ?? 'null';
}
