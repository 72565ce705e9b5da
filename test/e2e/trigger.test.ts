/**
 * The Rostering Shift Trigger (whose poll every resource's trigger shares, nodes/shared/trigger/trigger.ts)
 * in a real n8n server (`n8n start`), against the sandbox in this process:
 *
 * a. "Fetch Test Event": the workflow run manually through the REST API with the body the editor
 *    sends for the trigger's button ({destinationNode: {nodeName, mode: 'inclusive'}}); the trigger
 *    outputs the most recently changed shift (never published: with a labelled example of what
 *    changed), and nothing is written to the workflow's static data.
 * b. The trigger in a published workflow: polled by n8n every 15 s (four Poll Times a minute);
 *    changes made in the sandbox come out once each; n8n stopped, more changes made (a shift given
 *    to someone: Updated and Assigned), n8n started again: those come out once, nothing delivered
 *    before comes out again.
 *
 * c. Every resource's own trigger (Rostering Location Trigger, ...) is loaded by n8n, shown in the
 *    nodes panel's data (not hidden, unlike the generic Rostering Trigger kept for older workflows),
 *    and its Fetch Test Event gives a record of its resource.
 * d. The events people act on (issues 23 and 32), published: a shift assigned, a shift nobody
 *    clocked in for, Watch Fields (a notes change left out, a time change delivered as Updated with
 *    the previous times), a timesheet approved, the Timesheet trigger's four attendance events (a
 *    late clock-in, a timesheet still open past its due time, a timesheet without its break, long
 *    hours: longer than its shift and a week past its person's ordinary hours), an on-demand shift
 *    filled, a project archived and a leave request decided (each resource's own trigger), each
 *    once, with what the item says (how late, how long past due, the minutes worked, the shift).
 *
 * The polls are n8n's own, every 15 s (POLL_EVERY_15_SECONDS).
 */
import { randomUUID } from 'crypto';

import { CUSTOM_API_CALL } from '../../nodes/shared/n8n-internals';
import { resource } from '../../nodes/shared/resources';
import { WATCHABLE } from '../../nodes/shared/trigger/trigger';
import { startSandbox } from '../../sandbox';
import { postOnDemandShift, provokeEvents, shiftAhead, shiftNobodyClocksInFor, shiftsApi, type ShiftsApi } from './seed-picks';
import { eachChangeOnceAcrossRestart, pollsSince, shiftTriggerWorkflow, TRIGGER } from './trigger-scenario';
import {
	assertBuilt,
	createN8n,
	E2E_CREDENTIAL,
	ensureRuntime,
	executionItems,
	rosteringCredential,
	startServer,
	triggersThatLearned,
	type N8nInstance,
	type N8nServer,
	type WorkflowJson,
	waitFor,
	n8nVersion,
	PINNED_N8N_VERSION,
	POLL_EVERY_15_SECONDS,
	printServerLogOnFailure,
} from './n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

jest.setTimeout(6 * 60_000);




/** A workflow made in the running n8n, as the editor makes one (no CLI command to start); n8n 1.x needs `active` said. */
async function created(server: N8nServer, workflow: WorkflowJson): Promise<string> {
	return String((await server.rest<{ id: string }>('POST', '/rest/workflows', { ...workflow, active: false })).id);
}

/** The trigger n8n's nodes panel pairs with the node of `key`: rosteringShift → rosteringShiftTrigger. */
const triggerType = (key: string) => `rostering${key.replace(/^./, (c) => c.toUpperCase())}Trigger`;

