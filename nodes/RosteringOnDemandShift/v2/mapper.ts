import { mappedRows, type MapperSpec } from '../../shared/writes/mapper';
import type { UpsertSpec } from '../../shared/writes/upsert';
import { startDateSpan } from '../../shared/input/values';
import type { OnDemandShiftRow } from '../bodies';

/** Version 2: the on-demand shift's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts). */
const MAPPER: MapperSpec = {
	key: 'onDemandShift',
	fields: [
		// Writable on create only (the spec): Update does not offer it, so a value is never dropped unseen.
		{ id: 'location_id', displayName: 'Location', required: true, match: true, defaultMatch: true, only: ['create', 'upsert'] },
		{ id: 'position_id', displayName: 'Position', required: true, match: true, defaultMatch: true },
		{ id: 'start_time', displayName: 'Start Time', required: true, match: true, defaultMatch: true },
		{ id: 'end_time', displayName: 'End Time', required: true, match: true },
		{ id: 'notes', displayName: 'Notes' },
	],
};

/** Create or Update: by default, the same on-demand shift is the same position starting at the same time at the same place. */
export const UPSERT: UpsertSpec = {
	updatable: ['position_id', 'start_time', 'end_time', 'notes'],
	defaultMatch: ['location_id', 'position_id', 'start_time'],
	span: startDateSpan,
};

/** Version 2: an on-demand shift's row from the mapper, its fields named as the mapper shows them. */
export const ON_DEMAND_SHIFT_MAPPED = mappedRows<OnDemandShiftRow>(MAPPER);
