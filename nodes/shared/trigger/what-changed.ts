import { createHash } from 'crypto';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import type { ResourceKey } from '../resources';
import { stableJson, titleCase } from '../input/values';

/**
 * What a trigger remembers of each record it has seen, so that an update can say what changed,
 * and the events people act on (a shift assigned, a timesheet approved, ...) derived from it.
 *
 * The API keeps no history: a trigger learns a record's values when it reads it (at publishing,
 * from the records in use then, and at every poll from the changes). An update to a record the
 * trigger has not seen says so (`changes_known: false`) instead of guessing. The memory is
 * bounded (MAX_REMEMBERED records; past it, those changed longest ago are forgotten), and keeps
 * only the fields that matter for each resource, long values as a hash (a change to them is told,
 * its previous value is not).
 *
 * Pure functions: changes.ts keeps the memory in the trigger's state, trigger.ts shapes the items.
 */

/**
 * How many records a trigger remembers. In static data that is up to about 4.6 MB for 10,000 shifts
 * (462 bytes a shift with three breaks, a note and a project; test/unit/what-changed.test.ts
 * measures it and checks the figure README › Triggers gives).
 */
export const MAX_REMEMBERED = 10_000;

/** Text longer than this, and lists or objects whose JSON is longer, are kept as a hash. */
const LONGEST_KEPT = 200;

/**
 * The fields whose previous values a trigger keeps, for the resources people act on; for the
 * others, every field of the record but its id and timestamps (their records are small).
 * A change to this table makes the triggers forget what they remembered (the memory names its
 * fields), never misread it.
 */
export const KEPT_FIELDS: Partial<Record<ResourceKey, string[]>> = {
	shift: ['location_id', 'position_id', 'employee_id', 'start_time', 'end_time', 'status', 'breaks', 'notes', 'project_id', 'archived'],
	// paid_hours: what Long Hours by the week adds up (a list of three breaks is kept as a hash, so its unpaid part could not be worked out again).
	timesheet: ['employee_id', 'location_id', 'position_id', 'shift_id', 'start_time', 'end_time', 'status', 'breaks', 'note', 'notes', 'project_id', 'paid_hours', 'archived'],
	onDemandShift: ['location_id', 'position_id', 'start_time', 'end_time', 'status', 'rate_set', 'notes', 'posted_at', 'archived'],
	project: ['name', 'code', 'colour', 'status', 'employee_ids', 'archived'],
	// Inferred fields (the spec does not show leave's): the sandbox's, sandbox/CHOICES.md.
	leaveRequest: ['employee_id', 'type_id', 'start_date', 'end_date', 'hours', 'status', 'reason', 'archived'],
};

/** Fields never compared: they change with every change, or name the record. */
const NOT_COMPARED = new Set(['id', 'created_at', 'updated_at']);

/** A kept value that was too long to keep: only its hash. */
const HASHED = '#';

/**
 * A field the trigger did not keep when it last saw the record (a memory saved before the field
 * was added to KEPT_FIELDS): not compared until the record changes again and is remembered whole.
 */
const NOT_KEPT = '#not kept';

/**
 * The memory saved with fewer fields than `fields` (a field added since): each record's values
 * moved to their new places, the added fields NOT_KEPT. Undefined when `fields` does not hold every
 * field the memory kept (then it starts afresh).
 */
export function withFields(memory: Memory, fields: string[]): Memory | undefined {
	if (!memory.fields.every((field) => fields.includes(field))) return undefined;
	const at = fields.map((field) => memory.fields.indexOf(field));
	const records: Memory['records'] = {};
	for (const [id, kept] of Object.entries(memory.records)) records[id] = [kept[0], ...at.map((i) => (i < 0 ? NOT_KEPT : kept[i + 1]))];
	return { fields, records };
}

/** What the trigger remembers: the fields (in order) and, per record id, [updated_at ms, ...values]. */
export interface Memory {
	fields: string[];
	records: Record<string, unknown[]>;
}

export function fieldsOf(key: ResourceKey | undefined, sample?: IDataObject): string[] {
	const kept = key ? KEPT_FIELDS[key] : undefined;
	if (kept) return kept;
	return sample ? Object.keys(sample).filter((field) => !NOT_COMPARED.has(field)).sort() : [];
}

export function emptyMemory(fields: string[]): Memory {
	return { fields, records: {} };
}

