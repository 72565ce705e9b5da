import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { ResourceKey } from '../resources';
import { stableJson } from '../input/values';
import { bound, emptyMemory, fieldsOf, recall, remember, withFields, type Memory } from './what-changed';

/**
 * What the Rostering Trigger remembers between polls, and how a page of records read with
 * `updated_since` becomes the changes to deliver, each exactly once.
 *
 * - The saved position (`cursor`) comes from the service: the Date header of the poll's first
 *   response (the service's time when the poll started), or, without one, the latest `updated_at`
 *   read. It never comes from n8n's clock, so a skewed n8n clock cannot skip changes.
 * - Each poll asks for changes since the position minus a small overlap (`OVERLAP_MS`), so a
 *   change the service recorded late, or stamped by a slightly slower clock, is still read.
 * - Records read again in the overlap are recognised by `seen` (id → updated_at and a hash of the
 *   record), and not delivered twice. The hash also catches two changes within one timestamp tick.
 *   Only records changed at or after the next window's start are remembered, so the memory is
 *   bounded by the changes of about one overlap.
 * - A record changed several times between two polls is delivered once, in its latest state:
 *   the API keeps no history, so the states in between cannot be read.
 * - What the trigger last saw of each record (`memory`, what-changed.ts) comes with each change as
 *   `before`, so the item can say what changed; it is then updated to the record as listed.
 *
 * Pure functions: the trigger node reads and writes the state; the tests drive these directly.
 */

/**
 * How far each poll reaches back before the saved position.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const OVERLAP_MS = 60_000;

/**
 * The trigger's saved state (static data `state`): its position and what it remembers. A trigger's
 * own events (extension.ts) keep theirs beside these, each under its `stateKey` (the Shift
 * trigger's `clockIns`, the Timesheet trigger's `attendance`), carried from poll to poll as is.
 */
export interface TriggerState {
	/** The resource and server-side filters the position belongs to; a change starts over. */
	config: string;
	/** Nothing changed before this moment is delivered: the activation, or the chosen start date. */
	floor: number;
	/** The saved position (ms since epoch, the service's time). */
	cursor: number;
	/** Changes already delivered (or skipped by the event filter) near the position. */
	seen: Record<string, string>;
	/** What the trigger last saw of each record (absent in a state saved before it kept one). */
	memory?: Memory;
	/** How many polls delivered from this state: with the cursor, where a poll starts from (side-by-side.ts). */
	deliveries?: number;
	/**
	 * The last item delivered of each event (at most one per event the trigger offers), with when:
	 * what Fetch Test Event shows on a trigger that has delivered (trigger.ts lastDelivered).
	 */
	lastDelivered?: Record<string, { at: number; json: IDataObject }>;
}

export type ChangeEvent = 'created' | 'updated' | 'removed';

export interface Change {
	event: ChangeEvent;
	record: IDataObject;
	/** The record's updated_at, in ms. */
	at: number;
	/**
	 * What the record was before this change, as the trigger remembers it: null for a record just
	 * created, undefined when the trigger never saw it (what changed cannot be told).
	 */
	before?: IDataObject | null;
}

/** A record's updated_at in ms; NaN when it has none that parses. */
export function changedAt(record: IDataObject): number {
	return typeof record.updated_at === 'string' ? Date.parse(record.updated_at) : NaN;
}

/**
 * "updatedAtMs:hash": one version of one record.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function fingerprint(record: IDataObject): string {
	const hash = createHash('sha256').update(stableJson(record)).digest('hex').slice(0, 12);
	return `${changedAt(record)}:${hash}`;
}

/** Where the next poll starts reading: the position less the overlap, never before the floor. */
export function windowStart(state: TriggerState): number {
	return Math.max(state.floor, state.cursor - OVERLAP_MS);
}

/** A new state: nothing delivered yet, reading from `from` (the activation or a chosen date). */
export function startState(config: string, from: number, memory?: Memory): TriggerState {
	return { config, floor: from, cursor: from, seen: {}, ...(memory ? { memory } : {}) };
}

/**
 * Learns records as they were before the state's window: what the trigger reads at publishing (the
 * records in use then). A record changed since the window began is not learned from this read: its
 * change comes with the next poll, and its previous values are not these.
 */
