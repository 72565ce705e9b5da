/**
 * Rules every node of the package keeps, checked over all of them: registered for n8n, operations
 * sorted with action labels, Return All and Limit on every Get Many, only filters the spec lists
 * for the endpoint, usable as an AI tool, a picker for every id, and the routing that sends every
 * request through the transport.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeType, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { OPERATION_SUBTITLE } from '../../nodes/shared/editor/fields';
import { CUSTOM_API_CALL } from '../../nodes/shared/n8n-internals';
import { TRIGGER_SUBTITLE } from '../../nodes/shared/trigger/trigger';
import { RESOURCES, type ResourceSpec } from '../../nodes/shared/resources';

const ROOT = path.resolve(__dirname, '../..');
const packageJson = require(path.join(ROOT, 'package.json')) as { n8n: { nodes: string[]; credentials: string[] } };

const nodeFolders = readdirSync(path.join(ROOT, 'nodes')).filter((name) => name.startsWith('Rostering'));
const nodes = nodeFolders.map((folder) => {
	const file = path.join(ROOT, 'nodes', folder, `${folder}.node.ts`);
	const module = require(file) as Record<string, new () => INodeType | IVersionedNodeType>;
	// A versioned node (the write nodes: v1/, v2/) is checked as n8n gives new nodes: its default version.
	return { folder, type: NodeHelpers.getVersionedNodeType(new module[folder]()) };
});

/** The node's own operations, without the Custom API Call every action node ends with (A8). */
function operationsOf(type: INodeType): INodePropertyOptions[] {
	const operation = type.description.properties.find((p) => p.name === 'operation');
	return ((operation?.options ?? []) as INodePropertyOptions[]).filter((o) => o.value !== CUSTOM_API_CALL.value);
}

/** The resource a node serves, found from the paths its operations request. */
function resourceOf(type: INodeType): ResourceSpec {
	const urls = operationsOf(type).map((o) => String(o.routing?.request?.url ?? ''));
	const spec = Object.values(RESOURCES).find((r) => urls.every((url) => url === `/v1/${r.path}`));
	if (!spec) throw new Error(`${type.description.name}: operations request ${urls.join(', ')}, not one resource of the table`);
	return spec;
}

