/**
 * The Timesheet trigger's attendance and compliance events (nodes/RosteringTimesheetTrigger/attendance.ts), run
 * as n8n runs a poll trigger (PollHarness) against the sandbox, on a quiet day far ahead with the
 * service's clock moved by the test: a shift given to someone, their timesheet created late, left
 * open past the shift's end, then closed with no break and longer than the shift, past a weekly
 * limit. Each event comes out once (also after a restart of n8n), with the shift and the person's
 * name, and the requests are what the README says: one shift read when a timesheet first needs its
 * shift, none on a quiet poll, one employments read when a week grows past an unknown limit.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness';
import { READING_CHOICES } from '../../sandbox';
import { addBenchLocation, addTimesheets, touchTimesheets } from '../../sandbox/bulk';
import { byId, CREDENTIAL_ID, seedLookups, triggerOf, useFixture } from './fixture';

jest.setTimeout(60_000);

const f = useFixture();
const { locations, locationIn, positionAt, employeesFor } = seedLookups(() => f);

type Item = IDataObject & { event: string; record: IDataObject };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = () => f.sandbox.clock.now().getTime();
const iso = (ms: number) => new Date(ms).toISOString();
/** Moves the service's clock to `ms` (a token issued at the service's time goes with it). */
function at(ms: number): void {
	f.sandbox.clock.set(iso(ms));
	f.connect();
}

const timesheetTrigger = (parameters: IDataObject): PollHarness => triggerOf(f, 'Timesheet', parameters);

async function node(type: string, parameters: IDataObject): Promise<IDataObject> {
	const result = await f.run(type, parameters);
	expect(result.error).toBeUndefined();
	return result.json('Node')[0];
}

/** A timesheet for `person` from `from` (ms) to `to` (ms), or open (no end). */
async function timesheet(place: { location: { id: string }; position: { id: string } }, person: { id: string }, from: number, to?: number): Promise<IDataObject> {
	return await node('rosteringTimesheet', {
		operation: 'create',
		employeeId: byId(person.id),
		locationId: byId(place.location.id),
		positionId: byId(place.position.id),
		startTime: iso(from),
		endTime: to === undefined ? '' : iso(to),
	});
}

const gets = () => f.apiRequests().filter((r) => r.method === 'GET').map((r) => r.path);
const told = (items: unknown) => ((items as Item[] | null) ?? []).map((item) => `${item.event} ${String(item.record.id)}${item.kind ? ` ${String(item.kind)}` : ''}`);

/**
 * The people the seed has not clocked in now. The seed's timesheets follow the real clock, and an
 * open one covers its start until the service's now: on the quiet days far ahead, a timesheet of
 * someone clocked in at the hour the test runs would clash with it.
 */
const notClockedIn = <E extends { id: string }>(people: E[]) =>
	people.filter((e) => ![...f.sandbox.store.t.timesheets.values()].some((t) => t.employee_id === e.id && !t.archived && t.end_time === null));

/** The service's clock at `clock`, a six-hour shift at a Sydney location for one person from `start` (five minutes on by default). */
async function shiftAt(clock: number, start?: number) {
	at(clock);
	const location = locations().find((l) => l.timezone === 'Australia/Sydney')!;
	const position = positionAt(location.id);
	const [person] = notClockedIn(employeesFor(location.id, position.id));
	start ??= now() + 5 * MINUTE;
	const shift = await node('rosteringShift', {
		operation: 'create',
		locationId: byId(location.id),
		positionId: byId(position.id),
		additionalFields: { employeeId: byId(person.id) },
		startTime: iso(start),
		endTime: iso(start + 6 * HOUR),
	});
	return { location, position, person, shift, start, end: start + 6 * HOUR };
}

