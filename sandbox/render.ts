/** Internal records to the API's JSON, with each location's own UTC offset, pay fields gated. */
import { laborCost, shiftPaidHours, timesheetPaidHours } from './domain';
import type * as M from './model';
import type { Store } from './store';
import { fmt, fmtNullable } from './time';

export interface View {
	store: Store;
	pay: boolean;
	now: number;
}

type Json = Record<string, unknown>;

const bzone = (v: View, businessId: string) => v.store.t.businesses.get(businessId)?.timezone ?? 'UTC';
const lzone = (v: View, r: { location_id: string; business_id: string }) => v.store.zoneOf(r.location_id, r.business_id);

function common(r: M.Common, zone: string): Json {
	return { archived: r.archived, created_at: fmt(r.created_at, zone), updated_at: fmt(r.updated_at, zone) };
}

export function business(v: View, r: M.Business): Json {
	const { id, name, legal_name, abn, country, currency, timezone } = r;
	return { id, name, legal_name, abn, country, currency, timezone, ...common(r, r.timezone) };
}

export function location(v: View, r: M.Location): Json {
	const { id, name, short_name, timezone, address, phone_number, labour_target, ondemand_enabled } = r;
	return { id, name, short_name, timezone, address, phone_number, labour_target, ondemand_enabled, ...common(r, r.timezone) };
}

export function position(v: View, r: M.Position): Json {
	const { id, name, description, location_id, award_id, group, active } = r;
	const out: Json = { id, name, description, location_id, award_id, group, active };
	if (v.pay) out.rate_modifier = r.rate_modifier;
	return { ...out, ...common(r, lzone(v, r)) };
}

export function publicHoliday(v: View, r: M.PublicHoliday): Json {
	const { id, location_id, date, name } = r;
	return { id, location_id, date, name, ...common(r, lzone(v, r)) };
}

export function project(v: View, r: M.Project): Json {
	const { id, name, code, colour, status } = r;
	return { id, name, code, colour, employee_ids: [...r.employee_ids], status, ...common(r, bzone(v, r.business_id)) };
}

export function employee(v: View, r: M.Employee): Json {
	const z = bzone(v, r.business_id);
	const { shared: _s, business_id: _b, created_at, updated_at, ...rest } = r;
	return { ...rest, excluded_position_ids: [...r.excluded_position_ids], location_ids: [...r.location_ids], created_at: fmt(created_at, z), updated_at: fmt(updated_at, z) };
}

const PAY_FIELDS = ['pay_basis', 'base_hourly_rate', 'hourly_rate_multiplier', 'annual_salary', 'salary_weekly_hours', 'classification_level', 'award_code', 'award_stream', 'rate_overrides'] as const;

export function employment(v: View, r: M.Employment): Json {
	const { id, employee_id, start_date, employment_basis, ordinary_hours_per_week, payroll_employee_number } = r;
	const out: Json = { id, employee_id, start_date, employment_basis, ordinary_hours_per_week, payroll_employee_number };
	if (v.pay) for (const k of PAY_FIELDS) out[k] = r[k];
	return { ...out, ...common(r, bzone(v, r.business_id)) };
}

/** "expired": an unpublished shift whose end has passed (derived when read). */
export function shiftStatus(r: M.Shift, now: number): string {
	return r.status === 'unpublished' && r.end_time <= now ? 'expired' : r.status;
}

export function shift(v: View, r: M.Shift): Json {
	const z = lzone(v, r);
	const paid_hours = shiftPaidHours(r.start_time, r.end_time, r.breaks);
	const out: Json = {
		id: r.id, location_id: r.location_id, position_id: r.position_id, employee_id: r.employee_id, roster_id: r.roster_id,
		start_time: fmt(r.start_time, z), end_time: fmt(r.end_time, z), status: shiftStatus(r, v.now),
		breaks: r.breaks.map((b) => ({ ...b })), notes: r.notes, project_id: r.project_id, paid_hours,
	};
	if (v.pay) {
		const emp = r.employee_id ? v.store.currentEmploymentAny(r.employee_id) : undefined;
		out.cost = laborCost(v.store.t, emp, v.store.t.positions.get(r.position_id), r.location_id, r.start_time, r.employee_id ? paid_hours : 0);
	}
	return { ...out, created_by_app: r.created_by_app, ...common(r, z) };
}

