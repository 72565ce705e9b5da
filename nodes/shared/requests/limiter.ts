/**
 * Bounds how many requests are in flight against one connection at a time, and lowers the bound
 * while the service says it is busy.
 *
 * n8n-core's RoutingNode (2.40.3, routing-node.js `runNode`) starts the request of every input
 * item at once and waits with Promise.allSettled, so 1,000 input items would otherwise be 1,000
 * simultaneous requests. Every request of this package takes a slot here first. Plain promises,
 * no timers: a released slot goes straight to the next waiter.
 *
 * The bound starts at the ceiling. A 429 halves it (down to one request at a time); each request
 * the service takes raises it by one, back up to the ceiling: the service's rate limits are not
 * published (spec › Rate limits), so the bound finds what the service takes instead of guessing.
 */
export class Limiter {
	private active = 0;

	private bound: number;

	private readonly waiting: Array<() => void> = [];

	constructor(readonly ceiling: number) {
		this.bound = ceiling;
	}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.active >= this.bound) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		} else {
			this.active++;
		}
		try {
			return await task();
		} finally {
			this.release();
		}
	}

	/** The service answered 429: half as many requests at once from now on. */
	slowDown(): void {
		this.bound = Math.max(1, Math.floor(this.bound / 2));
	}

	/** The service took a request: one more request at once, up to the ceiling. */
	speedUp(): void {
		if (this.bound >= this.ceiling) return;
		this.bound++;
		this.startWaiting();
	}

	/** How many requests may be in flight now. */
	get size(): number {
		return this.bound;
	}

	get inFlight(): number {
		return this.active;
	}

	private release(): void {
		// The slot passes to the next waiter as it is, unless the bound was lowered meanwhile.
		const next = this.active <= this.bound ? this.waiting.shift() : undefined;
		if (next) next();
		else this.active--;
	}

	private startWaiting(): void {
		while (this.active < this.bound && this.waiting.length > 0) {
			this.active++;
			this.waiting.shift()!();
		}
	}
}

/**
 * Requests in flight per connection at most. Ten: a Create Many of 1,000 rows sends its ten
 * batches in two steps (the first alone, then the other nine at once), as an HTTP Request node
 * would send them all at once; the bound then backs off on 429s.
 */
export const MAX_CONCURRENT_REQUESTS = 10;

const limiters = new Map<string, Limiter>();

/**
 * Forgets every connection's bound: the workflow tests' fixture calls it when it resets the
 * sandbox, so that no test starts slowed down by another test's 429s.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function forgetLimits(): void {
	limiters.clear();
}

/** The limiter for one connection (one credential), shared by every node and item using it. */
export function limiterFor(connectionKey: string): Limiter {
	let limiter = limiters.get(connectionKey);
	if (!limiter) {
		limiter = new Limiter(MAX_CONCURRENT_REQUESTS);
		limiters.set(connectionKey, limiter);
	}
	return limiter;
}
