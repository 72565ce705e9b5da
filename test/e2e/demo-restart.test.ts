/**
 * The demo keeps its work (issue 38): `npm run demo` keeps n8n's data and the sandbox's in .demo/
 * of the clone (scripts/demo.ts `keepIn`). Started twice on one folder, as a person stopping the
 * demo with Ctrl-C and starting it the next day: what they built is there, each example once, the
 * credential still connected without a new OAuth flow, and the sandbox goes on from where it was
 * (its records and its clock), so the triggers see no change that did not happen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startDemo, type Demo } from '../../scripts/demo';
import { LINK_SECRET, MANAGER_ALERTS } from '../../demo/workflows';
import { assertBuilt, freePort } from './n8n';

jest.setTimeout(10 * 60_000);

const WHOS_ON = "Who's on now, every morning";

let keepIn: string;
let demo: Demo | undefined;

beforeAll(() => {
	assertBuilt();
	keepIn = mkdtempSync(join(tmpdir(), 'demo-kept-'));
});

afterAll(async () => {
	await demo?.stop();
	rmSync(keepIn, { recursive: true, force: true });
});

test('stopped and started again on the same folder: the workflows (each example once), the connected credential and the sandbox are as they were left', async () => {
	// The same ports both times, as `npm run demo` has (4010, 5678): the credential names the sandbox's address.
	const ports = { n8nPort: await freePort(), sandboxPort: await freePort() };
	demo = await startDemo({ ...ports, keepIn });
	const first = demo;
	// What a person does in the first session: a workflow of their own, a change in the service, time moved on.
	const mine = await first.server.rest<{ id: string }>('POST', '/rest/workflows', {
		name: 'My own workflow',
		nodes: [{ id: 'a8f2a0b4-0000-4000-8000-000000000001', name: 'Run', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
		connections: {},
		settings: {},
	});
	const draft = first.sandbox.store.shifts.find((s) => s.status === 'unpublished' && !s.archived)!;
	first.sandbox.manager.publishShift(String(draft.id));
	first.sandbox.clock.advance(3 * 3_600_000);
	const clockThen = first.sandbox.clock.now().getTime();
	const firstIds = { ...first.workflows };
	await first.stop();
	demo = undefined;

	const said: string[] = [];
	demo = await startDemo({ ...ports, keepIn, log: (line) => said.push(line) });
	const second = demo;
	// n8n is installed already: a restart does not say it installs it (the first start does, once).
	expect(said[0]).toBe('Preparing n8n...');
	// The open-shift links' secret kept, not made again (links already sent stay valid).
	const crypto = (await second.server.rest<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials')).filter((c) => c.type === 'crypto');
	expect(crypto.map((c) => c.name)).toEqual([LINK_SECRET]);
	// Each example once, the same workflow as before; the person's own is there too.
	const listed = await second.server.rest<Array<{ id: string; name: string }> | { data: Array<{ id: string; name: string }> }>('GET', '/rest/workflows');
	const names = (Array.isArray(listed) ? listed : listed.data).map((w) => w.name).sort();
	expect(names).toEqual([...Object.keys(firstIds), 'My own workflow'].sort());
	expect(second.workflows).toEqual(firstIds);
	expect(names).toContain(MANAGER_ALERTS);
	expect(await second.server.workflow(mine.id)).toMatchObject({ name: 'My own workflow' });
	// The sandbox went on: the shift still published, its clock not back.
	expect(second.sandbox.store.shifts.find((s) => s.id === draft.id)).toMatchObject({ status: 'published' });
	expect(second.sandbox.clock.now().getTime()).toBeGreaterThanOrEqual(clockThen);
	// The credential kept its connection: no new OAuth flow, and a node using it runs.
	expect(second.credential).toEqual(first.credential);
	expect(second.sandbox.requests.filter((r) => r.path.startsWith('/oauth/authorize'))).toEqual([]);
	const execution = await second.server.waitForExecution(await second.server.runManually(second.workflows[WHOS_ON], { triggerToStartFrom: { name: 'Every morning at 7' } }), 120_000);
	expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
});
