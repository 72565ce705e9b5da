/** Seed shifts, timesheets, on-demand shifts, shift swaps and open-shift requests around the anchor week. */
import { planBreaks } from './domain';
import { hexId, pick, rand } from './ids';
import type { Employee, Location, OnDemandShift, Position, Shift, Timesheet, TimesheetStatus } from './model';
import type { SeedContext } from './seed';
import { addDays, localDate, localToMs, mondayOf, toMinute, toSecond, weekday } from './time';

const DAY = 86400000;
const HOUR = 3600000;
const MIN = 60000;

/** [start, end, position index] in local wall time. */
const WEEKDAY: [string, string, number][] = [
	['07:00', '15:00', 0],
	['08:00', '16:30', 1],
	['10:00', '14:00', 2],
	['16:00', '23:00', 1],
	['17:00', '23:30', 2],
];
const WEEKEND: [string, string, number][] = [...WEEKDAY, ['09:00', '17:00', 2], ['11:00', '19:30', 0]];
const NOTES = ['Stock take after close', 'Training the new starter', 'Function upstairs from 6pm', 'Deep clean of the coffee machine', 'Delivery expected 9am'];

export function seedRoster(ctx: SeedContext, bid: string, slug: string, locs: Location[]): void {
	const { t, now } = ctx;
	const people = [...t.employees.values()].filter((e) => e.business_id === bid);
	const leaverId = slug === 'harbourside' ? people[people.length - 1].id : '';
	const leftAt = localToMs(addDays(ctx.monday, -21), '00:00', locs[0].timezone);
	const projects = [...t.projects.values()].filter((p) => p.business_id === bid && !p.archived);
	const busy = new Map<string, [number, number][]>();
	const daysWorked = new Set<string>();
	const free = (e: Employee, s: number, en: number, date: string) =>
		!daysWorked.has(`${e.id}:${date}`) && !(busy.get(e.id) ?? []).some(([a, b]) => a < en && s < b);
	const shifts: Shift[] = [];

	for (const loc of locs) {
		const positions = [...t.positions.values()].filter((p) => p.location_id === loc.id && p.active && !p.archived);
		const first = addDays(ctx.monday, -42);
		for (let d = 0; d < 91; d++) {
			const date = addDays(first, d);
			const week = Math.floor(d / 7) - 6;
			const monday = addDays(first, week * 7 + 42);
			const built = toSecond(Math.min(localToMs(addDays(monday, -14), '10:00', loc.timezone), now - 3 * HOUR));
			const published = Math.max(built, toSecond(Math.min(localToMs(addDays(monday, -5), '15:30', loc.timezone), now - HOUR)));
			const rosterId = ensureRoster(ctx, bid, loc, monday, built);
			const templates = weekday(date) >= 6 ? WEEKEND : WEEKDAY;
			templates.forEach(([from, to, pi], slot) => {
				const key = `${slug}:${loc.id}:${date}:${slot}`;
				const position: Position = positions[pi % positions.length];
				const start = localToMs(date, from, loc.timezone);
				const end = localToMs(date, to, loc.timezone);
				let employee: Employee | null = null;
				if (rand(key + 'open') >= 0.1) {
					const candidates = people.filter(
						(e) =>
							(e.location_ids.length === 0 || e.location_ids.includes(loc.id)) &&
							!e.excluded_position_ids.includes(position.id) &&
							(e.id !== leaverId || end < leftAt),
					);
					const offset = Math.floor(rand(key + 'who') * candidates.length);
					for (let k = 0; k < candidates.length && !employee; k++) {
						const c = candidates[(offset + k) % candidates.length];
						if (free(c, start, end, date)) employee = c;
					}
				}
				if (employee) {
					busy.set(employee.id, [...(busy.get(employee.id) ?? []), [start, end]]);
					daysWorked.add(`${employee.id}:${date}`);
				}
				const isPublished = week <= 1 ? !(end < now && rand(key + 'exp') < 0.04) : week === 2 ? rand(key + 'pub') < 0.5 : false;
				const archived = rand(key + 'arch') < 0.03;
				const edited = rand(key + 'edit') < 0.1;
				let updated = isPublished ? published : built;
				if (edited || archived) updated = Math.max(updated, toSecond(Math.min(now - HOUR, start - 2 * HOUR) - Math.floor(rand(key + 'when') * 48) * HOUR));
				const shift: Shift = {
					id: hexId(`shift:${key}`), business_id: bid, location_id: loc.id, position_id: position.id,
					employee_id: employee?.id ?? null, roster_id: rosterId, start_time: start, end_time: end,
					status: isPublished ? 'published' : 'unpublished', breaks: planBreaks(start, end),
					notes: rand(key + 'note') < 0.1 ? pick(key + 'n', NOTES) : null,
					project_id: projects.length && rand(key + 'proj') < 0.06 ? pick(key + 'p', projects).id : null,
					created_by_app: false, archived, created_at: built, updated_at: updated,
				};
				t.shifts.set(shift.id, shift);
				shifts.push(shift);
			});
		}
	}
	seedTimesheets(ctx, shifts, locs);
	draftToday(ctx, shifts, locs);
	seedOnDemand(ctx, bid, slug, locs);
	seedSwapsAndRequests(ctx, bid, shifts, people);
}

