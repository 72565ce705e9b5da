import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator, localTime, placeAndTimes, shiftBreaks } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { SHIFT_WRITES } from '../bodies';
import { SHIFT_PARTS } from '../description';
import { option as create } from '../create.operation';
import { option as createMany } from '../createMany.operation';
import { option as remove } from '../delete.operation';
import { option as get } from '../get.operation';
import { option as getAll } from '../getAll.operation';
import { option as update } from '../update.operation';
import { SHIFT_PARAMETERS } from './rows';

/** Rostering Shift version 1: a shift's fields as parameters (Location, Position, times, Additional Fields, Update Fields). */
export class RosteringShiftV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { shift: writeOperations(SHIFT_WRITES, SHIFT_PARAMETERS) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = versionDescription(baseDescription, SHIFT_PARTS, {
			version: 1,
			operations: [create, createMany, remove, get, getAll, { ...update, description: 'Change a shift that has not started; a published shift becomes a draft again' }],
			writes: SHIFT_WRITES,
			rows: SHIFT_PARAMETERS,
			afterPicker: [
				idLocator({ name: 'shiftId', displayName: 'Shift', singular: 'shift', searchMethod: 'searchShifts', required: true, operations: ['update'] }),
				...placeAndTimes({ location: 'Where the shift is worked', position: 'Position worked, at the chosen location' }),
				fieldsCollection('additionalFields', ['create', 'createMany'], [
					shiftBreaks(),
					idLocator({ name: 'employeeId', displayName: 'Employee', singular: 'employee', searchMethod: 'searchEmployees', description: 'Who is rostered; leave out for an open shift' }),
					{ displayName: 'Notes', name: 'notes', type: 'string', typeOptions: { rows: 2 }, default: '' },
				]),
				fieldsCollection('updateFields', ['update'], [
					shiftBreaks(),
					idLocator({ name: 'employeeId', displayName: 'Employee', singular: 'employee', searchMethod: 'searchEmployees', description: 'Who is rostered' }),
					localTime('endTime', 'End Time', undefined, false),
					{ displayName: 'Make Open Shift', name: 'openShift', type: 'boolean', default: false, description: 'Whether to take the person off the shift, leaving it open' },
					{ displayName: 'Notes', name: 'notes', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'New note; leave empty to remove the note' },
					idLocator({ name: 'positionId', displayName: 'Position', singular: 'position', searchMethod: 'searchPositions' }),
					localTime('startTime', 'Start Time', undefined, false),
				]),
			],
		});
	}
}
