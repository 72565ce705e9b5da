import type { INodeProperties } from 'n8n-workflow';

/**
 * Leave request states. The API documentation shows only `pending` ("further states and
 * transitions: not shown"), so the Status filter's options (resources.ts: pending, approved,
 * declined, cancelled) are one guess at the spelling of each. Saved workflows hold those values,
 * so the options stay as they are (no new node version). n8n lets any options parameter take an
 * expression, and the node sends the value as it is written: a state spelled otherwise by the
 * service (rejected, canceled, withdrawn...) is filtered on that way, and the Status filter says so.
 * The trigger's Decided event needs no spelling: any move out of pending (what-changed.ts).
 */
const OTHER_STATUS_NOTE =
	"The service may name the states after pending otherwise (for example rejected, canceled or withdrawn): for a state not in the list, switch this field to Expression and type it as the service writes it";

/** A Filters collection whose Status filter says how to filter on a state not in its list. */
export function withOtherStatuses(filters: INodeProperties): INodeProperties {
	return {
		...filters,
		options: (filters.options as INodeProperties[]).map((option) =>
			option.name === 'status' ? { ...option, description: `${String(option.description ?? '')}. ${OTHER_STATUS_NOTE}.` } : option,
		),
	};
}
