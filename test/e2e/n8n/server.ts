/**
 * `n8n start` (startServer()) for an instance, and its REST API as the owner: the helpers the tests
 * use to publish workflows, run them manually and read their executions.
 *
 * Verified against n8n 2.40.7's dist (controllers and DTOs read in
 * .n8n-runtime/n8n/node_modules/n8n/dist and @n8n/api-types/dist) and by running it, 2026-11:
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
 *   Reading the executions: executions.ts.
 * - `GET /rest/workflows/:id` has versionId, active, activeVersionId and staticData (null until a
 *   trigger stores some; a poll node's under "node:<node name>").
 * - Publishing while the server runs: `POST /rest/workflows/:id/activate` {versionId} (the
 *   workflow's current versionId; ActivateWorkflowDto). With the default
 *   N8N_USE_WORKFLOW_PUBLICATION_SERVICE=true it goes through an outbox: the call returns (~75 ms)
 *   before the triggers are added, and the polling trigger's first poll (testingTrigger = true)
 *   comes a moment later. n8n then saves the static data that poll set. At a later `n8n start`
 *   active workflows are activated again, with the same immediate first poll from the saved state.
 * - Polling (Poll Times to cron: workflows.ts): with the default scheduler settings
 *   (N8N_SCHEDULER_* off) polls run in-process from that cron; a poll's static data lives in the
 *   in-memory Workflow and is written to the database only when a poll emits items (PollContext
 *   __emit → saveStaticData), after activation, and by the trigger execution's hooks.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { unflatten, type N8nExecution, type N8nExecutionSummary, type N8nRun } from './executions';
import { freePort, killGroup, lastLines, newId } from './helpers';
import { type N8nInstance } from './instance';
import { onN8n1, runtimeDir } from './runtime';

/** The owner startServer() sets up (the password meets n8n's rule: 8+ chars, a digit, a capital). */
export const E2E_OWNER = { email: 'owner@e2e.test', firstName: 'E2E', lastName: 'Owner', password: 'E2e-owner-Passw0rd' } as const;

/** A REST call n8n answered with an error status. */
class RestError extends Error {
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

interface StartServerOptions {
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

/** What n8n answered: the status, the body as text, and the cookies it set. */
interface Answer {
	status: number;
	text: string;
	setCookies: string[];
}

/** A request that got no answer: the socket error's code (ECONNREFUSED, ECONNRESET, ...) says why. */
class NoAnswer extends Error {
	constructor(
		readonly method: string,
		readonly url: string,
		readonly code: string,
		cause: string,
	) {
		super(`${method} ${url}: no answer from n8n (${code}: ${cause})`);
	}
}

/**
 * One request on a connection of its own (no keep-alive). The REST client once used fetch's pooled
 * keep-alive sockets, and CI twice failed a demo test with "fetch failed" while polling an execution
 * that had finished: a pooled socket n8n had closed, reused. A fresh connection per request has no
 * such race, and its error names the cause.
 */
function once(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
		const request = http.request(url, { method, headers: { ...headers, ...length }, agent: false }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }));
			res.on('error', (error: NodeJS.ErrnoException) => reject(new NoAnswer(method, url, error.code ?? 'ERROR', error.message)));
		});
		request.on('error', (error: NodeJS.ErrnoException) => reject(new NoAnswer(method, url, error.code ?? 'ERROR', error.message)));
		request.end(body);
	});
}

/**
 * A request, sent again while n8n does not answer: a read always, a write only when its connection
 * was refused (then n8n never saw it; a write n8n may have received is not repeated). The waits
 * double from 0.25 s to 8 s, about 30 s in all, each written to stderr with its cause, so that a
 * slow moment of a loaded machine passes and a log says what happened.
 */
async function sent(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
	for (let wait = 250; ; wait *= 2) {
		try {
			return await once(method, url, headers, body);
		} catch (error) {
			const again = error instanceof NoAnswer && (method === 'GET' || error.code === 'ECONNREFUSED') && wait <= 8_000;
			if (!again) throw error;
			process.stderr.write(`[n8n rest] ${error.message}; sent again in ${wait} ms\n`);
			await delay(wait);
		}
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
		const res = await sent(method, `${baseUrl}${p}`, headers, body === undefined ? undefined : JSON.stringify(body));
		let parsed: unknown = res.text;
		try {
			parsed = res.text ? JSON.parse(res.text) : undefined;
		} catch {
			// not JSON
		}
		const auth = res.setCookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) cookie = auth;
		return { status: res.status, body: parsed };
	};

	const rest = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
		const res = await call(method, p, body);
		if (res.status < 200 || res.status >= 300) throw new RestError(method, p, res.status, res.body);
		const b = res.body as { data?: unknown } | undefined;
		return (b && typeof b === 'object' && 'data' in b ? b.data : b) as T;
	};

	/**
	 * First start: POST /rest/owner/setup (sets the cookie). Later: POST /rest/login. Either may be
	 * sent again: a connection n8n closed unanswered (seen once when a test file attached to the
	 * shared n8n on a busy machine) is tried once more; signing in twice is harmless.
	 */
	const authenticate = async () => {
		try {
			await signIn();
		} catch (error) {
			if (!(error instanceof NoAnswer)) throw error;
			await signIn();
		}
	};
	const signIn = async () => {
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
			// n8n lists the running executions and the finished ones with two queries made side by side
			// and joins them (ExecutionService.findLatestCurrentAndCompleted): one that ends between them
			// is in both. Each execution once, so that a test never counts one execution's items twice.
			// By id, in the order listed, with the later (finished) summary where one came twice.
			const byId = new Map(res.results.map((e) => [String(e.id), { ...e, id: String(e.id) }]));
			return [...byId.values()];
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
 * static data holds a `memory`, saved after their first poll: A6); with `node`, only that trigger
 * (its static data is under "node:<name>"), so 1 once it has.
 */
export async function triggersThatLearned(server: N8nServer, workflowId: string, node?: string): Promise<number> {
	const staticData = ((await server.workflow(workflowId)).staticData ?? {}) as Record<string, unknown>;
	return (JSON.stringify(node === undefined ? staticData : (staticData[`node:${node}`] ?? {})).match(/"memory"/g) ?? []).length;
}

/** For afterEach: when the test just failed, the last lines of the n8n server's log, to stderr. */
export function printServerLogOnFailure(server: N8nServer | undefined): void {
	const state = expect.getState();
	if (server && state.assertionCalls !== state.numPassingAsserts) {
		process.stderr.write(`--- n8n log (last lines) ---\n${server.logs().split('\n').slice(-60).join('\n')}\n`);
	}
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
