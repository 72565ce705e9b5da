/** /v1/on-demand-shifts: list, read, create (single and batch), change and delete while a draft. */
import type { Ctx, Result } from '../context';
import { batchItems, bodyObject, isBatch, item, ok, onlyKeys, required, textOrNull, timestampField } from '../context';
import { ApiError, conflict } from '../errors';
import { list, startTimed } from '../lists';
import type { Location, OnDemandShift } from '../model';
import * as render from '../render';
import { endAfterStart, locationField, notStarted, positionField } from './checks';

const CREATE = ['location_id', 'position_id', 'start_time', 'end_time', 'notes'];
const CHANGE = ['position_id', 'start_time', 'end_time', 'notes'];
export const ONDEMAND_STATUSES = ['draft', 'posted', 'filled', 'in_progress', 'completed', 'no_show', 'expired'] as const;

export function listOnDemand(ctx: Ctx): Result {
	const b = ctx.conn.businessId;
	const records = [...ctx.store.t.onDemandShifts.values()].filter((s) => s.business_id === b);
	const page = list(ctx.path, ctx.query, startTimed(records, (l) => ctx.store.zoneOf(l, b), {
		params: ['updated_since', 'include_archived', 'from', 'to', 'location_id', 'status'],
		statuses: ONDEMAND_STATUSES,
		status: (s) => s.status,
		match: { location_id: (s, id) => s.location_id === id },
	}));
	return ok({ ...page, data: page.data.map((s) => render.onDemandShift(ctx, s)) });
}

export function getOnDemand(ctx: Ctx): Result {
	return ok(render.onDemandShift(ctx, ctx.store.get('onDemandShifts', ctx.conn.businessId, ctx.id, 'on-demand shift')));
}

/** 403 ondemand_unavailable: the location has not switched on on-demand shifts (ondemand_enabled false). */
function available(loc: Location): void {
	if (!loc.ondemand_enabled) throw new ApiError(403, 'ondemand_unavailable', `On-demand shifts are not available at ${loc.name}.`);
}

function build(ctx: Ctx, raw: unknown, prefix: string): OnDemandShift {
	const o = prefix ? item(raw, prefix.slice(0, -1)) : bodyObject(raw);
	onlyKeys(o, CREATE, prefix);
	required(o, ['location_id', 'position_id', 'start_time', 'end_time'], prefix);
	const loc = locationField(ctx, o.location_id, prefix + 'location_id');
	const position = positionField(ctx, o.position_id, loc, prefix + 'position_id');
	const start = Math.floor(timestampField(o.start_time, prefix + 'start_time') / 1000) * 1000;
	const end = Math.floor(timestampField(o.end_time, prefix + 'end_time') / 1000) * 1000;
	endAfterStart(start, end, prefix + 'end_time');
	const notes = o.notes === undefined ? null : textOrNull(o.notes, prefix + 'notes');
	available(loc);
	const at = ctx.store.stamp();
	return {
		id: '', business_id: ctx.conn.businessId, location_id: loc.id, position_id: position.id, start_time: start, end_time: end,
		status: 'draft', rate_set: false, rate: null, notes, posted_at: null, created_by_app: true, archived: false, created_at: at, updated_at: at,
	};
}

export function createOnDemand(ctx: Ctx): Result {
	const o = bodyObject(ctx.body);
	const batch = isBatch(o);
	const raws = batch ? batchItems(o) : [o];
	const built = raws.map((raw, i) => build(ctx, raw, batch ? `data[${i}].` : ''));
	for (const s of built) {
		s.id = ctx.store.newId('on-demand-shift');
		ctx.store.t.onDemandShifts.set(s.id, s);
	}
	const out = built.map((s) => render.onDemandShift(ctx, s));
	return ok(batch ? { data: out } : out[0], 201);
}

function draftOnly(ctx: Ctx, s: OnDemandShift): void {
	available(ctx.store.t.locations.get(s.location_id)!);
	if (s.status !== 'draft') throw conflict('not_a_draft', `The on-demand shift is ${s.status}; only a draft can be changed or deleted.`);
	notStarted(ctx, s.start_time, 'on-demand shift');
}

export function changeOnDemand(ctx: Ctx): Result {
	const s = ctx.store.get('onDemandShifts', ctx.conn.businessId, ctx.id, 'on-demand shift');
	const o = bodyObject(ctx.body);
	draftOnly(ctx, s);
	if (s.archived) throw conflict('conflict', 'The on-demand shift was deleted (archived) and can no longer be changed.');
	onlyKeys(o, CHANGE, '', { location_id: 'cannot be changed.' });
	const loc = ctx.store.t.locations.get(s.location_id)!;
	const position = o.position_id === undefined ? s.position_id : positionField(ctx, o.position_id, loc, 'position_id').id;
	const start = o.start_time === undefined ? s.start_time : Math.floor(timestampField(o.start_time, 'start_time') / 1000) * 1000;
	const end = o.end_time === undefined ? s.end_time : Math.floor(timestampField(o.end_time, 'end_time') / 1000) * 1000;
	endAfterStart(start, end, o.end_time === undefined ? 'start_time' : 'end_time');
	const notes = o.notes === undefined ? s.notes : textOrNull(o.notes, 'notes');
	Object.assign(s, { position_id: position, start_time: start, end_time: end, notes });
	ctx.store.touch(s);
	return ok(render.onDemandShift(ctx, s));
}

export function deleteOnDemand(ctx: Ctx): Result {
	const s = ctx.store.get('onDemandShifts', ctx.conn.businessId, ctx.id, 'on-demand shift');
	draftOnly(ctx, s);
	if (!s.archived) {
		s.archived = true;
		ctx.store.touch(s);
	}
	return ok({ id: s.id, deleted: true });
}
