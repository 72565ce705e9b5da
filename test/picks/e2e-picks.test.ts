/**
 * Green on any date and hour, by construction (issue 45): what the other real-n8n tests take from
 * the seed and the changes they make to provoke the triggers' events (test/e2e/seed-picks.ts) are
 * run here against a sandbox whose seed and clock are laid at each moment of anchors.ts, as the
 * tests run them (the same functions, the same API requests), and what the tests then rely on is
 * checked: each pick finds something, each event's change can be made, and the seed holds what the
 * every-node test reads (people clocked in now, someone who can cover an open shift, open-shift
 * requests, timesheet totals over the last four weeks, public holidays this year).
 *
 * The browser test needs none of this: its sandbox starts at a fixed anchor (browser.test.ts).
 */
import { DateTime } from 'luxon';

import { startSandbox, type Sandbox } from '../../sandbox';
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

/** Runs `check` at every anchor on a sandbox laid there; the anchors where it threw, with why. */
async function missedAt(check: (sb: Sandbox) => Promise<void>): Promise<string[]> {
	const missed: string[] = [];
	for (const now of ANCHORS) {
		const sb = await sandboxAt(now);
		try {
			await check(sb);
		} catch (error) {
			missed.push(`${new Date(now).toISOString()}: ${(error as Error).message}`);
		} finally {
			await sb.close();
		}
		if (missed.length > 10) break;
	}
	return missed;
}

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

test(`at every anchor, the every-node and trigger tests find what they read and change (${ANCHORS.length} anchors)`, async () => {
	const missed = await missedAt(async (sb) => {
		await everyNodeFinds(sb);
		await triggerTestsFind(sb);
	});
	expect(missed).toEqual([]);
});
