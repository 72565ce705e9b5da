import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/fields';
import { operationRunner, prepareList, updateFieldsOf, withBody, withRecordId } from '../shared/operations';
import { listSearch } from '../shared/search';
import { compact, ID_PATTERN, inputError } from '../shared/values';

const WRITES = ['archive', 'create', 'unarchive', 'update'];
const ALL = ['archive', 'create', 'get', 'getAll', 'unarchive', 'update'];

/** Spec, "Limits": project name, code and employee_ids. */
const MAX_NAME = 100;
const MAX_CODE = 20;
const MAX_EMPLOYEES = 500;
const NAME_RULE = `A project name is 1 to ${MAX_NAME} characters.`;
const CODE_RULE = `A project code is 1 to ${MAX_CODE} characters.`;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Name or code: text of 1 to `max` characters (a number mapped from a sheet counts as its digits). */
function textOf(ctx: IExecuteSingleFunctions, value: unknown, field: string, max: number, rule: string): string {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const text = typeof value === 'number' ? String(value) : value;
	if (text === undefined || text === null || text === '') throw inputError(node, itemIndex, `${field} is empty`, rule);
	if (typeof text !== 'string') {
		throw inputError(node, itemIndex, `${field}: ${JSON.stringify(text)} is not text`, rule);
	}
	if (text.length > max) throw inputError(node, itemIndex, `${field} is ${text.length} characters long`, rule);
	return text;
}

/** A colour as the API takes it: # and six hexadecimal digits. */
function colourOf(ctx: IExecuteSingleFunctions, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || !COLOUR.test(text)) {
		throw inputError(
			ctx.getNode(),
			ctx.getItemIndex(),
			`Colour: ${JSON.stringify(value)} is not a colour`,
			'A project colour is # followed by six hexadecimal digits (0-9, a-f), like #4caf50.',
		);
	}
	return text;
}

/**
 * Employee IDs: text of ids separated by commas (spaces and new lines also separate), or an array
 * of ids mapped by an expression. Each is checked; repeats are sent once.
 */
