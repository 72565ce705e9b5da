import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, notice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
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

export class RosteringEmployee implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Employee',
		name: 'rosteringEmployee',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-employee',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: "Read the people of the business: names, contact details, locations and the positions they may not work",
		defaults: { name: 'Rostering Employee' },
		usableAsTool: true,
		builderHint: builderHint('rosteringEmployee', true),
		...actionNode(),
		properties: [
			notice("People and employments are read-only here: they are added, changed and ended only in the service's own application (the API refuses partner apps). Someone who has left is no longer listed; they appear as an archived employment."),
			...resourceAndOperation({ name: 'Employee', value: 'employee' }, OPERATIONS, 'getAll'),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
