import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { MapperVersion, upsertOption } from '../../shared/writes/node-version';
import { PROJECT_WRITES, type ProjectRow } from '../bodies';
import { PROJECT_OPERATIONS, PROJECT_PARTS } from '../description';
import { PROJECT_MAPPED, UPSERT } from './mapper';

const { archive, create, get, getAll, unarchive, update } = PROJECT_OPERATIONS;
const UPDATE = "Change a project's name, code, colour or employees. Only the fields given change.";

/** Rostering Project version 2: a project's fields in n8n's resource mapper, and Create or Update. */
export class RosteringProjectV2 extends MapperVersion<ProjectRow> {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update a project', 'project', PROJECT_PARTS);
		const operations = [archive, create, upsert, get, getAll, unarchive, { ...update, description: UPDATE }];
		super(baseDescription, PROJECT_PARTS, { operations, writes: PROJECT_WRITES, rows: PROJECT_MAPPED, mapped: ['create', 'update', 'upsert'], upsert: UPSERT });
	}
}
