/** /v1/shifts: list, read, create (single and batch), change, delete. */
import { planBreaks } from '../domain';
import type { Ctx, Obj, Result } from '../context';
import { batchItems, bodyObject, isBatch, item, ok, onlyKeys, required, textOrNull, timestampField } from '../context';
import { ApiError, conflict, validation } from '../errors';
import { list, startTimed } from '../lists';
import type { Shift, ShiftBreak } from '../model';
import * as render from '../render';
import { fmt } from '../time';
import { employeeField, endAfterStart, locationField, notStarted, positionField } from './checks';

const CREATE = ['location_id', 'position_id', 'employee_id', 'start_time', 'end_time', 'breaks', 'notes'];
const CHANGE = ['position_id', 'employee_id', 'start_time', 'end_time', 'breaks', 'notes'];
const MAX_BREAKS = 10;

export function listShifts(ctx: Ctx): Result {
	const b = ctx.conn.businessId;
	const records = [...ctx.store.t.shifts.values()].filter((s) => s.business_id === b);
	const page = list(ctx.path, ctx.query, startTimed(records, (l) => ctx.store.zoneOf(l, b), {
		params: ['updated_since', 'include_archived', 'from', 'to', 'location_id', 'employee_id'],
		match: { location_id: (s, id) => s.location_id === id, employee_id: (s, id) => s.employee_id === id },
	}));
	return ok({ ...page, data: page.data.map((s) => render.shift(ctx, s)) });
}

export function getShift(ctx: Ctx): Result {
	return ok(render.shift(ctx, ctx.store.get('shifts', ctx.conn.businessId, ctx.id, 'shift')));
}

/** Breaks: up to 10 items, each exactly {offset_minutes, duration_minutes, paid}, whole minutes, inside the shift. */
function breaksField(v: unknown, start: number, end: number, field: string): ShiftBreak[] {
	if (!Array.isArray(v)) throw validation(field, 'must be an array of {offset_minutes, duration_minutes, paid}.');
	if (v.length > MAX_BREAKS) throw validation(field, `must hold at most ${MAX_BREAKS} breaks.`);
	const length = (end - start) / 60000;
	return v.map((raw, i) => {
		const f = `${field}[${i}]`;
		const b = item(raw, f);
		onlyKeys(b, ['offset_minutes', 'duration_minutes', 'paid'], f + '.');
		required(b, ['offset_minutes', 'duration_minutes', 'paid'], f + '.');
		const { offset_minutes: off, duration_minutes: dur, paid } = b;
		if (typeof off !== 'number' || !Number.isInteger(off) || off < 0) throw validation(`${f}.offset_minutes`, 'must be a whole number of minutes, 0 or more.');
		if (typeof dur !== 'number' || !Number.isInteger(dur) || dur < 1) throw validation(`${f}.duration_minutes`, 'must be a whole number of minutes, 1 or more.');
		if (typeof paid !== 'boolean') throw validation(`${f}.paid`, 'must be true or false.');
		if (off + dur > length) throw validation(`${f}.offset_minutes`, 'puts the break outside the shift.');
		return { offset_minutes: off, duration_minutes: dur, paid };
	});
}

function overlapping(ctx: Ctx, employeeId: string | null, start: number, end: number, self?: string): Shift | undefined {
	if (!employeeId) return undefined;
	for (const s of ctx.store.t.shifts.values()) {
		if (s.employee_id === employeeId && !s.archived && s.id !== self && s.start_time < end && start < s.end_time) return s;
	}
	return undefined;
}

function conflictWith(ctx: Ctx, s: Shift, prefix: string): ApiError {
	const z = ctx.store.zoneOf(s.location_id, s.business_id);
	const where = prefix ? `${prefix.slice(0, -1)}: ` : '';
	return conflict('conflict', `${where}The person already has a shift at that time: ${s.id}, ${fmt(s.start_time, z)} to ${fmt(s.end_time, z)}.`);
}

function buildShift(ctx: Ctx, raw: unknown, prefix: string): Shift {
	const o = prefix ? item(raw, prefix.slice(0, -1)) : bodyObject(raw);
	onlyKeys(o, CREATE, prefix);
	required(o, ['location_id', 'position_id', 'start_time', 'end_time'], prefix);
	const loc = locationField(ctx, o.location_id, prefix + 'location_id');
	const position = positionField(ctx, o.position_id, loc, prefix + 'position_id');
	const employee = o.employee_id === undefined || o.employee_id === null ? null : employeeField(ctx, o.employee_id, loc, position, prefix + 'employee_id');
	const start = Math.floor(timestampField(o.start_time, prefix + 'start_time') / 1000) * 1000;
	const end = Math.floor(timestampField(o.end_time, prefix + 'end_time') / 1000) * 1000;
	endAfterStart(start, end, prefix + 'end_time');
	const breaks = o.breaks === undefined ? planBreaks(start, end) : breaksField(o.breaks, start, end, prefix + 'breaks');
	const notes = o.notes === undefined ? null : textOrNull(o.notes, prefix + 'notes');
	const at = ctx.store.stamp();
	return {
		id: '', business_id: ctx.conn.businessId, location_id: loc.id, position_id: position.id, employee_id: employee,
		roster_id: '', start_time: start, end_time: end, status: 'unpublished', breaks, notes, project_id: null,
		created_by_app: true, archived: false, created_at: at, updated_at: at,
	};
}

