import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { builderHint } from '../shared/editor/builder-hints';
import { RosteringShiftV1 } from './v1/RosteringShiftV1';
import { RosteringShiftV2 } from './v2/RosteringShiftV2';

/**
 * Rostering Shift, in n8n's versioned form: version 1 (v1/: a shift's fields as parameters) and
 * version 2 (v2/: the resource mapper, and Create or Update), new nodes getting version 2.
 */
export class RosteringShift extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Rostering Shift',
			name: 'rosteringShift',
			documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-shift',
			icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
			group: ['transform'],
			defaultVersion: 2,
			subtitle:
				'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
			description: 'Create, read, change and delete rostered shifts',
			usableAsTool: true,
			builderHint: builderHint('rosteringShift', true),
		};
		super({ 1: new RosteringShiftV1(baseDescription), 2: new RosteringShiftV2(baseDescription) }, baseDescription);
	}
}
