/**
 * The package's trigger events the manager's page names, and the attendance thresholds they use
 * by default. Copied, not imported: the sandbox is the service, and imports nothing from the
 * package (nodes/). manager-page.test.ts checks them against the trigger nodes' own Events options
 * and nodes/RosteringTimesheetTrigger/attendance-parameters.ts ATTENDANCE_DEFAULTS, so they cannot drift.
 */
export const TRIGGERS = {
	shift: {
		node: 'Rostering Shift Trigger',
		events: { published: 'Published', became_open: 'Became Open', assigned: 'Assigned' },
	},
	timesheet: {
		node: 'Rostering Timesheet Trigger',
		events: {
			clocked_in: 'Clocked In',
			clocked_out: 'Clocked Out',
			updated: 'Updated',
			approved: 'Approved',
			rejected: 'Rejected',
			late_clock_in: 'Late Clock-In',
			still_clocked_in: 'Still Clocked In',
			break_not_taken: 'Break Not Taken',
			long_hours: 'Long Hours',
		},
	},
	leaveRequest: {
		node: 'Rostering Leave Request Trigger',
		events: { created: 'Created', decided: 'Decided' },
	},
} as const;

/** The Timesheet trigger's attendance thresholds when the user leaves them as they are (nodes/RosteringTimesheetTrigger/attendance-parameters.ts). */
export const ATTENDANCE = {
	lateMinutes: 5,
	openAfterShiftMinutes: 30,
	openWithoutShiftHours: 12,
	breakAfterHours: 5,
	breakMinutes: 30,
	longerThanShiftMinutes: 30,
	weeklyHours: 38,
};

type Triggers = typeof TRIGGERS;

/** "The Rostering Timesheet Trigger tells: Clocked In; and Late Clock-In (...)": an event's name as the node's Events list shows it. */
export function eventName<R extends keyof Triggers>(trigger: R, event: keyof Triggers[R]['events']): string {
	return (TRIGGERS[trigger].events as Record<string, string>)[event as string];
}
