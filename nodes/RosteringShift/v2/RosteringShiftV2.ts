import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { mappedWriteOperations } from '../../shared/writes/upsert';
import { SHIFT_WRITES } from '../bodies';
import { SHIFT_PARTS, SHIFT_READS, shiftCreates, shiftUpdate } from '../description';
import { MAPPER, SHIFT_MAPPED, UPSERT } from './mapper';

/** Rostering Shift version 2: a shift's fields in n8n's resource mapper, and Create or Update. */
export class RosteringShiftV2 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const update = shiftUpdate(SHIFT_MAPPED, 'Change a shift that has not started; a published shift becomes a draft again. Only the fields given change.');
		const description = writeNodeDescription(baseDescription, SHIFT_PARTS, {
			version: 2,
			operations: [...shiftCreates(SHIFT_MAPPED), upsertOption('Create or update a shift', 'shift', '/v1/shifts'), ...SHIFT_READS, update],
			beforePicker: mapperProperties(['create', 'createMany', 'update', 'upsert'], MAPPER),
		});
		super(description, { listSearch, resourceMapping: resourceMapping(MAPPER) }, { shift: mappedWriteOperations(SHIFT_WRITES, SHIFT_MAPPED, UPSERT) });
	}
}
