import { sleep } from 'n8n-workflow';

/** Why the package pauses: each kind of wait it makes, named for tests and for readers. */
export type WaitReason =
	/** A 5xx or a network failure of a request that is safe to repeat: the backoff before the next try. */
	| 'retry'
	/** A 429 (or a request in progress under the same key): Retry-After, or the backoff without one. */
	| 'rate-limit'
	/** n8n's Request Options › Batching: the Batch Interval after Items per Batch requests. */
	| 'batching'
	/** n8n 1.x renewed the token twice at once and the service refused the second: the wait before sending again. */
	| 'refresh';

/**
 * Every pause the package makes goes through `waits.pause`, so that the one place that decides how
 * long to wait (transport.ts, writes.ts) is also the one place a test can watch. In n8n this is
 * n8n-workflow's `sleep` (node code may not use timers of its own). The tests put a recorder here
 * (test/harness/waits.ts): each pause is recorded with its length and reason and then taken at
 * once, so a test asserts on the waits the node asked for instead of sleeping through them or
 * measuring the wall clock.
 */
export const waits: { pause: (ms: number, reason: WaitReason) => Promise<void> } = {
	pause: async (ms) => {
		await sleep(ms);
	},
};
