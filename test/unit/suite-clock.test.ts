/** The in-process layers run at SUITE_NOW on every date (test/harness/suite-clock.ts): what it promises them. */
import { DateTime } from 'luxon';

import { SUITE_NOW } from '../harness/suite-clock';

test('now is SUITE_NOW (plus the time this file has run), for Date, new Date() and Luxon; every other date is the real Date\'s', () => {
	const since = Date.now() - Date.parse(process.env.SUITE_NOW ?? SUITE_NOW);
	expect(since).toBeGreaterThanOrEqual(0);
	expect(since).toBeLessThan(10 * 60_000);
	expect(Math.abs(new Date().getTime() - Date.now())).toBeLessThan(1000);
	expect(Math.abs(DateTime.now().toMillis() - Date.now())).toBeLessThan(1000);
	expect(new Date('2020-02-29T12:00:00Z').toISOString()).toBe('2020-02-29T12:00:00.000Z');
	expect(new Date(2020, 1, 29).getDate()).toBe(29);
	expect(Date.UTC(2020, 0, 1)).toBe(1_577_836_800_000);
	expect(new Date() instanceof Date && Object.prototype.toString.call(new Date()) === '[object Date]').toBe(true);
	expect(typeof Date()).toBe('string');
});