function hashOf(text: string): string {
	return `${HASHED}${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** A value as kept: as it is, or, when too long, a hash that still tells a change apart. */
function keep(value: unknown): unknown {
	if (value === undefined) return null;
	if (typeof value === 'string') return value.length > LONGEST_KEPT || value.startsWith(HASHED) ? hashOf(value) : value;
	if (value !== null && typeof value === 'object') {
		const json = stableJson(value);
		return json.length > LONGEST_KEPT ? hashOf(json) : value;
	}
	return value;
}

function isHash(value: unknown): boolean {
	return typeof value === 'string' && value.startsWith(HASHED);
}

/** Remembers `record` as it is now (its updated_at, `at`, in ms). */
export function remember(memory: Memory, record: IDataObject, at: number): void {
	memory.records[String(record.id)] = [at, ...memory.fields.map((field) => keep(record[field]))];
}

/** What the trigger last saw of a record: its kept values, and when it changed; undefined if never seen. */
export function recall(memory: Memory, id: string): { at: number; values: IDataObject } | undefined {
	const kept = memory.records[id];
	if (!kept) return undefined;
	const values: IDataObject = {};
	memory.fields.forEach((field, i) => (values[field] = kept[i + 1] as IDataObject[string]));
	return { at: Number(kept[0]), values };
}

/** Forgets the records changed longest ago, past MAX_REMEMBERED (or `max`). */
export function bound(memory: Memory, max = MAX_REMEMBERED): void {
	const ids = Object.keys(memory.records);
	if (ids.length <= max) return;
	ids.sort((a, b) => Number(memory.records[a][0]) - Number(memory.records[b][0]));
	for (const id of ids.slice(0, ids.length - max)) delete memory.records[id];
}

/** One field's change: `from` is absent when its previous value was too long to keep. */
export interface FieldChange {
	from?: unknown;
	to: unknown;
	/** Options › Add Names, on a changed employee, location or position id: the names before and after. */
	from_name?: unknown;
	to_name?: unknown;
}

/** Two times that name the same instant are the same, however written (offsets differ by location). */
function same(field: string, a: unknown, b: unknown): boolean {
	// Most kept values are unchanged strings, numbers or booleans: equal as they are.
	if (a === b) return true;
	if (/_(time|at)$/.test(field) && typeof a === 'string' && typeof b === 'string' && !isHash(a) && !isHash(b)) {
		const [x, y] = [Date.parse(a), Date.parse(b)];
		if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
	}
	return stableJson(a ?? null) === stableJson(b ?? null);
}

/** The kept fields that differ between what was seen (`before`) and the record now. */
export function diff(fields: string[], before: IDataObject, now: IDataObject): Record<string, FieldChange> {
	const changes: Record<string, FieldChange> = {};
	for (const field of fields) {
		const then = before[field];
		if (then === NOT_KEPT) continue;
		const value = now[field] ?? null;
		if (isHash(then) ? then === keep(value) : same(field, then, value)) continue;
		changes[field] = isHash(then) ? { to: value } : { from: then ?? null, to: value };
	}
	return changes;
}

/** One item of a poll: the event, the record as it is now, and what changed. */
export interface TriggerItem {
	event: string;
	record: IDataObject;
	/** Each changed field's previous and new value ({} for a record just created). */
	changes: Record<string, FieldChange>;
	/** False when the trigger had not seen the record before: what changed cannot be told. */
	known: boolean;
	/** More to say (No clock-in: minutes since the start). */
	extra?: IDataObject;
	/** Fetch Test Event: what the item is, shown first (`test_event_note`). */
	testNote?: string;
}

/**
 * An event people act on, told from a record now and what it was: `before` is null for a record
 * just created, its kept values otherwise. Only called when the previous values are known.
 */
export interface DerivedEvent {
	value: string;
	name: string;
	description: string;
	/** Told from the record's kept fields: the item then says so. */
	happened(now: IDataObject, before: IDataObject | null): boolean;
	/**
	 * Fetch Test Event for a record the trigger has not seen (exampleItems): when the record's state
	 * now is one this event leads to, the fields it had before in an example of the event (null: an
	 * example of a record created so); undefined when it is not. `others`: the records read with it.
	 */
	example(now: IDataObject, others: IDataObject[]): IDataObject | null | undefined;
}

const changed = (now: IDataObject, before: IDataObject | null, field: string) => before !== null && !same(field, before[field], now[field]);
/** The record's status became `status` (it was something else, or it was created so). */
const became = (status: string) => (now: IDataObject, before: IDataObject | null) =>
	now.status === status && (before === null || before.status !== status);

/** An example of a status change: `to` now, from `from` before. */
const wasStatus = (to: string, from: string) => (now: IDataObject) => (now.status === to ? { status: from } : undefined);

/**
 * `status` values as event names ("in_progress" → "In Progress"), each with the state it usually
 * follows, for Fetch Test Event's example (the spec shows draft → posted; the order after posted is
 * the lifecycle the states name).
 */
function statusEvents(statuses: Record<string, string>, what: string): DerivedEvent[] {
	return Object.entries(statuses).map(([status, follows]) => ({
		value: `became_${status}`,
		name: `Became ${titleCase(status)}`,
		description: `${what} whose status became ${status}`,
		happened: became(status),
		example: wasStatus(status, follows),
	}));
}

/**
 * A leave request's status once it is out of pending, however the service spells it: the spec
 * shows only `pending` (its further states: not shown), and services write approved, declined,
 * rejected, denied, cancelled, canceled, withdrawn... so Decided is any move out of pending, not a
 * list of spellings (issue 29).
 */
function leftPending(status: unknown): boolean {
	return typeof status === 'string' && status !== '' && status !== 'pending';
}

/**
 * The derived events of each resource, from the states and fields the spec shows (leave's
 * fields are inferred: a request is decided when its status leaves pending, for whatever state,
 * leftPending). The values are what workflows store: never renamed.
 */
export const DERIVED_EVENTS: Partial<Record<ResourceKey, DerivedEvent[]>> = {
	shift: [
		{
			value: 'assigned',
			name: 'Assigned',
			description: 'A shift given to someone: created with an employee, or its employee set or changed',
			happened: (now, before) => Boolean(now.employee_id) && (before === null || before.employee_id !== now.employee_id),
			example: (now) => (now.employee_id ? { employee_id: null } : undefined),
		},
		{
			value: 'became_open',
			name: 'Became Open',
			description: 'A shift whose employee was taken off: open again',
			happened: (now, before) => before !== null && Boolean(before.employee_id) && !now.employee_id,
			example: (now, others) => {
				const someone = now.employee_id ? undefined : others.find((other) => other.employee_id)?.employee_id;
				return someone ? { employee_id: someone } : undefined;
			},
		},
		{
			value: 'times_changed',
			name: 'Times Changed',
			description: 'A shift moved: its start or end time changed',
			happened: (now, before) => changed(now, before, 'start_time') || changed(now, before, 'end_time'),
			example: (now) => {
				const moved = earlierValues(now, ['start_time', 'end_time'], []);
				return Object.keys(moved).length > 0 ? moved : undefined;
			},
		},
		{
			value: 'published',
			name: 'Published',
			description: 'A shift whose roster a manager published',
			happened: became('published'),
			example: wasStatus('published', 'unpublished'),
		},
		{
			value: 'back_to_draft',
			name: 'Changed Back to Draft',
			description: 'A published shift changed, so unpublished again until a manager republishes',
			happened: (now, before) => before !== null && before.status === 'published' && now.status === 'unpublished',
			example: wasStatus('unpublished', 'published'),
		},
	],
	timesheet: [
		{
			value: 'clocked_in',
			name: 'Clocked In',
			description: 'A timesheet started with no end (someone clocked in), or one whose end was taken off',
			happened: (now, before) => !now.archived && !now.end_time && (before === null || Boolean(before.end_time)),
			example: (now) => (!now.archived && !now.end_time ? null : undefined),
		},
		{
			value: 'clocked_out',
			name: 'Clocked Out',
			description: 'An open timesheet that got its end time',
			happened: (now, before) => before !== null && !before.end_time && Boolean(now.end_time),
			example: (now) => (now.end_time ? { end_time: null } : undefined),
		},
		{ value: 'approved', name: 'Approved', description: 'A timesheet a manager approved', happened: became('approved'), example: wasStatus('approved', 'pending') },
		{ value: 'rejected', name: 'Rejected', description: 'A timesheet a manager rejected', happened: became('rejected'), example: wasStatus('rejected', 'pending') },
	],
	onDemandShift: statusEvents(
		{ posted: 'draft', filled: 'posted', in_progress: 'filled', completed: 'in_progress', no_show: 'filled', expired: 'posted' },
		'An on-demand shift',
	),
	project: [
		{
			value: 'project_archived',
			name: 'Archived',
			description: 'A project taken out of use',
			happened: (now, before) => before !== null && before.status === 'active' && now.status === 'archived',
			example: wasStatus('archived', 'active'),
		},
		{
			value: 'project_unarchived',
			name: 'Unarchived',
			description: 'An archived project brought back into use',
			happened: (now, before) => before !== null && before.status === 'archived' && now.status === 'active',
			example: wasStatus('active', 'archived'),
		},
	],
	leaveRequest: [
		{
			value: 'decided',
			name: 'Decided',
			description: 'A leave request whose status left pending: approved, declined, cancelled, or another state the service names',
			happened: (now, before) => leftPending(now.status) && (before === null || before.status === 'pending'),
			example: (now) => (leftPending(now.status) ? { status: 'pending' } : undefined),
		},
	],
};

/** The fields of `record` that have an example previous value (earlierValue), with it. */
function earlierValues(record: IDataObject, fields: string[], others: IDataObject[]): IDataObject {
	const earlier: IDataObject = {};
	for (const field of fields) {
		const value = earlierValue(field, record[field] ?? null, others);
		if (value !== undefined) earlier[field] = value as IDataObject[string];
	}
	return earlier;
}

/**
 * An example previous value of a field: a time an hour earlier (written with the record's own UTC
 * offset), a date a day earlier, else the value
 * another record read with it has (a real value of that field), else none (null); undefined when
 * no example fits (nothing now, and no other record's value).
 */
function earlierValue(field: string, value: unknown, others: IDataObject[]): unknown {
	if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return DateTime.fromISO(value, { zone: 'utc' }).minus({ days: 1 }).toISODate();
	if (typeof value === 'string' && /_(time|at)$/.test(field)) {
		const time = DateTime.fromISO(value, { setZone: true });
		if (time.isValid) return time.minus({ hours: 1 }).toISO({ suppressMilliseconds: true });
	}
	const other = others.find((record) => record[field] !== undefined && record[field] !== null && !same(field, record[field], value));
	if (other) return other[field];
	return value === null || value === undefined ? undefined : null;
}
