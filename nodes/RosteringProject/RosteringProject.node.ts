import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit, VERSION_1 } from '../shared/editor/fields';
import { prepareList, runThroughTransport, throughTransport, withBody, withRecordId } from '../shared/operations';
import { mapperProperty, resourceMapping } from '../shared/writes/mapper';
import { toolCallBody } from '../shared/writes/bodies';
import { aiToolRouting } from '../shared/n8n-internals';
import { listSearch } from '../shared/editor/search';
import { mappedWriteOperations } from '../shared/writes/upsert';
import { PROJECT_WRITES } from './bodies';
import { MAPPER, UPSERT } from './mapper';
import { builderHint } from '../shared/editor/builder-hints';

const WRITES = ['archive', 'create', 'unarchive', 'update'];
const ALL = ['archive', 'create', 'get', 'getAll', 'unarchive', 'update', 'upsert'];

/**
 * preSend for Get Many: the service hides archived records unless they are asked for, so choosing
 * Status Archived asks for them too (otherwise that filter could only ever return nothing).
 */
async function archivedOnRequest(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const qs: IDataObject = { ...(request.qs ?? {}) };
	if (qs.status === 'archived') qs.include_archived = true;
	return { ...request, qs };
}

export class RosteringProject implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Project or Cost Centre',
		name: 'rosteringProject',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-project',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Create, read, change, archive and unarchive projects that shifts and timesheets are charged to',
		defaults: { name: 'Rostering Project or Cost Centre' },
		usableAsTool: true,
		builderHint: builderHint('rosteringProject', true),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('project') },
		properties: [
			{
				displayName:
					'Projects are never deleted: archive one to take it out of use, and unarchive it to bring it back. Creating and changing projects needs the Projects: change (projects:write) permission.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				// A visible dropdown with one choice: n8n's scanner (resource-operation-pattern) requires a
				// Resource selector on a node with more than five operations. Nodes with five or fewer hide it.
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Project', value: 'project' }],
				default: 'project',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['project'], '@version': [{ _cnd: { gte: 2 } }] } },
				options: [
					{
						name: 'Archive',
						value: 'archive',
						action: 'Archive a project',
						description: 'Take a project out of use; it is kept and can be unarchived',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project'), withBody({ status: 'archived' })),
						},
					},
					{
						name: 'Create',
						value: 'create',
						action: 'Create a project',
						description: 'Add an active project',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/projects' }, throughTransport(toolCallBody(PROJECT_WRITES, 'create'))),
					},
					{
						name: 'Create or Update',
						value: 'upsert',
						action: 'Create or update a project',
						description: 'Create a new project, or update the current one if it already exists (upsert)',
						// Run by customOperations below; on n8n's AI-tool path it says it is not offered (runThroughTransport).
						routing: aiToolRouting({ method: 'POST', url: '/v1/projects' }, throughTransport()),
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a project',
						description: 'Read one project, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many projects',
						description:
							'List projects, filtered by status or last change; archived ones are included when Status is Archived or Include Archived is on',
						routing: {
							request: { method: 'GET', url: '/v1/projects' },
							send: throughTransport(prepareList, archivedOnRequest),
						},
					},
					{
						name: 'Unarchive',
						value: 'unarchive',
						action: 'Unarchive a project',
						description: 'Make an archived project active again',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project'), withBody({ status: 'active' })),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a project',
						description: "Change a project's name, code, colour or employees. Only the fields given change.",
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/projects' }, throughTransport(toolCallBody(PROJECT_WRITES, 'update'))),
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
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['project'], '@version': [1] } },
				options: [
					{
						name: 'Archive',
						value: 'archive',
						action: 'Archive a project',
						description: 'Take a project out of use; it is kept and can be unarchived',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project'), withBody({ status: 'archived' })),
						},
					},
					{
						name: 'Create',
						value: 'create',
						action: 'Create a project',
						description: 'Add an active project',
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'POST', url: '/v1/projects' }, throughTransport(toolCallBody(PROJECT_WRITES, 'create'))),
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a project',
						description: 'Read one project, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project')),
						},
					},
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many projects',
						description:
							'List projects, filtered by status or last change; archived ones are included when Status is Archived or Include Archived is on',
						routing: {
							request: { method: 'GET', url: '/v1/projects' },
							send: throughTransport(prepareList, archivedOnRequest),
						},
					},
					{
						name: 'Unarchive',
						value: 'unarchive',
						action: 'Unarchive a project',
						description: 'Make an archived project active again',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: throughTransport(withRecordId('projectId', 'Project', 'project'), withBody({ status: 'active' })),
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a project',
						description: "Change a project's name, code, colour or employees",
						// Run by customOperations below; n8n's AI-tool path runs this routing (n8n-internals A7).
						routing: aiToolRouting({ method: 'PATCH', url: '/v1/projects' }, throughTransport(toolCallBody(PROJECT_WRITES, 'update'))),
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
			// Right below the operation, as n8n's own data nodes show their columns.
			mapperProperty('create', MAPPER),
			mapperProperty('update', MAPPER),
			mapperProperty('upsert', MAPPER),
			idLocator({
				name: 'projectId',
				displayName: 'Project',
				singular: 'project',
				searchMethod: 'searchProjects',
				required: true,
				operations: ['archive', 'get', 'unarchive'],
			}),
			idLocator({
				name: 'projectId',
				displayName: 'Project',
				singular: 'project',
				searchMethod: 'searchProjects',
				required: true,
				operations: ['update'],
				versions: VERSION_1,
			}),
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				required: true,
				default: '',
				description: 'Name of the project, 1 to 100 characters',
				displayOptions: { show: { operation: ['create'], '@version': [1] } },
			},
			{
				displayName: 'Code',
				name: 'code',
				type: 'string',
				required: true,
				default: '',
				description: 'Short code of the project, 1 to 20 characters. Two active projects cannot share a code.',
				displayOptions: { show: { operation: ['create'], '@version': [1] } },
			},
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create'], '@version': [1] } },
				options: [
					{
						displayName: 'Colour',
						name: 'colour',
						type: 'color',
						default: '',
						description: 'Colour of the project in the service: # followed by six hexadecimal digits, like #4caf50',
					},
					{
						displayName: 'Employee IDs',
						name: 'employeeIds',
						type: 'string',
						default: '',
						placeholder: 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e, 5f1a2b3c4d5e6f7a8b9c0d1f',
						description:
							'IDs of the employees on the project, separated by commas (at most 500). Each ID is 24 lowercase hexadecimal characters. An expression may also give an array of IDs.',
					},
				],
			},
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['update'], '@version': [1] } },
				options: [
					{
						displayName: 'Code',
						name: 'code',
						type: 'string',
						default: '',
						description: 'New short code, 1 to 20 characters. Two active projects cannot share a code.',
					},
					{
						displayName: 'Colour',
						name: 'colour',
						type: 'color',
						default: '',
						description: 'New colour: # followed by six hexadecimal digits, like #4caf50',
					},
					{
						displayName: 'Employee IDs',
						name: 'employeeIds',
						type: 'string',
						default: '',
						placeholder: 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e, 5f1a2b3c4d5e6f7a8b9c0d1f',
						description:
							"The project's employees from now on, replacing the current ones: IDs separated by commas (at most 500), or an array of IDs from an expression. Leave empty to take everyone off the project.",
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'New name, 1 to 100 characters',
					},
					{
						displayName: 'Remove Colour',
						name: 'removeColour',
						type: 'boolean',
						default: false,
						description: 'Whether to take the colour off the project',
					},
				],
			},
			...returnAllAndLimit(),
			getManyFilters('project'),
			requestOptions(WRITES, ALL),
		],
	};

	methods = { listSearch, resourceMapping: resourceMapping(MAPPER) };

	// Create and Update read every item before sending any (nodes/shared/writes/writes.ts); Create or
	// Update matches every row first (nodes/shared/writes/upsert.ts).
	customOperations = { project: mappedWriteOperations(PROJECT_WRITES, UPSERT) };
}
