import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, inferredNotice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [get.option, getAll.option, CUSTOM_API_CALL];

export class RosteringAward implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Pay Award',
		name: 'rosteringAward',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-award',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the awards (industrial agreements) that set pay rules for positions and employments',
		defaults: { name: 'Rostering Pay Award' },
		usableAsTool: true,
		builderHint: builderHint('rosteringAward', true),
		...actionNode(),
		properties: [
			inferredNotice(
				"The awards that set pay rules; a position's or employment's Award ID names one of these.",
			),
			...resourceAndOperation({ name: 'Award', value: 'award' }, OPERATIONS, 'getAll'),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