export function createShifts(ctx: Ctx): Result {
	const o = bodyObject(ctx.body);
	const batch = isBatch(o);
	const raws = batch ? batchItems(o) : [o];
	const built = raws.map((raw, i) => buildShift(ctx, raw, batch ? `data[${i}].` : ''));
	built.forEach((s, i) => {
		const prefix = batch ? `data[${i}].` : '';
		const clash = overlapping(ctx, s.employee_id, s.start_time, s.end_time);
		if (clash) throw conflictWith(ctx, clash, prefix);
		const inBatch = built.slice(0, i).find((x) => x.employee_id && x.employee_id === s.employee_id && x.start_time < s.end_time && s.start_time < x.end_time);
		if (inBatch) throw conflict('conflict', `${prefix.slice(0, -1)}: overlaps data[${built.indexOf(inBatch)}] for the same person.`);
	});
	for (const s of built) {
		s.id = ctx.store.newId('shift');
		s.roster_id = ctx.store.rosterFor(ctx.store.t.locations.get(s.location_id)!, s.start_time);
		ctx.store.t.shifts.set(s.id, s);
		if (s.employee_id) ctx.store.dropOverlappingRequests(s.employee_id, s.start_time, s.end_time);
	}
	const out = built.map((s) => render.shift(ctx, s));
	return ok(batch ? { data: out } : out[0], 201);
}

export function changeShift(ctx: Ctx): Result {
	const s = ctx.store.get('shifts', ctx.conn.businessId, ctx.id, 'shift');
	const o: Obj = bodyObject(ctx.body);
	notStarted(ctx, s.start_time, 'shift');
	if (s.archived) throw conflict('conflict', 'The shift was deleted (archived) and can no longer be changed.');
	onlyKeys(o, CHANGE, '', { location_id: 'cannot be changed; delete the shift and create one at the other location.' });
	const loc = ctx.store.t.locations.get(s.location_id)!;
	const position = o.position_id === undefined ? ctx.store.t.positions.get(s.position_id)! : positionField(ctx, o.position_id, loc, 'position_id');
	let employee = s.employee_id;
	if (o.employee_id !== undefined) employee = o.employee_id === null ? null : employeeField(ctx, o.employee_id, loc, position, 'employee_id');
	else if (employee && o.position_id !== undefined) employeeField(ctx, employee, loc, position, 'position_id');
	const start = o.start_time === undefined ? s.start_time : Math.floor(timestampField(o.start_time, 'start_time') / 1000) * 1000;
	const end = o.end_time === undefined ? s.end_time : Math.floor(timestampField(o.end_time, 'end_time') / 1000) * 1000;
	endAfterStart(start, end, o.end_time === undefined ? 'start_time' : 'end_time');
	const moved = start !== s.start_time || end !== s.end_time;
	const breaks = o.breaks !== undefined ? breaksField(o.breaks, start, end, 'breaks') : moved ? planBreaks(start, end) : s.breaks;
	const notes = o.notes === undefined ? s.notes : textOrNull(o.notes, 'notes');
	const clash = overlapping(ctx, employee, start, end, s.id);
	if (clash) throw conflictWith(ctx, clash, '');
	Object.assign(s, { position_id: position.id, employee_id: employee, start_time: start, end_time: end, breaks, notes, status: 'unpublished' });
	s.roster_id = ctx.store.rosterFor(loc, start);
	ctx.store.touch(s);
	if (employee) ctx.store.dropOverlappingRequests(employee, start, end);
	return ok(render.shift(ctx, s));
}

export function deleteShift(ctx: Ctx): Result {
	const s = ctx.store.get('shifts', ctx.conn.businessId, ctx.id, 'shift');
	notStarted(ctx, s.start_time, 'shift');
	if (!s.archived) {
		s.archived = true;
		ctx.store.touch(s);
		ctx.store.dropRequestsForShift(s.id);
	}
	return ok({ id: s.id, deleted: true });
}
