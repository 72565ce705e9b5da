import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { MapperVersion, upsertOption } from '../../shared/writes/node-version';
import { ON_DEMAND_SHIFT_WRITES, type OnDemandShiftRow } from '../bodies';
import { ON_DEMAND_SHIFT_OPERATIONS, ON_DEMAND_SHIFT_PARTS } from '../description';
import { ON_DEMAND_SHIFT_MAPPED, UPSERT } from './mapper';

const { create, createMany, delete: remove, get, getAll, update } = ON_DEMAND_SHIFT_OPERATIONS;
const UPDATE = 'Change a draft on-demand shift that has not started. Only the fields given change.';

/** Rostering On-Demand Shift version 2: its fields in n8n's resource mapper, and Create or Update. */
export class RosteringOnDemandShiftV2 extends MapperVersion<OnDemandShiftRow> {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update an on demand shift', 'on-demand shift', ON_DEMAND_SHIFT_PARTS);
		const operations = [create, createMany, upsert, remove, get, getAll, { ...update, description: UPDATE }];
		super(baseDescription, ON_DEMAND_SHIFT_PARTS, { operations, writes: ON_DEMAND_SHIFT_WRITES, rows: ON_DEMAND_SHIFT_MAPPED, mapped: ['create', 'createMany', 'update', 'upsert'], upsert: UPSERT });
	}
}
