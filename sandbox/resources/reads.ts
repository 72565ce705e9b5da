/** Read-only resources: connection, business, locations, positions, public holidays, employees, employments, shift swaps. */
import type { Ctx, Result } from '../context';
import { ok } from '../context';
import { notFound } from '../errors';
import { list } from '../lists';
import type * as M from '../model';
import { withTimezoneKey } from '../readings';
import * as render from '../render';
import { fmt } from '../time';

const mine = <T extends { business_id: string }>(ctx: Ctx, m: Map<string, T>) => [...m.values()].filter((r) => r.business_id === ctx.conn.businessId);

/** Connection (fields not shown): the ids of the token response, the app, and the permissions of this credential. */
export function getConnection(ctx: Ctx): Result {
	const c = ctx.conn;
	const b = ctx.store.t.businesses.get(c.businessId)!;
	const at = fmt(c.connectedAt, b.timezone);
	return ok({
		id: c.connectionId, connection_id: c.connectionId, business_id: c.businessId, business_name: b.name,
		app_name: c.appName, client_id: c.clientId, scopes: [...c.scopes], status: 'connected',
		archived: false, created_at: at, updated_at: at,
	});
}

export function getBusiness(ctx: Ctx): Result {
	return ok(render.business(ctx, ctx.store.get('businesses', ctx.conn.businessId, ctx.conn.businessId, 'business')));
}

/**
 * A location as the API answers it: the time zone under the key the reading names. Only here, not
 * in render.location: sb.store.locations and the tests' lookups keep `timezone` whatever the reading.
 */
const apiLocation = (ctx: Ctx, r: M.Location) => withTimezoneKey(ctx.store.readings.locationTimezoneField, render.location(ctx, r));

export function listLocations(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived'],
		records: mine(ctx, ctx.store.t.locations),
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
	});
	return ok({ ...page, data: page.data.map((r) => apiLocation(ctx, r)) });
}

export function getLocation(ctx: Ctx): Result {
	return ok(apiLocation(ctx, ctx.store.get('locations', ctx.conn.businessId, ctx.id, 'location')));
}

export function listPositions(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'location_id'],
		records: mine(ctx, ctx.store.t.positions),
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		match: { location_id: (r, id) => r.location_id === id },
	});
	return ok({ ...page, data: page.data.map((r) => render.position(ctx, r)) });
}

export function getPosition(ctx: Ctx): Result {
	return ok(render.position(ctx, ctx.store.get('positions', ctx.conn.businessId, ctx.id, 'position')));
}

export function listPublicHolidays(ctx: Ctx): Result {
	const active = new Set(mine(ctx, ctx.store.t.locations).filter((l) => !l.archived).map((l) => l.id));
	const page = list(ctx.path, ctx.query, {
		params: ['from', 'to', 'location_id'],
		records: mine(ctx, ctx.store.t.publicHolidays).filter((h) => active.has(h.location_id) || ctx.query.get('location_id') === h.location_id),
		key: (r) => [r.date, r.location_id, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		date: (r) => r.date,
		match: { location_id: (r, id) => r.location_id === id },
		rangeDays: 366,
		rangeRequired: true,
	});
	return ok({ ...page, data: page.data.map((r) => render.publicHoliday(ctx, r)) });
}

export function listEmployees(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since'],
		records: mine(ctx, ctx.store.t.employees).filter((e) => e.shared),
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
	});
	return ok({ ...page, data: page.data.map((r) => render.employee(ctx, r)) });
}

export function getEmployee(ctx: Ctx): Result {
	const e = ctx.store.get('employees', ctx.conn.businessId, ctx.id, 'employee');
	if (!e.shared) throw notFound('employee');
	return ok(render.employee(ctx, e));
}

export function listEmployments(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'employee_id'],
		records: mine(ctx, ctx.store.t.employments),
		key: (r) => [r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		archived: (r) => r.archived,
		match: { employee_id: (r, id) => r.employee_id === id },
	});
	return ok({ ...page, data: page.data.map((r) => render.employment(ctx, r)) });
}

export function getEmployment(ctx: Ctx): Result {
	return ok(render.employment(ctx, ctx.store.get('employments', ctx.conn.businessId, ctx.id, 'employment')));
}

/** Shift swaps have no archived field; include_archived is accepted (the table lists it) and changes nothing. */
export function listShiftSwaps(ctx: Ctx): Result {
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'location_id', 'status', 'shift_id', 'employee_id'],
		records: mine(ctx, ctx.store.t.shiftSwaps),
		key: (r) => [r.requested_at, r.id],
		updatedAt: (r) => r.updated_at,
		id: (r) => r.id,
		statuses: ['pending', 'accepted', 'rejected'],
		status: (r) => r.status,
		match: {
			location_id: (r, id) => r.location_id === id,
			shift_id: (r, id) => r.shift_id === id,
			employee_id: (r, id) => r.from_employee_id === id || r.to_employee_id === id,
		},
	});
	return ok({ ...page, data: page.data.map((r) => render.shiftSwap(ctx, r)) });
}

export function getShiftSwap(ctx: Ctx): Result {
	return ok(render.shiftSwap(ctx, ctx.store.get('shiftSwaps', ctx.conn.businessId, ctx.id, 'shift swap')));
}
