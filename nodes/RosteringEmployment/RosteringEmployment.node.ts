import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';

const ALL = ['get', 'getAll'];

export class RosteringEmployment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Employment',
		name: 'rosteringEmployment',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-employment',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: "Read each person's employment at the business: basis, hours, payroll number and pay",
		defaults: { name: 'Rostering Employment' },
		usableAsTool: true,
		builderHint: builderHint('rosteringEmployment', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('employment') },
		properties: [
			{
				displayName:
					"People and employments are read-only here: they are added, changed and ended only in the service's own application (the API refuses partner apps). Someone who has left appears as an archived employment. Pay fields (pay basis, rates, salary, classification, award, rate overrides) appear only when the credential has Pay Details (pay:read).",
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Employment', value: 'employment' }],
				default: 'employment',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['employment'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get an employment',
						description: 'Read one employment, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/employments' },
							send: throughTransport(withRecordId('employmentId', 'Employment', 'employment')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many employments',
						description: 'List employments, filtered by person or last change; include archived ones to see who left',
						routing: {
							request: { method: 'GET', url: '/v1/employments' },
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
				name: 'employmentId',
				displayName: 'Employment',
				singular: 'employment',
				searchMethod: 'searchEmployments',
				required: true,
				description: "Pick the employment (archived ones are people who left), or enter its id, for example an employee's Employment ID",
				operations: ['get'],
			}),
			...returnAllAndLimit(),
			getManyFilters('employment'),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
