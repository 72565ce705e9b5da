/**
 * The triggers say what changed (issue 23): each update carries its changed fields with their
 * previous and new values, Watch Fields lets only the changes that matter through, and the events
 * people act on come out once each: a shift assigned, open again, moved, published, back to draft;
 * a timesheet clocked in, out, approved, rejected; an on-demand shift's states; a project archived
 * and back; a leave request decided; and a shift nobody clocked in for. Polled as n8n polls an
 * active workflow's trigger (PollHarness), against the sandbox, with its clock moved on by the test.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness';
import { READING_CHOICES } from '../../sandbox';
import type { TriggerState } from '../../nodes/shared/trigger/changes';
import { byId, CREDENTIAL_ID, seedLookups, triggerOf, useFixture } from './fixture';

jest.setTimeout(60_000);

const f = useFixture();
const { business, locations, positionAt, employeesFor } = seedLookups(() => f);

type Item = { event: string; resource: string; record: IDataObject; changes: Record<string, { from?: unknown; to: unknown }>; changed_fields: string[]; changes_known: boolean; minutes_since_start?: number };

const trigger = (resource: string, parameters: IDataObject): PollHarness => triggerOf(f, resource, parameters);

const later = (ms = 2_000) => f.sandbox.clock.advance(ms);
const now = () => f.sandbox.clock.now().getTime();
const store = () => f.sandbox.store;
const state = (data: IDataObject) => ((data['node:Trigger'] as IDataObject | undefined) ?? data).state as unknown as TriggerState;
const events = (items: unknown) => ((items as Item[] | null) ?? []).map((item) => `${item.event} ${String(item.record.id)}`);

async function activated(h: PollHarness): Promise<void> {
	expect(await h.activate()).toBeNull();
	later();
	f.sandbox.clearRequests();
}

/** Upcoming shifts of the main business (in the days a trigger learns at publishing). */
const upcoming = () =>
	[...store().t.shifts.values()]
		.filter((s) => s.business_id === business() && !s.archived && s.start_time > now() + 2 * 86_400_000 && s.start_time < now() + 20 * 86_400_000)
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));

async function node(type: string, parameters: IDataObject): Promise<IDataObject> {
	const result = await f.run(type, parameters);
	expect(result.error).toBeUndefined();
	return result.json('Node')[0];
}

describe('shifts: what changed, and the events people act on', () => {
	const shiftEvents = ['updated', 'assigned', 'became_open', 'times_changed', 'published', 'back_to_draft'];

	it('assigned, became open, times changed, published, changed back to draft: each once, with the fields that changed', async () => {
		const h = trigger('Shift', { events: shiftEvents });
		await activated(h);
		const open = upcoming().find((s) => !s.employee_id && s.status === 'unpublished')!;
		const person = employeesFor(open.location_id, open.position_id)[0];

		f.sandbox.manager.editShift(open.id, { employee_id: person.id });
		later();
		const assigned = (await h.poll()) as Item[];
		expect(events(assigned)).toEqual([`updated ${open.id}`, `assigned ${open.id}`]);
		expect(assigned[1].changes).toEqual({ employee_id: { from: null, to: person.id } });
		expect(assigned[1].changed_fields).toEqual(['employee_id']);
		expect(await h.poll()).toBeNull();

		const startBefore = String(assigned[1].record.start_time);
		f.sandbox.manager.editShift(open.id, { start_time: startBefore.replace(/T\d\d:/, (t) => `T${String(Number(t.slice(1, 3)) + 1).padStart(2, '0')}:`) });
		later();
		const moved = (await h.poll()) as Item[];
		expect(events(moved)).toEqual([`updated ${open.id}`, `times_changed ${open.id}`]);
		expect(moved[1].changes.start_time).toEqual({ from: startBefore, to: moved[1].record.start_time });

		f.sandbox.manager.publishShift(open.id);
		later();
		expect(events(await h.poll())).toEqual([`updated ${open.id}`, `published ${open.id}`]);

		// A change through the API makes a published shift a draft again; taking its employee off opens it.
		await node('rosteringShift', { operation: 'update', shiftId: byId(open.id), updateFields: { openShift: true } });
		later();
		const reopened = (await h.poll()) as Item[];
		expect(events(reopened)).toEqual([`updated ${open.id}`, `became_open ${open.id}`, `back_to_draft ${open.id}`]);
		expect(reopened[0].changes).toMatchObject({ employee_id: { from: person.id, to: null }, status: { from: 'published', to: 'unpublished' } });
		expect(await h.poll()).toBeNull();
	});

	it('Watch Fields: a change to the notes alone does not come out as updated; a change of time does', async () => {
		const h = trigger('Shift', { events: ['updated'], options: { watchFields: ['start_time', 'end_time', 'employee_id'] } });
		await activated(h);
		const [first, second] = upcoming();
		f.sandbox.manager.editShift(first.id, { notes: 'notes only' });
		later();
		expect(await h.poll()).toBeNull();
		f.sandbox.manager.editShift(second.id, { end_time: new Date(second.end_time + 30 * 60_000).toISOString() });
		later();
		const items = (await h.poll()) as Item[];
		expect(events(items)).toEqual([`updated ${second.id}`]);
		expect(items[0].changed_fields).toEqual(expect.arrayContaining(['end_time']));
		// The notes change was remembered: it is not told again with the next change of that shift.
		f.sandbox.manager.editShift(first.id, { end_time: new Date(first.end_time + 30 * 60_000).toISOString() });
		later();
		const next = (await h.poll()) as Item[];
		expect(next[0].changed_fields).not.toContain('notes');
	});

	it('a shift the trigger never saw (outside the days it learns): updated, saying what changed is not known; no event guessed', async () => {
		const h = trigger('Shift', { events: shiftEvents });
		await activated(h);
		const far = [...store().t.shifts.values()].find((s) => s.business_id === business() && !s.archived && s.start_time > now() + 40 * 86_400_000 && s.employee_id)!;
		expect(far).toBeDefined();
		f.sandbox.manager.editShift(far.id, { employee_id: null });
		later();
		const items = (await h.poll()) as Item[];
		expect(items.map((item) => [item.event, item.changes_known, item.changed_fields])).toEqual([['updated', false, []]]);
		// Now it is known: its next change says what changed.
		f.sandbox.manager.editShift(far.id, { notes: 'now known' });
		later();
		expect(((await h.poll()) as Item[]).map((item) => [item.event, item.changes_known, item.changed_fields])).toEqual([['updated', true, ['notes']]]);
	});
});

