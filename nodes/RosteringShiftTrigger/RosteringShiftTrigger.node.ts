import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from '../shared/editor/search';
import { pollChanges, triggerProperties } from '../shared/trigger/trigger';
import { builderHint } from '../shared/editor/builder-hints';
import { NO_CLOCK_IN_EVENTS } from './no-clock-in';

/**
 * Starts a workflow on changes to shifts; paired with Rostering Shift in n8n's nodes panel by its name.
 * Its own event, No Clock-In, is beside it (no-clock-in.ts).
 */
export class RosteringShiftTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Shift Trigger',
		name: 'rosteringShiftTrigger',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#triggers',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}',
		// n8n's nodes panel shows the trigger's description for the node and its trigger together.
		description: 'Create, read, change and delete rostered shifts; or start a workflow when one is created, changed or removed',
		defaults: { name: 'Rostering Shift Trigger' },
		polling: true,
		builderHint: builderHint('rosteringShiftTrigger', true),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		properties: triggerProperties('shift', NO_CLOCK_IN_EVENTS),
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges(this, 'shift', NO_CLOCK_IN_EVENTS);
	}
}
