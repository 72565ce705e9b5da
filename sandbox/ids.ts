import { createHash, createHmac, randomBytes } from 'crypto';

/**
 * hexId and rand are pure, and the seed asks them for the same keys each time it is laid (before
 * each of the tests' 1,500 tests, at a new instant): their answers are kept, so that each key is
 * hashed once (a seed laid in 60 ms instead of 115, measured 2026-11-29). Bounded: past 200,000
 * keys (a long-running demo creating records) a table starts afresh.
 */
const ids = new Map<string, string>();
const rands = new Map<string, number>();
function remembered<T>(table: Map<string, T>, key: string, work: (key: string) => T): T {
	const kept = table.get(key);
	if (kept !== undefined) return kept;
	if (table.size >= 200_000) table.clear();
	const value = work(key);
	table.set(key, value);
	return value;
}

const sha1Id = (key: string) => createHash('sha1').update(key).digest('hex').slice(0, 24);
const sha1Fraction = (key: string) => parseInt(createHash('sha1').update('r:' + key).digest('hex').slice(0, 8), 16) / 0x100000000;

/** A 24-lowercase-hex id derived from a stable key: the same key always gives the same id. */
export function hexId(key: string): string {
	return remembered(ids, key, sha1Id);
}

/** A deterministic number in [0, 1) for a key (seed data "randomness"). */
export function rand(key: string): number {
	return remembered(rands, key, sha1Fraction);
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