/** One workflow holding the trigger of every watchable resource, each named after its type. */
function everyTriggerWorkflow(): WorkflowJson {
	return {
		name: 'e2e: every resource trigger',
		settings: { executionOrder: 'v1' },
		nodes: WATCHABLE.map((key, i) => ({
			id: randomUUID(),
			name: triggerType(key),
			type: `n8n-nodes-rostering.${triggerType(key)}`,
			typeVersion: 1,
			position: [0, i * 200] as [number, number],
			parameters: { pollTimes: POLL_EVERY_15_SECONDS, events: ['created', 'updated', 'removed'], start: 'now', options: {} },
			credentials: { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
		})),
		connections: {},
		pinData: {},
	};
}

describe('real n8n server: the Rostering Shift Trigger', () => {
	let sb: Sandbox;
	let n8n: N8nInstance | undefined;
	let server: N8nServer | undefined;
	let testWorkflowId: string;
	let liveWorkflowId: string;
	let everyTriggerId: string;

	let api: ShiftsApi['api'];
	let shiftNow: ShiftsApi['shiftNow'];
	let changeableShifts: ShiftsApi['changeableShifts'];

	const t0 = Date.now();
	const log = (msg: string) => process.stderr.write(`[trigger e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);

	beforeAll(async () => {
		assertBuilt();
		await ensureRuntime();
		sb = await startSandbox();
		({ api, shiftNow, changeableShifts } = shiftsApi(sb));
		n8n = await createN8n();
		await n8n.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken() }),
		]);
		[testWorkflowId, liveWorkflowId, everyTriggerId] = await n8n.importWorkflows([
			shiftTriggerWorkflow('e2e: Rostering Trigger, Fetch Test Event'),
			shiftTriggerWorkflow('e2e: Rostering Trigger, published'),
			everyTriggerWorkflow(),
		]);
		server = await startServer(n8n);
		log(`n8n started at ${server.baseUrl}`);
	}, 20 * 60_000);

	afterAll(async () => {
		if (server?.running) await server.stop();
		await n8n?.dispose();
		await sb?.close();
	});

	afterEach(() => printServerLogOnFailure(server));

	/**
	 * Fetch Test Event as the editor's button on the node sends it (useNodeExecution → runWorkflow
	 * with only destinationNode: n8n finds the trigger itself). `fromTrigger`: as the canvas's
	 * "Execute workflow" button sends it, with triggerToStartFrom.
	 */
	async function fetchTestEvent(fromTrigger = false): Promise<Rec[]> {
		const body = fromTrigger
			? { triggerToStartFrom: { name: TRIGGER } }
			: { destinationNode: { nodeName: TRIGGER, mode: 'inclusive' } };
		const executionId = await server!.runManually(testWorkflowId, body);
		const execution = await server!.waitForExecution(executionId);
		expect(execution.mode).toBe('manual');
		if (execution.status !== 'success') throw new Error(`Fetch Test Event: ${execution.status}: ${JSON.stringify(execution.data.resultData.error)}`);
		return executionItems(execution, TRIGGER);
	}

	test('Fetch Test Event: the most recently changed shift, and no static data written', async () => {
		sb.clearRequests();
		// The seed as it is: the newest updated_at among all shifts (deleted ones included).
		const shifts = sb.store.shifts;
		const newest = Math.max(...shifts.map((s) => Date.parse(String(s.updated_at))));
		const newestIds = shifts.filter((s) => Date.parse(String(s.updated_at)) === newest).map((s) => s.id);

		// The latest change first, then the latest of each other chosen event the look-back read: one item per event.
		const items = await fetchTestEvent();
		expect(items.length).toBeGreaterThanOrEqual(1);
		expect(new Set(items.map((item) => item.event)).size).toBe(items.length);
		const { event, resource, record } = items[0] as { event: string; resource: string; record: Rec };
		expect(resource).toBe('shift');
		expect(newestIds).toContain(record.id);
		const expected = shiftNow(String(record.id));
		expect(record).toEqual(expected);
		expect(event).toBe(expected.archived ? 'removed' : expected.created_at === expected.updated_at ? 'created' : 'updated');

		// Every request the manual run made was a read of changed shifts: no start position taken.
		const calls = sb.requests.filter((r) => r.path.startsWith('/v1/'));
		expect(calls.length).toBeGreaterThan(0);
		for (const call of calls) {
			expect(`${call.method} ${call.path}`).toBe('GET /v1/shifts');
			expect(call.query.updated_since).toBeDefined();
		}

		// A shift changed now is the newest change: the next Fetch Test Event shows it.
		sb.clock.advance(1000); // a new second on the service's clock: it stamps updated_at to the second
		const target = changeableShifts()[0];
		await api('PATCH', `/shifts/${target.id}`, { notes: 'Changed for Fetch Test Event (e2e)' });
		const again = await fetchTestEvent();
		// Never published, the trigger remembers nothing and the service keeps no history: the item is
		// the real record, what changed not known and nothing made up in its place, said first
		// (README › Triggers).
		const changed = shiftNow(String(target.id));
		expect(again[0]).toEqual({
			test_event_note: expect.stringContaining('What changed is not known'),
			event: 'updated',
			resource: 'shift',
			record: changed,
			changes: {},
			changed_fields: [],
			changes_known: false,
		});
		expect(new Set(again.map((item) => item.event)).size).toBe(again.length);
		expect(Object.keys(again[0])[0]).toBe('test_event_note');
		// The same from the canvas's Execute Workflow (the trigger named as the start).
		expect(await fetchTestEvent(true)).toEqual(again);

		// The manual runs left the workflow's static data alone (n8n stores it as staticData).
		const wf = await server!.workflow(testWorkflowId);
		expect(wf.staticData ?? null).toBeNull();
		log('Fetch Test Event checked');
	});

	test("every resource's own trigger is loaded, offered in the nodes panel, and its Fetch Test Event gives a record of its resource; Custom API Call is ours (A8)", async () => {
		// The descriptions n8n loaded, as the editor asks for them (POST /rest/node-types).
		const names = [...WATCHABLE.map(triggerType), 'rosteringTrigger'].map((type) => `n8n-nodes-rostering.${type}`);
		const loaded = await server!.rest<Array<{ name: string; hidden?: boolean; group: string[] } | null>>('POST', '/rest/node-types', {
			nodeInfos: names.map((name) => ({ name, version: 1 })),
		});
		// (A description names its type without the package prefix.)
		expect(loaded.map((t) => ({ name: t?.name, trigger: t?.group.includes('trigger'), hidden: t?.hidden ?? false }))).toEqual(
			names.map((name) => ({ name: name.split('.')[1], trigger: true, hidden: name.endsWith('.rosteringTrigger') })),
		);
		// n8n-internals A8: the loader appended no Custom API Call of its own to an action node, so
		// the one it shows is ours, with the action the editor names the node by.
		const [shiftNode] = await server!.rest<Array<{ properties: Array<{ name: string; options?: Array<{ name: string; action?: string }> }> }>>(
			'POST',
			'/rest/node-types',
			{ nodeInfos: [{ name: 'n8n-nodes-rostering.rosteringShift', version: 1 }] },
		);
		const operations = shiftNode.properties.find((p) => p.name === 'operation')!.options!;
		expect(operations.filter((o) => o.name === CUSTOM_API_CALL.name)).toEqual([CUSTOM_API_CALL]);
		expect(operations[operations.length - 1]).toEqual(CUSTOM_API_CALL);
		for (const key of WATCHABLE) {
			const executionId = await server!.runManually(everyTriggerId, { destinationNode: { nodeName: triggerType(key), mode: 'inclusive' } });
			const execution = await server!.waitForExecution(executionId);
			if (!execution.data) throw new Error(`${triggerType(key)}: execution ${execution.id} ${execution.status} has no data: ${JSON.stringify(execution).slice(0, 500)}`);
			const path = resource(key).path;
			// Asked as the trigger asks: archived records too, where the list has them.
			const archived = (resource(key).listParameters as string[]).includes('include_archived') ? '&include_archived=true' : '';
			const changedThisYear = (await api('GET', `/${path}?limit=1${archived}&updated_since=${new Date(sb.clock.now().getTime() - 365 * 86_400_000).toISOString()}`)).data as Rec[];
			if (changedThisYear.length === 0) {
				// Nothing of this resource changed in the seed's last year (awards): the clear refusal.
				expect({ key, status: execution.status, message: (execution.data.resultData.error as Rec | undefined)?.message }).toEqual({
					key,
					status: 'error',
					message: `No ${resource(key).singular} changed in the last year matches the trigger's settings`,
				});
				continue;
			}
			if (execution.status !== 'success') throw new Error(`${triggerType(key)}: ${execution.status}: ${JSON.stringify(execution.data.resultData.error)}`);
			const items = executionItems(execution, triggerType(key)) as Array<{ resource: string; record: Rec }>;
			// One item per chosen event found (Created, Updated, Removed by default), each of its resource.
			expect({ key, some: items.length > 0, resources: [...new Set(items.map((item) => item.resource))] }).toEqual({ key, some: true, resources: [key] });
			for (const item of items) expect(item.record.id).toEqual(expect.stringMatching(/^[0-9a-f]{24}$/));
		}
	});

	test('published: each change comes out once, also across a restart of n8n (n8n-internals A6: static data is saved with each poll that delivers)', async () => {
		const s = server!;
		await eachChangeOnceAcrossRestart(sb, s, liveWorkflowId, log);
		// The position n8n keeps for the trigger is in the workflow's static data.
		const wf = await s.workflow(liveWorkflowId);
		expect(JSON.stringify(wf.staticData)).toContain('"cursor"');
		log('done');
	});

	// Off the pinned version (the version matrix, jest.config.js) this one is left out for time: the
	// in-process trigger tests cover failing polls on every n8n-core line.
	const onPinnedOnly = n8nVersion() === PINNED_N8N_VERSION ? test : test.skip;
	onPinnedOnly("a failing poll is a failed execution in n8n's list; the next poll delivers what it could not", async () => {
		const s = server!;
		const before = new Set((await s.executions(liveWorkflowId)).map((e) => e.id));
		const [target] = changeableShifts().slice(5, 6);
		// The next poll's listing is refused (403); the change below waits for the poll after it.
		sb.injectFault({ path: '/v1/shifts', status: 403, code: 'permission_denied', whenQuery: 'updated_since', times: 1 });
		await api('PATCH', `/shifts/${String(target.id)}`, { notes: 'Changed while the poll fails (e2e)' });
		const change = { event: 'updated', record: shiftNow(String(target.id)) };
		log('403 injected for the next poll; waiting for the failed execution');
		const failed = await waitFor('a failed execution', 120_000, async () => {
			for (const summary of await s.executions(liveWorkflowId)) {
				if (before.has(summary.id) || summary.status !== 'error') continue;
				return await s.waitForExecution(summary.id);
			}
			return undefined;
		});
		expect(failed.data.resultData.error?.message).toBe('The connection is missing a permission: roster:read');
		log('failed execution seen; waiting for the change to come out');
		const items = await waitFor('the change after the failure', 120_000, async () => {
			const out: Rec[] = [];
			for (const summary of await s.executions(liveWorkflowId)) {
				if (before.has(summary.id) || summary.status !== 'success') continue;
				out.push(...executionItems(await s.waitForExecution(summary.id), TRIGGER));
			}
			return out.length > 0 ? out : undefined;
		});
		expect(items).toEqual([expect.objectContaining({ ...change, resource: 'shift' })]);
	});

	// Off the pinned version too, for time (issue 45: the suite under 20 minutes): each event's rule is
	// shown on every n8n-core line in-process (test/workflow/trigger*.test.ts), and what only a real
	// n8n shows (its polling schedule, the static data it saves) by the restart test above and the
	// two triggers on one credential below, on every version.
	onPinnedOnly('published, the events people act on: a shift assigned, a shift nobody clocked in for, a timesheet approved, a late clock-in, a timesheet still clocked in, a timesheet without its break, long hours (longer than its shift, a week past its hours), an on-demand shift filled, a project archived, a leave request decided, and Watch Fields (a notes change left out, a time change delivered), each once, saying what changed', async () => {
		const s = server!;
		// Became Filled needs a posted on-demand shift of the coming weeks (postOnDemandShift), made
		// before publishing, so that the trigger learns it posted.
		const posted = await postOnDemandShift(sb, api);
		// Published in a new second of the service's clock, so that the posting is learned, not a change
		// stamped in the second the trigger starts from (run alone, this test met that).
		sb.clock.advance(1000);
		const eventsId = await created(s, eventsWorkflow());
		await s.activate(eventsId);
		// Published: each trigger's first poll saved its position and what it learned (A6).
		const triggers = [TRIGGER, TIMESHEET_TRIGGER, ...MORE_TRIGGERS.map((trigger) => trigger.name)];
		await waitFor('the activation polls of every trigger', 150_000, async () => ((await triggersThatLearned(s, eventsId)) >= triggers.length ? true : undefined));
		const items = async () => {
			const out: Rec[] = [];
			for (const summary of await s.executions(eventsId)) {
				const execution = await s.waitForExecution(summary.id);
				// Each poll that delivers starts its own execution, from the trigger that polled.
				for (const node of triggers) if (execution.data.resultData.runData[node]) out.push(...executionItems(execution, node));
			}
			return out;
		};

		// Made together, delivered by the next polls (all records changed were learned at publishing):
		// each event's record, picked and changed as seed-picks.ts provokeEvents says.
		const { open, person, moved, movedBefore, pending, project, leave, noBreak, attendance } = await provokeEvents(sb, api, posted);
		const { late: lateIn, stillIn, long } = attendance;

		const derived = ['assigned', 'updated', 'approved', 'break_not_taken', ...MORE_TRIGGERS.map((trigger) => trigger.event)];
		const told = (found: Rec[], event: string, record: Rec, kind?: string) =>
			found.some((item) => item.event === event && (item.record as Rec).id === record.id && (kind === undefined || item.kind === kind));
		const attendanceShifts = [long.shift, stillIn.shift, lateIn.shift];
		const events = await waitFor(`the ${derived.join(', ')}, late_clock_in, still_clocked_in and long_hours events`, 150_000, async () => {
			const found = await items();
			const attendance =
				[open, ...attendanceShifts].every((shift) => told(found, 'assigned', shift)) &&
				told(found, 'late_clock_in', lateIn.sheet) &&
				told(found, 'still_clocked_in', stillIn.sheet) &&
				told(found, 'long_hours', long.sheet, 'longer_than_shift') &&
				told(found, 'long_hours', long.sheet, 'week_over');
			return attendance && derived.every((event) => found.some((item) => item.event === event)) ? found : undefined;
		});
		// (The shifts made for the attendance events are Assigned too: created for someone.)
		const byId = <T extends { id: unknown }>(a: T, b: T) => String(a.id).localeCompare(String(b.id));
		expect(events.filter((item) => item.event === 'assigned').map((item) => ({ id: (item.record as Rec).id, item })).sort(byId).map(({ item }) => item)).toEqual(
			[
				{ id: open.id, item: expect.objectContaining({ resource: 'shift', record: expect.objectContaining({ id: open.id }), changes: { employee_id: { from: null, to: person.id } }, changes_known: true }) },
				...attendanceShifts.map((shift) => ({ id: shift.id, item: expect.objectContaining({ resource: 'shift', record: expect.objectContaining({ id: shift.id, employee_id: shift.employee_id }), changes: {}, changes_known: true }) })),
			]
				.sort(byId)
				.map(({ item }) => item),
		);
		expect(events.filter((item) => item.event === 'updated')).toEqual([
			expect.objectContaining({
				resource: 'shift',
				record: expect.objectContaining({ id: moved.id }),
				// (An edit also takes a published shift back to unpublished: status is among the changes.)
				changes: expect.objectContaining({ start_time: { from: movedBefore.start_time, to: shiftNow(String(moved.id)).start_time }, end_time: { from: movedBefore.end_time, to: shiftNow(String(moved.id)).end_time } }),
				changes_known: true,
			}),
		]);
		expect(events.filter((item) => item.event === 'approved')).toEqual([
			expect.objectContaining({ resource: 'timesheet', record: expect.objectContaining({ id: pending.id, status: 'approved' }), changes: { status: { from: 'pending', to: 'approved' } }, changes_known: true }),
		]);
		expect(events.filter((item) => item.event === 'break_not_taken')).toEqual([
			expect.objectContaining({ resource: 'timesheet', record: expect.objectContaining({ id: noBreak.id }), worked_minutes: 360, unpaid_break_minutes: 0 }),
		]);
		// Late Clock-In: the timesheet, its shift (as the API gives it) and how late, 60 minutes.
		expect(events.filter((item) => item.event === 'late_clock_in')).toEqual([
			expect.objectContaining({
				resource: 'timesheet',
				record: expect.objectContaining({ id: lateIn.sheet.id, employee_id: lateIn.person.id, shift_id: lateIn.shift.id, start_time: lateIn.sheet.start_time, end_time: null }),
				shift: { id: lateIn.shift.id, start_time: lateIn.shift.start_time, end_time: lateIn.shift.end_time, position_id: lateIn.shift.position_id },
				minutes_late: 60,
				changes_known: true,
			}),
		]);
		// Still Clocked In (forgot to clock out): the timesheet open since its shift's start, told once
		// 30 minutes past the shift's end (an hour before it was entered): its shift, how long since its
		// start and since it was due, both to the poll's minute (so 270 minutes apart: 4 h 30 min).
		const stillItems = events.filter((item) => item.event === 'still_clocked_in' && (item.record as Rec).id === stillIn.sheet.id);
		expect(stillItems).toEqual([
			expect.objectContaining({
				resource: 'timesheet',
				record: expect.objectContaining({ id: stillIn.sheet.id, employee_id: stillIn.person.id, shift_id: stillIn.shift.id, start_time: stillIn.sheet.start_time, end_time: null }),
				shift: { id: stillIn.shift.id, end_time: stillIn.shift.end_time },
				minutes_since_start: expect.any(Number),
				minutes_past_due: expect.any(Number),
				changes_known: true,
			}),
		]);
		const { minutes_since_start: sinceStart, minutes_past_due: pastDue } = stillItems[0] as { minutes_since_start: number; minutes_past_due: number };
		const dueAt = Date.parse(String(stillIn.shift.end_time)) + 30 * 60_000;
		expect(sinceStart - pastDue).toBe(270);
		expect(pastDue).toBeGreaterThanOrEqual(30);
		expect(pastDue).toBeLessThanOrEqual(Math.floor((sb.clock.now().getTime() - dueAt) / 60_000));
		// Long Hours, both kinds for the one timesheet: 330 minutes against its 240-minute shift, and the
		// person's week (the seed's timesheets and this one, paid hours) past their ordinary hours.
		const longItems = events.filter((item) => item.event === 'long_hours').sort((a, b) => String(a.kind).localeCompare(String(b.kind)));
		expect(longItems).toEqual([
			expect.objectContaining({
				resource: 'timesheet',
				kind: 'longer_than_shift',
				record: expect.objectContaining({ id: long.sheet.id, shift_id: long.shift.id }),
				shift: { id: long.shift.id, start_time: long.shift.start_time, end_time: long.shift.end_time, position_id: long.shift.position_id },
				worked_minutes: 330,
				shift_minutes: 240,
				minutes_over: 90,
			}),
			expect.objectContaining({
				resource: 'timesheet',
				kind: 'week_over',
				record: expect.objectContaining({ id: long.sheet.id, employee_id: long.person.id }),
				week_start: long.week.start,
				week_hours: long.week.hours,
				limit_hours: long.week.limit,
				limit_from: 'employment',
				timesheet_ids: expect.arrayContaining([long.sheet.id]),
			}),
		]);
		expect([...(longItems[1].timesheet_ids as string[])].sort()).toEqual(long.week.ids);
		expect(long.week.hours).toBeGreaterThan(long.week.limit);
		const more = events.filter((item) => MORE_TRIGGERS.some((trigger) => trigger.event === item.event)).sort((a, b) => String(a.event).localeCompare(String(b.event)));
		expect(more).toEqual([
			expect.objectContaining({ event: 'became_filled', resource: 'onDemandShift', record: expect.objectContaining({ id: posted.id }), changes: { status: { from: 'posted', to: 'filled' } }, changes_known: true }),
			expect.objectContaining({ event: 'decided', resource: 'leaveRequest', record: expect.objectContaining({ id: leave.id }), changes: { status: { from: 'pending', to: 'approved' } }, changes_known: true }),
			expect.objectContaining({ event: 'project_archived', resource: 'project', record: expect.objectContaining({ id: project.id }), changes: { status: { from: 'active', to: 'archived' }, archived: { from: false, to: true } }, changes_known: true }),
		]);
		log('assigned, updated (watch fields), approved, late clock-in, still clocked in, break not taken, long hours (both kinds), filled, archived and decided seen');

		// No Clock-In: a shift starting in two minutes for someone free then; the service's clock moved
		// on 13 minutes (its own clock is what the trigger reads); nobody clocks in.
		const { shift: late, worker } = await shiftNobodyClocksInFor(sb, api, { location_id: String(open.location_id), position_id: String(open.position_id) });
		// Learned from the trigger's own list of changes at its next poll, then the clock moves on.
		await nextChangeRead();
		sb.clock.advance(13 * 60_000);
		const dueFrom = sb.clock.now().getTime();
		const isLate = (item: Rec) => (item.record as Rec).id === late.id;
		const missed = await waitFor('the No Clock-In event', 150_000, async () => {
			const found = (await items()).filter((item) => item.event === 'no_clock_in');
			return found.some(isLate) ? found : undefined;
		});
		expect(missed.filter(isLate)).toEqual([expect.objectContaining({ resource: 'shift', record: expect.objectContaining({ id: late.id, employee_id: worker.id }) })]);
		// A seed shift given to someone that started in the same minutes is told too (whether there is
		// one depends on the hour the test runs): each such item is a shift with a person, due by now.
		for (const other of missed.filter((item) => !isLate(item))) {
			const shift = shiftNow(String((other.record as Rec).id));
			expect(shift.employee_id).toBeTruthy();
			expect(Date.parse(String(shift.start_time)) + 10 * 60_000).toBeLessThanOrEqual(sb.clock.now().getTime());
		}
		// The Shift trigger read the timesheets (a list over the shift's day, not the Timesheet trigger's poll of changes).
		expect(sb.requests.some((r) => r.path === '/v1/timesheets' && r.query.updated_since === undefined && Date.parse(r.at) >= dueFrom)).toBe(true);
		log('no clock-in seen; waiting for two more polls of each trigger');

		// Once each: two more polls of each trigger after the last event (a repeat would come from the
		// first; by the second's start, the first's execution exists), then every execution finished.
		await Promise.all(['/v1/shifts', '/v1/timesheets', ...MORE_TRIGGERS.map((trigger) => trigger.path)].map((path) => nextChangeRead(path, 2)));
		const all = await items();
		// The seed's own shifts told as No Clock-In (above), each once.
		const seedMissed = all.filter((item) => item.event === 'no_clock_in' && !isLate(item)).map((item) => `no_clock_in ${String((item.record as Rec).id)}`);
		expect(new Set(seedMissed).size).toBe(seedMissed.length);
		// The seed's own people still clocked in past their shift's end + 30 minutes (how many depends
		// on the hour the test runs: the seed has a few open timesheets), each once, each still open
		// and due by now; those already due when the workflow was published are not told (the quiet start).
		const seedStillIn = all.filter((item) => item.event === 'still_clocked_in' && (item.record as Rec).id !== stillIn.sheet.id);
		for (const item of seedStillIn) {
			const sheet = sb.store.get('timesheets', String((item.record as Rec).id))!;
			const shift = item.shift as Rec | null;
			expect({ end_time: sheet.end_time, shift: shift?.id ?? null }).toEqual({ end_time: null, shift: sheet.shift_id });
			const due = shift ? Date.parse(String(shift.end_time)) + 30 * 60_000 : Date.parse(String(sheet.start_time)) + 12 * 3_600_000;
			expect(due).toBeLessThanOrEqual(sb.clock.now().getTime());
		}
		const seedStill = seedStillIn.map((item) => `still_clocked_in ${String((item.record as Rec).id)}`);
		expect(new Set(seedStill).size).toBe(seedStill.length);
		// (A shift created for someone is Assigned too: it was given to a person; a Long Hours item
		// is told with its kind.)
		expect(all.map((item) => `${String(item.event)} ${String((item.record as Rec).id)}${item.kind ? ` ${String(item.kind)}` : ''}`).sort()).toEqual(
			[
				...seedMissed,
				...seedStill,
				`assigned ${String(open.id)}`,
				`assigned ${String(late.id)}`,
				...attendanceShifts.map((shift) => `assigned ${String(shift.id)}`),
				`late_clock_in ${String(lateIn.sheet.id)}`,
				`still_clocked_in ${String(stillIn.sheet.id)}`,
				`long_hours ${String(long.sheet.id)} longer_than_shift`,
				`long_hours ${String(long.sheet.id)} week_over`,
				`no_clock_in ${String(late.id)}`,
				`updated ${String(moved.id)}`,
				`approved ${String(pending.id)}`,
				`break_not_taken ${String(noBreak.id)}`,
				`became_filled ${String(posted.id)}`,
				`project_archived ${String(project.id)}`,
				`decided ${leave.id}`,
			].sort(),
		);
	});

	// Last in this file: it moves the service's clock three weeks on.
	test("published, two triggers of one workflow on one credential polling at the same moment: across an access-token expiry and a move of the service's clock by three weeks, every poll succeeds and each change comes out once", async () => {
		const s = server!;
		// The Timesheet trigger reads more than one list a poll (its attendance events read shifts too).
		const workflow = shiftAndTimesheetTriggers('e2e: two triggers on one credential', { events: ['updated'] }, ['updated', 'late_clock_in', 'still_clocked_in']);
		const workflowId = await created(s, workflow);
		sb.clock.advance(1000);
		await s.activate(workflowId);
		await waitFor('the activation polls of both triggers', 150_000, async () => ((await triggersThatLearned(s, workflowId)) >= 2 ? true : undefined));
		/** Every execution of the workflow: those that did not succeed, and the Shift trigger's items. */
		const executions = async () => {
			const failed: Rec[] = [];
			const items: Rec[] = [];
			for (const summary of await s.executions(workflowId)) {
				const execution = await s.waitForExecution(summary.id);
				if (execution.status !== 'success') failed.push({ id: summary.id, status: execution.status, error: execution.data.resultData.error?.message });
				if (execution.data.resultData.runData[TRIGGER]) items.push(...executionItems(execution, TRIGGER));
			}
			return { failed, items };
		};
		/** What the service answered lately, and n8n's log: for a failure's message. */
		const lately = () =>
			`the sandbox's last requests:\n${sb.requests
				.filter((r) => r.path.startsWith('/v1/') || r.path === '/oauth/token')
				.slice(-20)
				.map((r) => `${r.at} ${r.method} ${r.path} ${JSON.stringify(r.query)} → ${r.status}`)
				.join('\n')}\nn8n's log:\n${s.logs().split('\n').slice(-30).join('\n')}`;
		const changed: string[] = [];
		const refused = () => sb.requests.filter((r) => r.path.startsWith('/v1/') && r.status === 401).length;
		const renewals = () => sb.requests.filter((r) => r.path === '/oauth/token' && r.status === 200).length;
		for (const [what, move] of [
			['an access-token expiry', () => sb.expireAccessTokens()],
			["the service's clock moved three weeks on", () => sb.clock.advance(21 * 86_400_000)],
		] as Array<[string, () => void]>) {
			const [refusedBefore, renewedBefore] = [refused(), renewals()];
			move();
			const after = sb.clock.now().getTime();
			const shift = shiftAhead(sb, changed);
			sb.manager.editShift(String(shift.id), { notes: `Changed after ${what} (e2e)` });
			changed.push(String(shift.id));
			// The Shift trigger's next poll meets the expiry and delivers the change; the Timesheet trigger,
			// polling at the same seconds, reads its list twice (answered) after it.
			await waitFor(`the change after ${what} delivered`, 150_000, async () => ((await executions()).items.some((item) => (item.record as Rec).id === shift.id) ? true : undefined)).catch((error: Error) => {
				throw new Error(`${error.message}\n${lately()}`);
			});
			await waitFor(`two polls of the Timesheet trigger after ${what}`, 150_000, () => sb.requests.filter((r) => r.path === '/v1/timesheets' && r.query.updated_since !== undefined && r.status === 200 && Date.parse(r.at) > after).length >= 2 || undefined);
			expect({ what, refused: refused() > refusedBefore, renewed: renewals() > renewedBefore }).toEqual({ what, refused: true, renewed: true });
			log(`${what}: the change delivered, the Timesheet trigger polled twice`);
		}
		await nextChangeRead('/v1/shifts', 2);
		const { failed, items } = await executions();
		expect({ failed, more: failed.length > 0 ? lately() : '' }).toEqual({ failed: [], more: '' });
		expect(items.filter((item) => changed.includes(String((item.record as Rec).id))).map((item) => `${String(item.event)} ${String((item.record as Rec).id)}`).sort()).toEqual(changed.map((id) => `updated ${id}`).sort());
	});

	/** Waits for `count` reads of changes (polls) of `path` that start after now, on the service's clock. */
	async function nextChangeRead(path = '/v1/shifts', count = 1): Promise<void> {
		const after = sb.clock.now().getTime();
		await waitFor(`${count} more poll(s) of ${path}`, 150_000 * count, () => pollsSince(sb, path, after) >= count || undefined).catch((error: Error) => {
			const last = sb.requests.filter((r) => r.path.startsWith('/v1/')).slice(-12).map((r) => `${r.at} ${r.method} ${r.path} ${JSON.stringify(r.query)} → ${r.status}`);
			throw new Error(`${error.message} (after ${new Date(after).toISOString()} on the service's clock)\nthe sandbox's last requests:\n${last.join('\n')}\nn8n's log:\n${server!.logs().split('\n').slice(-40).join('\n')}`);
		});
	}
});

