/**
 * The trigger's state logic on its own (nodes/shared/trigger/changes.ts): which listed records are new
 * changes, which event each is, where the position moves, and what is remembered.
 */
import type { IDataObject } from 'n8n-workflow';

import { OVERLAP_MS, fingerprint, startState, takeChanges, windowStart, type TriggerState } from '../../nodes/shared/trigger/changes';

const T0 = Date.parse('2026-11-23T09:00:00+11:00');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function record(id: string, updated: number, extra: IDataObject = {}): IDataObject {
	return { id, created_at: at(-3600), updated_at: at(updated), archived: false, ...extra };
}

describe('takeChanges', () => {
	it('delivers every listed record once, in order of change time then id', () => {
		const state = startState('c', T0);
		const { changes } = takeChanges([record('b', 5), record('a', 5), record('c', 1)], state);
		expect(changes.map((c) => c.record.id)).toEqual(['c', 'a', 'b']);
	});

	it('does not deliver a version it delivered before, read again in the overlap', () => {
		const first = takeChanges([record('a', 5)], startState('c', T0), T0 + 10_000);
		const again = takeChanges([record('a', 5)], first.next, T0 + 20_000);
		expect(again.changes).toEqual([]);
	});

	it('delivers a second change stamped with the same updated_at (a coarse clock) once its content differs', () => {
		const first = takeChanges([record('a', 5, { notes: 'x' })], startState('c', T0));
		const again = takeChanges([record('a', 5, { notes: 'y' })], first.next);
		expect(again.changes.map((c) => c.record.notes)).toEqual(['y']);
	});

	it('keeps the latest of a record listed twice in one poll (changed while paging)', () => {
		const { changes } = takeChanges([record('a', 5, { notes: 'old' }), record('b', 6), record('a', 9, { notes: 'new' })], startState('c', T0));
		expect(changes.map((c) => [c.record.id, c.record.notes])).toEqual([
			['b', undefined],
			['a', 'new'],
		]);
	});

	it('names the event: removed when archived, created when new in this window, updated otherwise', () => {
		const state = startState('c', T0);
		const { changes } = takeChanges(
			[
				record('old', 2),
				record('new', 3, { created_at: at(3) }),
				record('gone', 4, { archived: true, created_at: at(4) }),
			],
			state,
		);
		expect(Object.fromEntries(changes.map((c) => [c.record.id, c.event]))).toEqual({ old: 'updated', new: 'created', gone: 'removed' });
	});

	it('calls a record created in the window but delivered before "updated" at its next change', () => {
		const first = takeChanges([record('a', 3, { created_at: at(3) })], startState('c', T0), T0 + 10_000);
		expect(first.changes[0].event).toBe('created');
		const second = takeChanges([record('a', 8, { created_at: at(3) })], first.next, T0 + 20_000);
		expect(second.changes.map((c) => c.event)).toEqual(['updated']);
	});

	it('delivers nothing changed before the floor (the activation)', () => {
		const { changes } = takeChanges([record('before', -5), record('after', 5)], startState('c', T0));
		expect(changes.map((c) => c.record.id)).toEqual(['after']);
	});

	it("moves the position to the service's time when it sent one, else to the latest change read", () => {
		const state = startState('c', T0);
		expect(takeChanges([record('a', 5)], state, T0 + 30_000).next.cursor).toBe(T0 + 30_000);
		expect(takeChanges([record('a', 5)], state).next.cursor).toBe(T0 + 5_000);
		// never backwards
		const later: TriggerState = { ...state, cursor: T0 + 100_000 };
		expect(takeChanges([], later, T0 + 50_000).next.cursor).toBe(T0 + 100_000);
	});

	it('reads the next window from one overlap before the position, never before the floor', () => {
		const state = startState('c', T0);
		expect(windowStart(state)).toBe(T0);
		expect(windowStart({ ...state, cursor: T0 + 5 * OVERLAP_MS })).toBe(T0 + 4 * OVERLAP_MS);
	});

	it('remembers only versions the next window can list again (bounded memory)', () => {
		const records = Array.from({ length: 500 }, (_, i) => record(`r${i}`, i));
		const { next } = takeChanges(records, startState('c', T0), T0 + 500_000);
		// the next window starts 60 s before the position: records changed at 440 s or later
		expect(Object.keys(next.seen).sort()).toEqual(records.slice(440).map((r) => String(r.id)).sort());
		const idle = takeChanges([], next, T0 + 900_000);
		expect(idle.next.seen).toEqual({});
	});

	it('fingerprints a record by updated_at and content, whatever the key order', () => {
		expect(fingerprint({ id: 'a', updated_at: at(1), x: 1, y: 2 })).toBe(fingerprint({ y: 2, x: 1, updated_at: at(1), id: 'a' }));
		expect(fingerprint({ id: 'a', updated_at: at(1), x: 1 })).not.toBe(fingerprint({ id: 'a', updated_at: at(1), x: 2 }));
		expect(fingerprint({ id: 'a', updated_at: at(1) }).split(':')[0]).toBe(String(T0 + 1000));
	});
});

describe('a memory saved before a field was added to what the trigger keeps (a newer package)', () => {
	it("keeps what it knew: the record's next change says what changed, the added field (paid_hours) is not taken for a change", async () => {
		const { KEPT_FIELDS } = await import('../../nodes/shared/trigger/what-changed');
		const fields = KEPT_FIELDS.timesheet!;
		const old = fields.filter((field) => field !== 'paid_hours');
		const before: IDataObject = { id: 't1', employee_id: 'e1', start_time: at(0), end_time: at(3600), status: 'pending', note: 'old', paid_hours: 1, archived: false };
		const saved: TriggerState = {
			...startState('c', T0),
			memory: { fields: old, records: { t1: [T0 - 60_000, ...old.map((field) => before[field] ?? null)] } },
		};
		const now = { ...before, note: 'new', paid_hours: 1, created_at: at(-600), updated_at: at(5) };
		const { changes, next } = takeChanges([now], saved, T0 + 10_000, 'timesheet');
		expect(changes.map((change) => change.event)).toEqual(['updated']);
		expect(changes[0].before).toMatchObject({ note: 'old' });
		expect(next.memory!.fields).toEqual(fields);
		// What changed: the note only (paid_hours, not kept before, is not compared).
		const { diff } = await import('../../nodes/shared/trigger/what-changed');
		expect(Object.keys(diff(fields, changes[0].before!, now))).toEqual(['note']);
	});
});
