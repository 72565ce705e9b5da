/**
 * The trigger scenarios: a Rostering trigger published in n8n, polling one location: its requests
 * at activation and per idle poll, then a burst of BENCH_BURST changed records (requests, items
 * delivered, poll and delivery time, peak memory, the workflow's static data). Scenario 3 is the
 * Shift trigger with Say What Changed on and off; scenario 5 (`attendance`) the Timesheet trigger
 * without and with every attendance event. With BENCH_DEBUG it also writes the requests it saw to /tmp.
 */
import * as fs from 'fs';

import { type RecordedRequest } from '../../sandbox';
import { addShifts, addTimesheets, clearShifts, touchShifts, touchTimesheets } from '../../sandbox/bulk';
import { countRequests, triggerFacts } from '../figures';
import { FINISHED, freshN8n, itemsOut, type Bench } from '../n8n';
import { memoryOf, resetPeak, sampleRss } from '../proc';
import { CONFIG, log, PAGE, sleep } from '../settings';
import { triggerWorkflow } from '../workflows';

/** With BENCH_DEBUG: the requests a step saw (query, status, time, records), to /tmp/bench-<name>.json. */
function debugRequests(name: string, requests: RecordedRequest[]): void {
	if (!process.env.BENCH_DEBUG) return;
	const seen = requests.map((r) => ({ q: r.query, s: r.status, at: r.at, n: (r.responseBody as { data?: unknown[] } | null)?.data?.length }));
	fs.writeFileSync(`/tmp/bench-${name}.json`, JSON.stringify(seen));
}

/** The timesheets of scenario 5 (BENCH_WORKED, as in bench/attendance.bench.ts): the worst case by default, or 'as rostered'. */
const WORKED = process.env.BENCH_WORKED === 'as rostered' ? 'as rostered' : 'long, no break';

/** One trigger run: the resource, its events, Say What Changed, and the name its figures go under. */
export interface TriggerRun {
	name: string;
	resource: 'shift' | 'timesheet';
	events: string[];
	sayWhatChanged: boolean;
}

/** Scenario 3: the Shift trigger, Say What Changed on or off (the shifts are the coming weeks', what it learns, so each change is a known diff). */
export const SHIFT_TRIGGER = (sayWhatChanged: boolean): TriggerRun => ({ name: sayWhatChanged ? 'on' : 'off', resource: 'shift', events: ['created', 'updated', 'removed'], sayWhatChanged });

/**
 * Scenario 5: the Timesheet trigger without and with every attendance event, over the last twelve
 * days' timesheets, each with its shift (addTimesheets: each a Break Not Taken and a Long Hours).
 */
export const ATTENDANCE_TRIGGER = (every: boolean): TriggerRun => ({
	name: every ? 'attendance every' : 'attendance none',
	resource: 'timesheet',
	events: ['created', 'updated', 'removed', ...(every ? ['late_clock_in', 'still_clocked_in', 'break_not_taken', 'long_hours'] : [])],
	sayWhatChanged: true,
});

