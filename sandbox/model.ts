/**
 * Internal records. Field names follow the API; instants are epoch milliseconds and are rendered
 * with the location's own offset by render.ts. `business_id` is kept on every record (the API
 * shows it only where CHOICES.md says so).
 */
export type Ms = number;

export interface Common {
	id: string;
	business_id: string;
	archived: boolean;
	created_at: Ms;
	updated_at: Ms;
}

export interface Business extends Common {
	name: string;
	legal_name: string;
	abn: string | null;
	country: string;
	currency: string;
	timezone: string;
}

export interface Address {
	street: string;
	city: string;
	state: string;
	post_code: string;
	country: string;
}

export interface Location extends Common {
	name: string;
	short_name: string;
	timezone: string;
	address: Address;
	phone_number: string | null;
	labour_target: number | null;
	ondemand_enabled: boolean;
	/** Public-holiday region used by the seed, e.g. NSW. */
	region: string;
}

export interface Position extends Common {
	location_id: string;
	name: string;
	description: string | null;
	award_id: string | null;
	group: { id: string; name: string; award_code: string | null } | null;
	active: boolean;
	rate_modifier: number | null;
}

export interface PublicHoliday extends Common {
	location_id: string;
	date: string;
	name: string;
}

export interface Project extends Common {
	name: string;
	code: string;
	colour: string | null;
	employee_ids: string[];
	status: 'active' | 'archived';
}

export interface Employee {
	id: string;
	business_id: string;
	first_name: string;
	last_name: string;
	middle_names: string | null;
	preferred_name: string | null;
	email: string;
	phone_number: string | null;
	date_of_birth: string | null;
	gender: 'M' | 'F' | 'I' | 'N' | null;
	emergency_contact: { name: string; phone: string; relationship: string } | null;
	address: Address | null;
	employment_id: string | null;
	excluded_position_ids: string[];
	location_ids: string[];
	created_at: Ms;
	updated_at: Ms;
	/** False once the person has left: their record is no longer shared. */
	shared: boolean;
}

export interface Employment extends Common {
	employee_id: string;
	start_date: string | null;
	employment_basis: 'fulltime' | 'parttime' | 'casual';
	ordinary_hours_per_week: number | null;
	payroll_employee_number: string | null;
	pay_basis: 'hourly' | 'salary' | null;
	base_hourly_rate: number | null;
	hourly_rate_multiplier: number | null;
	annual_salary: number | null;
	salary_weekly_hours: number | null;
	classification_level: string | null;
	award_code: string | null;
	award_stream: string | null;
	rate_overrides: Record<string, number> | null;
}

export interface ShiftBreak {
	offset_minutes: number;
	duration_minutes: number;
	paid: boolean;
}

export interface Shift extends Common {
	location_id: string;
	position_id: string;
	employee_id: string | null;
	roster_id: string;
	start_time: Ms;
	end_time: Ms;
	/** Stored state; "expired" is derived when read (see CHOICES.md). */
	status: 'unpublished' | 'published';
	breaks: ShiftBreak[];
	notes: string | null;
	project_id: string | null;
	created_by_app: boolean;
}

export interface TimesheetBreak {
	start: Ms;
	end: Ms;
	paid: boolean;
}

/**
 * Which request key the timesheet endpoints take for the note (the spec's field table says
 * `notes`, its examples `note`; CHOICES.md): 'both' (the default: `note`, with `notes` as an
 * alias; answers `note`), 'note' or 'notes' (only that key, the other refused as an unknown field;
 * answers with that key), 'none' (neither key is known; answers carry no note).
 */
export type TimesheetNoteField = 'both' | 'note' | 'notes' | 'none';
export const TIMESHEET_NOTE_FIELDS: TimesheetNoteField[] = ['both', 'note', 'notes', 'none'];

export type TimesheetStatus = 'pending' | 'approved' | 'rejected' | 'active' | 'posted' | 'warning' | 'skipped';

export interface Timesheet extends Common {
	employee_id: string;
	location_id: string;
	position_id: string;
	shift_id: string | null;
	start_time: Ms;
	end_time: Ms | null;
	status: TimesheetStatus;
	breaks: TimesheetBreak[];
	note: string | null;
	project_id: string | null;
	clock_in_photo_taken: boolean | null;
	clock_out_photo_taken: boolean | null;
	created_by_app: boolean;
}

