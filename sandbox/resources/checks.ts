/** Checks that creates and changes of shifts, timesheets and on-demand shifts share. */
import type { Ctx } from '../context';
import { idField } from '../context';
import { ApiError, validation } from '../errors';
import type { Location, Position } from '../model';

export function locationField(ctx: Ctx, v: unknown, field: string): Location {
	const id = idField(v, field);
	const loc = ctx.store.t.locations.get(id);
	if (!loc || loc.business_id !== ctx.conn.businessId) throw validation(field, 'is not a location of this business.');
	if (loc.archived) throw validation(field, 'is an archived location.');
	return loc;
}

export function positionField(ctx: Ctx, v: unknown, loc: Location, field: string): Position {
	const id = idField(v, field);
	const p = ctx.store.t.positions.get(id);
	if (!p || p.business_id !== ctx.conn.businessId) throw validation(field, 'is not a position of this business.');
	if (p.location_id !== loc.id) throw validation(field, `belongs to another location, not ${loc.name}.`);
	if (p.archived) throw validation(field, 'is an archived position.');
	if (!p.active) throw validation(field, 'is switched off for rostering.');
	return p;
}

/** A person who can work at the location in the position: current employment, allowed location, not excluded. */
export function employeeField(ctx: Ctx, v: unknown, loc: Location, position: Position, field: string): string {
	const id = idField(v, field);
	if (!ctx.store.currentEmployment(ctx.conn.businessId, id)) throw validation(field, 'is not a current employee of this business.');
	const e = ctx.store.t.employees.get(id)!;
	if (e.location_ids.length && !e.location_ids.includes(loc.id)) throw validation(field, `is not assigned to ${loc.name}.`);
	if (e.excluded_position_ids.includes(position.id)) throw validation(field, `may not be rostered to ${position.name}.`);
	return id;
}

export function endAfterStart(start: number, end: number, field: string, maxHours = 24): void {
	if (end <= start) throw validation(field, 'must be after start_time.');
	if (end - start > maxHours * 3600000) throw validation(field, `must be at most ${maxHours} hours after start_time.`);
}

export function notStarted(ctx: Ctx, start: number, what: string): void {
	if (start <= ctx.now) throw new ApiError(409, 'shift_started', `The ${what} has started and can no longer be changed or deleted.`);
}
