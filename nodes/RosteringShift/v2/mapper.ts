import { booleanField, breaksList, mappedRows, type MapperSpec } from '../../shared/writes/mapper';
import type { UpsertSpec } from '../../shared/writes/upsert';
import { startDateSpan } from '../../shared/input/values';
import type { ShiftRow } from '../bodies';

/**
 * Version 2: the shift's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts).
 * @internal Exported for the demo's workflows, which build their mapper columns from it; knip --production lets it be.
 */
export const MAPPER: MapperSpec = {
	key: 'shift',
	fields: [
		// Writable on create only (the spec): Update does not offer it, so a value is never dropped unseen.
		{ id: 'location_id', displayName: 'Location', required: true, match: true, defaultMatch: true, only: ['create', 'upsert'] },
		{ id: 'position_id', displayName: 'Position', required: true, match: true },
		{ id: 'employee_id', displayName: 'Employee', match: true, defaultMatch: true },
		{ id: 'start_time', displayName: 'Start Time', required: true, match: true, defaultMatch: true },
		{ id: 'end_time', displayName: 'End Time', required: true, match: true },
		{ id: 'breaks', displayName: 'Breaks', fromMapped: breaksList('[{"offset_minutes": 240, "duration_minutes": 30, "paid": false}]') },
		{ id: 'notes', displayName: 'Notes' },
		{ id: 'open_shift', displayName: 'Make Open Shift', type: 'boolean', only: ['update'], fromMapped: booleanField('Make Open Shift') },
	],
};

/** Create or Update: by default, the same shift is the same person starting at the same time at the same place. */
export const UPSERT: UpsertSpec = {
	updatable: ['position_id', 'employee_id', 'start_time', 'end_time', 'breaks', 'notes'],
	defaultMatch: ['location_id', 'employee_id', 'start_time'],
	span: startDateSpan,
};

/** Version 2: a shift's row from the mapper, its fields named as the mapper shows them. */
export const SHIFT_MAPPED = mappedRows<ShiftRow>(MAPPER);