/** Every property, including those nested in collections and fixed collections. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((p) => {
		const nested = (p.options ?? []).flatMap((o) =>
			'values' in o ? allProperties(o.values as INodeProperties[]) : 'type' in o ? allProperties([o as INodeProperties]) : [],
		);
		return [p, ...nested];
	});
}

it('finds the nodes', () => {
	expect(nodes.length).toBeGreaterThan(0);
});

// The trigger (polling, no operations) has rules of its own, below.
const resourceNodes = nodes.filter((n) => !n.type.description.polling);

describe.each(resourceNodes.map((n) => [n.folder, n.type] as const))('%s', (folder, type) => {
	const { description } = type;

	it('is registered in package.json for n8n to load', () => {
		expect(packageJson.n8n.nodes).toContain(`dist/nodes/${folder}/${folder}.node.js`);
	});

	it('is named as the house conventions say, usable as an AI tool, with the package credential', () => {
		expect(description.name).toBe(folder.charAt(0).toLowerCase() + folder.slice(1));
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'rosteringOAuth2Api', required: true }]);
		// The service's address comes from the credential in the transport, once per execution.
		expect(description.requestDefaults?.baseURL).toBeUndefined();
	});

	it('lists its operations sorted by name, each with a sentence-case action, all sent through the transport', () => {
		const operations = operationsOf(type);
		expect(operations.length).toBeGreaterThan(0);
		const names = operations.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		for (const operation of operations) {
			expect(operation.action).toMatch(/^[A-Z][a-z-]*( [a-z0-9-]+)*$/);
			expect(operation.routing?.send?.paginate).toBe(true);
			// The function that sends it through the transport: the operation's own, or the node's.
			expect(typeof (operation.routing?.operations?.pagination ?? description.requestOperations?.pagination)).toBe('function');
		}
	});

	it('hides its one-choice Resource selector, unless n8n\'s scanner asks for it (more than five operations)', () => {
		const selector = description.properties.find((p) => p.name === 'resource')!;
		// Still declared with its one option and default: customOperations reads
		// node.parameters.resource, and n8n's nodes panel reads the options of a `resource` property.
		expect(selector.options).toHaveLength(1);
		expect(selector.default).toBe((selector.options![0] as { value: string }).value);
		expect(selector.type).toBe(operationsOf(type).length > 5 ? 'options' : 'hidden');
	});

	it("ends its operations with Custom API Call as n8n's loader would add it, but with an action (n8n-internals A8)", () => {
		const options = description.properties.find((p) => p.name === 'operation')!.options as INodePropertyOptions[];
		expect(options[options.length - 1]).toEqual(CUSTOM_API_CALL);
		expect(options.filter((o) => o.name === CUSTOM_API_CALL.name)).toHaveLength(1);
	});

	it('shows its operation on the canvas by the name the Operation dropdown gives it, not its value', () => {
		expect(type.description.subtitle).toBe(OPERATION_SUBTITLE);
		const names = new Function('$parameter', `return ${OPERATION_SUBTITLE.slice(4, -3)}`) as (p: Record<string, string>) => string;
		for (const option of operationsOf(type)) expect(names({ operation: String(option.value) })).toBe(option.name);
		expect(names({ operation: String(CUSTOM_API_CALL.value) })).toBe(CUSTOM_API_CALL.name);
	});

	it('gives every Get Many Return All and Limit, and only filters the endpoint takes', () => {
		const spec = resourceOf(type);
		// A list read is Get Many, or a Get that reads a whole list for a range (timesheet totals).
		const listRead = operationsOf(type).find((o) => o.value === 'getAll' || (o.value === 'get' && spec.getReadsList));
		if (!listRead) return;
		const operation = String(listRead.value);
		const shownFor = (p: INodeProperties) => (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation);
		const forGetMany = description.properties.filter(shownFor);
		if (operation === 'getAll') expect(forGetMany.map((p) => p.name)).toEqual(expect.arrayContaining(['returnAll', 'limit']));
		const sent = allProperties(forGetMany)
			.map((p) => p.routing?.send?.property)
			.filter((p): p is string => typeof p === 'string');
		for (const parameter of sent) expect(spec.listParameters).toContain(parameter);
		// and every filter the endpoint takes is offered
		const offered = new Set(sent);
		for (const parameter of spec.listParameters.filter((p) => p !== 'limit' && p !== 'after')) {
			expect({ parameter, offered: offered.has(parameter) }).toEqual({ parameter, offered: true });
		}
	});

	it('takes times as typed text, so the documented 2026-11-23T09:00 can be typed (n8n\'s dateTime picker clears it)', () => {
		const times = allProperties(description.properties).filter((p) => /^(startTime|endTime|start|end)$/.test(p.name));
		for (const property of times) {
			expect({ name: property.name, type: property.type }).toEqual({ name: property.name, type: 'string' });
			expect(property.placeholder).toMatch(/^e\.g\. \d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
		}
	});

	it('offers a picker for every id a user types', () => {
		for (const property of allProperties(description.properties)) {
			if (!/Id$/.test(property.name)) continue;
			expect({ name: property.name, type: property.type }).toEqual({ name: property.name, type: 'resourceLocator' });
			const modes = (property.modes ?? []).map((m) => m.name);
			expect(modes).toEqual(['list', 'id']);
			const list = property.modes!.find((m) => m.name === 'list')!;
			expect(type.methods?.listSearch?.[String(list.typeOptions?.searchListMethod)]).toBeInstanceOf(Function);
		}
	});

	it('says at the top whether its endpoint is inferred, as the resource table marks it', () => {
		const spec = resourceOf(type);
		const notice = description.properties.find((p) => p.type === 'notice');
		// Said in the user's words: the documentation gives no address, so the node calls the likeliest one.
		expect({ inferred: !spec.shown, says: /does not give this list's address/.test(notice?.displayName ?? '') }).toEqual({ inferred: !spec.shown, says: !spec.shown });
	});

	it('has a codex file', () => {
		const codex = require(path.join(ROOT, 'nodes', folder, `${folder}.node.json`)) as { node: string };
		expect(codex.node).toBe(`n8n-nodes-rostering.${description.name}`);
	});
});

describe('docs links', () => {
	const readme = require('node:fs').readFileSync(path.join(ROOT, 'README.md'), 'utf8') as string;
	const slug = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
	const anchors = new Set([...readme.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]).concat([...readme.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]))));

	it.each(nodes.map((n) => [n.folder, n.type] as const))("%s: documentationUrl, which n8n's docs link uses as it is, is the codex's, and its anchor is in the README", (folder, type) => {
		// n8n 2.40 (NodeSettingsTabs docsUrl) appends ?utm_… to a codex link, after its #anchor, which
		// then lands nowhere; a node's own documentationUrl it opens as it is.
		const codex = require(path.join(ROOT, 'nodes', folder, `${folder}.node.json`)) as { resources: { primaryDocumentation: Array<{ url: string }> } };
		const url = type.description.documentationUrl!;
		expect(url).toBe(codex.resources.primaryDocumentation[0].url);
		expect(anchors).toContain(new URL(url).hash.slice(1));
	});
});

it('registers nothing in package.json that does not exist', () => {
	for (const entry of packageJson.n8n.nodes) {
		const folder = entry.split('/')[2];
		expect(nodeFolders).toContain(folder);
	}
});

describe('RosteringTrigger', () => {
	const trigger = nodes.find((n) => n.folder === 'RosteringTrigger')!.type;
	const { description } = trigger;
	const watchable = Object.entries(RESOURCES).filter(([, spec]) => (spec.listParameters as string[]).includes('updated_since'));

	it('is a polling trigger, registered, with the package credential and a codex file', () => {
		expect(packageJson.n8n.nodes).toContain('dist/nodes/RosteringTrigger/RosteringTrigger.node.js');
		expect(description).toMatchObject({ name: 'rosteringTrigger', polling: true, inputs: [], group: ['trigger'] });
		// Kept for saved workflows, out of the nodes panel: each resource's own trigger is there instead.
		expect(description.hidden).toBe(true);
		expect(description.subtitle).toBe(TRIGGER_SUBTITLE);
		expect(description.credentials).toEqual([{ name: 'rosteringOAuth2Api', required: true }]);
		expect(typeof trigger.poll).toBe('function');
		const codex = require(path.join(ROOT, 'nodes/RosteringTrigger/RosteringTrigger.node.json')) as { node: string };
		expect(codex.node).toBe('n8n-nodes-rostering.rosteringTrigger');
	});

	it("offers every list that takes updated_since (so not who's on now), sorted by name", () => {
		const options = (description.properties.find((p) => p.name === 'resource')!.options ?? []) as INodePropertyOptions[];
		expect(options.map((o) => o.value).sort()).toEqual(watchable.map(([key]) => key).sort());
		expect(options.map((o) => o.value)).not.toContain('whosOn');
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('offers for each resource exactly the id and status filters its list takes, each id with a picker', () => {
		const sent: Record<string, string> = { locationId: 'location_id', employeeId: 'employee_id', shiftId: 'shift_id', leaveTypeId: 'type_id', status: 'status' };
		for (const [key, spec] of watchable) {
			const filters = description.properties.find((p) => p.name === 'filters' && (p.displayOptions?.show?.resource as string[]).includes(key));
			const offered = ((filters?.options ?? []) as INodeProperties[]).map((o) => sent[o.name]).sort();
			const takes = (spec.listParameters as string[]).filter((p) => Object.values(sent).includes(p)).sort();
			expect({ key, offered }).toEqual({ key, offered: takes });
			for (const option of (filters?.options ?? []) as INodeProperties[]) {
				if (option.type !== 'resourceLocator') continue;
				const list = option.modes!.find((m) => m.name === 'list')!;
				expect(trigger.methods?.listSearch?.[String(list.typeOptions?.searchListMethod)]).toBeInstanceOf(Function);
			}
		}
	});
});

// n8n's nodes panel (n8n 2.40.7 editor) pairs a trigger with an action node by type name alone: it
// strips "Trigger" from the trigger's name and looks for an action node of that name. So the
// trigger of rosteringShift must be rosteringShiftTrigger, or the panel says "No Rostering Shift
// Triggers available". test/e2e/browser.test.ts checks the pairing in the real editor.
describe('the trigger of each watchable resource', () => {
	const watchable = Object.entries(RESOURCES).filter(([, spec]) => (spec.listParameters as string[]).includes('updated_since'));
	const sent: Record<string, string> = { locationId: 'location_id', employeeId: 'employee_id', shiftId: 'shift_id', leaveTypeId: 'type_id', status: 'status' };
	const triggers = nodes.filter((n) => n.type.description.polling && n.folder !== 'RosteringTrigger');

	it('exists for every list that takes updated_since, and for nothing else', () => {
		const served = triggers.map((t) => {
			const action = resourceNodes.find((n) => `${n.type.description.name}Trigger` === t.type.description.name);
			expect({ trigger: t.folder, pairedWith: action?.folder }).toEqual({ trigger: t.folder, pairedWith: t.folder.replace(/Trigger$/, '') });
			return resourceOf(action!.type);
		});
		expect(served.map((s) => s.path).sort()).toEqual(watchable.map(([, s]) => s.path).sort());
	});

	describe.each(triggers.map((t) => [t.folder, t.type] as const))('%s', (folder, type) => {
		const { description } = type;
		const action = resourceNodes.find((n) => `${n.type.description.name}Trigger` === description.name)!;
		const spec = resourceOf(action.type);

		it('is a registered polling trigger named after its action node, with the package credential and a codex file', () => {
			expect(packageJson.n8n.nodes).toContain(`dist/nodes/${folder}/${folder}.node.js`);
			expect(description).toMatchObject({ polling: true, inputs: [], group: ['trigger'], displayName: `${action.type.description.displayName} Trigger` });
			expect(description.hidden).toBeUndefined();
			expect(description.credentials).toEqual([{ name: 'rosteringOAuth2Api', required: true }]);
			expect(description.subtitle).toBe(TRIGGER_SUBTITLE);
			expect(typeof type.poll).toBe('function');
			const codex = require(path.join(ROOT, 'nodes', folder, `${folder}.node.json`)) as { node: string };
			expect(codex.node).toBe(`n8n-nodes-rostering.${description.name}`);
		});

		it("says what its action node does, and that it starts workflows: n8n's nodes panel shows the trigger's description for the two together", () => {
			// n8n's node creator (useActionsGeneration, generateMergedNodesAndActions) merges a trigger
			// into the node named as it is without "Trigger", and the merged entry takes the trigger's description.
			expect(description.description).toBe(`${action.type.description.description}; or start a workflow when one is created, changed or removed`);
		});

		it('has no Resource or Operation selector (n8n would add Custom API Call to one)', () => {
			expect(description.properties.map((p) => p.name)).not.toEqual(expect.arrayContaining(['resource']));
			expect(description.properties.map((p) => p.name)).not.toContain('operation');
		});

		it('offers exactly the id and status filters its list takes, each id with a picker, and says whether the list is inferred', () => {
			const filters = description.properties.find((p) => p.name === 'filters');
			const offered = ((filters?.options ?? []) as INodeProperties[]).map((o) => sent[o.name]).sort();
			const takes = (spec.listParameters as string[]).filter((p) => Object.values(sent).includes(p)).sort();
			expect(offered).toEqual(takes);
			for (const option of (filters?.options ?? []) as INodeProperties[]) {
				if (option.type !== 'resourceLocator') continue;
				const list = option.modes!.find((m) => m.name === 'list')!;
				expect(type.methods?.listSearch?.[String(list.typeOptions?.searchListMethod)]).toBeInstanceOf(Function);
			}
			const notice = description.properties.find((p) => p.type === 'notice')!;
			expect(notice.displayName.includes("does not give this list's address")).toBe(!spec.shown);
		});
	});

	it('shows the events it starts on as its canvas subtitle', () => {
		const subtitle = new Function('$parameter', `return ${TRIGGER_SUBTITLE.slice(4, -3)}`) as (p: Record<string, unknown>) => string;
		expect(subtitle({ events: ['created', 'updated', 'removed'] })).toBe('On any change');
		expect(subtitle({ events: ['created'] })).toBe('On created');
		expect(subtitle({ events: ['updated', 'removed'] })).toBe('On updated or removed');
	});
});

describe("n8n's nodes panel, searching \"rostering\"", () => {
	// n8n's panel search scores an entry by its display name's match (every entry is "Rostering
	// <what>", matched in the same first nine letters), less 2.5 points for each letter after the
	// match, and keeps registration order (package.json) among equal scores: the shorter name
	// first. test/e2e/browser.test.ts shows the order in a real n8n.
	const visible = packageJson.n8n.nodes
		.map((file) => nodes.find((node) => file.includes(`/${node.folder}/`))!)
		.filter((node) => !node.type.description.hidden && !node.folder.endsWith('Trigger'));
	const order = visible.map((node, index) => ({ name: node.type.description.displayName, index })).sort((a, b) => a.name.length - b.name.length || a.index - b.index);

	it('lists the nodes people use most first: Shift, Employee, Location, Timesheet', () => {
		expect(order.slice(0, 4).map((entry) => entry.name)).toEqual(['Rostering Shift', 'Rostering Employee', 'Rostering Location', 'Rostering Timesheet']);
	});
});
