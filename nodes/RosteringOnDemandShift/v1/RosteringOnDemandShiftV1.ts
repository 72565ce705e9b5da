import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator, localTime, placeAndTimes } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { ON_DEMAND_SHIFT_WRITES } from '../bodies';
import { ON_DEMAND_SHIFT_PARTS, ON_DEMAND_SHIFT_READS, onDemandShiftCreates, onDemandShiftUpdate } from '../description';
import { ON_DEMAND_SHIFT_PARAMETERS } from './rows';

/** Rostering On-Demand Shift version 1: its fields as parameters (Location, Position, times, Additional Fields, Update Fields). */
export class RosteringOnDemandShiftV1 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = ON_DEMAND_SHIFT_PARAMETERS;
		const description = writeNodeDescription(baseDescription, ON_DEMAND_SHIFT_PARTS, {
			version: 1,
			operations: [...onDemandShiftCreates(rows), ...ON_DEMAND_SHIFT_READS, onDemandShiftUpdate(rows, 'Change a draft on-demand shift that has not started')],
			afterPicker: [
				idLocator({ name: 'onDemandShiftId', displayName: 'On-Demand Shift', singular: 'on-demand shift', searchMethod: 'searchOnDemandShifts', required: true, operations: ['update'] }),
				...placeAndTimes({
					location: 'Where the shift is worked (on-demand shifts must be available there)',
					position: 'Position the worker fills, at the chosen location',
				}),
				fieldsCollection('additionalFields', ['create', 'createMany'], [
					{ displayName: 'Notes', name: 'notes', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Shift description the venue sees' },
				]),
				fieldsCollection('updateFields', ['update'], [
					localTime('endTime', 'End Time', undefined, false),
					{ displayName: 'Notes', name: 'notes', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'New shift description; leave empty to remove it' },
					idLocator({ name: 'positionId', displayName: 'Position', singular: 'position', searchMethod: 'searchPositions' }),
					localTime('startTime', 'Start Time', undefined, false),
				]),
			],
		});
		super(description, { listSearch }, { onDemandShift: writeOperations(ON_DEMAND_SHIFT_WRITES, rows) });
	}
}
