import type { INodeProperties, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { fieldsCollection, idLocator } from '../../shared/editor/fields';
import { listSearch } from '../../shared/editor/search';
import { versionDescription } from '../../shared/writes/node-version';
import { writeOperations } from '../../shared/writes/writes';
import { PROJECT_WRITES } from '../bodies';
import { PROJECT_PARTS } from '../description';
import { option as archive } from '../archive.operation';
import { option as create } from '../create.operation';
import { option as get } from '../get.operation';
import { option as getAll } from '../getAll.operation';
import { option as unarchive } from '../unarchive.operation';
import { option as update } from '../update.operation';
import { PROJECT_PARAMETERS } from './rows';

/** A text field of a project: on Create (`onCreate`: required, shown for that operation), or in a collection. */
function text(displayName: string, name: string, description: string, onCreate = false): INodeProperties {
	const create = onCreate ? { required: true, displayOptions: { show: { operation: ['create'] } } } : {};
	return { displayName, name, type: 'string', default: '', description, ...create };
}

/** Employee IDs, in Additional Fields or Update Fields. */
function employeeIds(description: string): INodeProperties {
	return { displayName: 'Employee IDs', name: 'employeeIds', type: 'string', default: '', placeholder: 'e.g. 5f1a2b3c4d5e6f7a8b9c0d1e, 5f1a2b3c4d5e6f7a8b9c0d1f', description };
}

/** Rostering Project version 1: a project's fields as parameters (Name, Code, Additional Fields, Update Fields). */
export class RosteringProjectV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { listSearch };

	// Create, Create Many and Update read every item before sending any (nodes/shared/writes/writes.ts).
	customOperations = { project: writeOperations(PROJECT_WRITES, PROJECT_PARAMETERS) };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = versionDescription(baseDescription, PROJECT_PARTS, {
			version: 1,
			operations: [archive, create, get, getAll, unarchive, { ...update, description: "Change a project's name, code, colour or employees" }],
			writes: PROJECT_WRITES,
			rows: PROJECT_PARAMETERS,
			afterPicker: [
				idLocator({ name: 'projectId', displayName: 'Project', singular: 'project', searchMethod: 'searchProjects', required: true, operations: ['update'] }),
				text('Name', 'name', 'Name of the project, 1 to 100 characters', true),
				text('Code', 'code', 'Short code of the project, 1 to 20 characters. Two active projects cannot share a code.', true),
				fieldsCollection('additionalFields', ['create'], [
					{ displayName: 'Colour', name: 'colour', type: 'color', default: '', description: 'Colour of the project in the service: # followed by six hexadecimal digits, like #4caf50' },
					employeeIds('IDs of the employees on the project, separated by commas (at most 500). Each ID is 24 lowercase hexadecimal characters. An expression may also give an array of IDs.'),
				]),
				fieldsCollection('updateFields', ['update'], [
					text('Code', 'code', 'New short code, 1 to 20 characters. Two active projects cannot share a code.'),
					{ displayName: 'Colour', name: 'colour', type: 'color', default: '', description: 'New colour: # followed by six hexadecimal digits, like #4caf50' },
					employeeIds(
						"The project's employees from now on, replacing the current ones: IDs separated by commas (at most 500), or an array of IDs from an expression. Leave empty to take everyone off the project.",
					),
					text('Name', 'name', 'New name, 1 to 100 characters'),
					{ displayName: 'Remove Colour', name: 'removeColour', type: 'boolean', default: false, description: 'Whether to take the colour off the project' },
				]),
			],
		});
	}
}
