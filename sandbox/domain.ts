/** Rules of the rostering domain the sandbox applies: award breaks, paid hours, labour cost. */
import type { Employment, Position, ShiftBreak, Tables, TimesheetBreak } from './model';
import { localDate, weekday } from './time';

/**
 * Breaks "planned from the award" when a create omits them or a change moves start or end:
 * a shift longer than 5 hours gets one 30-minute unpaid meal break starting at its middle
 * (rounded down to 15 minutes); shorter shifts get none.
 */
export function planBreaks(start: number, end: number): ShiftBreak[] {
	const minutes = Math.round((end - start) / 60000);
	if (minutes <= 300) return [];
	const offset = Math.floor((minutes / 2 - 15) / 15) * 15;
	return [{ offset_minutes: offset, duration_minutes: 30, paid: false }];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function shiftPaidHours(start: number, end: number, breaks: ShiftBreak[]): number {
	const unpaid = breaks.filter((b) => !b.paid).reduce((s, b) => s + b.duration_minutes, 0);
	return round2(Math.max(0, (end - start) / 60000 - unpaid) / 60);
}

/** Open timesheets (no end) count 0 paid hours until they are closed. */
export function timesheetPaidHours(start: number, end: number | null, breaks: TimesheetBreak[]): number {
	if (end === null) return 0;
	const unpaid = breaks.filter((b) => !b.paid).reduce((s, b) => s + (b.end - b.start) / 60000, 0);
	return round2(Math.max(0, (end - start) / 60000 - unpaid) / 60);
}

export interface Cost {
	total: number;
	subtotal: number;
	super: number;
	allowances: number;
	position_loading: number;
	breakdown: { category: string; hours: number; rate: number; cost: number }[];
}

export const ZERO_COST: Cost = { total: 0, subtotal: 0, super: 0, allowances: 0, position_loading: 0, breakdown: [] };

const PENALTY: Record<string, number> = { ordinary: 1, saturday: 1.25, sunday: 1.5, public_holiday: 2.25 };

/**
 * Estimated cost of `hours` worked by an employment in a position, starting at `start`:
 * one breakdown line whose category is the local day's (ordinary, saturday, sunday or
 * public_holiday); hourly rate = base * (1 + multiplier/100) * penalty, or the person's
 * rate_overrides[category] when set; salaried staff at annual / 52 / weekly hours, category
 * "salary". position_loading = rate_modifier * hours. super = 12% (11.5% before July 2025;
 * 3% KiwiSaver in NZ) of subtotal + loading. allowances are 0.
 */
export function laborCost(
	t: Tables,
	employment: Employment | undefined,
	position: Position | undefined,
	locationId: string,
	start: number,
	hours: number,
): Cost {
	if (!employment || hours <= 0) return { ...ZERO_COST, breakdown: [] };
	const location = t.locations.get(locationId);
	const zone = location?.timezone ?? 'UTC';
	const date = localDate(start, zone);
	let category = 'ordinary';
	if (holidayOn(t, locationId, date)) category = 'public_holiday';
	else if (weekday(date) === 7) category = 'sunday';
	else if (weekday(date) === 6) category = 'saturday';
	let rate: number;
	if (employment.pay_basis === 'salary' && employment.annual_salary && employment.salary_weekly_hours) {
		category = 'salary';
		rate = employment.annual_salary / 52 / employment.salary_weekly_hours;
	} else {
		const base = employment.base_hourly_rate ?? 0;
		rate = base * (1 + (employment.hourly_rate_multiplier ?? 0) / 100) * PENALTY[category];
		const override = employment.rate_overrides?.[category];
		if (typeof override === 'number') rate = override;
	}
	rate = round2(rate);
	const subtotal = round2(rate * hours);
	const loading = round2((position?.rate_modifier ?? 0) * hours);
	const superRate = location?.address.country === 'NZ' ? 0.03 : date < '2025-07-01' ? 0.115 : 0.12;
	const sup = round2((subtotal + loading) * superRate);
	return {
		total: round2(subtotal + loading + sup),
		subtotal,
		super: sup,
		allowances: 0,
		position_loading: loading,
		breakdown: [{ category, hours, rate, cost: subtotal }],
	};
}

/** Holidays never change after seeding, so an index per table is built once. */
const holidayIndex = new WeakMap<Tables['publicHolidays'], Set<string>>();

function holidayOn(t: Tables, locationId: string, date: string): boolean {
	let index = holidayIndex.get(t.publicHolidays);
	if (!index) {
		index = new Set([...t.publicHolidays.values()].filter((h) => !h.archived).map((h) => `${h.location_id}:${h.date}`));
		holidayIndex.set(t.publicHolidays, index);
	}
	return index.has(`${locationId}:${date}`);
}