/** The note under the key the endpoints take (CHOICES.md): `note`, or `notes`, or none at all. */
function timesheetNote(v: View, note: string | null): Json {
	switch (v.store.timesheetNoteField) {
		case 'notes':
			return { notes: note };
		case 'none':
			return {};
		default:
			return { note };
	}
}

export function timesheet(v: View, r: M.Timesheet): Json {
	const z = lzone(v, r);
	const paid_hours = timesheetPaidHours(r.start_time, r.end_time, r.breaks);
	const out: Json = {
		id: r.id, employee_id: r.employee_id, location_id: r.location_id, position_id: r.position_id, shift_id: r.shift_id,
		start_time: fmt(r.start_time, z), end_time: fmtNullable(r.end_time, z), status: r.status,
		breaks: r.breaks.map((b) => ({ start: fmt(b.start, z), end: fmt(b.end, z), paid: b.paid })),
		...timesheetNote(v, r.note), project_id: r.project_id, clock_in_photo_taken: r.clock_in_photo_taken, clock_out_photo_taken: r.clock_out_photo_taken,
		paid_hours,
	};
	if (v.pay) {
		const emp = v.store.currentEmploymentAny(r.employee_id);
		out.pay = laborCost(v.store.t, emp, v.store.t.positions.get(r.position_id), r.location_id, r.start_time, paid_hours);
	}
	return { ...out, created_by_app: r.created_by_app, ...common(r, z) };
}

export function onDemandShift(v: View, r: M.OnDemandShift): Json {
	const z = lzone(v, r);
	const out: Json = {
		id: r.id, location_id: r.location_id, position_id: r.position_id, start_time: fmt(r.start_time, z), end_time: fmt(r.end_time, z),
		status: r.status, rate_set: r.rate_set,
	};
	if (v.pay) out.rate = r.rate;
	return {
		...out, paid_hours: onDemandPaidHours(r), notes: r.notes, posted_at: fmtNullable(r.posted_at, z),
		created_by_app: r.created_by_app, ...common(r, z),
	};
}

/** On-demand shifts have no breaks field; paid hours deduct the award's planned unpaid break. */
export function onDemandPaidHours(r: { start_time: number; end_time: number }): number {
	const minutes = (r.end_time - r.start_time) / 60000;
	return Math.round(((minutes > 300 ? minutes - 30 : minutes) / 60) * 100) / 100;
}

export function shiftSwap(v: View, r: M.ShiftSwap): Json {
	const z = lzone(v, r);
	const { id, shift_id, location_id, from_employee_id, to_employee_id, status } = r;
	return { id, shift_id, location_id, from_employee_id, to_employee_id, status, requested_at: fmt(r.requested_at, z), created_at: fmt(r.created_at, z), updated_at: fmt(r.updated_at, z) };
}

export function openShiftRequest(v: View, r: M.OpenShiftRequest): Json {
	const z = lzone(v, r);
	const { id, shift_id, employee_id, location_id } = r;
	return { id, shift_id, employee_id, location_id, requested_at: fmt(r.requested_at, z), created_at: fmt(r.created_at, z), updated_at: fmt(r.updated_at, z) };
}

/** Roster figures derived from its shifts: count and "all published" of the non-archived ones; updated_at is the latest of the roster and all its shifts. */
export function rosterStats(v: View, r: M.Roster): { shift_count: number; published: boolean; updated_at: number } {
	let count = 0;
	let allPublished = true;
	let updated = r.updated_at;
	for (const s of v.store.t.shifts.values()) {
		if (s.roster_id !== r.id) continue;
		updated = Math.max(updated, s.updated_at);
		if (s.archived) continue;
		count += 1;
		if (shiftStatus(s, v.now) !== 'published') allPublished = false;
	}
	return { shift_count: count, published: count > 0 && allPublished, updated_at: updated };
}

export function roster(v: View, r: M.Roster): Json {
	const z = lzone(v, r);
	const { id, location_id, week_start_date } = r;
	const st = rosterStats(v, r);
	return { id, location_id, week_start_date, shift_count: st.shift_count, published: st.published, created_at: fmt(r.created_at, z), updated_at: fmt(st.updated_at, z) };
}