function employeeIdsOf(ctx: IExecuteSingleFunctions, value: unknown): string[] {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const field = 'Employee IDs';
	let list: unknown[];
	if (Array.isArray(value)) list = value;
	else if (typeof value === 'string') list = value.split(/[\s,]+/).filter((id) => id !== '');
	else if (value === undefined || value === null) list = [];
	else {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(value)} is not a list of employee IDs`,
			'Enter employee IDs separated by commas, or map an array of IDs with an expression.',
		);
	}
	const ids = list.map((id, i) => {
		const text = typeof id === 'string' ? id.trim() : id;
		if (typeof text !== 'string' || !ID_PATTERN.test(text)) {
			throw inputError(
				node,
				itemIndex,
				`${field} › ID ${i + 1}: ${JSON.stringify(text)} is not an employee id`,
				'Employee ids are 24 lowercase hexadecimal characters (0-9, a-f), like 5f1a2b3c4d5e6f7a8b9c0d1e, separated by commas.',
			);
		}
		return text;
	});
	const unique = [...new Set(ids)];
	if (unique.length > MAX_EMPLOYEES) {
		throw inputError(
			node,
			itemIndex,
			`${field} has ${unique.length} employees`,
			`A project has at most ${MAX_EMPLOYEES} employees. Give at most ${MAX_EMPLOYEES} different IDs.`,
		);
	}
	return unique;
}

/** Body of a project create, checked before anything is sent: only the keys the endpoint takes. */
async function createBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const name = textOf(ctx, ctx.getNodeParameter('name', ''), 'Name', MAX_NAME, NAME_RULE);
	const code = textOf(ctx, ctx.getNodeParameter('code', ''), 'Code', MAX_CODE, CODE_RULE);
	const extra = ctx.getNodeParameter('additionalFields', {}) as IDataObject;
	const colour = extra.colour === undefined || extra.colour === '' ? undefined : colourOf(ctx, extra.colour);
	const employeeIds = 'employeeIds' in extra ? employeeIdsOf(ctx, extra.employeeIds) : undefined;
	return compact({ name, code, colour, employee_ids: employeeIds?.length ? employeeIds : undefined });
}

/** Body of a project change: only the fields the user added. Status is Archive / Unarchive's. */
async function updateBody(ctx: IExecuteSingleFunctions): Promise<IDataObject> {
	const node = ctx.getNode();
	const itemIndex = ctx.getItemIndex();
	const fields = updateFieldsOf(ctx);
	const body: IDataObject = {};
	if ('name' in fields) body.name = textOf(ctx, fields.name, 'Name', MAX_NAME, NAME_RULE);
	if ('code' in fields) body.code = textOf(ctx, fields.code, 'Code', MAX_CODE, CODE_RULE);
	if ('colour' in fields) {
		if (fields.removeColour === true) {
			throw inputError(
				node,
				itemIndex,
				'Update Fields has both Colour and Remove Colour',
				'Choose one: a new colour, or Remove Colour to leave the project without a colour.',
			);
		}
		if (fields.colour === '' || fields.colour === undefined || fields.colour === null) {
			throw inputError(node, itemIndex, 'Colour is empty', 'Pick a colour, or use Remove Colour instead to take the colour off the project.');
		}
		body.colour = colourOf(ctx, fields.colour);
	}
	if (fields.removeColour === true) body.colour = null;
	// An empty list takes everyone off the project.
	if ('employeeIds' in fields) body.employee_ids = employeeIdsOf(ctx, fields.employeeIds);
	if (Object.keys(body).length === 0) {
		throw inputError(node, itemIndex, 'Update Fields has nothing to change', 'Add a field and give it a value.');
	}
	return body;
}

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
		displayName: 'Rostering Project',
		name: 'rosteringProject',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] }}',
		description: 'Create, read, change, archive and unarchive projects that shifts and timesheets are charged to',
		defaults: { name: 'Rostering Project' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: operationRunner('project') },
		properties: [
			{
				displayName:
					'Projects are never deleted: archive one to take it out of use, and unarchive it to bring it back. Creating and changing projects needs the Projects: change (projects:write) permission.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
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
				displayOptions: { show: { resource: ['project'] } },
				options: [
					{
						name: 'Archive',
						value: 'archive',
						action: 'Archive a project',
						description: 'Take a project out of use; it is kept and can be unarchived',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: {
								paginate: true,
								preSend: [withRecordId('projectId', 'Project', 'project'), withBody(async () => ({ status: 'archived' }))],
							},
						},
					},
					{
						name: 'Create',
						value: 'create',
						action: 'Create a project',
						description: 'Add an active project',
						routing: {
							request: { method: 'POST', url: '/v1/projects' },
							send: { paginate: true, preSend: [withBody(createBody)] },
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a project',
						description: 'Read one project, archived or not',
						routing: {
							request: { method: 'GET', url: '/v1/projects' },
							send: { paginate: true, preSend: [withRecordId('projectId', 'Project', 'project')] },
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
							send: { paginate: true, preSend: [prepareList, archivedOnRequest] },
						},
					},
					{
						name: 'Unarchive',
						value: 'unarchive',
						action: 'Unarchive a project',
						description: 'Make an archived project active again',
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: {
								paginate: true,
								preSend: [withRecordId('projectId', 'Project', 'project'), withBody(async () => ({ status: 'active' }))],
							},
						},
					},
					{
						name: 'Update',
						value: 'update',
						action: 'Update a project',
						description: "Change a project's name, code, colour or employees",
						routing: {
							request: { method: 'PATCH', url: '/v1/projects' },
							send: {
								paginate: true,
								preSend: [withRecordId('projectId', 'Project', 'project'), withBody(updateBody)],
							},
						},
					},
				],
				default: 'getAll',
			},
			idLocator({
				name: 'projectId',
				displayName: 'Project',
				singular: 'project',
				searchMethod: 'searchProjects',
				required: true,
				operations: ['archive', 'get', 'unarchive', 'update'],
			}),
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				required: true,
				default: '',
				description: 'Name of the project, 1 to 100 characters',
				displayOptions: { show: { operation: ['create'] } },
			},
			{
				displayName: 'Code',
				name: 'code',
				type: 'string',
				required: true,
				default: '',
				description: 'Short code of the project, 1 to 20 characters. Two active projects cannot share a code.',
				displayOptions: { show: { operation: ['create'] } },
			},
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { operation: ['create'] } },
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
				displayOptions: { show: { operation: ['update'] } },
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

	methods = { listSearch };
}