/** A time written with the same offset as `time` ("…+10:00", "…Z"). */
const writtenAs = (time: string) => expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?${time.slice(19).replace('+', '\\+')}$`));

/** A quiet morning far ahead at a Sydney location: a six-hour shift for one person, starting in five minutes. */
const shiftSoon = async (day: string) => await shiftAt(Date.parse(`${day}T20:00:00Z`));

describe('Timesheet trigger: attendance and compliance events', () => {
	const everyEvent = ['late_clock_in', 'still_clocked_in', 'break_not_taken', 'long_hours'];

	it('late, still clocked in, no break, longer than the shift, a week past its hours: each once, with the shift and the name; restarts tell nothing again', async () => {
		const { location, position, person, shift, start, end } = await shiftSoon('2031-05-06');
		const h = timesheetTrigger({
			events: everyEvent,
			lateAfterMinutes: 5,
			stillClockedInAfterMinutes: 30,
			longerThanShiftMinutes: 15,
			weeklyHoursFrom: 'fixed',
			weeklyHours: 6,
			filters: { locationId: byId(location.id) },
			options: { addNames: true },
		});
		expect(await h.activate()).toBeNull();

		// Twelve minutes after the start, the person clocks in (a timesheet with no end).
		at(start + 12 * MINUTE);
		const sheet = await timesheet({ location, position }, person, start + 12 * MINUTE);
		f.sandbox.clearRequests();
		at(start + 13 * MINUTE);
		const late = (await h.poll()) as Item[];
		expect(told(late)).toEqual([`late_clock_in ${String(sheet.id)}`]);
		expect(late[0]).toMatchObject({
			resource: 'timesheet',
			minutes_late: 12,
			shift: { id: shift.id, start_time: shift.start_time, end_time: shift.end_time },
			record: { id: sheet.id, employee_id: person.id, employee_name: expect.any(String), end_time: null },
		});
		// The timesheets' list, the shifts around it (its shift, once), and the names.
		expect(gets().filter((path) => !['/v1/employees', '/v1/locations', '/v1/positions'].includes(path))).toEqual(['/v1/timesheets', '/v1/shifts']);

		// Quiet polls until the shift's end + 30 minutes: only the trigger's own read.
		f.sandbox.clearRequests();
		at(end + 29 * MINUTE);
		expect(await h.poll()).toBeNull();
		expect(gets()).toEqual(['/v1/timesheets']);
		at(end + 31 * MINUTE);
		const open = (await h.poll()) as Item[];
		expect(told(open)).toEqual([`still_clocked_in ${String(sheet.id)}`]);
		expect(open[0]).toMatchObject({ shift: { id: shift.id }, minutes_past_due: 1, record: { id: sheet.id, end_time: null, employee_name: expect.any(String) } });
		// Issue 46: from the shift's end too, and when it became due, written as the service writes its times.
		expect(open[0]).toMatchObject({ minutes_past_shift_end: 31, due_at: writtenAs(String(shift.end_time)) });
		expect(Date.parse(String(open[0].due_at))).toBe(Date.parse(String(shift.end_time)) + 30 * MINUTE);
		h.restart();
		at(end + 40 * MINUTE);
		expect(await h.poll()).toBeNull();

		// Clocked out 45 minutes after the shift's end, no break: 6 h 33 min against a 6-hour shift.
		await node('rosteringTimesheet', { operation: 'update', timesheetId: byId(String(sheet.id)), updateFields: { endTime: iso(end + 45 * MINUTE) } });
		f.sandbox.clearRequests();
		at(end + 46 * MINUTE);
		const closed = (await h.poll()) as Item[];
		expect(told(closed).sort()).toEqual([`break_not_taken ${String(sheet.id)}`, `long_hours ${String(sheet.id)} longer_than_shift`, `long_hours ${String(sheet.id)} week_over`].sort());
		const byKind = (kind: string) => closed.find((item) => item.event === 'long_hours' && item.kind === kind)!;
		expect(closed.find((item) => item.event === 'break_not_taken')).toMatchObject({ worked_minutes: 393, unpaid_break_minutes: 0, rule: { longer_than_hours: 5, break_minutes: 30 } });
		expect(byKind('longer_than_shift')).toMatchObject({ worked_minutes: 393, shift_minutes: 360, minutes_over: 33, shift: { id: shift.id } });
		expect(byKind('week_over')).toMatchObject({ week_start: '2031-05-05', week_hours: 6.55, limit_hours: 6, limit_from: 'option', timesheet_ids: [sheet.id] });
		// Fixed weekly hours: no employments read.
		expect(gets()).not.toContain('/v1/employments');

		// Once: a note added later, another poll and a restart tell nothing again.
		await node('rosteringTimesheet', { operation: 'update', timesheetId: byId(String(sheet.id)), updateFields: { note: 'checked' } });
		at(end + 50 * MINUTE);
		expect(await h.poll()).toBeNull();
		h.restart();
		at(end + 55 * MINUTE);
		expect(await h.poll()).toBeNull();
	});

	it('on time, closed in time, with its break: nothing at all', async () => {
		const { location, position, person, start, end } = await shiftSoon('2031-06-10');
		const h = timesheetTrigger({ events: everyEvent, weeklyHoursFrom: 'fixed', weeklyHours: 38, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		at(start + 3 * MINUTE);
		const sheet = await timesheet({ location, position }, person, start + 2 * MINUTE);
		at(start + 4 * MINUTE);
		expect(await h.poll()).toBeNull();
		await node('rosteringTimesheet', {
			operation: 'update',
			timesheetId: byId(String(sheet.id)),
			updateFields: { endTime: iso(end + 10 * MINUTE), breaks: { break: [{ start: iso(start + 3 * HOUR), end: iso(start + 3 * HOUR + 30 * MINUTE), paid: false }] } },
		});
		at(end + 2 * HOUR);
		expect(await h.poll()).toBeNull();
	});

	it('Long Hours by the employment: its ordinary hours read once (one employments read), the week told once', async () => {
		const { location, position, person, start } = await shiftSoon('2031-07-08');
		const hours = 5;
		const employment = [...f.sandbox.store.t.employments.values()].find((e) => e.employee_id === person.id)!;
		employment.ordinary_hours_per_week = hours;
		const h = timesheetTrigger({ events: ['long_hours'], longerThanShiftMinutes: 600, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		const sheetOf = async (from: number, minutes: number) => await timesheet({ location, position }, person, from, from + minutes * MINUTE);
		// Three hours: under five, nothing; the limit is read once.
		at(start + 4 * HOUR);
		await sheetOf(start, 180);
		f.sandbox.clearRequests();
		at(start + 4 * HOUR + MINUTE);
		expect(await h.poll()).toBeNull();
		expect(gets().filter((path) => path === '/v1/employments')).toHaveLength(1);
		// Later that day, three more: six, past five. Told once; the limit known (read under a day ago), not read again.
		at(start + 12 * HOUR);
		const second = await sheetOf(start + 8 * HOUR, 180);
		f.sandbox.clearRequests();
		at(start + 12 * HOUR + MINUTE);
		const items = (await h.poll()) as Item[];
		expect(told(items)).toEqual([`long_hours ${String(second.id)} week_over`]);
		expect(items[0]).toMatchObject({ week_hours: 6, limit_hours: hours, limit_from: 'employment' });
		expect(gets()).not.toContain('/v1/employments');
		at(start + 13 * HOUR);
		expect(await h.poll()).toBeNull();
	});

	it('with no shift: still clocked in after Still Clocked In Without a Shift After (hours) from its start', async () => {
		const { location, position } = await shiftSoon('2031-08-12');
		const [, other] = notClockedIn(employeesFor(location.id, position.id));
		const h = timesheetTrigger({ events: ['still_clocked_in'], stillClockedInWithoutShiftHours: 10, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		const from = now() + MINUTE;
		at(from + MINUTE);
		const sheet = await timesheet({ location, position }, other, from);
		at(from + 2 * MINUTE);
		expect(await h.poll()).toBeNull();
		at(from + 10 * HOUR - MINUTE);
		expect(await h.poll()).toBeNull();
		at(from + 10 * HOUR + MINUTE);
		const items = (await h.poll()) as Item[];
		expect(told(items)).toEqual([`still_clocked_in ${String(sheet.id)}`]);
		expect(items[0]).toMatchObject({ shift: null, minutes_since_start: 601, minutes_past_due: 1, due_at: writtenAs(String(sheet.start_time)) });
		expect(items[0]).not.toHaveProperty('minutes_past_shift_end');
	});

	it('a quiet start (issue 46): open timesheets already overdue at publishing are not told; one due after is told once, also when it fell due while n8n was down', async () => {
		const published = Date.parse('2031-12-09T06:00:00Z');
		/** A six-hour shift from `from` (ms) for someone not clocked in, and their timesheet open since its start. */
		const openSince = async (from: number) => {
			const { location, position, person, shift } = await shiftAt(from - 10 * MINUTE, from);
			at(from + MINUTE);
			return { location, shift, sheet: await timesheet({ location, position }, person, from) };
		};
		// Due at the shift's end + 30 minutes: 90 minutes before publishing, 30 minutes after, 2 hours after.
		const forgot = await openSince(published - 8 * HOUR);
		const dueWhileDown = await openSince(published - 6 * HOUR);
		const dueLater = await openSince(published - 4.5 * HOUR);
		const { location } = forgot;
		expect([dueWhileDown.location.id, dueLater.location.id]).toEqual([location.id, location.id]);

		at(published);
		const h = timesheetTrigger({ events: ['still_clocked_in'], filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		// The first polls: the one who had forgotten already is not told (a manager who has just published is not flooded).
		at(published + MINUTE);
		expect(await h.poll()).toBeNull();
		at(published + 2 * MINUTE);
		expect(await h.poll()).toBeNull();
		// n8n down (nothing delivered since publishing, so nothing saved since: n8n-internals A6) while one falls due.
		h.restart();
		at(published + 45 * MINUTE);
		const whileDown = (await h.poll()) as Item[];
		expect(told(whileDown)).toEqual([`still_clocked_in ${String(dueWhileDown.sheet.id)}`]);
		expect(whileDown[0]).toMatchObject({ shift: { id: dueWhileDown.shift.id }, minutes_past_shift_end: 45, minutes_past_due: 15 });
		at(published + 90 * MINUTE);
		expect(await h.poll()).toBeNull();
		// Due two hours after publishing: told at the next poll, once, across another restart.
		at(published + 2 * HOUR + MINUTE);
		expect(told(await h.poll())).toEqual([`still_clocked_in ${String(dueLater.sheet.id)}`]);
		h.restart();
		at(published + 3 * HOUR);
		expect(await h.poll()).toBeNull();
		// The one overdue at publishing, still open, was never told.
		expect(f.sandbox.store.t.timesheets.get(String(forgot.sheet.id))).toMatchObject({ end_time: null });
	});

	it('a quiet start leaves out only what it knew open: a timesheet entered after publishing, already overdue, is told', async () => {
		const published = Date.parse('2031-12-16T06:00:00Z');
		const { location, position, person, shift } = await shiftAt(published - 8 * HOUR, published - 7 * HOUR);
		at(published);
		const h = timesheetTrigger({ events: ['still_clocked_in'], filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		// Entered after publishing (a clock-in keyed in late), open since its shift's start: due 30 minutes before publishing.
		const sheet = await timesheet({ location, position }, person, published - 7 * HOUR);
		at(published + MINUTE);
		const items = (await h.poll()) as Item[];
		expect(told(items)).toEqual([`still_clocked_in ${String(sheet.id)}`]);
		expect(items[0]).toMatchObject({ shift: { id: shift.id }, minutes_past_shift_end: 61, minutes_past_due: 31 });
	});

	it('Fetch Test Event: the latest timesheet of the last week an event tells, nothing kept; Say What Changed off is refused naming the events', async () => {
		const { location, position, person, start } = await shiftSoon('2031-09-09');
		at(start + 20 * MINUTE);
		const sheet = await timesheet({ location, position }, person, start + 20 * MINUTE);
		const h = timesheetTrigger({ events: ['late_clock_in'], filters: { locationId: byId(location.id) } });
		const items = (await h.poll('manual')) as Item[];
		expect(told(items)).toEqual([`late_clock_in ${String(sheet.id)}`]);
		expect(items[0]).toMatchObject({ minutes_late: 20 });
		expect(h.persisted).toEqual({});

		const off = timesheetTrigger({ events: ['break_not_taken'], options: { sayWhatChanged: false } });
		await expect(off.activate()).rejects.toThrow('The attendance events need Options › Say What Changed');
	});

	it("Fetch Test Event for Still Clocked In judges what is due at the service's time, as a poll does (not n8n's clock)", async () => {
		const { location, position, person, start, end } = await shiftSoon('2031-09-11');
		at(start);
		const sheet = await timesheet({ location, position }, person, start);
		// The service's clock an hour past the shift's end; n8n's clock years before it.
		at(end + HOUR);
		const h = timesheetTrigger({ events: ['still_clocked_in'], filters: { locationId: byId(location.id) } });
		const items = (await h.poll('manual')) as Item[];
		expect(told(items)).toEqual([`still_clocked_in ${String(sheet.id)}`]);
		expect(items[0]).toMatchObject({ minutes_past_shift_end: 60, minutes_past_due: 30 });
		expect(h.persisted).toEqual({});
	});

	it('Fetch Test Event with two attendance events chosen: the latest item of each (issue 46), not only the latest of all', async () => {
		const monday = await shiftSoon('2031-09-15');
		const { location, position, person } = monday;
		// Monday: 30 minutes late, six hours without a break.
		at(monday.end + HOUR);
		const first = await timesheet({ location, position }, person, monday.start + 30 * MINUTE, monday.end);
		// Tuesday: 10 minutes late, still open (neither Break Not Taken nor, before its end, Still Clocked In).
		const tuesday = await shiftAt(monday.start + 24 * HOUR - 5 * MINUTE);
		expect(tuesday.person.id).toBe(person.id);
		at(tuesday.start + 11 * MINUTE);
		const second = await timesheet({ location, position }, person, tuesday.start + 10 * MINUTE);
		const h = timesheetTrigger({ events: ['late_clock_in', 'break_not_taken', 'long_hours'], longerThanShiftMinutes: 600, weeklyHoursFrom: 'fixed', filters: { locationId: byId(location.id) } });
		const items = (await h.poll('manual')) as Item[];
		// Newest first: Tuesday's late clock-in (not Monday's too), then Monday's missing break; no Long Hours in the week.
		expect(told(items)).toEqual([`late_clock_in ${String(second.id)}`, `break_not_taken ${String(first.id)}`]);
		expect(items[0]).toMatchObject({ minutes_late: 10 });
		expect(h.persisted).toEqual({});
	});

	it('Long Hours by the employment without Staff Details (403 on employments): Weekly Hours stands in, the poll delivers', async () => {
		const { location, position, person, start } = await shiftSoon('2031-10-07');
		const h = timesheetTrigger({ events: ['long_hours'], longerThanShiftMinutes: 600, weeklyHours: 5, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		at(start + 7 * HOUR);
		await timesheet({ location, position }, person, start, start + 6 * HOUR);
		f.sandbox.injectFault({ method: 'GET', path: '/v1/employments', status: 403, code: 'permission_denied', times: 5 });
		at(start + 7 * HOUR + MINUTE);
		const items = (await h.poll()) as Item[];
		expect(items.map((item) => [item.event, item.kind, item.limit_from, item.limit_hours])).toEqual([['long_hours', 'week_over', 'option', 5]]);
	});

	it('Still Clocked In taken out of Events: a timesheet it was watching is not told', async () => {
		const { location, position, person, start, end } = await shiftSoon('2031-11-04');
		const parameters = { events: ['still_clocked_in'], filters: { locationId: byId(location.id) } };
		const h = timesheetTrigger(parameters);
		expect(await h.activate()).toBeNull();
		at(start + MINUTE);
		await timesheet({ location, position }, person, start);
		at(start + 2 * MINUTE);
		expect(await h.poll()).toBeNull();
		// The same workflow, its Events changed to Clocked Out only (the position and the state are kept).
		const changed = new PollHarness({
			node: { type: 'n8n-nodes-rostering.rosteringTimesheetTrigger', parameters: { ...parameters, events: ['clocked_out'] } as never, credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } } },
			credentials: f.credentials as never,
		});
		changed.persisted = h.persisted;
		changed.restart();
		at(end + 2 * HOUR);
		expect(await changed.poll()).toBeNull();
	});

	it('a burst of 1,200 changed timesheets, listed in any order or day by day: their shifts read while the timesheets are listed, each told once with its own shift, the shift pages near the fewest; a burst of note edits reads no shift', async () => {
		const place = addBenchLocation(f.sandbox, 'Read ahead');
		const ids = addTimesheets(f.sandbox, place, 1_200, { tag: 'read-ahead' });
		const stored = (id: string) => f.sandbox.store.t.timesheets.get(id)!;
		// 1,200 shifts over the twelve days: 6 pages of 200 read in one go.
		const fewestShiftPages = 6;
		for (const order of ['any order', 'day by day'] as const) {
			const h = timesheetTrigger({ events: ['updated', ...everyEvent], filters: { locationId: byId(place.locationId) } });
			expect(await h.activate()).toBeNull();
			f.sandbox.clock.advance(2_000);
			touchTimesheets(f.sandbox, ids);
			// The service lists changes by updated_at: a millisecond apart in the order of their starts,
			// they come day by day, as a bulk change made in that order would.
			if (order === 'day by day') [...ids].sort((a, b) => stored(a).start_time - stored(b).start_time).forEach((id, i) => (stored(id).updated_at += i));
			f.sandbox.clock.advance(2_000);
			f.sandbox.clearRequests();
			const items = ((await h.poll()) ?? []) as Item[];
			const longer = items.filter((item) => item.event === 'long_hours' && item.kind === 'longer_than_shift');
			expect({ order, told: longer.length, once: new Set(longer.map((item) => item.record.id)).size }).toEqual({ order, told: 1_200, once: 1_200 });
			for (const item of longer) expect(item.shift).toMatchObject({ id: stored(String(item.record.id)).shift_id });
			const paths = f.apiRequests().map((r) => r.path);
			const shiftPages = paths.filter((path) => path === '/v1/shifts').length;
			// Read ahead: the first shift page was asked for before the last timesheet page.
			expect({ order, readAhead: paths.indexOf('/v1/shifts') < paths.lastIndexOf('/v1/timesheets') }).toEqual({ order, readAhead: true });
			expect(shiftPages).toBeGreaterThanOrEqual(fewestShiftPages);
			expect(shiftPages).toBeLessThanOrEqual(fewestShiftPages + 3);
			expect(paths.filter((path) => path === '/v1/timesheets')).toHaveLength(6);
		}

		// The same timesheets' notes edited at once: no times changed, nobody new or open, no shift read.
		const h = timesheetTrigger({ events: ['updated', ...everyEvent], filters: { locationId: byId(place.locationId) } });
		expect(await h.activate()).toBeNull();
		f.sandbox.clock.advance(2_000);
		const stamp = Math.floor(now() / 1000) * 1000;
		for (const id of ids) Object.assign(stored(id), { note: 'checked', updated_at: stamp });
		f.sandbox.clock.advance(2_000);
		f.sandbox.clearRequests();
		const notes = ((await h.poll()) ?? []) as Item[];
		expect(notes.filter((item) => item.event === 'updated')).toHaveLength(1_200);
		expect(notes.filter((item) => item.event !== 'updated')).toEqual([]);
		expect(gets().filter((path) => path === '/v1/shifts')).toEqual([]);
	});

	it('Fetch Test Event with only attendance events and nothing to tell: says so at once, reading the last week only', async () => {
		const quiet = addBenchLocation(f.sandbox, 'Quiet attendance');
		const h = timesheetTrigger({ events: ['late_clock_in', 'break_not_taken'], filters: { locationId: byId(quiet.locationId) } });
		f.sandbox.clearRequests();
		await expect(h.poll('manual')).rejects.toThrow('No timesheet of the last week gives the chosen events');
		expect(f.apiRequests().map((r) => r.path)).toEqual(['/v1/timesheets']);
	});
});

/**
 * Days and weeks are the location's (input/days.ts Calendar), whatever offset the service writes its
 * times with: at the location's own (the sandbox's default), in UTC with Z, or at -05:00 for every
 * location (CHOICES.md › recordTimes). Written in UTC, a Sydney Monday morning is a Sunday and a Los
 * Angeles Sunday evening a Monday as written: counted as written, each week would be split in two
 * and nothing told.
 */
describe.each(READING_CHOICES.recordTimes)('days and weeks at the location, the service writing its times: %s', (reading) => {
	beforeEach(() => f.sandbox.setReadings({ recordTimes: reading }));
	afterEach(() => f.sandbox.setReadings({ recordTimes: 'location' }));

	/** A person free at the place, and the Long Hours trigger on 10 hours a week for everyone, published at `from`. */
	async function weekWatched(place: { location: { id: string }; position: { id: string } }, from: string) {
		at(Date.parse(from));
		const [person] = notClockedIn(employeesFor(place.location.id, place.position.id));
		const h = timesheetTrigger({ events: ['long_hours'], longerThanShiftMinutes: 600, weeklyHoursFrom: 'fixed', weeklyHours: 10, filters: { locationId: byId(place.location.id) } });
		expect(await h.activate()).toBeNull();
		/** A finished timesheet from `start` (local time at the place, as ISO with its zone) for four hours, then a poll. */
		const worked = async (start: string, zone: string) => {
			const from = DateTime.fromISO(start, { zone }).toMillis();
			at(from + 4 * HOUR + MINUTE);
			const sheet = await timesheet(place, person, from, from + 4 * HOUR);
			at(from + 4 * HOUR + 2 * MINUTE);
			return { sheet, told: ((await h.poll()) ?? []) as Item[] };
		};
		return { h, worked };
	}

	it('Long Hours: a Sydney week that starts on a UTC Sunday (and ends the day summer time ends) is told once, with its hours and timesheets', async () => {
		const location = locationIn('Australia/Sydney');
		const place = { location, position: positionAt(location.id) };
		const { h, worked } = await weekWatched(place, '2032-03-28T00:00:00Z');
		// Monday 07:00 at Sydney (+11:00) is 20:00Z on the Sunday before.
		const monday = await worked('2032-03-29T07:00', 'Australia/Sydney');
		expect(monday.told).toEqual([]);
		const wednesday = await worked('2032-03-31T07:00', 'Australia/Sydney');
		expect(wednesday.told).toEqual([]);
		// Sunday evening, after the clocks went back (+10:00): twelve hours in the week, past ten.
		const sunday = await worked('2032-04-04T18:00', 'Australia/Sydney');
		expect(sunday.told).toEqual([
			expect.objectContaining({ event: 'long_hours', kind: 'week_over', week_start: '2032-03-29', week_hours: 12, limit_hours: 10, record: expect.objectContaining({ id: sunday.sheet.id }) }),
		]);
		expect([...(sunday.told[0].timesheet_ids as string[])].sort()).toEqual([monday.sheet.id, wednesday.sheet.id, sunday.sheet.id].sort());
		expect(sunday.told[0]).not.toHaveProperty('time_zone_assumed');
		at(Date.parse('2032-04-05T12:00:00Z'));
		expect(await h.poll()).toBeNull();
	});

	it('Long Hours: a Los Angeles week whose Sunday evening is a UTC Monday is told once, that Sunday', async () => {
		const bench = addBenchLocation(f.sandbox, 'Venice Beach');
		f.sandbox.store.t.locations.get(bench.locationId)!.timezone = 'America/Los_Angeles';
		// Sydney's staff may work there too (the seed assigns everyone to their locations).
		const sydney = locationIn('Australia/Sydney');
		for (const person of employeesFor(sydney.id, positionAt(sydney.id).id)) person.location_ids.push(bench.locationId);
		const place = { location: { id: bench.locationId }, position: { id: bench.positionId } };
		const { worked } = await weekWatched(place, '2032-03-07T00:00:00Z');
		const monday = await worked('2032-03-08T09:00', 'America/Los_Angeles');
		const wednesday = await worked('2032-03-10T09:00', 'America/Los_Angeles');
		expect([...monday.told, ...wednesday.told]).toEqual([]);
		// Sunday 17:00 at Los Angeles, summer time begun that morning (-07:00): Monday 00:00Z.
		const sunday = await worked('2032-03-14T17:00', 'America/Los_Angeles');
		expect(sunday.told).toEqual([expect.objectContaining({ kind: 'week_over', week_start: '2032-03-08', week_hours: 12, limit_hours: 10 })]);
		expect(sunday.told[0].timesheet_ids).toHaveLength(3);
	});

	it("Late Clock-In: the person's shift that day at the location, when shift and timesheet are a UTC day apart as written", async () => {
		// Tuesday 10:30 at Sydney is 23:30Z on Monday; the clock-in at 11:10 is 00:10Z on Tuesday.
		const { location, position, person, shift, start } = await shiftAt(Date.parse('2032-03-15T12:00:00Z'), DateTime.fromISO('2032-03-16T10:30', { zone: 'Australia/Sydney' }).toMillis());
		const h = timesheetTrigger({ events: ['late_clock_in'], lateAfterMinutes: 5, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		at(start + 41 * MINUTE);
		const sheet = await timesheet({ location, position }, person, start + 40 * MINUTE);
		at(start + 42 * MINUTE);
		const items = (await h.poll()) as Item[];
		expect(told(items)).toEqual([`late_clock_in ${String(sheet.id)}`]);
		expect(items[0]).toMatchObject({ minutes_late: 40, shift: { id: shift.id } });
		expect(items[0]).not.toHaveProperty('time_zone_assumed');
	});
});

describe('a location record without a time zone (CHOICES.md › locationTimezoneField none)', () => {
	it('Long Hours counts the week at the offset the times are written with, and the item says so', async () => {
		f.sandbox.setReadings({ locationTimezoneField: 'none' });
		const { location, position, person, start } = await shiftSoon('2032-05-04');
		const h = timesheetTrigger({ events: ['long_hours'], longerThanShiftMinutes: 600, weeklyHoursFrom: 'fixed', weeklyHours: 5, filters: { locationId: byId(location.id) } });
		expect(await h.activate()).toBeNull();
		at(start + 7 * HOUR);
		await timesheet({ location, position }, person, start, start + 6 * HOUR);
		at(start + 7 * HOUR + MINUTE);
		const items = (await h.poll()) as Item[];
		expect(items).toEqual([
			expect.objectContaining({ kind: 'week_over', week_hours: 6, time_zone_assumed: `The time zone of the location ${location.id} could not be read: days and weeks were counted at the offset its times are written with` }),
		]);
		f.sandbox.setReadings({ locationTimezoneField: 'timezone' });
	});
});
