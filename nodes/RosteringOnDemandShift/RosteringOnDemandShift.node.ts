import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { builderHint } from '../shared/editor/builder-hints';
import { RosteringOnDemandShiftV1 } from './v1/RosteringOnDemandShiftV1';
import { RosteringOnDemandShiftV2 } from './v2/RosteringOnDemandShiftV2';

/**
 * Rostering On-Demand Shift, in n8n's versioned form: version 1 (v1/: its fields as parameters)
 * and version 2 (v2/: the resource mapper, and Create or Update), new nodes getting version 2.
 */
export class RosteringOnDemandShift extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Rostering On-Demand Shift',
			name: 'rosteringOnDemandShift',
			documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-on-demand-shift',
			icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
			group: ['transform'],
			defaultVersion: 2,
			subtitle:
				'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
			description: 'Create, read, change and delete shifts offered to independent workers',
			usableAsTool: true,
			builderHint: builderHint('rosteringOnDemandShift', true),
		};
		super({ 1: new RosteringOnDemandShiftV1(baseDescription), 2: new RosteringOnDemandShiftV2(baseDescription) }, baseDescription);
	}
}
