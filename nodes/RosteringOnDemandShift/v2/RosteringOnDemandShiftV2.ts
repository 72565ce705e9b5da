import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { listSearch } from '../../shared/editor/search';
import { mapperProperties, resourceMapping } from '../../shared/writes/mapper';
import { upsertOption, WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { mappedWriteOperations } from '../../shared/writes/upsert';
import { ON_DEMAND_SHIFT_WRITES } from '../bodies';
import { ON_DEMAND_SHIFT_PARTS, ON_DEMAND_SHIFT_READS, onDemandShiftCreates, onDemandShiftUpdate } from '../description';
import { MAPPER, ON_DEMAND_SHIFT_MAPPED, UPSERT } from './mapper';

/** Rostering On-Demand Shift version 2: its fields in n8n's resource mapper, and Create or Update. */
export class RosteringOnDemandShiftV2 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = ON_DEMAND_SHIFT_MAPPED;
		const upsert = upsertOption('Create or update an on demand shift', 'on-demand shift', '/v1/on-demand-shifts');
		const update = onDemandShiftUpdate(rows, 'Change a draft on-demand shift that has not started. Only the fields given change.');
		const description = writeNodeDescription(baseDescription, ON_DEMAND_SHIFT_PARTS, {
			version: 2,
			operations: [...onDemandShiftCreates(rows), upsert, ...ON_DEMAND_SHIFT_READS, update],
			beforePicker: mapperProperties(['create', 'createMany', 'update', 'upsert'], MAPPER),
		});
		super(description, { listSearch, resourceMapping: resourceMapping(MAPPER) }, { onDemandShift: mappedWriteOperations(ON_DEMAND_SHIFT_WRITES, rows, UPSERT) });
	}
}
