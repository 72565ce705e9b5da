/**
 * Green on any date and hour, by construction (issue 45): every record the demo's end-to-end test
 * picks from the seed (test/e2e/demo-picks.ts) is checked here against the seed as the sandbox lays
 * it at each of about 130 moments of the next year and a half (anchors.ts; a fifth of a second a
 * seed). A pick that finds nothing, or something other than its test needs, fails here, in
 * `npm test`, on the day it is written, instead of turning main red on the day the calendar meets it.
 */
import { DateTime } from 'luxon';

import { anchors, HOUR } from './anchors';
import { buildSeed } from '../../sandbox/seed';
import {
	leaveToAsk,
	managersDayLocation,
	managersDayShift,
	publishedShiftToRemove,
	seededShiftsMeetingOpenShiftWeek,
	shiftsToMakeOpen,
	threeWeeksOn,
	weekToPublish,
	type SeedView,
} from '../e2e/demo-picks';

/** The seed as the sandbox lays it at `now`: around the week of now in Sydney. */
function seedAt(now: number): SeedView {
	const monday = DateTime.fromMillis(now, { zone: 'Australia/Sydney' }).startOf('week').toISODate()!;
	const seeded = buildSeed(monday, now);
	return { t: seeded.tables, mainBusinessId: seeded.mainBusinessId, now };
}

const ANCHORS = anchors();

test(`the anchors cover the hours of the day, the clock changes and the year's turn (${ANCHORS.length} anchors)`, () => {
	expect(new Set(ANCHORS.map((t) => new Date(t).getUTCHours())).size).toBe(24);
	expect(ANCHORS.length).toBeGreaterThan(120);
});

test('at every anchor, each pick of the demo test finds what its test needs', () => {
	const missed: string[] = [];
	for (const now of ANCHORS) {
		const seed = seedAt(now);
		const when = new Date(now).toISOString();
		const location = managersDayLocation(seed);
		const week = threeWeeksOn(seed, location);
		// The manager's day moves the clock to the shift: it must be three weeks on, more than two days ahead.
		const shift = managersDayShift(seed, location, week);
		if (!shift) missed.push(`${when}: no draft for the manager's day in the week of ${week.toISODate()}`);
		if (week.toMillis() <= now + 2 * 24 * HOUR) missed.push(`${when}: the manager's day's week is not two days ahead`);
		const toPublish = weekToPublish(seed);
		if (!toPublish) missed.push(`${when}: no week of drafts to publish`);
		if (!leaveToAsk(seed)) missed.push(`${when}: nobody with two shifts in three days to ask for leave`);
		if (!publishedShiftToRemove(seed)) missed.push(`${when}: no published shift two days on to remove`);
		if (shiftsToMakeOpen(seed).length < 10) missed.push(`${when}: fewer than ten shifts to make open`);
		const meeting = seededShiftsMeetingOpenShiftWeek(seed);
		if (meeting.length > 0) missed.push(`${when}: the week of open shifts meets seeded shift ${meeting[0].id}`);
		if (missed.length > 20) break;
	}
	expect(missed).toEqual([]);
});
