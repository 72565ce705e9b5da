import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { ON_DEMAND_SHIFT_WRITES } from '../bodies';
import { ON_DEMAND_SHIFT_OPERATIONS, ON_DEMAND_SHIFT_PARTS } from '../description';
import { ON_DEMAND_SHIFT_MAPPED, UPSERT } from './mapper';

const { create, createMany, delete: remove, get, getAll, update } = ON_DEMAND_SHIFT_OPERATIONS;
const UPDATE = 'Change a draft on-demand shift that has not started. Only the fields given change.';

/** Rostering On-Demand Shift version 2: its fields in n8n's resource mapper, and Create or Update. */
export class RosteringOnDemandShiftV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(ON_DEMAND_SHIFT_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { onDemandShift: writeOperations(ON_DEMAND_SHIFT_WRITES, ON_DEMAND_SHIFT_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update an on demand shift', 'on-demand shift', ON_DEMAND_SHIFT_PARTS);
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: UPDATE }];
		const beforePicker = mapperProperties(['create', 'createMany', 'update', 'upsert'], ON_DEMAND_SHIFT_MAPPED.mapper);
		this.description = versionDescription(baseDescription, ON_DEMAND_SHIFT_PARTS, { version: 2, operations, writes: ON_DEMAND_SHIFT_WRITES, rows: ON_DEMAND_SHIFT_MAPPED, beforePicker });
	}
}
