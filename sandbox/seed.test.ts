/**
 * The seed is laid around the clock at any moment: nothing in it has happened after now. Shown at
 * the minutes after each hour of two days (a shift starts on the hour somewhere every hour; a
 * late clock-in is up to 4 minutes on), and a fast-check sample of moments of the next two years.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';

import { buildSeed } from './seed';

/** The records of the seed laid at `now` that say something happened after it, named. */
function afterNow(now: number): string[] {
	const monday = DateTime.fromMillis(now, { zone: 'Australia/Sydney' }).startOf('week').toISODate()!;
	const { tables } = buildSeed(monday, now);
	const wrong: string[] = [];
	for (const [name, table] of Object.entries(tables)) {
		for (const r of (table as Map<string, { id: string; created_at?: number; updated_at?: number }>).values()) {
			if ((r.updated_at ?? 0) > now || (r.created_at ?? 0) > (r.updated_at ?? Infinity)) wrong.push(`${name} ${r.id}: created ${r.created_at}, updated ${r.updated_at}`);
		}
	}
	for (const ts of tables.timesheets.values()) if (ts.start_time > now) wrong.push(`timesheet ${ts.id} clocked in at ${new Date(ts.start_time).toISOString()}`);
	return wrong.map((w) => `${new Date(now).toISOString()}: ${w}`);
}

test('at 1 to 5 minutes past each hour of two days, no record was changed after now, created after its change, or clocked in after now', () => {
	const day = Date.UTC(2027, 2, 10);
	const wrong: string[] = [];
	for (let hour = 0; hour < 48; hour++) for (const minute of [1, 3, 5]) wrong.push(...afterNow(day + hour * 3_600_000 + minute * 60_000));
	expect(wrong.slice(0, 5)).toEqual([]);
});

test('at any moment of the next two years, the same', () => {
	const start = Date.UTC(2026, 11, 1);
	fc.assert(
		fc.property(fc.integer({ min: start, max: start + 730 * 86_400_000 }), (now) => {
			expect(afterNow(now).slice(0, 5)).toEqual([]);
		}),
		{ numRuns: 25 },
	);
});