describe('Options › Say What Changed off', () => {
	it('remembers nothing: activation is one request, an update says what changed is not known, and No Clock-In says it needs the option', async () => {
		const h = trigger('Shift', { events: ['updated', 'assigned'], options: { sayWhatChanged: false } });
		expect(await h.activate()).toBeNull();
		expect(f.apiRequests()).toHaveLength(1);
		expect(state(h.persisted).memory).toBeUndefined();
		later();
		const shift = upcoming().find((s) => !s.employee_id)!;
		f.sandbox.manager.editShift(shift.id, { employee_id: employeesFor(shift.location_id, shift.position_id)[0].id });
		later();
		const items = (await h.poll()) as Item[];
		expect(items.map((item) => [item.event, item.changes_known, item.changed_fields])).toEqual([['updated', false, []]]);
		expect(state(h.persisted).memory).toBeUndefined();

		const clock = trigger('Shift', { events: ['no_clock_in'], options: { sayWhatChanged: false } });
		await expect(clock.activate()).rejects.toThrow('No Clock-In needs Options › Say What Changed');
	});
});

describe('timesheets, on-demand shifts, projects and leave', () => {
	it('timesheets: clocked in (created open), clocked out, approved, rejected', async () => {
		const h = trigger('Timesheet', { events: ['clocked_in', 'clocked_out', 'approved', 'rejected'] });
		await activated(h);
		const location = locations()[0];
		const position = positionAt(location.id);
		const start = new Date(Math.floor((now() - 3 * 3_600_000) / 60_000) * 60_000).toISOString();
		// Someone with no timesheet since then: the seed's timesheets follow the clock, so a fixed pick
		// clashed with one of them at some hours of the day.
		const busy = (id: string) => [...store().t.timesheets.values()].some((t) => t.employee_id === id && !t.archived && (t.end_time ?? Infinity) > Date.parse(start));
		const person = employeesFor(location.id, position.id).find((e) => !busy(e.id))!;
		const sheet = await node('rosteringTimesheet', { operation: 'create', employeeId: byId(person.id), locationId: byId(location.id), positionId: byId(position.id), startTime: start, endTime: '' });
		later();
		expect(events(await h.poll())).toEqual([`clocked_in ${String(sheet.id)}`]);
		await node('rosteringTimesheet', { operation: 'update', timesheetId: byId(String(sheet.id)), updateFields: { endTime: new Date(now() - 60_000).toISOString() } });
		later();
		const out = (await h.poll()) as Item[];
		expect(events(out)).toEqual([`clocked_out ${String(sheet.id)}`]);
		expect(out[0].changes.end_time).toEqual({ from: null, to: out[0].record.end_time });
		f.sandbox.manager.approveTimesheet(String(sheet.id));
		const other = [...store().t.timesheets.values()].find((t) => t.business_id === business() && t.status === 'pending' && !t.archived && t.start_time > now() - 10 * 86_400_000 && t.id !== sheet.id)!;
		f.sandbox.manager.rejectTimesheet(other.id);
		later();
		expect(events(await h.poll()).sort()).toEqual([`approved ${String(sheet.id)}`, `rejected ${other.id}`].sort());
		expect(await h.poll()).toBeNull();
	});

	it('on-demand shifts: posted, then filled (the states after posted are set by the sandbox, as the service would)', async () => {
		const h = trigger('OnDemandShift', { events: ['became_posted', 'became_filled', 'became_completed'] });
		await activated(h);
		const location = locations()[0];
		const day = new Date(now() + 5 * 86_400_000).toISOString().slice(0, 10);
		const draft = await node('rosteringOnDemandShift', {
			operation: 'create',
			locationId: byId(location.id),
			positionId: byId(positionAt(location.id).id),
			startTime: `${day}T10:00:00`,
			endTime: `${day}T14:00:00`,
		});
		later();
		expect(await h.poll()).toBeNull();
		f.sandbox.manager.setOnDemandRate(String(draft.id), 42);
		f.sandbox.manager.publishOnDemandShift(String(draft.id));
		later();
		const posted = (await h.poll()) as Item[];
		expect(events(posted)).toEqual([`became_posted ${String(draft.id)}`]);
		expect(posted[0].changes.status).toEqual({ from: 'draft', to: 'posted' });
		f.sandbox.manager.setOnDemandStatus(String(draft.id), 'filled');
		later();
		expect(events(await h.poll())).toEqual([`became_filled ${String(draft.id)}`]);
	});

	it('projects: archived and unarchived', async () => {
		const h = trigger('Project', { events: ['project_archived', 'project_unarchived'] });
		await activated(h);
		const project = [...store().t.projects.values()].find((p) => p.business_id === business() && p.status === 'active')!;
		await node('rosteringProject', { operation: 'archive', projectId: byId(project.id) });
		later();
		const archived = (await h.poll()) as Item[];
		expect(events(archived)).toEqual([`project_archived ${project.id}`]);
		await node('rosteringProject', { operation: 'unarchive', projectId: byId(project.id) });
		later();
		expect(events(await h.poll())).toEqual([`project_unarchived ${project.id}`]);
	});

	it('projects: one archived before the workflow was published comes out as Unarchived when brought back (issue 29)', async () => {
		const archived = [...store().t.projects.values()].find((p) => p.business_id === business() && p.status === 'archived')!;
		expect(archived).toBeDefined();
		const h = trigger('Project', { events: ['updated', 'project_archived', 'project_unarchived'] });
		expect(await h.activate()).toBeNull();
		// Publishing: the service's time, then the projects it learns, archived ones in the same read.
		expect(f.apiRequests().map((r) => [r.path, r.query])).toEqual([
			['/v1/projects', { limit: '1', include_archived: 'true' }],
			['/v1/projects', { limit: '200', include_archived: 'true' }],
		]);
		expect(state(h.persisted).memory!.records[archived.id]).toBeDefined();
		later();
		f.sandbox.clearRequests();

		await node('rosteringProject', { operation: 'unarchive', projectId: byId(archived.id) });
		later();
		const items = (await h.poll()) as Item[];
		expect(events(items)).toEqual([`updated ${archived.id}`, `project_unarchived ${archived.id}`]);
		expect(items[1].changes_known).toBe(true);
		expect(items[1].changes).toEqual({ status: { from: 'archived', to: 'active' }, archived: { from: true, to: false } });
		expect(await h.poll()).toBeNull();
	});

	/** Pending requests in the days a trigger learns at publishing (a month back to two months on). */
	const pendingInUse = () => {
		const day = (days: number) => new Date(now() + days * 86_400_000).toISOString().slice(0, 10);
		return [...store().t.leaveRequests.values()].filter(
			(r) => r.business_id === business() && r.status === 'pending' && !r.archived && r.end_date >= day(-30) && r.start_date <= day(59),
		);
	};

	it('leave requests: decided when a pending request leaves pending, approved, declined or cancelled (leave fields inferred)', async () => {
		const h = trigger('LeaveRequest', { events: ['decided'] });
		await activated(h);
		const [approved, declined, cancelled, untouched] = pendingInUse();
		f.sandbox.manager.decideLeaveRequest(approved.id, 'approved');
		f.sandbox.manager.decideLeaveRequest(declined.id, 'declined');
		f.sandbox.manager.decideLeaveRequest(cancelled.id, 'cancelled');
		later();
		const items = (await h.poll()) as Item[];
		expect(events(items).sort()).toEqual([`decided ${approved.id}`, `decided ${declined.id}`, `decided ${cancelled.id}`].sort());
		expect(items.find((item) => item.record.id === approved.id)!.changes.status).toEqual({ from: 'pending', to: 'approved' });
		expect(events(items)).not.toContain(`decided ${untouched.id}`);
		expect(await h.poll()).toBeNull();
	});

	it('leave requests: the Status filter takes a state spelled otherwise, typed as an expression', async () => {
		f.sandbox.setReadings({ leaveStates: 'denied-withdrawn' });
		const h = trigger('LeaveRequest', { events: ['created', 'updated'], filters: { status: '=denied' } });
		expect(await h.activate()).toBeNull();
		for (const request of f.apiRequests()) expect(request.query.status).toBe('denied');
		later();
		const [request] = pendingInUse();
		f.sandbox.manager.decideLeaveRequest(request.id, 'declined');
		later();
		const items = (await h.poll()) as Item[];
		expect(items.map((item) => [item.event, item.record.id, item.record.status])).toEqual([['updated', request.id, 'denied']]);
		expect(f.apiRequests().map((r) => r.query.status)).toEqual(f.apiRequests().map(() => 'denied'));
	});

	// The spec shows no leave state but pending; a service may spell the others its own way
	// (sandbox readings.leaveStates). Decided is any move out of pending (issue 29).
	it.each([
		['rejected-canceled', 'rejected', 'canceled'],
		['denied-withdrawn', 'denied', 'withdrawn'],
	] as const)('leave requests under the %s spelling: decided when a pending request becomes %s or %s, once each', async (leaveStates, declinedAs, cancelledAs) => {
		f.sandbox.setReadings({ leaveStates });
		const h = trigger('LeaveRequest', { events: ['updated', 'decided'] });
		await activated(h);
		const [declined, cancelled] = pendingInUse();
		f.sandbox.manager.decideLeaveRequest(declined.id, 'declined');
		f.sandbox.manager.decideLeaveRequest(cancelled.id, 'cancelled');
		later();
		const items = (await h.poll()) as Item[];
		const decided = items.filter((item) => item.event === 'decided');
		expect(events(decided).sort()).toEqual([`decided ${declined.id}`, `decided ${cancelled.id}`].sort());
		expect(decided.map((item) => [item.record.id, item.changes_known, item.changes.status]).sort()).toEqual(
			[
				[declined.id, true, { from: 'pending', to: declinedAs }],
				[cancelled.id, true, { from: 'pending', to: cancelledAs }],
			].sort(),
		);
		expect(await h.poll()).toBeNull();
	});
});

