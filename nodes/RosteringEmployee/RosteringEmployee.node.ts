import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get', 'getAll'];

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
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('employee') },
		properties: [
			{
				displayName:
					"People and employments are read-only here: they are added, changed and ended only in the service's own application (the API refuses partner apps). Someone who has left is no longer listed; they appear as an archived employment.",
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Employee', value: 'employee' }],
				default: 'employee',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['employee'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get an employee',
						description: 'Read one person of the business',
						routing: {
							request: { method: 'GET', url: '/v1/employees' },
							send: throughTransport(withRecordId('employeeId', 'Employee', 'employee')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many employees',
						description: 'List the people of the business, or those whose details changed since a moment',
						routing: {
							request: { method: 'GET', url: '/v1/employees' },
							send: throughTransport(prepareList),
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
				default: 'getAll',
			},
			idLocator({
				name: 'employeeId',
				displayName: 'Employee',
				singular: 'employee',
				searchMethod: 'searchEmployees',
				required: true,
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('employee'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
