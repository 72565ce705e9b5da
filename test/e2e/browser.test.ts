/**
 * The package in n8n's own editor, driven by a real browser: Debian's Chromium (`/usr/bin/chromium`,
 * installed by scripts/chromium.sh) through playwright-core, against one `n8n start` (startServer)
 * for the whole file, with a connected Rostering credential (sandbox tokens, every permission) and a
 * workflow holding a Rostering Shift node (Get Many) imported before the start. The sandbox's clock
 * starts at SANDBOX_ANCHOR (2026-11-16), so that the shift typed in 5 is in its future. What a
 * person would do and see:
 *
 * 1. Opening the workflow's address while signed out lands on the sign-in page; signing in there
 *    with the owner's email and password goes on to the workflow, whose canvas shows both nodes.
 * 2. Double-clicking the Shift node opens it with the credential selected; Filters › Add Filter ›
 *    Location gives a picker in "From list" mode whose list is the sandbox's active locations by
 *    name and time zone (the archived one left out), read from the sandbox with the credential's
 *    token; typing in the list's search narrows it; picking one shows its name.
 * 3. The nodes panel, searched for "rostering", lists every node of the package once, as n8n's
 *    panel merges them (a resource's trigger inside its action node, hidden nodes left out), in the
 *    order n8n's search gives (searchOrder: Rostering Shift first, then by the length of the name,
 *    ties in package.json's order), each with its own description (a node with a trigger shows the
 *    trigger's, which says both what the node does and that it starts workflows); choosing
 *    Rostering Shift lists its actions, and "Get many shifts" adds a node with the credential
 *    already chosen. After Ctrl+S (n8n 2.x also autosaves), the workflow n8n stores has the new node
 *    and the location picked in 2 (its id, as the API knows it).
 * 4. A new user's credential: in a workflow whose Rostering Location node (Get Many) has no
 *    credential (the node opens with its time-zone text as a hint under Operation, not in a
 *    warning-coloured notice), the node's credential dropdown › "Create new credential" opens the
 *    form named "Rostering account", showing Client ID, Client Secret, then Base URL (empty,
 *    placeholder "e.g. https://api.example.com") in view without scrolling, then Access "Read and
 *    Change", Pay Details off, no Permissions field, and Environment "Custom Base URL". Only Base URL,
 *    Client ID and Client Secret are filled; Save; the banner "Connect your account to use this
 *    credential" has the Connect button; it opens a popup (about:blank, then the sandbox's
 *    /oauth/authorize), whose consent page lists the read and change permissions and "Stay
 *    connected"; Allow.
 *    n8n closes the popup and the form (it was opened from a node); the node now shows the new
 *    credential, and opening it again shows "Account connected". The sandbox received one
 *    authorize request with scope = every read permission + offline_access and S256, one token
 *    request, answered with a refresh token; n8n's REST API says oauthTokenData is stored, and
 *    decrypted (n8n export:credentials) it holds the tokens issued. The canvas's Execute workflow
 *    then runs the Location node with the new token: the sandbox's active locations come out.
 * 5. Typing a local time: in a Rostering Shift node (Create, the e2e credential), Location and
 *    Position picked from their lists, 2026-11-23T09:00 and 2026-11-23T17:00 typed key by key into
 *    Start Time and End Time (plain text fields, placeholder "e.g. 2026-11-23T09:00"); after Tab
 *    they still hold what was typed; Execute step creates one open shift in the sandbox starting
 *    2026-11-23T09:00:00+11:00 (09:00 at Circular Quay, Sydney's daylight saving offset, worked
 *    out with luxon from the location's time zone), shown in the node's output; the fields still
 *    hold the typed text, and the saved workflow stores it as typed.
 * 6. On an empty canvas, "Add first step" opens the panel among triggers ("What triggers this
 *    workflow?"); searched for "rostering" it lists the same entries in the same order with the same
 *    descriptions (n8n lists every node a search matches there, so the eight without a trigger are
 *    listed too), and exactly the sixteen with a trigger say they start a workflow. Then search
 *    "Rostering Shift" › Rostering Shift: the Triggers
 *    section comes first, open, listing the Rostering Shift Trigger's events (On created, On
 *    removed, On updated, the five derived from what changed and On No Clock-In; no "No Rostering
 *    Shift Triggers available" callout), then Actions (8).
 *    "On created" adds a Rostering Shift Trigger (type n8n-nodes-rostering.rosteringShiftTrigger,
 *    Events: Created) with a Rostering credential chosen (n8n picks the newest: 4's); the canvas
 *    shows it ("On created"), and the saved workflow has it with that credential.
 *
 * Issue 31's two workflows, built as a person builds them: from the nodes panel and the node forms
 * (clicks, typing, pasting into a code or expression field), no workflow JSON imported or posted.
 *
 * 7. Import a week of shifts from rows with names: a new workflow, named in the header; "Add first
 *    step" › Manual Trigger; its "+" › Edit Fields (Set), Mode JSON, the week's seven rows pasted in
 *    as {"rows": [...]} (WEEK_ROWS: Location, Position and Employee by the names the pickers show,
 *    in varied case and spacing, times local to Sydney and Brisbane); "+" › Split Out on "rows";
 *    "+" › Rostering Shift › "Create or update a shift": version 2, on Map Automatically. Execute
 *    step: the output shows seven "created" and the names_given column; the sandbox received one
 *    read of each name list and one batch POST, and holds each shift once with the ids the names
 *    stand for and the location's offset (+11:00, +10:00); the execution's items say which field
 *    had which name. Execute step again: seven "unchanged", the same ids, no POST or PATCH, still
 *    each shift once. The saved workflow holds what the forms were given.
 * 8. Alert when a shift becomes open, with who left: a new workflow; "Add first step" › Rostering
 *    Shift › "On became open" (the trigger, Events: Became Open); Poll Times: Mode Custom, and Add
 *    Poll Time thrice, the crons of POLL_EVERY_15_SECONDS typed in; Options › Add Names (on once
 *    added); its "+" › Edit Fields (Set), a field "message" switched to Expression and ALERT_MESSAGE
 *    pasted in. Saved, then Publish › Publish (in a new second of the service's clock), "Got it".
 *    Once the trigger's first poll and the read that learns the shifts in use are answered, a
 *    manager takes the person off an assigned shift (sandbox manager.editShift): one execution
 *    comes, its message "<location> <day>: open, <who> left" and the trigger's item Became Open with
 *    employee_id's from_name. Then another shift, another person and place: a second execution with
 *    its alert alone; after two more polls nothing else came, so each alert came once. The
 *    executions are read through n8n's REST API.
 * 9. An example as the demo imports it (A week of open shifts, demo/workflows.ts), run once with the
 *    canvas's Execute workflow (seven shifts created): opening each of its nodes then shows no
 *    "Node parameters have changed" (node-run-info-stale), and saving stores it unchanged.
 *
 * Screenshots go to test-artifacts/ (editor-workflow.png, editor-picker.png, editor-nodes-panel.png,
 * editor-node-added.png, credential-form.png, oauth-consent.png, credential-connected.png,
 * editor-typed-time.png, editor-mapper-*.png, editor-panel-triggers-search.png,
 * editor-panel-trigger.png, editor-trigger-added.png, editor-import-rows.png,
 * editor-import-created.png, editor-import-unchanged.png, editor-alert-trigger.png,
 * editor-alert-message.png, editor-alert-published.png; editor-failure-*.png when a test fails).
 *
 * Verified against n8n 2.40.7's editor (n8n-editor-ui dist and the running page), 2026-11, with
 * Chromium 150 (Debian bookworm) and playwright-core 1.65: the sign-in page is
 * [data-test-id=signin-form] with inputs inside [data-test-id=emailOrLdapLoginId] and
 * [data-test-id=password] and the button [data-test-id=form-submit-button]; a signed-out visit to
 * /workflow/:id goes to /signin?redirect=... and back after signing in. Canvas nodes are
 * [data-test-id=canvas-node][data-node-name][data-node-type], with canvas-node-status-success once
 * run; an empty canvas has canvas-add-button ("Add first step"); the canvas's Execute workflow is
 * execute-workflow-button. The node view is [data-test-id=ndv] (closed with ndv-close-button; title
 * node-title-container; Execute step is node-execute-button; output-panel); parameters are
 * parameter-input-<name> (their <input> inside); a collection's "Add ..." select is
 * collection-parameter-add (its placeholder is the collection's placeholder) with
 * collection-parameter-option items; a resource locator is resource-locator-<parameter name>, with
 * rlc-mode-selector, rlc-input (the list's trigger; it shows the chosen item's name), rlc-search and
 * rlc-item. Credentials: the node's dropdown is node-credentials-select (its <input> shows the
 * chosen name), with node-credentials-select-item-new ("Create new credential") and
 * credential-edit-button (the pencil); the form is editCredential-modal with credential-name,
 * credential-save-button, parameter-input-<field>, oauth-not-connected-banner holding
 * quick-connect-button ("Connect"; n8n's Banner component renders no button of its own when given a
 * button slot, and this slot is always given), oauth-connect-success-banner ("Account connected"),
 * and an aria-label "Close this dialog" button. The nodes panel opens with node-creator-plus-button
 * (or canvas-add-button), searches with node-creator-search-bar, names items with
 * node-creator-item-name and sections with node-creator-category-item ("Triggers (3)"); an action
 * node without a trigger says so in actions-panel-no-triggers-callout. Only the sign-in needs the
 * browser-id header n8n ties its cookie to, so the test reads what n8n saved with startServer's
 * own REST client. Between workflows the test moves inside the running editor (vue-router), not by
 * loading the page again: a reload costs 10-15 s on a loaded machine.
 *
 * 7 and 8 also use (browser/ui.ts): a canvas node's "+" (canvas-handle-plus); Element Plus options
 * (.el-select-dropdown__item); CodeMirror editors (.cm-content) for Edit Fields' JSON and for
 * expressions; Edit Fields' assignment-collection-drop-area ("Add Field"), assignment,
 * assignment-name, assignment-value with radio-button-expression; Poll Times'
 * fixed-collection-pollTimes, fixed-collection-add, parameter-input-cronExpression; the header's
 * workflow-name-input and workflow-open-publish-modal-button ("Publish", then "Published"), whose
 * modal is workflowPublish-modal with workflow-publish-button.
 *
 * Takes about 4 minutes on a loaded 2-core machine (load average 6-9: n8n boot 30-60 s, tests 1-6
 * 60-100 s, 7 about 20 s, 8 about 70 s, most of it waiting for n8n's polls every 15 s).
 */
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { DateTime } from 'luxon';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { startSandbox } from '../../sandbox';
import {
	addCollectionOption,
	addNodeFromPanel,
	byTestId,
	CHROMIUM,
	CHROMIUM_ARGS,
	chooseOption,
	editorNodeParameters,
	pasteIntoEditor,
	setExpression,
	setPollTimes,
	UI_TIMEOUT,
	waitForTexts,
	waitForValue,
} from './browser/ui';
import {
	assertBuilt,
	createN8n,
	differences,
	E2E_CREDENTIAL,
	E2E_OWNER,
	ensureRuntime,
	executionItems,
	packageDirDefault,
	POLL_EVERY_15_SECONDS,
	REPO_ROOT,
	rosteringCredential,
	startServer,
	type N8nInstance,
	type N8nServer,
	type WorkflowJson,
	waitFor,
} from './n8n';
import { CALLBACK_PATH, CREDENTIAL_TYPE, exportCredential } from './oauth';
import { pollsSince } from './trigger-scenario';
import { exampleWorkflows, OPEN_SHIFTS } from '../../demo/workflows';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(4 * 60_000);

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
const SHIFT_NODE = 'Get shifts';
const LOCATIONS_NODE = 'Get locations';
const CREATE_NODE = 'Create shift';
const SYNC_NODE = 'Sync shifts';
const MANUAL_TRIGGER = 'When clicking Execute workflow';
/**
 * The sandbox's clock starts at this anchor (2026-11-16 01:00 UTC) and runs on, so the shift typed
 * in the editor (2026-11-23, the README's example) is in the sandbox's future whenever the test runs.
 */
