import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { builderHint } from '../shared/editor/builder-hints';
import { RosteringTimesheetV1 } from './v1/RosteringTimesheetV1';
import { RosteringTimesheetV2 } from './v2/RosteringTimesheetV2';

/**
 * Rostering Timesheet, in n8n's versioned form: version 1 (v1/: its fields as parameters) and
 * version 2 (v2/: the resource mapper, and Create or Update), new nodes getting version 2. The
 * note's spelling and the times' rules: description.ts.
 */
export class RosteringTimesheet extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Rostering Timesheet',
			name: 'rosteringTimesheet',
			documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-timesheet',
			icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
			group: ['transform'],
			defaultVersion: 2,
			subtitle:
				'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
			description: 'Create, read, change and delete timesheets (time worked)',
			usableAsTool: true,
			builderHint: builderHint('rosteringTimesheet', true),
		};
		super({ 1: new RosteringTimesheetV1(baseDescription), 2: new RosteringTimesheetV2(baseDescription) }, baseDescription);
	}
}