function ensureRoster(ctx: SeedContext, bid: string, loc: Location, monday: string, at: number): string {
	const id = hexId(`roster:${loc.id}:${monday}`);
	if (!ctx.t.rosters.has(id)) ctx.t.rosters.set(id, { id, business_id: bid, location_id: loc.id, week_start_date: monday, created_at: at, updated_at: at });
	return id;
}

function seedTimesheets(ctx: SeedContext, shifts: Shift[], locs: Location[]): void {
	const { t, now } = ctx;
	const photos = new Set(locs.filter((l) => l.region === 'NSW').map((l) => l.id));
	const made: Timesheet[] = [];
	for (const s of shifts) {
		if (!s.employee_id || s.archived || s.start_time > now) continue;
		const key = s.id;
		if (rand(key + 'noshow') < 0.03) continue;
		const start = toMinute(s.start_time + Math.round((rand(key + 'in') - 0.6) * 10) * MIN);
		// Up to 4 minutes late: someone whose shift began less than that ago has not clocked in yet
		// (a clock-in after now was once laid, created after it was last updated).
		if (start > now) continue;
		let end: number | null = toMinute(s.end_time + Math.round(rand(key + 'out') * 12 - 3) * MIN);
		if (end > now) end = null;
		const age = end === null ? 0 : (now - end) / DAY;
		const r = rand(key + 'status');
		let status: TimesheetStatus;
		if (end === null) status = 'active';
		else if (age > 14) status = r < 0.55 ? 'posted' : r < 0.88 ? 'approved' : r < 0.95 ? 'rejected' : 'skipped';
		else status = r < 0.65 ? 'pending' : r < 0.9 ? 'approved' : r < 0.96 ? 'warning' : 'rejected';
		const breaks = s.breaks
			.filter((b) => !b.paid)
			.map((b) => {
				const bs = toMinute(s.start_time + (b.offset_minutes + Math.floor(rand(key + 'b') * 10)) * MIN);
				return { start: bs, end: bs + (b.duration_minutes + Math.floor(rand(key + 'bl') * 5)) * MIN, paid: false };
			})
			.filter((b) => b.end <= (end ?? now));
		const askPhoto = photos.has(s.location_id);
		const decided = status !== 'pending' && status !== 'active' && status !== 'warning';
		const ts: Timesheet = {
			id: hexId(`timesheet:${s.id}`), business_id: s.business_id, employee_id: s.employee_id, location_id: s.location_id,
			position_id: s.position_id, shift_id: s.id, start_time: start, end_time: end, status, breaks,
			note: rand(key + 'tn') < 0.05 ? 'Stayed back to close' : null, project_id: s.project_id,
			clock_in_photo_taken: askPhoto ? rand(key + 'pi') < 0.9 : null,
			clock_out_photo_taken: askPhoto && end !== null ? rand(key + 'po') < 0.85 : null,
			created_by_app: false, archived: false, created_at: toSecond(start),
			updated_at: toSecond(Math.min(now, decided ? (end ?? start) + 2 * DAY : (end ?? start) + MIN)),
		};
		t.timesheets.set(ts.id, ts);
		made.push(ts);
	}
	// A few people still clocked in (or who forgot to clock out), started within the last 24 hours.
	const open = made.filter((x) => x.end_time === null).length;
	const recent = made
		.filter((x) => x.end_time !== null && x.start_time > now - 20 * HOUR && x.status === 'pending')
		.sort((a, b) => b.start_time - a.start_time)
		.slice(0, Math.max(0, 3 - open));
	for (const x of recent) {
		x.end_time = null;
		x.status = 'active';
		x.clock_out_photo_taken = null;
		x.breaks = [];
		x.updated_at = x.created_at;
	}
}

/**
 * Today's roster (each location's calendar day of now) keeps one draft with a person on it that
 * has not started, so that "publish a shift, then clock its person in late" can be tried today
 * (issue 46): of today's shifts with a person starting after now, the one starting last, which
 * stays ahead longest as the clock runs on; one whose person is not clocked in when there is one,
 * so they can clock in on it. Its status only changes (counts stay); its updated_at stays the
 * moment it was last changed, as any change after publishing makes a shift a draft again. None
 * when no shift of today with a person is still to start (from about 17:00 at the location).
 * After the timesheets (who is clocked in), before the swaps (which take published shifts).
 */
