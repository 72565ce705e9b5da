/**
 * The seed is laid around the clock at any moment: nothing in it has happened after now. Shown at
 * the minutes after each hour of two days (a shift starts on the hour somewhere every hour; a
 * late clock-in is up to 4 minutes on), and a fast-check sample of moments of the next two years.
 * And today's roster at every location keeps a draft with a person still to start, whenever its
 * day has a shift with a person still to start (issue 46), at the same kinds of moments.
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

/**
 * The main business's locations whose day (at the location) still has a shift with a person to
 * start and none of them a draft, named; and how many locations had one to start.
 */
function noDraftToday(now: number): { wrong: string[]; toStart: number } {
	const monday = DateTime.fromMillis(now, { zone: 'Australia/Sydney' }).startOf('week').toISODate()!;
	const { tables, mainBusinessId } = buildSeed(monday, now);
	const wrong: string[] = [];
	let toStart = 0;
	for (const loc of tables.locations.values()) {
		if (loc.business_id !== mainBusinessId || loc.archived) continue;
		const today = DateTime.fromMillis(now, { zone: loc.timezone }).toISODate();
		const ahead = [...tables.shifts.values()].filter(
			(s) => s.location_id === loc.id && !s.archived && s.employee_id && s.start_time > now && DateTime.fromMillis(s.start_time, { zone: loc.timezone }).toISODate() === today,
		);
		if (ahead.length) toStart++;
		if (ahead.length && !ahead.some((s) => s.status === 'unpublished')) wrong.push(`${new Date(now).toISOString()}: ${loc.name} has ${ahead.length} shifts of ${today} still to start, none a draft`);
	}
	return { wrong, toStart };
}

test("at every hour and half hour of two days, each location's day still to start holds a draft with a person", () => {
	const day = Date.UTC(2027, 2, 10);
	const wrong: string[] = [];
	let toStart = 0;
	for (let half = 0; half < 96; half++) {
		const found = noDraftToday(day + half * 1_800_000);
		wrong.push(...found.wrong);
		toStart += found.toStart;
	}
	expect(wrong.slice(0, 5)).toEqual([]);
	// Not true for want of days with shifts to start: most of the 4 locations' half hours have one.
	expect(toStart).toBeGreaterThan(96 * 4 * 0.5);
});

test('at any moment of the next two years, a draft with a person still to start today wherever such a shift is', () => {
	const start = Date.UTC(2026, 11, 1);
	fc.assert(
		fc.property(fc.integer({ min: start, max: start + 730 * 86_400_000 }), (now) => {
			expect(noDraftToday(now).wrong).toEqual([]);
		}),
		{ numRuns: 25 },
	);
});