export type OnDemandStatus = 'draft' | 'posted' | 'filled' | 'in_progress' | 'completed' | 'no_show' | 'expired';

export interface OnDemandShift extends Common {
	location_id: string;
	position_id: string;
	start_time: Ms;
	end_time: Ms;
	status: OnDemandStatus;
	rate_set: boolean;
	rate: number | null;
	notes: string | null;
	posted_at: Ms | null;
	created_by_app: boolean;
}

export interface ShiftSwap {
	id: string;
	business_id: string;
	shift_id: string;
	location_id: string;
	from_employee_id: string;
	to_employee_id: string;
	status: 'pending' | 'accepted' | 'rejected';
	requested_at: Ms;
	created_at: Ms;
	updated_at: Ms;
}

/** Kept although no endpoint for them is shown: removed when the shift is deleted or the person gets an overlapping shift. */
export interface OpenShiftRequest {
	id: string;
	business_id: string;
	shift_id: string;
	employee_id: string;
	location_id: string;
	requested_at: Ms;
	created_at: Ms;
	updated_at: Ms;
}

/** One per location per week (Monday in the location's timezone). Created when a shift is placed in it. */
export interface Roster {
	id: string;
	business_id: string;
	location_id: string;
	week_start_date: string;
	created_at: Ms;
	updated_at: Ms;
}

/** Inferred records (see CHOICES.md, "Inferred endpoints"). Leave dates are calendar days at the business's first location. */
export interface LeaveType extends Common {
	name: string;
	paid: boolean;
}

export type LeaveStatus = 'pending' | 'approved' | 'declined' | 'cancelled';

export interface LeaveRequest extends Common {
	employee_id: string;
	type_id: string;
	start_date: string;
	end_date: string;
	hours: number;
	status: LeaveStatus;
	reason: string | null;
}

export interface LeaveBlackoutPeriod extends Common {
	name: string;
	start_date: string;
	end_date: string;
}

export interface LeaveBalance {
	id: string;
	business_id: string;
	employee_id: string;
	type_id: string;
	balance_hours: number;
	updated_at: Ms;
}

export interface Availability extends Common {
	employee_id: string;
	date: string;
	/** Local wall times "HH:MM" at the business's first location; both null = the whole day. */
	start: string | null;
	end: string | null;
	available: boolean;
	note: string | null;
}

/** Awards are the same for every business: no business_id. */
export interface Award {
	id: string;
	code: string;
	name: string;
	archived: boolean;
	created_at: Ms;
	updated_at: Ms;
}

export interface Tables {
	businesses: Map<string, Business>;
	locations: Map<string, Location>;
	positions: Map<string, Position>;
	publicHolidays: Map<string, PublicHoliday>;
	projects: Map<string, Project>;
	employees: Map<string, Employee>;
	employments: Map<string, Employment>;
	shifts: Map<string, Shift>;
	timesheets: Map<string, Timesheet>;
	onDemandShifts: Map<string, OnDemandShift>;
	shiftSwaps: Map<string, ShiftSwap>;
	openShiftRequests: Map<string, OpenShiftRequest>;
	rosters: Map<string, Roster>;
	leaveTypes: Map<string, LeaveType>;
	leaveRequests: Map<string, LeaveRequest>;
	leaveBlackouts: Map<string, LeaveBlackoutPeriod>;
	leaveBalances: Map<string, LeaveBalance>;
	availability: Map<string, Availability>;
	awards: Map<string, Award>;
}

export function emptyTables(): Tables {
	return {
		businesses: new Map(),
		locations: new Map(),
		positions: new Map(),
		publicHolidays: new Map(),
		projects: new Map(),
		employees: new Map(),
		employments: new Map(),
		shifts: new Map(),
		timesheets: new Map(),
		onDemandShifts: new Map(),
		shiftSwaps: new Map(),
		openShiftRequests: new Map(),
		rosters: new Map(),
		leaveTypes: new Map(),
		leaveRequests: new Map(),
		leaveBlackouts: new Map(),
		leaveBalances: new Map(),
		availability: new Map(),
		awards: new Map(),
	};
}
