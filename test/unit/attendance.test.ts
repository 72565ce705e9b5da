/**
 * The pure parts of the Timesheet trigger's attendance events (nodes/shared/trigger/attendance.ts):
 * the form's defaults, a timesheet's unpaid break, the week a time falls in at the offset it is
 * written with, and which shift a timesheet belongs to. The events themselves run against the
 * sandbox in test/workflow/trigger-attendance.test.ts.
 */
import { ATTENDANCE_DEFAULTS, ATTENDANCE_PROPERTIES, mondayOf, shiftIndex, shiftOf, unpaidBreakMinutes } from '../../nodes/shared/trigger/attendance';

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

	it.each([
		['a Monday morning in Sydney, written at its offset', '2031-05-05T06:00:00+10:00', '2031-05-05'],
		['the same instant in UTC is still Sunday there', '2031-05-04T20:00:00Z', '2031-04-28'],
		['a Sunday night in Sydney', '2031-05-11T23:30:00+10:00', '2031-05-05'],
		['a Monday written in UTC', '2031-05-12T00:30:00Z', '2031-05-12'],
		['a Wednesday across a year end', '2031-12-31T09:00:00+11:00', '2031-12-29'],
	])('the week (Monday) of %s', (_how, time, monday) => {
		expect(mondayOf(time)).toBe(monday);
	});

	it("a timesheet's shift: its shift_id, else the person's shift at that location that day nearest its start", () => {
		const timesheet = { employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T09:10:00+10:00' };
		const shifts = [
			{ id: 'other-person', employee_id: 'e2', location_id: 'l1', start_time: '2031-05-06T09:00:00+10:00' },
			{ id: 'evening', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T17:00:00+10:00' },
			{ id: 'morning', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-06T09:00:00+10:00' },
			{ id: 'next-day', employee_id: 'e1', location_id: 'l1', start_time: '2031-05-07T09:05:00+10:00' },
		];
		const index = shiftIndex(shifts);
		expect(shiftOf(timesheet, index)?.id).toBe('morning');
		expect(shiftOf({ ...timesheet, shift_id: 'evening' }, index)?.id).toBe('evening');
		expect(shiftOf({ ...timesheet, location_id: 'l2' }, index)).toBeUndefined();
	});
});
