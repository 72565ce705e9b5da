import { DateTime } from 'luxon';

import { nameList, type NameListContext } from '../editor/names';
import { timezoneOf } from '../requests/answers';
import { BoundedMap } from '../requests/execution-cache';

/**
 * Filters › Days: today, tomorrow, this week... as the calendar runs at the locations, for the
 * lists read by date. n8n's `$today` is the day in n8n's own time zone, which for a business in
 * Sydney run from a server in UTC is yesterday all morning; the service reads From and To as days
 * at each location, so the node works them out there.
 */
export const DAYS = [
	{ name: 'Today', value: 'today' },
	{ name: 'Tomorrow', value: 'tomorrow' },
	{ name: 'Yesterday', value: 'yesterday' },
	{ name: 'This Week (Monday to Sunday)', value: 'thisWeek' },
	{ name: 'Next Week', value: 'nextWeek' },
	{ name: 'Last Week', value: 'lastWeek' },
] as const;

export type Days = (typeof DAYS)[number]['value'];

const SHIFTS: Record<Days, { days?: number; weeks?: number }> = {
	today: { days: 0 },
	tomorrow: { days: 1 },
	yesterday: { days: -1 },
	thisWeek: { weeks: 0 },
	nextWeek: { weeks: 1 },
	lastWeek: { weeks: -1 },
};

/**
 * From and To (YYYY-MM-DD) for `days` at `now` in each of `zones`: the earliest first day and the
 * latest last day, so that where the locations' calendars differ (Perth is still on yesterday when
 * Sydney's day begins) the read holds every location's days.
 */
export function daysAt(days: Days, zones: string[], now = Date.now()): { from: string; to: string } {
	const shift = SHIFTS[days];
	const spans = zones.map((zone) => {
		const today = DateTime.fromMillis(now, { zone }).startOf('day');
		if (shift.weeks === undefined) {
			const day = today.plus({ days: shift.days }).toISODate() as string;
			return { from: day, to: day };
		}
		const monday = today.startOf('week').plus({ weeks: shift.weeks });
		return { from: monday.toISODate() as string, to: monday.plus({ days: 6 }).toISODate() as string };
	});
	return {
		from: spans.map((span) => span.from).sort()[0],
		to: spans
			.map((span) => span.to)
			.sort()
			.reverse()[0],
	};
}

/**
 * Days and weeks at the locations, for every decision that depends on a calendar day or week (the
 * person's shift at a location that day, a person's week for Long Hours): taken in the location's
 * time zone, never at the offset a time happens to be written with. The spec allows any offset or
 * Z: a service writing its times in UTC puts a Sydney Monday morning on the Sunday as written.
 * Where a location's time zone is not known (the location has none, or the connection cannot read
 * the locations), the date as written stands in, and `assumption` says so for the item.
 */
export interface Calendar {
	/** The date (YYYY-MM-DD) `time` falls on at the location. */
	day(time: string, locationId: unknown): string;
	/** The Monday (YYYY-MM-DD) of the week (Monday to Sunday) `time` falls in at the location. */
	monday(time: string, locationId: unknown): string;
	/** Undefined where the location's time zone is known; else what the node went by, for the item. */
	assumption(locationId: unknown): string | undefined;
}

const DAY_MS = 86_400_000;
/** Offsets change on a quarter hour at the most (every zone's offset is a multiple of 15 minutes). */
const QUARTER_MS = 15 * 60_000;
/** Offsets worked out, by zone and quarter hour (a burst's thousands of times share a few). */
const offsets = new BoundedMap<string, number>(20_000);

function offsetMinutes(zone: string, ms: number): number {
	const key = `${zone}|${Math.floor(ms / QUARTER_MS)}`;
	let offset = offsets.get(key);
	if (offset === undefined) {
		offset = DateTime.fromMillis(ms, { zone }).offset;
		offsets.set(key, offset);
	}
	return offset;
}

/** The date of a moment at a time zone. */
export function dateIn(ms: number, zone: string): string {
	return new Date(ms + offsetMinutes(zone, ms) * 60_000).toISOString().slice(0, 10);
}

/** The Monday of the week of a date (YYYY-MM-DD). */
function mondayOfDate(date: string): string {
	const day = Date.parse(`${date}T00:00:00Z`);
	if (Number.isNaN(day)) return date;
	return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar of the locations whose time zones are in `zones` (location id → IANA zone). */
export function calendarAt(zones: ReadonlyMap<string, string>): Calendar {
	const day = (time: string, locationId: unknown) => {
		const zone = zones.get(String(locationId));
		const ms = Date.parse(time);
		return zone && !Number.isNaN(ms) ? dateIn(ms, zone) : time.slice(0, 10);
	};
	return {
		day,
		monday: (time, locationId) => mondayOfDate(day(time, locationId)),
		assumption: (locationId) =>
			zones.has(String(locationId))
				? undefined
				: `The time zone of the location ${String(locationId)} could not be read: days and weeks were counted at the offset its times are written with`,
	};
}

/**
 * Every location's time zone by id (archived locations too), from one read of the location list
 * (the list Add Names reads). A connection refused the list (403) knows none: the dates as written
 * stand in (Calendar.assumption).
 */
export async function locationZones(ctx: NameListContext, maxRateLimitWaitSeconds: number): Promise<Map<string, string>> {
	const locations = await nameList(ctx, 'location', { maxRateLimitWaitSeconds }).catch((error: { httpCode?: string; context?: { httpCode?: string } }) => {
		if (String(error.httpCode ?? error.context?.httpCode) === '403') return [];
		throw error;
	});
	const zones = new Map<string, string>();
	for (const location of locations) {
		const zone = timezoneOf(location);
		if (zone) zones.set(String(location.id), zone);
	}
	return zones;
}
