import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator, placeAndTimes } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { TIMESHEET_WRITES } from '../bodies';
import { TIMESHEET_PARTS } from '../description';
import { option as create } from '../create.operation';
import { option as createMany } from '../createMany.operation';
import { option as remove } from '../delete.operation';
import { option as get } from '../get.operation';
import { option as getAll } from '../getAll.operation';
import { option as update } from '../update.operation';
import { timesheetBreaks, timesheetTime } from '../timesheet-times';
import { TIMESHEET_PARAMETERS } from './rows';

const WHERE = { location: 'Where the time was worked', position: 'Position worked, at the chosen location' };

/**
 * Rostering Timesheet version 1: a timesheet's fields as parameters (Employee, Location, Position,
 * times, Additional Fields, Update Fields). The note's spelling is settled per request
 * (nodes/RosteringTimesheet/timesheet-note.ts).
 */
export class RosteringTimesheetV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { timesheet: writeOperations(TIMESHEET_WRITES, TIMESHEET_PARAMETERS) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = versionDescription(baseDescription, TIMESHEET_PARTS, {
			version: 1,
			operations: [create, createMany, remove, get, getAll, { ...update, description: 'Change a timesheet that is still pending' }],
			writes: TIMESHEET_WRITES,
			rows: TIMESHEET_PARAMETERS,
			afterPicker: [
				idLocator({ name: 'timesheetId', displayName: 'Timesheet', singular: 'timesheet', searchMethod: 'searchTimesheets', required: true, operations: ['update'] }),
				idLocator({ name: 'employeeId', displayName: 'Employee', singular: 'employee', searchMethod: 'searchEmployees', required: true, description: 'Who worked', operations: ['create', 'createMany'] }),
				...placeAndTimes(WHERE, (name, displayName, operations, required) =>
					name === 'endTime'
						? {
								...timesheetTime(name, displayName, operations, false),
								description: `Leave empty to clock the person in: the timesheet stays open (no end) until it is ended. ${timesheetTime(name, displayName).description}`,
							}
						: timesheetTime(name, displayName, operations, required),
				),
				fieldsCollection('additionalFields', ['create', 'createMany'], [
					timesheetBreaks(),
					{ displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 2 }, default: '' },
					idLocator({ name: 'shiftId', displayName: 'Shift', singular: 'shift', searchMethod: 'searchShifts', description: 'The rostered shift this time was worked for, at the same location' }),
				]),
				fieldsCollection('updateFields', ['update'], [
					timesheetBreaks(),
					timesheetTime('endTime', 'End Time', undefined, false),
					{ displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'New note; leave empty to remove the note' },
					idLocator({ name: 'positionId', displayName: 'Position', singular: 'position', searchMethod: 'searchPositions', description: "Position worked, at the timesheet's location" }),
					timesheetTime('startTime', 'Start Time', undefined, false),
				]),
			],
		});
	}
}
