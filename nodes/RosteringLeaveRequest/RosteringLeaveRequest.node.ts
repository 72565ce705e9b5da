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

export class RosteringLeaveRequest implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Request',
		name: 'rosteringLeaveRequest',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-request',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read leave requests: who is away, when, what kind of leave, and whether it is approved',
		defaults: { name: 'Rostering Leave Request' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveRequest', true),
		...actionNode(),
		properties: [
			inferredNotice(
				"Read only: the API gives partner apps no permission to create, approve or cancel leave, so that is done in the service's own application. Dates are calendar days at the business's first location.",
			),
			...resourceAndOperation({ name: 'Leave Request', value: 'leaveRequest' }, OPERATIONS, 'getAll'),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
