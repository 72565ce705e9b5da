/**
 * The resource table: for each resource group of the partner API, its path, the permissions it
 * needs, the query parameters its list takes, its date-range limit, what it is called to a person,
 * and whether the path is shown in the spec (`../shared/spec/partner-api.md`) or inferred.
 *
 * Everything the nodes, the pickers, the error messages and (later) the trigger know about a
 * resource comes from here, so a correction is a one-line change.
 */

/** Query parameters a list endpoint may take (the spec's "Paging, filters and range parameters"). */
export type ListParameter =
	| 'limit'
	| 'after'
	| 'updated_since'
	| 'include_archived'
	| 'from'
	| 'to'
	| 'location_id'
	| 'employee_id'
	| 'status'
	| 'shift_id'
	| 'type_id';

export interface ResourceSpec {
	/** Path under /v1, without a leading slash. */
	path: string;
	/** One record, in words a user reads in an error ("shift", "on-demand shift"). */
	singular: string;
	/** Permission that reads it; `readAnyOf` when the spec says "any one of". */
	read: string[];
	/** Permission that changes it, when the API lets partner apps change it. */
	write?: string;
	/** Query parameters its list takes, exactly as the spec's endpoint table lists them. */
	listParameters: ListParameter[];
	/** Longest from/to range in days, inclusive, when its list takes from and to. */
	rangeDays?: number;
	/** Values of its `status` filter. */
	statuses?: string[];
	/** True when the spec shows the endpoint; false when the path is our best guess. */
	shown: boolean;
	/** Where its from/to calendar days are counted, for the filters' help text. */
	datesAt?: string;
	/** Its Get reads a whole list for a range (timesheet totals), not one record. */
	getReadsList?: boolean;
}

const ANY_READ = ['settings:read', 'roster:read', 'timesheets:read', 'people:read', 'leave:read'];
const PAGING: ListParameter[] = ['limit', 'after', 'updated_since', 'include_archived'];

/** Spec, "Limits": 92 days for shifts, timesheets, on-demand shifts, leave and availability. */
const MAX_RANGE_DAYS = 92;
/** Spec, "Limits": page size 1 to 200. The fewest requests come from the largest page. */
export const MAX_PAGE_SIZE = 200;
/** Spec, "Batch create": up to 100 items a request. */
export const MAX_BATCH_SIZE = 100;

