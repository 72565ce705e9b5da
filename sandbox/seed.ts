/**
 * Deterministic seed data. Ids are the first 24 hex digits of sha1 of a stable key, and every
 * "random" choice is a hash of a key too, so the same anchor and the same seed instant give
 * identical records and ids.
 */
import { hexId, pick, rand } from './ids';
import { holidaysFor } from './holidays';
import type { Employee, Employment, Location, Position, Tables } from './model';
import { emptyTables } from './model';
import { seedRoster } from './seed-roster';
import { seedInferred } from './seed-inferred';
import { MAIN, OTHER, type BusinessSeed } from './seed-config';
import { addDays, localToMs, toSecond } from './time';

const DAY = 86400000;

export interface SeedContext {
	t: Tables;
	/** Monday (YYYY-MM-DD) of the anchor week. */
	monday: string;
	/** The instant the seed is laid against ("has the shift started"). */
	now: number;
	/** A moment `days` before now, whole seconds, never in the future. */
	ago(days: number, key: string): number;
}

export interface Seeded {
	tables: Tables;
	mainBusinessId: string;
	otherBusinessId: string;
}

export function buildSeed(monday: string, now: number): Seeded {
	const t = emptyTables();
	const ctx: SeedContext = {
		t,
		monday,
		now,
		ago: (days, key) => toSecond(now - days * DAY - Math.floor(rand(key) * 8) * 3600000),
	};
	const main = seedBusiness(ctx, MAIN);
	const other = seedBusiness(ctx, OTHER);
	return { tables: t, mainBusinessId: main, otherBusinessId: other };
}

function seedBusiness(ctx: SeedContext, b: BusinessSeed): string {
	const { t } = ctx;
	const bid = hexId(`business:${b.slug}`);
	const first = b.locations[0];
	t.businesses.set(bid, {
		id: bid, business_id: bid, name: b.name, legal_name: b.legalName, abn: b.abn,
		country: first.country, currency: first.country === 'NZ' ? 'NZD' : 'AUD', timezone: first.timezone,
		archived: false, created_at: ctx.ago(2400, bid), updated_at: ctx.ago(40, bid + 'u'),
	});
	const locations: Location[] = b.locations.map((l, i) => {
		const id = hexId(`location:${b.slug}:${l.slug}`);
		const created = ctx.ago(2300 - i * 300, id);
		const loc: Location = {
			id, business_id: bid, name: l.name, short_name: l.short, timezone: l.timezone, region: l.region,
			address: { street: l.street, city: l.city, state: l.state, post_code: l.postCode, country: l.country },
			phone_number: l.country === 'NZ' ? '+64 9 300 4' + String(100 + i * 37).slice(0, 3) : `(0${2 + i}) 9${i}12 34${i}${i}`,
			labour_target: l.labourTarget, ondemand_enabled: l.ondemand, archived: !!l.archived,
			created_at: created, updated_at: l.archived ? ctx.ago(200, id + 'a') : ctx.ago(60 + i * 11, id + 'u'),
		};
		t.locations.set(id, loc);
		seedHolidays(ctx, loc);
		b.positions.forEach((p, j) => {
			const pid = hexId(`position:${b.slug}:${l.slug}:${p.name}`);
			const nz = l.country === 'NZ';
			const pos: Position = {
				id: pid, business_id: bid, location_id: id, name: p.name, description: p.description,
				award_id: nz ? null : hexId('award:MA000009'),
				group: nz ? null : { id: hexId(`group:${b.slug}:${p.stream}`), name: p.stream === 'kitchen' ? 'Kitchen' : p.stream === 'general' ? 'General' : 'Food and beverage', award_code: 'MA000009' },
				active: p.active !== false, rate_modifier: p.rateModifier, archived: !!p.archived,
				created_at: toSecond(created + (j + 1) * 3600000), updated_at: p.archived || p.active === false ? ctx.ago(90 + j, pid) : toSecond(created + (j + 1) * 3600000),
			};
			t.positions.set(pid, pos);
		});
		return loc;
	});
	const active = locations.filter((l) => !l.archived);
	seedPeople(ctx, b, bid, active);
	b.projects.forEach((p, i) => {
		const id = hexId(`project:${b.slug}:${p.code}`);
		const created = ctx.ago(300 - i * 40, id);
		t.projects.set(id, {
			id, business_id: bid, name: p.name, code: p.code, colour: p.colour,
			employee_ids: p.members.map((m) => hexId(`employee:${b.slug}:${m}`)),
			status: p.archived ? 'archived' : 'active', archived: !!p.archived,
			created_at: created, updated_at: p.archived ? ctx.ago(20, id + 'a') : created,
		});
	});
	seedRoster(ctx, bid, b.slug, active);
	seedInferred(ctx, bid, b.slug);
	return bid;
}

function seedHolidays(ctx: SeedContext, loc: Location): void {
	const year = Number(ctx.monday.slice(0, 4));
	const days: { date: string; name: string }[] = [];
	for (const y of [year - 1, year, year + 1]) days.push(...holidaysFor(loc.region, y));
	// Days this business added or removed for the Sydney café: Christmas Eve added, Easter Saturday not paid.
	const sydneyCafe = loc.id === hexId('location:harbourside:sydney');
	for (const d of days) {
		if (sydneyCafe && d.name === 'Easter Saturday') continue;
		addHoliday(ctx, loc, d.date, d.name);
	}
	if (sydneyCafe) for (const y of [year - 1, year, year + 1]) addHoliday(ctx, loc, `${y}-12-24`, 'Christmas Eve (business holiday)');
}

