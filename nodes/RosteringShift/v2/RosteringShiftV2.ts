import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { MapperVersion, upsertOption } from '../../shared/writes/node-version';
import { SHIFT_WRITES, type ShiftRow } from '../bodies';
import { SHIFT_OPERATIONS, SHIFT_PARTS } from '../description';
import { SHIFT_MAPPED, UPSERT } from './mapper';

const { create, createMany, delete: remove, get, getAll, update } = SHIFT_OPERATIONS;
const UPDATE = 'Change a shift that has not started; a published shift becomes a draft again. Only the fields given change.';

/** Rostering Shift version 2: a shift's fields in n8n's resource mapper, and Create or Update. */
export class RosteringShiftV2 extends MapperVersion<ShiftRow> {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update a shift', 'shift', SHIFT_PARTS);
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: UPDATE }];
		super(baseDescription, SHIFT_PARTS, { operations, writes: SHIFT_WRITES, rows: SHIFT_MAPPED, mapped: ['create', 'createMany', 'update', 'upsert'], upsert: UPSERT });
	}
}
