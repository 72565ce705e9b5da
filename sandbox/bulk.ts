/**
 * Bulk seeding for benchmarks and tests: thousands of records straight into the store, without
 * going through the API (which would take one request per 100 shifts and skew the request counts),
 * and counting what a test created (shiftsPerRow).
 *
 *   const bench = addBenchLocation(sb);                 // a location and a position of its own
 *   addShifts(sb, bench, 50_000);                        // exactly 50,000 open shifts there
 *   sb.store.t.shifts.size;                              // the seed's shifts plus these
 *   touchShifts(sb, ids);                                // a burst of changes (updated_at = now)
 *
 * The records are what a create would have stored (unpublished open shifts, no breaks), laid one
 * after another a day apart from `start` (default: 400 days after the clock, so that none has
 * started and every one can still be changed or deleted).
 */
import type { Sandbox } from './index';
import { hexId } from './ids';
import type { Location, Position, Shift, Timesheet } from './model';

export interface BenchPlace {
	locationId: string;
	positionId: string;
	timezone: string;
}

/**
 * A location (and one active position at it) that nothing in the seed uses, so that a list with
 * `location_id` holds exactly the records a benchmark put there. Cloned from the business's first
 * location; the same name gives the same ids.
 */
export function addBenchLocation(sb: Sandbox, name = 'Bench'): BenchPlace {
	const t = sb.store.t;
	const businessId = sb.store.businessId;
	const base = [...t.locations.values()].find((l) => l.business_id === businessId && !l.archived);
	const basePosition = [...t.positions.values()].find((p) => p.business_id === businessId && !p.archived && p.active);
	if (!base || !basePosition) throw new Error('the seed has no location or position to clone');
	const at = Math.floor(sb.clock.now().getTime() / 1000) * 1000;
	const locationId = hexId(`bench location:${name}`);
	const positionId = hexId(`bench position:${name}`);
	const location: Location = {
		...base,
		id: locationId,
		name,
		short_name: name.slice(0, 6).toUpperCase(),
		address: { ...base.address },
		created_at: at,
		updated_at: at,
	};
	const position: Position = {
		...basePosition,
		id: positionId,
		location_id: locationId,
		name: `${name} crew`,
		group: basePosition.group ? { ...basePosition.group } : null,
		created_at: at,
		updated_at: at,
	};
	t.locations.set(locationId, location);
	t.positions.set(positionId, position);
	return { locationId, positionId, timezone: location.timezone };
}

/**
 * A location in another time zone (the seed's are all east of UTC: `timezone` may be one in the
 * Americas), with an active position, an inactive one and an archived one, as the seed's locations
 * have: a bench location (addBenchLocation) moved to `timezone`.
 */
export function addLocationIn(sb: Sandbox, timezone: string, name: string): BenchPlace & { inactivePositionId: string; archivedPositionId: string } {
	const place = addBenchLocation(sb, name);
	const t = sb.store.t;
	t.locations.get(place.locationId)!.timezone = timezone;
	const active = t.positions.get(place.positionId)!;
	const [inactivePositionId, archivedPositionId] = (['inactive', 'archived'] as const).map((kind) => {
		const id = hexId(`bench position:${name}:${kind}`);
		t.positions.set(id, { ...active, id, name: `${name} ${kind}`, active: kind !== 'inactive', archived: kind === 'archived', group: active.group ? { ...active.group } : null });
		return id;
	});
	return { ...place, timezone, inactivePositionId, archivedPositionId };
}

/**
 * Puts `count` open shifts at the bench place straight into the store; returns their ids.
 * `tag` keeps ids apart between calls (same tag and index: same id).
 */
export function addShifts(
	sb: Sandbox,
	place: BenchPlace,
	count: number,
	opts: { tag?: string; start?: number; stepMs?: number; hours?: number } = {},
): string[] {
	const t = sb.store.t;
	const businessId = sb.store.businessId;
	const now = sb.clock.now().getTime();
	const at = Math.floor(now / 1000) * 1000;
	const first = opts.start ?? Math.floor((now + 400 * 86_400_000) / 3_600_000) * 3_600_000;
	const step = opts.stepMs ?? 3_600_000;
	const length = (opts.hours ?? 4) * 3_600_000;
	const tag = opts.tag ?? 'bulk';
	const rosterId = hexId(`bench roster:${place.locationId}`);
	if (!t.rosters.has(rosterId)) {
		t.rosters.set(rosterId, { id: rosterId, business_id: businessId, location_id: place.locationId, week_start_date: '2000-01-03', created_at: at, updated_at: at });
	}
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = hexId(`bench shift:${place.locationId}:${tag}:${i}`);
		const start = first + i * step;
		const shift: Shift = {
			id,
			business_id: businessId,
			location_id: place.locationId,
			position_id: place.positionId,
			employee_id: null,
			roster_id: rosterId,
			start_time: start,
			end_time: start + length,
			status: 'unpublished',
			breaks: [],
			notes: `${tag} ${i}`,
			project_id: null,
			created_by_app: true,
			archived: false,
			created_at: at,
			updated_at: at,
		};
		t.shifts.set(id, shift);
		ids.push(id);
	}
	return ids;
}

