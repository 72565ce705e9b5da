/**
 * The records the demo's end-to-end test (demo.test.ts) picks from the sandbox's seed, each by a
 * rule, in one place, so that test/picks/across-dates.test.ts can check every rule against the seed
 * as it is laid at many moments (the seed is laid around the real clock: a rule that finds nothing,
 * or finds something else than the test needs, on some date or hour would turn main red that day).
 *
 * Each pick takes the seed's tables and the service's now; none reads the real clock.
 */
import { DateTime } from 'luxon';

import { nextMondayAt } from '../../demo/workflows';
import type { Location, Shift, Tables } from '../../sandbox/model';

export interface SeedView {
	t: Tables;
	mainBusinessId: string;
	/** The service's now (ms). */
	now: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The main business's active locations, in the seed's order (what the manager's page lists). */
export function activeLocations({ t, mainBusinessId }: SeedView): Location[] {
	return [...t.locations.values()].filter((l) => l.business_id === mainBusinessId && !l.archived);
}

/** The manager's day's location: the page's second location. */
export function managersDayLocation(seed: SeedView): Location {
	return activeLocations(seed)[1];
}

/** The Monday the manager's page shows after three "Next week" links, at the location. */
export function threeWeeksOn(seed: SeedView, location: Location): DateTime {
	return DateTime.fromMillis(seed.now, { zone: location.timezone }).startOf('week').plus({ weeks: 3 });
}

/**
 * The manager's day's shift: a draft of that week with someone on it, 6 hours or longer, starting
 * within 25 days (the Shift trigger learned the next 27 days' shifts when published), of someone
 * whose record is shared (names come only for them) and who is not clocked in.
 */
export function managersDayShift(seed: SeedView, location: Location, week: DateTime): Shift | undefined {
	const { t, now } = seed;
	const clockedIn = new Set([...t.timesheets.values()].filter((x) => !x.archived && x.end_time === null).map((x) => x.employee_id));
	return [...t.shifts.values()]
		.filter((s) => s.location_id === location.id && !s.archived && s.status !== 'published' && s.employee_id !== null)
		.filter((s) => s.start_time >= week.toMillis() && s.start_time < now + 25 * DAY && s.end_time - s.start_time >= 6 * HOUR)
		.filter((s) => t.employees.get(s.employee_id!)?.shared === true && !clockedIn.has(s.employee_id!))
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id))[0];
}

/**
 * The week a manager publishes in "each person told their week": at a location other than the
 * manager's day's, a roster whose drafts all start from tomorrow to 25 days on (what the trigger
 * learned), with three people or more on them, one of them on two or more (`twiceRostered`: their
 * drafts' ids, one of which the test publishes first); the earliest.
 */
export function weekToPublish(seed: SeedView): { rosterId: string; locationId: string; weekStart: string; drafts: Shift[]; twiceRostered: string[] } | undefined {
	const { t, now } = seed;
	const manager = managersDayLocation(seed).id;
	const locations = activeLocations(seed).filter((l) => l.id !== manager);
	const week = [...t.rosters.values()]
		.filter((r) => locations.some((l) => l.id === r.location_id))
		.map((roster) => ({ roster, drafts: [...t.shifts.values()].filter((s) => s.roster_id === roster.id && !s.archived && s.status !== 'published') }))
		.filter(({ drafts }) => drafts.length > 0 && drafts.every((s) => s.start_time > now + DAY && s.start_time < now + 25 * DAY))
		.filter(({ drafts }) => new Set(drafts.map((s) => s.employee_id).filter(Boolean)).size >= 3)
		.map((found) => ({ ...found, twiceRostered: twiceRostered(found.drafts) }))
		.filter(({ twiceRostered }) => twiceRostered.length >= 2)
		.sort((a, b) => a.roster.week_start_date.localeCompare(b.roster.week_start_date))[0];
	return week && { rosterId: week.roster.id, locationId: week.roster.location_id, weekStart: week.roster.week_start_date, drafts: week.drafts, twiceRostered: week.twiceRostered };
}

