/**
 * The demo a newcomer starts with `npm run demo` (scripts/demo.ts, startDemo()), checked the way
 * they would use it: the credential was connected through n8n's OAuth flow, the example workflows
 * are there, the ones run by hand produce what their notes promise, and the two active ones react
 * to changes in the sandbox at n8n's next poll (every 15 s here; every minute in the demo).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INodeParameters, type INodeTypeDescription } from 'n8n-workflow';

import { DEMO_OWNER, startDemo, type Demo } from '../../scripts/demo';
import { assertBuilt, differences, executionItems, POLL_EVERY_15_SECONDS, triggersThatLearned, waitFor } from './n8n';
import { CALENDAR_SYNC, CALENDAR_TABLE, EXPORTED_TIMESHEETS_TABLE, exampleWorkflows, OPEN_SHIFTS, PAYROLL_EXPORT } from '../../demo/workflows';
import { HarnessTypes } from '../harness/node-types';
import { PINNED_N8N_VERSION, runtimeDir } from './n8n/runtime';

jest.setTimeout(8 * 60_000);

/**
 * What n8n's editor makes of an example's node when the workflow is opened and saved (seen in n8n
 * 2.40.7's editor, test/e2e/browser.test.ts step 9): it moves the node onto its 16 px grid, fills
 * the parameters with their defaults on opening and saves them without the ones equal to their
 * default (n8n-workflow's NodeHelpers.getNodeParameters, as the editor calls it), so that a
 * declarative node gains the `requestOptions` n8n adds to it and loses a `resource` that has one
 * value. An example written otherwise is "changed" the moment a person opens and saves it.
 */
function asTheEditorSaves(node: { position: [number, number]; parameters: INodeParameters; type: string; typeVersion: number }, description: INodeTypeDescription) {
	const onGrid = (at: number) => Math.sign(at) * Math.ceil(Math.abs(at) / 16) * 16;
	const opened = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node as never, description);
	const saved = NodeHelpers.getNodeParameters(description.properties, opened, false, false, node as never, description);
	return { position: node.position.map(onGrid), parameters: saved };
}

test("each example's nodes are as n8n's editor saves them: opened and saved in the editor, nothing changes", () => {
	// The node types as the editor gets them: n8n's own from its nodes.json, the package's as n8n loads them.
	const builtIn = JSON.parse(readFileSync(path.join(runtimeDir(), 'n8n', 'node_modules', 'n8n-nodes-base', 'dist', 'types', 'nodes.json'), 'utf8')) as INodeTypeDescription[];
	const ours = new HarnessTypes();
	const describe = (type: string, version: number): INodeTypeDescription => {
		if (type.startsWith('n8n-nodes-base.')) {
			const found = builtIn.find((d) => `n8n-nodes-base.${d.name}` === type && ([] as number[]).concat(d.version).includes(version));
			if (!found) throw new Error(`n8n ${PINNED_N8N_VERSION} has no ${type} version ${version}`);
			return found;
		}
		return ours.getByNameAndVersion(type, version).description;
	};
	const examples = exampleWorkflows({ credential: { id: 'c', name: 'Rostering' }, locationId: 'L', positionId: 'P', nextMonday: '2028-01-10', offset: '+11:00' });
	const changed: string[] = [];
	for (const example of examples) {
		for (const node of example.nodes) {
			const saved = asTheEditorSaves(node as never, describe(node.type, node.typeVersion));
			const was = { position: node.position, parameters: node.parameters };
			changed.push(...differences(was, saved).map((where) => `${example.name} › ${node.name}${where}`));
		}
	}
	expect(changed).toEqual([]);
});

