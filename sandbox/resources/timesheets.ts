/** /v1/timesheets: list, read, create (single and batch), change and delete while pending. */
import type { Ctx, Obj, Result } from '../context';
import { batchItems, bodyObject, idField, isBatch, item, ok, onlyKeys, required, textOrNull, timestampField } from '../context';
import { conflict, validation } from '../errors';
import { list, startTimed } from '../lists';
import type { Timesheet, TimesheetBreak, TimesheetNoteField } from '../model';
import * as render from '../render';
import { fmt, toMinute } from '../time';
import { employeeField, endAfterStart, locationField, positionField } from './checks';

const CREATE = ['employee_id', 'location_id', 'position_id', 'shift_id', 'start_time', 'end_time', 'breaks'];
const CHANGE = ['position_id', 'start_time', 'end_time', 'breaks'];

/**
 * The note keys the endpoints take (CHOICES.md, model.ts TimesheetNoteField). A key not taken is
 * not a field here: refused by onlyKeys as any unknown key is.
 */
function noteKeys(ctx: Ctx): string[] {
	const keys: Record<TimesheetNoteField, string[]> = { both: ['note', 'notes'], note: ['note'], notes: ['notes'], none: [] };
	return keys[ctx.store.timesheetNoteField];
}

export function listTimesheets(ctx: Ctx): Result {
	const b = ctx.conn.businessId;
	const records = [...ctx.store.t.timesheets.values()].filter((s) => s.business_id === b);
	const page = list(ctx.path, ctx.query, startTimed(records, (l) => ctx.store.zoneOf(l, b), {
		params: ['updated_since', 'include_archived', 'from', 'to', 'location_id', 'employee_id'],
		match: { location_id: (s, id) => s.location_id === id, employee_id: (s, id) => s.employee_id === id },
	}));
	return ok({ ...page, data: page.data.map((s) => render.timesheet(ctx, s)) });
}

export function getTimesheet(ctx: Ctx): Result {
	return ok(render.timesheet(ctx, ctx.store.get('timesheets', ctx.conn.businessId, ctx.id, 'timesheet')));
}

/**
 * The note: `note` (as every example spells it) or `notes` (as the field table does), not both;
 * only the keys the endpoints take get here (onlyKeys refuses the others first).
 */
function noteOf(o: Obj, prefix: string): string | null | undefined {
	if ('note' in o && 'notes' in o) throw validation(prefix + 'notes', 'send either note or notes, not both.');
	if ('note' in o) return textOrNull(o.note, prefix + 'note');
	if ('notes' in o) return textOrNull(o.notes, prefix + 'notes');
	return undefined;
}

function breaksField(v: unknown, start: number, end: number | null, field: string): TimesheetBreak[] {
	if (!Array.isArray(v)) throw validation(field, 'must be an array of {start, end, paid}.');
	if (v.length > 10) throw validation(field, 'must hold at most 10 breaks.');
	return v.map((raw, i) => {
		const f = `${field}[${i}]`;
		const b = item(raw, f);
		onlyKeys(b, ['start', 'end', 'paid'], f + '.');
		required(b, ['start', 'end', 'paid'], f + '.');
		const bs = toMinute(timestampField(b.start, f + '.start'));
		const be = toMinute(timestampField(b.end, f + '.end'));
		if (typeof b.paid !== 'boolean') throw validation(f + '.paid', 'must be true or false.');
		if (be <= bs) throw validation(f + '.end', 'must be after the break start.');
		if (bs < start || (end !== null && be > end)) throw validation(f + '.start', 'puts the break outside the timesheet.');
		return { start: bs, end: be, paid: b.paid };
	});
}

/** Another timesheet of the person at that time; an open one (still clocked in) covers its start until now. */
function overlapping(ctx: Ctx, t: { employee_id: string; start_time: number; end_time: number | null }, self?: string): Timesheet | undefined {
	const end = t.end_time ?? Infinity;
	for (const x of ctx.store.t.timesheets.values()) {
		const xEnd = x.end_time ?? Math.max(ctx.now, x.start_time + 60000);
		if (x.employee_id === t.employee_id && !x.archived && x.id !== self && x.start_time < end && t.start_time < xEnd) return x;
	}
	return undefined;
}

