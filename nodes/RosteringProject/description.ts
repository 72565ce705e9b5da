import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';

import { getManyFilters, idLocator, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { runThroughTransport, withBody } from '../shared/operations';
import type { RowSource } from '../shared/writes/bodies';
import { listOption, pickedOption, writeOption, type Picker, type WriteNodeParts } from '../shared/writes/node-version';
import { PROJECT_WRITES, type ProjectRow } from './bodies';

/** What both versions of Rostering Project show (v1/, v2/): the parameters they share, and the operations both offer. The node as n8n lists it is RosteringProject.node.ts. */

const URL = '/v1/projects';
const WRITES = ['archive', 'create', 'unarchive', 'update'];
const ALL = ['archive', 'create', 'get', 'getAll', 'unarchive', 'update', 'upsert'];
const PICKER: Picker = ['projectId', 'Project', 'project'];

/**
 * preSend for Get Many: the service hides archived records unless they are asked for, so choosing
 * Status Archived asks for them too (otherwise that filter could only ever return nothing).
 */
async function archivedOnRequest(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const qs: IDataObject = { ...(request.qs ?? {}) };
	if (qs.status === 'archived') qs.include_archived = true;
	return { ...request, qs };
}

export const PROJECT_PARTS: WriteNodeParts = {
	resource: { name: 'Project', value: 'project' },
	notices: [
		{
			displayName:
				'Projects are never deleted: archive one to take it out of use, and unarchive it to bring it back. Creating and changing projects needs the Projects: change (projects:write) permission.',
			name: 'notice',
			type: 'notice',
			default: '',
		},
	],
	picker: idLocator({
		name: 'projectId',
		displayName: 'Project',
		singular: 'project',
		searchMethod: 'searchProjects',
		required: true,
		operations: ['archive', 'get', 'unarchive'],
	}),
	last: [...returnAllAndLimit(), getManyFilters('project'), requestOptions(WRITES, ALL)],
	requestOperations: { pagination: runThroughTransport('project') },
};

/** Archive: n8n's routing runs it, in both versions. */
export const PROJECT_ARCHIVE = pickedOption(
	{ name: 'Archive', value: 'archive', action: 'Archive a project', description: 'Take a project out of use; it is kept and can be unarchived' },
	{ method: 'PATCH', url: URL },
	PICKER,
	withBody({ status: 'archived' }),
);

/** Create: run by the version's customOperations; n8n's AI-tool path builds the body from the row as the version reads it. */
export function projectCreate(rows: RowSource<ProjectRow>): INodePropertyOptions {
	const writes = { spec: PROJECT_WRITES, rows };
	return writeOption({ name: 'Create', value: 'create', action: 'Create a project', description: 'Add an active project' }, { method: 'POST', url: URL }, writes);
}

/** Get, Get Many and Unarchive: n8n's routing runs them, in both versions. */
export const PROJECT_READS: INodePropertyOptions[] = [
	pickedOption({ name: 'Get', value: 'get', action: 'Get a project', description: 'Read one project, archived or not' }, { method: 'GET', url: URL }, PICKER),
	listOption(
		{
			action: 'Get many projects',
			description: 'List projects, filtered by status or last change; archived ones are included when Status is Archived or Include Archived is on',
		},
		URL,
		archivedOnRequest,
	),
	pickedOption(
		{ name: 'Unarchive', value: 'unarchive', action: 'Unarchive a project', description: 'Make an archived project active again' },
		{ method: 'PATCH', url: URL },
		PICKER,
		withBody({ status: 'active' }),
	),
];

/** Update, as the version describes it and reads its rows. */
export function projectUpdate(rows: RowSource<ProjectRow>, description: string): INodePropertyOptions {
	const writes = { spec: PROJECT_WRITES, rows };
	return writeOption({ name: 'Update', value: 'update', action: 'Update a project', description }, { method: 'PATCH', url: URL }, writes);
}
