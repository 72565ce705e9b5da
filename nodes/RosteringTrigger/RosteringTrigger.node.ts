import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resource, type ResourceKey } from '../shared/resources';
import { listSearch } from '../shared/editor/search';
import { pollChanges, title, triggerProperties, WATCHABLE } from '../shared/trigger/trigger';
import type { TriggerExtension } from '../shared/trigger/extension';
import { NO_CLOCK_IN_EVENTS } from '../RosteringShiftTrigger/no-clock-in';
import { ATTENDANCE } from '../RosteringTimesheetTrigger/attendance';

/** The events of a resource's own trigger beyond the shared ones, which its poll runs here too. */
const OWN_EVENTS: Partial<Record<ResourceKey, TriggerExtension>> = { shift: NO_CLOCK_IN_EVENTS, timesheet: ATTENDANCE };

/**
 * The first trigger of the package: one node for every watchable resource, chosen by its Resource
 * selector. Each resource now has a trigger of its own (Rostering Shift Trigger, ...), which n8n's
 * nodes panel pairs with the resource's node; this one is hidden from the panel and stays so that
 * workflows saved with it keep running unchanged. It polls exactly as they do (shared/trigger/trigger.ts),
 * with their own events (OWN_EVENTS), though its Events list does not offer them.
 */
export class RosteringTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Trigger',
		name: 'rosteringTrigger',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#triggers',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		hidden: true,
		subtitle: '={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}',
		description: 'Starts the workflow when records are created, changed or removed in the rostering service',
		defaults: { name: 'Rostering Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				required: true,
				options: WATCHABLE.map((key) => ({
					name: title(key),
					value: key,
					description: resource(key).shown ? undefined : 'Its address is inferred: the API documentation does not show it',
				})).sort((a, b) => a.name.localeCompare(b.name)),
				default: 'shift',
				description: "The records to watch. Who's on now is not here: read it when needed with its own node.",
			},
			...triggerProperties(),
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const key = this.getNodeParameter('resource') as ResourceKey;
		return await pollChanges(this, key, OWN_EVENTS[key]);
	}
}
