import type { IExecuteSingleFunctions, IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/**
 * A Map that holds at most `maxEntries`: a new key, once it is full, drops the oldest keys first
 * (the order they were first set in). The package's module-level memories use it: no timers are
 * allowed in node code, so nothing could expire their entries.
 */
export class BoundedMap<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(readonly maxEntries: number) {}

	get(key: K): V | undefined {
		return this.entries.get(key);
	}

	set(key: K, value: V): void {
		if (!this.entries.has(key)) {
			while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
		}
		this.entries.set(key, value);
	}

	delete(key: K): void {
		this.entries.delete(key);
	}

	get size(): number {
		return this.entries.size;
	}
}

/**
 * Things worth reading once per execution and connection (a location's time zone, the lists
 * behind Add Names, the credential's base URL), shared by every item of that execution. n8n's
 * RoutingNode runs all items of a declarative node at once (Promise.allSettled, n8n-core 2.40.3
 * routing-node.js `runNode`), so what is kept is the promise: the second item waits for the first
 * item's request instead of sending its own.
 *
 * Keys start with the execution id, so two executions never share a value, and the cache holds
 * at most `maxEntries` of them (oldest dropped first, a BoundedMap). A context without an
 * execution id (a poll's) is its own key, held only while the context lives. A failed read is
 * forgotten, so Retry On Fail (same execution) reads again.
 */
export class ExecutionCache<T> {
	private readonly entries: BoundedMap<string, Promise<T>>;

	/**
	 * Values of a context with no execution id (a poll's, a list's in the editor), keyed by the
	 * context object: held as long as the context lives, and by nothing else.
	 */
	private readonly byContext = new WeakMap<object, Promise<T>>();

	constructor(readonly maxEntries: number) {
		this.entries = new BoundedMap(maxEntries);
	}

	private kept(key: string | object): Promise<T> | undefined {
		return typeof key === 'string' ? this.entries.get(key) : this.byContext.get(key);
	}

	private keep(key: string | object, pending: Promise<T>): void {
		if (typeof key === 'string') this.entries.set(key, pending);
		else this.byContext.set(key, pending);
	}

	/** Drops the value for `key`, so that the next `get` reads it again. */
	delete(key: string | object): void {
		if (typeof key === 'string') this.entries.delete(key);
		else this.byContext.delete(key);
	}

	/** The value for `key`, read by `read` only when no item of the execution has read it yet. */
	async get(key: string | object, read: () => Promise<T>): Promise<T> {
		let pending = this.kept(key);
		if (!pending) {
			pending = read();
			this.keep(key, pending);
			const kept = pending;
			kept.catch(() => {
				if (this.kept(key) === kept) this.delete(key);
			});
		}
		return await pending;
	}

	/** Drops the value for `key` once it settles as `stale`, so that the next `get` reads it again. */
	forget(key: string | object, stale: T): void {
		const kept = this.kept(key);
		void kept?.then((value) => {
			if (value === stale && this.kept(key) === kept) this.delete(key);
		});
	}

	/** The value an item of the execution already read (or is reading) for `key`, without reading it. */
	peek(key: string | object): Promise<T> | undefined {
		return this.kept(key);
	}

	/** Values kept by execution key (the bounded part). */
	get size(): number {
		return this.entries.size;
	}
}

type KeyContext = IExecuteSingleFunctions | IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The connection a request or value belongs to: the node's credential of `credentialType` (its id, else its name). */
export function connectionKey(ctx: KeyContext, credentialType: string): string {
	const credential = ctx.getNode().credentials?.[credentialType];
	return credential?.id ?? credential?.name ?? 'default';
}

/**
 * "<execution id>|<credential>": the execution and connection a cached value belongs to, or
 * undefined when the context has no execution id (nothing can then be shared safely).
 */
export function executionKey(ctx: KeyContext, credentialType: string): string | undefined {
	const executionId = 'getExecutionId' in ctx ? ctx.getExecutionId() : undefined;
	if (!executionId) return undefined;
	return `${executionId}|${connectionKey(ctx, credentialType)}`;
}
