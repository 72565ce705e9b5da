import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import type { WriteNodeParts } from '../shared/writes/node-version';

/**
 * What both versions of Rostering Project show (v1/, v2/): the parameters they share, and the
 * operations both offer. The node as n8n lists it is RosteringProject.node.ts.
 */

const WRITES = ['archive', 'create', 'unarchive', 'update'];
const ALL = ['archive', 'create', 'get', 'getAll', 'unarchive', 'update', 'upsert'];
export const PICKER: Picker = { parameter: 'projectId', field: 'Project', singular: 'project' };

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
