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


/** The sandbox's API as another app of the business sees it (a connected token), and its shifts. */
export function shiftsApi(sb: Sandbox) {
	const token = sb.issueToken().access_token;
	/** The sandbox's API with a connected token, as another app of the business would change records. */
	async function api(method: string, path: string, body?: unknown): Promise<Rec> {
		const res = await fetch(`${sb.url}/v1${path}`, {
			method,
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = (await res.json()) as Rec;
		if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
		return json;
	}
	/** The shift as the API shows it now. */
	const shiftNow = (id: string): Rec => sb.store.get('shifts', id)! as Rec;
	/** Shifts the API lets an app change: not started, not deleted. */
	function changeableShifts(): Rec[] {
		const now = Date.now() + 86_400_000;
		return sb.store.shifts.filter((shift) => !shift.archived && Date.parse(String(shift.start_time)) > now);
	}

	/** Someone who may work `positionId` at `locationId` and has no shift between start and end (ms). */
	function freeEmployee(locationId: string, positionId: string, start: number, end: number): Rec {
		const busy = new Set(
			sb.store.shifts
				.filter((shift) => !shift.archived && shift.employee_id && Date.parse(String(shift.start_time)) < end && Date.parse(String(shift.end_time)) > start)
				.map((shift) => String(shift.employee_id)),
		);
		const person = sb.store.employees.find((e) => {
			const locations = (e.location_ids as string[] | undefined) ?? [];
			return e.employment_id && (locations.length === 0 || locations.includes(locationId)) && !((e.excluded_position_ids as string[]) ?? []).includes(positionId) && !busy.has(String(e.id));
		});
		if (!person) throw new Error('no free employee for the test shift');
		return person;
	}

	return { api, shiftNow, changeableShifts, freeEmployee };
}

export type ShiftsApi = ReturnType<typeof shiftsApi>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const msOf = (time: unknown) => Date.parse(String(time));

/** Where a test's records are made: a location and a position there. */
interface Place {
	location_id: string;
	position_id: string;
}

/** The Monday (YYYY-MM-DD) of the week of a date (its first ten characters: a time as the service writes it gives its date at the location). */
function mondayOf(date: string): string {
	const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
	return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/** What a person picked for a timesheet must be free of (attendancePeople's pick). */
interface Needs {
	/** The timesheet's start and end (ms; null: open, from its start on): no timesheet of theirs over it, and not clocked in now. */
	timesheet: [number, number | null];
	/** A shift of theirs (ms): no other shift over it. */
	shift?: [number, number];
	/**
	 * No shift at the location on the day (there) of the timesheet's start: a timesheet given no
	 * shift_id then has no "shift" (the trigger's: the person's shift at that location that day).
	 */
	noShiftThatDay?: boolean;
}

/**
 * The seed's people as the Timesheet trigger's attendance events need them, whatever the hour the
 * test runs: the seed's timesheets and shifts follow the real clock (an open timesheet covers its
 * start until the service's now), so each person is picked from the seed as it is now.
 */
export function attendancePeople(sb: Sandbox) {
	const employment = (employeeId: unknown) => {
		const found = sb.store.t.employments.get(String(sb.store.t.employees.get(String(employeeId))?.employment_id));
		return found && !found.archived ? found : undefined;
	};
	/** A person's weekly limit as the trigger takes it: their employment's ordinary hours, else Weekly Hours (38). */
	function weeklyLimit(employeeId: string): number {
		const hours = employment(employeeId)?.ordinary_hours_per_week;
		return typeof hours === 'number' && hours > 0 ? hours : 38;
	}
	/** A person's finished timesheets of the week of `monday` (their dates as written at the location) and the paid hours they add up to. */
	function week(employeeId: string, monday: string, timesheets = sb.store.timesheets): { hours: number; ids: string[] } {
		const sheets = timesheets.filter((t) => t.employee_id === employeeId && !t.archived && t.end_time !== null && mondayOf(String(t.start_time)) === monday);
		return { hours: Math.round(sheets.reduce((sum, t) => sum + Number(t.paid_hours), 0) * 100) / 100, ids: sheets.map((t) => String(t.id)).sort() };
	}
	/** Whether `person` (a current employee) may work at `place` and is free as `needs` says, by the seed's `timesheets` and `shifts` as the API gives them. */
	function fits(person: Rec, place: Place, needs: Needs, timesheets: Rec[], allShifts: Rec[]): boolean {
		const id = String(person.id);
		const locations = (person.location_ids as string[] | undefined) ?? [];
		if (!employment(id) || (locations.length > 0 && !locations.includes(place.location_id)) || ((person.excluded_position_ids as string[]) ?? []).includes(place.position_id)) return false;
		const [from, to] = needs.timesheet;
		if (timesheets.some((t) => t.employee_id === id && !t.archived && (t.end_time === null || (msOf(t.start_time) < (to ?? Infinity) && msOf(t.end_time) > from)))) return false;
		const shifts = allShifts.filter((s) => s.employee_id === id && !s.archived);
		if (needs.shift && shifts.some((s) => msOf(s.start_time) < needs.shift![1] && msOf(s.end_time) > needs.shift![0])) return false;
		const day = dayAt(place, from);
		return !(needs.noShiftThatDay && shifts.some((s) => s.location_id === place.location_id && String(s.start_time).slice(0, 10) === day));
	}
	/** The date (YYYY-MM-DD) of `ms` at the place's location. */
	function dayAt(place: Place, ms: number): string {
		const timeZone = String(sb.store.t.locations.get(place.location_id)!.timezone);
		return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
	}
	/**
	 * Keeps a person's week within their limit with `hours` more worked at `place` from `from` (ms):
	 * the seed's people often work past their ordinary hours, so where theirs would be passed they
	 * are raised (in the service) to what the week will hold. Before the timesheet is entered (the
	 * trigger reads the employments when a week first grows).
	 */
	function roomInWeek(person: Rec, place: Place, from: number, hours: number): void {
		const total = week(String(person.id), mondayOf(dayAt(place, from))).hours + hours;
		if (total > weeklyLimit(String(person.id))) employment(person.id)!.ordinary_hours_per_week = Math.ceil(total);
	}
	/**
	 * Someone free as `needs` says, not in `taken` (added to it), and the place they work it: `prefer`
	 * if someone there is, else another active position of the business (a location has only a few
	 * people, and at some hours none of them is free).
	 */
	function pick(needs: Needs, taken: Set<string>, prefer?: Place): { person: Rec; place: Place } {
		const places = sb.store.positions
			.filter((p) => p.active && !p.archived && !sb.store.t.locations.get(String(p.location_id))?.archived)
			.map((p) => ({ location_id: String(p.location_id), position_id: String(p.id) }));
		const [timesheets, shifts, employees] = [sb.store.timesheets, sb.store.shifts, sb.store.employees];
		for (const place of prefer ? [prefer, ...places] : places) {
			const person = employees.find((e) => !taken.has(String(e.id)) && fits(e, place, needs, timesheets, shifts));
			if (person) {
				taken.add(String(person.id));
				return { person, place };
			}
		}
		throw new Error(`nobody is free for a timesheet from ${iso(needs.timesheet[0])} (${JSON.stringify(needs)})`);
	}
	return { week, pick, roomInWeek };
}

/**
 * The Timesheet trigger's attendance events provoked through the API, each for its own person
 * (picked with attendancePeople, `prefer` the place tried first, added to `taken`), with the
 * service's clock as it is (nothing waits):
 *
 * - Long Hours: a four-hour shift two days ago and its timesheet of five and a half hours (a 30-minute
 *   unpaid break, so not Break Not Taken): 90 minutes longer than its shift; and the person's
 *   ordinary hours per week set (in the service) to an hour more than their week held before, so
 *   the week goes past them with it. Set before the timesheet is entered: call this before any
 *   other finished timesheet is (the trigger reads the employments when a week first grows).
 * - Still Clocked In (forgot to clock out): a four-hour shift that ended an hour ago, and its
 *   timesheet (its shift_id) open since the shift's start: due 30 minutes after the shift's end
 *   (the default), so told at once.
 * - Late Clock-In: a four-hour shift that started an hour ago given to someone, then their timesheet
 *   for it (its shift_id) starting now, open: 60 minutes late (its shift ends in three hours, so it
 *   is not Still Clocked In while the test runs).
 *
 * The shifts start before the Shift trigger's last check, so none is No Clock-In; each is Assigned
 * (created for someone).
 */
export async function provokeAttendance(sb: Sandbox, api: ShiftsApi['api'], taken: Set<string>, prefer?: Place) {
	const people = attendancePeople(sb);
	const now = Math.floor(sb.clock.now().getTime() / MINUTE) * MINUTE;
	const shiftFor = async (who: { person: Rec; place: Place }, from: number, to: number) =>
		await api('POST', '/shifts', { ...who.place, employee_id: who.person.id, start_time: iso(from), end_time: iso(to) });

	const longFrom = Math.floor(now / HOUR) * HOUR - 2 * DAY;
	const long = people.pick({ shift: [longFrom, longFrom + 4 * HOUR], timesheet: [longFrom, longFrom + 5.5 * HOUR] }, taken, prefer);
	const longShift = await shiftFor(long, longFrom, longFrom + 4 * HOUR);
	const weekStart = mondayOf(String(longShift.start_time));
	const limit = Math.floor(people.week(String(long.person.id), weekStart).hours) + 1;
	sb.store.t.employments.get(String(long.person.employment_id))!.ordinary_hours_per_week = limit;
	const longSheet = await api('POST', '/timesheets', {
		...long.place,
		employee_id: long.person.id,
		shift_id: longShift.id,
		start_time: iso(longFrom),
		end_time: iso(longFrom + 5.5 * HOUR),
		breaks: [{ start: iso(longFrom + 2 * HOUR), end: iso(longFrom + 2.5 * HOUR), paid: false }],
	});

	const openFrom = now - 5 * HOUR;
	const open = people.pick({ shift: [openFrom, now - HOUR], timesheet: [openFrom, null] }, taken, prefer);
	const openShift = await shiftFor(open, openFrom, now - HOUR);
	const openSheet = await api('POST', '/timesheets', { ...open.place, employee_id: open.person.id, shift_id: openShift.id, start_time: iso(openFrom), end_time: null });

	const lateFrom = now - HOUR;
	const late = people.pick({ shift: [lateFrom, lateFrom + 4 * HOUR], timesheet: [now, null] }, taken, prefer);
	const lateShift = await shiftFor(late, lateFrom, lateFrom + 4 * HOUR);
	const lateSheet = await api('POST', '/timesheets', { ...late.place, employee_id: late.person.id, shift_id: lateShift.id, start_time: iso(now), end_time: null });

	return {
		late: { person: late.person, shift: lateShift, sheet: lateSheet },
		stillIn: { person: open.person, shift: openShift, sheet: openSheet },
		long: { person: long.person, shift: longShift, sheet: longSheet, week: { start: weekStart, limit, ...people.week(String(long.person.id), weekStart) } },
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
	const { api, shiftNow, changeableShifts, freeEmployee } = shiftsApi(sb);
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
	const sydney = sb.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
	const position = sb.store.positions.find((p) => p.location_id === sydney.id && p.active && !p.archived)!;
	// Shifts within the days the trigger learns when it is published (the coming four weeks).
	const soon = changeableShifts().filter((shift) => Date.parse(String(shift.start_time)) < Date.now() + 20 * 86_400_000);
	const [toChange, toDelete] = soon.slice(1, 3);
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
