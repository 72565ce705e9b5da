/**
 * The package in n8n's own editor, driven by a real browser: Debian's Chromium (`/usr/bin/chromium`,
 * installed by scripts/chromium.sh) through playwright-core, against `n8n start` (startServer) with
 * a connected Rostering credential (sandbox tokens) and a workflow holding a Rostering Shift node
 * (Get Many) imported before the start. What a person would do and see:
 *
 * 1. Opening the workflow's address while signed out lands on the sign-in page; signing in there
 *    with the owner's email and password goes on to the workflow, whose canvas shows both nodes.
 * 2. Double-clicking the Shift node opens it with the credential selected; Filters › Add Filter ›
 *    Location gives a picker in "From list" mode whose list is the sandbox's active locations by
 *    name and time zone (the archived one left out), read from the sandbox with the credential's
 *    token; typing in the list's search narrows it; picking one shows its name.
 * 3. The nodes panel, searched for "Rostering", lists every node of the package; choosing
 *    Rostering Shift lists its actions, and "Get many shifts" adds a node with the credential
 *    already chosen. After Ctrl+S (n8n 2.x also autosaves), the workflow n8n stores has the new node
 *    and the location picked in 2 (its id, as the API knows it).
 *
 * Screenshots go to test-artifacts/ (editor-workflow.png, editor-picker.png, editor-nodes-panel.png,
 * editor-node-added.png; editor-failure-*.png when a test fails).
 *
 * Verified against n8n 2.40.7's editor (n8n-editor-ui dist and the running page), 2026-11, with
 * Chromium 150 (Debian bookworm) and playwright-core 1.65: the sign-in page is
 * [data-test-id=signin-form] with inputs inside [data-test-id=emailOrLdapLoginId] and
 * [data-test-id=password] and the button [data-test-id=form-submit-button]; a signed-out visit to
 * /workflow/:id goes to /signin?redirect=... and back after signing in. Canvas nodes are
 * [data-test-id=canvas-node][data-node-name][data-node-type]; the node view is [data-test-id=ndv]
 * (closed with ndv-close-button); a collection's "Add ..." select is collection-parameter-add (its
 * placeholder is the collection's placeholder) with collection-parameter-option items; a resource
 * locator is resource-locator-<parameter name>, with rlc-mode-selector, rlc-input (the list's
 * trigger; it shows the chosen item's name), rlc-search and rlc-item. The nodes panel opens with
 * node-creator-plus-button, searches with node-creator-search-bar and names items with
 * node-creator-item-name (a trigger without its " Trigger": "Rostering"); a node's actions are
 * listed the same way. Only the sign-in needs the browser-id header n8n ties its cookie to, so the
 * test reads the saved workflow with startServer's own REST client.
 *
 * Takes about 25 s alone (n8n boot about 14 s, Chromium start under 1 s, the three tests 11 s).
 */
import * as fs from 'fs';
import * as path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';

import { startSandbox } from '../sandbox';
import {
	assertBuilt,
	createN8n,
	E2E_CREDENTIAL,
	E2E_OWNER,
	ensureRuntime,
	packageDirDefault,
	REPO_ROOT,
	rosteringCredential,
	startServer,
	type N8nInstance,
	type N8nServer,
	type WorkflowJson,
	waitFor,
} from './n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(4 * 60_000);

/** Debian's Chromium: what scripts/chromium.sh installs. */
const CHROMIUM = '/usr/bin/chromium';
/** Flags that work headless as root on these machines (see the notes on real n8n here). */
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const SHIFT_NODE = 'Get shifts';
/** Generous: a loaded 2-core machine runs n8n, its task runner, Chromium and jest at once. */
const UI_TIMEOUT = 60_000;

const byTestId = (id: string) => `[data-test-id="${id}"]`;

function shiftWorkflow(): WorkflowJson {
	return {
		name: 'e2e: the Rostering nodes in the editor',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'b7f3c1e0-5a2d-4c8e-9f10-000000000001',
				name: 'When clicking Execute workflow',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'b7f3c1e0-5a2d-4c8e-9f10-000000000002',
				name: SHIFT_NODE,
				type: 'n8n-nodes-rostering.rosteringShift',
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'shift', operation: 'getAll', filters: {} },
				credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
			},
		],
		connections: {
			'When clicking Execute workflow': { main: [[{ node: SHIFT_NODE, type: 'main', index: 0 }]] },
		},
		pinData: {},
	};
}

/**
 * The names the nodes panel shows for the package's nodes: each built node's displayName, a
 * trigger's without " Trigger" (as n8n's panel shows triggers).
 */
function packageNodeNames(): string[] {
	const dir = packageDirDefault();
	const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return pkg.n8n.nodes.map((file) => {
		const exports = require(path.join(dir, file)) as Record<string, new () => { description: { displayName: string; group: string[] } }>;
		const { description } = new (Object.values(exports)[0])();
		return description.group.includes('trigger') ? description.displayName.replace(/ Trigger$/, '') : description.displayName;
	});
}