/** The ids of the shifts of the first person (by id) on two or more of `shifts`, or none. */
function twiceRostered(shifts: Shift[]): string[] {
	const byPerson = new Map<string, string[]>();
	for (const s of shifts) if (s.employee_id) byPerson.set(s.employee_id, [...(byPerson.get(s.employee_id) ?? []), s.id]);
	return [...byPerson.entries()].filter(([, ids]) => ids.length >= 2).sort(([a], [b]) => a.localeCompare(b))[0]?.[1] ?? [];
}

/**
 * The leave a person asks for in "leave checked against the roster": someone shared, at locations
 * on the business's time zone, with two or more shifts in the three days from their first shift
 * 3 to 20 days on; the earliest.
 */
export function leaveToAsk(seed: SeedView): { person: string; start: string; end: string; during: Shift[] } | undefined {
	const { t, now, mainBusinessId } = seed;
	const zone = t.businesses.get(mainBusinessId)!.timezone;
	const dayOf = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate()!;
	// Each person's shifts of the span with their day at the business (all a leave of 3 days from a
	// first shift 3 to 20 days on can overlap), worked out once.
	const near = [...t.shifts.values()].filter((s) => !s.archived && s.employee_id && s.start_time > now + 2 * DAY && s.start_time < now + 24 * DAY);
	const byPerson = new Map<string, Array<{ shift: Shift; day: string }>>();
	for (const shift of near) byPerson.set(shift.employee_id!, [...(byPerson.get(shift.employee_id!) ?? []), { shift, day: dayOf(shift.start_time) }]);
	const atZone = (s: Shift) => t.locations.get(s.location_id)!.timezone === zone;
	return near
		.filter((s) => s.business_id === mainBusinessId && s.start_time > now + 3 * DAY && s.start_time < now + 20 * DAY && atZone(s) && t.employees.get(s.employee_id!)?.shared)
		.map((first) => {
			const start = dayOf(first.start_time);
			return { person: first.employee_id!, start, end: DateTime.fromISO(start).plus({ days: 2 }).toISODate()! };
		})
		.map((leave) => ({ ...leave, during: byPerson.get(leave.person)!.filter(({ day }) => day >= leave.start && day <= leave.end).map(({ shift }) => shift) }))
		.filter((leave) => leave.during.length >= 2 && leave.during.every(atZone))
		.sort((x, y) => x.start.localeCompare(y.start) || x.person.localeCompare(y.person))[0];
}

/** The published shift "removing a published shift raises the alert" removes: of the main business, two days on or later. */
export function publishedShiftToRemove({ t, mainBusinessId, now }: SeedView): Shift | undefined {
	return [...t.shifts.values()].find((s) => s.business_id === mainBusinessId && s.status === 'published' && !s.archived && s.start_time > now + 2 * DAY);
}

/**
 * The shifts "an open shift filled, once" may make open: of the main business, with a person, from
 * tomorrow to 25 days on (what the trigger learned), not at the manager's day's location; in time
 * order (the test takes the first with three people free for it, which only the service answers).
 */
export function shiftsToMakeOpen(seed: SeedView): Shift[] {
	const { t, now, mainBusinessId } = seed;
	const manager = managersDayLocation(seed).id;
	return [...t.shifts.values()]
		.filter((s) => s.business_id === mainBusinessId && !s.archived && s.employee_id && s.location_id !== manager && s.start_time > now + DAY && s.start_time < now + 25 * DAY)
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
}

/**
 * The seeded shifts that would meet the demo's week of open shifts (demo/workflows.ts: next Monday
 * to Sunday at the first Sydney location, 18:00 to 22:00 there) on the fields Create or Update
 * matches on by default (location, nobody on it, start): none, or the example would update a
 * seeded shift where it should create.
 */
export function seededShiftsMeetingOpenShiftWeek(seed: SeedView): Shift[] {
	const { t, now } = seed;
	const location = [...t.locations.values()].find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
	const monday = DateTime.fromISO(nextMondayAt(location.timezone, new Date(now)), { zone: location.timezone });
	const starts = new Set(Array.from({ length: 7 }, (_, day) => monday.plus({ days: day }).set({ hour: 18 }).toMillis()));
	return [...t.shifts.values()].filter((s) => s.location_id === location.id && s.employee_id === null && starts.has(s.start_time));
}
