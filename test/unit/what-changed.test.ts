/**
 * What a trigger remembers of each record and what it tells from it (nodes/shared/trigger/what-changed.ts),
 * without a server: the diff, long values kept as a hash, the bound, and each derived event.
 */
import { readFileSync } from 'fs';
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { join } from 'path';

import { learn, startState, takeChanges } from '../../nodes/shared/trigger/changes';
import { itemsOf, triggerProperties } from '../../nodes/shared/trigger/trigger';
import { lastDeliveredNote } from '../../nodes/shared/trigger/test-examples';
import { bound, DERIVED_EVENTS, diff, emptyMemory, KEPT_FIELDS, MAX_REMEMBERED, recall, remember, type DerivedEvent } from '../../nodes/shared/trigger/what-changed';

const T0 = Date.parse('2026-11-23T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const shiftFields = KEPT_FIELDS.shift!;

function shift(id: string, changedSec: number, extra: IDataObject = {}): IDataObject {
	return {
		id,
		location_id: 'l1',
		position_id: 'p1',
		employee_id: 'e1',
		start_time: '2026-12-01T09:00:00+11:00',
		end_time: '2026-12-01T17:00:00+11:00',
		status: 'published',
		breaks: [],
		notes: null,
		project_id: null,
		archived: false,
		created_at: iso(T0 - 86_400_000),
		updated_at: iso(T0 + changedSec * 1000),
		cost: { total: 250.5, breakdown: [{ category: 'ordinary', hours: 8 }] },
		...extra,
	};
}

describe('diff', () => {
	it('names each kept field that changed with its previous and new value; times compare as instants', () => {
		const memory = emptyMemory(shiftFields);
		remember(memory, shift('a', 0), T0);
		const now = shift('a', 5, { start_time: '2026-11-30T22:00:00Z', end_time: '2026-12-01T18:00:00+11:00', employee_id: null, cost: { total: 1 } });
		// 09:00+11:00 is 22:00Z the day before: the same instant, written another way, is no change.
		expect(diff(shiftFields, recall(memory, 'a')!.values, now)).toEqual({
			employee_id: { from: 'e1', to: null },
			end_time: { from: '2026-12-01T17:00:00+11:00', to: '2026-12-01T18:00:00+11:00' },
		});
	});

	it('keeps a long note as a hash: its change is told, its previous value is not', () => {
		const memory = emptyMemory(shiftFields);
		const long = 'x'.repeat(500);
		remember(memory, shift('a', 0, { notes: long }), T0);
		expect(recall(memory, 'a')!.values.notes).toMatch(/^#[0-9a-f]{16}$/);
		expect(diff(shiftFields, recall(memory, 'a')!.values, shift('a', 1, { notes: long }))).toEqual({});
		expect(diff(shiftFields, recall(memory, 'a')!.values, shift('a', 1, { notes: 'short' }))).toEqual({ notes: { to: 'short' } });
	});

	it('a text that looks like a kept hash is never mistaken for one', () => {
		const memory = emptyMemory(shiftFields);
		remember(memory, shift('a', 0, { notes: '#0123456789abcdef' }), T0);
		expect(diff(shiftFields, recall(memory, 'a')!.values, shift('a', 1, { notes: '#0123456789abcdef' }))).toEqual({});
	});
});

describe('the bound', () => {
	it(`keeps at most ${MAX_REMEMBERED} records, forgetting those changed longest ago`, () => {
		const memory = emptyMemory(['status']);
		for (let i = 0; i < 10; i++) remember(memory, { id: `r${i}`, status: 'x' }, T0 + i);
		bound(memory, 7);
		expect(Object.keys(memory.records).sort()).toEqual(['r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
	});

	/**
	 * A shift as the service sends it at its largest in use (issue 29): ids of 24 hex characters,
	 * three breaks, a note of 60 characters, a project. The figure measured on one break and ids of
	 * two characters (212 bytes) was less than half of it.
	 */
	const hexId = (n: number) => n.toString(16).padStart(24, '0');
	const NOTE = 'Bring the keys to the front desk; check the cool room doors.';
	const realistic = (i: number) =>
		shift(hexId(i), i, {
			location_id: hexId(0xa0001),
			position_id: hexId(0xb0000 + (i % 12)),
			employee_id: hexId(0xc0000 + (i % 300)),
			breaks: [
				{ offset_minutes: 120, duration_minutes: 10, paid: true },
				{ offset_minutes: 240, duration_minutes: 30, paid: false },
				{ offset_minutes: 390, duration_minutes: 10, paid: true },
			],
			notes: NOTE,
			project_id: hexId(0xd0000 + (i % 8)),
		});
	const bytesOf = (make: (i: number) => IDataObject) => {
		const memory = emptyMemory(shiftFields);
		for (let i = 0; i < MAX_REMEMBERED; i++) remember(memory, make(i), T0 + i * 1000);
		return Buffer.byteLength(JSON.stringify(memory));
	};

	it('10,000 remembered shifts as JSON (the static data n8n saves): the figure README › Triggers and Say What Changed give', () => {
		expect(NOTE).toHaveLength(60);
		const bytes = bytesOf(realistic);
		const perShift = bytes / MAX_REMEMBERED;
		const bare = bytesOf((i) => shift(hexId(i), i, { location_id: hexId(0xa0001), position_id: hexId(0xb0000), employee_id: hexId(0xc0000 + (i % 300)) }));
		process.stderr.write(
			`[what-changed] ${MAX_REMEMBERED} remembered shifts: ${bytes} bytes of static data (${perShift.toFixed(0)} a shift with three breaks, a note and a project; ${(bare / MAX_REMEMBERED).toFixed(0)} with none)\n`,
		);
		// The bound README states: 10,000 shifts stay under 5 MB.
		expect(perShift).toBeLessThan(500);
		// What README › Triggers says (bytes a shift, and MB for 10,000) is what is measured here, within 5%.
		const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
		const figure = /\*\*([\d.]+) MB\*\* of the workflow's static data \((\d+) bytes a shift[^)]*measured in\s+`test\/unit\/what-changed\.test\.ts`/.exec(readme);
		expect(figure).not.toBeNull();
		expect(Math.abs(Number(figure![1]) * 1e6 - bytes) / bytes).toBeLessThan(0.05);
		expect(Math.abs(Number(figure![2]) - perShift) / perShift).toBeLessThan(0.05);
		// So does Options › Say What Changed in the editor.
		const options = triggerProperties('shift').find((p) => p.name === 'options')!.options as INodeProperties[];
		const said = /about (\d+) bytes a shift/.exec(String(options.find((o) => o.name === 'sayWhatChanged')!.description));
		expect(said).not.toBeNull();
		expect(Math.abs(Number(said![1]) - perShift) / perShift).toBeLessThan(0.05);
	});
});

describe('takeChanges and learn: what each change was before', () => {
	it('a record learned at publishing: its change says what changed; one changed after the position was not learned', () => {
		const state = learn(startState('c', T0), [shift('a', -10), shift('b', 3)], 'shift');
		expect(Object.keys(state.memory!.records)).toEqual(['a']);
		const { changes, next } = takeChanges([shift('a', 5, { employee_id: 'e2' }), shift('b', 6, { notes: 'x' })], state, T0 + 10_000, 'shift');
		expect(changes.map((c) => [c.record.id, c.event, c.before === undefined ? 'unknown' : c.before === null ? 'new' : 'known'])).toEqual([
			['a', 'updated', 'known'],
			['b', 'updated', 'unknown'],
		]);
		expect(changes[0].before!.employee_id).toBe('e1');
		// Both are known from now on, as listed.
		expect(recall(next.memory!, 'a')!.values.employee_id).toBe('e2');
		expect(recall(next.memory!, 'b')!.values.notes).toBe('x');
	});

	it('two changes within one second (whole-second timestamps): the second says what changed since the first', () => {
		const first = takeChanges([shift('a', 5, { notes: 'one' })], learn(startState('c', T0), [shift('a', -10)], 'shift'), T0 + 5_500, 'shift');
		expect(first.changes[0].before).toMatchObject({ notes: null });
		const second = takeChanges([shift('a', 5, { notes: 'two' })], first.next, T0 + 6_000, 'shift');
		expect(second.changes.map((c) => [c.event, c.before?.notes])).toEqual([['updated', 'one']]);
	});

	it('a record created since the position is new (nothing before it)', () => {
		const created = { ...shift('n', 4), created_at: iso(T0 + 4000) };
		const { changes } = takeChanges([created], startState('c', T0), T0 + 10_000, 'shift');
		expect(changes[0]).toMatchObject({ event: 'created', before: null });
	});

	it('a memory of other fields (another version of the package) is forgotten, not misread', () => {
		const state = { ...startState('c', T0), memory: { fields: ['old_field'], records: { a: [T0 - 10_000, 'x'] } } };
		const { changes, next } = takeChanges([shift('a', 5)], state, T0 + 10_000, 'shift');
		expect(changes[0].before).toBeUndefined();
		expect(next.memory!.fields).toEqual(shiftFields);
	});
});

describe('derived events', () => {
	const events = (key: 'shift' | 'timesheet' | 'onDemandShift' | 'project' | 'leaveRequest', now: IDataObject, before: IDataObject | null) =>
		(DERIVED_EVENTS[key] as DerivedEvent[]).filter((event) => event.happened(now, before)).map((event) => event.value);
	const open = { employee_id: null };

	it('shifts: assigned, became open, times changed, published, changed back to draft', () => {
		const was = shift('a', 0, { status: 'unpublished' });
		expect(events('shift', shift('a', 1, { status: 'unpublished' }), null)).toEqual(['assigned']);
		expect(events('shift', shift('a', 1, { status: 'unpublished', ...open }), null)).toEqual([]);
		expect(events('shift', shift('a', 1, { status: 'unpublished', employee_id: 'e2' }), was)).toEqual(['assigned']);
		expect(events('shift', shift('a', 1, { status: 'unpublished', ...open }), was)).toEqual(['became_open']);
		expect(events('shift', shift('a', 1, { status: 'unpublished', start_time: '2026-12-01T10:00:00+11:00' }), was)).toEqual(['times_changed']);
		expect(events('shift', shift('a', 1, { status: 'published' }), was)).toEqual(['published']);
		expect(events('shift', shift('a', 1, { status: 'unpublished' }), shift('a', 0, { status: 'published' }))).toEqual(['back_to_draft']);
		expect(events('shift', shift('a', 1, { status: 'unpublished', notes: 'x' }), was)).toEqual([]);
	});

	it('timesheets: clocked in, clocked out, approved, rejected', () => {
		const sheet = (extra: IDataObject) => ({ id: 't', status: 'pending', start_time: '2026-11-23T09:00:00+11:00', end_time: null, archived: false, ...extra });
		expect(events('timesheet', sheet({}), null)).toEqual(['clocked_in']);
		expect(events('timesheet', sheet({ end_time: '2026-11-23T17:00:00+11:00' }), null)).toEqual([]);
		expect(events('timesheet', sheet({ end_time: '2026-11-23T17:00:00+11:00' }), sheet({}))).toEqual(['clocked_out']);
		expect(events('timesheet', sheet({ end_time: 'x', status: 'approved' }), sheet({ end_time: 'x' }))).toEqual(['approved']);
		expect(events('timesheet', sheet({ end_time: 'x', status: 'rejected' }), sheet({ end_time: 'x' }))).toEqual(['rejected']);
		expect(events('timesheet', sheet({ note: 'changed' }), sheet({}))).toEqual([]);
	});

	it('on-demand shifts: each state the spec lists; projects: archived and unarchived; leave: decided', () => {
		expect(events('onDemandShift', { status: 'posted' }, { status: 'draft' })).toEqual(['became_posted']);
		expect(events('onDemandShift', { status: 'filled' }, { status: 'posted' })).toEqual(['became_filled']);
		expect(events('onDemandShift', { status: 'no_show' }, { status: 'in_progress' })).toEqual(['became_no_show']);
		expect(events('onDemandShift', { status: 'draft' }, null)).toEqual([]);
		expect(events('project', { status: 'archived' }, { status: 'active' })).toEqual(['project_archived']);
		expect(events('project', { status: 'active' }, { status: 'archived' })).toEqual(['project_unarchived']);
		// Decided: any move out of pending, however the service spells the state (issue 29).
		for (const status of ['approved', 'declined', 'cancelled', 'rejected', 'canceled', 'denied', 'withdrawn', 'some_future_state']) {
			expect([status, events('leaveRequest', { status }, { status: 'pending' })]).toEqual([status, ['decided']]);
		}
		expect(events('leaveRequest', { status: 'rejected' }, null)).toEqual(['decided']);
		expect(events('leaveRequest', { status: 'pending' }, null)).toEqual([]);
		expect(events('leaveRequest', { status: 'pending' }, { status: 'pending' })).toEqual([]);
		expect(events('leaveRequest', { status: 'approved' }, { status: 'approved' })).toEqual([]);
		expect(events('leaveRequest', { status: 'withdrawn' }, { status: 'approved' })).toEqual([]);
		expect(events('leaveRequest', { status: null }, { status: 'pending' })).toEqual([]);
	});
});

describe('itemsOf: the items a change gives', () => {
	const before = shift('a', 0, { status: 'unpublished' });
	const change = (now: IDataObject, was: IDataObject | null | undefined) => ({ event: (was === null ? 'created' : 'updated') as 'created' | 'updated', record: now, at: 0, before: was });

	it('its own event and each chosen derived event, each an item with what changed', () => {
		const now = shift('a', 1, { status: 'unpublished', employee_id: 'e2', start_time: '2026-12-01T10:00:00+11:00' });
		const items = itemsOf('shift', change(now, before), ['updated', 'assigned', 'times_changed', 'became_open'], [], shiftFields);
		expect(items.map((item) => item.event)).toEqual(['updated', 'assigned', 'times_changed']);
		expect(items[1].changes).toEqual({
			employee_id: { from: 'e1', to: 'e2' },
			start_time: { from: '2026-12-01T09:00:00+11:00', to: '2026-12-01T10:00:00+11:00' },
		});
	});

	it('Watch Fields: an update comes out only when a watched field changed, or when what changed is not known', () => {
		const notesOnly = shift('a', 1, { status: 'unpublished', notes: 'x' });
		expect(itemsOf('shift', change(notesOnly, before), ['updated'], ['start_time', 'employee_id'], shiftFields)).toEqual([]);
		const moved = shift('a', 1, { status: 'unpublished', end_time: '2026-12-01T18:00:00+11:00' });
		expect(itemsOf('shift', change(moved, before), ['updated'], ['end_time'], shiftFields).map((i) => i.event)).toEqual(['updated']);
		expect(itemsOf('shift', change(notesOnly, undefined), ['updated'], ['start_time'], shiftFields)).toEqual([
			{ event: 'updated', record: notesOnly, changes: {}, known: false },
		]);
	});

	it('a record never seen: its own event says what changed is not known, and no derived event is guessed', () => {
		const now = shift('a', 1, { employee_id: null });
		expect(itemsOf('shift', change(now, undefined), ['updated', 'became_open', 'assigned'], [], shiftFields)).toEqual([
			{ event: 'updated', record: now, changes: {}, known: false },
		]);
	});
});

describe("Fetch Test Event's note on a delivered item (issue 46)", () => {
	const at = Date.parse('2026-12-08T04:58:49.000Z');
	const when = (note: string) => /delivered to its published workflow, on (.*), fetched again/.exec(note)?.[1];

	it('says when as a person reads it: at the first of the zones that is a time zone (the location, then the workflow), else UTC', () => {
		expect(lastDeliveredNote(at, ['Australia/Sydney', 'America/New_York'])).toBe(
			'The last item this trigger delivered to its published workflow, on Tue 8 Dec 2026, 15:58 (Australia/Sydney), fetched again: real values, not a new change.',
		);
		expect(when(lastDeliveredNote(at, [undefined, 'America/New_York']))).toBe('Mon 7 Dec 2026, 23:58 (America/New_York)');
		expect(when(lastDeliveredNote(at, [null, 'Not/AZone', 'Europe/London']))).toBe('Tue 8 Dec 2026, 04:58 (Europe/London)');
		expect(when(lastDeliveredNote(at, ['', 42]))).toBe('Tue 8 Dec 2026, 04:58 (UTC)');
	});
});
