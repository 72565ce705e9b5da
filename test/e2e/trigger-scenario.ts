/**
 * The trigger's promise in a published workflow under a real n8n server, shared by
 * trigger.test.ts (n8n's default polling: A6) and trigger-durable.test.ts (durable poll cursors):
 * changes made while n8n runs come out once each; n8n stopped, more changes made, n8n started
 * again: those come out once, and nothing delivered before comes out again.
 */
import { startSandbox } from '../../sandbox';
import { SIDE_BY_SIDE_SKIPPED } from '../../nodes/shared/trigger/side-by-side';
import { randomUUID } from 'crypto';
import { DateTime } from 'luxon';

import { restartScenarioShifts, shiftsApi } from './seed-picks';
import { E2E_CREDENTIAL, executionItems, POLL_EVERY_15_SECONDS, waitFor, type N8nServer, type WorkflowJson } from './n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

export const TRIGGER = 'Rostering Shift Trigger';

/**
 * A workflow whose only node is the Shift trigger, polling every 15 s for every kind of change and
 * for Assigned, an event derived from what changed (issue 23).
 */
export function shiftTriggerWorkflow(name: string): WorkflowJson {
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER,
				type: 'n8n-nodes-rostering.rosteringShiftTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: POLL_EVERY_15_SECONDS,
					events: ['created', 'updated', 'removed', 'assigned'],
					start: 'now',
					options: {},
				},
				credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
			},
		],
		connections: {},
		pinData: {},
	};
}



/**
 * How many polls of `path` (reads of changes: updated_since) the sandbox recorded after `after`
 * (its own clock, ms), answered or failed.
 */
export function pollsSince(sb: Sandbox, path: string, after: number): number {
	return sb.requests.filter((r) => r.path === path && r.query.updated_since !== undefined && Date.parse(r.at) > after && r.status !== 0).length;
}

/** Runs the scenario on a published workflow whose only node is the Shift trigger named TRIGGER. */
/**
 * `positionFrom`: where n8n keeps the trigger's first position. 'activation' (n8n's default polling,
 * A6): the poll n8n runs as it publishes the workflow. 'firstScheduledPoll' (durable poll cursors,
 * A6b): n8n runs that activation poll too but discards its position, so the first scheduled poll
 * starts afresh; the changes are made only after it.
 */