describe('No clock-in', () => {
	/** A quiet day far ahead, the service's clock set to its early morning: no seed shift, nobody clocked in. */
	function quietMorning(): void {
		f.sandbox.clock.set('2031-03-04T20:00:00Z');
		f.connect(); // a token issued at the service's time
	}

	// The morning is 07:00 in Sydney, 20:00Z the day before: under every way the service may write
	// its times (CHOICES.md › recordTimes), the shift's day is read at the location.
	it.each(READING_CHOICES.recordTimes)('a shift with an employee that started 10 minutes ago with no timesheet: one item, once, with the employee named; one timesheet read, only when a shift is due (times written: %s)', async (recordTimes) => {
		f.sandbox.setReadings({ recordTimes });
		quietMorning();
		const location = locations().find((l) => l.timezone === 'Australia/Sydney')!;
		const position = positionAt(location.id);
		// Nobody the seed has clocked in now: an open timesheet (the seed's follow the real clock)
		// covers its start until the service's now, so a timesheet far ahead would clash with it.
		const [absent, present] = employeesFor(location.id, position.id).filter((e) => ![...store().t.timesheets.values()].some((t) => t.employee_id === e.id && !t.archived && t.end_time === null));
		const h = trigger('Shift', { events: ['no_clock_in'], noClockInAfter: 10, filters: { locationId: byId(location.id) }, options: { addNames: true } });
		await activated(h);
		const start = new Date(now() + 5 * 60_000);
		start.setUTCSeconds(0, 0);
		const end = new Date(start.getTime() + 4 * 3_600_000);
		const shiftFor = async (employee: string) =>
			await node('rosteringShift', { operation: 'create', locationId: byId(location.id), positionId: byId(position.id), additionalFields: { employeeId: byId(employee) }, startTime: start.toISOString(), endTime: end.toISOString() });
		const missed = await shiftFor(absent.id);
		const kept = await shiftFor(present.id);
		// The shifts come through the trigger's own list of changes: it learns them there.
		later();
		expect(await h.poll()).toBeNull();
		f.sandbox.clearRequests();

		// Six minutes on (a minute after the start), the second person clocks in.
		f.sandbox.clock.set(new Date(start.getTime() + 60_000).toISOString());
		f.connect();
		await node('rosteringTimesheet', { operation: 'create', employeeId: byId(present.id), locationId: byId(location.id), positionId: byId(position.id), startTime: new Date(start.getTime() - 2 * 60_000).toISOString(), endTime: '' });
		f.sandbox.clearRequests();
		expect(await h.poll()).toBeNull(); // not due yet: nothing but the list of changes
		expect(f.apiRequests().filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(['/v1/shifts']);
		f.sandbox.clearRequests();

		// Eleven minutes after the start: both due; one timesheet read tells them apart.
		f.sandbox.clock.set(new Date(start.getTime() + 11 * 60_000).toISOString());
		f.connect();
		const items = (await h.poll()) as Item[];
		expect(items.map((item) => [item.event, item.record.id])).toEqual([['no_clock_in', missed.id]]);
		expect(items[0]).toMatchObject({ resource: 'shift', minutes_since_start: 11, record: { employee_id: absent.id, location_id: location.id, employee_name: expect.any(String), location_name: location.name } });
		const reads = f.apiRequests().filter((r) => r.method === 'GET' && !['/v1/locations', '/v1/positions', '/v1/employees'].includes(r.path));
		expect(reads.map((r) => r.path)).toEqual(['/v1/shifts', '/v1/timesheets']);
		expect(reads[1].query).toMatchObject({ location_id: location.id });
		expect(kept.id).not.toBe(missed.id);

		// Once: the next polls (and a restart) tell nothing more, and read no timesheets.
		f.sandbox.clearRequests();
		later(60_000);
		expect(await h.poll()).toBeNull();
		h.restart();
		later(60_000);
		expect(await h.poll()).toBeNull();
		expect(f.apiRequests().map((r) => r.path)).toEqual(['/v1/shifts', '/v1/shifts']);
		expect(Object.keys((state(h.persisted) as TriggerState & { clockIns: { told: object } }).clockIns.told)).toHaveLength(2);
	});
});

describe('Fetch Test Event before the workflow is published', () => {
	type Example = Item & { test_event_note?: string };
	const fetched = async (h: PollHarness) => {
		const items = (await h.poll('manual')) as Example[];
		expect(h.persisted).toEqual({}); // a test run keeps nothing
		expect(items).toHaveLength(1);
		return items[0];
	};
	const notSeen = expect.stringContaining('What changed is not known');
	/** The note comes first, where a person looking at the item sees it. */
	const noteFirst = (item: Example) => expect(Object.keys(item)[0]).toBe('test_event_note');

	it('an event the trigger cannot tell without history shows the real record, nothing made up (changes empty, changes_known false), said first', async () => {
		// A timesheet approved: the event chosen alone (before, Fetch Test Event found nothing and failed).
		later(); // a second of its own: the seed's records were stamped in the one before
		const pending = [...store().t.timesheets.values()].find((t) => t.business_id === business() && t.status === 'pending' && !t.archived && t.start_time > now() - 5 * 86_400_000)!;
		f.sandbox.manager.approveTimesheet(pending.id);
		later();
		const approved = await fetched(trigger('Timesheet', { events: ['approved'] }));
		expect(approved).toEqual({ test_event_note: notSeen, event: 'approved', resource: 'timesheet', record: expect.objectContaining({ id: pending.id, status: 'approved' }), changes: {}, changed_fields: [], changes_known: false });
		noteFirst(approved);

		// A shift changed, Watch Fields set: the real record, no made-up earlier start time.
		const shift = upcoming().find((s) => s.employee_id)!;
		f.sandbox.manager.editShift(shift.id, { notes: 'moved later' });
		later();
		const moved = await fetched(trigger('Shift', { events: ['updated'], options: { watchFields: ['start_time'] } }));
		expect(moved).toEqual({ test_event_note: notSeen, event: 'updated', resource: 'shift', record: expect.objectContaining({ id: shift.id, notes: 'moved later' }), changes: {}, changed_fields: [], changes_known: false });
		noteFirst(moved);

		// Taken off its employee: its state fits Became Open; who was on it is not known, and not invented.
		f.sandbox.manager.editShift(shift.id, { employee_id: null });
		later();
		const open = await fetched(trigger('Shift', { events: ['became_open'] }));
		expect(open).toMatchObject({ test_event_note: notSeen, event: 'became_open', record: { id: shift.id, employee_id: null }, changes: {}, changed_fields: [], changes_known: false });
	});

	it('on-demand shifts, projects and leave: each event from the state the record is in now', async () => {
		later();
		const project = [...store().t.projects.values()].find((p) => p.business_id === business() && p.status === 'active')!;
		await node('rosteringProject', { operation: 'archive', projectId: byId(project.id) });
		const leave = [...store().t.leaveRequests.values()].find((r) => r.business_id === business() && r.status === 'pending' && !r.archived)!;
		f.sandbox.manager.decideLeaveRequest(leave.id, 'declined');
		const location = locations()[0];
		const day = new Date(now() + 5 * 86_400_000).toISOString().slice(0, 10);
		const onDemand = await node('rosteringOnDemandShift', { operation: 'create', locationId: byId(location.id), positionId: byId(positionAt(location.id).id), startTime: `${day}T10:00:00`, endTime: `${day}T14:00:00` });
		later(); // filled later than created: an update
		f.sandbox.manager.setOnDemandRate(String(onDemand.id), 42);
		f.sandbox.manager.publishOnDemandShift(String(onDemand.id));
		f.sandbox.manager.setOnDemandStatus(String(onDemand.id), 'filled');
		later();
		expect(await fetched(trigger('Project', { events: ['project_archived'] }))).toMatchObject({ test_event_note: notSeen, event: 'project_archived', record: { id: project.id, status: 'archived' }, changes: {}, changes_known: false });
		expect(await fetched(trigger('LeaveRequest', { events: ['decided'] }))).toMatchObject({ test_event_note: notSeen, event: 'decided', record: { id: leave.id, status: 'declined' }, changes: {}, changes_known: false });
		expect(await fetched(trigger('OnDemandShift', { events: ['became_filled'] }))).toMatchObject({ test_event_note: notSeen, event: 'became_filled', record: { id: onDemand.id, status: 'filled' }, changes: {}, changes_known: false });
	});

	it('Updated: the latest changed record, real, with no values of another record put in as its earlier ones', async () => {
		later();
		const [project, other] = [...store().t.projects.values()].filter((p) => p.business_id === business() && p.status === 'active');
		await node('rosteringProject', { operation: 'update', projectId: byId(project.id), updateFields: { removeColour: true } });
		later();
		const alone = await fetched(trigger('Project', { events: ['updated'] }));
		expect(alone).toMatchObject({ test_event_note: notSeen, event: 'updated', record: { id: project.id, name: project.name }, changes: {}, changes_known: false });
		// Another project changed in the same ten minutes: the latest, and nothing of the first in it.
		later();
		await node('rosteringProject', { operation: 'update', projectId: byId(other.id), updateFields: { removeColour: true } });
		later();
		const item = await fetched(trigger('Project', { events: ['updated'] }));
		expect(item).toMatchObject({ test_event_note: notSeen, event: 'updated', record: { id: other.id, name: other.name }, changes: {}, changes_known: false });
		expect(JSON.stringify(item)).not.toContain(project.name);
	});

	it('a removed shift is an example of Removed only: not of Assigned, though someone was on it', async () => {
		later();
		const shift = upcoming().find((s) => s.employee_id)!;
		f.sandbox.manager.archiveShift(shift.id);
		later();
		// (One item: nothing in the ten minutes read is an example of Assigned, and the look-back is not
		// widened to find one for each event chosen.)
		const removed = await fetched(trigger('Shift', { events: ['assigned', 'removed'] }));
		expect(removed).toMatchObject({ test_event_note: notSeen, event: 'removed', record: { id: shift.id, archived: true }, changes: {}, changes_known: false });
		// Assigned alone: an earlier change of a shift still in use, not the removal.
		const assigned = await fetched(trigger('Shift', { events: ['assigned'] }));
		expect(assigned).toMatchObject({ test_event_note: notSeen, event: 'assigned', record: { archived: false }, changes: {}, changes_known: false });
		expect(assigned.record.id).not.toBe(shift.id);
	});

	it('Say What Changed off: no note and no derived event, as the published trigger would deliver', async () => {
		const shift = upcoming()[0];
		later();
		f.sandbox.manager.editShift(shift.id, { notes: 'a change' });
		later();
		const item = await fetched(trigger('Shift', { events: ['updated', 'times_changed'], options: { sayWhatChanged: false } }));
		expect(item).toMatchObject({ event: 'updated', record: { id: shift.id }, changes: {}, changes_known: false });
		expect(item.test_event_note).toBeUndefined();
	});

	it('No Clock-In: a shift of the last day nobody clocked in for, found from the shifts and timesheets read now', async () => {
		const location = locations().find((l) => l.timezone === 'Australia/Sydney')!;
		const position = positionAt(location.id);
		const start = new Date(now() - 30 * 60_000);
		start.setUTCSeconds(0, 0);
		const end = start.getTime() + 4 * 3_600_000;
		// Someone with no other shift during this one (the seed's shifts follow the real clock, at any
		// hour of the day) and no timesheet in the last two hours.
		const idle = (id: string) =>
			![...store().t.shifts.values()].some((r) => r.employee_id === id && r.start_time < end && r.end_time > start.getTime()) &&
			![...store().t.timesheets.values()].some((r) => r.employee_id === id && r.start_time > now() - 2 * 3_600_000);
		const absent = employeesFor(location.id, position.id).find((e) => idle(e.id))!;
		const shift = await node('rosteringShift', { operation: 'create', locationId: byId(location.id), positionId: byId(position.id), additionalFields: { employeeId: byId(absent.id) }, startTime: start.toISOString(), endTime: new Date(end).toISOString() });
		f.sandbox.clearRequests();
		const item = await fetched(trigger('Shift', { events: ['no_clock_in'], filters: { locationId: byId(location.id), employeeId: byId(absent.id) } }));
		expect(item).toMatchObject({ event: 'no_clock_in', record: { id: shift.id, employee_id: absent.id }, minutes_since_start: 30, changes_known: true });
		expect(f.apiRequests().map((r) => r.path)).toEqual(['/v1/shifts', '/v1/timesheets']);
	});
});

describe('Fetch Test Event on a published trigger', () => {
	type Fetched = Item & { test_event_note?: string };

	it('shows the last item it delivered of a chosen event, as delivered and said so; an event not delivered yet is read from the service, nothing made up', async () => {
		const h = trigger('Shift', { events: ['updated', 'became_open'] });
		await activated(h);
		const shift = upcoming().find((s) => s.employee_id)!;
		const notesBefore = shift.notes ?? null;
		f.sandbox.manager.editShift(shift.id, { notes: 'delivered already' });
		later();
		const [update] = (await h.poll()) as Fetched[];
		expect(update).toMatchObject({ event: 'updated', record: { id: shift.id }, changes: { notes: { from: notesBefore, to: 'delivered already' } }, changes_known: true });
		const saved = JSON.stringify(h.persisted);

		later();
		const [again] = (await h.poll('manual')) as Fetched[];
		expect(again).toEqual({ test_event_note: expect.stringContaining('The last item this trigger delivered'), ...update });
		expect(Object.keys(again)[0]).toBe('test_event_note');
		expect(JSON.stringify(h.persisted)).toBe(saved); // the test run moved nothing

		// Changed again and delivered: the newer item is the one shown.
		f.sandbox.manager.editShift(shift.id, { notes: 'delivered second' });
		later();
		const [second] = (await h.poll()) as Fetched[];
		later();
		expect((await h.poll('manual')) as Fetched[]).toEqual([{ test_event_note: expect.stringContaining('The last item this trigger delivered'), ...second }]);

		// Became Open chosen alone, never delivered: read from the service, its changes not known.
		const other = upcoming().find((s) => s.employee_id && s.id !== shift.id)!;
		const was = other.employee_id;
		f.sandbox.manager.editShift(other.id, { employee_id: null });
		later();
		const open = trigger('Shift', { events: ['became_open'] });
		// The same workflow with Events changed to Became Open alone: what it saved carries over.
		open.persisted = JSON.parse(JSON.stringify(h.persisted)) as typeof open.persisted;
		open.restart();
		const [fetchedOpen] = (await open.poll('manual')) as Fetched[];
		expect(fetchedOpen).toMatchObject({ event: 'became_open', record: { id: other.id, employee_id: null }, changes_known: true, changes: { employee_id: { from: was, to: null } } });
	});

	it("several events delivered: the last item of each, newest first, each saying when as a person reads it: at the record's location (Add Names), else in the workflow's time zone", async () => {
		/** The service's clock at `time` (a token issued at the service's time goes with it). */
		const at = (time: string) => {
			f.sandbox.clock.set(time);
			f.connect();
		};
		at('2026-12-09T04:50:00Z');
		const parameters = { events: ['became_open', 'assigned'] };
		const named = trigger('Shift', { ...parameters, options: { addNames: true } });
		// The same trigger without Add Names, in a workflow set to New York's time zone.
		const plain = new PollHarness({
			node: { type: 'n8n-nodes-rostering.rosteringShiftTrigger', parameters: parameters as never, credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } } },
			credentials: f.credentials as never,
			timezone: 'America/New_York',
		});
		for (const h of [named, plain]) await activated(h);
		const inSydney = (id: string) => locations().find((l) => l.id === id)?.timezone === 'Australia/Sydney';
		const shift = upcoming().find((s) => s.employee_id && inSydney(s.location_id))!;
		const taker = employeesFor(shift.location_id, shift.position_id).find((e) => e.id !== shift.employee_id)!;
		// Taken off its person at 15:58 in Sydney (04:58Z), given to another at 16:07 (05:07Z): each delivered by both.
		at('2026-12-09T04:58:00Z');
		f.sandbox.manager.editShift(shift.id, { employee_id: null });
		later();
		for (const h of [named, plain]) expect(events(await h.poll())).toEqual([`became_open ${shift.id}`]);
		at('2026-12-09T05:07:00Z');
		f.sandbox.manager.editShift(shift.id, { employee_id: taker.id });
		later();
		for (const h of [named, plain]) expect(events(await h.poll())).toEqual([`assigned ${shift.id}`]);

		const note = (when: string) => `The last item this trigger delivered to its published workflow, on ${when}, fetched again: real values, not a new change.`;
		const notes = (items: unknown) => (items as Fetched[]).map((item) => [item.event, item.test_event_note]);
		const namedItems = (await named.poll('manual')) as Fetched[];
		expect(notes(namedItems)).toEqual([
			['assigned', note('Wed 9 Dec 2026, 16:07 (Australia/Sydney)')],
			['became_open', note('Wed 9 Dec 2026, 15:58 (Australia/Sydney)')],
		]);
		expect(namedItems[0].record).toMatchObject({ id: shift.id, location_timezone: 'Australia/Sydney' });
		const plainItems = (await plain.poll('manual')) as Fetched[];
		expect(plainItems[0].record).not.toHaveProperty('location_timezone');
		expect(notes(plainItems)).toEqual([
			['assigned', note('Wed 9 Dec 2026, 00:07 (America/New_York)')],
			['became_open', note('Tue 8 Dec 2026, 23:58 (America/New_York)')],
		]);
	});
});

