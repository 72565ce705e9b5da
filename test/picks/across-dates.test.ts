/**
 * Green on any date and hour, by construction (issue 45). The real-n8n tests run on the real clock
 * and the sandbox lays its seed around it, so every record they pick from the seed, and every
 * change they make to provoke an event, is taken by a rule in a module: test/e2e/demo-picks.ts (the
 * demo's test) and test/e2e/seed-picks.ts (the trigger tests, the restart scenario, every node).
 * Here each rule runs against the seed as the sandbox lays it at each moment of anchors.ts (about
 * 130 over the next year and a half: every hour of the day, the clock changes, the year's turn),
 * one sandbox laid there per moment, making the same API requests as the tests, and what the tests
 * then rely on is checked. A rule that finds nothing, or something its test cannot use, fails
 * here, in `npm test`, on the day it is written, instead of turning main red on the day the
 * calendar meets it.
 *
 * The browser test needs none of this: its sandbox starts at a fixed anchor (browser.test.ts).
 */
import { DateTime } from 'luxon';

import { startSandbox, type Sandbox } from '../../sandbox';
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
import {
	everyNodePicks,
	postOnDemandShift,
	provokeEvents,
	restartScenarioShifts,
	shiftAhead,
	shiftNobodyClocksInFor,
	shiftsApi,
} from '../e2e/seed-picks';
import { anchors } from './anchors';

const DAY = 86_400_000;
const ANCHORS = anchors();

jest.setTimeout(10 * 60_000);

/** A sandbox whose seed and clock are laid at `now`, as startSandbox() lays them when the real clock reads it. */
async function sandboxAt(now: number): Promise<Sandbox> {
	return await startSandbox({ anchor: DateTime.fromMillis(now, { zone: 'Australia/Sydney' }).toISO()! });
}

/** What the demo's test picks from the seed as laid (demo.test.ts), each missing pick named. */
function demoTestMisses(sb: Sandbox): string[] {
	const seed: SeedView = { t: sb.store.t, mainBusinessId: sb.store.mainBusinessId, now: sb.clock.now().getTime() };
	const missed: string[] = [];
	const location = managersDayLocation(seed);
	const week = threeWeeksOn(seed, location);
	// The manager's day moves the clock to the shift: it must be three weeks on, more than two days ahead.
	if (!managersDayShift(seed, location, week)) missed.push(`no draft for the manager's day in the week of ${week.toISODate()}`);
	if (week.toMillis() <= seed.now + 2 * DAY) missed.push("the manager's day's week is not two days ahead");
	if (!weekToPublish(seed)) missed.push('no week of drafts to publish');
	if (!leaveToAsk(seed)) missed.push('nobody with two shifts in three days to ask for leave');
	if (!publishedShiftToRemove(seed)) missed.push('no published shift two days on to remove');
	if (shiftsToMakeOpen(seed).length < 10) missed.push('fewer than ten shifts to make open');
	const meeting = seededShiftsMeetingOpenShiftWeek(seed);
	if (meeting.length > 0) missed.push(`the week of open shifts meets seeded shift ${meeting[0].id}`);
	return missed;
}

/** What the every-node test's reads must find in the seed as laid (before any change). */
async function everyNodeFinds(sb: Sandbox): Promise<void> {
	const { api } = shiftsApi(sb);
	const { openShift, day } = everyNodePicks(sb);
	const year = sb.clock.now().getUTCFullYear();
	const count = async (path: string) => ((await api('GET', path)).data as unknown[]).length;
	const needs: Array<[string, number]> = [
		["people clocked in now (Who's On)", await count('/whos-on?limit=200')],
		['people who can cover the open shift', await count(`/shifts/${String(openShift.id)}/available-employees?limit=200`)],
		['open-shift requests', await count('/open-shift-requests?limit=200')],
		['timesheet totals of the last four weeks', await count(`/timesheet-totals?limit=200&from=${day(-28).slice(0, 10)}&to=${day(0).slice(0, 10)}`)],
		[`public holidays in ${year}`, await count(`/public-holidays?limit=200&from=${year}-01-01&to=${year}-12-31`)],
	];
	const none = needs.filter(([, found]) => found === 0).map(([what]) => `no ${what}`);
	if (none.length > 0) throw new Error(none.join('; '));
}

/** The trigger tests' picks and changes, in the order trigger.test.ts makes them. */
async function triggerTestsFind(sb: Sandbox): Promise<void> {
	const { api, changeableShifts } = shiftsApi(sb);
	// Fetch Test Event changes the first changeable shift; the failing poll the sixth.
	if (changeableShifts().length < 6) throw new Error(`${changeableShifts().length} changeable shifts, fewer than 6`);
	restartScenarioShifts(sb);
	const posted = await postOnDemandShift(sb, api);
	const { open } = await provokeEvents(sb, api, posted);
	await shiftNobodyClocksInFor(sb, api, { location_id: String(open.location_id), position_id: String(open.position_id) });
	// Two triggers on one credential: a shift ahead after an expiry, and another three weeks on.
	const changed = [String(shiftAhead(sb, []).id)];
	sb.clock.advance(21 * DAY);
	shiftAhead(sb, changed);
}

test(`the anchors cover the hours of the day, the clock changes and the year's turn (${ANCHORS.length} anchors)`, () => {
	expect(new Set(ANCHORS.map((t) => new Date(t).getUTCHours())).size).toBe(24);
	expect(ANCHORS.length).toBeGreaterThan(120);
});

test('a sandbox laid at an anchor is the one laid when the real clock reads it: the same week, the same records', async () => {
	const now = Date.now();
	const [real, laid] = [await startSandbox(), await sandboxAt(now)];
	try {
		expect(laid.anchorWeek).toBe(real.anchorWeek);
		const shifts = (sb: Sandbox) => sb.store.shifts.map((s) => `${String(s.id)} ${String(s.start_time)} ${String(s.employee_id)}`);
		expect(shifts(laid)).toEqual(shifts(real));
	} finally {
		await Promise.all([real.close(), laid.close()]);
	}
});

test('at every anchor, the demo, every-node and trigger tests find what they read and change', async () => {
	const missed: string[] = [];
	for (const now of ANCHORS) {
		const sb = await sandboxAt(now);
		const at = new Date(now).toISOString();
		try {
			missed.push(...demoTestMisses(sb).map((miss) => `${at}: demo: ${miss}`));
			await everyNodeFinds(sb);
			await triggerTestsFind(sb);
		} catch (error) {
			missed.push(`${at}: ${(error as Error).message}`);
		} finally {
			await sb.close();
		}
		if (missed.length > 10) break;
	}
	expect(missed).toEqual([]);
});