const SANDBOX_ANCHOR = '2026-11-16';
/** What a person types into Start Time and End Time (local time at the location). */
const TYPED_START = '2026-11-23T09:00';
const TYPED_END = '2026-11-23T17:00';
/**
 * A week of shifts as a person keeps it in rows (Monday 2027-01-11 to Sunday 2027-01-17, after the
 * seed's last shift, so nobody is busy then): location, position and employee by the names the
 * pickers show, in varied case and spacing (a preferred name, "Jacko", as the employee picker shows
 * it); times local to the location (Sydney in daylight saving time, Brisbane without). The columns
 * are named as the Shift node's fields are labelled, without "ID".
 */
const WEEK_ROWS = [
	{ Location: 'Circular Quay Café', Position: 'Barista', Employee: 'Olivia Nguyen', 'Start Time': '2027-01-11T07:00', 'End Time': '2027-01-11T15:00' },
	{ Location: 'circular quay café', Position: 'BARISTA', Employee: 'amelia  brown', 'Start Time': '2027-01-12T07:00', 'End Time': '2027-01-12T15:00' },
	{ Location: 'CIRCULAR QUAY CAFÉ', Position: 'front of house', Employee: 'MIA JONES', 'Start Time': '2027-01-13T11:00', 'End Time': '2027-01-13T19:00' },
	{ Location: 'Circular  Quay  Café', Position: ' Chef ', Employee: 'grace martin', 'Start Time': '2027-01-14T10:00', 'End Time': '2027-01-14T18:00' },
	{ Location: 'South Bank Kitchen', Position: 'Barista', Employee: 'Jacko Thompson', 'Start Time': '2027-01-15T06:30', 'End Time': '2027-01-15T14:30' },
	{ Location: 'south bank kitchen', Position: 'chef', Employee: 'William  Tran', 'Start Time': '2027-01-16T16:00', 'End Time': '2027-01-16T23:00' },
	{ Location: ' SOUTH BANK KITCHEN ', Position: 'Front Of House', Employee: 'lucas anderson', 'Start Time': '2027-01-17T09:00', 'End Time': '2027-01-17T17:00' },
];
/** The alert's text, an expression typed into an Edit Fields field: where, which day, who left. */
const ALERT_MESSAGE = '{{ $json.record.location_name }} {{ $json.record.start_time.slice(0, 10) }}: open, {{ $json.changes.employee_id.from_name }} left';
const DAY_MS = 86_400_000;
/** Every read permission (the credential's default Access, "Read") and offline_access, in the order asked. */
/** What the credential's default Access, "Read and Change", asks for: every read and change permission and offline_access, in the order asked. */
const READ_AND_CHANGE_SCOPE = [
	'settings:read', 'roster:read', 'timesheets:read', 'people:read', 'leave:read', 'ondemand:read',
	'roster:write', 'timesheets:write', 'projects:write', 'ondemand:write', 'offline_access',
];

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

/** Manual Trigger → one Rostering node (`node`), as a person would build it. */
function oneNodeWorkflow(name: string, node: Record<string, unknown>): WorkflowJson {
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: MANUAL_TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: randomUUID(), typeVersion: 1, position: [240, 0], ...node },
		],
		connections: { [MANUAL_TRIGGER]: { main: [[{ node: String(node.name), type: 'main', index: 0 }]] } },
		pinData: {},
	};
}

/**
 * Manual Trigger → Rows (a Code node with two rows named like the API's fields, and a column no
 * shift field takes) → Sync shifts: Rostering Shift version 2, Create or Update, Map Automatically.
 */
