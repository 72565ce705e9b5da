/**
 * Bounds how many requests are in flight against one connection at a time.
 *
 * n8n-core's RoutingNode (2.40.3, routing-node.js `runNode`) starts the request of every input
 * item at once and waits with Promise.allSettled, so 1,000 input items would otherwise be 1,000
 * simultaneous requests. Every request of this package takes a slot here first. Plain promises,
 * no timers: a released slot goes straight to the next waiter.
 */
export class Limiter {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	constructor(readonly size: number) {}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.active >= this.size) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		} else {
			this.active++;
		}
		try {
			return await task();
		} finally {
			const next = this.waiting.shift();
			// The slot passes to the next waiter as it is; only an idle slot is given back.
			if (next) next();
			else this.active--;
		}
	}

	get inFlight(): number {
		return this.active;
	}
}

/** Requests in flight per connection. Four keeps a workflow quick without crowding the service. */
export const MAX_CONCURRENT_REQUESTS = 4;

const limiters = new Map<string, Limiter>();

/** The limiter for one connection (one credential), shared by every node and item using it. */
export function limiterFor(connectionKey: string): Limiter {
	let limiter = limiters.get(connectionKey);
	if (!limiter) {
		limiter = new Limiter(MAX_CONCURRENT_REQUESTS);
		limiters.set(connectionKey, limiter);
	}
	return limiter;
}
