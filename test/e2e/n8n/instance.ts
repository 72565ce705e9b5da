/**
 * A throw-away n8n instance: one user folder per instance (copied from the migrated template), the
 * built package loaded as a community package, credentials and workflows imported through n8n's
 * CLI and workflows run with `n8n execute --id=<id> --rawOutput`; and reads of the instance's
 * sqlite database with the runtime's own Node 24 and sqlite3.
 *
 * Verified on this machine kind (Node 20, npm registry only), 2026-11, n8n 2.40.7:
 *
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
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { type CredentialInput } from './credentials';
import { explain, parseRun, toExecuteResult, type ExecuteResult, type StoredExecution } from './executions';
import { freePort, newId, readJson, runCommand, type CommandResult } from './helpers';
import { assertBuilt, packageDirDefault, runtimeDir, TIMEOUTS } from './runtime';
import { loadWorkflow, type WorkflowJson } from './workflows';

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
	/** Imports workflows with one command; returns their ids, in order. */
	importWorkflows(workflows: Array<WorkflowJson | string>): Promise<string[]>;
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

interface CreateN8nOptions {
	/** The package folder to load (default: this repo). Needs dist/ built. */
	packageDir?: string;
	/** Load the package at all (default true). */
	loadPackage?: boolean;
	/** Start from the migrated template user folder when there is one (default true). */
	fromTemplate?: boolean;
	/**
	 * A new encryption key, so another instance id, as a second n8n has: the template's folder with
	 * its key replaced (its database holds nothing encrypted: no credentials, no keys), which spares
	 * the migrations a fresh folder runs at its first command (half a minute to a minute of CPU).
	 */
	ownEncryptionKey?: boolean;
	/** Extra environment for every n8n command (e.g. N8N_SSRF_PROTECTION_ENABLED). */
	env?: Record<string, string | undefined>;
	/** The user folder (default: a new one under os.tmpdir()): n8n's data in <userFolder>/.n8n. */
	userFolder?: string;
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

	const userFolder = opts.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const template = path.join(rt, 'template', '.n8n');
	if (opts.fromTemplate !== false && fs.existsSync(path.join(template, 'database.sqlite'))) {
		fs.cpSync(template, path.join(userFolder, '.n8n'), { recursive: true });
		if (opts.ownEncryptionKey) fs.writeFileSync(path.join(userFolder, '.n8n', 'config'), JSON.stringify({ encryptionKey: crypto.randomBytes(24).toString('base64url') }, null, '\t'));
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
			return (await instance.importWorkflows([workflow]))[0];
		},
		async importWorkflows(workflows) {
			// One command for them all (--separate: every file of a folder): each command starts n8n
			// (3 to 5 s of CPU), and the suite's time is mostly CPU.
			const folder = path.join(userFolder, `workflows-${newId()}`);
			fs.mkdirSync(folder);
			const ids = workflows.map((workflow) => {
				const wf = typeof workflow === 'string' ? loadWorkflow(workflow) : workflow;
				const withId = { active: false, settings: {}, ...wf, id: wf.id ?? newId() };
				fs.writeFileSync(path.join(folder, `${withId.id}.json`), JSON.stringify(withId, null, 2));
				return withId.id;
			});
			const res = await run(['import:workflow', '--separate', `--input=${folder}`]);
			if (res.code !== 0) throw commandError('import:workflow', res);
			return ids;
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
function installPackage(userFolder: string, packageDir = packageDirDefault()): string {
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

/** The env for n8n: quiet, offline, isolated; the caller's N8N_* and NODE_OPTIONS left out. */
function n8nEnv(
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

function commandError(what: string, res: CommandResult): Error {
	return new Error(`n8n ${what} failed: ${explain(res)}`);
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