function draftToday(ctx: SeedContext, shifts: Shift[], locs: Location[]): void {
	const { t, now } = ctx;
	const clockedIn = new Set([...t.timesheets.values()].filter((x) => !x.archived && x.end_time === null).map((x) => x.employee_id));
	for (const loc of locs) {
		const today = localDate(now, loc.timezone);
		const draft = shifts
			.filter((s) => s.location_id === loc.id && !s.archived && s.employee_id && s.start_time > now && localDate(s.start_time, loc.timezone) === today)
			.sort((a, b) => Number(clockedIn.has(a.employee_id!)) - Number(clockedIn.has(b.employee_id!)) || b.start_time - a.start_time || a.id.localeCompare(b.id))[0];
		if (draft) draft.status = 'unpublished';
	}
}

function seedOnDemand(ctx: SeedContext, bid: string, slug: string, locs: Location[]): void {
	const { t, now } = ctx;
	const plan: [day: number, from: string, hours: number, status: OnDemandShift['status'], rate: number | null, archived?: boolean][] = [
		[-10, '18:00', 5, 'completed', 42],
		[-8, '11:00', 6, 'no_show', 40],
		[-5, '17:00', 6, 'expired', 38],
		[0, 'now', 6, 'in_progress', 44],
		[3, '16:00', 7, 'draft', null],
		[4, '08:00', 8, 'draft', 45],
		[6, '17:00', 6, 'posted', 46],
		[9, '10:00', 5, 'filled', 41],
		[12, '12:00', 4, 'draft', null, true],
	];
	for (const loc of locs.filter((l) => l.ondemand_enabled)) {
		const positions = [...t.positions.values()].filter((p) => p.location_id === loc.id && p.active && !p.archived);
		plan.forEach(([day, from, hours, status, rate, archived], i) => {
			const key = `ondemand:${slug}:${loc.id}:${i}`;
			const start =
				from === 'now'
					? toMinute(now - 2 * HOUR) - (toMinute(now - 2 * HOUR) % (15 * MIN))
					: localToMs(addDays(mondayOf(now, loc.timezone), day), from, loc.timezone);
			const end = start + hours * HOUR;
			const created = toSecond(Math.min(start - 7 * DAY, now - 2 * HOUR));
			const postedAt = status === 'draft' ? null : toSecond(Math.min(start - 5 * DAY, now - HOUR));
			const rec: OnDemandShift = {
				id: hexId(key), business_id: bid, location_id: loc.id, position_id: positions[i % positions.length].id,
				start_time: start, end_time: end, status, rate_set: rate !== null, rate,
				notes: i % 3 === 0 ? 'Busy service expected; black shirt and apron' : null,
				posted_at: postedAt, created_by_app: false, archived: !!archived,
				created_at: created, updated_at: Math.max(created, postedAt ?? created, status === 'completed' || status === 'no_show' || status === 'expired' ? toSecond(Math.min(end + HOUR, now)) : created),
			};
			t.onDemandShifts.set(rec.id, rec);
		});
	}
}

function seedSwapsAndRequests(ctx: SeedContext, bid: string, shifts: Shift[], people: Employee[]): void {
	const { t, now } = ctx;
	const eligible = (s: Shift) =>
		people.filter(
			(e) =>
				e.shared && e.id !== s.employee_id && (e.location_ids.length === 0 || e.location_ids.includes(s.location_id)) &&
				!e.excluded_position_ids.includes(s.position_id),
		);
	const future = shifts.filter((s) => !s.archived && s.start_time > now && s.start_time < now + 21 * DAY);
	const assigned = future.filter((s) => s.employee_id && s.status === 'published');
	const statuses = ['pending', 'accepted', 'rejected'] as const;
	const step = Math.max(1, Math.floor(assigned.length / 12));
	for (let i = 0; i < 12 && i * step < assigned.length; i++) {
		const s = assigned[i * step];
		const to = pick(s.id + 'to', eligible(s));
		if (!to) continue;
		const requested = toSecond(Math.min(now - HOUR, s.start_time - 3 * DAY) - i * HOUR);
		const status = statuses[i % 3];
		const id = hexId(`swap:${s.id}`);
		t.shiftSwaps.set(id, {
			id, business_id: bid, shift_id: s.id, location_id: s.location_id, from_employee_id: s.employee_id!, to_employee_id: to.id,
			status, requested_at: requested, created_at: requested, updated_at: status === 'pending' ? requested : Math.min(toSecond(requested + 5 * HOUR), toSecond(now)),
		});
	}
	for (const s of future.filter((x) => !x.employee_id)) {
		if (rand(s.id + 'req') >= 0.35) continue;
		const who = eligible(s).filter((_, k) => (k + Math.floor(rand(s.id + 'k') * 5)) % 5 === 0).slice(0, 2);
		for (const e of who) {
			const id = hexId(`open-shift-request:${s.id}:${e.id}`);
			const at = toSecond(Math.min(now - HOUR, s.created_at + DAY));
			t.openShiftRequests.set(id, { id, business_id: bid, shift_id: s.id, employee_id: e.id, location_id: s.location_id, requested_at: at, created_at: at, updated_at: at });
		}
	}
}
