/**
 * The Rostering triggers under a seeded random workload: two triggers (shifts, timesheets) polled
 * as n8n polls them (PollHarness) while more than a thousand changes land on the sandbox through
 * its HTTP API and its manager actions (create, change, delete, publish, approve), some of them
 * while a poll is paging, with 429s, 5xx bursts, dropped connections, expired tokens, slow pages,
 * clock moves of 0 ms (ties in the whole-second timestamps) up to beyond the overlap, and restarts.
 * Every item that comes out is tracked; the test shows that none comes out twice, that a record's
 * items follow its change time, that every record's final state comes out and nothing from before
 * activation does, that every failure reached n8n as a thrown error, and that what each item says
 * changed is exactly the difference from the record's state before (as the test saw it), with the
 * derived events (published, back to draft, approved) there exactly when that difference makes
 * them happen. The Timesheet trigger also has the attendance events on: each comes out once and is
 * true of its record, and every finished timesheet lacking its break is told so. The seed is printed;
 * SEED=<n> replays a run, SEED=random tries a new one.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness';
import { stableJson } from '../../nodes/shared/input/values';
import { KEPT_FIELDS } from '../../nodes/shared/trigger/what-changed';
import { ATTENDANCE_DEFAULTS, ATTENDANCE_EVENTS } from '../../nodes/RosteringTimesheetTrigger/attendance-parameters';
import { unpaidBreakMinutes } from '../../nodes/RosteringTimesheetTrigger/timesheet-times';
import { CREDENTIAL_ID, useFixture } from './fixture';

jest.setTimeout(120_000);

// A fixed seed by default, so that CI is repeatable; SEED=<n> replays a run, SEED=random explores.
const SEED =
	process.env.SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : process.env.SEED ? Number(process.env.SEED) : 20_261_122;
const MUTATIONS = 1_100;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

const f = useFixture({ fresh: false });

type Kind = 'shift' | 'timesheet';
type Item = { event: string; resource: Kind; record: IDataObject; changes: Record<string, { from?: unknown; to: unknown }>; changes_known: boolean };
const BASE_EVENTS = ['created', 'updated', 'removed'];
/** The events each trigger is set to: any change, and the derived events the workload can cause. */
const EVENTS: Record<Kind, string[]> = { shift: [...BASE_EVENTS, 'published', 'back_to_draft'], timesheet: [...BASE_EVENTS, 'approved', ...Object.values(ATTENDANCE_EVENTS)] };
/** The attendance events (told by checking, not from one change): each once per timesheet, or per person and week. */
const ATTENDANCE = new Set<string>(Object.values(ATTENDANCE_EVENTS));

