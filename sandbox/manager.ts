/**
 * Changes a manager makes in the service's own application, and what its time clock does when
 * people clock in and out (never through the API). Each bumps updated_at.
 */
import { planBreaks } from './domain';
import type { Store } from './store';
import type { Employee, LeaveRequest, LeaveStatus, Location, OnDemandStatus, Shift, Timesheet, TimesheetBreak } from './model';
import { daysBetween, fmt, isDate, localDate, parseTimestamp, toMinute } from './time';

export interface ShiftEdit {
	position_id?: string;
	employee_id?: string | null;
	start_time?: string;
	end_time?: string;
	breaks?: { offset_minutes: number; duration_minutes: number; paid: boolean }[];
	notes?: string | null;
	project_id?: string | null;
}

/** A person as the service's application, the package's Add Names and n8n's pickers show them: the name they go by. */
export const personName = (e: Employee) => `${e.preferred_name || e.first_name} ${e.last_name}`;

export interface Manager {
	publishShift(id: string): void;
	publishRoster(locationId: string, weekStartDate: string): void;
	editShift(id: string, patch: ShiftEdit): void;
	archiveShift(id: string): void;
	approveTimesheet(id: string): void;
	rejectTimesheet(id: string): void;
	setOnDemandRate(id: string, rate: number): void;
	publishOnDemandShift(id: string): void;
	/** The states after posted (filled, in_progress, completed, no_show, expired): the spec shows no transitions among them. */
	setOnDemandStatus(id: string, status: Exclude<OnDemandStatus, 'draft' | 'posted'>): void;
	/** A manager decides (or cancels) a leave request (leave's fields and states are inferred: CHOICES.md). */
	decideLeaveRequest(id: string, status: Exclude<LeaveStatus, 'pending'>): void;
	/**
	 * A person asks for leave in the service's application: a pending request for the days from
	 * `startDate` to `endDate` (calendar days at the business's first location), 7.6 hours a day, of
	 * the leave type named `typeName` (default the business's first leave type in use).
	 */
	requestLeave(employeeId: string, startDate: string, endDate: string, options?: { typeName?: string; reason?: string | null }): LeaveRequest;

	/** Takes the person off a shift that has not started: the shift is open again. */
	makeOpen(id: string): Shift;
	/** Gives an open shift that has not ended to a person who may work it and is free then. */
	assignShift(id: string, employeeId: string): Shift;
	/**
	 * A manager's decision on a timesheet, as the service's application allows it: only a pending
	 * timesheet that has ended (approveTimesheet and rejectTimesheet, the tests' tools, set any).
	 */
	decideTimesheet(id: string, status: 'approved' | 'rejected'): Timesheet;

	/**
	 * The time clock: the person clocks in at the location at `at` (ms; default now; never later
	 * than now), to the whole minute. The timesheet is pending with no end, linked to the person's
	 * shift there that day (at the location's time zone) if any.
	 */
	clockIn(employeeId: string, locationId: string, at?: number): Timesheet;
	/** Starts a break on the person's open timesheet; kept here, not in the record, until it ends. */
	startBreak(employeeId: string): Timesheet;
	/** Ends the person's break: it is written to their timesheet, unpaid. */
	endBreak(employeeId: string): { timesheet: Timesheet; added: TimesheetBreak };
	/** Clocks the person out now (a break still going ends with it). */
	clockOut(employeeId: string): { timesheet: Timesheet; endedBreak: TimesheetBreak | null };
	/** When the break going on a timesheet started (ms), or null. */
	breakStartedAt(timesheetId: string): number | null;
}

