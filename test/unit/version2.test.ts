/**
 * Version 2 of the write nodes (n8n versioned nodes: version 1's description in the node's v1/,
 * version 2's with the mapper in v2/), as n8n's editor decides what to show (n8n-workflow's
 * NodeHelpers.getVersionedNodeType for the version's description, and NodeHelpers.displayParameter,
 * the function the editor and the engine use): a saved version 1 node sees exactly its old
 * parameters, a version 2 node the mapper.
 */
import type { INodeProperties, INodePropertyOptions, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { RosteringOnDemandShift } from '../../nodes/RosteringOnDemandShift/RosteringOnDemandShift.node';
import { RosteringProject } from '../../nodes/RosteringProject/RosteringProject.node';
import { RosteringShift } from '../../nodes/RosteringShift/RosteringShift.node';
import { RosteringTimesheet } from '../../nodes/RosteringTimesheet/RosteringTimesheet.node';

const NODES: Array<[string, IVersionedNodeType, string]> = [
	['Shift', new RosteringShift(), 'shift'],
	['Timesheet', new RosteringTimesheet(), 'timesheet'],
	['On-Demand Shift', new RosteringOnDemandShift(), 'onDemandShift'],
	['Project', new RosteringProject(), 'project'],
];

/** The versions a node takes, as n8n lists them. */
function versionsOf(type: IVersionedNodeType): number[] {
	return Object.keys(type.nodeVersions).map(Number);
}

/** The description of one version of the node, as n8n gives it to the editor. */
function descriptionOf(type: IVersionedNodeType, typeVersion: number) {
	return NodeHelpers.getVersionedNodeType(type, typeVersion).description;
}

/** The parameters the editor shows a node of this version with this operation, by name. */
function shown(type: IVersionedNodeType, typeVersion: number, resource: string, operation: string): string[] {
	const values = { resource, operation };
	const description = descriptionOf(type, typeVersion);
	return description.properties
		.filter((property) => property.type !== 'notice')
		.filter((property) => NodeHelpers.displayParameter(values, property, { typeVersion }, description))
		.map((property) => property.name);
}

function operationsOf(type: IVersionedNodeType, typeVersion: number, resource: string): string[] {
	const description = descriptionOf(type, typeVersion);
	const operation = description.properties.find(
		(property: INodeProperties) => property.name === 'operation' && NodeHelpers.displayParameter({ resource }, property, { typeVersion }, description),
	)!;
	return (operation.options as INodePropertyOptions[]).map((option) => String(option.value));
}

describe.each(NODES)('Rostering %s', (_, type, resource) => {
	it('is version 2 for new nodes and still takes version 1', () => {
		expect(versionsOf(type)).toEqual([1, 2]);
		expect(type.description.defaultVersion).toBe(2);
	});

	it('version 1 shows its old operations and parameters, no mapper and no Create or Update', () => {
		expect(operationsOf(type, 1, resource)).not.toContain('upsert');
		for (const operation of ['create', 'update']) {
			const names = shown(type, 1, resource, operation);
			expect(names).not.toContain('columns');
			expect(names).toContain(operation === 'create' ? 'additionalFields' : 'updateFields');
		}
	});

	it('version 2 adds Create or Update, and its writes show the mapper instead of the fields', () => {
		const operations = operationsOf(type, 2, resource);
		// Version 1's operations, with Create or Update right after the creates (and, for shifts, Assign If Open: only in version 2).
		expect(operations.filter((operation) => operation !== 'upsert' && operation !== 'assignIfOpen')).toEqual(operationsOf(type, 1, resource));
		expect(operations.includes('assignIfOpen')).toBe(resource === 'shift');
		expect(operations[operations.indexOf('upsert') - 1]).toMatch(/^create/);
		for (const operation of ['create', 'update', 'upsert']) {
			const names = shown(type, 2, resource, operation);
			expect(names.filter((name) => name === 'columns')).toHaveLength(1);
			expect(names).not.toContain('additionalFields');
			expect(names).not.toContain('updateFields');
			expect(names).toContain('options');
		}
		// The record picker stays where it is read (Get), and leaves Update (the row's ID).
		const picker = `${resource}Id`;
		expect(shown(type, 2, resource, 'get')).toContain(picker);
		expect(shown(type, 2, resource, 'update')).not.toContain(picker);
		expect(shown(type, 1, resource, 'update')).toContain(picker);
	});
});
