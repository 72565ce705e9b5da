/**
 * The pure parts of the Timesheet trigger's attendance events (nodes/RosteringTimesheetTrigger/attendance-*.ts, timesheet-times.ts):
 * the form's defaults, a timesheet's unpaid break, the day and week a time falls in at its location
 * (whatever offset it is written with), and which shift a timesheet belongs to. The events themselves run against the
 * sandbox in test/workflow/trigger-attendance.test.ts.
 */
import { calendarAt } from '../../nodes/shared/input/days';
import { ATTENDANCE_DEFAULTS, ATTENDANCE_PROPERTIES } from '../../nodes/RosteringTimesheetTrigger/attendance-parameters';
import { shiftIndex, shiftOf } from '../../nodes/RosteringTimesheetTrigger/attendance-rules';
import { unpaidBreakMinutes } from '../../nodes/RosteringTimesheetTrigger/timesheet-times';

describe('attendance events', () => {
	it("the form's defaults are ATTENDANCE_DEFAULTS (written out for n8n's lint)", () => {
		const byName = Object.fromEntries(ATTENDANCE_PROPERTIES.map((p) => [p.name, p.default]));
		expect(byName).toMatchObject({
			lateAfterMinutes: ATTENDANCE_DEFAULTS.lateMinutes,
			stillClockedInAfterMinutes: ATTENDANCE_DEFAULTS.openAfterShiftMinutes,
			stillClockedInWithoutShiftHours: ATTENDANCE_DEFAULTS.openWithoutShiftHours,
			breakAfterHours: ATTENDANCE_DEFAULTS.breakAfterHours,
			breakMinutes: ATTENDANCE_DEFAULTS.breakMinutes,
			longerThanShiftMinutes: ATTENDANCE_DEFAULTS.longerThanShiftMinutes,
			weeklyHours: ATTENDANCE_DEFAULTS.weeklyHours,
			weeklyHoursFrom: 'employment',
		});
	});

	it('unpaid break: the breaks not marked paid, in minutes; paid ones and unreadable ones count as none', () => {
		const breaks = [
			{ start: '2031-05-06T12:00:00+10:00', end: '2031-05-06T12:30:00+10:00', paid: false },
			{ start: '2031-05-06T15:00:00+10:00', end: '2031-05-06T15:10:00+10:00', paid: true },
			{ start: '2031-05-06T16:00:00+10:00', end: '2031-05-06T16:05:00+10:00' },
			{ start: 'soon', end: 'later', paid: false },
		];
		expect(unpaidBreakMinutes({ breaks })).toBe(35);
		expect(unpaidBreakMinutes({ breaks: '#hash' })).toBe(0);
		expect(unpaidBreakMinutes({})).toBe(0);
	});

	// Days and weeks at the location (input/days.ts Calendar), whatever offset the times are written with.
	const calendar = calendarAt(new Map([['syd', 'Australia/Sydney'], ['la', 'America/Los_Angeles'], ['per', 'Australia/Perth']]));
	it.each([
		['a Monday morning in Sydney, written at its offset', '2031-05-05T06:00:00+10:00', 'syd', '2031-05-05'],
		['the same instant written in UTC (a Sunday as written) is Monday in Sydney', '2031-05-04T20:00:00Z', 'syd', '2031-05-05'],
		['written at an offset that is not the location\'s (-05:00: the Sunday as written)', '2031-05-04T15:00:00-05:00', 'syd', '2031-05-05'],
		['a Sunday night in Sydney written in UTC', '2031-05-11T13:30:00Z', 'syd', '2031-05-05'],
		['a Sunday evening in Los Angeles, a UTC Monday as written', '2031-05-12T03:30:00Z', 'la', '2031-05-05'],
		['a Wednesday across a year end', '2031-12-31T09:00:00+11:00', 'syd', '2031-12-29'],
		['a location whose time zone is not known: the date as written', '2031-05-04T20:00:00Z', 'unknown', '2031-04-28'],
	])('the week (Monday) of %s', (_how, time, location, monday) => {
		expect(calendar.monday(time, location)).toBe(monday);
	});

	it('the day at the location; an unknown location says what was assumed', () => {
		expect(calendar.day('2031-05-05T23:30:00Z', 'syd')).toBe('2031-05-06');
		expect(calendar.day('2031-05-05T23:30:00Z', 'per')).toBe('2031-05-06');
		expect(calendar.day('2031-05-05T06:30:00Z', 'la')).toBe('2031-05-04');
		expect(calendar.assumption('syd')).toBeUndefined();
		expect(calendar.assumption('unknown')).toMatch(/time zone of the location unknown could not be read: days and weeks were counted at the offset its times are written with/);
	});

	it("a timesheet's shift: its shift_id, else the person's shift at that location that day nearest its start", () => {
		const timesheet = { employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T09:10:00+10:00' };
		const shifts = [
			{ id: 'other-person', employee_id: 'e2', location_id: 'l1', start_time: '2031-05-06T09:00:00+10:00' },
			{ id: 'evening', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T17:00:00+10:00' },
			{ id: 'morning', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T09:00:00+10:00' },
			{ id: 'next-day', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-07T09:05:00+10:00' },
		];
		const index = shiftIndex(shifts, calendarAt(new Map([['l1', 'Australia/Sydney']])));
		expect(shiftOf(timesheet, index)?.id).toBe('morning');
		expect(shiftOf({ ...timesheet, shift_id: 'evening' }, index)?.id).toBe('evening');
		expect(shiftOf({ ...timesheet, location_id: 'l2' }, index)).toBeUndefined();
	});

	it("written in UTC: a Sydney morning shift at 10:30 (23:30Z the day before) is the shift of a clock-in at 11:10 (00:10Z)", () => {
		const shifts = [
			{ id: 'morning', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-05T23:30:00Z' },
			{ id: 'day-before', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-05T06:00:00Z' },
		];
		const timesheet = { employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T00:10:00Z' };
		expect(shiftOf(timesheet, shiftIndex(shifts, calendarAt(new Map([['l1', 'Australia/Sydney']]))))?.id).toBe('morning');
		// Without the location's time zone the dates as written differ: no shift that day.
		expect(shiftOf(timesheet, shiftIndex(shifts, calendarAt(new Map())))).toBeUndefined();
	});
});
