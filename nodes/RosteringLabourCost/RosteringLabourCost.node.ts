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

export class RosteringLabourCost implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Labour Cost',
		name: 'rosteringLabourCost',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-labour-cost',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Compare rostered and actual hours and costs per day and location',
		defaults: { name: 'Rostering Labour Cost' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLabourCost', false),
		...actionNode(),
		properties: [
			inferredNotice(
				'One row per calendar day and location, days without work included. Rostered hours and cost come from shifts and need the roster:read permission; actual hours and cost come from timesheets and need timesheets:read; the two costs also need pay:read. Figures the connection may not see are left out of the rows.',
			),
			...resourceAndOperation({ name: 'Labour Cost', value: 'labourCost' }, OPERATIONS, 'getAll'),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