describe('the demo (npm run demo)', () => {
	let demo: Demo;

	beforeAll(async () => {
		assertBuilt();
		// The example triggers poll every 15 s here (every minute in the demo itself): a shorter wait.
		demo = await startDemo({ n8nPort: 0, sandboxPort: 0, pollTimes: POLL_EVERY_15_SECONDS });
	}, 15 * 60_000);

	afterAll(async () => {
		await demo?.stop();
	});

	/** Runs an example by hand, as "Execute workflow" does from its trigger, and returns the execution. */
	async function run(name: string, from: string) {
		const id = await demo.server.runManually(demo.workflows[name], { triggerToStartFrom: { name: from } });
		const execution = await demo.server.waitForExecution(id, 120_000);
		expect({ name, status: execution.status }).toEqual({ name, status: 'success' });
		return execution;
	}

	test('the credential was connected through the OAuth flow, and the owner can sign in', async () => {
		const authorize = demo.sandbox.requests.find((r) => r.path === '/oauth/authorize' && r.method === 'GET');
		expect(authorize?.query).toMatchObject({ code_challenge_method: 'S256', redirect_uri: expect.stringMatching(/\/rest\/oauth2-credential\/callback$/) });
		const tokens = demo.sandbox.requests.filter((r) => r.path === '/oauth/token');
		expect(tokens.map((r) => r.status)).toContain(200);
		const credential = await demo.server.rest<{ name: string; data?: { oauthTokenData?: unknown } }>('GET', `/rest/credentials/${demo.credential.id}?includeData=true`);
		expect(credential.name).toBe('Rostering (sandbox)');
		expect(credential.data?.oauthTokenData).toBeTruthy();
		const login = await fetch(`${demo.server.baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'demo-test' },
			body: JSON.stringify({ emailOrLdapLoginId: DEMO_OWNER.email, password: DEMO_OWNER.password }),
		});
		expect(login.status).toBe(200);
	});

	/** The rows of a Data Table the demo made, by its name. */
	async function tableRows(name: string): Promise<Array<Record<string, unknown>>> {
		const project = await demo.server.rest<{ id: string }>('GET', '/rest/projects/personal');
		const tables = await demo.server.rest<{ data: Array<{ id: string; name: string }> }>('GET', `/rest/projects/${project.id}/data-tables`);
		const table = tables.data.find((t) => t.name === name)!;
		return (await demo.server.rest<{ data: Array<Record<string, unknown>> }>('GET', `/rest/projects/${project.id}/data-tables/${table.id}/rows?take=1000`)).data;
	}

	/** A request to the sandbox's API, as another app of the business would send it. */
	async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
		const token = demo.sandbox.issueToken().access_token;
		const res = await fetch(`${demo.sandbox.url}/v1/${path}`, {
			method,
			headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
			body: body ? JSON.stringify(body) : undefined,
		});
		const text = await res.text();
		if (res.status >= 300) throw new Error(`${method} /v1/${path}: ${res.status} ${text}`);
		return text ? (JSON.parse(text) as Record<string, unknown>) : {};
	}

	test('the seven example workflows are there; the three triggers are active', async () => {
		const workflows = await Promise.all(Object.values(demo.workflows).map((id) => demo.server.workflow(id)));
		expect(workflows.map((w) => w.name).sort()).toEqual(Object.keys(demo.workflows).sort());
		expect(workflows.filter((w) => w.active).map((w) => w.name).sort()).toEqual([
			'Alert when a published shift changes or is removed',
			CALENDAR_SYNC,
			'Shift changes → a table',
		]);
	});

	test('a week of open shifts is created in one request, run again it creates nothing, and the active trigger writes them to the table', async () => {
		// The active triggers read the shifts in use as they are published (to learn them): a list read
		// like the node's own. Counted from after those, so only the node's requests are counted.
		const active = ['Alert when a published shift changes or is removed', 'Shift changes → a table', CALENDAR_SYNC].map((name) => demo.workflows[name as keyof typeof demo.workflows]);
		await waitFor('the active triggers learned the shifts in use', 150_000, async () => {
			const learned = await Promise.all(active.map((id) => triggersThatLearned(demo.server, id)));
			return learned.every((count) => count > 0) ? true : undefined;
		});
		demo.sandbox.clearRequests();
		const execution = await run(OPEN_SHIFTS, 'Run');
		const created = executionItems(execution, 'Create the open shifts');
		expect(created).toHaveLength(7);
		for (const shift of created) expect(shift).toMatchObject({ action: 'created', employee_id: null, status: 'unpublished', created_by_app: true });
		// The node's requests: the active triggers poll the same list (with updated_since) meanwhile.
		const shiftRequests = () => demo.sandbox.requests.filter((r) => r.path === '/v1/shifts' && !('updated_since' in r.query));
		expect(shiftRequests().map((r) => r.method)).toEqual(['GET', 'POST']);
		expect((shiftRequests()[1].body as { data: unknown[] }).data).toHaveLength(7);
		// Run again: each row is found, nothing is sent but the one list read.
		demo.sandbox.clearRequests();
		const again = executionItems(await run(OPEN_SHIFTS, 'Run'), 'Create the open shifts');
		expect(again.map((shift) => shift.action)).toEqual(Array(7).fill('unchanged'));
		expect(shiftRequests().map((r) => r.method)).toEqual(['GET']);

		// At its next poll (at most a minute), the active trigger adds one row per new shift.
		const project = await demo.server.rest<{ id: string }>('GET', '/rest/projects/personal');
		const tables = await demo.server.rest<{ data: Array<{ id: string; name: string }> }>('GET', `/rest/projects/${project.id}/data-tables`);
		const table = tables.data.find((t) => t.name === 'Shift changes')!;
		const ids = new Set(created.map((s) => String(s.id)));
		const rows = await waitFor('the new shifts in the Shift changes table', 150_000, async () => {
			const page = await demo.server.rest<{ data: Array<Record<string, unknown>> }>('GET', `/rest/projects/${project.id}/data-tables/${table.id}/rows?take=100`);
			const mine = page.data.filter((row) => ids.has(String(row.shift_id)));
			return mine.length >= 7 ? mine : undefined;
		});
		expect(rows).toHaveLength(7);
		for (const row of rows) expect(row).toMatchObject({ event: 'created', employee_id: 'open shift', status: 'unpublished' });

		// Executed in the editor (Fetch Test Event: the latest change, as an example when the trigger
		// delivered it already), twice: the second run adds no row, and no change has two.
		const allRows = async () => (await demo.server.rest<{ data: Array<Record<string, unknown>> }>('GET', `/rest/projects/${project.id}/data-tables/${table.id}/rows?take=1000`)).data;
		const executed = async () => {
			expect(executionItems(await run('Shift changes → a table', 'When shifts change'), 'Add to "Shift changes"')).toHaveLength(1);
			return await allRows();
		};
		const once = await executed();
		const twice = await executed();
		expect(twice).toHaveLength(once.length);
		const key = (row: Record<string, unknown>) => `${String(row.shift_id)} ${String(row.event)} ${String(row.changed_at)}`;
		expect(new Set(twice.map(key)).size).toBe(twice.length);
	});

	test('removing a published shift raises the alert', async () => {
		const soon = demo.sandbox.clock.now().getTime() + 2 * 86_400_000;
		const published = demo.sandbox.store.shifts.find((s) => s.status === 'published' && !s.archived && Date.parse(String(s.start_time)) > soon)!;
		const token = demo.sandbox.issueToken().access_token;
		const deleted = await fetch(`${demo.sandbox.url}/v1/shifts/${published.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
		expect(deleted.status).toBeLessThan(300);
		const alert = await waitFor('the alert execution', 150_000, async () => {
			for (const summary of await demo.server.executions(demo.workflows['Alert when a published shift changes or is removed'])) {
				const execution = await demo.server.waitForExecution(summary.id);
				const messages = execution.data.resultData.runData['The alert'] ? executionItems(execution, 'The alert') : [];
				const found = messages.find((m) => String(m.message).includes(String(published.start_time)));
				if (found) return found;
			}
			return undefined;
		});
		expect(String(alert.message)).toMatch(/^Removed: published shift /);
	});

	test("who's on now and the fortnight's approved hours come out as their notes say, by name", async () => {
		const hexId = /[0-9a-f]{24}/;
		const names = new Set(demo.sandbox.store.employees.map((e) => `${e.preferred_name || e.first_name} ${e.last_name}`));
		const whosOn = executionItems(await run("Who's on now, every morning", 'Every morning at 7'), 'One line each');
		expect(whosOn.length).toBeGreaterThanOrEqual(3);
		for (const { line } of whosOn) {
			// "Ava Singh since 09:00 at Circular Quay Café" (Options › Add Names)
			const [, who] = /^(.+) since \d{2}:\d{2} at (.+)$/.exec(String(line)) ?? [];
			expect({ line, named: names.has(who) }).toEqual({ line, named: true });
			expect(String(line)).not.toMatch(hexId);
		}
		const hours = executionItems(await run('Approved hours per employee, last fortnight', 'Run'), 'Employee and hours');
		expect(hours.length).toBeGreaterThan(0);
		for (const row of hours) {
			expect(Number(row.approved_hours)).toBeGreaterThan(0);
			expect(String(row.employee)).not.toMatch(hexId);
			expect(row.employee_id).toMatch(hexId);
		}
	});

	test('payroll: approved timesheets to a CSV file, each once; run again, nothing; approved late, it goes next; changed after export, it is reported', async () => {
		const first = await run(PAYROLL_EXPORT, 'Run');
		const exported = executionItems(first, 'Record as exported');
		expect(exported.length).toBeGreaterThan(0);
		const file = first.data.resultData.runData['CSV file']?.[0]?.data?.main?.[0]?.[0] as { binary?: Record<string, { fileName?: string; mimeType?: string }> } | undefined;
		expect(file?.binary?.data).toMatchObject({ fileName: expect.stringMatching(/^payroll-\d{4}-\d{2}-\d{2}\.csv$/), mimeType: 'text/csv' });
		const ids = exported.map((row) => String(row.timesheet_id));
		expect(new Set(ids).size).toBe(ids.length);
		// Each approved timesheet the node read is in the table, once.
		const approved = executionItems(first, 'Approved only').map((t) => String(t.id));
		expect(ids.sort()).toEqual([...approved].sort());
		expect((await tableRows(EXPORTED_TIMESHEETS_TABLE.name)).map((row) => String(row.timesheet_id)).sort()).toEqual([...approved].sort());
		// The demo's n8n runs in the business's time zone: $now (exported_at) is Sydney's, not the machine's.
		for (const row of await tableRows(EXPORTED_TIMESHEETS_TABLE.name)) expect(String(row.exported_at)).toMatch(/\+1[01]:00$/);

		// Run again: nothing new, so no file and no record.
		const second = await run(PAYROLL_EXPORT, 'Run');
		expect(second.data.resultData.runData['CSV file']).toBeUndefined();
		expect(second.data.resultData.runData['Record as exported']).toBeUndefined();
		expect(await tableRows(EXPORTED_TIMESHEETS_TABLE.name)).toHaveLength(approved.length);

		// A pending timesheet of those weeks approved now, and an exported one changed in the service.
		const read = executionItems(first, 'Timesheets of the last four weeks');
		const late = read.find((t) => t.status === 'pending' && t.end_time)!;
		demo.sandbox.manager.approveTimesheet(String(late.id));
		const changed = approved[0];
		demo.sandbox.clock.advance(2_000); // updated_at is to the second: the change is a later one
		demo.sandbox.manager.approveTimesheet(changed);
		const third = await run(PAYROLL_EXPORT, 'Run');
		expect(executionItems(third, 'Record as exported').map((row) => row.timesheet_id)).toEqual([late.id]);
		const reports = executionItems(third, 'Report the change');
		expect(reports).toHaveLength(1);
		expect(String(reports[0].message)).toMatch(new RegExp(`^Timesheet ${changed} \\(.+\\) changed after it was exported on \\d{4}-\\d{2}-\\d{2}T`));
		expect(await tableRows(EXPORTED_TIMESHEETS_TABLE.name)).toHaveLength(approved.length + 1);
	});

	test('the calendar: a shift created, moved, given to someone and removed is one event, created, changed and deleted', async () => {
		await waitFor('the calendar trigger learned the shifts in use', 150_000, async () => ((await triggersThatLearned(demo.server, demo.workflows[CALENDAR_SYNC])) > 0 ? true : undefined));
		const location = demo.sandbox.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
		const position = demo.sandbox.store.positions.find((p) => p.location_id === location.id && p.active && !p.archived)!;
		const day = new Date(demo.sandbox.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
		const shift = await api('POST', 'shifts', { location_id: location.id, position_id: position.id, start_time: `${day}T09:00:00+11:00`, end_time: `${day}T13:00:00+11:00` });
		const event = async (what: string, accept: (row: Record<string, unknown> | undefined) => boolean) =>
			await waitFor(what, 150_000, async () => {
				const rows = (await tableRows(CALENDAR_TABLE.name)).filter((row) => row.shift_id === shift.id);
				expect(rows.length).toBeLessThanOrEqual(1);
				return accept(rows[0]) ? (rows[0] ?? 'gone') : undefined;
			});
		expect(await event('the new shift in the calendar', (row) => row !== undefined)).toMatchObject({ who: 'open', title: expect.stringMatching(/^Open shift · /), location: location.name });
		await api('PATCH', `shifts/${String(shift.id)}`, { start_time: `${day}T10:00:00+11:00`, end_time: `${day}T14:00:00+11:00` });
		const moved = await event('the moved shift', (row) => Date.parse(String(row?.start)) === Date.parse(`${day}T10:00:00+11:00`));
		expect(Date.parse(String((moved as Record<string, unknown>).end))).toBe(Date.parse(`${day}T14:00:00+11:00`));
		// Someone who may work there and has no other shift that day.
		const busy = new Set(demo.sandbox.store.shifts.filter((s) => !s.archived && String(s.start_time).slice(0, 10) === day).map((s) => String(s.employee_id)));
		const person = demo.sandbox.store.employees.find((e) => {
			const at = (e.location_ids as string[] | undefined) ?? [];
			return !busy.has(String(e.id)) && (at.length === 0 || at.includes(String(location.id))) && !((e.excluded_position_ids as string[]) ?? []).includes(String(position.id));
		})!;
		await api('PATCH', `shifts/${String(shift.id)}`, { employee_id: person.id });
		const name = `${String(person.preferred_name || person.first_name)} ${String(person.last_name)}`;
		await event('the shift given to someone', (row) => row?.who === name);
		await api('DELETE', `shifts/${String(shift.id)}`);
		expect(await event('the removed shift gone from the calendar', (row) => row === undefined)).toBe('gone');
	});
});
