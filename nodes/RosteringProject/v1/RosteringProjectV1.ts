import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { WriteNodeVersion, writeNodeDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { PROJECT_WRITES } from '../bodies';
import { PROJECT_ARCHIVE, PROJECT_PARTS, PROJECT_READS, projectCreate, projectUpdate } from '../description';
import { PROJECT_PARAMETERS } from './rows';

const EXAMPLE_IDS = 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e, 5f1a2b3c4d5e6f7a8b9c0d1f';

/** Rostering Project version 1: a project's fields as parameters (Name, Code, Additional Fields, Update Fields). */
export class RosteringProjectV1 extends WriteNodeVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const rows = PROJECT_PARAMETERS;
		const onCreate = { show: { operation: ['create'] } };
		const description = writeNodeDescription(baseDescription, PROJECT_PARTS, {
			version: 1,
			operations: [PROJECT_ARCHIVE, projectCreate(rows), ...PROJECT_READS, projectUpdate(rows, "Change a project's name, code, colour or employees")],
			afterPicker: [
				idLocator({ name: 'projectId', displayName: 'Project', singular: 'project', searchMethod: 'searchProjects', required: true, operations: ['update'] }),
				{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', description: 'Name of the project, 1 to 100 characters', displayOptions: onCreate },
				{
					displayName: 'Code',
					name: 'code',
					type: 'string',
					required: true,
					default: '',
					description: 'Short code of the project, 1 to 20 characters. Two active projects cannot share a code.',
					displayOptions: onCreate,
				},
				fieldsCollection('additionalFields', ['create'], [
					{ displayName: 'Colour', name: 'colour', type: 'color', default: '', description: 'Colour of the project in the service: # followed by six hexadecimal digits, like #4caf50' },
					{
						displayName: 'Employee IDs',
						name: 'employeeIds',
						type: 'string',
						default: '',
						placeholder: EXAMPLE_IDS,
						description:
							'IDs of the employees on the project, separated by commas (at most 500). Each ID is 24 lowercase hexadecimal characters. An expression may also give an array of IDs.',
					},
				]),
				fieldsCollection('updateFields', ['update'], [
					{ displayName: 'Code', name: 'code', type: 'string', default: '', description: 'New short code, 1 to 20 characters. Two active projects cannot share a code.' },
					{ displayName: 'Colour', name: 'colour', type: 'color', default: '', description: 'New colour: # followed by six hexadecimal digits, like #4caf50' },
					{
						displayName: 'Employee IDs',
						name: 'employeeIds',
						type: 'string',
						default: '',
						placeholder: EXAMPLE_IDS,
						description:
							"The project's employees from now on, replacing the current ones: IDs separated by commas (at most 500), or an array of IDs from an expression. Leave empty to take everyone off the project.",
					},
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name, 1 to 100 characters' },
					{ displayName: 'Remove Colour', name: 'removeColour', type: 'boolean', default: false, description: 'Whether to take the colour off the project' },
				]),
			],
		});
		super(description, { listSearch }, { project: writeOperations(PROJECT_WRITES, rows) });
	}
}
