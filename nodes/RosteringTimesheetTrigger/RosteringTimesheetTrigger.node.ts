import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from '../shared/editor/search';
import { pollChanges, triggerProperties } from '../shared/trigger/trigger';
import { builderHint } from '../shared/editor/builder-hints';
import { ATTENDANCE } from './attendance';

/**
 * Starts a workflow on changes to timesheets; paired with Rostering Timesheet in n8n's nodes panel by
 * its name. Its own events, the attendance events (Late Clock-In, Still Clocked In, Break Not Taken,
 * Long Hours), are beside it (attendance.ts and, by role, attendance-*.ts, with the shifts they read: shift-reads.ts).
 */
export class RosteringTimesheetTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Timesheet Trigger',
		name: 'rosteringTimesheetTrigger',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#triggers',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}',
		// n8n's nodes panel shows the trigger's description for the node and its trigger together.
		description: 'Create, read, change and delete timesheets (time worked); or start a workflow when one is created, changed or removed',
		defaults: { name: 'Rostering Timesheet Trigger' },
		polling: true,
		builderHint: builderHint('rosteringTimesheetTrigger', true),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		properties: triggerProperties('timesheet', ATTENDANCE),
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges(this, 'timesheet', ATTENDANCE);
	}
}