/** A trigger run over a burst of changed records, side by side with the other runs of its scenario. */
export async function trigger(b: Bench, run: TriggerRun): Promise<void> {
	const n = CONFIG.burst;
	const variant = run.name;
	clearShifts(b.sb, b.triggerPlace);
	for (const [id, t] of b.sb.store.t.timesheets) if (t.location_id === b.triggerPlace.locationId) b.sb.store.t.timesheets.delete(id);
	const now = b.sb.clock.now().getTime();
	const ids =
		run.resource === 'shift'
			? addShifts(b.sb, b.triggerPlace, n, { tag: `trigger-${variant}`, start: Math.floor((now + 86_400_000) / 60_000) * 60_000, stepMs: Math.floor((24 * 86_400_000) / n / 60_000) * 60_000 || 60_000 })
			: addTimesheets(b.sb, b.triggerPlace, n, { tag: `trigger-${variant}`, ...(WORKED === 'as rostered' ? { worked: WORKED, people: 1_000 } : {}) });
	const path = run.resource === 'shift' ? '/v1/shifts' : '/v1/timesheets';
	const nodeName = run.resource === 'shift' ? 'Rostering Shift Trigger' : 'Rostering Timesheet Trigger';
	// Added well before the trigger is published: not a change it would read.
	b.sb.clock.advance(5 * 60_000);
	const workflowId = await b.instance.importWorkflow(triggerWorkflow(b.triggerPlace, run));
	const idleBytes = await freshN8n(b);
	const polls = () => b.sb.requests.filter((r) => r.path === path && r.query.location_id === b.triggerPlace.locationId);
	b.sb.clearRequests();
	await b.server.activate(workflowId);
	const waitUntil = async (what: string, timeoutMs: number, check: () => boolean) => {
		const deadline = Date.now() + timeoutMs;
		while (!check()) {
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
			await sleep(100);
		}
	};
	await waitUntil('the activation poll', 60_000, () => polls().some((r) => r.status !== 0));
	// Activation ends when n8n saves the trigger's state (A6), after it learned the shifts in use.
	const savedAt = Date.now() + 120_000;
	while (!JSON.stringify((await b.server.workflow(workflowId)).staticData ?? {}).includes('"cursor"')) {
		if (Date.now() > savedAt) throw new Error('the trigger state was not saved after activation');
		await sleep(200);
	}
	await sleep(1000);
	const activationRequests = polls().length;
	const learningPasses = polls().filter((r) => r.query.from !== undefined && r.query.after === undefined).length;
	debugRequests(`activation-${variant}`, polls());
	log(`trigger (${variant}): ${learningPasses} learning pass(es), ${polls().filter((r) => r.query.limit === '1').length} start read(s)`);
	log(`trigger (${variant}): activated (${activationRequests} request(s) at activation); waiting for an idle poll (at most a minute)`);
	b.sb.clearRequests();
	await waitUntil('an idle poll', 75_000, () => polls().some((r) => r.status !== 0 && r.query.updated_since !== undefined));
	await sleep(3000); // any further pages of that poll
	const idle = countRequests(b.sb.requests);
	log(`trigger (${variant}): idle poll: ${idle.total} request(s)`);

	// The burst: every shift changed now, in a new second.
	await sleep(1100);
	const before = (await b.server.executions(workflowId)).map((e) => e.id);
	const touched = run.resource === 'shift' ? touchShifts(b.sb, ids) : touchTimesheets(b.sb, ids);
	b.sb.clearRequests();
	const idleNow = memoryOf(b.pid).rss;
	const cleared = resetPeak(b.pid);
	const sampler = sampleRss(b.pid);
	log(`trigger (${variant}): ${touched} ${run.resource}s changed; waiting for the next poll to deliver them`);
	const deadline = Date.now() + 5 * 60_000;
	let executionId: string | undefined;
	for (;;) {
		const list = await b.server.executions(workflowId);
		const fresh = list.find((e) => !before.includes(e.id) && FINISHED(e.status));
		if (fresh) {
			executionId = fresh.id;
			break;
		}
		if (Date.now() > deadline) throw new Error('the burst was not delivered within 5 minutes');
		await sleep(200);
	}
	const peak = Math.max(sampler.stop(), cleared ? memoryOf(b.pid).hwm : 0);
	const requests = b.sb.requests.filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/oauth/'));
	const counted = countRequests(requests);
	debugRequests(`burst-${variant}`, requests);
	// The sandbox stamps requests with its own clock, which this scenario moved on: back to this machine's.
	const firstAt = Date.parse(requests[0].at) - (b.sb.clock.now().getTime() - Date.now());
	const execution = await b.server.execution(executionId);
	const delivered = itemsOut(execution, nodeName);
	const first = execution.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.[0]?.json as { changes_known?: boolean; changed_fields?: string[] } | undefined;
	const stored = await b.server.workflow(workflowId);
	const staticBytes = Buffer.byteLength(JSON.stringify(stored.staticData ?? {}));
	const stopped = Date.parse(String(execution.stoppedAt));
	const started = Date.parse(String(execution.startedAt));
	triggerFacts[variant] = {
		burst: n,
		activationRequests,
		changesKnown: first?.changes_known,
		changedFields: (first?.changed_fields ?? []).join(', '),
		staticBytes,
		idlePollRequests: idle.total,
		idleByPath: idle.byPath,
		burstRequests: counted.total,
		burstByPath: counted.byPath,
		minRequests: Math.ceil(n / PAGE),
		delivered,
		// The poll: from its first request to the execution n8n starts with what it returned.
		pollMs: started - firstAt,
		// Until the items are out: the execution's end.
		deliverMs: stopped - firstAt,
		executionMs: stopped - started,
		idleBytes: idleNow,
		idleAfterStartBytes: idleBytes,
		peakBytes: peak,
	};
	log(`trigger (${variant}): ${JSON.stringify(triggerFacts[variant])}`);
	// Unpublished, so that its polls do not run beside the next variant's (n8n 2.x's endpoint).
	await b.server.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	clearShifts(b.sb, b.triggerPlace);
	for (const [id, t] of b.sb.store.t.timesheets) if (t.location_id === b.triggerPlace.locationId) b.sb.store.t.timesheets.delete(id);
}
