import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, inferredNotice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as get from './get.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [get.option, CUSTOM_API_CALL];

export class RosteringTimesheetTotal implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Timesheet Total',
		name: 'rosteringTimesheetTotal',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-timesheet-total',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Add up the hours people worked between two dates, from approved and pending timesheets',
		defaults: { name: 'Rostering Timesheet Total' },
		usableAsTool: true,
		builderHint: builderHint('rosteringTimesheetTotal', false),
		...actionNode(),
		properties: [
			inferredNotice(
				"One row per person: the hours of approved and pending timesheets started between From and To (days at each timesheet's location). Rejected timesheets and those still open are left out. Each figure is rounded once, so Total can differ from Approved + Pending by 0.01.",
			),
			...resourceAndOperation({ name: 'Timesheet Total', value: 'timesheetTotal' }, OPERATIONS, 'get'),
			...get.properties,
			requestOptions([], ['get']),
		],
	};

	methods = { listSearch };
}
