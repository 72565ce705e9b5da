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

export class RosteringLeaveType implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Type',
		name: 'rosteringLeaveType',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-type',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the kinds of leave the business offers, paid and unpaid',
		defaults: { name: 'Rostering Leave Type' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveType', true),
		...actionNode(),
		properties: [
			inferredNotice(
				'The kinds of leave the business offers (annual, personal, unpaid, ...). Leave requests and balances name them by Type ID.',
			),
			...resourceAndOperation({ name: 'Leave Type', value: 'leaveType' }, OPERATIONS, 'getAll'),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
