import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
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
import { ON_DEMAND_SHIFT_MAPPED, UPSERT } from './mapper';
import { option as upsert } from './upsert.operation';

const UPDATE = 'Change a draft on-demand shift that has not started. Only the fields given change.';

/** Rostering On-Demand Shift version 2: its fields in n8n's resource mapper, and Create or Update. */
export class RosteringOnDemandShiftV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(ON_DEMAND_SHIFT_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { onDemandShift: writeOperations(ON_DEMAND_SHIFT_WRITES, ON_DEMAND_SHIFT_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: UPDATE }];
		const beforePicker = mapperProperties(['create', 'createMany', 'update', 'upsert'], ON_DEMAND_SHIFT_MAPPED.mapper);
		this.description = versionDescription(baseDescription, ON_DEMAND_SHIFT_PARTS, { version: 2, operations, writes: ON_DEMAND_SHIFT_WRITES, rows: ON_DEMAND_SHIFT_MAPPED, beforePicker });
	}
}
