/**
 * Idempotency-Key on POST and PATCH: 1 to 255 characters (else 422 field "Idempotency-Key"),
 * kept 24 hours (sandbox clock) per connection. Same key and same request (method, path, query
 * and body, compared as parsed JSON) replays the stored response with Idempotent-Replayed: true;
 * same key, different request: 409 idempotency_key_reused; same key while the first is still
 * being processed: 409 request_in_progress. Only 2xx responses are kept: a refused request
 * releases its key so that the corrected retry can use it.
 */
import { ApiError } from './errors';
import { stableStringify } from './ids';
import type { Clock } from './time';

const TTL = 24 * 3600000;

export interface Entry {
	fingerprint: string;
	done: boolean;
	status?: number;
	body?: unknown;
	expiresAt: number;
}

export type Claim = { replay: { status: number; body: unknown } } | { release(status: number, body: unknown): void } | null;

export class Idempotency {
	private entries = new Map<string, Entry>();

	constructor(private clock: Clock) {}

	clear(): void {
		this.entries.clear();
	}

	/** The keys kept, as plain data (persist.ts); keys still in progress are left out (their request died with the process). */
	saved(): Array<[string, Entry]> {
		return [...this.entries].filter(([, entry]) => entry.done);
	}

	restore(entries: Array<[string, Entry]>): void {
		this.entries = new Map(entries);
	}

	/** Claim a key for a request, or get the stored response to replay. null: no key sent. */
	claim(connectionId: string, key: string | string[] | undefined, method: string, path: string, query: string, body: unknown): Claim {
		if (key === undefined) return null;
		if (Array.isArray(key) || key.length < 1 || key.length > 255) {
			throw new ApiError(422, 'validation_failed', 'Idempotency-Key must be one string of 1 to 255 characters.', 'Idempotency-Key');
		}
		const now = this.clock.ms();
		const id = `${connectionId}\u0000${key}`;
		const fingerprint = `${method} ${path}?${query} ${stableStringify(body ?? null)}`;
		const found = this.entries.get(id);
		if (found && found.expiresAt > now) {
			if (found.fingerprint !== fingerprint) {
				throw new ApiError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request. Use a new key for a new request.');
			}
			if (!found.done) throw new ApiError(409, 'request_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
			return { replay: { status: found.status!, body: found.body } };
		}
		const entry: Entry = { fingerprint, done: false, expiresAt: now + TTL };
		this.entries.set(id, entry);
		return {
			release: (status: number, resBody: unknown) => {
				if (status >= 200 && status < 300) Object.assign(entry, { done: true, status, body: resBody, expiresAt: this.clock.ms() + TTL });
				else this.entries.delete(id);
			},
		};
	}
}