function buildTimesheet(ctx: Ctx, raw: unknown, prefix: string): Timesheet {
	const o = prefix ? item(raw, prefix.slice(0, -1)) : bodyObject(raw);
	onlyKeys(o, [...CREATE, ...noteKeys(ctx)], prefix);
	required(o, ['employee_id', 'location_id', 'position_id', 'start_time', 'end_time'], prefix);
	const loc = locationField(ctx, o.location_id, prefix + 'location_id');
	const position = positionField(ctx, o.position_id, loc, prefix + 'position_id');
	const employee = employeeField(ctx, o.employee_id, loc, position, prefix + 'employee_id');
	let shiftId: string | null = null;
	if (o.shift_id !== undefined && o.shift_id !== null) {
		shiftId = idField(o.shift_id, prefix + 'shift_id');
		const s = ctx.store.t.shifts.get(shiftId);
		if (!s || s.business_id !== ctx.conn.businessId) throw validation(prefix + 'shift_id', 'is not a shift of this business.');
		if (s.location_id !== loc.id) throw validation(prefix + 'shift_id', 'is a shift at another location.');
		if (s.archived) throw validation(prefix + 'shift_id', 'is a deleted shift.');
	}
	const start = toMinute(timestampField(o.start_time, prefix + 'start_time'));
	const end = o.end_time === null ? null : toMinute(timestampField(o.end_time, prefix + 'end_time'));
	if (end !== null) endAfterStart(start, end, prefix + 'end_time');
	const breaks = o.breaks === undefined ? [] : breaksField(o.breaks, start, end, prefix + 'breaks');
	const at = ctx.store.stamp();
	return {
		id: '', business_id: ctx.conn.businessId, employee_id: employee, location_id: loc.id, position_id: position.id, shift_id: shiftId,
		start_time: start, end_time: end, status: 'pending', breaks, note: noteOf(o, prefix) ?? null, project_id: null,
		clock_in_photo_taken: null, clock_out_photo_taken: null, created_by_app: true, archived: false, created_at: at, updated_at: at,
	};
}

function clash(ctx: Ctx, x: Timesheet, prefix: string) {
	const z = ctx.store.zoneOf(x.location_id, x.business_id);
	return conflict('conflict', `${prefix ? prefix.slice(0, -1) + ': ' : ''}The person already has a timesheet at that time: ${x.id}, from ${fmt(x.start_time, z)}.`);
}

export function createTimesheets(ctx: Ctx): Result {
	const o = bodyObject(ctx.body);
	const batch = isBatch(o);
	const raws = batch ? batchItems(o) : [o];
	const built = raws.map((raw, i) => buildTimesheet(ctx, raw, batch ? `data[${i}].` : ''));
	built.forEach((t, i) => {
		const prefix = batch ? `data[${i}].` : '';
		const x = overlapping(ctx, t);
		if (x) throw clash(ctx, x, prefix);
		const inBatch = built.slice(0, i).find((y) => y.employee_id === t.employee_id && y.start_time < (t.end_time ?? Infinity) && t.start_time < (y.end_time ?? Infinity));
		if (inBatch) throw conflict('conflict', `${prefix.slice(0, -1)}: overlaps data[${built.indexOf(inBatch)}] for the same person.`);
	});
	for (const t of built) {
		t.id = ctx.store.newId('timesheet');
		ctx.store.t.timesheets.set(t.id, t);
	}
	const out = built.map((t) => render.timesheet(ctx, t));
	return ok(batch ? { data: out } : out[0], 201);
}

function pendingOnly(t: Timesheet): void {
	if (t.status !== 'pending') throw conflict('timesheet_not_pending', `The timesheet is ${t.status}; only a pending timesheet can be changed or deleted.`);
}

export function changeTimesheet(ctx: Ctx): Result {
	const t = ctx.store.get('timesheets', ctx.conn.businessId, ctx.id, 'timesheet');
	const o = bodyObject(ctx.body);
	pendingOnly(t);
	if (t.archived) throw conflict('conflict', 'The timesheet was deleted (archived) and can no longer be changed.');
	onlyKeys(o, [...CHANGE, ...noteKeys(ctx)], '', {
		employee_id: 'cannot be changed.', location_id: 'cannot be changed.', shift_id: 'cannot be changed.',
	});
	const loc = ctx.store.t.locations.get(t.location_id)!;
	const position = o.position_id === undefined ? ctx.store.t.positions.get(t.position_id)! : positionField(ctx, o.position_id, loc, 'position_id');
	if (o.position_id !== undefined) employeeField(ctx, t.employee_id, loc, position, 'position_id');
	const start = o.start_time === undefined ? t.start_time : toMinute(timestampField(o.start_time, 'start_time'));
	const end = o.end_time === undefined ? t.end_time : o.end_time === null ? null : toMinute(timestampField(o.end_time, 'end_time'));
	if (end !== null) endAfterStart(start, end, o.end_time === undefined ? 'start_time' : 'end_time');
	const breaks = o.breaks !== undefined ? breaksField(o.breaks, start, end, 'breaks') : t.breaks;
	if (o.breaks === undefined && breaks.some((b) => b.start < start || (end !== null && b.end > end))) {
		throw validation('breaks', 'the breaks taken fall outside the new start and end; send breaks as well.');
	}
	const note = noteOf(o, '');
	const x = overlapping(ctx, { employee_id: t.employee_id, start_time: start, end_time: end }, t.id);
	if (x) throw clash(ctx, x, '');
	Object.assign(t, { position_id: position.id, start_time: start, end_time: end, breaks, note: note === undefined ? t.note : note });
	ctx.store.touch(t);
	return ok(render.timesheet(ctx, t));
}

export function deleteTimesheet(ctx: Ctx): Result {
	const t = ctx.store.get('timesheets', ctx.conn.businessId, ctx.id, 'timesheet');
	pendingOnly(t);
	if (!t.archived) {
		t.archived = true;
		ctx.store.touch(t);
	}
	return ok({ id: t.id, deleted: true });
}
