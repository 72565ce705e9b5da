/**
 * README › Install in n8n, step 2, run as written: in a fresh home folder that sits inside a folder
 * holding a package.json (npm's trap: without `--prefix`, npm installs into that folder and n8n never
 * sees the nodes), from the folder `npm pack` wrote the tarball to. Then a plain n8n with that home's
 * user folder runs a workflow with a Rostering node against the sandbox.
 */
import { execFileSync } from 'child_process';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { startSandbox } from '../../sandbox';
import { assertBuilt, createN8n, E2E_CREDENTIAL, ensureRuntime, explain, rosteringCredential, type N8nInstance } from './n8n';

jest.setTimeout(10 * 60_000);

const REPO = path.resolve(__dirname, '..', '..');

/** The README's install command (step 2), exactly as a person copies it. */
function readmeInstallCommand(): string {
	const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
	const commands = [...readme.matchAll(/`(mkdir -p ~\/\.n8n\/nodes [^`]+)`/g)].map((match) => match[1]);
	expect(commands).toHaveLength(1);
	return commands[0];
}

let outer: string | undefined;
let n8n: N8nInstance | undefined;
let sb: Awaited<ReturnType<typeof startSandbox>> | undefined;

afterAll(async () => {
	await sb?.close();
	await n8n?.dispose();
	if (outer) fs.rmSync(outer, { recursive: true, force: true });
});

test("README's install command puts the package where n8n finds it, also under a folder holding a package.json; a workflow then runs with it", async () => {
	assertBuilt();
	await ensureRuntime();
	outer = fs.mkdtempSync(path.join(os.tmpdir(), 'install-e2e-'));
	fs.writeFileSync(path.join(outer, 'package.json'), JSON.stringify({ name: 'someones-project', version: '1.0.0' }));
	const home = path.join(outer, 'home');
	const clone = path.join(outer, 'clone');
	fs.mkdirSync(home);
	fs.mkdirSync(clone);
	// Step 1's tarball, in the folder step 2 runs from.
	const { name, version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };
	execFileSync('npm', ['pack', '--silent', '--pack-destination', clone, REPO], { stdio: 'pipe' });
	expect(fs.readdirSync(clone)).toEqual([`${name}-${version}.tgz`]);

	// A plain n8n whose user folder is that home (n8n reads <home>/.n8n/nodes), nothing installed yet.
	n8n = await createN8n({ userFolder: home, loadPackage: false });
	// The command as written; HOME is the fresh home (npm's cache stays the machine's, for speed).
	const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
	execFileSync('bash', ['-c', readmeInstallCommand()], { cwd: clone, env: { ...process.env, HOME: home, npm_config_cache: cache }, stdio: 'pipe' });
	expect(fs.existsSync(path.join(home, '.n8n', 'nodes', 'node_modules', name, 'package.json'))).toBe(true);
	expect(fs.existsSync(path.join(home, '.n8n', 'nodes', 'node_modules', 'n8n-workflow'))).toBe(false);
	expect(fs.existsSync(path.join(outer, 'node_modules'))).toBe(false);

	sb = await startSandbox();
	await n8n.importCredentials([rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken() })]);
	const result = await n8n.runWorkflow({
		name: 'install e2e: the locations',
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'Locations',
				type: `${name}.rosteringLocation`,
				typeVersion: 1,
				position: [240, 0],
				parameters: { operation: 'getAll', returnAll: true },
				credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
			},
		],
		connections: { 'Manual Trigger': { main: [[{ node: 'Locations', type: 'main', index: 0 }]] } },
	});
	expect({ ok: result.ok, why: result.ok ? '' : explain(result) }).toEqual({ ok: true, why: '' });
	expect(result.items('Locations').map((location) => location.name).sort()).toEqual(sb.store.locations.filter((location) => !location.archived).map((location) => location.name).sort());
});