export const RESOURCES = {
	connection: {
		path: 'connection',
		singular: 'connection',
		read: [],
		listParameters: [],
		shown: true,
	},
	business: {
		path: 'business',
		singular: 'business',
		read: ['settings:read'],
		listParameters: [],
		shown: true,
	},
	location: {
		path: 'locations',
		singular: 'location',
		read: ANY_READ,
		listParameters: PAGING,
		shown: true,
	},
	position: {
		path: 'positions',
		singular: 'position',
		read: ANY_READ,
		listParameters: [...PAGING, 'location_id'],
		shown: true,
	},
	publicHoliday: {
		path: 'public-holidays',
		singular: 'public holiday',
		read: ANY_READ,
		// from and to are required by the endpoint; the node asks for them outside the filters.
		listParameters: ['limit', 'after', 'from', 'to', 'location_id'],
		rangeDays: 366,
		shown: true,
	},
	project: {
		path: 'projects',
		singular: 'project',
		read: ANY_READ,
		write: 'projects:write',
		listParameters: [...PAGING, 'status'],
		statuses: ['active', 'archived'],
		shown: true,
	},
	employee: {
		path: 'employees',
		singular: 'employee',
		read: ['people:read'],
		listParameters: ['limit', 'after', 'updated_since'],
		shown: true,
	},
	employment: {
		path: 'employments',
		singular: 'employment',
		read: ['people:read'],
		listParameters: [...PAGING, 'employee_id'],
		shown: true,
	},
	shift: {
		path: 'shifts',
		singular: 'shift',
		read: ['roster:read'],
		write: 'roster:write',
		listParameters: [...PAGING, 'from', 'to', 'location_id', 'employee_id'],
		rangeDays: MAX_RANGE_DAYS,
		shown: true,
	},
	shiftSwap: {
		path: 'shift-swaps',
		singular: 'shift swap',
		read: ['roster:read'],
		listParameters: [...PAGING, 'location_id', 'status', 'shift_id', 'employee_id'],
		statuses: ['pending', 'accepted', 'rejected'],
		shown: true,
	},
	timesheet: {
		path: 'timesheets',
		singular: 'timesheet',
		read: ['timesheets:read'],
		write: 'timesheets:write',
		listParameters: [...PAGING, 'from', 'to', 'location_id', 'employee_id'],
		rangeDays: MAX_RANGE_DAYS,
		statuses: ['pending', 'approved', 'rejected', 'active', 'posted', 'warning', 'skipped'],
		shown: true,
	},
	onDemandShift: {
		path: 'on-demand-shifts',
		singular: 'on-demand shift',
		read: ['ondemand:read'],
		write: 'ondemand:write',
		listParameters: [...PAGING, 'from', 'to', 'location_id', 'status'],
		rangeDays: MAX_RANGE_DAYS,
		statuses: ['draft', 'posted', 'filled', 'in_progress', 'completed', 'no_show', 'expired'],
		shown: true,
	},
	// Inferred: the spec names these groups and their purposes without their endpoints. Each path
	// and parameter list below is our best guess in the API's own style; correct it here. Only
	// leave requests and availability get the 92-day range limit, as the spec's Limits table says.
	roster: {
		path: 'rosters',
		singular: 'roster',
		read: ['roster:read'],
		listParameters: [...PAGING, 'from', 'to', 'location_id'],
		shown: false,
	},
	// Who can cover a shift hangs off the shift: `{shiftId}` is filled in from the node's Shift
	// picker. Errors name the shift, since a 404 here means the shift is unknown.
	shiftCover: {
		path: 'shifts/{shiftId}/available-employees',
		singular: 'shift',
		read: ['roster:read'],
		listParameters: ['limit', 'after'],
		shown: false,
	},
	openShiftRequest: {
		path: 'open-shift-requests',
		singular: 'open-shift request',
		read: ['roster:read'],
		listParameters: ['limit', 'after', 'updated_since', 'shift_id', 'employee_id', 'location_id'],
		shown: false,
	},
	whosOn: {
		path: 'whos-on',
		singular: "who's-on row",
		read: ['timesheets:read'],
		listParameters: ['limit', 'after', 'location_id'],
		shown: false,
	},
	timesheetTotal: {
		path: 'timesheet-totals',
		singular: 'timesheet total',
		read: ['timesheets:read'],
		listParameters: ['limit', 'after', 'from', 'to', 'location_id', 'employee_id'],
		getReadsList: true,
		shown: false,
	},
	labourCost: {
		path: 'labour-costs',
		singular: 'labour cost',
		read: ['roster:read', 'timesheets:read'],
		listParameters: ['limit', 'after', 'from', 'to', 'location_id'],
		shown: false,
	},
	leaveRequest: {
		path: 'leave-requests',
		singular: 'leave request',
		read: ['leave:read'],
		listParameters: [...PAGING, 'from', 'to', 'employee_id', 'status'],
		rangeDays: MAX_RANGE_DAYS,
		statuses: ['pending', 'approved', 'declined', 'cancelled'],
		datesAt: "the business's first location",
		shown: false,
	},
	leaveBlackoutPeriod: {
		path: 'leave-blackout-periods',
		singular: 'leave blackout period',
		read: ['leave:read'],
		listParameters: [...PAGING, 'from', 'to'],
		datesAt: "the business's first location",
		shown: false,
	},
	leaveBalance: {
		path: 'leave-balances',
		singular: 'leave balance',
		read: ['leave:read'],
		listParameters: ['limit', 'after', 'employee_id', 'type_id'],
		shown: false,
	},
	leaveType: {
		path: 'leave-types',
		singular: 'leave type',
		read: ['leave:read'],
		listParameters: [...PAGING],
		shown: false,
	},
	availability: {
		path: 'availability',
		singular: 'availability',
		read: ['roster:read'],
		listParameters: [...PAGING, 'from', 'to', 'employee_id'],
		rangeDays: MAX_RANGE_DAYS,
		datesAt: "the business's first location",
		shown: false,
	},
	award: {
		path: 'awards',
		singular: 'award',
		read: ['settings:read', 'people:read'],
		listParameters: [...PAGING],
		shown: false,
	},
} satisfies Record<string, ResourceSpec>;

export type ResourceKey = keyof typeof RESOURCES;

export function resource(key: ResourceKey): ResourceSpec {
	return RESOURCES[key];
}
