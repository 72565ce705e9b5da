/**
 * Scenario 4: creating BENCH_RATE_N shifts while the sandbox allows BENCH_RATE requests a second
 * (429 with Retry-After), with Rostering Shift's Create Many, Create per item and n8n's HTTP Request
 * node posting per item: requests and 429s, shifts created, failed items, duplicates and time,
 * against the time the requests needed take at that rate.
 */
import { clearShifts } from '../../sandbox/bulk';
import { type WorkflowJson } from '../../test/e2e/n8n';
import { countRequests, rateRows } from '../figures';
import { errorOf, freshN8n, itemsOut, nodeTime, waitFinished, type Bench } from '../n8n';
import { BATCH, CONFIG, log } from '../settings';
import { createRows, httpNodeCreate, oursCreate } from '../workflows';
import { createdCheck } from './common';

export async function rateLimited(b: Bench): Promise<void> {
	const n = CONFIG.rateN;
	const rate = CONFIG.rate;
	const variants: Array<[string, string, (rows: Array<Record<string, unknown>>) => WorkflowJson, string, number]> = [
		['Rostering Shift · Create Many', 'rl-many', (r) => oursCreate(b.createPlace, 'createMany', r), 'Rostering Shift', Math.ceil(n / BATCH)],
		['Rostering Shift · Create (per item)', 'rl-each', (r) => oursCreate(b.createPlace, 'create', r), 'Rostering Shift', n + 1],
		['HTTP Request node (POST per item)', 'rl-http', (r) => httpNodeCreate(b.sb, b.createPlace, r), 'HTTP Request', n],
	];
	for (const [variant, tag, build, node, needed] of variants) {
		clearShifts(b.sb, b.createPlace);
		const wf = build(createRows(n, tag));
		const workflowId = await b.instance.importWorkflow(wf);
		const idleBytes = await freshN8n(b);
		b.sb.clearRequests();
		b.sb.setRateLimit({ perSecond: rate });
		const started = Date.now();
		const executionId = await b.server.runManually(workflowId, { triggerToStartFrom: { name: 'Manual Trigger' } });
		await waitFinished(b.server, workflowId, executionId, 30 * 60_000);
		const clientMs = Date.now() - started;
		b.sb.setRateLimit(null);
		const requests = countRequests(b.sb.requests);
		b.sb.clearRequests();
		const execution = await b.server.execution(executionId);
		const check = createdCheck(b, b.createPlace, tag, n);
		const out = itemsOut(execution, node);
		const task = execution.data.resultData.runData[node]?.[0] as { error?: { message?: string } } | undefined;
		const row = {
			variant,
			requests: requests.total,
			rejected429: requests.statuses['429'] ?? 0,
			created: check.created,
			duplicates: check.duplicates,
			failedItems: n - out,
			nodeError: task?.error?.message ?? errorOf(execution),
			ms: nodeTime(execution, node),
			clientMs,
			minMs: ((needed - 1) / rate) * 1000,
			needed,
			idleBytes,
		};
		rateRows.push(row);
		log(`4. rate limit · ${variant}: ${JSON.stringify(row)}`);
	}
	clearShifts(b.sb, b.createPlace);
}
