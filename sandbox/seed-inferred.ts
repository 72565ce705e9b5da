/**
 * Seed of the inferred resources (CHOICES.md, "Inferred endpoints"): leave types, leave requests,
 * blackout periods, balances, availability and the awards positions and employments use.
 * Deterministic: ids and choices are hashes of stable keys.
 */
import { hexId, rand } from './ids';
import type { LeaveStatus } from './model';
import type { SeedContext } from './seed';
import { addDays, toSecond } from './time';

const TYPES: { key: string; name: string; paid: boolean; archived?: boolean }[] = [
	{ key: 'annual', name: 'Annual leave', paid: true },
	{ key: 'personal', name: "Personal/carer's leave", paid: true },
	{ key: 'unpaid', name: 'Unpaid leave', paid: false },
	{ key: 'long-service', name: 'Long service leave', paid: true },
	{ key: 'study', name: 'Study leave (retired)', paid: false, archived: true },
];

const AWARDS: Record<string, string> = { MA000009: 'Hospitality Industry (General) Award 2020' };

export function seedInferred(ctx: SeedContext, bid: string, slug: string): void {
	const { t } = ctx;
	const created = t.businesses.get(bid)!.created_at;
	// Awards used by positions and employments (shared by every business).
	const codes = new Set<string>();
	for (const p of t.positions.values()) if (p.business_id === bid && p.group?.award_code) codes.add(p.group.award_code);
	for (const e of t.employments.values()) if (e.business_id === bid && e.award_code) codes.add(e.award_code);
	for (const code of codes) {
		const id = hexId(`award:${code}`);
		if (!t.awards.has(id)) t.awards.set(id, { id, code, name: AWARDS[code] ?? code, archived: false, created_at: toSecond(created), updated_at: toSecond(created) });
	}
	const typeId = (key: string) => hexId(`leave-type:${slug}:${key}`);
	for (const ty of TYPES) {
		const id = typeId(ty.key);
		t.leaveTypes.set(id, { id, business_id: bid, name: ty.name, paid: ty.paid, archived: !!ty.archived, created_at: created, updated_at: ty.archived ? ctx.ago(100, id) : created });
	}
	const people = [...t.employees.values()].filter((e) => e.business_id === bid);
	const statuses: LeaveStatus[] = ['approved', 'pending', 'declined', 'approved', 'cancelled', 'pending'];
	people.forEach((e, i) => {
		const emp = e.employment_id ? t.employments.get(e.employment_id) : undefined;
		// Balances: annual and personal leave for permanent staff.
		if (e.shared && emp && emp.employment_basis !== 'casual') {
			for (const key of ['annual', 'personal']) {
				const id = hexId(`leave-balance:${e.id}:${key}`);
				const hours = Math.round(rand(id) * 15200) / 100;
				t.leaveBalances.set(id, { id, business_id: bid, employee_id: e.id, type_id: typeId(key), balance_hours: hours, updated_at: ctx.ago(1 + (i % 5), id) });
			}
		}
		// Leave requests: two for every third person, around the anchor week.
		if (i % 3 === 0) {
			for (let k = 0; k < 2; k++) {
				const id = hexId(`leave-request:${e.id}:${k}`);
				const start = addDays(ctx.monday, -35 + ((i * 11 + k * 29) % 80));
				const days = 1 + Math.floor(rand(id) * 5);
				const status = statuses[(i / 3 + k) % statuses.length];
				const key = k === 0 ? 'annual' : i % 2 ? 'personal' : 'unpaid';
				const at = ctx.ago(40 + k * 3, id);
				t.leaveRequests.set(id, {
					id, business_id: bid, employee_id: e.id, type_id: typeId(key), start_date: start, end_date: addDays(start, days - 1),
					hours: days * 7.6, status, reason: k === 0 ? 'Holiday' : null,
					archived: i === 6 && k === 1, created_at: at, updated_at: status === 'pending' ? at : ctx.ago(10 + k, id + 'u'),
				});
			}
		}
		// Availability: every fourth person says when they can and cannot work in the anchor fortnight.
		if (i % 4 === 1 && e.shared) {
			for (let d = 0; d < 14; d += 3) {
				const id = hexId(`availability:${e.id}:${d}`);
				const whole = (i + d) % 2 === 0;
				const at = ctx.ago(30, id);
				t.availability.set(id, {
					id, business_id: bid, employee_id: e.id, date: addDays(ctx.monday, d), start: whole ? null : '07:00', end: whole ? null : '15:00',
					available: !whole, note: whole ? 'Uni exam' : null, archived: false, created_at: at, updated_at: at,
				});
			}
		}
	});
	const year = Number(ctx.monday.slice(0, 4));
	const blackouts = [
		{ key: 'christmas', name: 'Christmas trade', start: `${year}-12-18`, end: `${year + 1}-01-02` },
		{ key: 'april', name: 'April school holidays', start: `${year}-04-02`, end: `${year}-04-06` },
		{ key: 'festival', name: 'Food festival (cancelled)', start: addDays(ctx.monday, 14), end: addDays(ctx.monday, 16), archived: true },
	];
	for (const b of blackouts) {
		const id = hexId(`leave-blackout:${slug}:${b.key}`);
		const at = ctx.ago(120, id);
		t.leaveBlackouts.set(id, { id, business_id: bid, name: b.name, start_date: b.start, end_date: b.end, archived: !!b.archived, created_at: at, updated_at: b.archived ? ctx.ago(5, id) : at });
	}
}
