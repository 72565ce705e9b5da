/** Public holidays by region, worked out for a year (no substitute days; see CHOICES.md). */
import { DateTime } from 'luxon';

function easterSunday(y: number): string {
	const a = y % 19, b = Math.floor(y / 100), c = y % 100, d = Math.floor(b / 4), e = b % 4;
	const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
	const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
	const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
	const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
	return DateTime.utc(y, month, day).toISODate() as string;
}

const plus = (date: string, days: number) =>
	DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() as string;

/** n-th (1-based; -1 = last) weekday (1 = Monday) of a month. */
function nth(y: number, month: number, wd: number, n: number): string {
	if (n > 0) {
		const first = DateTime.utc(y, month, 1);
		const delta = (wd - first.weekday + 7) % 7;
		return first.plus({ days: delta + 7 * (n - 1) }).toISODate() as string;
	}
	const last = DateTime.utc(y, month, 1).endOf('month').startOf('day');
	return last.minus({ days: (last.weekday - wd + 7) % 7 }).toISODate() as string;
}

/** Monday nearest a date (Auckland Anniversary Day). */
function mondayNearest(y: number, month: number, day: number): string {
	const d = DateTime.utc(y, month, day);
	const back = (d.weekday - 1 + 7) % 7;
	return (back <= 3 ? d.minus({ days: back }) : d.plus({ days: 7 - back })).toISODate() as string;
}

export function holidaysFor(region: string, y: number): { date: string; name: string }[] {
	const easter = easterSunday(y);
	const fixed = (m: number, d: number) => DateTime.utc(y, m, d).toISODate() as string;
	const common = [
		{ date: fixed(1, 1), name: "New Year's Day" },
		{ date: plus(easter, -2), name: 'Good Friday' },
		{ date: plus(easter, 1), name: 'Easter Monday' },
		{ date: fixed(4, 25), name: 'Anzac Day' },
		{ date: fixed(12, 25), name: 'Christmas Day' },
		{ date: fixed(12, 26), name: 'Boxing Day' },
	];
	const au = [{ date: fixed(1, 26), name: 'Australia Day' }, { date: easter, name: 'Easter Sunday' }];
	const byRegion: Record<string, { date: string; name: string }[]> = {
		NSW: [
			...au,
			{ date: plus(easter, -1), name: 'Easter Saturday' },
			{ date: nth(y, 6, 1, 2), name: "King's Birthday" },
			{ date: nth(y, 10, 1, 1), name: 'Labour Day' },
		],
		VIC: [
			...au,
			{ date: nth(y, 3, 1, 2), name: 'Labour Day' },
			{ date: nth(y, 6, 1, 2), name: "King's Birthday" },
			{ date: nth(y, 11, 2, 1), name: 'Melbourne Cup' },
		],
		QLD: [
			...au,
			{ date: plus(easter, -1), name: 'Easter Saturday' },
			{ date: nth(y, 5, 1, 1), name: 'Labour Day' },
			{ date: nth(y, 8, 3, 2), name: 'Royal Queensland Show (Brisbane)' },
			{ date: nth(y, 10, 1, 1), name: "King's Birthday" },
		],
		WA: [
			...au,
			{ date: nth(y, 3, 1, 1), name: 'Labour Day' },
			{ date: nth(y, 6, 1, 1), name: 'Western Australia Day' },
			{ date: nth(y, 9, 1, -1), name: "King's Birthday" },
		],
		AKL: [
			{ date: fixed(1, 2), name: "Day after New Year's Day" },
			{ date: mondayNearest(y, 1, 29), name: 'Auckland Anniversary Day' },
			{ date: fixed(2, 6), name: 'Waitangi Day' },
			{ date: nth(y, 6, 1, 1), name: "King's Birthday" },
			{ date: nth(y, 10, 1, 4), name: 'Labour Day' },
		],
	};
	return [...common, ...(byRegion[region] ?? [])].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
