import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from '../shared/editor/search';
import { pollChanges, triggerProperties } from '../shared/trigger/trigger';
import { builderHint } from '../shared/editor/builder-hints';

/** Starts a workflow on changes to positions; paired with Rostering Job Position in n8n's nodes panel by its name. */
export class RosteringPositionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Job Position Trigger',
		name: 'rosteringPositionTrigger',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#triggers',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}',
		// n8n's nodes panel shows the trigger's description for the node and its trigger together.
		description: 'Read the positions people are rostered to at each location; or start a workflow when one is created, changed or removed',
		defaults: { name: 'Rostering Job Position Trigger' },
		polling: true,
		builderHint: builderHint('rosteringPositionTrigger', true),
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		properties: triggerProperties('position'),
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollChanges(this, 'position');
	}
}
