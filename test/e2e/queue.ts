/**
 * n8n in queue mode for the e2e tests: a throw-away Redis and PostgreSQL on loopback (Debian's
 * servers, installed by scripts/queue-services.sh when missing), n8n main (`n8n start`) and workers
 * (`n8n worker`), each process with a user folder of its own and the package installed in it, as a
 * user installs it on every instance.
 *
 * What was read in n8n 2.40.7 (packages/cli dist and @n8n/config) and seen by running it:
 *
 * - Settings every process shares: EXECUTIONS_MODE=queue, QUEUE_BULL_REDIS_HOST/PORT,
 *   DB_TYPE=postgresdb with DB_POSTGRESDB_HOST/PORT/DATABASE/USER/PASSWORD, and one
 *   N8N_ENCRYPTION_KEY (a worker decrypts the credentials main stored). The EXECUTIONS_DATA_SAVE_*
 *   settings matter on the workers: they save the executions they run.
 * - Production executions (webhooks, schedules, polls that emit) are queued by main and run on a
 *   worker; manual ones stay on main unless OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true. A worker
 *   logs "Worker started execution <id> (job <n>)" and "Worker finished execution <id> (job <n>)"
 *   at info level: the tests read which worker ran what from those lines.
 * - A worker answers GET /healthz/readiness when QUEUE_HEALTH_CHECK_ACTIVE=true, on
 *   QUEUE_HEALTH_CHECK_PORT, once its database and Redis are connected.
 * - A killed worker (scaling.service.js): n8n's Bull queue runs with maxStalledCount 0, so a job
 *   whose worker died is never run again by another worker. Its lock runs out
 *   (QUEUE_WORKER_LOCK_DURATION, default 60 s), the other workers' stalled check
 *   (QUEUE_WORKER_STALLED_INTERVAL, default 30 s) moves it to "failed", and main's queue recovery
 *   (at start, then every N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL minutes, default 180) marks the
 *   execution "crashed". Only a person's Retry runs it again, as a new execution (retryOf).
 */
import { spawn } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import {
	createN8n,
	freePort,
	killGroup,
	lastLines,
	REPO_ROOT,
	runCommand,
	runtimeDir,
	sleep,
	startServer,
	waitFor,
	type CredentialInput,
	type N8nExecution,
	type N8nInstance,
	type N8nServer,
	type WorkflowJson,
} from './n8n';

/** A long-running process of the test's own: its output, and stop or kill. */
export interface Service {
	readonly name: string;
	logs(): string;
	readonly running: boolean;
	/** SIGTERM (SIGKILL after 30 s), then waits for the exit. */
	stop(): Promise<void>;
	/** SIGKILL at once: what a crashed machine or an OOM kill does. */
	kill(): Promise<void>;
}