export async function eachChangeOnceAcrossRestart(
	sb: Sandbox,
	s: N8nServer,
	liveWorkflowId: string,
	log: (msg: string) => void,
	positionFrom: 'activation' | 'firstScheduledPoll' = 'activation',
): Promise<void> {
	const { api, shiftNow, freeEmployee } = shiftsApi(sb);
	// Publish (activate) the workflow, in a new second on the service's clock: it stamps updated_at
	// to the second, and the trigger delivers a change stamped in the second it was published in (it
	// cannot tell before from after within it), so another test's last writes must not share it
	// (seen in a clean-clone run: the queue-mode kill test's last creates came out as created).
	sb.clock.advance(1000);
	sb.clearRequests();
	await s.activate(liveWorkflowId);
	// Publishing goes through n8n's outbox: the trigger's first poll (the start position: one
	// record, no updated_since) comes a moment after the REST call returns.
	await waitFor('the activation poll', 150_000, () =>
		sb.requests.some((r) => r.path === '/v1/shifts' && r.query.limit === '1' && r.query.updated_since === undefined && r.status !== 0) || undefined,
	);
	log('published; activation poll seen');
	// The trigger learns the shifts in use as it starts (a read over the coming weeks, from/to): the
	// changes are made only once that read was answered whole, so what it learned is from before them.
	const learnReadsAnswered = () =>
		sb.requests.filter((r) => r.path === '/v1/shifts' && r.query.from !== undefined && r.query.updated_since === undefined && r.status === 200 && (r.responseBody as Rec | null)?.has_more === false).length;
	await waitFor('the shifts in use learned at publishing', 150_000, () => learnReadsAnswered() >= 1 || undefined);
	if (positionFrom === 'firstScheduledPoll') {
		const freshStart = (r: (typeof sb.requests)[number]) => r.path === '/v1/shifts' && r.query.limit === '1' && r.query.updated_since === undefined && r.status !== 0;
		await waitFor('the first scheduled poll', 150_000, () => (sb.requests.filter(freshStart).length >= 2 ? true : undefined));
		// A6b: it starts afresh (one record, no updated_since), as the activation poll did.
		// (Leaving out the reads of the shifts in use it learns at each fresh start: from/to, no updated_since.)
		expect(sb.requests.filter((r) => r.path === '/v1/shifts' && r.status !== 0 && r.query.from === undefined).every(freshStart)).toBe(true);
		log('first scheduled poll seen: it started afresh, the activation poll\'s position was not kept');
		await waitFor('the shifts in use learned again at the fresh start', 150_000, () => learnReadsAnswered() >= 2 || undefined);
	}
	sb.clock.advance(1000); // a new second on the service's clock (it stamps updated_at to the second)

	/** Every item the published workflow's executions output, oldest execution first. */
	type Delivered = { event: string; record: Rec; executionId: string; changes: Record<string, { from?: unknown; to: unknown }>; known: boolean };
	/** Executions of polls that stopped because n8n ran them beside another from the same position. */
	const skippedPolls = new Set<string>();
	async function delivered(): Promise<Delivered[]> {
		const summaries = (await s.executions(liveWorkflowId)).sort((a, b) => Number(a.id) - Number(b.id));
		const out: Delivered[] = [];
		for (const summary of summaries) {
			const execution = await s.waitForExecution(summary.id);
			// A failed poll's execution says why (n8n's resultData.error), so that a failure names it.
			const error = execution.status === 'success' ? undefined : (execution.data?.resultData?.error ?? 'no error recorded');
			// n8n 2.x with durable poll cursors runs the polls it missed while stopped side by side when
			// it starts again: all but one stop before reading anything, by design (side-by-side.ts), and
			// n8n records them as failed executions. Any other failure fails the test.
			if (execution.status === 'error' && (error as { message?: string } | undefined)?.message === SIDE_BY_SIDE_SKIPPED) {
				if (!skippedPolls.has(execution.id)) log(`execution ${execution.id}: a poll n8n ran beside another from the same position, skipped`);
				skippedPolls.add(execution.id);
				continue;
			}
			expect({ id: execution.id, mode: execution.mode, status: execution.status, error }).toEqual({ id: summary.id, mode: 'trigger', status: 'success', error: undefined });
			for (const item of executionItems(execution, TRIGGER)) {
				expect(item.resource).toBe('shift');
				out.push({ event: String(item.event), record: item.record as Rec, executionId: execution.id, changes: item.changes as Delivered['changes'], known: item.changes_known === true });
			}
		}
		return out;
	}
	const key = (d: { event: string; record: Rec }) => `${d.event} ${String(d.record.id)} ${String(d.record.updated_at)}`;

	/** The service's clock (the sandbox's, which stamps each request's `at`). */
	const serviceNow = () => sb.clock.now().getTime();
	/**
	 * Waits for two polls that start after `after` (service time; GET /v1/shifts with updated_since,
	 * as the sandbox recorded them): a change delivered twice would come out of the first, and n8n
	 * has saved the first's execution (if it found anything) by the time the second starts, 15 s on.
	 */
	async function nextPoll(after: number, timeoutMs = 150_000): Promise<void> {
		await waitFor('two more polls', timeoutMs, () => pollsSince(sb, '/v1/shifts', after) >= 2 || undefined);
	}

	// --- While n8n runs: one shift created, one changed, one deleted.
	// Where shifts are created, and two seeded shifts to change and delete (seed-picks.ts).
	const { sydney, position, toChange, toDelete } = restartScenarioShifts(sb);
	const notesBefore = toChange.notes ?? null;
	// The shifts this test creates: 09:00 to 17:00 at the location, a year from the service's now
	// (beyond the seed's weeks, so nobody is rostered then, and a year before the shift starts: it can
	// still be changed, which a fixed date would stop allowing one day).
	const aYearOn = (days: number) => {
		const day = DateTime.fromMillis(serviceNow(), { zone: String(sydney.timezone) }).plus({ days: 365 + days }).startOf('day');
		return { start_time: day.set({ hour: 9 }).toISO({ suppressMilliseconds: true })!, end_time: day.set({ hour: 17 }).toISO({ suppressMilliseconds: true })! };
	};
	const created = await api('POST', '/shifts', { location_id: sydney.id, position_id: position.id, ...aYearOn(0) });
	await api('PATCH', `/shifts/${toChange.id}`, { notes: 'Changed while n8n runs (e2e)' });
	await api('DELETE', `/shifts/${toDelete.id}`);
	const firstBatch = [
		{ event: 'created', record: shiftNow(String(created.id)) },
		{ event: 'updated', record: shiftNow(String(toChange.id)) },
		{ event: 'removed', record: shiftNow(String(toDelete.id)) },
	];
	log('three changes made; waiting for the next poll');

	const firstSeen = await waitFor('the three changes in executions', 150_000, async () => {
		const d = await delivered();
		return firstBatch.every((c) => d.some((x) => key(x) === key(c))) ? d : undefined;
	});
	log(`delivered in ${new Set(firstSeen.map((d) => d.executionId)).size} execution(s); waiting for two more polls`);
	await nextPoll(serviceNow());
	const afterFirst = await delivered();
	expect(afterFirst.map(key).sort()).toEqual(firstBatch.map(key).sort());
	for (const change of firstBatch) {
		expect(afterFirst.find((d) => key(d) === key(change))!.record).toEqual(change.record);
	}
	// What changed, told from what the trigger learned when it was published.
	const changedItem = afterFirst.find((d) => d.event === 'updated')!;
	expect({ known: changedItem.known, notes: changedItem.changes.notes }).toEqual({ known: true, notes: { from: notesBefore, to: 'Changed while n8n runs (e2e)' } });
	expect(afterFirst.find((d) => d.event === 'created')).toMatchObject({ known: true, changes: {} });

	// --- n8n down: the created shift given to someone (Updated and Assigned), the changed one
	// deleted, a new one created.
	await s.stop();
	log('n8n stopped');
	sb.clock.advance(1000);
	const person = freeEmployee(String(sydney.id), String(position.id), Date.parse(String(created.start_time)), Date.parse(String(created.end_time)));
	await api('PATCH', `/shifts/${String(created.id)}`, { notes: 'Changed while n8n is down (e2e)', employee_id: person.id });
	await api('DELETE', `/shifts/${toChange.id}`);
	const createdWhileDown = await api('POST', '/shifts', {
		location_id: sydney.id,
		position_id: position.id,
		...aYearOn(1),
	});
	const secondBatch = [
		{ event: 'updated', record: shiftNow(String(created.id)) },
		{ event: 'assigned', record: shiftNow(String(created.id)) },
		{ event: 'removed', record: shiftNow(String(toChange.id)) },
		{ event: 'created', record: shiftNow(String(createdWhileDown.id)) },
	];
	const restartedAt = serviceNow();
	await s.restart();
	log('n8n started again; waiting for a poll');

	// n8n activates the workflow at start and polls right away, from the saved position.
	await waitFor('the changes made while n8n was down', 150_000, async () => {
		const d = await delivered();
		return secondBatch.every((c) => d.some((x) => key(x) === key(c))) ? d : undefined;
	});
	log('delivered after the restart; waiting for two more polls');
	await nextPoll(Math.max(restartedAt, serviceNow()));
	const all = await delivered();
	const expected = [...firstBatch, ...secondBatch];
	// Each change exactly once, nothing else, nothing from before the restart repeated.
	expect(all.map(key).sort()).toEqual(expected.map(key).sort());
	for (const change of secondBatch) {
		expect(all.find((d) => key(d) === key(change))!.record).toEqual(change.record);
	}
	// What the trigger remembered survived the restart: the shift created before it says what changed,
	// and the event derived from it (Assigned) comes out once, with the same changes.
	const whatChanged = { notes: { from: null, to: 'Changed while n8n is down (e2e)' }, employee_id: { from: null, to: person.id } };
	for (const event of ['updated', 'assigned']) {
		const afterRestart = all.find((d) => d.event === event && d.record.id === created.id)!;
		expect({ event, known: afterRestart.known, notes: afterRestart.changes.notes, employee_id: afterRestart.changes.employee_id }).toEqual({ event, known: true, ...whatChanged });
	}
}
