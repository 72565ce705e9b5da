import { DateTime, IANAZone } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { ResourceKey } from '../resources';
import { DERIVED_EVENTS, type TriggerItem } from './what-changed';

/**
 * Fetch Test Event for an update or removal of a record the trigger has not seen (the workflow not
 * published yet, or a record it forgot): the service keeps no history, so what the record was before
 * cannot be read, and nothing is made up in its place (issue 38): the item is the real record with
 * `changes: {}` and `changes_known: false`, and a note first (`test_event_note`) saying so and what a
 * published item's `changes` holds.
 * - Updated: any record changed recently.
 * - Each chosen derived event the record's state now fits (its `example` says which earlier state
 *   would lead there: used only to decide, never shown). `others`: a few records read with it.
 */
export const NOT_SEEN_NOTE =
	'A real record as the service has it now. What changed is not known: the trigger has not seen this record before (its workflow is not published yet, or the record was not among those it learned) and the service keeps no history, so changes is empty. Published, each item lists what changed in changes, as { field: { from, to } } (for example changes.start_time.from).';

/**
 * Fetch Test Event on a published trigger, for a change the trigger has already delivered when it
 * has no copy of the item (a state saved before it kept one): its memory now holds the record as it
 * is, so the previous values are gone (NOT_SEEN_NOTE's case too).
 */
export const DELIVERED_NOTE =
	'A real record as the service has it now. Its change was already delivered to the published workflow and the values before it are no longer known, so changes is empty. Each item the published workflow receives lists what changed in changes, as { field: { from, to } }.';

/**
 * Fetch Test Event on a trigger that has delivered: its last item of a chosen event, as it was
 * delivered, and when: written as a person reads it (issue 46), at the first of `zones` that is a
 * time zone (the record's location's, the workflow's), else UTC: "Tue 8 Dec 2026, 15:58 (Australia/Sydney)".
 */
export function lastDeliveredNote(at: number, zones: unknown[]): string {
	const zone = zones.find((name): name is string => typeof name === 'string' && IANAZone.isValidZone(name)) ?? 'UTC';
	const when = DateTime.fromMillis(at, { zone, locale: 'en-US' }).toFormat('ccc d LLL yyyy, HH:mm');
	return `The last item this trigger delivered to its published workflow, on ${when} (${zone}), fetched again: real values, not a new change.`;
}

export function exampleItems(
	key: ResourceKey,
	{ event, record }: { event: string; record: IDataObject },
	events: string[],
	others: IDataObject[],
	note = NOT_SEEN_NOTE,
): TriggerItem[] {
	const items: TriggerItem[] = [];
	if (event === 'removed' && events.includes('removed')) items.push({ event, record, changes: {}, known: false, testNote: note });
	if (event === 'updated' && events.includes('updated')) items.push({ event: 'updated', record, changes: {}, known: false, testNote: note });
	for (const derived of DERIVED_EVENTS[key] ?? []) {
		if (!events.includes(derived.value)) continue;
		// A removed (archived) record is an example of no event but a project's Archived (status
		// archived archives it): an archived shift with someone on it was not just Assigned.
		if (record.archived === true && derived.value !== 'project_archived') continue;
		const example = derived.example(record, others);
		if (example === undefined) continue;
		// Only to decide that the record's state fits the event: the earlier state is not shown.
		const before = example === null ? null : { ...record, ...example };
		if (!derived.happened(record, before)) continue;
		items.push({ event: derived.value, record, changes: {}, known: false, testNote: note });
	}
	return items;
}