const TIMESHEET_TRIGGER = 'Rostering Timesheet Trigger';
/** The other triggers of the events workflow: node name, type, the event chosen, the list polled. */
const MORE_TRIGGERS = [
	{ name: 'Rostering On-Demand Shift Trigger', type: 'rosteringOnDemandShiftTrigger', event: 'became_filled', path: '/v1/on-demand-shifts' },
	{ name: 'Rostering Project Trigger', type: 'rosteringProjectTrigger', event: 'project_archived', path: '/v1/projects' },
	{ name: 'Rostering Leave Request Trigger', type: 'rosteringLeaveRequestTrigger', event: 'decided', path: '/v1/leave-requests' },
];

/**
 * A Shift trigger on Assigned, No Clock-In (10 minutes) and Updated with Watch Fields start and end
 * time, a Timesheet trigger on Approved and the four attendance events (Late Clock-In, Still Clocked
 * In, Break Not Taken, Long Hours; their thresholds the defaults: 5 minutes late, 30 minutes past the
 * shift's end or 12 hours with no shift, a break of 30 minutes after 5 hours, 30 minutes longer than
 * the shift, the employment's ordinary hours per week), and MORE_TRIGGERS (On-Demand Shift on Became
 * Filled, Project on Archived, Leave Request on Decided), all polling every 15 s.
 */
