/**
 * Fault injection, latency and rate limiting.
 *
 * A fault matches by method (any if omitted) and path: a string is the exact path without the
 * query, or a prefix when it ends in "*"; a RegExp is tested against the path. With no path, a
 * fault matches any /v1 request (never /oauth unless its path says so). The next `times`
 * matching requests (default 1) get, after `latencyMs`:
 *   - status given: that status with the error body {code (default per status), message},
 *     plus Retry-After when retryAfter is given;
 *   - status omitted: nothing else; the request is then served normally (a slow request);
 *   - drop: true: the connection is closed without a response (a network error).
 * whenQuery narrows the match to requests whose query has that parameter; a 400 without a
 * message then names that parameter, as the service's own 400s do.
 */
export interface Fault {
	method?: string;
	path?: string | RegExp;
	status?: number;
	code?: string;
	message?: string;
	/** For a 422: the error.field to report. */
	field?: string;
	retryAfter?: number;
	times?: number;
	latencyMs?: number;
	drop?: boolean;
	/** Only requests whose query string has this parameter (e.g. "after": only follow-up pages). */
	whenQuery?: string;
	/** Only requests whose JSON body contains this text (e.g. a row's notes: only the batch carrying it). */
	whenBody?: string;
}

/** Requests to hold until enough of them wait together (Sandbox.gatherRequests). */
export interface Gathering {
	method: string;
	/** The path, and the paths below it (/v1/shifts: /v1/shifts/{id} too). */
	path: string;
	/** Matching requests let through first, not held. */
	skip?: number;
	/** How many held requests are let go together. */
	together: number;
}

interface Active extends Fault {
	left: number;
}

export class Faults {
	private list: Active[] = [];
	latencyMs = 0;
	/** The person who connected the app may edit rosters in the service (see Sandbox.setConnectorMayEditRosters). */
	connectorMayEditRosters = true;
	private rate: { perSecond: number } | null = null;
	private hits: number[] = [];
	private gathering?: Gathering & { arrived: number; held: Array<() => void> };

	inject(f: Fault): void {
		if (f.status !== undefined && (!Number.isInteger(f.status) || f.status < 100 || f.status > 599)) throw new Error('status must be an HTTP status code');
		this.list.push({ ...f, left: f.times ?? 1 });
	}

	clear(): void {
		this.list = [];
	}

	/** See Sandbox.gatherRequests. */
	gather(g: Gathering): void {
		this.gathering = { ...g, arrived: 0, held: [] };
	}

	/**
	 * Resolves at once, unless a gathering holds this request: then once `together` matching
	 * requests wait (all of them are let go then, and the gathering ends).
	 */
	async gathered(method: string, path: string): Promise<void> {
		const g = this.gathering;
		if (!g || g.method.toUpperCase() !== method || (path !== g.path && !path.startsWith(`${g.path}/`))) return;
		g.arrived += 1;
		if (g.arrived <= (g.skip ?? 0)) return;
		await new Promise<void>((resolve) => {
			g.held.push(resolve);
			if (g.held.length < g.together) return;
			this.gathering = undefined;
			for (const release of g.held) release();
		});
	}

	reset(): void {
		this.clear();
		if (this.gathering) for (const release of this.gathering.held) release();
		this.gathering = undefined;
		this.latencyMs = 0;
		this.connectorMayEditRosters = true;
		this.rate = null;
		this.hits = [];
	}

	pending(): Fault[] {
		return this.list.map(({ left, ...f }) => ({ ...f, times: left }));
	}

	/** The next matching fault, consumed. */
	take(method: string, path: string, query: URLSearchParams, body?: unknown): Fault | undefined {
		const text = body === undefined ? '' : JSON.stringify(body);
		const i = this.list.findIndex(
			(f) => matches(f, method, path) && (!f.whenQuery || query.has(f.whenQuery)) && (!f.whenBody || text.includes(f.whenBody)),
		);
		if (i < 0) return undefined;
		const f = this.list[i];
		f.left -= 1;
		if (f.left <= 0) this.list.splice(i, 1);
		return f;
	}

	setRateLimit(r: { perSecond: number } | null): void {
		this.rate = r;
		this.hits = [];
	}

	/**
	 * Seconds to wait when over the limit (requests in the last second, real time, all
	 * connections), else 0. Exact (fractional, above 0): server.ts rounds it as the Retry-After
	 * reading wants.
	 */
	overLimit(): number {
		if (!this.rate) return 0;
		const now = Date.now();
		this.hits = this.hits.filter((t) => t > now - 1000);
		if (this.hits.length >= this.rate.perSecond) return (this.hits[0] + 1000 - now) / 1000;
		this.hits.push(now);
		return 0;
	}
}

function matches(f: Fault, method: string, path: string): boolean {
	if (f.method && f.method.toUpperCase() !== method) return false;
	if (f.path === undefined) return path.startsWith('/v1/') || path === '/v1';
	if (f.path instanceof RegExp) return f.path.test(path);
	return f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : path === f.path;
}
