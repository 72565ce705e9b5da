/** The records of every business, plus the few helpers writes share. */
import { hexId } from './ids';
import type { Common, Location, Roster, Tables, TimesheetNoteField } from './model';
import { DEFAULT_READINGS, type Readings } from './readings';
import { buildSeed } from './seed';
import { Clock, mondayOf, toSecond } from './time';
import { notFound } from './errors';

export class Store {
	t!: Tables;
	mainBusinessId!: string;
	otherBusinessId!: string;
	/** The note key the timesheet endpoints take (model.ts TimesheetNoteField); Core sets it, reset() leaves it. */
	timesheetNoteField: TimesheetNoteField = 'both';
	/** The readings of the spec's gaps the answers follow (readings.ts); Core sets them, reset() leaves them. */
	readings: Readings = { ...DEFAULT_READINGS };
	private created = 0;

	constructor(
		public clock: Clock,
		private monday: string,
		private seedNow: () => number,
	) {
		this.reset();
	}

	reset(): void {
		const s = buildSeed(this.monday, this.seedNow());
		this.t = s.tables;
		this.mainBusinessId = s.mainBusinessId;
		this.otherBusinessId = s.otherBusinessId;
		this.created = 0;
	}

	/** The records and the count of those created, as plain data (persist.ts). */
	saved(): { tables: Record<string, Array<[string, unknown]>>; created: number; mainBusinessId: string; otherBusinessId: string } {
		const tables = Object.fromEntries(Object.entries(this.t).map(([name, table]) => [name, [...(table as Map<string, unknown>)]]));
		return { tables, created: this.created, mainBusinessId: this.mainBusinessId, otherBusinessId: this.otherBusinessId };
	}

	restore(state: ReturnType<Store['saved']>): void {
		for (const name of Object.keys(this.t)) {
			if (!state.tables[name]) throw new Error(`The saved sandbox has no table ${name}: start afresh`);
			(this.t as unknown as Record<string, Map<string, unknown>>)[name] = new Map(state.tables[name]);
		}
		this.created = state.created;
		this.mainBusinessId = state.mainBusinessId;
		this.otherBusinessId = state.otherBusinessId;
	}

	/** Ids for records created after seeding: deterministic for the same sequence of creations. */
	newId(kind: string): string {
		this.created += 1;
		return hexId(`${kind}:created:${this.created}`);
	}

	/** Now, to the whole second, as created_at and updated_at are kept. */
	stamp(): number {
		return toSecond(this.clock.ms());
	}

	touch<T extends { updated_at: number }>(r: T): T {
		r.updated_at = Math.max(r.updated_at, this.stamp());
		return r;
	}

	/** A record of the given table in the given business, or 404. */
	get<K extends keyof Tables>(table: K, businessId: string, id: string, what: string): Tables[K] extends Map<string, infer R> ? R : never {
		const r = (this.t[table] as Map<string, { business_id: string }>).get(id);
		if (!r || r.business_id !== businessId) throw notFound(what);
		return r as never;
	}

	location(businessId: string, id: string): Location {
		return this.get('locations', businessId, id, 'location');
	}

	zoneOf(locationId: string | null | undefined, businessId: string): string {
		const loc = locationId ? this.t.locations.get(locationId) : undefined;
		return loc?.timezone ?? this.t.businesses.get(businessId)?.timezone ?? 'UTC';
	}

	/** The roster for the location's week containing `start`; created when a shift is placed in it. */
	rosterFor(loc: Location, start: number): string {
		const monday = mondayOf(start, loc.timezone);
		const id = hexId(`roster:${loc.id}:${monday}`);
		if (!this.t.rosters.has(id)) {
			const at = this.stamp();
			const roster: Roster = { id, business_id: loc.business_id, location_id: loc.id, week_start_date: monday, created_at: at, updated_at: at };
			this.t.rosters.set(id, roster);
		}
		return id;
	}

	/** Current employment of an employee whose record is shared with the business. */
	currentEmployment(businessId: string, employeeId: string) {
		const e = this.t.employees.get(employeeId);
		if (!e || e.business_id !== businessId || !e.shared || !e.employment_id) return undefined;
		const emp = this.t.employments.get(e.employment_id);
		return emp && !emp.archived ? emp : undefined;
	}

	/** The employment of a person, current or not (costs of past work of someone who left). */
	currentEmploymentAny(employeeId: string) {
		const e = this.t.employees.get(employeeId);
		return e?.employment_id ? this.t.employments.get(e.employment_id) : undefined;
	}

	/** Remove open-shift requests of a person for open shifts overlapping [start, end). */
	dropOverlappingRequests(employeeId: string, start: number, end: number): void {
		for (const [id, r] of this.t.openShiftRequests) {
			if (r.employee_id !== employeeId) continue;
			const s = this.t.shifts.get(r.shift_id);
			if (s && s.start_time < end && start < s.end_time) this.t.openShiftRequests.delete(id);
		}
	}

	dropRequestsForShift(shiftId: string): void {
		for (const [id, r] of this.t.openShiftRequests) if (r.shift_id === shiftId) this.t.openShiftRequests.delete(id);
	}
}

export type { Common };