/** A workflow of the Shift trigger (these parameters over shiftTriggerWorkflow's) and a Timesheet trigger on these events, both every 15 s. */
function shiftAndTimesheetTriggers(name: string, shiftParameters: Rec, timesheetEvents: string[]): WorkflowJson {
	const workflow = shiftTriggerWorkflow(name);
	const shiftTrigger = workflow.nodes[0];
	shiftTrigger.parameters = { ...(shiftTrigger.parameters as Rec), ...shiftParameters };
	workflow.nodes.push({
		...shiftTrigger,
		id: randomUUID(),
		name: TIMESHEET_TRIGGER,
		type: 'n8n-nodes-rostering.rosteringTimesheetTrigger',
		position: [0, 200],
		parameters: { pollTimes: POLL_EVERY_15_SECONDS, events: timesheetEvents, start: 'now', options: {} },
	});
	return workflow;
}

function eventsWorkflow(): WorkflowJson {
	const workflow = shiftAndTimesheetTriggers(
		'e2e: Rostering Shift Trigger, events people act on',
		{ events: ['assigned', 'no_clock_in', 'updated'], noClockInAfter: 10, options: { watchFields: ['start_time', 'end_time'] } },
		['approved', 'late_clock_in', 'still_clocked_in', 'break_not_taken', 'long_hours'],
	);
	const shiftTrigger = workflow.nodes[0];
	MORE_TRIGGERS.forEach((trigger, i) =>
		workflow.nodes.push({
			...shiftTrigger,
			id: randomUUID(),
			name: trigger.name,
			type: `n8n-nodes-rostering.${trigger.type}`,
			position: [0, 400 + 200 * i],
			parameters: { pollTimes: POLL_EVERY_15_SECONDS, events: [trigger.event], start: 'now', options: {} },
		}),
	);
	return workflow;
}
