import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
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
import { TIMESHEET_MAPPED, UPSERT } from './mapper';
import { option as upsert } from './upsert.operation';

/**
 * Rostering Timesheet version 2: a timesheet's fields in n8n's resource mapper, and Create or
 * Update. The note's spelling is settled per request (nodes/RosteringTimesheet/timesheet-note.ts).
 */
export class RosteringTimesheetV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(TIMESHEET_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { timesheet: writeOperations(TIMESHEET_WRITES, TIMESHEET_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: 'Change a timesheet that is still pending. Only the fields given change.' }];
		const beforePicker = mapperProperties(['create', 'createMany', 'update', 'upsert'], TIMESHEET_MAPPED.mapper);
		this.description = versionDescription(baseDescription, TIMESHEET_PARTS, { version: 2, operations, writes: TIMESHEET_WRITES, rows: TIMESHEET_MAPPED, beforePicker });
	}
}
