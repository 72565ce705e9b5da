/** Changes a manager makes in the service's own application (never through the API). Each bumps updated_at. */
import { planBreaks } from './domain';
import type { Store } from './store';
import type { LeaveStatus, OnDemandStatus } from './model';
import { parseTimestamp } from './time';

export interface ShiftEdit {
	position_id?: string;
	employee_id?: string | null;
	start_time?: string;
	end_time?: string;
	breaks?: { offset_minutes: number; duration_minutes: number; paid: boolean }[];
	notes?: string | null;
	project_id?: string | null;
}

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
			r.status = status;
			store.touch(r);
		},
	};
}
