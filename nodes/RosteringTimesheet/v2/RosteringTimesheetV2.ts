import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { mappedWriteOperations } from '../../shared/writes/upsert';
import { TIMESHEET_WRITES } from '../bodies';
import { TIMESHEET_PARTS, TIMESHEET_READS, timesheetCreates, timesheetUpdate } from '../description';
import { MAPPER, TIMESHEET_MAPPED, UPSERT } from './mapper';

/** Rostering Timesheet version 2: a timesheet's fields in n8n's resource mapper, and Create or Update. */
export class RosteringTimesheetV2 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = TIMESHEET_MAPPED;
		const upsert = upsertOption('Create or update a timesheet', 'timesheet', '/v1/timesheets');
		const update = timesheetUpdate(rows, 'Change a timesheet that is still pending. Only the fields given change.');
		const description = writeNodeDescription(baseDescription, TIMESHEET_PARTS, {
			version: 2,
			operations: [...timesheetCreates(rows), upsert, ...TIMESHEET_READS, update],
			beforePicker: mapperProperties(['create', 'createMany', 'update', 'upsert'], MAPPER),
		});
		// The note's spelling is settled per request (nodes/RosteringTimesheet/timesheet-note.ts).
		super(description, { listSearch, resourceMapping: resourceMapping(MAPPER) }, { timesheet: mappedWriteOperations(TIMESHEET_WRITES, rows, UPSERT) });
	}
}
