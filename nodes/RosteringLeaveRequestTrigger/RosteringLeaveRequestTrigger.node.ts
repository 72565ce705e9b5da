import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from '../shared/editor/search';
import { pollChanges, triggerProperties } from '../shared/trigger/trigger';
import { withOtherStatuses } from '../RosteringLeaveRequest/leave-status';
import { builderHint } from '../shared/editor/builder-hints';

/** Starts a workflow on changes to leave requests; paired with Rostering Leave Request in n8n's nodes panel by its name. */
export class RosteringLeaveRequestTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Request Trigger',
		name: 'rosteringLeaveRequestTrigger',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#triggers',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}',
		// n8n's nodes panel shows the trigger's description for the node and its trigger together.
		description: 'Read leave requests: who is away, when, what kind of leave, and whether it is approved; or start a workflow when one is created, changed or removed',
		defaults: { name: 'Rostering Leave Request Trigger' },
		polling: true,
		builderHint: builderHint('rosteringLeaveRequestTrigger', true),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		// The Status filter says how to filter on a state spelled otherwise (leave-status.ts).
		properties: triggerProperties('leaveRequest').map((property) => (property.name === 'filters' ? withOtherStatuses(property) : property)),
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges(this, 'leaveRequest');
	}
}
