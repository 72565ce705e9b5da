/**
 * One real n8n per jest run and n8n version, shared by the e2e test files that need only a running
 * n8n with the package loaded (issue 22): every-node, http-request, refresh, writes, mcp and oauth.
 * The tests that need an n8n of their own start one (createN8n + startServer): the trigger tests
 * (restarts, durable poll cursors, n8n's polling schedule), queue mode, the demo (its own port and
 * example workflows), the same workflow in two fresh n8n (writes), and the browser test (the editor
 * picks the only credential of its type for a new node: an n8n holding only its own credentials).
 *
 * The first file that asks starts it (a copy of the migrated template, the built package, `n8n start`
 * writing to a log file) and writes where it runs to a file in the folder jest's global setup named
 * (N8N_E2E_SHARED_DIR, global-setup.js); the files after it attach to it with a session of their
 * own. Jest's global teardown (global-teardown.js) stops it and removes its folder.
 *
 * Each file brings its own sandbox, so its own credential: imported through the REST API (n8n gives
 * it a new id) and its workflows' credential references pointed at that id as they are imported.
 * Workflows run as the editor runs them: POST /rest/workflows/:id/run from their trigger (mode
 * 'manual'), where `n8n execute` (mode 'cli') would boot a whole n8n for each run (2.5-3 s).
 */
import * as fs from 'fs';
import * as path from 'path';

import {
	attachServer,
	createN8n,
	E2E_OWNER,
	ensureRuntime,
	executionItems,
	killGroup,
	lastLines,
	loadWorkflow,
	n8nInstance,
	n8nVersion,
	refuseToStopShared,
	startServer,
	type CredentialInput,
	type ExecuteResult,
	type N8nInstance,
	type N8nRun,
	type N8nServer,
	type WorkflowJson,
	waitFor,
} from './n8n';

interface SharedState {
	version: string;
	baseUrl: string;
	pid: number;
	userFolder: string;
	brokerPort: number;
	env: NodeJS.ProcessEnv;
	logFile: string;
}

export interface SharedN8n {
	/** The running n8n's REST API, as the owner (cannot be stopped or restarted). */
	server: N8nServer;
	/** Its CLI (reads while the server runs, e.g. export:credentials). */
	instance: N8nInstance;
	/**
	 * Creates credentials through the REST API and returns n8n's ids for them, in order. Workflows
	 * imported afterwards through this client refer to them by those ids, whatever id they name.
	 */
	importCredentials(creds: CredentialInput[]): Promise<string[]>;
	/** Creates a workflow through the REST API; returns its id. */
	importWorkflow(workflow: WorkflowJson | string): Promise<string>;
	/** Runs a workflow from its trigger as the editor's Execute Workflow does, and waits for the end. */
	execute(workflowId: string, opts?: { timeoutMs?: number }): Promise<ExecuteResult>;
	/** importWorkflow + execute. */
	runWorkflow(workflow: WorkflowJson | string, opts?: { timeoutMs?: number }): Promise<ExecuteResult>;
}

/** Where the shared n8n of this version says where it runs. */
function stateFile(): string {
	const dir = process.env.N8N_E2E_SHARED_DIR;
	if (!dir) throw new Error('N8N_E2E_SHARED_DIR is not set: run the e2e tests through jest.config.js (its e2e projects set it in global-setup.js)');
	return path.join(dir, `state-${n8nVersion()}.json`);
}

/**
 * Attaches to the shared n8n of this version, or starts it. Files may run side by side (jest's
 * workers, on a machine with more cores): the one that creates the lock file starts n8n and writes
 * the state (whole, by a rename); the others wait for it. A start that fails stops what it began,
 * removes the lock, and the next file tries again.
 */