function addHoliday(ctx: SeedContext, loc: Location, date: string, name: string): void {
	const id = hexId(`holiday:${loc.id}:${date}:${name}`);
	const at = Math.min(loc.created_at + 86400000, ctx.now);
	ctx.t.publicHolidays.set(id, { id, business_id: loc.business_id, location_id: loc.id, date, name, archived: false, created_at: at, updated_at: at });
}

function seedPeople(ctx: SeedContext, b: BusinessSeed, bid: string, locs: Location[]): void {
	const { t } = ctx;
	const positionsAt = (loc: Location) => [...t.positions.values()].filter((p) => p.location_id === loc.id);
	const leaver = b.slug === 'harbourside' ? b.people.length - 1 : -1;
	b.people.forEach(([first, last, gender], i) => {
		const id = hexId(`employee:${b.slug}:${i}`);
		const employmentId = hexId(`employment:${b.slug}:${i}`);
		const home = locs[i % locs.length];
		let locationIds = [home.id];
		if (b.slug === 'harbourside' && (i === 24 || i === 25)) locationIds = []; // any location
		if (b.slug === 'harbourside' && i === 9) locationIds = [home.id, locs[(i + 1) % locs.length].id];
		const excluded: string[] = [];
		if (b.slug === 'harbourside' && (i === 2 || i === 11)) excluded.push(positionsAt(home).find((p) => p.name === 'Chef')!.id);
		if (b.slug === 'harbourside' && i === 17) excluded.push(positionsAt(home).find((p) => p.name === 'Barista')!.id);
		const nz = home.address.country === 'NZ';
		const startDate = addDays(ctx.monday, -(60 + ((i * 137) % 1100)));
		const created = toSecond(Math.min(localToMs(startDate, '09:00', home.timezone) - 7 * DAY, ctx.now));
		const basis: Employment['employment_basis'] = i % 5 === 0 ? 'fulltime' : i % 5 < 3 ? 'parttime' : 'casual';
		const salaried = basis === 'fulltime' && i % 10 === 0;
		const level = basis === 'casual' ? 'Level 2' : i % 3 === 0 ? 'Level 4' : 'Level 3';
		const base = nz ? 25.5 + (i % 3) : level === 'Level 2' ? 26.55 : level === 'Level 3' ? 27.81 : 29.1;
		const left = i === leaver;
		const employment: Employment = {
			id: employmentId, business_id: bid, employee_id: id, start_date: startDate, employment_basis: basis,
			ordinary_hours_per_week: basis === 'fulltime' ? 38 : basis === 'parttime' ? 20 + (i % 4) * 4 : null,
			payroll_employee_number: i % 6 === 5 ? null : String(1000 + i),
			pay_basis: salaried ? 'salary' : 'hourly',
			base_hourly_rate: salaried ? null : base,
			hourly_rate_multiplier: salaried ? null : basis === 'casual' ? 25 : 0,
			annual_salary: salaried ? 68000 + i * 500 : null,
			salary_weekly_hours: salaried ? 38 : null,
			classification_level: nz ? null : level,
			award_code: nz ? null : 'MA000009',
			award_stream: nz ? null : i % 2 ? 'kitchen' : 'food_and_beverage',
			rate_overrides: i === 3 ? { saturday: 42.5, sunday: 48 } : i === 14 ? { public_holiday: 75 } : null,
			archived: left,
			created_at: created,
			updated_at: left ? toSecond(localToMs(addDays(ctx.monday, -21), '17:00', home.timezone)) : Math.max(created, ctx.ago(20 + (i % 9) * 10, employmentId)),
		};
		t.employments.set(employmentId, employment);
		const employee: Employee = {
			id, business_id: bid, first_name: first, last_name: last,
			middle_names: i % 4 === 1 ? pick(id + 'm', ['James', 'Rose', 'Lee', 'Marie']) : null,
			preferred_name: i === 1 ? 'Jacko' : i === 10 ? 'Avi' : null,
			email: `${first}.${last}@example.com`.toLowerCase(),
			phone_number: i % 7 === 6 ? null : `04${String(10 + i).padStart(2, '0')} ${String(100 + i * 7).slice(-3)} ${String(300 + i * 13).slice(-3)}`,
			date_of_birth: i % 8 === 7 ? null : `${1975 + ((i * 7) % 30)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
			gender,
			emergency_contact: i % 3 === 2 ? null : { name: `${pick(id + 'e', ['Sam', 'Alex', 'Jo', 'Chris'])} ${last}`, phone: `04${String(50 + i)} 555 ${String(100 + i)}`, relationship: pick(id + 'r', ['Partner', 'Parent', 'Sibling', 'Friend']) },
			address: i % 5 === 4 ? null : { street: `${10 + i} ${pick(id + 's', ['King', 'George', 'Queen', 'Ann', 'Bay'])} St`, city: home.address.city, state: home.address.state, post_code: home.address.post_code, country: home.address.country },
			employment_id: employmentId,
			excluded_position_ids: excluded,
			location_ids: locationIds,
			created_at: toSecond(created - DAY),
			updated_at: i % 7 === 0 ? ctx.ago(1 + i / 7, id) : toSecond(created - DAY),
			shared: !left,
		};
		t.employees.set(id, employee);
	});
}
