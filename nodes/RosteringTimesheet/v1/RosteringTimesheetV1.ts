import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator, placeAndTimes } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { TIMESHEET_WRITES } from '../bodies';
import { TIMESHEET_PARTS, TIMESHEET_READS, timesheetCreates, timesheetUpdate } from '../description';
import { timesheetBreaks, timesheetTime } from '../timesheet-times';
import { TIMESHEET_PARAMETERS } from './rows';

/** Rostering Timesheet version 1: a timesheet's fields as parameters (Employee, Location, Position, times, Additional Fields, Update Fields). */
export class RosteringTimesheetV1 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = TIMESHEET_PARAMETERS;
		const where = { location: 'Where the time was worked', position: 'Position worked, at the chosen location' };
		const description = writeNodeDescription(baseDescription, TIMESHEET_PARTS, {
			version: 1,
			operations: [...timesheetCreates(rows), ...TIMESHEET_READS, timesheetUpdate(rows, 'Change a timesheet that is still pending')],
			afterPicker: [
				idLocator({ name: 'timesheetId', displayName: 'Timesheet', singular: 'timesheet', searchMethod: 'searchTimesheets', required: true, operations: ['update'] }),
				idLocator({ name: 'employeeId', displayName: 'Employee', singular: 'employee', searchMethod: 'searchEmployees', required: true, description: 'Who worked', operations: ['create', 'createMany'] }),
				...placeAndTimes(where, (name, displayName, operations, required) =>
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
		// The note's spelling is settled per request (nodes/RosteringTimesheet/timesheet-note.ts).
		super(description, { listSearch }, { timesheet: writeOperations(TIMESHEET_WRITES, rows) });
	}
}
