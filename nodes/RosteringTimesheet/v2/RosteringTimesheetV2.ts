import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { MapperVersion, upsertOption } from '../../shared/writes/node-version';
import { TIMESHEET_WRITES, type TimesheetRow } from '../bodies';
import { TIMESHEET_OPERATIONS, TIMESHEET_PARTS } from '../description';
import { TIMESHEET_MAPPED, UPSERT } from './mapper';

const { create, createMany, delete: remove, get, getAll, update } = TIMESHEET_OPERATIONS;

/**
 * Rostering Timesheet version 2: a timesheet's fields in n8n's resource mapper, and Create or
 * Update. The note's spelling is settled per request (nodes/RosteringTimesheet/timesheet-note.ts).
 */
export class RosteringTimesheetV2 extends MapperVersion<TimesheetRow> {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update a timesheet', 'timesheet', TIMESHEET_PARTS);
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: 'Change a timesheet that is still pending. Only the fields given change.' }];
		super(baseDescription, TIMESHEET_PARTS, { operations, writes: TIMESHEET_WRITES, rows: TIMESHEET_MAPPED, mapped: ['create', 'createMany', 'update', 'upsert'], upsert: UPSERT });
	}
}
