import type { IBuilderHint } from 'n8n-workflow';

/**
 * What n8n's AI workflow builder and its MCP server are told about each node (the description's
 * `builderHint`): `searchHint` is shown with the node when the builder searches for nodes, and
 * `relatedNodes` names the node's trigger or action twin. The builder also matches the codex
 * aliases (each node's .node.json `alias`). Read by n8n 2.x (@n8n/ai-utilities node-catalog search);
 * n8n 1.x loads the description as it is and ignores the key.
 */
const HINTS: Record<string, string> = {
	rosteringShift:
		'Rostered shifts of a rostering/scheduling service: list a week (Filters › Days), create open or assigned shifts, Create or Update rows from a sheet or calendar (matched on location, employee and start; a re-run changes nothing), change or delete them. Names may be given where ids go (location, position, employee).',
	rosteringShiftTrigger:
		'Starts a workflow when shifts are created, changed or removed, or when one is assigned, becomes open, is published, or nobody clocked in for it (No Clock-In). Use for alerts to managers or syncing a roster to a calendar.',
	rosteringTimesheet:
		'Timesheets (hours worked, clock in and clock out) of a rostering service: list approved hours for payroll, create or Create or Update from a time clock export, change or delete pending ones.',
	rosteringTimesheetTrigger:
		'Starts a workflow when timesheets change, and on what managers act on: Late Clock-In, Still Clocked In (forgot to clock out), Break Not Taken, Long Hours (overtime against the shift or the week), Clocked In, Clocked Out, Approved. Use for attendance alerts and payroll exports.',
	rosteringEmployee: 'Staff members (people) of the business: list, get, names and contact details; their employment holds pay and ordinary hours.',
	rosteringEmployeeTrigger: 'Starts a workflow when a staff member is added or their details change (onboarding, directory sync).',
	rosteringLocation: 'Locations (sites, venues, stores) with their time zones; every shift and timesheet belongs to one.',
	rosteringLeaveRequest: 'Leave (time off) requests: list by person, type, status and dates.',
	rosteringLeaveRequestTrigger: 'Starts a workflow when a leave (time off) request is made, changed or decided (approved or declined).',
	rosteringWhosOn: "Who is working right now: one row per open timesheet (clocked in) in the last day. Run it on a schedule.",
	rosteringOnDemandShift: 'On-demand shifts offered to independent workers (a marketplace): create drafts, Create or Update, change, delete.',
	rosteringOnDemandShiftTrigger: 'Starts a workflow when an on-demand shift is posted, filled, in progress, completed, a no-show or expired.',
	rosteringTimesheetTotal: 'Hours of approved and pending timesheets totalled by person over a date range (payroll checks).',
	rosteringLabourCost: 'Labour cost per day and location, rostered and actual (wage budgets).',
	rosteringShiftCover: 'Who can cover a shift: free staff for a shift that needs filling.',
	rosteringProject: 'Projects (cost centres) that shifts and timesheets are charged to: create, Create or Update, archive.',
};

/** The trigger of an action node and the action node of a trigger, by type name. */
function twin(name: string): string {
	return name.endsWith('Trigger') ? name.slice(0, -'Trigger'.length) : `${name}Trigger`;
}

/**
 * The builder hint of the node named `name` (e.g. "rosteringShift"); `hasTwin` when its trigger or
 * action node exists. Nodes with no hint of their own are found by their description and aliases.
 */
export function builderHint(name: string, hasTwin: boolean): IBuilderHint {
	return {
		...(HINTS[name] ? { searchHint: HINTS[name] } : {}),
		...(hasTwin
			? {
					relatedNodes: [
						{
							nodeType: `n8n-nodes-rostering.${twin(name)}`,
							relationHint: name.endsWith('Trigger') ? 'Reads and changes these records' : 'Starts a workflow when these records change',
						},
					],
				}
			: {}),
	};
}
