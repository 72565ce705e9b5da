/**
 * Endpoints the spec names without showing (CHOICES.md, "Inferred endpoints"): rosters, who can
 * cover a shift, open-shift requests, who's on now, timesheet totals, labour costs, leave,
 * availability and awards.
 */
import type { Ctx, Result } from '../context';
import { ok } from '../context';
import { notFound } from '../errors';
import { list, type ListDef } from '../lists';
import type * as M from '../model';
import { leaveStatus, leaveStatuses } from '../readings';
import * as render from '../render';
import { laborCost, shiftPaidHours, timesheetPaidHours } from '../domain';
import { addDays, daysBetween, fmt, localDate } from '../time';

const mine = <T extends { business_id: string }>(ctx: Ctx, m: Map<string, T>) => [...m.values()].filter((r) => r.business_id === ctx.conn.businessId);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Ranges the spec's Limits table does not limit (rosters, totals, labour costs, blackouts). */
const UNLIMITED = Number.POSITIVE_INFINITY;
type Json = Record<string, unknown>;

/** Validate the query as the list would (parameters, formats, range, cursor) before building derived rows. */
function validate<R>(ctx: Ctx, def: Omit<ListDef<R>, 'records'>): void {
	list(ctx.path, ctx.query, { ...def, records: [] });
}

const overlaps = (start: string, end: string, from: string | null, to: string | null) => (!from || end >= from) && (!to || start <= to);

/** Zone of leave dates and leave/availability timestamps: the business's first location (= the business timezone). */
function firstZone(ctx: Ctx): string {
	const locs = mine(ctx, ctx.store.t.locations).sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
	return locs[0]?.timezone ?? ctx.store.zoneOf(null, ctx.conn.businessId);
}

// ---- Rosters ----

export function listRosters(ctx: Ctx): Result {
	const from = ctx.query.get('from');
	const to = ctx.query.get('to');
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'from', 'to', 'location_id'],
		records: mine(ctx, ctx.store.t.rosters).filter((r) => overlaps(r.week_start_date, addDays(r.week_start_date, 6), from, to)),
		key: (r) => [r.week_start_date, r.location_id, r.id],
		updatedAt: (r) => render.rosterStats(ctx, r).updated_at,
		id: (r) => r.id,
		match: { location_id: (r, id) => r.location_id === id },
		rangeDays: UNLIMITED,
	});
	return ok({ ...page, data: page.data.map((r) => render.roster(ctx, r)) });
}

export function getRoster(ctx: Ctx): Result {
	return ok(render.roster(ctx, ctx.store.get('rosters', ctx.conn.businessId, ctx.id, 'roster')));
}

// ---- Who can cover a shift ----

export function availableEmployees(ctx: Ctx): Result {
	const shift = ctx.store.get('shifts', ctx.conn.businessId, ctx.id, 'shift');
	const busy = new Set<string>();
	for (const s of ctx.store.t.shifts.values()) {
		if (s.archived || !s.employee_id || s.id === shift.id) continue;
		if (s.start_time < shift.end_time && shift.start_time < s.end_time) busy.add(s.employee_id);
	}
	const free = mine(ctx, ctx.store.t.employees).filter(
		(e) =>
			e.id !== shift.employee_id &&
			!busy.has(e.id) &&
			!!ctx.store.currentEmployment(ctx.conn.businessId, e.id) &&
			(e.location_ids.length === 0 || e.location_ids.includes(shift.location_id)) &&
			!e.excluded_position_ids.includes(shift.position_id),
	);
	const page = list(ctx.path, ctx.query, {
		params: [],
		records: free,
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
	});
	return ok({ ...page, data: page.data.map((e) => ({ employee_id: e.id, first_name: e.first_name, last_name: e.last_name })) });
}

// ---- Open-shift requests ----

export function listOpenShiftRequests(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'shift_id', 'employee_id', 'location_id'],
		records: mine(ctx, ctx.store.t.openShiftRequests),
		key: (r) => [r.requested_at, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		match: {
			shift_id: (r, id) => r.shift_id === id,
			employee_id: (r, id) => r.employee_id === id,
			location_id: (r, id) => r.location_id === id,
		},
	});
	return ok({ ...page, data: page.data.map((r) => render.openShiftRequest(ctx, r)) });
}

// ---- Who's on now ----

const DAY = 86400000;

