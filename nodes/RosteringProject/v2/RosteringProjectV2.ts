import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { PROJECT_WRITES } from '../bodies';
import { PROJECT_OPERATIONS, PROJECT_PARTS } from '../description';
import { PROJECT_MAPPED, UPSERT } from './mapper';

const { archive, create, get, getAll, unarchive, update } = PROJECT_OPERATIONS;
const UPDATE = "Change a project's name, code, colour or employees. Only the fields given change.";

/** Rostering Project version 2: a project's fields in n8n's resource mapper, and Create or Update. */
export class RosteringProjectV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(PROJECT_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { project: writeOperations(PROJECT_WRITES, PROJECT_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const upsert = upsertOption('Create or update a project', 'project', PROJECT_PARTS);
		const operations = [archive, create, upsert, get, getAll, unarchive, { ...update, description: UPDATE }];
		const beforePicker = mapperProperties(['create', 'update', 'upsert'], PROJECT_MAPPED.mapper);
		this.description = versionDescription(baseDescription, PROJECT_PARTS, { version: 2, operations, writes: PROJECT_WRITES, rows: PROJECT_MAPPED, beforePicker });
	}
}