function syncWorkflow(sb: Sandbox): WorkflowJson {
	const place = sb.store.locations.find((l) => l.name === 'Circular Quay Café')!;
	const position = sb.store.positions.find((p) => p.location_id === place.id && p.name === 'Barista')!;
	const rows = [0, 1].map((i) => ({
		location_id: place.id,
		position_id: position.id,
		start_time: `2026-12-0${i + 1}T09:00`,
		end_time: `2026-12-0${i + 1}T17:00`,
		notes: `editor-sync-${i}`,
		colour: 'blue',
	}));
	return {
		name: 'e2e: rows in, Create or Update',
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: randomUUID(), name: MANUAL_TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: randomUUID(), name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));` } },
			{
				id: randomUUID(),
				name: SYNC_NODE,
				type: 'n8n-nodes-rostering.rosteringShift',
				typeVersion: 2,
				position: [440, 0],
				parameters: { resource: 'shift', operation: 'upsert', columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] } },
				credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
			},
		],
		connections: {
			[MANUAL_TRIGGER]: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: SYNC_NODE, type: 'main', index: 0 }]] },
		},
		pinData: {},
	};
}

/** An entry of the nodes panel for the package: its name, the description under it, whether it has a trigger. */
interface PanelEntry {
	name: string;
	description: string;
	hasTrigger: boolean;
}

/**
 * The package's entries in the nodes panel, as n8n 2.40's node creator makes them (workflows.store
 * generateMergedNodesAndActions, useActionsGeneration), in the order n8n registered the nodes
 * (package.json n8n.nodes): hidden nodes are left out; a trigger whose type name without "Trigger"
 * is an action node of the package (rosteringShiftTrigger → rosteringShift) is merged into that
 * node, which then shows the trigger's description and lists its events under Triggers; any other
 * trigger is shown by its displayName without " Trigger", with its own description.
 */
function panelEntries(): PanelEntry[] {
	const entries: PanelEntry[] = [];
	const descriptions = builtNodeDescriptions();
	const actionNodes = new Set(descriptions.filter((d) => !d.group.includes('trigger')).map((d) => d.name));
	for (const d of descriptions) {
		if (d.hidden) continue;
		if (!d.group.includes('trigger')) {
			const trigger = descriptions.find((t) => !t.hidden && t.name === `${d.name}Trigger`);
			entries.push({ name: d.displayName, description: (trigger ?? d).description, hasTrigger: trigger !== undefined });
		} else if (!actionNodes.has(d.name.replace('Trigger', ''))) {
			entries.push({ name: d.displayName.replace(/ Trigger$/, ''), description: d.description, hasTrigger: true });
		}
	}
	return entries;
}

/**
 * The order n8n 2.40.7's nodes panel lists the package's entries in for the search "rostering".
 * Its search (sublimeSearch in the editor's workflows.store chunk) scores each entry by its best
 * match among the display name (weight 1.3) and the codex aliases (weight 1), then sorts by score,
 * keeping the registration order among equal scores. Every entry is "Rostering <what>" and the
 * query matches its first nine letters in the same way, so the display name wins over the alias
 * "rostering" and the scores differ only by the letters after the match (2.5 points each): the
 * shorter name comes first, names of one length in registration order.
 */
function searchOrder(entries: PanelEntry[]): PanelEntry[] {
	return entries
		.map((entry, index) => ({ entry, index }))
		.sort((a, b) => a.entry.name.length - b.entry.name.length || a.index - b.index)
		.map(({ entry }) => entry);
}

interface BuiltDescription {
	name: string;
	displayName: string;
	description: string;
	group: string[];
	hidden?: boolean;
}

/** The description of every node the built package declares (package.json n8n.nodes). */
function builtNodeDescriptions(): BuiltDescription[] {
	const dir = packageDirDefault();
	const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return pkg.n8n.nodes.map((file) => {
		const exports = require(path.join(dir, file)) as Record<string, new () => { description: BuiltDescription }>;
		return new (Object.values(exports)[0])().description;
	});
}

describe('the Rostering nodes in n8n\'s editor (a real browser)', () => {
	let sb: Sandbox | undefined;
	let n8n: N8nInstance | undefined;
	let server: N8nServer | undefined;
	let browser: Browser | undefined;
	let context: BrowserContext;
	let page: Page;
	let workflowId: string;
	let accessToken: string;
	/** Manual Trigger → Get locations (Rostering Location, Get Many) with no credential yet. */
	let locationsWorkflowId: string;
	/** Manual Trigger → Create shift (Rostering Shift, Create) with the e2e credential, its fields empty. */
	let createWorkflowId: string;
	/** Manual Trigger → Rows (Code) → Sync shifts (Rostering Shift version 2, Create or Update, Map Automatically). */
	let syncWorkflowId: string;
	/** The credential made in the editor (test 4), once it exists. */
	let editorCredential: { id: string; name: string } | undefined;

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
		sb = await startSandbox({ anchor: SANDBOX_ANCHOR });
		const tokens = sb.issueToken();
		accessToken = tokens.access_token;
		n8n = await createN8n();
		await n8n.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens }),
		]);
		workflowId = await n8n.importWorkflow(shiftWorkflow());
		server = await startServer(n8n);
		log(`n8n started at ${server.baseUrl}`);
		// The later tests' workflows, through the REST API (faster than the CLI once n8n runs).
		const created = async (wf: WorkflowJson) => String((await server!.rest<{ id: string }>('POST', '/rest/workflows', wf)).id);
		locationsWorkflowId = await created(
			oneNodeWorkflow('e2e: a new credential, made in the editor', {
				name: LOCATIONS_NODE,
				type: 'n8n-nodes-rostering.rosteringLocation',
				parameters: { resource: 'location', operation: 'getAll' },
			}),
		);
		createWorkflowId = await created(
			oneNodeWorkflow('e2e: a shift typed in the editor', {
				name: CREATE_NODE,
				type: 'n8n-nodes-rostering.rosteringShift',
				parameters: { resource: 'shift', operation: 'create' },
				credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
			}),
		);
		syncWorkflowId = await created(syncWorkflow(sb));
		browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: UI_TIMEOUT });
		context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		context.setDefaultTimeout(UI_TIMEOUT);
		page = await context.newPage();
		// The editor's own errors, in the test's log: what a failure in the page looked like.
		page.on('pageerror', (error) => log(`page error: ${error.message}`));
		page.on('console', (message) => {
			if (message.type() === 'error') log(`page console error: ${message.text().slice(0, 300)}`);
		});
		log(`Chromium ${browser.version()} started`);
	}, 20 * 60_000);

	afterAll(async () => {
		await browser?.close().catch(() => undefined);
		if (server?.running) await server.stop();
		await n8n?.dispose();
		await sb?.close();
	});

	/**
	 * A test that, when it fails (an assertion or a timeout), leaves a screenshot
	 * (editor-failure-<name>.png) and n8n's last log lines.
	 */
	const uiTest = (name: string, fn: () => Promise<void>, timeoutMs?: number) =>
		test(
			name,
			async () => {
				const started = Date.now();
				try {
					await fn();
				} catch (error) {
					const file = `editor-failure-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`;
					if (page) await shot(file).catch(() => undefined);
					if (server) process.stderr.write(`--- n8n log (last lines) ---\n${server.logs().split('\n').slice(-40).join('\n')}\n`);
					throw error;
				} finally {
					log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${name.slice(0, 80)}`);
				}
			},
			timeoutMs,
		);

	uiTest('signed out, the workflow\'s address asks to sign in; the owner signs in and sees the workflow', async () => {
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

	uiTest('the Shift node\'s Location filter lists the service\'s active locations by name', async () => {
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

	uiTest('the nodes panel lists the package\'s nodes in n8n\'s search order, each with its own description; Rostering Shift › Get many shifts adds one, and the workflow saves', async () => {
		const entries = panelEntries();
		const expectedNames = entries.map((e) => e.name);
		expect(expectedNames).toEqual(expect.arrayContaining(['Rostering Shift', 'Rostering Location']));

		await page.locator(byTestId('node-creator-plus-button')).click();
		const creator = page.locator(byTestId('node-creator'));
		await creator.locator(byTestId('node-creator-search-bar')).fill('rostering');
		const names = creator.locator(byTestId('node-creator-item-name'));
		// Each entry once, in the order n8n's search gives (searchOrder): Rostering Shift first.
		const listed = await waitForTexts(names, expectedNames.length, false);
		expect(listed).toEqual(searchOrder(entries).map((e) => e.name));
		// The nodes people use most come first (issue 31).
		expect(listed.slice(0, 4)).toEqual(['Rostering Shift', 'Rostering Employee', 'Rostering Location', 'Rostering Timesheet']);
		log(`the nodes panel's order for "rostering": ${listed.join(', ')}`);
		// Under each name, its own description (a node with a trigger: the trigger's, which says both).
		expect(await panelDescriptions(creator)).toEqual(searchOrder(entries).map((e) => ({ name: e.name, description: e.description })));
		await shot('editor-nodes-panel.png');

		// A node with operations lists its actions; choosing one adds the node and opens it.
		await names.filter({ hasText: /^Rostering Shift$/ }).click();
		await expect(waitForTexts(names, 8)).resolves.toEqual(
			['Assign a shift if it is still open', 'Create a shift', 'Create many shifts', 'Create or update a shift', 'Delete a shift', 'Get a shift', 'Get many shifts', 'Update a shift'],
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

	// ---------------------------------------------------------------------------------------------
	// A new user's first run: a credential made in the form, a local time typed, a trigger found.
	// ---------------------------------------------------------------------------------------------

	uiTest('a new credential in the editor form: only Base URL, Client ID and Secret, Connect, Allow in the popup; a node reads with it', async () => {
		await openWorkflow(locationsWorkflowId, LOCATIONS_NODE);
		const ndv = await openNode(LOCATIONS_NODE);
		// The node's information is a hint under Operation, not a warning-coloured notice.
		const timeZones = 'A location owns the time zone';
		await ndv.getByText(timeZones).first().waitFor();
		expect(await ndv.locator('[role="alert"]', { hasText: timeZones }).count()).toBe(0);

		// The node's credential dropdown › Create new credential.
		await ndv.locator(byTestId('node-credentials-select')).click();
		await page.locator(`${byTestId('node-credentials-select-item-new')}:visible`).click();
		const modal = page.locator(byTestId('editCredential-modal'));
		await modal.waitFor();
		const credentialName = (await modal.locator(byTestId('credential-name')).innerText()).trim();
		expect(credentialName).toBe('Rostering account');
		const field = (name: string) => modal.locator(byTestId(`parameter-input-${name}`));

		// What the form shows before anything is typed: the defaults, Permissions hidden.
		expect(await field('environment').locator('input').inputValue()).toBe('Custom Base URL');
		expect(await field('customBaseUrl').locator('input').inputValue()).toBe('');
		expect(await field('customBaseUrl').locator('input').getAttribute('placeholder')).toBe('e.g. https://api.example.com');
		expect(await field('clientId').locator('input').inputValue()).toBe('');
		expect(await field('clientSecret').locator('input').inputValue()).toBe('');
		await expect(field('access').isVisible()).resolves.toBe(true);
		expect(await field('access').locator('input').inputValue()).toBe('Read and Change');
		// The fields a new user fills come first, Base URL in view without scrolling (1440×900).
		const top = async (name: string) => (await field(name).boundingBox())?.y ?? Number.NaN;
		const order = await Promise.all(['clientId', 'clientSecret', 'customBaseUrl', 'access', 'environment'].map(top));
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		const baseUrlBox = (await field('customBaseUrl').boundingBox())!;
		expect(baseUrlBox.y + baseUrlBox.height).toBeLessThanOrEqual(900);
		expect(await field('payDetails').locator('input[role="switch"]').getAttribute('aria-checked')).toBe('false');
		expect(await field('permissions').count()).toBe(0);

		// Only what the service gave: Base URL, Client ID, Client Secret.
		await field('clientId').locator('input').fill(sb!.clientId);
		await field('clientSecret').locator('input').fill(sb!.clientSecret);
		await field('customBaseUrl').locator('input').fill(sb!.url);
		await field('access').scrollIntoViewIfNeeded();
		expect(await field('access').locator('input').inputValue()).toBe('Read and Change');
		await shot('credential-form.png');

		await modal.locator(byTestId('credential-save-button')).click();
		const saved = await waitFor('the credential saved', UI_TIMEOUT, async () => {
			const list = await server!.rest<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials');
			return list.find((c) => c.type === CREDENTIAL_TYPE && c.name === credentialName);
		});
		editorCredential = { id: saved.id, name: saved.name };

		// Connect (n8n 2.x's label), in the banner that asks to connect the account.
		const banner = modal.locator(byTestId('oauth-not-connected-banner'));
		await banner.waitFor();
		const connect = banner.locator(byTestId('quick-connect-button'));
		expect((await connect.innerText()).trim()).toBe('Connect');
		sb!.clearRequests();
		const popupOpened = context.waitForEvent('page');
		await connect.click();
		const popup = await popupOpened;
		// The editor opens about:blank first, then sends it to the authorization URL.
		await popup.waitForURL((u) => u.href.startsWith(`${sb!.url}/oauth/authorize`));
		const allow = popup.getByRole('button', { name: 'Allow' });
		await allow.waitFor();
		await popup.screenshot({ path: path.join(ARTIFACTS, 'oauth-consent.png') });
		await allow.click();
		// n8n's callback page tells the editor (BroadcastChannel 'oauth-callback'); n8n 2.40 then
		// closes the popup and, the modal having been opened from a node, the modal too.
		await modal.waitFor({ state: 'hidden' });
		await waitFor('the popup closed', UI_TIMEOUT, () => (popup.isClosed() ? true : undefined));
		const credentialInput = ndv.locator(`${byTestId('node-credentials-select')} input`);
		await expect(waitForValue(credentialInput, (v) => v === credentialName)).resolves.toBe(credentialName);

		// Opened again, the form says the account is connected.
		await ndv.locator(byTestId('credential-edit-button')).click();
		await modal.waitFor();
		const connectedBanner = modal.locator(byTestId('oauth-connect-success-banner'));
		await connectedBanner.waitFor();
		expect(await connectedBanner.innerText()).toContain('Account connected');
		expect(await field('access').locator('input').inputValue()).toBe('Read and Change');
		await shot('credential-connected.png');
		await modal.getByRole('button', { name: 'Close this dialog' }).click();
		await modal.waitFor({ state: 'hidden' });

		// What the sandbox received: authorize with the read and change preset and offline_access, PKCE S256...
		const redirectUri = `${server!.baseUrl}${CALLBACK_PATH}`;
		const authorize = sb!.requests.filter((r) => r.method === 'GET' && r.path === '/oauth/authorize');
		expect(authorize).toHaveLength(1);
		expect(authorize[0].query).toMatchObject({
			response_type: 'code',
			client_id: sb!.clientId,
			redirect_uri: redirectUri,
			code_challenge_method: 'S256',
		});
		expect(String(authorize[0].query.scope).split(' ')).toEqual(READ_AND_CHANGE_SCOPE);
		expect(sb!.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/authorize').map((r) => r.status)).toEqual([302]);
		// ...one token request, answered with a refresh token.
		const tokenRequests = sb!.requests.filter((r) => r.path === '/oauth/token');
		expect(tokenRequests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 200']);
		expect((tokenRequests[0].body as Record<string, unknown>).grant_type).toBe('authorization_code');
		const issued = tokenRequests[0].responseBody as Record<string, unknown>;
		expect(issued.refresh_token).toEqual(expect.any(String));
		expect(String(issued.scope).split(' ')).toEqual(READ_AND_CHANGE_SCOPE);

		// What n8n stored: the REST API says tokens are there; decrypted, they are the ones issued.
		const stored = await server!.rest<{ data: Record<string, unknown> }>('GET', `/rest/credentials/${saved.id}?includeData=true`);
		expect(stored.data.oauthTokenData).toBe(true);
		const plain = (await exportCredential(n8n!, saved.id, { decrypted: true })).data as Record<string, unknown> & {
			oauthTokenData: Record<string, unknown>;
		};
		expect(plain).toMatchObject({ customBaseUrl: sb!.url, clientId: sb!.clientId, clientSecret: sb!.clientSecret });
		// The editor saves only the fields that differ from their defaults: Environment and Access
		// are not stored, n8n applies their defaults (Custom Base URL, Read and Change) when it resolves them.
		expect(plain.environment ?? 'custom').toBe('custom');
		expect(plain.access ?? 'readAndChange').toBe('readAndChange');
		expect(plain.oauthTokenData).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token });
		log(`the editor stored the new credential's fields: ${Object.keys(plain).sort().join(', ')}`);

		// Execute workflow (the canvas button): the Location node reads with the new credential.
		await closeNode();
		sb!.clearRequests();
		await page.locator(byTestId('execute-workflow-button')).click();
		const locationsNode = page.locator(`${byTestId('canvas-node')}[data-node-name="${LOCATIONS_NODE}"]`);
		await locationsNode.locator(byTestId('canvas-node-status-success')).waitFor();
		const [summary] = await server!.executions(locationsWorkflowId);
		const execution = await server!.waitForExecution(summary.id);
		expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		const items = executionItems(execution, LOCATIONS_NODE);
		const reads = sb!.requests.filter((r) => r.path.startsWith('/v1/'));
		expect(reads.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/locations 200']);
		expect(reads[0].headers.authorization).toBe(`Bearer ${String(issued.access_token)}`);
		const active = sb!.store.locations.filter((l) => !l.archived);
		expect(items.map((i) => i.id).sort()).toEqual(active.map((l) => l.id).sort());
	});

	uiTest('Shift › Create: a local time typed into Start Time and End Time becomes 09:00 at the location\'s offset', async () => {
		await openWorkflow(createWorkflowId, CREATE_NODE);
		const ndv = await openNode(CREATE_NODE);
		expect(await ndv.locator(`${byTestId('parameter-input-operation')} input`).inputValue()).toBe('Create');
		const credentialInput = ndv.locator(`${byTestId('node-credentials-select')} input`);
		await expect(waitForValue(credentialInput, (v) => v === E2E_CREDENTIAL.name)).resolves.toBe(E2E_CREDENTIAL.name);
		const circularQuay = sb!.store.locations.find((l) => l.name === 'Circular Quay Café')!;
		const barista = sb!.store.positions.find((p) => p.location_id === circularQuay.id && p.name === 'Barista')!;
		expect(barista).toBeDefined();

		// Location and Position from their lists (Position lists the chosen location's positions).
		const items = page.locator(`${byTestId('rlc-item')}:visible`);
		const locationPicker = ndv.locator(byTestId('resource-locator-locationId'));
		await locationPicker.locator(byTestId('rlc-input')).click();
		await page.locator(`${byTestId('rlc-search')}:visible`).fill('quay');
		await expect(waitForTexts(items, 1)).resolves.toEqual(['Circular Quay Café (Australia/Sydney)']);
		await items.first().click();
		const positionPicker = ndv.locator(byTestId('resource-locator-positionId'));
		await positionPicker.locator(byTestId('rlc-input')).click();
		const positions = sb!.store.positions.filter((p) => p.location_id === circularQuay.id && !p.archived);
		const listed = await waitForTexts(items, positions.length);
		expect(listed).toContain('Barista');
		await items.filter({ hasText: /^Barista$/ }).click();
		await expect(waitForValue(positionPicker.locator(byTestId('rlc-input')))).resolves.toBe('Barista');

		// Start Time and End Time: plain text fields, typed key by key.
		const start = ndv.locator(`${byTestId('parameter-input-startTime')} input`);
		const end = ndv.locator(`${byTestId('parameter-input-endTime')} input`);
		expect(await start.getAttribute('placeholder')).toBe('e.g. 2026-11-23T09:00');
		expect(await end.getAttribute('placeholder')).toBe('e.g. 2026-11-23T09:00');
		await start.click();
		await page.keyboard.type(TYPED_START);
		await end.click();
		await page.keyboard.type(TYPED_END);
		await page.keyboard.press('Tab');
		expect(await start.inputValue()).toBe(TYPED_START);
		expect(await end.inputValue()).toBe(TYPED_END);
		// The editor takes a typed value into its workflow a moment after the keys (a clean-clone run
		// clicked Execute step while End Time was still "2"): wait until n8n's autosave has stored
		// both times whole, as a person would not run the step mid-keystroke either.
		type StoredNode = { name: string; parameters: Record<string, unknown> };
		const storedParameters = async () => ((await server!.workflow(createWorkflowId)).nodes as StoredNode[]).find((n) => n.name === CREATE_NODE)?.parameters ?? {};
		await waitFor('the typed times in the autosaved workflow', UI_TIMEOUT, async () => {
			const stored = await storedParameters();
			return stored.startTime === TYPED_START && stored.endTime === TYPED_END ? true : undefined;
		});

		// Execute step: the shift is created in the sandbox, 09:00 local time at the location.
		expect(sb!.store.shifts.filter((s) => s.created_by_app)).toHaveLength(0);
		expect(new Date(`${TYPED_START}:00Z`).getTime()).toBeGreaterThan(sb!.clock.now().getTime());
		sb!.clearRequests();
		await executeStep(ndv);
		const createdShifts = await waitFor('the shift created in the sandbox', UI_TIMEOUT, () => {
			const mine = sb!.store.shifts.filter((s) => s.created_by_app);
			return mine.length ? mine : undefined;
		});
		expect(createdShifts).toHaveLength(1);
		const local = (typed: string) =>
			DateTime.fromISO(typed, { zone: String(circularQuay.timezone) }).toISO({ suppressMilliseconds: true, includeOffset: true });
		expect(local(TYPED_START)).toBe('2026-11-23T09:00:00+11:00'); // Sydney in daylight saving time
		expect(createdShifts[0]).toMatchObject({
			location_id: circularQuay.id,
			position_id: barista.id,
			employee_id: null,
			start_time: local(TYPED_START),
			end_time: local(TYPED_END),
		});
		const posts = sb!.requests.filter((r) => r.method === 'POST' && r.path === '/v1/shifts');
		expect(posts.map((r) => r.status)).toEqual([201]);
		expect(posts[0].body).toMatchObject({ start_time: local(TYPED_START), end_time: local(TYPED_END) });

		// The node's output shows the shift; the fields still hold what was typed.
		const output = ndv.locator(byTestId('output-panel'));
		await waitFor('the created shift in the node\'s output', UI_TIMEOUT, async () =>
			(await output.innerText()).includes(String(createdShifts[0].id)) ? true : undefined,
		);
		expect(await start.inputValue()).toBe(TYPED_START);
		expect(await end.inputValue()).toBe(TYPED_END);
		await shot('editor-typed-time.png');

		// Saved as typed (Ctrl+S; n8n 2.x also autosaves).
		await closeNode();
		await page.keyboard.press('Control+s');
		const savedParameters = await waitFor('the workflow saved with the typed times', UI_TIMEOUT, async () => {
			const stored = await storedParameters();
			return stored.startTime ? stored : undefined;
		});
		expect(savedParameters).toMatchObject({
			startTime: TYPED_START,
			endTime: TYPED_END,
			locationId: expect.objectContaining({ mode: 'list', value: circularQuay.id }),
			positionId: expect.objectContaining({ mode: 'list', value: barista.id }),
		});
	});

	uiTest('Shift › Create or Update (version 2): the editor shows the mapper, Map Automatically with the fields to match on; run twice, each row is one shift, and the unplaced column is named', async () => {
		await openWorkflow(syncWorkflowId, SYNC_NODE);
		const ndv = await openNode(SYNC_NODE);
		expect(await ndv.locator(`${byTestId('parameter-input-operation')} input`).inputValue()).toBe('Create or Update');
		const mapper = ndv.locator(byTestId('resource-mapper-container'));
		await mapper.waitFor();
		const mode = mapper.locator(`${byTestId('mapping-mode-select')} input`);
		await expect(waitForValue(mode, (v) => v === 'Map Automatically')).resolves.toBe('Map Automatically');
		// The fields to match on come from the node (getMappingColumns, through n8n's REST API), the defaults chosen.
		const matching = mapper.locator(byTestId('matching-column-select'));
		const defaults = await waitFor('the default fields to match on', UI_TIMEOUT, async () => {
			const text = await matching.innerText();
			return ['location_id', 'employee_id', 'start_time'].every((name) => text.includes(name)) ? text : undefined;
		});
		expect(defaults).not.toContain('notes');
		await shot('editor-mapper-auto.png');

		// Execute step: both rows become shifts, read from the items as they are.
		const mine = () => sb!.store.shifts.filter((s) => String(s.notes ?? '').startsWith('editor-sync-'));
		expect(mine()).toHaveLength(0);
		sb!.clearRequests();
		await executeStep(ndv);
		const output = ndv.locator(byTestId('output-panel'));
		await waitFor('the created shifts in the output', UI_TIMEOUT, async () => ((await output.innerText()).match(/\bcreated\b/g)?.length === 2 ? true : undefined));
		expect(await output.innerText()).toContain('Not sent: input field colour');
		expect(mine()).toHaveLength(2);
		const shiftCalls = () => sb!.requests.filter((r) => r.path.startsWith('/v1/shifts')).map((r) => r.method);
		expect(shiftCalls()).toEqual(['GET', 'POST']);
		await shot('editor-mapper-created.png');

		// Run again: each row is found and unchanged; nothing is written.
		sb!.clearRequests();
		await executeStep(ndv);
		await waitFor('the unchanged shifts in the output', UI_TIMEOUT, async () => ((await output.innerText()).match(/\bunchanged\b/g)?.length === 2 ? true : undefined)).catch(async (error: Error) => {
			throw new Error(`${error.message}; the sandbox received ${JSON.stringify(shiftCalls())}, the output shows: ${(await output.innerText()).slice(0, 600)}`);
		});
		expect(shiftCalls()).toEqual(['GET']);
		expect(mine()).toHaveLength(2);

		// Map Each Column Manually lists each field of a shift, as the node describes it.
		await mode.click();
		await page.locator('.el-select-dropdown__item:visible', { hasText: 'Map Each Column Manually' }).click();
		const fields = mapper.locator(byTestId('mapping-fields-container'));
		const listed = await waitFor('the mapper\'s fields', UI_TIMEOUT, async () => {
			const text = await fields.innerText();
			return ['Location', 'Position', 'Employee', 'Start Time', 'End Time', 'Breaks', 'Notes'].every((name) => text.includes(name)) ? text : undefined;
		});
		expect(listed).not.toContain('Make Open Shift');
		// Each label reads in full, "(using to match)" included (n8n caps a label at about 154 px, with
		// no tooltip: issue 31 saw "Start Time (using to m…", and "Location ID (using to mat…").
		for (const label of ['Location (using to match)', 'Employee (using to match)', 'Start Time (using to match)']) expect(listed).toContain(label);
		const cut = await fields.evaluate((container) =>
			[...container.querySelectorAll('*')]
				.filter((e) => e.children.length === 0 && e.textContent?.trim() && e.closest('label, [class*="label"], [class*="Label"]') && (e as unknown as { scrollWidth: number }).scrollWidth > (e as unknown as { clientWidth: number }).clientWidth)
				.map((e) => e.textContent!.trim()),
		);
		expect(cut).toEqual([]);
		await shot('editor-mapper-manual.png');
		// Saved (Ctrl+S) as n8n's mapper stores it, so that nothing unsaved holds up the next test.
		await closeNode();
		await page.keyboard.press('Control+s');
		type StoredNode = { name: string; parameters: { columns?: { mappingMode?: string; matchingColumns?: string[] } } };
		const saved = await waitFor('the workflow saved with the mapper set to manual', UI_TIMEOUT, async () => {
			const wf = await server!.workflow(syncWorkflowId);
			const node = (wf.nodes as StoredNode[]).find((n) => n.name === SYNC_NODE);
			return node?.parameters.columns?.mappingMode === 'defineBelow' ? node : undefined;
		});
		expect(saved.parameters.columns?.matchingColumns).toEqual(['location_id', 'employee_id', 'start_time']);
	});

	uiTest('the nodes panel on an empty canvas: Rostering Shift lists its trigger first; adding it puts Rostering Shift Trigger on the canvas with a credential', async () => {
		const trigger = builtNodeDescriptions().find((d) => d.name === 'rosteringShiftTrigger');
		if (!trigger) {
			throw new Error('The built package has no rosteringShiftTrigger node (dist/nodes/RosteringShiftTrigger, listed in package.json n8n.nodes): build it first.');
		}
		await navigate('/workflow/new');
		const addFirstStep = page.locator(byTestId('canvas-add-button'));
		await addFirstStep.waitFor();
		expect(await page.locator(byTestId('canvas-node')).count()).toBe(0);
		await addFirstStep.click();
		const creator = page.locator(byTestId('node-creator'));
		const names = creator.locator(byTestId('node-creator-item-name'));
		await expect(creator.locator(byTestId('nodes-list-header')).first().innerText()).resolves.toContain('What triggers this workflow?');

		// Among triggers, the search "rostering": the same entries in the same order as among actions.
		// n8n lists every node a search matches here (HTTP Request and Code too), so the package's
		// nodes without a trigger are listed as well; the entries that start a workflow say so (their
		// trigger's description), and only they do.
		const entries = searchOrder(panelEntries());
		await creator.locator(byTestId('node-creator-search-bar')).fill('rostering');
		await expect(waitForTexts(names, entries.length, false)).resolves.toEqual(entries.map((e) => e.name));
		const shown = await panelDescriptions(creator);
		expect(shown).toEqual(entries.map((e) => ({ name: e.name, description: e.description })));
		expect(shown.filter((e) => e.description.includes('start a workflow')).map((e) => e.name)).toEqual(entries.filter((e) => e.hasTrigger).map((e) => e.name));
		expect(entries.filter((e) => e.hasTrigger)).toHaveLength(16);
		await shot('editor-panel-triggers-search.png');

		await creator.locator(byTestId('node-creator-search-bar')).fill('Rostering Shift');
		await names.filter({ hasText: /^Rostering Shift$/ }).click();

		// On an empty canvas the Triggers section comes first, open, with the trigger's events.
		const categories = creator.locator(byTestId('node-creator-category-item'));
		// Its events: created, updated, removed, the five derived from what changed, and No Clock-In.
		await expect(waitForTexts(categories, 2, false)).resolves.toEqual(['Triggers (9)', 'Actions (8)']);
		const events = await waitForTexts(names, 9);
		expect(events).toEqual(expect.arrayContaining(['On created', 'On removed', 'On updated']));
		expect(events.map((name) => name.toLowerCase()).sort()).toEqual(
			['On assigned', 'On became open', 'On changed back to draft', 'On created', 'On no clock in', 'On published', 'On removed', 'On times changed', 'On updated'].map((name) => name.toLowerCase()).sort(),
		);
		expect(await creator.locator(byTestId('actions-panel-no-triggers-callout')).count()).toBe(0);
		expect(await creator.innerText()).not.toContain('No Rostering Shift Triggers available');
		await shot('editor-panel-trigger.png');

		await names.filter({ hasText: /^On created$/ }).click();
		const ndv = page.locator(byTestId('ndv'));
		await ndv.waitFor();
		expect((await ndv.locator(byTestId('node-title-container')).innerText()).trim()).toBe('Rostering Shift Trigger');
		// A credential of the type is chosen for the new node (n8n picks the newest one).
		const credentials = await server!.rest<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials');
		const rostering = credentials.filter((c) => c.type === CREDENTIAL_TYPE);
		const credentialNames = rostering.map((c) => c.name);
		const chosen = await waitForValue(ndv.locator(`${byTestId('node-credentials-select')} input`), (v) => credentialNames.includes(v));
		expect(credentialNames).toContain(chosen);
		if (editorCredential) expect(chosen).toBe(editorCredential.name);
		expect(await ndv.locator(byTestId('parameter-input-events')).innerText()).toContain('Created');
		await closeNode();

		const node = page.locator(`${byTestId('canvas-node')}[data-node-type="n8n-nodes-rostering.rosteringShiftTrigger"]`);
		await node.waitFor();
		expect(await page.locator(byTestId('canvas-node')).count()).toBe(1);
		expect(await node.getAttribute('data-node-name')).toBe('Rostering Shift Trigger');
		expect(await node.innerText()).toContain('On created');
		await shot('editor-trigger-added.png');

		// Saved (Ctrl+S), the workflow holds the trigger with that credential.
		await page.keyboard.press('Control+s');
		const newWorkflowId = await waitFor('the new workflow\'s address', UI_TIMEOUT, () => /\/workflow\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1]);
		type StoredNode = { type: string; parameters: Record<string, unknown>; credentials?: Record<string, { id: string; name: string }> };
		const stored = await waitFor('the workflow saved with the trigger', UI_TIMEOUT, async () => {
			const wf = await server!.workflow(newWorkflowId).catch(() => undefined);
			return (wf?.nodes as StoredNode[] | undefined)?.find((n) => n.type === 'n8n-nodes-rostering.rosteringShiftTrigger');
		});
		expect(stored.credentials?.[CREDENTIAL_TYPE]?.name).toBe(chosen);
		expect(stored.parameters.events).toEqual(['created']);
	});

	// ---------------------------------------------------------------------------------------------
	// Issue 31's two workflows, built from the nodes panel and the node forms only.
	// ---------------------------------------------------------------------------------------------

	uiTest('import a week of shifts from rows with names: Manual Trigger, Edit Fields (JSON), Split Out, Rostering Shift › Create or Update (Map Automatically); run twice, each shift once, then nothing sent', async () => {
		// The ids the rows' names stand for, as the pickers name them.
		const key = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
		const expected = WEEK_ROWS.map((row) => {
			const location = sb!.store.locations.find((l) => !l.archived && key(String(l.name)) === key(row.Location))!;
			const position = sb!.store.positions.find((p) => !p.archived && p.location_id === location.id && key(String(p.name)) === key(row.Position))!;
			const employee = sb!.store.employees.find((e) => [`${String(e.preferred_name || e.first_name)} ${String(e.last_name)}`, `${String(e.first_name)} ${String(e.last_name)}`].map(key).includes(key(row.Employee)))!;
			expect({ row: row.Employee, location: location?.id, position: position?.id, employee: employee?.id }).toEqual({ row: row.Employee, location: expect.any(String), position: expect.any(String), employee: expect.any(String) });
			const at = (local: string) => DateTime.fromISO(local, { zone: String(location.timezone) }).toISO({ suppressMilliseconds: true, includeOffset: true });
			return { location_id: location.id, position_id: position.id, employee_id: employee.id, start_time: at(row['Start Time']), end_time: at(row['End Time']) };
		});
		expect(expected.map((e) => e.start_time)).toEqual(expect.arrayContaining(['2027-01-11T07:00:00+11:00', '2027-01-17T09:00:00+10:00']));
		const inTheWeek = () => sb!.store.shifts.filter((s) => !s.archived && String(s.start_time) >= '2027-01-11' && String(s.start_time) < '2027-01-18');
		expect(inTheWeek()).toHaveLength(0);

		// A new workflow, named; "Add first step" › Manual Trigger.
		await navigate('/workflow/new');
		await page.locator(byTestId('canvas-add-button')).waitFor();
		await nameWorkflow('Import a week of shifts');
		await addNodeFromPanel(page, { search: 'manual', item: 'Manual Trigger', opens: false });
		const manualTrigger = page.locator(`${byTestId('canvas-node')}[data-node-type="n8n-nodes-base.manualTrigger"]`);
		await manualTrigger.waitFor();
		const triggerName = String(await manualTrigger.getAttribute('data-node-name'));

		// The rows: Edit Fields (Set), Mode JSON, the week pasted in; then Split Out on "rows".
		let ndv = await addNodeFromPanel(page, { after: triggerName, search: 'edit fields', item: 'Edit Fields (Set)' });
		await chooseOption(page, ndv.locator(byTestId('parameter-input-mode')), 'JSON');
		const json = ndv.locator(byTestId('parameter-input-jsonOutput'));
		await pasteIntoEditor(page, json, JSON.stringify({ rows: WEEK_ROWS }, null, 2));
		expect(JSON.parse(await json.locator('.cm-content').innerText())).toEqual({ rows: WEEK_ROWS });
		await shot('editor-import-rows.png');
		await closeNode();
		ndv = await addNodeFromPanel(page, { after: 'Edit Fields', search: 'split out', item: 'Split Out' });
		await ndv.locator(`${byTestId('parameter-input-fieldToSplitOut')} input`).click();
		await page.keyboard.type('rows');
		await page.keyboard.press('Tab');
		await closeNode();

		// Rostering Shift › "Create or update a shift": version 2, Map Automatically, a credential chosen.
		ndv = await addNodeFromPanel(page, { after: 'Split Out', search: 'rostering shift', item: 'Rostering Shift', action: 'Create or update a shift' });
		expect(await ndv.locator(`${byTestId('parameter-input-operation')} input`).inputValue()).toBe('Create or Update');
		expect(await ndv.locator(byTestId('node-version')).innerText()).toContain('version 2');
		await expect(waitForValue(ndv.locator(`${byTestId('mapping-mode-select')} input`), (v) => v === 'Map Automatically')).resolves.toBe('Map Automatically');
		expect(await waitForValue(ndv.locator(`${byTestId('node-credentials-select')} input`))).not.toBe('');
		const shiftNode = page.locator(`${byTestId('canvas-node')}[data-node-type="n8n-nodes-rostering.rosteringShift"]`);
		const shiftNodeName = String(await shiftNode.getAttribute('data-node-name'));
		// Named after the action, as the panel words it (version 2's Operation list comes first in
		// the node's properties: n8n names a new node from the first one; it said "Upsert shift").
		expect(shiftNodeName).toBe('Create or update a shift');
		const workflowId = await currentWorkflowId();

		// Execute step (the whole chain up to the node): the seven shifts are created.
		const writes = () => sb!.requests.filter((r) => r.path.startsWith('/v1/shifts') && r.method !== 'GET').map((r) => `${r.method} ${r.status}`);
		sb!.clearRequests();
		await executeStep(ndv);
		const output = ndv.locator(byTestId('output-panel'));
		const count = async (word: string) => (await output.innerText()).match(new RegExp(`\\b${word}\\b`, 'g'))?.length ?? 0;
		await waitFor('seven created shifts in the output', UI_TIMEOUT, async () => ((await count('created')) === 7 ? true : undefined)).catch(async (error: Error) => {
			throw new Error(`${error.message}; the sandbox received ${JSON.stringify(sb!.requests.map((r) => `${r.method} ${r.path} ${r.status}`))}, the output shows: ${(await output.innerText()).slice(0, 800)}`);
		});
		// The output says which fields were given by name.
		expect(await output.innerText()).toContain('names_given');
		await shot('editor-import-created.png');
		expect(writes()).toEqual(['POST 201']); // one batch
		// Each name list read once, however many rows.
		for (const list of ['/v1/locations', '/v1/positions', '/v1/employees']) expect(sb!.requests.filter((r) => r.path === list)).toHaveLength(1);
		const firstRun = await lastExecution(workflowId, 1);
		const created = executionItems(firstRun, shiftNodeName);
		expect(created.map((i) => i.action)).toEqual(Array(7).fill('created'));
		expect(created.map((i) => i.names_given)).toEqual(
			WEEK_ROWS.map((row) => ({ location_id: row.Location.trim(), position_id: row.Position.trim(), employee_id: row.Employee.trim() })),
		);
		const everyShiftOnce = () => {
			const shifts = inTheWeek();
			expect(shifts).toHaveLength(7);
			for (const shift of expected) expect(shifts.filter((s) => s.location_id === shift.location_id && s.employee_id === shift.employee_id && s.start_time === shift.start_time)).toEqual([expect.objectContaining(shift)]);
		};
		everyShiftOnce();
		expect(created.map((i) => i.id).sort()).toEqual(inTheWeek().map((s) => s.id).sort());

		// Run again: every row found unchanged, nothing written.
		sb!.clearRequests();
		await executeStep(ndv);
		await waitFor('seven unchanged shifts in the output', UI_TIMEOUT, async () => ((await count('unchanged')) === 7 ? true : undefined)).catch(async (error: Error) => {
			throw new Error(`${error.message}; the sandbox received ${JSON.stringify(sb!.requests.map((r) => `${r.method} ${r.path} ${r.status}`))}, the output shows: ${(await output.innerText()).slice(0, 800)}`);
		});
		await shot('editor-import-unchanged.png');
		const secondRun = await lastExecution(workflowId, 2);
		const again = executionItems(secondRun, shiftNodeName);
		expect(again.map((i) => i.action)).toEqual(Array(7).fill('unchanged'));
		expect(again.map((i) => i.id)).toEqual(created.map((i) => i.id));
		expect(writes()).toEqual([]);
		everyShiftOnce();

		// What n8n stored is what the forms were given.
		await closeNode();
		await page.keyboard.press('Control+s');
		type StoredNode = { name: string; type: string; typeVersion: number; parameters: Record<string, unknown> };
		const stored = await waitFor('the workflow saved', UI_TIMEOUT, async () => {
			const wf = await server!.workflow(workflowId);
			return (wf.nodes as StoredNode[]).length === 4 ? (wf as { name: string; nodes: StoredNode[] }) : undefined;
		});
		expect(stored.name).toBe('Import a week of shifts');
		const node = (type: string) => stored.nodes.find((n) => n.type === type)!;
		expect(JSON.parse(String(node('n8n-nodes-base.set').parameters.jsonOutput))).toEqual({ rows: WEEK_ROWS });
		expect(node('n8n-nodes-base.set').parameters.mode).toBe('raw');
		expect(node('n8n-nodes-base.splitOut').parameters.fieldToSplitOut).toBe('rows');
		expect(node('n8n-nodes-rostering.rosteringShift')).toMatchObject({ typeVersion: 2, parameters: { operation: 'upsert', columns: { mappingMode: 'autoMapInputData' } } });
	});

	uiTest('alert when a shift becomes open, with who left: Rostering Shift Trigger (Became Open, Add Names, every 15 s) → Edit Fields; published, two shifts made open, each alert once naming who left', async () => {
		// A fresh editor page, not a move inside the running one: after the earlier tests' workflows,
		// an expression pasted into Edit Fields stayed in its field and never reached the workflow
		// (2026-11-27, every full run of this file here, also at the last landed commit; this test
		// alone after the sign-in passed). The page's load costs 10-15 s.
		await page.goto(`${server!.baseUrl}/workflow/new`);
		await page.locator(byTestId('canvas-add-button')).waitFor();
		await nameWorkflow('Alert when a shift becomes open');

		// "Add first step" › Rostering Shift › On became open.
		let ndv = await addNodeFromPanel(page, { search: 'Rostering Shift', item: 'Rostering Shift', action: 'On became open' });
		expect((await ndv.locator(byTestId('node-title-container')).innerText()).trim()).toBe('Rostering Shift Trigger');
		expect(await ndv.locator(byTestId('parameter-input-events')).innerText()).toContain('Became Open');
		// Poll Times: four custom times a minute (every 15 s), as the other real-n8n trigger tests poll.
		const crons = POLL_EVERY_15_SECONDS.item.map((item) => item.cronExpression);
		await setPollTimes(page, ndv, crons);
		// Options › Add Names: on once added.
		await addCollectionOption(page, ndv, 'Add Option', 'Add Names');
		await expect(ndv.locator(`${byTestId('parameter-input-addNames')} input[role="switch"]`).getAttribute('aria-checked')).resolves.toBe('true');
		await shot('editor-alert-trigger.png');
		await closeNode();

		// Edit Fields: a field "message", an expression saying where, which day and who left.
		ndv = await addNodeFromPanel(page, { after: 'Rostering Shift Trigger', search: 'edit fields', item: 'Edit Fields (Set)' });
		await ndv.locator(byTestId('assignment-collection-drop-area')).click();
		const assignment = ndv.locator(byTestId('assignment')).first();
		await assignment.locator(`${byTestId('assignment-name')} input`).click();
		await page.keyboard.type('message');
		await setExpression(page, assignment.locator(byTestId('assignment-value')), ALERT_MESSAGE, ndv.getByText('Fields to Set', { exact: true }));
		await shot('editor-alert-message.png');
		// The editor holds the expression (its debounce passed) before the node view closes.
		await waitFor('the editor to hold the message expression', UI_TIMEOUT, async () =>
			Object.values(await editorNodeParameters(page)).some((parameters) => JSON.stringify(parameters).includes(JSON.stringify(`=${ALERT_MESSAGE}`))) ? true : undefined,
		);
		await closeNode();
		const setNodeName = String(await page.locator(`${byTestId('canvas-node')}[data-node-type="n8n-nodes-base.set"]`).getAttribute('data-node-name'));

		// Saved as set in the forms (Ctrl+S again every 10 s until n8n has it: on a busy machine a
		// key press right after the node view closed was once lost).
		await page.keyboard.press('Control+s');
		const workflowId = await currentWorkflowId();
		type StoredNode = { name: string; type: string; parameters: Record<string, unknown> };
		let checks = 0;
		const stored = await waitFor('the workflow saved with the trigger and the message', UI_TIMEOUT, async () => {
			if (++checks % 20 === 0) await page.keyboard.press('Control+s');
			const wf = await server!.workflow(workflowId);
			const nodes = wf.nodes as StoredNode[];
			const set = nodes.find((n) => n.type === 'n8n-nodes-base.set');
			const assignments = (set?.parameters.assignments as { assignments?: Array<Record<string, unknown>> } | undefined)?.assignments;
			return nodes.length === 2 && assignments?.[0]?.value === `=${ALERT_MESSAGE}` ? { nodes, connections: wf.connections as Record<string, unknown> } : undefined;
		}).catch(async (error: Error) => {
			const wf = await server!.workflow(workflowId);
			throw new Error(`${error.message}; n8n stored: ${JSON.stringify((wf.nodes as StoredNode[]).map((n) => ({ name: n.name, type: n.type, parameters: n.parameters })))}`);
		});
		const trigger = stored.nodes.find((n) => n.type === 'n8n-nodes-rostering.rosteringShiftTrigger')!;
		expect(trigger.parameters).toMatchObject({ events: ['became_open'], options: { addNames: true }, pollTimes: { item: crons.map((cronExpression) => ({ mode: 'custom', cronExpression })) } });
		expect(stored.connections[trigger.name]).toEqual({ main: [[{ node: setNodeName, type: 'main', index: 0 }]] });

		// Publish (n8n 2.x's word for activate), in a new second on the service's clock: the trigger
		// starts from the second it is published in, so no earlier test's write may share it.
		sb!.clock.advance(1000);
		sb!.clearRequests();
		await page.locator(byTestId('workflow-open-publish-modal-button')).click();
		const publish = page.locator(byTestId('workflowPublish-modal'));
		await publish.locator(byTestId('workflow-publish-button')).click();
		await publish.waitFor({ state: 'hidden' });
		await waitFor('the editor to say Published', UI_TIMEOUT, async () => ((await page.locator(byTestId('workflow-open-publish-modal-button')).innerText()).trim() === 'Published' ? true : undefined));
		await shot('editor-alert-published.png');
		// n8n says the workflow now checks Rostering Shift for events: Got it.
		await page.getByRole('button', { name: 'Got it' }).click();
		await page.getByRole('button', { name: 'Got it' }).waitFor({ state: 'hidden' });
		// The first poll, then the read that learns the shifts in use, answered whole: only then are
		// the changes made, so what the trigger learned is from before them.
		await waitFor('the activation poll', 150_000, () => sb!.requests.some((r) => r.path === '/v1/shifts' && r.query.limit === '1' && r.query.updated_since === undefined && r.status === 200) || undefined);
		await waitFor('the shifts in use learned', 150_000, () =>
			sb!.requests.some((r) => r.path === '/v1/shifts' && r.query.from !== undefined && r.query.updated_since === undefined && r.status === 200 && (r.responseBody as Record<string, unknown> | null)?.has_more === false) || undefined,
		);

		// Two assigned shifts to come (within the weeks the trigger learned), different people and places.
		const now = sb!.clock.now().getTime();
		const assigned = sb!.store.shifts.filter((s) => !s.archived && s.employee_id && Date.parse(String(s.start_time)) > now + DAY_MS && Date.parse(String(s.start_time)) < now + 20 * DAY_MS);
		const first = assigned[0];
		const second = assigned.find((s) => s.employee_id !== first.employee_id && s.location_id !== first.location_id)!;
		expect(second).toBeDefined();
		const alertFor = (shift: (typeof assigned)[number]) => {
			const person = sb!.store.employees.find((e) => e.id === shift.employee_id)!;
			const who = `${String(person.preferred_name || person.first_name)} ${String(person.last_name)}`;
			const where = String(sb!.store.locations.find((l) => l.id === shift.location_id)!.name);
			return { shiftId: String(shift.id), from: String(shift.employee_id), who, message: `${where} ${String(shift.start_time).slice(0, 10)}: open, ${who} left` };
		};
		const alerts = [alertFor(first), alertFor(second)];

		/** What the published workflow's executions put out, oldest first: the trigger's items and the messages. */
		const delivered = async () => {
			const summaries = (await server!.executions(workflowId)).sort((a, b) => Number(a.id) - Number(b.id));
			const runs = [];
			for (const summary of summaries) {
				const execution = await server!.waitForExecution(summary.id);
				expect({ mode: execution.mode, status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ mode: 'trigger', status: 'success', error: undefined });
				runs.push({ items: executionItems(execution, 'Rostering Shift Trigger'), messages: executionItems(execution, setNodeName).map((i) => i.message) });
			}
			return runs;
		};
		for (const [n, alert] of alerts.entries()) {
			// A manager takes the person off the shift in the service's own application; the next
			// poll after the alert before it (a repeat of that one would come in it, beside this one).
			sb!.clock.advance(1000);
			sb!.manager.editShift(alert.shiftId, { employee_id: null });
			const runs = await waitFor(`the alert for ${alert.shiftId}`, 150_000, async () => {
				const seen = await delivered();
				return seen.length > n ? seen : undefined;
			});
			expect(runs.map((run) => run.messages)).toEqual(alerts.slice(0, n + 1).map((a) => [a.message]));
			expect(runs[n].items).toEqual([
				expect.objectContaining({ event: 'became_open', record: expect.objectContaining({ id: alert.shiftId, employee_id: null }), changes: { employee_id: { from: alert.from, to: null, from_name: alert.who, to_name: null } } }),
			]);
			log(`alert ${n + 1}: "${alert.message}"`);
		}
		// Two more polls: a repeat would come from the first (n8n has saved its execution by the time
		// the second starts; docs/testing.md). Each alert came once, in its own execution.
		const after = sb!.clock.now().getTime();
		await waitFor('two more polls', 150_000, () => pollsSince(sb!, '/v1/shifts', after) >= 2 || undefined);
		expect((await delivered()).map((run) => run.messages)).toEqual(alerts.map((a) => [a.message]));
	}, 10 * 60_000);

	uiTest('9. an example workflow (A week of open shifts), run once on the canvas: opening each node then says nothing about changed parameters', async () => {
		// As the demo imports it: the example's Create or Update holds its mapper as the editor writes
		// it (demo/workflows.ts mapperColumns); with an empty one, opening the node wrote the fields in
		// and n8n said "Node parameters have changed" of the run just made (issue 31).
		const place = sb!.store.locations.find((l) => l.name === 'Circular Quay Café')!;
		const position = sb!.store.positions.find((p) => p.location_id === place.id && p.name === 'Barista')!;
		// A year and more after the anchor's week: clear of the seed's shifts and the other tests'.
		const monday = DateTime.fromISO(SANDBOX_ANCHOR, { zone: String(place.timezone) }).startOf('week').plus({ weeks: 60 });
		const example = exampleWorkflows({
			credential: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name },
			locationId: String(place.id),
			positionId: String(position.id),
			nextMonday: monday.toISODate()!,
		}).find((w) => w.name === OPEN_SHIFTS)!;
		const id = String((await server!.rest<{ id: string }>('POST', '/rest/workflows', { name: `e2e: ${example.name}`, nodes: example.nodes, connections: example.connections, settings: example.settings })).id);
		const nodes = (example.nodes as Array<{ name: string; type: string }>).filter((n) => n.type !== 'n8n-nodes-base.stickyNote').map((n) => n.name);
		await openWorkflow(id, nodes[nodes.length - 1]);
		await page.locator(byTestId('execute-workflow-button')).first().click();
		const run = await lastExecution(id, 1);
		expect(executionItems(run, nodes[nodes.length - 1]).map((item) => item.action)).toEqual(Array(7).fill('created'));
		await waitFor('the canvas to show the run', UI_TIMEOUT, async () => ((await page.locator(`${byTestId('canvas-node')} ${byTestId('canvas-node-status-success')}`).count()) >= nodes.length ? true : undefined));
		const before = (await server!.workflow(id)).nodes;
		for (const name of nodes) {
			const ndv = await openNode(name);
			await ndv.locator(byTestId('output-panel')).waitFor();
			// The mapper loads its fields when the node opens: give it the time it takes, then look.
			if (name === nodes[nodes.length - 1]) await ndv.locator(byTestId('resource-mapper-container')).waitFor();
			await page.waitForTimeout(1_000);
			expect({ name, stale: await ndv.locator(byTestId('node-run-info-stale')).count() }).toEqual({ name, stale: 0 });
			await closeNode();
		}
		await shot('editor-example-opened.png');
		// Nothing to save either: what n8n stores is the example as imported (the order of keys aside,
		// which no one sees). Named by path, so that a failure says which parameter the editor changed.
		// Ctrl+S saves only a workflow with changes; if it does, what it saved is read once saved.
		const saved = page
			.waitForResponse((answer) => answer.url().includes(`/rest/workflows/${id}`) && answer.request().method() === 'PATCH', { timeout: 10_000 })
			.then(() => log('Ctrl+S saved the example again'), () => undefined);
		await page.keyboard.press('Control+s');
		await saved;
		expect(differences(byName(before), byName((await server!.workflow(id)).nodes))).toEqual([]);
	});

	/** A workflow's nodes keyed by name, as a person tells them apart. */
	function byName(nodes: unknown): Record<string, unknown> {
		return Object.fromEntries((nodes as Array<{ name: string }>).map((node) => [node.name, node]));
	}

	/** Goes to a workflow and waits for its node `nodeName` on the canvas. */
	async function openWorkflow(id: string, nodeName: string): Promise<void> {
		await navigate(`/workflow/${id}`);
		await page.locator(`${byTestId('canvas-node')}[data-node-name="${nodeName}"]`).waitFor();
	}

	/**
	 * Goes to an editor address inside the running editor, as its own links do (vue-router's push on
	 * the app mounted at #app), instead of loading the whole editor again: a reload costs 10-15 s
	 * on a loaded 2-core machine. Falls back to loading the page.
	 *
	 * When the editor holds a change it has not saved yet (its autosave still pending as the last
	 * test ends), n8n asks "Save changes before leaving?" and the router waits for the answer: the
	 * push would never end (seen in a clean-clone run: the last test timed out after 4 minutes, with
	 * no error to report). Each test checks what it saved itself, so the answer is Leave without
	 * saving.
	 */
	async function navigate(address: string): Promise<void> {
		const push = page
			.evaluate(async (to) => {
				// Runs in the page (this file is compiled without the DOM's types).
				type Router = { push(to: string): Promise<unknown> };
				type Mounted = { __vue_app__?: { config: { globalProperties: { $router?: Router } } } };
				const { document } = globalThis as unknown as { document: { querySelector(selector: string): Mounted | null } };
				const router = document.querySelector('#app')?.__vue_app__?.config.globalProperties.$router;
				if (!router) return false;
				// vue-router resolves a navigation a guard stopped with a NavigationFailure, not an error.
				return (await router.push(to)) === undefined;
			}, address)
			.catch(() => false);
		const leave = page.getByRole('button', { name: 'Leave without saving' });
		const asked = leave.waitFor({ timeout: UI_TIMEOUT }).then(
			() => 'asked' as const,
			() => 'not asked' as const,
		);
		let pushed = await Promise.race([push, asked]);
		if (pushed === 'asked') {
			log(`n8n asked to save changes before leaving for ${address}: leaving without saving`);
			await leave.click();
			let timer: ReturnType<typeof setTimeout> | undefined;
			pushed = await Promise.race([push, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), UI_TIMEOUT)))]);
			clearTimeout(timer);
		}
		if (pushed !== true) await page.goto(`${server!.baseUrl}${address}`);
	}

	/** Double-clicks a canvas node; resolves to its node view. */
	async function openNode(nodeName: string) {
		await page.locator(`${byTestId('canvas-node')}[data-node-name="${nodeName}"]`).dblclick();
		const ndv = page.locator(byTestId('ndv'));
		await ndv.waitFor();
		return ndv;
	}

	/**
	 * Execute step, once the node view shows no execution running. While one runs (its output may
	 * already show, pushed before the execution is over), n8n 2.40.7's button (NodeExecuteButton in
	 * NodeSettings) stops that execution instead of starting one, and the header shows
	 * ndv-stop-execution-button: a click then would run nothing.
	 */
	async function executeStep(ndv: ReturnType<Page['locator']>): Promise<void> {
		await waitFor('the node view to show no execution running', UI_TIMEOUT, async () =>
			(await ndv.locator(byTestId('ndv-stop-execution-button')).count()) === 0 && (await ndv.locator(byTestId('node-execute-button')).isEnabled()) ? true : undefined,
		);
		await ndv.locator(byTestId('node-execute-button')).click();
	}

	async function closeNode(): Promise<void> {
		const ndv = page.locator(byTestId('ndv'));
		await ndv.locator(byTestId('ndv-close-button')).click();
		await ndv.waitFor({ state: 'hidden' });
	}

	/** Names the open workflow as a person does: a click on its name in the header, typed over. */
	async function nameWorkflow(name: string): Promise<void> {
		await page.locator(byTestId('workflow-name-input')).click();
		await page.keyboard.press('Control+a');
		await page.keyboard.type(name);
		await page.keyboard.press('Enter');
	}

	/** The id of the workflow the editor shows (n8n saves a new workflow as soon as it has a node). */
	async function currentWorkflowId(): Promise<string> {
		return await waitFor('the workflow\'s address', UI_TIMEOUT, () => /\/workflow\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1]?.replace(/^new$/, '') || undefined);
	}

	/** The newest execution of a workflow once it has `count` of them, finished. */
	async function lastExecution(id: string, count: number) {
		const summaries = await waitFor(`execution ${count} of the workflow`, UI_TIMEOUT, async () => {
			const list = await server!.executions(id);
			return list.length >= count ? list : undefined;
		});
		const execution = await server!.waitForExecution(summaries[0].id);
		expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		return execution;
	}

	/** The name and description of each entry the nodes panel lists, in its order. */
	async function panelDescriptions(creator: ReturnType<Page['locator']>): Promise<Array<{ name: string; description: string }>> {
		const shown: Array<{ name: string; description: string }> = [];
		for (const item of await creator.locator(`${byTestId('item-iterator-item')}:has(${byTestId('node-creator-item-name')})`).all()) {
			shown.push({
				name: (await item.locator(byTestId('node-creator-item-name')).innerText()).trim(),
				description: (await item.locator(byTestId('node-creator-item-description')).innerText()).trim(),
			});
		}
		return shown;
	}

});
