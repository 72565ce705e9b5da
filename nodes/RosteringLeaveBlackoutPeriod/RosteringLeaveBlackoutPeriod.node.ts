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

export class RosteringLeaveBlackoutPeriod implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Leave Blackout Period',
		name: 'rosteringLeaveBlackoutPeriod',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-leave-blackout-period',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the periods when staff may not take leave',
		defaults: { name: 'Rostering Leave Blackout Period' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLeaveBlackoutPeriod', true),
		...actionNode(),
		properties: [
			inferredNotice(
				"Periods when the business does not accept leave requests. Dates are calendar days at the business's first location.",
			),
			...resourceAndOperation({ name: 'Leave Blackout Period', value: 'leaveBlackoutPeriod' }, OPERATIONS, 'getAll'),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
