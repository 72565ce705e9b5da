import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import { withBody, type Picker } from '../shared/operations';
import { listOption, pickedOption, type WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering Project show (v1/, v2/): the parameters they share, and the
 * operations both offer. The node as n8n lists it is RosteringProject.node.ts.
 */

const WRITES = ['archive', 'create', 'unarchive', 'update'];
const ALL = ['archive', 'create', 'get', 'getAll', 'unarchive', 'update', 'upsert'];
const PICKER: Picker = { parameter: 'projectId', field: 'Project', singular: 'project' };

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
	url: '/v1/projects',
	notices: [
		notice(
			'Projects are never deleted: archive one to take it out of use, and unarchive it to bring it back. Creating and changing projects needs the Projects: change (projects:write) permission.',
		),
	],
	picker: idLocator({ name: 'projectId', displayName: 'Project', singular: 'project', searchMethod: 'searchProjects', required: true, operations: ['archive', 'get', 'unarchive'] }),
	last: [...returnAllAndLimit(), getManyFilters('project'), requestOptions(WRITES, ALL)],
};

/**
 * The operations both versions offer: n8n's routing runs Archive, the reads and Unarchive; the
 * writes (Create, Update: each version describes Update its own way) are routed by each version,
 * which reads their rows.
 */
export const PROJECT_OPERATIONS = {
	archive: pickedOption(
		{ name: 'Archive', value: 'archive', action: 'Archive a project', description: 'Take a project out of use; it is kept and can be unarchived' },
		PROJECT_PARTS,
		'PATCH',
		PICKER,
		withBody({ status: 'archived' }),
	),
	create: { name: 'Create', value: 'create', action: 'Create a project', description: 'Add an active project' },
	get: pickedOption({ name: 'Get', value: 'get', action: 'Get a project', description: 'Read one project, archived or not' }, PROJECT_PARTS, 'GET', PICKER),
	getAll: listOption(
		{
			action: 'Get many projects',
			description: 'List projects, filtered by status or last change; archived ones are included when Status is Archived or Include Archived is on',
		},
		PROJECT_PARTS,
		archivedOnRequest,
	),
	unarchive: pickedOption(
		{ name: 'Unarchive', value: 'unarchive', action: 'Unarchive a project', description: 'Make an archived project active again' },
		PROJECT_PARTS,
		'PATCH',
		PICKER,
		withBody({ status: 'active' }),
	),
	update: { name: 'Update', value: 'update', action: 'Update a project' },
};