export function learn(state: TriggerState, records: IDataObject[], key?: ResourceKey): TriggerState {
	const start = windowStart(state);
	const memory = memoryFor(state, key, records[0]);
	for (const record of records) {
		const at = changedAt(record);
		if (!Number.isNaN(at) && at < start && !memory.records[String(record.id)]) remember(memory, record, at);
	}
	bound(memory);
	return { ...state, memory };
}

/** The state's memory, or a new one when it has none or names other fields. */
function memoryFor(state: TriggerState, key: ResourceKey | undefined, sample: IDataObject | undefined): Memory {
	const fields = fieldsOf(key, sample ?? {});
	const kept = state.memory;
	if (kept && (fields.length === 0 || stableJson(kept.fields) === stableJson(fields))) return { fields: kept.fields, records: { ...kept.records } };
	// A field added to what the trigger keeps (a newer package): what it knew stays known.
	return (kept && withFields(kept, fields)) ?? emptyMemory(fields);
}

/**
 * What a record was before its change at `at` (its updated_at, ms), as `memory` knows it: null for a
 * record just created, undefined when the trigger never saw it (what changed cannot be told). At the
 * same updated_at too: a second change within the same second (timestamps are whole seconds) is
 * another version, and the one remembered is the one before it.
 */
export function beforeOf(event: ChangeEvent, memory: Memory | undefined, id: string, at: number): IDataObject | null | undefined {
	if (event === 'created') return null;
	const known = memory ? recall(memory, id) : undefined;
	return known && known.at <= at ? known.values : undefined;
}

function eventOf(record: IDataObject, start: number, state: TriggerState): ChangeEvent {
	if (record.archived === true) return 'removed';
	const created = typeof record.created_at === 'string' ? Date.parse(record.created_at) : NaN;
	// Created inside this window and never delivered: a record delivered before is still in
	// `seen`, because its updated_at (at or after its created_at) is inside the window too.
	return created >= start && !(String(record.id) in state.seen) ? 'created' : 'updated';
}

/**
 * The changes in `records` (everything the service listed for `updated_since = windowStart`) not
 * delivered yet, in order of change time, and the state to save once they are handed over.
 * `serviceTime` is the service's clock when the poll began (its Date header), if it sent one.
 */
export function takeChanges(
	records: IDataObject[],
	state: TriggerState,
	serviceTime?: number,
	key?: ResourceKey,
	/** False: nothing remembered (Say What Changed off); an update's `before` is then unknown. */
	remembering = true,
): { changes: Change[]; next: TriggerState } {
	const start = windowStart(state);
	const memory = remembering ? memoryFor(state, key, records[0]) : emptyMemory([]);
	// A record changed while the poll was paging can be listed twice; its latest version counts.
	const latest = new Map<string, IDataObject>();
	for (const record of records) {
		const id = String(record.id);
		const known = latest.get(id);
		if (!known || !(changedAt(known) > changedAt(record))) latest.set(id, record);
	}
	const changes: Change[] = [];
	let newest = state.cursor;
	const versions = new Map<string, { at: number; fingerprint: string }>();
	for (const [id, record] of latest) {
		const at = changedAt(record);
		if (Number.isNaN(at) || at < state.floor) continue;
		newest = Math.max(newest, at);
		const version = fingerprint(record);
		versions.set(id, { at, fingerprint: version });
		if (state.seen[id] === version) continue;
		const event = eventOf(record, start, state);
		changes.push({ event, record, at, before: beforeOf(event, memory, id, at) });
	}
	// Then what the trigger knows of each record becomes the record as listed.
	for (const [id, record] of remembering ? latest : []) {
		const at = changedAt(record);
		const known = memory.records[id];
		if (!Number.isNaN(at) && (!known || Number(known[0]) <= at)) remember(memory, record, at);
	}
	bound(memory);
	changes.sort((a, b) => a.at - b.at || String(a.record.id).localeCompare(String(b.record.id)));

	// Everything changed before the poll began has been listed (late ones come in the overlap).
	const cursor = Math.max(state.cursor, serviceTime ?? newest);
	// What else the state holds (a trigger's own events' state, extension.ts) goes on as it was.
	const next: TriggerState = { ...state, cursor, seen: {}, memory };
	if (!remembering) delete next.memory;
	const keepFrom = windowStart(next);
	for (const [id, version] of Object.entries(state.seen)) {
		if (Number(version.split(':')[0]) >= keepFrom) next.seen[id] = version;
	}
	for (const [id, version] of versions) {
		if (version.at >= keepFrom) next.seen[id] = version.fingerprint;
	}
	return { changes, next };
}
