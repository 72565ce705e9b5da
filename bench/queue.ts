/**
 * `npm run bench:queue`: the same batch of concurrent listings on n8n in queue mode with one worker
 * and with two (issue 13). Figures, not assertions.
 *
 * n8n 2.40.7 in queue mode (test/e2e/queue.ts: Redis, PostgreSQL, main and two workers, each
 * worker running up to 5 executions at once) against the sandbox with a latency per request. A
 * batch is `BENCH_QUEUE_BATCH` production executions started at once through a webhook, each a
 * Rostering Shift › Get Many, Return All over `BENCH_QUEUE_N` shifts (one page of 200 after
 * another). The batch runs with worker 2 stopped, then with both workers, `BENCH_QUEUE_ROUNDS`
 * times each, alternating, so that both are measured side by side under the same machine load.
 * A batch's time is n8n's own: from the first execution's start to the last one's stop, as n8n
 * recorded them.
 *
 * Environment:
 *   BENCH_QUEUE_N           shifts each execution lists (default 2000)
 *   BENCH_QUEUE_BATCH       executions started at once (default 10)
 *   BENCH_QUEUE_LATENCY_MS  sandbox latency per request (default 100)
 *   BENCH_QUEUE_ROUNDS      batches per variant (default 3)
 */
import { randomUUID } from 'crypto';

import { startSandbox } from '../sandbox';
import { addBenchLocation, addShifts } from '../sandbox/bulk';
import { assertBuilt, E2E_CREDENTIAL, ensureRuntime, executionItems, rosteringCredential } from '../test/e2e/n8n';
import { startQueueCluster, webhookWorkflow } from '../test/e2e/queue';

const n = Number(process.env.BENCH_QUEUE_N ?? 2000);
const batch = Number(process.env.BENCH_QUEUE_BATCH ?? 10);
const latencyMs = Number(process.env.BENCH_QUEUE_LATENCY_MS ?? 100);
const rounds = Number(process.env.BENCH_QUEUE_ROUNDS ?? 3);

const t0 = Date.now();
const log = (msg: string) => process.stderr.write(`[bench:queue +${((Date.now() - t0) / 1000).toFixed(0)}s] ${msg}\n`);

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
	assertBuilt();
	await ensureRuntime({ template: false });
	const sb = await startSandbox();
	const place = addBenchLocation(sb, 'Queue bench');
	addShifts(sb, place, n, { tag: 'queue-bench' });
	log(`starting Redis, PostgreSQL, n8n main and 2 workers`);
	const cluster = await startQueueCluster({
		workers: 2,
		concurrency: 5,
		credentials: [rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken() })],
	});
	try {
		const hookPath = `bench-queue-${randomUUID()}`;
		const list = {
			name: 'List Shifts',
			type: 'n8n-nodes-rostering.rosteringShift',
			parameters: { resource: 'shift', operation: 'getAll', returnAll: true, filters: { locationId: { __rl: true, mode: 'id', value: place.locationId } } },
			credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
		};
		const workflowId = await cluster.deploy(webhookWorkflow('bench: queue listings', hookPath, [list]));
		sb.setLatency(latencyMs);

		let done = 0;
		const runBatch = async (workers: 1 | 2) => {
			if (workers === 1) await cluster.workers[1].stop();
			else await cluster.workers[1].start();
			sb.clearRequests();
			await Promise.all(Array.from({ length: batch }, () => cluster.callWebhook(hookPath, {})));
			done += batch;
			const executions = (await cluster.endedExecutions(workflowId, done, 600_000)).slice(0, batch);
			for (const e of executions) {
				if (e.status !== 'success') throw new Error(`execution ${e.id} ended ${e.status}: ${e.data.resultData.error?.message}`);
				if (executionItems(e, 'List Shifts').length !== n) throw new Error(`execution ${e.id} listed ${executionItems(e, 'List Shifts').length} shifts, not ${n}`);
			}
			const start = Math.min(...executions.map((e) => Date.parse(String(e.startedAt))));
			const stop = Math.max(...executions.map((e) => Date.parse(String(e.stoppedAt))));
			const ran = new Set(executions.map((e) => cluster.workerOf(e.id)));
			return { ms: stop - start, requests: sb.requests.length, peak: sb.maxConcurrentRequests, workersUsed: ran.size };
		};

		const results: Record<1 | 2, Array<Awaited<ReturnType<typeof runBatch>>>> = { 1: [], 2: [] };
		for (let round = 0; round < rounds; round++) {
			for (const workers of [1, 2] as const) {
				const r = await runBatch(workers);
				results[workers].push(r);
				log(`round ${round + 1}, ${workers} worker(s): ${(r.ms / 1000).toFixed(2)} s, ${r.requests} requests, at most ${r.peak} in flight, ${r.workersUsed} worker(s) used`);
			}
		}
		const one = median(results[1].map((r) => r.ms));
		const two = median(results[2].map((r) => r.ms));
		const peak = (w: 1 | 2) => Math.max(...results[w].map((r) => r.peak));
		console.log(`\n### Queue mode: ${batch} concurrent listings of ${n} shifts (${latencyMs} ms a request), median of ${rounds}\n`);
		console.log('| workers | batch time | requests in flight at most |');
		console.log('|---|---|---|');
		console.log(`| 1 | ${(one / 1000).toFixed(2)} s | ${peak(1)} |`);
		console.log(`| 2 | ${(two / 1000).toFixed(2)} s | ${peak(2)} |`);
		console.log(`\nTwo workers took ${(two / one).toFixed(2)}× the time of one (${(one / two).toFixed(2)}× as fast).`);
	} finally {
		await cluster.close();
		await sb.close();
	}
	log('done');
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
