import { breaksList, mappedRows, type MapperSpec } from '../../shared/writes/mapper';
import type { UpsertSpec } from '../../shared/writes/upsert';
import { startDateSpan } from '../../shared/input/values';
import type { TimesheetRow } from '../bodies';

/** Version 2: the timesheet's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts). */
const MAPPER: MapperSpec = {
	key: 'timesheet',
	fields: [
		// Writable on create only (the spec), as is Shift ID: Update does not offer them, so a value is never dropped unseen.
		{ id: 'employee_id', displayName: 'Employee', required: true, match: true, defaultMatch: true, only: ['create', 'upsert'] },
		{ id: 'location_id', displayName: 'Location', required: true, match: true, only: ['create', 'upsert'] },
		{ id: 'position_id', displayName: 'Position', required: true, match: true },
		{ id: 'shift_id', displayName: 'Shift ID', match: true, only: ['create', 'upsert'] },
		{ id: 'start_time', displayName: 'Start Time', required: true, match: true, defaultMatch: true },
		// Blank on create: the person is still clocked in.
		{ id: 'end_time', displayName: 'End Time', match: true },
		{ id: 'breaks', displayName: 'Breaks', fromMapped: breaksList('[{"start": "2026-11-23T12:30", "end": "2026-11-23T13:00", "paid": false}]') },
		// `notes` too: the spec's field table spells it so (RosteringTimesheet.node.ts, at the top).
		{ id: 'note', displayName: 'Note', aliases: ['notes'] },
	],
};

/** Create or Update: by default, the same timesheet is the same person starting at the same minute. */
export const UPSERT: UpsertSpec = {
	updatable: ['position_id', 'start_time', 'end_time', 'breaks', 'note'],
	defaultMatch: ['employee_id', 'start_time'],
	span: startDateSpan,
	minuteTimes: true,
	readAs: { note: ['note', 'notes'] },
};

/** Version 2: a timesheet's row from the mapper, its fields named as the mapper shows them. */
export const TIMESHEET_MAPPED = mappedRows<TimesheetRow>(MAPPER);