export function whosOn(ctx: Ctx): Result {
	const since = ctx.now - DAY;
	const page = list(ctx.path, ctx.query, {
		params: ['location_id'],
		records: mine(ctx, ctx.store.t.timesheets).filter((t) => !t.archived && t.end_time === null && t.start_time >= since && t.start_time <= ctx.now),
		key: (r) => [r.start_time, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		match: { location_id: (r, id) => r.location_id === id },
	});
	return ok({
		...page,
		data: page.data.map((t) => ({
			timesheet_id: t.id, employee_id: t.employee_id, location_id: t.location_id, position_id: t.position_id,
			start_time: fmt(t.start_time, ctx.store.zoneOf(t.location_id, t.business_id)),
		})),
	});
}

// ---- Timesheet totals ----

/** Timesheets that count: approved or pending, closed, not deleted. */
const counted = (t: M.Timesheet) => !t.archived && t.end_time !== null && (t.status === 'approved' || t.status === 'pending');

/** Paid minutes, unrounded (totals round once, at the end). */
function paidMinutes(t: M.Timesheet): number {
	if (t.end_time === null) return 0;
	const unpaid = t.breaks.filter((b) => !b.paid).reduce((s, b) => s + (b.end - b.start) / 60000, 0);
	return Math.max(0, (t.end_time - t.start_time) / 60000 - unpaid);
}

const tsDate = (ctx: Ctx, t: { location_id: string; business_id: string; start_time: number }) => localDate(t.start_time, ctx.store.zoneOf(t.location_id, t.business_id));

interface TotalRow {
	employee_id: string;
	approved: number;
	pending: number;
	count: number;
}

export function timesheetTotals(ctx: Ctx): Result {
	const base = { params: ['from', 'to', 'location_id', 'employee_id'], key: (r: TotalRow) => [r.employee_id], updatedAt: () => 0, id: (r: TotalRow) => r.employee_id, rangeRequired: true, rangeDays: UNLIMITED, match: { employee_id: (r: TotalRow, id: string) => r.employee_id === id } };
	validate(ctx, base);
	const from = ctx.query.get('from')!;
	const to = ctx.query.get('to')!;
	const location = ctx.query.get('location_id');
	const rows = new Map<string, TotalRow>();
	for (const t of mine(ctx, ctx.store.t.timesheets)) {
		if (!counted(t) || (location && t.location_id !== location)) continue;
		const d = tsDate(ctx, t);
		if (d < from || d > to) continue;
		const row = rows.get(t.employee_id) ?? { employee_id: t.employee_id, approved: 0, pending: 0, count: 0 };
		row[t.status === 'approved' ? 'approved' : 'pending'] += paidMinutes(t);
		row.count += 1;
		rows.set(t.employee_id, row);
	}
	const page = list(ctx.path, ctx.query, { ...base, records: [...rows.values()] });
	const h = (minutes: number) => round2(minutes / 60);
	return ok({
		...page,
		data: page.data.map((r) => ({ employee_id: r.employee_id, from, to, approved_hours: h(r.approved), pending_hours: h(r.pending), total_hours: h(r.approved + r.pending), timesheet_count: r.count })),
	});
}

// ---- Labour costs ----

interface CostRow {
	date: string;
	location_id: string;
	rh: number;
	rc: number;
	ah: number;
	ac: number;
}

export function labourCosts(ctx: Ctx): Result {
	const base = { params: ['from', 'to', 'location_id'], key: (r: CostRow) => [r.date, r.location_id], updatedAt: () => 0, id: (r: CostRow) => r.location_id, rangeRequired: true, rangeDays: UNLIMITED };
	validate(ctx, base);
	const from = ctx.query.get('from')!;
	const to = ctx.query.get('to')!;
	const only = ctx.query.get('location_id');
	const locs = mine(ctx, ctx.store.t.locations).filter((l) => (only ? l.id === only : !l.archived));
	const rows = new Map<string, CostRow>();
	const n = daysBetween(from, to);
	for (const l of locs) for (let i = 0; i <= n; i++) {
		const date = addDays(from, i);
		rows.set(`${date}:${l.id}`, { date, location_id: l.id, rh: 0, rc: 0, ah: 0, ac: 0 });
	}
	const t = ctx.store.t;
	for (const s of mine(ctx, t.shifts)) {
		if (s.archived) continue;
		const row = rows.get(`${tsDate(ctx, s)}:${s.location_id}`);
		if (!row) continue;
		const hours = shiftPaidHours(s.start_time, s.end_time, s.breaks);
		row.rh += hours;
		if (s.employee_id) row.rc += laborCost(t, ctx.store.currentEmploymentAny(s.employee_id), t.positions.get(s.position_id), s.location_id, s.start_time, hours).total;
	}
	for (const ts of mine(ctx, t.timesheets)) {
		if (!counted(ts)) continue;
		const row = rows.get(`${tsDate(ctx, ts)}:${ts.location_id}`);
		if (!row) continue;
		const hours = timesheetPaidHours(ts.start_time, ts.end_time, ts.breaks);
		row.ah += hours;
		row.ac += laborCost(t, ctx.store.currentEmploymentAny(ts.employee_id), t.positions.get(ts.position_id), ts.location_id, ts.start_time, hours).total;
	}
	const page = list(ctx.path, ctx.query, { ...base, records: [...rows.values()] });
	const roster = ctx.conn.scopes.includes('roster:read');
	const actual = ctx.conn.scopes.includes('timesheets:read');
	return ok({
		...page,
		data: page.data.map((r) => {
			const out: Json = { date: r.date, location_id: r.location_id };
			if (roster) out.rostered_hours = round2(r.rh);
			if (roster && ctx.pay) out.rostered_cost = round2(r.rc);
			if (actual) out.actual_hours = round2(r.ah);
			if (actual && ctx.pay) out.actual_cost = round2(r.ac);
			return out;
		}),
	});
}

// ---- Leave ----

const common = (r: M.Common | M.Award, z: string) => ({ archived: r.archived, created_at: fmt(r.created_at, z), updated_at: fmt(r.updated_at, z) });

/** Leave of people who have left is not shown (their records are not shared). */
const sharedEmployee = (ctx: Ctx, id: string) => ctx.store.t.employees.get(id)?.shared === true;

/** Kept as declined/cancelled; answered (and filtered) in the spelling of the leaveStates reading. */
function leaveRequest(ctx: Ctx, r: M.LeaveRequest): Json {
	const { id, employee_id, type_id, start_date, end_date, hours, reason } = r;
	const status = leaveStatus(ctx.store.readings.leaveStates, r.status);
	return { id, employee_id, type_id, start_date, end_date, hours, status, reason, ...common(r, firstZone(ctx)) };
}

export function listLeaveRequests(ctx: Ctx): Result {
	const from = ctx.query.get('from');
	const to = ctx.query.get('to');
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'from', 'to', 'employee_id', 'status'],
		records: mine(ctx, ctx.store.t.leaveRequests).filter((r) => sharedEmployee(ctx, r.employee_id) && overlaps(r.start_date, r.end_date, from, to)),
		key: (r) => [r.start_date, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		statuses: leaveStatuses(ctx.store.readings.leaveStates),
		status: (r) => leaveStatus(ctx.store.readings.leaveStates, r.status),
		match: { employee_id: (r, id) => r.employee_id === id },
	});
	return ok({ ...page, data: page.data.map((r) => leaveRequest(ctx, r)) });
}