/** The shifts at a place (archived ones too). */
export function shiftsAt(sb: Sandbox, place: BenchPlace): Shift[] {
	return [...sb.store.t.shifts.values()].filter((s) => s.location_id === place.locationId);
}

/** Removes every shift at the place from the store (not archived: gone), so the next count starts at 0. */
export function clearShifts(sb: Sandbox, place: BenchPlace): number {
	let removed = 0;
	for (const [id, s] of sb.store.t.shifts) {
		if (s.location_id === place.locationId) {
			sb.store.t.shifts.delete(id);
			removed++;
		}
	}
	return removed;
}

/**
 * A burst of changes: each shift's notes changed and updated_at set to the sandbox's clock now
 * (to the second, as the service stamps it), as if another app had changed them all at once.
 */
export function touchShifts(sb: Sandbox, ids: string[], note = 'changed in a burst'): number {
	const at = Math.floor(sb.clock.now().getTime() / 1000) * 1000;
	let changed = 0;
	for (const id of ids) {
		const s = sb.store.t.shifts.get(id);
		if (!s) continue;
		s.notes = note;
		s.updated_at = Math.max(s.updated_at, at);
		changed++;
	}
	return changed;
}

/**
 * Puts `count` finished timesheets at the bench place straight into the store, each with its shift
 * (added too, with `shift_id` set), for `people` people in turn, laid back from the clock over the
 * last `days` days (what a Timesheet trigger learns at publishing); returns the timesheets' ids.
 * By default (`worked: 'long, no break'`) six hours with no break, their shifts 30 minutes shorter:
 * each is a Break Not Taken and a Long Hours when the attendance events are on. `'as rostered'`:
 * the shift's six hours with a 30-minute unpaid break, which tells neither.
 */
export function addTimesheets(
	sb: Sandbox,
	place: BenchPlace,
	count: number,
	opts: { tag?: string; people?: number; days?: number; worked?: 'long, no break' | 'as rostered' } = {},
): string[] {
	const t = sb.store.t;
	const businessId = sb.store.businessId;
	const now = sb.clock.now().getTime();
	const at = Math.floor(now / 1000) * 1000 - 3_600_000;
	const tag = opts.tag ?? 'bulk';
	const people = opts.people ?? 100;
	const span = (opts.days ?? 12) * 86_400_000;
	const asRostered = opts.worked === 'as rostered';
	const shiftIds = addShifts(sb, place, count, { tag: `${tag} timesheets`, start: Math.floor((now - span) / 60_000) * 60_000, stepMs: Math.max(60_000, Math.floor(span / count / 60_000) * 60_000), hours: asRostered ? 6 : 5.5 });
	const ids: string[] = [];
	shiftIds.forEach((shiftId, i) => {
		const shift = t.shifts.get(shiftId)!;
		shift.employee_id = hexId(`bench employee:${i % people}`);
		shift.updated_at = at;
		const id = hexId(`bench timesheet:${place.locationId}:${tag}:${i}`);
		const timesheet: Timesheet = {
			id,
			business_id: businessId,
			employee_id: shift.employee_id,
			location_id: place.locationId,
			position_id: place.positionId,
			shift_id: shiftId,
			start_time: shift.start_time,
			end_time: shift.start_time + 6 * 3_600_000,
			status: 'pending',
			breaks: asRostered ? [{ start: shift.start_time + 3 * 3_600_000, end: shift.start_time + 3.5 * 3_600_000, paid: false }] : [],
			note: null,
			project_id: null,
			clock_in_photo_taken: null,
			clock_out_photo_taken: null,
			created_by_app: true,
			archived: false,
			created_at: at,
			updated_at: at,
		};
		t.timesheets.set(id, timesheet);
		ids.push(id);
	});
	return ids;
}

/** A burst of timesheet changes: each one's end a minute later, updated_at the sandbox's clock now (to the second). */
export function touchTimesheets(sb: Sandbox, ids: string[]): number {
	const at = Math.floor(sb.clock.now().getTime() / 1000) * 1000;
	let changed = 0;
	for (const id of ids) {
		const timesheet = sb.store.t.timesheets.get(id);
		if (!timesheet || timesheet.end_time === null) continue;
		timesheet.end_time += 60_000;
		timesheet.updated_at = Math.max(timesheet.updated_at, at);
		changed++;
	}
	return changed;
}

/**
 * How many shifts the store holds for each row a test created, by notes `<tag>-<i>` (the tests
 * tag each input row in the shift's notes): a row counted twice was created twice.
 */
export function shiftsPerRow(sb: Sandbox, tag: string): Map<string, number> {
	const byRow = new Map<string, number>();
	for (const shift of sb.store.t.shifts.values()) {
		const row = String(shift.notes ?? '');
		if (row.startsWith(`${tag}-`)) byRow.set(row, (byRow.get(row) ?? 0) + 1);
	}
	return byRow;
}