export function manager(store: Store): Manager {
	const find = <K extends 'shifts' | 'timesheets' | 'onDemandShifts'>(table: K, id: string) => {
		const r = store.t[table].get(id);
		if (!r) throw new Error(`No ${table} record ${id}`);
		return r as NonNullable<ReturnType<Store['t'][K]['get']>>;
	};
	const ts = (v: string) => {
		const p = parseTimestamp(v);
		if ('reason' in p) throw new Error(`Timestamp ${v} ${p.reason}`);
		return p.ms;
	};
	const now = () => store.clock.ms();
	/**
	 * Breaks started and not yet ended, by timesheet record: never written into the record without
	 * an end (the API has no open break). Keyed by the record itself, so a reset's new records start
	 * with none.
	 */
	const breaks = new WeakMap<Timesheet, number>();
	const person = (id: string) => {
		const e = store.t.employees.get(id);
		if (!e) throw new Error(`No employee ${id}`);
		if (!store.currentEmployment(e.business_id, e.id)) throw new Error(`${personName(e)} is not a current employee`);
		return e;
	};
	const mayWorkAt = (e: Employee, loc: Location) => e.location_ids.length === 0 || e.location_ids.includes(loc.id);
	/** The person's open timesheet (the latest if there are more). */
	const openTimesheet = (employeeId: string) =>
		[...store.t.timesheets.values()].filter((t) => t.employee_id === employeeId && !t.archived && t.end_time === null).sort((a, b) => b.start_time - a.start_time)[0];
	const clockedIn = (employeeId: string) => {
		const t = openTimesheet(employeeId);
		if (!t) throw new Error(`${personName(person(employeeId))} is not clocked in`);
		return t;
	};
	/** The break going on `t` ended at `end`, if it lasted a minute or more (a shorter one is dropped). */
	const closeBreak = (t: Timesheet, end: number): TimesheetBreak | null => {
		const start = breaks.get(t);
		breaks.delete(t);
		if (start === undefined || end <= start) return null;
		const added = { start, end, paid: false };
		t.breaks = [...t.breaks, added];
		return added;
	};
	return {
		publishShift(id) {
			const s = find('shifts', id);
			s.status = 'published';
			store.touch(s);
		},
		publishRoster(locationId, weekStartDate) {
			const loc = store.t.locations.get(locationId);
			if (!loc) throw new Error(`No location ${locationId}`);
			const rosterId = [...store.t.rosters.values()].find((r) => r.location_id === locationId && r.week_start_date === weekStartDate)?.id;
			if (!rosterId) throw new Error(`No roster for ${loc.name} in the week of ${weekStartDate} (give the Monday)`);
			for (const s of store.t.shifts.values()) {
				if (s.roster_id === rosterId && !s.archived && s.status !== 'published') {
					s.status = 'published';
					store.touch(s);
				}
			}
			store.touch(store.t.rosters.get(rosterId)!);
		},
		editShift(id, patch) {
			const s = find('shifts', id);
			const start = patch.start_time !== undefined ? ts(patch.start_time) : s.start_time;
			const end = patch.end_time !== undefined ? ts(patch.end_time) : s.end_time;
			const moved = start !== s.start_time || end !== s.end_time;
			if (patch.position_id !== undefined) s.position_id = patch.position_id;
			if (patch.employee_id !== undefined) s.employee_id = patch.employee_id;
			if (patch.notes !== undefined) s.notes = patch.notes;
			if (patch.project_id !== undefined) s.project_id = patch.project_id;
			s.breaks = patch.breaks ?? (moved ? planBreaks(start, end) : s.breaks);
			s.start_time = start;
			s.end_time = end;
			s.roster_id = store.rosterFor(store.t.locations.get(s.location_id)!, start);
			store.touch(s);
		},
		archiveShift(id) {
			const s = find('shifts', id);
			s.archived = true;
			store.dropRequestsForShift(id);
			store.touch(s);
		},
		approveTimesheet(id) {
			const t = find('timesheets', id);
			t.status = 'approved';
			store.touch(t);
		},
		rejectTimesheet(id) {
			const t = find('timesheets', id);
			t.status = 'rejected';
			store.touch(t);
		},
		setOnDemandRate(id, rate) {
			const s = find('onDemandShifts', id);
			if (typeof rate !== 'number' || !(rate > 0)) throw new Error('rate must be a positive number of dollars per hour');
			s.rate = rate;
			s.rate_set = true;
			store.touch(s);
		},
		publishOnDemandShift(id) {
			const s = find('onDemandShifts', id);
			if (s.status !== 'draft') throw new Error(`The on-demand shift is ${s.status}, not a draft`);
			if (!s.rate_set) throw new Error('Set the rate before publishing an on-demand shift');
			s.status = 'posted';
			s.posted_at = store.stamp();
			store.touch(s);
		},
		setOnDemandStatus(id, status) {
			const s = find('onDemandShifts', id);
			if (s.status === 'draft') throw new Error('Publish the on-demand shift first');
			s.status = status;
			store.touch(s);
		},
		decideLeaveRequest(id, status) {
			const r = store.t.leaveRequests.get(id);
			if (!r) throw new Error(`No leave request ${id}`);
			if (r.status !== 'pending') throw new Error(`The leave request is ${r.status}, not pending`);
			if (!['approved', 'declined', 'cancelled'].includes(status)) throw new Error('A leave request is approved, declined or cancelled');
			r.status = status;
			store.touch(r);
		},
		requestLeave(employeeId, startDate, endDate, options = {}) {
			const e = person(employeeId);
			if (!isDate(startDate) || !isDate(endDate) || endDate < startDate) throw new Error(`Leave runs from a date to the same or a later date (not ${startDate} to ${endDate})`);
			const types = [...store.t.leaveTypes.values()].filter((t) => t.business_id === e.business_id && !t.archived);
			const type = options.typeName ? types.find((t) => t.name === options.typeName) : types[0];
			if (!type) throw new Error(`No leave type ${options.typeName ?? ''} in use`.replace('  ', ' '));
			const stamp = store.stamp();
			const r: LeaveRequest = {
				id: store.newId('leave-request'), business_id: e.business_id, employee_id: e.id, type_id: type.id, start_date: startDate, end_date: endDate,
				hours: Math.round((daysBetween(startDate, endDate) + 1) * 7.6 * 100) / 100, status: 'pending', reason: options.reason ?? null,
				archived: false, created_at: stamp, updated_at: stamp,
			};
			store.t.leaveRequests.set(r.id, r);
			return r;
		},
		makeOpen(id) {
			const s = find('shifts', id);
			if (s.archived) throw new Error('The shift was deleted (archived)');
			if (!s.employee_id) throw new Error('The shift is already open');
			if (s.start_time <= now()) throw new Error('The shift has started: a started shift keeps its person');
			s.employee_id = null;
			return store.touch(s);
		},
		assignShift(id, employeeId) {
			const s = find('shifts', id);
			if (s.archived) throw new Error('The shift was deleted (archived)');
			if (s.employee_id) throw new Error('The shift is not open: take its person off first');
			if (s.end_time <= now()) throw new Error('The shift has ended');
			const e = person(employeeId);
			const loc = store.t.locations.get(s.location_id)!;
			if (!mayWorkAt(e, loc)) throw new Error(`${personName(e)} does not work at ${loc.name}`);
			const position = store.t.positions.get(s.position_id);
			if (e.excluded_position_ids.includes(s.position_id)) throw new Error(`${personName(e)} may not work as ${position?.name ?? 'this position'}`);
			const clash = [...store.t.shifts.values()].find((x) => x.employee_id === e.id && !x.archived && x.start_time < s.end_time && s.start_time < x.end_time);
			if (clash) throw new Error(`${personName(e)} already has a shift at that time`);
			s.employee_id = e.id;
			store.touch(s);
			// As the spec says: the person's requests for open shifts at that time go.
			store.dropOverlappingRequests(e.id, s.start_time, s.end_time);
			return s;
		},
		decideTimesheet(id, status) {
			if (status !== 'approved' && status !== 'rejected') throw new Error('A timesheet is approved or rejected');
			const t = find('timesheets', id);
			if (t.archived) throw new Error('The timesheet was deleted (archived)');
			if (t.status !== 'pending') throw new Error(`The timesheet is ${t.status}, not pending: only a pending timesheet can be approved or rejected`);
			if (t.end_time === null) throw new Error('The person is still clocked in: a timesheet is approved or rejected once it has ended');
			t.status = status;
			return store.touch(t);
		},
		clockIn(employeeId, locationId, at = now()) {
			const loc = store.t.locations.get(locationId);
			if (!loc || loc.archived) throw new Error(`No location ${locationId}`);
			const e = person(employeeId);
			if (e.business_id !== loc.business_id || !mayWorkAt(e, loc)) throw new Error(`${personName(e)} does not work at ${loc.name}`);
			if (openTimesheet(e.id)) throw new Error(`${personName(e)} is already clocked in`);
			const start = toMinute(at);
			if (start > now()) throw new Error('A time clock cannot clock in later than now');
			// Another timesheet of the person between the clock-in and now.
			const clash = [...store.t.timesheets.values()].find((t) => t.employee_id === e.id && !t.archived && t.start_time <= now() && (t.end_time ?? Infinity) > start);
			if (clash) throw new Error(`${personName(e)} already has a timesheet then (${fmt(clash.start_time, loc.timezone)} to ${clash.end_time === null ? 'now' : fmt(clash.end_time, loc.timezone)})`);
			const day = localDate(start, loc.timezone);
			// The person's shift there that day; of two, the one starting nearest the clock-in.
			const shift = [...store.t.shifts.values()]
				.filter((s) => s.employee_id === e.id && s.location_id === loc.id && !s.archived && localDate(s.start_time, loc.timezone) === day)
				.sort((a, b) => Math.abs(a.start_time - start) - Math.abs(b.start_time - start))[0];
			const position = shift
				? shift.position_id
				: [...store.t.positions.values()].find((p) => p.location_id === loc.id && p.active && !p.archived && !e.excluded_position_ids.includes(p.id))?.id;
			if (!position) throw new Error(`${personName(e)} has no position at ${loc.name}`);
			const stamp = store.stamp();
			const t: Timesheet = {
				id: store.newId('timesheet'), business_id: loc.business_id, employee_id: e.id, location_id: loc.id, position_id: position,
				shift_id: shift?.id ?? null, start_time: start, end_time: null, status: 'pending', breaks: [], note: null,
				project_id: shift?.project_id ?? null, clock_in_photo_taken: null, clock_out_photo_taken: null, created_by_app: false,
				archived: false, created_at: stamp, updated_at: stamp,
			};
			store.t.timesheets.set(t.id, t);
			return t;
		},
		startBreak(employeeId) {
			const t = clockedIn(employeeId);
			if (breaks.has(t)) throw new Error(`${personName(person(employeeId))} is already on a break`);
			breaks.set(t, Math.max(toMinute(now()), t.start_time));
			return t;
		},
		endBreak(employeeId) {
			const t = clockedIn(employeeId);
			const start = breaks.get(t);
			if (start === undefined) throw new Error(`${personName(person(employeeId))} is not on a break`);
			if (toMinute(now()) <= start) throw new Error('A break lasts at least a minute: move the clock forward first');
			const added = closeBreak(t, toMinute(now()))!;
			store.touch(t);
			return { timesheet: t, added };
		},
		clockOut(employeeId) {
			const t = clockedIn(employeeId);
			const end = toMinute(now());
			if (end <= t.start_time) throw new Error('Clocking out needs at least a minute after the clock-in: move the clock forward first');
			const endedBreak = closeBreak(t, end);
			t.end_time = end;
			// The seed's open timesheets are `active`; once closed, one waits for a manager as pending.
			if (t.status === 'active') t.status = 'pending';
			store.touch(t);
			return { timesheet: t, endedBreak };
		},
		breakStartedAt(timesheetId) {
			const t = store.t.timesheets.get(timesheetId);
			return (t && breaks.get(t)) ?? null;
		},
	};
}
