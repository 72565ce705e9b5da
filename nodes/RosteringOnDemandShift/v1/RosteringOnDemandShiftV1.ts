import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator, localTime, placeAndTimes } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { ON_DEMAND_SHIFT_WRITES } from '../bodies';
import { ON_DEMAND_SHIFT_PARTS } from '../description';
import { option as create } from '../create.operation';
import { option as createMany } from '../createMany.operation';
import { option as remove } from '../delete.operation';
import { option as get } from '../get.operation';
import { option as getAll } from '../getAll.operation';
import { option as update } from '../update.operation';
import { ON_DEMAND_SHIFT_PARAMETERS } from './rows';

const NOTES = { displayName: 'Notes', name: 'notes', type: 'string', typeOptions: { rows: 2 }, default: '' } as const;

/** Rostering On-Demand Shift version 1: its fields as parameters (Location, Position, times, Additional Fields, Update Fields). */
export class RosteringOnDemandShiftV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { onDemandShift: writeOperations(ON_DEMAND_SHIFT_WRITES, ON_DEMAND_SHIFT_PARAMETERS) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = versionDescription(baseDescription, ON_DEMAND_SHIFT_PARTS, {
			version: 1,
			operations: [create, createMany, remove, get, getAll, { ...update, description: 'Change a draft on-demand shift that has not started' }],
			writes: ON_DEMAND_SHIFT_WRITES,
			rows: ON_DEMAND_SHIFT_PARAMETERS,
			afterPicker: [
				idLocator({ name: 'onDemandShiftId', displayName: 'On-Demand Shift', singular: 'on-demand shift', searchMethod: 'searchOnDemandShifts', required: true, operations: ['update'] }),
				...placeAndTimes({
					location: 'Where the shift is worked (on-demand shifts must be available there)',
					position: 'Position the worker fills, at the chosen location',
				}),
				fieldsCollection('additionalFields', ['create', 'createMany'], [{ ...NOTES, description: 'Shift description the venue sees' }]),
				fieldsCollection('updateFields', ['update'], [
					localTime('endTime', 'End Time', undefined, false),
					{ ...NOTES, description: 'New shift description; leave empty to remove it' },
					idLocator({ name: 'positionId', displayName: 'Position', singular: 'position', searchMethod: 'searchPositions' }),
					localTime('startTime', 'Start Time', undefined, false),
				]),
			],
		});
	}
}