describe('Add Names on a changed person', () => {
	it('Became Open and Assigned say who left and who took the shift, by name, from the same list reads', async () => {
		const h = trigger('Shift', { events: ['became_open', 'assigned'], options: { addNames: true } });
		await activated(h);
		const shift = upcoming().find((s) => s.employee_id && s.status === 'published')!;
		const leaver = store().t.employees.get(shift.employee_id!)!;
		const nameOf = (e: { preferred_name?: string | null; first_name: string; last_name: string }) => `${e.preferred_name || e.first_name} ${e.last_name}`;
		f.sandbox.manager.editShift(shift.id, { employee_id: null });
		later();
		const [open] = (await h.poll()) as Item[];
		expect(open).toMatchObject({ event: 'became_open', changes: { employee_id: { from: leaver.id, to: null, from_name: nameOf(leaver), to_name: null } } });
		expect(f.apiRequests().filter((r) => r.path === '/v1/employees')).toHaveLength(1);

		const taker = employeesFor(shift.location_id, shift.position_id).find((e) => e.id !== leaver.id)!;
		f.sandbox.manager.editShift(shift.id, { employee_id: taker.id });
		later();
		const [assigned] = (await h.poll()) as Item[];
		expect(assigned).toMatchObject({ event: 'assigned', record: { employee_name: nameOf(taker) }, changes: { employee_id: { from: null, to: taker.id, from_name: null, to_name: nameOf(taker) } } });
	});
});