it(`a random workload (seed ${SEED}): each change once, in order, final states delivered, failures thrown`, async () => {
	// eslint-disable-next-line no-console
	console.log(`trigger-random: SEED=${SEED}`);
	const random = prng(SEED);
	const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
	const chance = (p: number) => random() < p;
	const sandbox = f.sandbox;
	const store = sandbox.store;
	const business = store.mainBusinessId;
	const now = () => sandbox.clock.now().getTime();

	// ---- the workload's own API client (a token of its own; re-issued when tokens are expired) ----
	let token = sandbox.issueToken().access_token;
	async function api(method: string, path: string, body?: IDataObject): Promise<{ status: number; body: IDataObject }> {
		for (let attempt = 0; ; attempt++) {
			const response = await fetch(`${sandbox.url}/v1/${path}`, {
				method,
				headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
				body: body ? JSON.stringify(body) : undefined,
			});
			const json = (await response.json()) as IDataObject;
			if (response.status === 401 && attempt === 0) {
				token = sandbox.issueToken().access_token;
				continue;
			}
			return { status: response.status, body: json };
		}
	}

	// ---- what the workload may change ----
	const changed = { shift: new Set<string>(), timesheet: new Set<string>() };
	const created = { shift: new Set<string>(), timesheet: new Set<string>() };
	const future = () => now() + 4 * 86_400_000;
	const liveShifts = () =>
		[...store.t.shifts.values()].filter((s) => s.business_id === business && !s.archived && s.start_time > future());
	const pendingTimesheets = () =>
		[...store.t.timesheets.values()].filter((t) => t.business_id === business && !t.archived && t.status === 'pending');
	const shiftPlaces = [...store.t.positions.values()].filter(
		(p) => p.business_id === business && p.active && !p.archived && !store.t.locations.get(p.location_id)!.archived,
	);
	const timesheetPeople = pendingTimesheets().map((t) => ({ employee_id: t.employee_id, location_id: t.location_id, position_id: t.position_id }));
	let slot = 0;

	const counts: Record<string, number> = {};
	async function mutate(): Promise<boolean> {
		const roll = random();
		const note = `n${Math.floor(random() * 1e9)}`;
		let kind: Kind;
		let id: string | undefined;
		let what: string;
		if (roll < 0.22) {
			what = 'patch shift';
			kind = 'shift';
			id = pick(liveShifts()).id;
			const r = await api('PATCH', `shifts/${id}`, { notes: note });
			if (r.status !== 200) return false;
		} else if (roll < 0.27) {
			what = 'delete shift';
			kind = 'shift';
			id = pick(liveShifts()).id;
			if ((await api('DELETE', `shifts/${id}`)).status !== 200) return false;
		} else if (roll < 0.35) {
			what = 'create shift';
			kind = 'shift';
			const place = pick(shiftPlaces);
			const start = future() + 20 * 86_400_000 + Math.floor(random() * 40) * 3_600_000;
			const r = await api('POST', 'shifts', {
				location_id: place.location_id,
				position_id: place.id,
				start_time: new Date(start).toISOString(),
				end_time: new Date(start + 4 * 3_600_000).toISOString(),
				notes: note,
			});
			if (r.status !== 201) return false;
			id = String(r.body.id);
			created.shift.add(id);
		} else if (roll < 0.43) {
			what = 'publish shift';
			kind = 'shift';
			id = pick(liveShifts()).id;
			sandbox.manager.publishShift(id);
		} else if (roll < 0.63) {
			what = 'patch timesheet';
			kind = 'timesheet';
			id = pick(pendingTimesheets()).id;
			if ((await api('PATCH', `timesheets/${id}`, { note })).status !== 200) return false;
		} else if (roll < 0.71) {
			what = 'approve timesheet';
			kind = 'timesheet';
			id = pick(pendingTimesheets()).id;
			sandbox.manager.approveTimesheet(id);
		} else if (roll < 0.76) {
			what = 'delete timesheet';
			kind = 'timesheet';
			id = pick(pendingTimesheets()).id;
			if ((await api('DELETE', `timesheets/${id}`)).status !== 200) return false;
		} else if (roll < 0.84) {
			what = 'create timesheet';
			kind = 'timesheet';
			const person = pick(timesheetPeople);
			// Far back and each in its own slot, so that no two of one person overlap. Two hours, or
			// six with no break (Break Not Taken, and Long Hours by the week). (An open one so far
			// back would overlap the person's later timesheets: Still Clocked In is shown in
			// trigger-attendance.test.ts.)
			const start = now() - 400 * 86_400_000 + slot++ * 8 * 3_600_000;
			const end = random() < 0.25 ? start + 6 * 3_600_000 : start + 2 * 3_600_000;
			const r = await api('POST', 'timesheets', {
				...person,
				start_time: new Date(start).toISOString(),
				end_time: new Date(end).toISOString(),
				note,
			});
			if (r.status !== 201) return false;
			id = String(r.body.id);
			created.timesheet.add(id);
		} else {
			// A change of the same shift again, often within the same second.
			what = 'patch a changed shift';
			kind = 'shift';
			const again = [...changed.shift].filter((s) => {
				const r = store.t.shifts.get(s)!;
				return !r.archived && r.start_time > future();
			});
			if (again.length === 0) return false;
			id = pick(again);
			if ((await api('PATCH', `shifts/${id}`, { notes: note })).status !== 200) return false;
		}
		changed[kind].add(id);
		counts[what] = (counts[what] ?? 0) + 1;
		return true;
	}

	// ---- the two triggers, and every item they deliver ----
	const harness = (resource: Kind) =>
		new PollHarness({
			node: {
				type: `n8n-nodes-rostering.rostering${resource === 'shift' ? 'Shift' : 'Timesheet'}Trigger`,
				// Long Hours by the week past 7 hours: two of the workload's timesheets in one week.
				parameters: { events: EVENTS[resource], weeklyHoursFrom: 'fixed', weeklyHours: 7, options: { maxRateLimitWait: 2 } } as never,
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			credentials: f.credentials as never,
		});
	const triggers: Record<Kind, PollHarness> = { shift: harness('shift'), timesheet: harness('timesheet') };
	const paths: Record<Kind, string> = { shift: '/v1/shifts', timesheet: '/v1/timesheets' };
	const delivered = new Set<string>();
	const duplicates: string[] = [];
	const backwards: string[] = [];
	const wrongResource: string[] = [];
	const history = new Map<string, Item[]>();
	/** Each record's state before its next change, as the test knows it: at activation, then as delivered. */
	const knownState = new Map<string, IDataObject>();
	const wrongChanges: string[] = [];
	const wrongDerived: string[] = [];
	const derivedCount: Record<string, number> = {};
	const KEPT: Record<Kind, string[]> = { shift: KEPT_FIELDS.shift!, timesheet: KEPT_FIELDS.timesheet! };
	const sameValue = (field: string, a: unknown, b: unknown) =>
		/_time$/.test(field) && typeof a === 'string' && typeof b === 'string' ? Date.parse(a) === Date.parse(b) : stableJson(a ?? null) === stableJson(b ?? null);

	/** What an item says changed, against what the record was before; and its derived events. */
	function checkChanges(kind: Kind, poll: Item[]): void {
		for (const item of poll.filter((i) => BASE_EVENTS.includes(i.event))) {
			const id = `${kind}:${String(item.record.id)}`;
			const before = knownState.get(id);
			// A record delivered before is remembered (far fewer than the bound): what changed is known.
			if (item.event !== 'created' && history.has(id) && !item.changes_known) wrongChanges.push(`${id}: delivered before, yet changes_known false`);
			if (item.changes_known && item.event !== 'created') {
				if (!before) wrongChanges.push(`${id}: changes_known, but the test never saw it`);
				else {
					for (const field of KEPT[kind]) {
						const told = item.changes[field];
						const differs = !sameValue(field, before[field], item.record[field]);
						if (differs !== (told !== undefined)) wrongChanges.push(`${id} ${field}: ${stableJson(before[field])} → ${stableJson(item.record[field])}, told ${stableJson(told)}`);
						else if (told && ('from' in told ? !sameValue(field, told.from, before[field]) : false)) wrongChanges.push(`${id} ${field}: from ${stableJson(told.from)}, was ${stableJson(before[field])}`);
					}
				}
			}
			// The derived events of this version: there exactly when its difference makes them happen.
			const derived = poll.filter((i) => !BASE_EVENTS.includes(i.event) && !ATTENDANCE.has(i.event) && i.record.id === item.record.id).map((i) => i.event).sort();
			for (const event of derived) derivedCount[event] = (derivedCount[event] ?? 0) + 1;
			const status = item.changes.status as { from?: unknown; to: unknown } | undefined;
			const expected = !item.changes_known
				? []
				: kind === 'shift'
					? [
							...((item.event === 'created' ? item.record.status === 'published' : status?.to === 'published') ? ['published'] : []),
							...(status?.from === 'published' && status.to === 'unpublished' ? ['back_to_draft'] : []),
						]
					: (item.event === 'created' ? item.record.status === 'approved' : status?.to === 'approved')
						? ['approved']
						: [];
			if (stableJson(derived) !== stableJson(expected.sort())) wrongDerived.push(`${id} ${item.event} ${stableJson(item.changes)}: derived ${stableJson(derived)}, expected ${stableJson(expected)}`);
			knownState.set(id, item.record);
		}
	}
	let items = 0;
	let polls = 0;
	let restarts = 0;
	const thrown: string[] = [];
	let fatalInjected = 0;

	/** Attendance items: each once (per timesheet; Long Hours by the week per person and week), each true of its record. */
	const attendanceTold = new Set<string>();
	const attendanceCount: Record<string, number> = {};
	const wrongAttendance: string[] = [];
	function takeAttendance(id: string, item: Item & { kind?: string; week_start?: string; week_hours?: number; limit_hours?: number }): void {
		const key = item.kind === 'week_over' ? `week ${String(item.record.employee_id)} ${String(item.week_start)}` : `${item.event} ${item.kind ?? ''} ${id}`;
		if (attendanceTold.has(key)) duplicates.push(key);
		attendanceTold.add(key);
		attendanceCount[item.event] = (attendanceCount[item.event] ?? 0) + 1;
		const { record } = item;
		const span = (Date.parse(String(record.end_time)) - Date.parse(String(record.start_time))) / 60_000;
		if (item.event === ATTENDANCE_EVENTS.stillClockedIn && record.end_time) wrongAttendance.push(`${key}: closed (${String(record.end_time)})`);
		if (item.kind === 'week_over' && !(Number(item.week_hours) > 7 && item.limit_hours === 7)) wrongAttendance.push(`${key}: ${String(item.week_hours)} hours`);
		if (item.event === ATTENDANCE_EVENTS.breakNotTaken && !(span > ATTENDANCE_DEFAULTS.breakAfterHours * 60 && unpaidBreakMinutes(record) < ATTENDANCE_DEFAULTS.breakMinutes)) {
			wrongAttendance.push(`${key}: ${span} minutes, ${unpaidBreakMinutes(record)} of break`);
		}
	}

	function take(kind: Kind, result: IDataObject[] | null): void {
		checkChanges(kind, (result ?? []) as unknown as Item[]);
		for (const raw of result ?? []) {
			const item = raw as unknown as Item;
			items++;
			if (item.resource !== kind) wrongResource.push(String(item.record.id));
			const id = `${kind}:${String(item.record.id)}`;
			const version = `${item.event} ${id}|${String(item.record.updated_at)}|${stableJson(item.record)}`;
			if (ATTENDANCE.has(item.event)) {
				takeAttendance(id, item);
				continue;
			}
			if (!BASE_EVENTS.includes(item.event)) {
				if (delivered.has(version)) duplicates.push(version.slice(0, 80));
				delivered.add(version);
				continue;
			}
			if (delivered.has(version)) duplicates.push(version.slice(0, 80));
			delivered.add(version);
			const list = history.get(id) ?? [];
			const last = list[list.length - 1];
			if (last && Date.parse(String(item.record.updated_at)) < Date.parse(String(last.record.updated_at))) {
				backwards.push(`${id}: ${String(last.record.updated_at)} then ${String(item.record.updated_at)}`);
			}
			list.push(item);
			history.set(id, list);
		}
	}

	async function poll(kind: Kind, during?: () => Promise<void>): Promise<void> {
		polls++;
		const running = triggers[kind].poll();
		// Keep the poll's promise observed while the workload runs alongside it.
		const settled = running.then(
			(result) => ({ result, error: undefined as unknown }),
			(error: unknown) => ({ result: null, error }),
		);
		if (during) await during();
		const { result, error } = await settled;
		if (error) thrown.push(`${kind}: ${(error as Error).message}`);
		else take(kind, result);
	}

	// ---- activation, after everything the seed did ----
	sandbox.reset();
	f.connect();
	sandbox.clock.advance(2_000);
	for (const kind of ['shift', 'timesheet'] as Kind[]) expect(await triggers[kind].activate()).toBeNull();
	const floor = now();
	// What every record was at activation, as the API shows it (what the triggers may have learned).
	for (const [kind, table] of [['shift', 'shifts'], ['timesheet', 'timesheets']] as const) {
		for (const id of store.t[table].keys()) {
			const record = store.get(table, id);
			if (record) knownState.set(`${kind}:${id}`, record as IDataObject);
		}
	}
	sandbox.clock.advance(1_000);

	// ---- the workload ----
	let done = 0;
	let transientFaults = 0;
	while (done < MUTATIONS) {
		const burst = 1 + Math.floor(random() * 12);
		for (let i = 0; i < burst && done < MUTATIONS; i++) {
			if (await mutate()) done++;
			const step = random();
			sandbox.clock.advance(step < 0.5 ? 0 : step < 0.8 ? Math.floor(random() * 1_000) : step < 0.98 ? 1_000 + Math.floor(random() * 4_000) : 30_000 + Math.floor(random() * 60_000));
		}
		const kind: Kind = chance(0.5) ? 'shift' : 'timesheet';
		const path = paths[kind];
		sandbox.clearFaults();
		const fault = random();
		if (fault < 0.04) {
			// Beyond what a poll waits out: it must fail with an error, and the next one catch up.
			fatalInjected++;
			if (chance(0.5)) sandbox.injectFault({ method: 'GET', path, status: 403, code: 'permission_denied' });
			else sandbox.injectFault({ method: 'GET', path, status: 429, retryAfter: 30 });
			const before = triggers[kind].persisted;
			await poll(kind);
			expect(triggers[kind].persisted).toEqual(before);
			continue;
		} else if (fault < 0.08) {
			transientFaults++;
			sandbox.injectFault({ method: 'GET', path, status: 429, retryAfter: 0, times: 1 + Math.floor(random() * 3) });
		} else if (fault < 0.12) {
			transientFaults++;
			sandbox.injectFault({ method: 'GET', path, status: chance(0.5) ? 500 : 503, times: 1 + Math.floor(random() * 2) });
		} else if (fault < 0.14) {
			transientFaults++;
			sandbox.injectFault({ method: 'GET', path, drop: true });
		} else if (fault < 0.17) {
			transientFaults++;
			sandbox.expireAccessTokens();
		} else if (fault < 0.19) {
			transientFaults++;
			sandbox.injectFault({ method: 'GET', path, latencyMs: 20 + Math.floor(random() * 80), times: 3 });
		}
		if (chance(0.03)) {
			restarts++;
			triggers[kind].restart();
		}
		if (chance(0.2)) {
			// Changes land while the poll is paging.
			sandbox.injectFault({ method: 'GET', path, whenQuery: 'after', latencyMs: 30, times: 5 });
			await poll(kind, async () => {
				const n = 1 + Math.floor(random() * 5);
				for (let i = 0; i < n && done < MUTATIONS; i++) if (await mutate()) done++;
			});
		} else {
			await poll(kind);
		}
	}
	// Two polls that fail part-way beyond every retry (slow: 0.5 + 1 + 2 + 4 s of backoff each).
	for (const kind of ['shift', 'timesheet'] as Kind[]) {
		sandbox.clearFaults();
		for (let i = 0; i < 50; i++) if (await mutate()) done++;
		sandbox.clock.advance(1_000);
		fatalInjected++;
		sandbox.injectFault({ method: 'GET', path: paths[kind], status: 500, times: 5 });
		await poll(kind);
	}

	// ---- the mutations stop; each trigger polls until it is idle ----
	sandbox.clearFaults();
	sandbox.clock.advance(2_000);
	for (const kind of ['shift', 'timesheet'] as Kind[]) {
		await poll(kind);
		if (chance(0.5)) triggers[kind].restart();
		const before = items;
		await poll(kind);
		expect(items).toBe(before);
	}

	// eslint-disable-next-line no-console
	console.log(
		`trigger-random: SEED=${SEED} mutations=${done} ${JSON.stringify(counts)} polls=${polls} items=${items} restarts=${restarts} ` +
			`transient faults=${transientFaults} thrown=${thrown.length} derived=${JSON.stringify(derivedCount)} attendance=${JSON.stringify(attendanceCount)}`,
	);
	// What each item said changed, and its derived events, are the record's own difference.
	expect(wrongChanges).toEqual([]);
	expect(wrongDerived).toEqual([]);
	expect(Object.keys(derivedCount).sort()).toEqual(['approved', 'back_to_draft', 'published']);
	// Each attendance item once and true of its record; every finished timesheet the workload
	// changed that lacks its break was told so (once, whenever the trigger first saw it so).
	expect(wrongAttendance).toEqual([]);
	const lacking = [...changed.timesheet].filter((id) => {
		const sheet = store.get('timesheets', id) as IDataObject | undefined;
		if (!sheet || sheet.archived || !sheet.end_time) return false;
		const span = (Date.parse(String(sheet.end_time)) - Date.parse(String(sheet.start_time))) / 60_000;
		return span > ATTENDANCE_DEFAULTS.breakAfterHours * 60 && unpaidBreakMinutes(sheet) < ATTENDANCE_DEFAULTS.breakMinutes;
	});
	expect(lacking.length).toBeGreaterThan(0);
	expect(lacking.filter((id) => !attendanceTold.has(`${ATTENDANCE_EVENTS.breakNotTaken}  timesheet:${id}`))).toEqual([]);
	// (A seed timesheet still open past its shift may be told Still Clocked In too: checked open above.)
	expect(Object.keys(attendanceCount)).toEqual(expect.arrayContaining([ATTENDANCE_EVENTS.breakNotTaken, ATTENDANCE_EVENTS.longHours]));

	// Nothing twice, each record's items in order of change time, each on its own trigger.
	expect(duplicates).toEqual([]);
	expect(backwards).toEqual([]);
	expect(wrongResource).toEqual([]);
	// Every failure surfaced as an error, and only those.
	expect(thrown).toHaveLength(fatalInjected);
	for (const message of thrown) {
		expect(message).toMatch(/missing a permission|limiting how fast|failed to process the request|not set up for partner apps/);
	}
	expect(done).toBeGreaterThanOrEqual(1_000);

	for (const kind of ['shift', 'timesheet'] as Kind[]) {
		const table = kind === 'shift' ? 'shifts' : 'timesheets';
		// Nothing from before activation: only records the workload changed come out.
		const outside = [...history.keys()].filter((key) => key.startsWith(`${kind}:`) && !changed[kind].has(key.slice(kind.length + 1)));
		expect(outside).toEqual([]);
		for (const list of history.values()) {
			for (const item of list) expect(Date.parse(String(item.record.updated_at))).toBeGreaterThanOrEqual(floor - 1_000);
		}
		// Every record changed has had its final state delivered, with the right event.
		const missing: string[] = [];
		const wrongEvent: string[] = [];
		for (const id of changed[kind]) {
			const list = history.get(`${kind}:${id}`) ?? [];
			const last = list[list.length - 1];
			const now = store.get(table, id);
			if (!last || stableJson(last.record) !== stableJson(now)) {
				missing.push(`${id} (last delivered ${String(last?.record.updated_at)}, now ${String(now?.updated_at)})`);
				continue;
			}
			if (now!.archived === true && last.event !== 'removed') wrongEvent.push(`${id}: archived, came out as ${last.event}`);
			const first = list[0];
			if (created[kind].has(id) && first.event !== 'created' && first.event !== 'removed') wrongEvent.push(`${id}: created, first came out as ${first.event}`);
			if (!created[kind].has(id) && list.some((i) => i.event === 'created')) wrongEvent.push(`${id}: seed record came out as created`);
		}
		expect(missing).toEqual([]);
		expect(wrongEvent).toEqual([]);
	}
});
