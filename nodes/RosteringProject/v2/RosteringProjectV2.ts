import type { INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { PROJECT_WRITES } from '../bodies';
import { PROJECT_PARTS } from '../description';
import { option as archive } from '../archive.operation';
import { option as create } from '../create.operation';
import { option as get } from '../get.operation';
import { option as getAll } from '../getAll.operation';
import { option as unarchive } from '../unarchive.operation';
import { option as update } from '../update.operation';
import { PROJECT_MAPPED, UPSERT } from './mapper';
import { option as upsert } from './upsert.operation';

const UPDATE = "Change a project's name, code, colour or employees. Only the fields given change.";

/** Rostering Project version 2: a project's fields in n8n's resource mapper, and Create or Update. */
export class RosteringProjectV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch, resourceMapping: resourceMapping(PROJECT_MAPPED.mapper) };

	// Create, Create Many, Update and Create or Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { project: writeOperations(PROJECT_WRITES, PROJECT_MAPPED, UPSERT) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		const operations = [archive, create, upsert, get, getAll, unarchive, { ...update, description: UPDATE }];
		const beforePicker = mapperProperties(['create', 'update', 'upsert'], PROJECT_MAPPED.mapper);
		this.description = versionDescription(baseDescription, PROJECT_PARTS, { version: 2, operations, writes: PROJECT_WRITES, rows: PROJECT_MAPPED, beforePicker });
	}
}
