import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { builderHint } from '../shared/editor/builder-hints';
import { RosteringProjectV1 } from './v1/RosteringProjectV1';
import { RosteringProjectV2 } from './v2/RosteringProjectV2';

/**
 * Rostering Project or Cost Centre, in n8n's versioned form: version 1 (v1/: its fields as
 * parameters) and version 2 (v2/: the resource mapper, and Create or Update), new nodes getting
 * version 2.
 */
export class RosteringProject extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Rostering Project or Cost Centre',
			name: 'rosteringProject',
			documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-project',
			icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
			group: ['transform'],
			defaultVersion: 2,
			subtitle:
				'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
			description: 'Create, read, change, archive and unarchive projects that shifts and timesheets are charged to',
			usableAsTool: true,
			builderHint: builderHint('rosteringProject', true),
		};
		super({ 1: new RosteringProjectV1(baseDescription), 2: new RosteringProjectV2(baseDescription) }, baseDescription);
	}
}
