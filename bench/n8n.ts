/**
 * Running workflows on the real n8n and measuring them: the Bench context the scenarios share (the
 * sandbox, the n8n instance and server, the process id, the bench locations), waiting for an
 * execution to finish, restarting n8n fresh and warmed up before each measured run, measure() (the
 * requests the sandbox saw, the process's idle and peak memory), and reading a node's own time, its
 * items and the error out of the execution n8n recorded.
 */
import { type Sandbox } from '../sandbox';
import { type BenchPlace } from '../sandbox/bulk';
import { type N8nExecution, type N8nInstance, type N8nServer, type WorkflowJson } from '../test/e2e/n8n';
import { countRequests } from './figures';
import { findN8nPid, memoryOf, resetPeak, sampleRss } from './proc';
import { sleep } from './settings';

export interface Bench {
	sb: Sandbox;
	token: string;
	instance: N8nInstance;
	server: N8nServer;
	pid: number;
	listPlace: BenchPlace;
	createPlace: BenchPlace;
	triggerPlace: BenchPlace;
	warmupId: string;
}

export const FINISHED = (status: string) => !['new', 'running', 'waiting', 'unknown'].includes(status);

/** Waits for an execution to finish, polling the list (which carries no data). */
export async function waitFinished(server: N8nServer, workflowId: string, executionId: string, timeoutMs: number): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		// While a run floods n8n's database (1,000 executions' worth of writes), n8n can answer
		// "503 Database is not ready!" for a moment: that is a busy server, not an outcome.
		const listed = await server.executions(workflowId).catch((error: Error) => {
			if (/\b503\b/.test(error.message) && Date.now() < deadline) return undefined;
			throw error;
		});
		if (!listed) {
			await sleep(500);
			continue;
		}
		const found = listed.find((e) => e.id === executionId);
		if (found && FINISHED(found.status)) return found.status;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms (${found?.status ?? 'not listed'})`);
		await sleep(150);
	}
}

/**
 * A fresh n8n process for each measured run (same user folder, restarted), warmed up with a small
 * run of the same node types, then left alone a moment: its RSS then is the idle footprint.
 */
export async function freshN8n(b: Bench): Promise<number> {
	await b.server.restart();
	const pid = findN8nPid(b.instance.userFolder);
	if (!pid) throw new Error('n8n process not found');
	b.pid = pid;
	const id = await b.server.runManually(b.warmupId, { triggerToStartFrom: { name: 'Manual Trigger' } });
	const status = await waitFinished(b.server, b.warmupId, id, 60_000);
	if (status !== 'success') throw new Error(`warm-up run: ${status}: ${JSON.stringify((await b.server.execution(id)).data.resultData.error)}`);
	await sleep(2000);
	return memoryOf(pid).rss;
}

interface Measured {
	execution: N8nExecution;
	requests: ReturnType<typeof countRequests>;
	peakBytes: number;
	idleBytes: number;
	clientMs: number;
}

/** Imports the workflow, restarts n8n, runs it manually through the REST API and measures it. */
export async function measure(b: Bench, wf: WorkflowJson, timeoutMs = 20 * 60_000): Promise<Measured> {
	const workflowId = await b.instance.importWorkflow(wf);
	const idleBytes = await freshN8n(b);
	b.sb.clearRequests();
	const cleared = resetPeak(b.pid);
	const sampler = sampleRss(b.pid);
	const started = Date.now();
	const executionId = await b.server.runManually(workflowId, { triggerToStartFrom: { name: 'Manual Trigger' } });
	await waitFinished(b.server, workflowId, executionId, timeoutMs);
	const clientMs = Date.now() - started;
	const sampled = sampler.stop();
	// Read before fetching the execution: serving its data to us would add to n8n's peak.
	const peakBytes = Math.max(sampled, cleared ? memoryOf(b.pid).hwm : 0);
	const requests = countRequests(b.sb.requests);
	b.sb.clearRequests();
	const execution = await b.server.execution(executionId);
	return { execution, requests, peakBytes, idleBytes, clientMs };
}

export function nodeTime(execution: N8nExecution, ...names: string[]): number {
	let ms = 0;
	for (const name of names) {
		const task = execution.data.resultData.runData[name]?.[0] as { executionTime?: number } | undefined;
		ms += task?.executionTime ?? 0;
	}
	return ms;
}

export function itemsOut(execution: N8nExecution, name: string): number {
	return execution.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.length ?? 0;
}

export function executionMs(execution: N8nExecution): number | undefined {
	if (!execution.startedAt || !execution.stoppedAt) return undefined;
	return Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt);
}

export function errorOf(execution: N8nExecution): string | undefined {
	const error = execution.data.resultData.error;
	return error ? String(error.message ?? 'error') : undefined;
}
