/**
 * The moments the picks checks lay the seed at (issue 45: green on any date and hour by
 * construction). They start at the real now, as the suite's sandbox does (docs/testing.md), and
 * run 550 days on: every 131 hours (131 is prime to 24, so every hour of the day comes round), and
 * every 6 hours of the days the seed's zones change their clocks and of New Year's Eve and Day.
 */
import { DateTime } from 'luxon';

export const HOUR = 3_600_000;

/** The seed's zones (sandbox/seed.ts): a day on which one of them changes its clock is checked every 6 hours. */
const SEED_ZONES = ['Australia/Sydney', 'Australia/Brisbane', 'Australia/Perth', 'Pacific/Auckland', 'Australia/Melbourne'];

export function anchors(): number[] {
	const start = Math.floor(Date.now() / HOUR) * HOUR;
	const end = start + 550 * 24 * HOUR;
	const at: number[] = [];
	for (let t = start; t < end; t += 131 * HOUR) at.push(t);
	for (let day = DateTime.fromMillis(start, { zone: 'UTC' }).startOf('day'); day.toMillis() < end; day = day.plus({ days: 1 })) {
		const changes = SEED_ZONES.some((zone) => day.setZone(zone).startOf('day').offset !== day.setZone(zone).endOf('day').offset);
		const yearsTurn = (day.month === 12 && day.day === 31) || (day.month === 1 && day.day === 1);
		if (changes || yearsTurn) for (let hour = 0; hour < 24; hour += 6) at.push(day.toMillis() + hour * HOUR);
	}
	return at.filter((t) => t >= start && t < end).sort((a, b) => a - b);
}
