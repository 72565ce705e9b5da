/**
 * Add Names without a server: where the names go in a record (right after their ids, lists beside
 * lists, null for a null or unknown id), which lists a set of records needs, the execution cache
 * the lists are kept in, and where the option is shown (Get and Get Many of the nodes whose
 * records carry ids, and Shift's Assign If Open), as n8n's editor decides it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NodeHelpers, type INode, type INodeProperties, type INodePropertyOptions, type INodeType, type IVersionedNodeType } from 'n8n-workflow';

import { ExecutionCache } from '../../nodes/shared/requests/execution-cache';
import { employeeName, kindsNeeded, NAMED_RESOURCES, withNames, type NameLists } from '../../nodes/shared/editor/names';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const GONE = 'c'.repeat(24);
const L = 'd'.repeat(24);
const P = 'e'.repeat(24);

const lists: NameLists = new Map([
	['employee', new Map([[A, 'Ava Singh'], [B, 'Jack Thompson']])],
	['location', new Map([[L, 'Circular Quay Café']])],
	['position', new Map([[P, 'Barista']])],
	['timezone', new Map([[L, 'Australia/Sydney']])],
]);

describe('withNames', () => {
	it('puts each name right after its id, and keeps every other field as it was', () => {
		const shift = { id: '1', location_id: L, position_id: P, employee_id: A, status: 'published' };
		const named = withNames(shift, lists);
		expect(named).toEqual({ ...shift, employee_name: 'Ava Singh', location_name: 'Circular Quay Café', location_timezone: 'Australia/Sydney', position_name: 'Barista' });
		expect(Object.keys(named)).toEqual(['id', 'location_id', 'location_name', 'location_timezone', 'position_id', 'position_name', 'employee_id', 'employee_name', 'status']);
		expect(shift).not.toHaveProperty('employee_name');
	});

	it('gives null for a null id (an open shift) and for an id the list does not hold (someone who left)', () => {
		expect(withNames({ employee_id: null }, lists)).toEqual({ employee_id: null, employee_name: null });
		expect(withNames({ employee_id: GONE }, lists)).toEqual({ employee_id: GONE, employee_name: null });
		expect(withNames({ employee_id: A }, new Map())).toEqual({ employee_id: A, employee_name: null });
		expect(withNames({ location_id: null }, lists)).toEqual({ location_id: null, location_name: null, location_timezone: null });
	});

	it('names both people of a shift swap, and lists of ids as lists of names', () => {
		expect(withNames({ from_employee_id: A, to_employee_id: GONE, location_id: L }, lists)).toEqual({
			from_employee_id: A,
			from_employee_name: 'Ava Singh',
			to_employee_id: GONE,
			to_employee_name: null,
			location_id: L,
			location_name: 'Circular Quay Café',
			location_timezone: 'Australia/Sydney',
		});
		expect(withNames({ employee_ids: [A, GONE, B] }, lists)).toEqual({ employee_ids: [A, GONE, B], employee_names: ['Ava Singh', null, 'Jack Thompson'] });
		expect(withNames({ location_ids: [], excluded_position_ids: [P] }, lists)).toEqual({
			location_ids: [],
			location_names: [],
			excluded_position_ids: [P],
			excluded_position_names: ['Barista'],
		});
	});

	it('leaves a name the record already carries', () => {
		expect(withNames({ employee_id: A, employee_name: 'As sent' }, lists)).toEqual({ employee_id: A, employee_name: 'As sent' });
	});
});

describe('kindsNeeded', () => {
	it('asks only for the kinds whose ids the records hold', () => {
		expect([...kindsNeeded([{ employee_id: null, location_id: L }])]).toEqual(['location']);
		expect([...kindsNeeded([{ employee_ids: [] }, { id: A, name: 'x' }])]).toEqual([]);
		expect([...kindsNeeded([{ from_employee_id: A, to_employee_id: B }])]).toEqual(['employee']);
		expect([...kindsNeeded([{ excluded_position_ids: [P], location_ids: [L] }])].sort()).toEqual(['location', 'position']);
		expect([...kindsNeeded([])]).toEqual([]);
	});
});

it('names a person by preferred name (or first name) and last name', () => {
	expect(employeeName({ first_name: 'Olivia', preferred_name: 'Liv', last_name: 'Nguyen' })).toBe('Liv Nguyen');
	expect(employeeName({ first_name: 'Olivia', preferred_name: null, last_name: 'Nguyen' })).toBe('Olivia Nguyen');
	expect(employeeName({ first_name: '', last_name: '' })).toBeNull();
});

describe('ExecutionCache', () => {
	it('reads once for every caller of one key, even all at once', async () => {
		const cache = new ExecutionCache<number>(10);
		let reads = 0;
		const read = async () => {
			reads++;
			await Promise.resolve();
			return 42;
		};
		expect(await Promise.all([cache.get('x', read), cache.get('x', read), cache.get('x', read)])).toEqual([42, 42, 42]);
		expect(reads).toBe(1);
		await cache.get('y', read);
		expect(reads).toBe(2);
	});

	it('forgets a failed read, so the next caller reads again', async () => {
		const cache = new ExecutionCache<number>(10);
		await expect(cache.get('x', async () => await Promise.reject(new Error('refused')))).rejects.toThrow('refused');
		expect(cache.size).toBe(0);
		expect(await cache.get('x', async () => 1)).toBe(1);
	});

	it('holds at most its bound, dropping the oldest first', async () => {
		const cache = new ExecutionCache<number>(3);
		for (let i = 0; i < 5; i++) await cache.get(`k${i}`, async () => i);
		expect(cache.size).toBe(3);
		// k4 is kept (no read), k0 was dropped (read again).
		expect(await cache.get('k4', async () => -1)).toBe(4);
		expect(await cache.get('k0', async () => -1)).toBe(-1);
	});
});

describe('where the option is shown', () => {
	const ROOT = path.resolve(__dirname, '../..');
	const folders = readdirSync(path.join(ROOT, 'nodes')).filter((name) => name.startsWith('Rostering'));
	// The resource nodes; triggers (polling) have no operations and no Options of this kind.
	const nodes = folders
		.map((folder) => {
			const module = require(path.join(ROOT, 'nodes', folder, `${folder}.node.ts`)) as Record<string, new () => INodeType | IVersionedNodeType>;
			// A versioned node (the write nodes: v1/, v2/) as n8n gives new nodes: its default version.
			return NodeHelpers.getVersionedNodeType(new module[folder]()).description;
		})
		.filter((description) => !description.polling);

	it.each(nodes.map((d) => [d.name, d] as const))('%s: on Get and Get Many of resources whose records carry ids (and Assign If Open, which answers with a shift), nowhere else', (_, description) => {
		const options = description.properties.find((p) => p.name === 'options')!;
		const addNames = (options.options as INodeProperties[]).find((o) => o.name === 'addNames')!;
		expect(addNames).toMatchObject({ type: 'boolean', default: true });
		const resourceKey = String(description.properties.find((p) => p.name === 'resource')!.default);
		const operations = (description.properties.find((p) => p.name === 'operation')!.options as INodePropertyOptions[]).map((o) => String(o.value));
		const node = { name: 'Node', type: description.name, typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
		for (const operation of operations) {
			// As the editor does: the node's parameters with their defaults, the option inside Options.
			const parameters = NodeHelpers.getNodeParameters(description.properties, { operation, options: {} }, true, false, node, description)!;
			const shown = NodeHelpers.displayParameterPath({ parameters }, addNames, 'parameters.options', node, description);
			const expected = ['get', 'getAll', 'assignIfOpen'].includes(operation) && NAMED_RESOURCES.includes(resourceKey as never);
			expect({ operation, shown }).toEqual({ operation, shown: expected });
		}
	});

	it('is offered by the nodes that read shifts, timesheets, who is on, swaps and totals', () => {
		for (const key of ['shift', 'timesheet', 'whosOn', 'shiftSwap', 'timesheetTotal']) expect(NAMED_RESOURCES).toContain(key);
	});
});
