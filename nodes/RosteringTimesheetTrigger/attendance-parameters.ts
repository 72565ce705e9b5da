import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

/**
 * The attendance events' parameters: their values in the Timesheet trigger's Events list, their
 * thresholds (each shown when its event is chosen) and the settings a poll reads from them.
 */
export const ATTENDANCE_EVENTS = {
	late: 'late_clock_in',
	stillClockedIn: 'still_clocked_in',
	breakNotTaken: 'break_not_taken',
	longHours: 'long_hours',
} as const;

/** @internal Exported for the tests (and tools) that check it directly; knip --production lets it be. */
export const ATTENDANCE_DEFAULTS = {
	lateMinutes: 5,
	openAfterShiftMinutes: 30,
	openWithoutShiftHours: 12,
	breakAfterHours: 5,
	breakMinutes: 30,
	longerThanShiftMinutes: 30,
	weeklyHours: 38,
};

export type AttendanceSettings = typeof ATTENDANCE_DEFAULTS & {
	events: string[];
	/** Where a person's weekly limit comes from: their employment's ordinary hours, or weeklyHours for all. */
	weeklyHoursFrom: 'employment' | 'fixed';
};

/**
 * The events in the Timesheet trigger's Events list.
 */
export const ATTENDANCE_EVENT_OPTIONS = [
	{
		name: 'Late Clock-In',
		value: ATTENDANCE_EVENTS.late,
		description: "A timesheet started more than Late After minutes after its shift's start (its shift, else the person's shift at that location that day)",
	},
	{
		// n8n's nodes panel lists each event as "On <name>" in lodash's lowerCase (n8n-editor-ui 2.40.7,
		// nodeCreator.actionsCategory.onEvent): brackets dropped, "On still clocked in forgot to clock out"; the
		// name stays short, the description says the rest.
		name: 'Still Clocked In',
		value: ATTENDANCE_EVENTS.stillClockedIn,
		description:
			"Forgot to clock out: a timesheet with no end a while after its shift's end (or, with no shift, after its start); once per timesheet, leaving out those already overdue when the workflow is published",
	},
	{
		name: 'Break Not Taken',
		value: ATTENDANCE_EVENTS.breakNotTaken,
		description: 'A finished timesheet longer than Break Needed After with less unpaid break than Minimum Break (your thresholds: the award rules are not in the API)',
	},
	{
		name: 'Long Hours',
		value: ATTENDANCE_EVENTS.longHours,
		description: "A finished timesheet longer than its shift by more than Longer Than Shift By, or a person's week (Monday to Sunday) past their ordinary hours",
	},
];

const shownFor = (event: string) => ({ show: { events: [event] } });

/**
 * The thresholds of the attendance events, each shown when its event is chosen. The defaults are
 * ATTENDANCE_DEFAULTS written out (n8n's lint reads only literals; test/unit/attendance.test.ts
 * checks they agree).
 */
export const ATTENDANCE_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Late After (Minutes)',
		name: 'lateAfterMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 5,
		displayOptions: shownFor(ATTENDANCE_EVENTS.late),
		description: "How many minutes after the shift's start a clock-in counts as late",
	},
	{
		displayName: 'Still Clocked In After Shift End (Minutes)',
		name: 'stillClockedInAfterMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.stillClockedIn),
		description: "How long after the shift's end a timesheet may stay open before the event comes out",
	},
	{
		displayName: 'Still Clocked In Without a Shift After (Hours)',
		name: 'stillClockedInWithoutShiftHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 48 },
		default: 12,
		displayOptions: shownFor(ATTENDANCE_EVENTS.stillClockedIn),
		description: 'For a timesheet with no shift: how long after its start it may stay open',
	},
	{
		displayName: 'Break Needed After (Hours)',
		name: 'breakAfterHours',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 2 },
		default: 5,
		displayOptions: shownFor(ATTENDANCE_EVENTS.breakNotTaken),
		description: 'A finished timesheet longer than this needs a break (your rule: the award is not in the API)',
	},
	{
		displayName: 'Minimum Break (Minutes)',
		name: 'breakMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 240 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.breakNotTaken),
		description: 'The unpaid break such a timesheet must have in all',
	},
	{
		displayName: 'Longer Than Shift By (Minutes)',
		name: 'longerThanShiftMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1440 },
		default: 30,
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: 'A finished timesheet longer than its shift by more than this comes out as Long Hours',
	},
	{
		displayName: 'Weekly Hours From',
		name: 'weeklyHoursFrom',
		type: 'options',
		options: [
			{ name: 'Employment (Ordinary Hours per Week)', value: 'employment', description: "Each person's employment, else Weekly Hours (reads the employments: needs people:read)" },
			{ name: 'Weekly Hours for Everyone', value: 'fixed', description: 'The same limit for every person' },
		],
		default: 'employment',
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: "Where a person's weekly limit comes from",
	},
	{
		displayName: 'Weekly Hours',
		name: 'weeklyHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 168 },
		default: 38,
		displayOptions: shownFor(ATTENDANCE_EVENTS.longHours),
		description: 'Hours in a week (Monday to Sunday) past which Long Hours comes out, for a person whose employment gives none (or for everyone)',
	},
];

/** The chosen events and thresholds, as the node's parameters give them. */
export function attendanceSettings(ctx: IPollFunctions, events: string[]): AttendanceSettings {
	const number = (name: string, fallback: number) => {
		const value = Number(ctx.getNodeParameter(name, fallback));
		return Number.isFinite(value) ? value : fallback;
	};
	return {
		events,
		lateMinutes: number('lateAfterMinutes', ATTENDANCE_DEFAULTS.lateMinutes),
		openAfterShiftMinutes: number('stillClockedInAfterMinutes', ATTENDANCE_DEFAULTS.openAfterShiftMinutes),
		openWithoutShiftHours: number('stillClockedInWithoutShiftHours', ATTENDANCE_DEFAULTS.openWithoutShiftHours),
		breakAfterHours: number('breakAfterHours', ATTENDANCE_DEFAULTS.breakAfterHours),
		breakMinutes: number('breakMinutes', ATTENDANCE_DEFAULTS.breakMinutes),
		longerThanShiftMinutes: number('longerThanShiftMinutes', ATTENDANCE_DEFAULTS.longerThanShiftMinutes),
		weeklyHours: number('weeklyHours', ATTENDANCE_DEFAULTS.weeklyHours),
		weeklyHoursFrom: ctx.getNodeParameter('weeklyHoursFrom', 'employment') === 'fixed' ? 'fixed' : 'employment',
	};
}

/** Whether any attendance event is chosen. */
export const choosesAttendance = (events: string[]) => Object.values(ATTENDANCE_EVENTS).some((event) => events.includes(event));
