import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { stableJson } from './values';

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
 *
 * Pure functions: the trigger node reads and writes the state; the tests drive these directly.
 */

/** How far each poll reaches back before the saved position. */
export const OVERLAP_MS = 60_000;

export interface ChangeState {
	/** The resource and server-side filters the position belongs to; a change starts over. */
	config: string;
	/** Nothing changed before this moment is delivered: the activation, or the chosen start date. */
	floor: number;
	/** The saved position (ms since epoch, the service's time). */
	cursor: number;
	/** Changes already delivered (or skipped by the event filter) near the position. */
	seen: Record<string, string>;
}

export type ChangeEvent = 'created' | 'updated' | 'removed';

export interface Change {
	event: ChangeEvent;
	record: IDataObject;
	/** The record's updated_at, in ms. */
	at: number;
}

/** A record's updated_at in ms; NaN when it has none that parses. */
export function changedAt(record: IDataObject): number {
	return typeof record.updated_at === 'string' ? Date.parse(record.updated_at) : NaN;
}

/** "updatedAtMs:hash": one version of one record. */
export function fingerprint(record: IDataObject): string {
	const hash = createHash('sha256').update(stableJson(record)).digest('hex').slice(0, 12);
	return `${changedAt(record)}:${hash}`;
}

/** Where the next poll starts reading: the position less the overlap, never before the floor. */
export function windowStart(state: ChangeState): number {
	return Math.max(state.floor, state.cursor - OVERLAP_MS);
}

/** A new state: nothing delivered yet, reading from `from` (the activation or a chosen date). */
export function startState(config: string, from: number): ChangeState {
	return { config, floor: from, cursor: from, seen: {} };
}

function eventOf(record: IDataObject, start: number, state: ChangeState): ChangeEvent {
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
	state: ChangeState,
	serviceTime?: number,
): { changes: Change[]; next: ChangeState } {
	const start = windowStart(state);
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
		changes.push({ event: eventOf(record, start, state), record, at });
	}
	changes.sort((a, b) => a.at - b.at || String(a.record.id).localeCompare(String(b.record.id)));

	// Everything changed before the poll began has been listed (late ones come in the overlap).
	const cursor = Math.max(state.cursor, serviceTime ?? newest);
	const next: ChangeState = { config: state.config, floor: state.floor, cursor, seen: {} };
	const keepFrom = windowStart(next);
	for (const [id, version] of Object.entries(state.seen)) {
		if (Number(version.split(':')[0]) >= keepFrom) next.seen[id] = version;
	}
	for (const [id, version] of versions) {
		if (version.at >= keepFrom) next.seen[id] = version.fingerprint;
	}
	return { changes, next };
}
