import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, inferredNotice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as getAll from './getAll.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [getAll.option, CUSTOM_API_CALL];

export class RosteringWhosOn implements INodeType {
	description: INodeTypeDescription = {
		displayName: "Rostering Who's On Now",
		name: 'rosteringWhosOn',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-whos-on',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'See who is clocked in right now, from the open timesheets',
		defaults: { name: "Rostering Who's On Now" },
		usableAsTool: true,
		builderHint: builderHint('rosteringWhosOn', false),
		...actionNode(),
		properties: [
			inferredNotice(
				'One row per person clocked in now: each open timesheet started in the last 24 hours, earliest first. Read it when you need it; it is a snapshot, not a list of changes, so there is no trigger for it.',
			),
			...resourceAndOperation({ name: "Who's On", value: 'whosOn' }, OPERATIONS, 'getAll'),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
