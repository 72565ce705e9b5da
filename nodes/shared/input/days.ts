import { DateTime } from 'luxon';

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