describe('the Rostering nodes in n8n\'s editor (a real browser)', () => {
	let sb: Sandbox | undefined;
	let n8n: N8nInstance | undefined;
	let server: N8nServer | undefined;
	let browser: Browser | undefined;
	let page: Page;
	let workflowId: string;
	let accessToken: string;

	const t0 = Date.now();
	const log = (msg: string) => process.stderr.write(`[browser e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);
	const shot = async (name: string) => {
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		await page.screenshot({ path: path.join(ARTIFACTS, name) });
	};

	beforeAll(async () => {
		if (!fs.existsSync(CHROMIUM)) {
			throw new Error(`Chromium is not installed (${CHROMIUM} missing): run \`bash scripts/chromium.sh\` (as root) first.`);
		}
		assertBuilt();
		await ensureRuntime();
		sb = await startSandbox();
		const tokens = sb.issueToken();
		accessToken = tokens.access_token;
		n8n = await createN8n();
		await n8n.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens }),
		]);
		workflowId = await n8n.importWorkflow(shiftWorkflow());
		server = await startServer(n8n);
		log(`n8n started at ${server.baseUrl}`);
		browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: UI_TIMEOUT });
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		context.setDefaultTimeout(UI_TIMEOUT);
		page = await context.newPage();
		log(`Chromium ${browser.version()} started`);
	}, 20 * 60_000);

	afterAll(async () => {
		await browser?.close().catch(() => undefined);
		if (server?.running) await server.stop();
		await n8n?.dispose();
		await sb?.close();
	});

	afterEach(async () => {
		const state = expect.getState();
		if (state.assertionCalls === state.numPassingAsserts) return;
		const name = (state.currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(-60);
		if (page) await shot(`editor-failure-${name}.png`).catch(() => undefined);
		if (server) process.stderr.write(`--- n8n log (last lines) ---\n${server.logs().split('\n').slice(-40).join('\n')}\n`);
	});

	test('signed out, the workflow\'s address asks to sign in; the owner signs in and sees the workflow', async () => {
		await page.goto(`${server!.baseUrl}/workflow/${workflowId}`);
		const form = page.locator(byTestId('signin-form'));
		await form.waitFor();
		expect(new URL(page.url()).pathname).toBe('/signin');
		expect(await page.locator(byTestId('canvas-node')).count()).toBe(0);

		await form.locator(`${byTestId('emailOrLdapLoginId')} input`).fill(E2E_OWNER.email);
		await form.locator(`${byTestId('password')} input`).fill(E2E_OWNER.password);
		await form.locator(byTestId('form-submit-button')).click();

		const shiftNode = page.locator(`${byTestId('canvas-node')}[data-node-name="${SHIFT_NODE}"]`);
		await shiftNode.waitFor();
		expect(new URL(page.url()).pathname).toBe(`/workflow/${workflowId}`);
		expect(await shiftNode.getAttribute('data-node-type')).toBe('n8n-nodes-rostering.rosteringShift');
		// The package's icon, not n8n's placeholder for a node type it does not know.
		await expect(shiftNode.locator('img').first().getAttribute('src')).resolves.toContain('/icons/n8n-nodes-rostering/');
		await shot('editor-workflow.png');
	});

	test('the Shift node\'s Location filter lists the service\'s active locations by name', async () => {
		sb!.clearRequests();
		await page.locator(`${byTestId('canvas-node')}[data-node-name="${SHIFT_NODE}"]`).dblclick();
		const ndv = page.locator(byTestId('ndv'));
		await ndv.waitFor();
		expect(await ndv.locator(`${byTestId('node-credentials-select')} input`).inputValue()).toBe(E2E_CREDENTIAL.name);
		expect(await ndv.locator(`${byTestId('parameter-input-operation')} input`).inputValue()).toBe('Get Many');

		// Filters › Add Filter › Location.
		await ndv.locator(byTestId('collection-parameter-add')).filter({ has: page.locator('input[placeholder="Add Filter"]') }).click();
		await page.locator(`${byTestId('collection-parameter-option')}:visible`, { hasText: /^Location$/ }).click();
		const picker = ndv.locator(byTestId('resource-locator-locationId'));
		await picker.waitFor();
		expect(await picker.locator(`${byTestId('rlc-mode-selector')} input`).inputValue()).toBe('From list');

		// Open the list: the active locations, "<name> (<time zone>)", each once.
		await picker.locator(byTestId('rlc-input')).click();
		const items = page.locator(`${byTestId('rlc-item')}:visible`);
		const expected = sb!.store.locations
			.filter((l) => !l.archived)
			.map((l) => `${String(l.name)} (${String(l.timezone)})`)
			.sort();
		expect(expected).toContain('Circular Quay Café (Australia/Sydney)');
		await expect(waitForTexts(items, expected.length)).resolves.toEqual(expected);
		const archived = sb!.store.locations.filter((l) => l.archived).map((l) => String(l.name));
		expect(archived.length).toBeGreaterThan(0);
		for (const name of archived) expect(await items.filter({ hasText: name }).count()).toBe(0);
		await shot('editor-picker.png');

		// The list came from the service, with the credential's token.
		const reads = sb!.requests.filter((r) => r.method === 'GET' && r.path === '/v1/locations');
		expect(reads.length).toBeGreaterThan(0);
		for (const r of reads) {
			expect(r.headers.authorization).toBe(`Bearer ${accessToken}`);
			expect(r.status).toBe(200);
		}

		// Typing narrows the list; picking an item shows its name in the field.
		await page.locator(`${byTestId('rlc-search')}:visible`).fill('quay');
		await expect(waitForTexts(items, 1)).resolves.toEqual(['Circular Quay Café (Australia/Sydney)']);
		await items.first().click();
		const shown = await waitFor('the chosen location in the field', UI_TIMEOUT, async () => {
			const value = await picker.locator(byTestId('rlc-input')).inputValue();
			return value ? value : undefined;
		});
		expect(shown).toBe('Circular Quay Café (Australia/Sydney)');

		await ndv.locator(byTestId('ndv-close-button')).click();
		await ndv.waitFor({ state: 'hidden' });
	});

	test('the nodes panel lists the package\'s nodes; Rostering Shift › Get many shifts adds one, and the workflow saves', async () => {
		const expectedNames = packageNodeNames();
		expect(expectedNames).toEqual(expect.arrayContaining(['Rostering Shift', 'Rostering']));

		await page.locator(byTestId('node-creator-plus-button')).click();
		const creator = page.locator(byTestId('node-creator'));
		await creator.locator(byTestId('node-creator-search-bar')).fill('Rostering');
		const names = creator.locator(byTestId('node-creator-item-name'));
		const listed = await waitForTexts(names, expectedNames.length);
		expect(listed).toEqual([...expectedNames].sort());
		await shot('editor-nodes-panel.png');

		// A node with operations lists its actions; choosing one adds the node and opens it.
		await names.filter({ hasText: /^Rostering Shift$/ }).click();
		await expect(waitForTexts(names, 6)).resolves.toEqual(
			['Create a shift', 'Create many shifts', 'Delete a shift', 'Get a shift', 'Get many shifts', 'Update a shift'],
		);
		await names.filter({ hasText: /^Get many shifts$/ }).click();
		const ndv = page.locator(byTestId('ndv'));
		await ndv.waitFor();
		expect(await ndv.locator(`${byTestId('parameter-input-operation')} input`).inputValue()).toBe('Get Many');
		// The only credential of its type is chosen for the new node.
		expect(await ndv.locator(`${byTestId('node-credentials-select')} input`).inputValue()).toBe(E2E_CREDENTIAL.name);
		await shot('editor-node-added.png');
		await ndv.locator(byTestId('ndv-close-button')).click();
		await ndv.waitFor({ state: 'hidden' });
		const added = page.locator(`${byTestId('canvas-node')}[data-node-type="n8n-nodes-rostering.rosteringShift"]`);
		expect(await added.count()).toBe(2);

		// Ctrl+S: n8n stores the new node (credential included) and the location picked before.
		await page.keyboard.press('Control+s');
		const circularQuay = sb!.store.locations.find((l) => l.name === 'Circular Quay Café')!;
		type StoredNode = { name: string; type: string; parameters: Record<string, unknown>; credentials?: Record<string, { id: string }> };
		const saved = await waitFor('the workflow saved with the new node', UI_TIMEOUT, async () => {
			const wf = await server!.workflow(workflowId);
			const nodes = wf.nodes as StoredNode[];
			return nodes.length === 3 ? nodes : undefined;
		});
		const newNode = saved.find((n) => n.name !== SHIFT_NODE && n.type === 'n8n-nodes-rostering.rosteringShift');
		expect(newNode?.credentials?.[E2E_CREDENTIAL.type]?.id).toBe(E2E_CREDENTIAL.id);
		expect(newNode?.parameters.operation ?? 'getAll').toBe('getAll');
		const original = saved.find((n) => n.name === SHIFT_NODE)!;
		expect(original.parameters.filters).toEqual({
			locationId: expect.objectContaining({ __rl: true, mode: 'list', value: circularQuay.id }),
		});
	});
});

/** The visible texts of `locator` once it holds `count` items (sorted); the last texts seen on timeout. */
async function waitForTexts(locator: ReturnType<Page['locator']>, count: number): Promise<string[]> {
	let texts: string[] = [];
	const deadline = Date.now() + UI_TIMEOUT;
	for (;;) {
		texts = (await locator.allInnerTexts()).map((t) => t.trim()).sort();
		if (texts.length === count || Date.now() > deadline) return texts;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

