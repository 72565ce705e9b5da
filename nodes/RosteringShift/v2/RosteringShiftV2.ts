import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
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
import * as assignIfOpen from './assignIfOpen.operation';
import { SHIFT_MAPPED, UPSERT } from './mapper';
import { option as upsert } from './upsert.operation';

const UPDATE = 'Change a shift that has not started; a published shift becomes a draft again. Only the fields given change.';

/** Rostering Shift version 2: a shift's fields in n8n's resource mapper, Create or Update, and Assign If Open. */
export class RosteringShiftV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(SHIFT_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { shift: writeOperations(SHIFT_WRITES, SHIFT_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const operations = [assignIfOpen.option, create, createMany, upsert, remove, get, getAll, { ...update, description: UPDATE }];
		const beforePicker = [...mapperProperties(['create', 'createMany', 'update', 'upsert'], SHIFT_MAPPED.mapper), ...assignIfOpen.properties];
		this.description = versionDescription(baseDescription, SHIFT_PARTS, { version: 2, operations, writes: SHIFT_WRITES, rows: SHIFT_MAPPED, beforePicker });
	}
}
