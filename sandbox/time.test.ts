import fc from 'fast-check';
import { DateTime } from 'luxon';
import { addDays, daysBetween, fmt, localDate, localToMs, mondayOf, weekday } from './time';

// The sandbox writes times in a location's zone without asking luxon each time (time.ts keeps
// the offset per quarter hour). What it writes must be what luxon writes, DST changes included.
const ZONES = ['Australia/Sydney', 'Australia/Lord_Howe', 'Australia/Perth', 'Pacific/Auckland', 'Pacific/Chatham', 'Asia/Kathmandu', 'Europe/London', 'America/St_Johns', 'America/New_York', 'Etc/UTC', 'UTC'];
const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
// Instants within two hours of a DST change in Sydney, London and Lord Howe (half-hour change).
const CHANGES = ['2026-04-04T16:00:00Z', '2026-10-03T16:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z'];
const nearChange = fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -2 * 3600_000, max: 2 * 3600_000 })).map(([at, delta]) => Date.parse(at) + delta);

describe('sandbox time: the quick path writes what luxon writes', () => {
	it.each([
		['any instant', instant],
		['near a DST change', nearChange],
	])('fmt, localDate and mondayOf at %s', (_, instants) => {
		fc.assert(
			fc.property(instants, fc.constantFrom(...ZONES), (ms, zone) => {
				const dt = DateTime.fromMillis(ms, { zone });
				expect(fmt(ms, zone)).toBe(dt.toISO({ suppressMilliseconds: true }));
				expect(localDate(ms, zone)).toBe(dt.toISODate());
				expect(mondayOf(ms, zone)).toBe(dt.startOf('week').toISODate());
			}),
			{ numRuns: 3000 },
		);
	});

	it('localToMs reads a local date and wall time as luxon does; a repeated wall time is the first of the two', () => {
		const day = fc.integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2060, 0, 1) / 86_400_000 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
		const changeDay = fc.constantFrom('2026-04-05', '2026-10-04', '2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01');
		const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean()).map(([h, m, withSeconds]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${withSeconds ? ':30' : ''}`);
		fc.assert(
			fc.property(fc.oneof(day, changeDay), time, fc.constantFrom(...ZONES), (date, wall, zone) => {
				const luxon = DateTime.fromISO(`${date}T${wall}`, { zone });
				// Where the wall time happens twice, luxon's pick depends on the offset today.
				const twice = [-60, -30, 30, 60].map((minutes) => luxon.plus({ minutes })).filter((other) => other.toFormat('yyyy-MM-dd HH:mm:ss') === luxon.toFormat('yyyy-MM-dd HH:mm:ss'));
				expect(localToMs(date, wall, zone)).toBe(Math.min(luxon.toMillis(), ...twice.map((other) => other.toMillis())));
			}),
			{ numRuns: 5000 },
		);
	});
});

describe('sandbox time: date arithmetic', () => {
	it('addDays, daysBetween and weekday agree with luxon', () => {
		const date = fc.integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2060, 0, 1) / 86_400_000 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
		fc.assert(
			fc.property(date, fc.integer({ min: -800, max: 800 }), (from, days) => {
				const later = DateTime.fromISO(from, { zone: 'UTC' }).plus({ days });
				expect(addDays(from, days)).toBe(later.toISODate());
				expect(daysBetween(from, addDays(from, days))).toBe(days);
				expect(weekday(from)).toBe(DateTime.fromISO(from, { zone: 'UTC' }).weekday);
			}),
			{ numRuns: 2000 },
		);
	});
});