export function getLeaveRequest(ctx: Ctx): Result {
	const r = ctx.store.get('leaveRequests', ctx.conn.businessId, ctx.id, 'leave request');
	if (!sharedEmployee(ctx, r.employee_id)) throw notFound('leave request');
	return ok(leaveRequest(ctx, r));
}

export function listLeaveBlackouts(ctx: Ctx): Result {
	const from = ctx.query.get('from');
	const to = ctx.query.get('to');
	const z = firstZone(ctx);
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'from', 'to'],
		records: mine(ctx, ctx.store.t.leaveBlackouts).filter((r) => overlaps(r.start_date, r.end_date, from, to)),
		key: (r) => [r.start_date, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		rangeDays: UNLIMITED,
	});
	return ok({ ...page, data: page.data.map((r) => ({ id: r.id, name: r.name, start_date: r.start_date, end_date: r.end_date, ...common(r, z) })) });
}

export function listLeaveBalances(ctx: Ctx): Result {
	const z = firstZone(ctx);
	const page = list(ctx.path, ctx.query, {
		params: ['employee_id', 'type_id'],
		records: mine(ctx, ctx.store.t.leaveBalances).filter((r) => sharedEmployee(ctx, r.employee_id)),
		key: (r) => [r.employee_id, r.type_id, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		match: { employee_id: (r, id) => r.employee_id === id, type_id: (r, id) => r.type_id === id },
	});
	return ok({ ...page, data: page.data.map((r) => ({ id: r.id, employee_id: r.employee_id, type_id: r.type_id, balance_hours: r.balance_hours, updated_at: fmt(r.updated_at, z) })) });
}

export function listLeaveTypes(ctx: Ctx): Result {
	const z = firstZone(ctx);
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived'],
		records: mine(ctx, ctx.store.t.leaveTypes),
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
	});
	return ok({ ...page, data: page.data.map((r) => ({ id: r.id, name: r.name, paid: r.paid, ...common(r, z) })) });
}

// ---- Availability ----

export function listAvailability(ctx: Ctx): Result {
	const z = firstZone(ctx);
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'from', 'to', 'employee_id'],
		records: mine(ctx, ctx.store.t.availability).filter((r) => sharedEmployee(ctx, r.employee_id)),
		key: (r) => [r.date, r.employee_id, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		date: (r) => r.date,
		match: { employee_id: (r, id) => r.employee_id === id },
	});
	return ok({
		...page,
		data: page.data.map((r) => ({ id: r.id, employee_id: r.employee_id, date: r.date, start: r.start, end: r.end, available: r.available, note: r.note, ...common(r, z) })),
	});
}

// ---- Awards ----

const award = (ctx: Ctx, r: M.Award): Json => ({ id: r.id, code: r.code, name: r.name, ...common(r, firstZone(ctx)) });

export function listAwards(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived'],
		records: [...ctx.store.t.awards.values()],
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
	});
	return ok({ ...page, data: page.data.map((r) => award(ctx, r)) });
}

export function getAward(ctx: Ctx): Result {
	const r = ctx.store.t.awards.get(ctx.id);
	if (!r) throw notFound('award');
	return ok(award(ctx, r));
}
