import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { mappedWriteOperations } from '../../shared/writes/upsert';
import { PROJECT_WRITES } from '../bodies';
import { PROJECT_ARCHIVE, PROJECT_PARTS, PROJECT_READS, projectCreate, projectUpdate } from '../description';
import { MAPPER, PROJECT_MAPPED, UPSERT } from './mapper';

/** Rostering Project version 2: a project's fields in n8n's resource mapper, and Create or Update. */
export class RosteringProjectV2 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = PROJECT_MAPPED;
		const upsert = upsertOption('Create or update a project', 'project', '/v1/projects');
		const update = projectUpdate(rows, "Change a project's name, code, colour or employees. Only the fields given change.");
		const description = writeNodeDescription(baseDescription, PROJECT_PARTS, {
			version: 2,
			operations: [PROJECT_ARCHIVE, projectCreate(rows), upsert, ...PROJECT_READS, update],
			beforePicker: mapperProperties(['create', 'update', 'upsert'], MAPPER),
		});
		super(description, { listSearch, resourceMapping: resourceMapping(MAPPER) }, { project: mappedWriteOperations(PROJECT_WRITES, rows, UPSERT) });
	}
}
