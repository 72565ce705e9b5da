import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from './editor/fields';
import { readOne, sentBy, type Picker } from './operations';
import type { ResourceKey } from './resources';

/** How a Get reads its record: the request its routing names, its words in the editor, its id picker. */
export interface GetSpec {
	/** GET of the resource's path; the id picked goes on the end (operations.ts readOne). */
	request: { method: 'GET'; url: string };
	action: string;
	description: string;
	/**
	 * The picker of the record's id, with its search (editor/search.ts) and, where the field's own
	 * words help, its description. None where the path names the one record (the business).
	 */
	picker?: Picker & { searchMethod: string; description?: string };
}

/**
 * The Get of one record, as the read nodes have it: its option in the Operation dropdown, sent by
 * `readOne(key, picker)`, and its parameters, the picker of the record's id (required).
 */
export function getOperation(key: ResourceKey, spec: GetSpec): { option: INodePropertyOptions; properties: INodeProperties[] } {
	const { picker } = spec;
	const option: INodePropertyOptions = {
		name: 'Get',
		value: 'get',
		action: spec.action,
		description: spec.description,
		routing: { request: spec.request, ...sentBy(readOne(key, picker)) },
	};
	if (!picker) return { option, properties: [] };
	const { parameter, field, singular, searchMethod, description } = picker;
	const locator = idLocator({ name: parameter, displayName: field, singular, searchMethod, required: true, description, operations: ['get'] });
	return { option, properties: [locator] };
}