async function startOrAttach(): Promise<{ server: N8nServer; instance: N8nInstance }> {
	const file = stateFile();
	const lock = `${file}.lock`;
	for (;;) {
		if (fs.existsSync(file)) {
			const state = JSON.parse(fs.readFileSync(file, 'utf8')) as SharedState;
			try {
				return { server: await attachServer(state.baseUrl, state.logFile, E2E_OWNER), instance: shared(n8nInstance(state.userFolder, state.brokerPort, state.env)) };
			} catch (error) {
				// The shared n8n no longer answers (seen twice on 2026-11-29 in clean-clone runs on a busy
				// machine: "other side closed" on sign-in, for the last file of the lane; cause not found).
				// Its log says why; a new one is started for the files left, in place of it.
				const log = fs.existsSync(state.logFile) ? fs.readFileSync(state.logFile, 'utf8') : '(no log)';
				process.stderr.write(`[shared n8n] ${state.baseUrl} (pid ${state.pid}) does not answer: ${(error as Error).message} (${String((error as { cause?: unknown }).cause ?? '')}). Its log ends:\n${lastLines(log, 40)}\n[shared n8n] starting another\n`);
				killGroup(state.pid, 'SIGKILL');
				fs.rmSync(file, { force: true });
				continue;
			}
		}
		try {
			fs.closeSync(fs.openSync(lock, 'wx'));
			break;
		} catch {
			await waitFor('the shared n8n started by another test file', 15 * 60_000, () => fs.existsSync(file) || !fs.existsSync(lock) || undefined);
		}
	}
	let instance: N8nInstance | undefined;
	let server: N8nServer | undefined;
	try {
		await ensureRuntime();
		instance = await createN8n();
		const logFile = path.join(instance.userFolder, 'n8n-start.log');
		server = await startServer(instance, { logFile });
		const state: SharedState = { version: n8nVersion(), baseUrl: server.baseUrl, pid: server.pid!, userFolder: instance.userFolder, brokerPort: instance.brokerPort, env: instance.env, logFile };
		fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
		fs.renameSync(`${file}.tmp`, file);
	} catch (error) {
		await server?.stop();
		await instance?.dispose();
		throw error;
	} finally {
		fs.rmSync(lock, { force: true });
	}
	// This file started it, yet it is everyone's: it cannot stop or restart it either.
	return { server: { ...server, stop: refuseToStopShared, restart: refuseToStopShared, running: true }, instance: shared(instance) };
}

/** The shared n8n's CLI, without dispose (its folder is removed by the global teardown). */
function shared(instance: N8nInstance): N8nInstance {
	return { ...instance, dispose: refuseToStopShared };
}

/** The shared n8n of this jest run (started by the first file that asks). */
export async function sharedN8n(): Promise<SharedN8n> {
	const { server, instance } = await startOrAttach();
	const credentialIds = new Map<string, string>();

	const client: SharedN8n = {
		server,
		instance,
		async importCredentials(creds) {
			const ids: string[] = [];
			for (const cred of creds) {
				const created = await server.rest<{ id: string }>('POST', '/rest/credentials', { name: cred.name, type: cred.type, data: cred.data });
				if (cred.id) credentialIds.set(cred.id, String(created.id));
				ids.push(String(created.id));
			}
			return ids;
		},
		async importWorkflow(workflow) {
			const wf = typeof workflow === 'string' ? loadWorkflow(workflow) : workflow;
			const nodes = wf.nodes.map((node) => {
				const refs = node.credentials as Record<string, { id: string; name: string }> | undefined;
				if (!refs) return node;
				const credentials = Object.fromEntries(Object.entries(refs).map(([type, ref]) => [type, { ...ref, id: credentialIds.get(ref.id) ?? ref.id }]));
				return { ...node, credentials };
			});
			const body = { ...wf, nodes, active: false, settings: wf.settings ?? {} };
			delete (body as { id?: string }).id;
			const created = await server.rest<{ id: string }>('POST', '/rest/workflows', body);
			return String(created.id);
		},
		async execute(workflowId, opts = {}) {
			const started = Date.now();
			const wf = await server.workflow(workflowId);
			const trigger = (wf.nodes as Array<{ name: string; type: string }>).find((node) => /trigger/i.test(node.type));
			if (!trigger) throw new Error(`workflow ${workflowId} has no trigger to run it from`);
			const executionId = await server.runManually(workflowId, { triggerToStartFrom: { name: trigger.name } });
			const execution = await server.waitForExecution(executionId, opts.timeoutMs ?? 180_000);
			const run: N8nRun = { finished: execution.finished as boolean | undefined, status: execution.status, mode: execution.mode as string, data: execution.data };
			const error = run.data.resultData.error;
			const ok = execution.status === 'success' && !error;
			return {
				code: ok ? 0 : 1,
				signal: null,
				stdout: `execution ${executionId}: ${execution.status}\n--- n8n's log (last lines) ---\n${server.logs().split('\n').slice(-40).join('\n')}`,
				stderr: '',
				ms: Date.now() - started,
				timedOut: false,
				run,
				ok,
				error,
				items: (nodeName, output = 0, runIndex = 0) => executionItems(execution, nodeName, output, runIndex),
			};
		},
		async runWorkflow(workflow, opts) {
			return await client.execute(await client.importWorkflow(workflow), opts);
		},
	};
	return client;
}
