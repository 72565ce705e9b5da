import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, inferredNotice, requestOptions, requiredListParameter } from '../shared/editor/fields';
import { prepareList, requireRange, runThroughTransport, throughTransport } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get'];

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
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('timesheetTotal') },
		properties: [
			inferredNotice(
				"One row per person: the hours of approved and pending timesheets started between From and To (days at each timesheet's location). Rejected timesheets and those still open are left out. Each figure is rounded once, so Total can differ from Approved + Pending by 0.01.",
			),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Timesheet Total', value: 'timesheetTotal' }],
				default: 'timesheetTotal',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['timesheetTotal'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get timesheet totals',
						description: 'Hours per person for a range of days',
						routing: {
							request: { method: 'GET', url: '/v1/timesheet-totals' },
							send: throughTransport(requireRange('timesheet totals'), prepareList),
						},
					},
					{
						// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
						name: 'Custom API Call',
						value: '__CUSTOM_API_CALL__',
						action: 'Custom API call',
						description: 'Call any address of the API with the HTTP Request node and this credential',
					},
				],
				default: 'get',
			},
			requiredListParameter('timesheetTotal', 'from', 'get'),
			requiredListParameter('timesheetTotal', 'to', 'get'),
			getManyFilters('timesheetTotal', ['from', 'to'], 'get'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