/** Spawns `bin args` in its own process group; resolves once `ready()` says so. */
async function startService(
	name: string,
	bin: string,
	args: string[],
	opts: { env?: NodeJS.ProcessEnv; cwd?: string; ready: () => Promise<boolean>; readyTimeoutMs?: number },
): Promise<Service> {
	let output = '';
	const proc = spawn(bin, args, { env: opts.env ?? process.env, cwd: opts.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const append = (d: string) => {
		output += d;
		if (output.length > 4_000_000) output = output.slice(-2_000_000);
	};
	proc.stdout!.setEncoding('utf8').on('data', append);
	proc.stderr!.setEncoding('utf8').on('data', append);
	let running = true;
	const exited = new Promise<void>((resolve) => {
		proc.on('close', (code, signal) => {
			running = false;
			append(`\n[${name}] exited: ${code}${signal ? ` (${signal})` : ''}\n`);
			killGroup(proc.pid, 'SIGKILL'); // its children (task runners), if any
			resolve();
		});
		proc.on('error', (e) => {
			running = false;
			append(`\n[${name}] could not start: ${e.message}\n`);
			resolve();
		});
	});
	const service: Service = {
		name,
		logs: () => output,
		get running() {
			return running;
		},
		async stop() {
			if (!running) return;
			killGroup(proc.pid, 'SIGTERM');
			const timer = setTimeout(() => killGroup(proc.pid, 'SIGKILL'), 30_000);
			await exited;
			clearTimeout(timer);
		},
		async kill() {
			if (!running) return;
			killGroup(proc.pid, 'SIGKILL');
			await exited;
		},
	};
	const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
	for (;;) {
		if (!running) throw new Error(`${name} ended before it was ready:\n${lastLines(output, 40)}`);
		if (await opts.ready().catch(() => false)) return service;
		if (Date.now() > deadline) {
			await service.kill();
			throw new Error(`${name} was not ready after ${opts.readyTimeoutMs ?? 120_000} ms:\n${lastLines(output, 40)}`);
		}
		await sleep(250);
	}
}

/** Runs a command to its end (by default at most a minute); its stdout and stderr together. */
async function run(bin: string, args: string[], timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
	const res = await runCommand(bin, args, process.env, timeoutMs, REPO_ROOT);
	return { code: res.code, output: res.stdout + res.stderr };
}

/** Debian's Redis and PostgreSQL binaries, installed with apt when missing. */
async function queueServices(): Promise<{ redisServer: string; pgBin: string }> {
	// apt-get may download both servers on a fresh machine.
	const res = await run('bash', [path.join(REPO_ROOT, 'scripts', 'queue-services.sh')], 15 * 60_000);
	const value = (key: string) => /^(\w+)=(.*)$/m.exec(res.output.split('\n').find((l) => l.startsWith(`${key}=`)) ?? '')?.[2];
	const redisServer = value('REDIS_SERVER');
	const pgBin = value('PG_BIN');
	if (res.code !== 0 || !redisServer || !pgBin) {
		throw new Error(`scripts/queue-services.sh could not provide Redis and PostgreSQL (exit ${res.code}):\n${lastLines(res.output, 30)}`);
	}
	return { redisServer, pgBin };
}

/** A Redis on loopback that keeps nothing on disk. */
async function startRedis(bin: string, dir: string): Promise<Service & { port: number }> {
	const port = await freePort();
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
	const service = await startService('redis', bin, args, {
		ready: async () => (await run(bin.replace(/redis-server$/, 'redis-cli'), ['-p', String(port), 'ping'])).output.includes('PONG'),
		readyTimeoutMs: 30_000,
	});
	return Object.assign(service, { port });
}

/**
 * A PostgreSQL cluster of its own in `dir`, on loopback, one superuser `n8n` trusted without a
 * password, durability off (a test database). PostgreSQL refuses to run as root: as root, it runs
 * as Debian's `postgres` user (created by the package).
 */
async function startPostgres(pgBin: string, dir: string): Promise<Service & { port: number }> {
	const port = await freePort();
	const dataDir = path.join(dir, 'pgdata');
	fs.mkdirSync(dataDir, { recursive: true });
	const asRoot = process.getuid?.() === 0;
	if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
	const as = (bin: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);
	const [initBin, initArgs] = as(path.join(pgBin, 'initdb'), ['-D', dataDir, '-U', 'n8n', '--auth=trust', '--no-sync', '-E', 'UTF8']);
	const init = await run(initBin, initArgs);
	if (init.code !== 0) throw new Error(`initdb failed:\n${lastLines(init.output, 20)}`);
	const settings = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
	const [bin, args] = as(path.join(pgBin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', ...settings]);
	const isReady = path.join(pgBin, 'pg_isready');
	const service = await startService('postgres', bin, args, {
		ready: async () => (await run(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n'])).code === 0,
		readyTimeoutMs: 60_000,
	});
	return Object.assign(service, { port });
}

export interface QueueWorker extends Service {
	instance: N8nInstance;
	/** Executions this worker started, from its log ("Worker started execution <id>"), in order. */
	startedExecutions(): string[];
	/** Starts it again after stop() or kill() (same user folder, new process). */
	start(): Promise<void>;
}

export interface QueueCluster {
	main: N8nServer;
	mainInstance: N8nInstance;
	workers: QueueWorker[];
	/** Settings every n8n process of the cluster runs with (for docs/queue-mode.md and for a look). */
	sharedEnv: Record<string, string>;
	/** Creates the workflow through main's REST API, publishes it and waits for its webhook (if it starts with one); resolves to its id. */
	deploy(workflow: WorkflowJson): Promise<string>;
	/** Waits until the workflow has at least `count` executions, all ended; resolves to them in full, newest first. */
	endedExecutions(workflowId: string, count: number, timeoutMs?: number): Promise<N8nExecution[]>;
	/** POST to a production webhook (an active workflow's Webhook node path); resolves to the status. */
	callWebhook(webhookPath: string, body: unknown): Promise<number>;
	/**
	 * Waits until main serves a POST webhook at this path. Publishing goes through n8n's outbox
	 * (N8N_USE_WORKFLOW_PUBLICATION_SERVICE): the activate call returns before the webhook is
	 * registered. A GET then answers "...not registered for GET requests. Did you mean to make a
	 * POST request?" (webhook-not-found.error.js) without starting anything.
	 */
	waitForWebhook(webhookPath: string): Promise<void>;
	/** Which worker started an execution (index into workers), or undefined. */
	workerOf(executionId: string): number | undefined;
	/** Main's, the workers', Redis's and PostgreSQL's last lines, for a failed test. */
	describe(): string;
	close(): Promise<void>;
}

export interface QueueClusterOptions {
	workers?: number;
	/** Jobs one worker runs at once (`n8n worker --concurrency`). */
	concurrency?: number;
	/** Credentials to import before main starts (through main's CLI, into PostgreSQL). */
	credentials?: CredentialInput[];
	/** More settings for every process (e.g. shorter lock and stalled intervals for the kill test). */
	env?: Record<string, string>;
}

/**
 * Starts Redis, PostgreSQL, n8n main and the workers, in that order; `close()` ends them all and
 * removes their folders. Each n8n process has its own user folder with the package installed.
 */
export async function startQueueCluster(opts: QueueClusterOptions = {}): Promise<QueueCluster> {
	const { redisServer, pgBin } = await queueServices();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	fs.chmodSync(dir, 0o755);
	const started: Service[] = [];
	const instances: N8nInstance[] = [];
	let main: N8nServer | undefined;
	const workers: QueueWorker[] = [];
	const close = async () => {
		await Promise.all(workers.map((w) => w.stop()));
		await main?.stop();
		for (const s of started.reverse()) await s.stop();
		for (const i of instances) await i.dispose();
		if (process.env.KEEP_N8N_E2E !== '1') fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
	};
	try {
		const redis = await startRedis(redisServer, fs.mkdtempSync(path.join(dir, 'redis-')));
		started.push(redis);
		const pgDir = path.join(dir, 'postgres');
		fs.mkdirSync(pgDir);
		const postgres = await startPostgres(pgBin, pgDir);
		started.push(postgres);

		const sharedEnv: Record<string, string> = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: 'postgres',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: 'n8n',
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
			...opts.env,
		};

		const mainInstance = await createN8n({ fromTemplate: false, env: sharedEnv });
		instances.push(mainInstance);
		// The first command on an empty database runs n8n's migrations.
		if (opts.credentials?.length) await mainInstance.importCredentials(opts.credentials);
		main = await startServer(mainInstance, { readyTimeoutMs: 240_000 });

		for (let i = 0; i < (opts.workers ?? 2); i++) {
			const instance = await createN8n({ fromTemplate: false, env: sharedEnv });
			instances.push(instance);
			workers.push(await startWorker(`worker ${i + 1}`, instance, opts.concurrency ?? 5));
		}

		const cluster: QueueCluster = {
			main,
			mainInstance,
			workers,
			sharedEnv,
			async deploy(workflow) {
				const created = await main!.rest<{ id: string }>('POST', '/rest/workflows', workflow);
				await main!.activate(created.id);
				const first = workflow.nodes[0];
				if (first?.type === 'n8n-nodes-base.webhook') await cluster.waitForWebhook(String((first.parameters as Record<string, unknown>).path));
				return created.id;
			},
			async endedExecutions(workflowId, count, timeoutMs = 180_000) {
				const summaries = await waitFor(`${count} ended executions of workflow ${workflowId}`, timeoutMs, async () => {
					const list = await main!.executions(workflowId);
					return list.length >= count && list.every((e) => !['new', 'running', 'waiting'].includes(e.status)) ? list : undefined;
				}).catch((error: Error) => {
					throw new Error(`${error.message}\n${cluster.describe()}`);
				});
				return await Promise.all(summaries.map((e) => main!.waitForExecution(e.id)));
			},
			async callWebhook(webhookPath, body) {
				const res = await fetch(`${main!.baseUrl}/webhook/${webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				await res.text();
				return res.status;
			},
			async waitForWebhook(webhookPath) {
				const deadline = Date.now() + 60_000;
				for (;;) {
					const text = await fetch(`${main!.baseUrl}/webhook/${webhookPath}`).then((r) => r.text(), () => '');
					if (text.includes('make a POST request')) return;
					if (Date.now() > deadline) throw new Error(`main serves no POST webhook at ${webhookPath} after 60 s (last answer: ${text})`);
					await sleep(250);
				}
			},
			workerOf(executionId) {
				const i = workers.findIndex((w) => w.startedExecutions().includes(executionId));
				return i >= 0 ? i : undefined;
			},
			describe() {
				const parts = [`--- main:\n${lastLines(main?.logs() ?? '', 60)}`];
				workers.forEach((w) => parts.push(`--- ${w.name}:\n${lastLines(w.logs(), 60)}`));
				for (const s of started) parts.push(`--- ${s.name}:\n${lastLines(s.logs(), 15)}`);
				return parts.join('\n');
			},
			close,
		};
		return cluster;
	} catch (e) {
		await close().catch(() => undefined);
		throw e;
	}
}

/** `n8n worker` for an instance, with its health endpoint on a free port; waits for readiness. */
async function startWorker(name: string, instance: N8nInstance, concurrency: number): Promise<QueueWorker> {
	const n8nBin = path.join(runtimeDir(), 'bin', 'n8n');
	let service: Service;
	let earlierLogs = '';
	const launch = async () => {
		const port = await freePort();
		const env = { ...instance.env, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
		service = await startService(name, n8nBin, ['worker', `--concurrency=${concurrency}`], {
			env,
			cwd: instance.userFolder,
			ready: async () => (await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).status === 200,
			readyTimeoutMs: 180_000,
		});
	};
	await launch();
	const logs = () => earlierLogs + service.logs();
	return {
		name,
		instance,
		logs,
		get running() {
			return service.running;
		},
		stop: () => service.stop(),
		kill: () => service.kill(),
		async start() {
			if (service.running) return;
			earlierLogs = logs();
			await launch();
		},
		startedExecutions: () => [...logs().matchAll(/Worker started execution (\S+) \(job/g)].map((m) => m[1]),
	};
}

/** Webhook (POST /webhook/<path>, answering at once) → the nodes given, one after another. */
export function webhookWorkflow(name: string, webhookPath: string, nodes: Array<Record<string, unknown>>): WorkflowJson {
	const webhook: Record<string, unknown> = { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: webhookPath, parameters: { httpMethod: 'POST', path: webhookPath, options: {} } };
	const all: Array<Record<string, unknown>> = [webhook, ...nodes].map((n, i) => ({ id: randomUUID(), typeVersion: 1, position: [240 * i, 0], ...n }));
	const connections: Record<string, unknown> = {};
	for (let i = 1; i < all.length; i++) connections[String(all[i - 1].name)] = { main: [[{ node: all[i].name, type: 'main', index: 0 }]] };
	return { name, settings: { executionOrder: 'v1' }, nodes: all, connections };
}
