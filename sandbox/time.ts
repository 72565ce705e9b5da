import { DateTime } from 'luxon';

/** The sandbox's notion of now: real time plus an offset that tests can move. */
export class Clock {
	private offset = 0;

	now(): Date {
		return new Date(this.ms());
	}

	ms(): number {
		return Date.now() + this.offset;
	}

	advance(ms: number): void {
		this.offset += ms;
	}

	set(iso: string): void {
		const t = Date.parse(iso);
		if (Number.isNaN(t)) throw new Error(`Not a date-time: ${iso}`);
		this.offset = t - Date.now();
	}
}

/** Whole seconds, as updated_at is kept. */
export function toSecond(ms: number): number {
	return Math.floor(ms / 1000) * 1000;
}

export function toMinute(ms: number): number {
	return Math.floor(ms / 60000) * 60000;
}

/**
 * A zone's UTC offset in minutes at an instant. Luxon works an IANA zone's offset out through Intl
 * on every call, which was most of the sandbox's time when it seeded and rendered thousands of
 * records; so the offset is kept per zone and span. A span whose first and last millisecond share
 * an offset has it throughout (no zone changes its offset twice within a day): first the day is
 * tried, then, on the day of a change, the quarter hour; only a quarter hour holding a change asks
 * luxon for each instant.
 */
const DAY = 86_400_000;
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();
function offsetAt(ms: number, zone: string): number {
	return offsetOver(ms, zone, DAY) ?? offsetOver(ms, zone, QUARTER_HOUR) ?? DateTime.fromMillis(ms, { zone }).offset;
}

/** The zone's offset throughout the span of `size` that holds the instant, or undefined if it changes. */
function offsetOver(ms: number, zone: string, size: number): number | undefined {
	const span = Math.floor(ms / size);
	const key = `${zone} ${size} ${span}`;
	let offset = offsets.get(key);
	if (offset === undefined) {
		const first = DateTime.fromMillis(span * size, { zone }).offset;
		const last = DateTime.fromMillis((span + 1) * size - 1, { zone }).offset;
		offset = first === last ? first : Number.NaN;
		if (offsets.size >= 200_000) offsets.clear();
		offsets.set(key, offset);
	}
	return Number.isNaN(offset) ? undefined : offset;
}

/** Only region zones (Australia/Sydney) take the quick path; luxon writes others (UTC, fixed offsets) its own way. */
const isRegionZone = (zone: string) => zone.includes('/');
const two = (n: number) => String(n).padStart(2, '0');

/** The wall clock at the zone, read through UTC getters, and the zone's offset then. */
function wallClock(ms: number, zone: string): { wall: Date; offset: number } {
	const offset = offsetAt(ms, zone);
	return { wall: new Date(ms + offset * 60_000), offset };
}

/**
 * Times already written, per zone: every page of a list writes each record's times (start, end,
 * breaks, created, updated), and a trigger's polls list the same records again; written once,
 * they cost a lookup after (a busy benchmark's pages spent most of their time writing times).
 */
const written = new Map<string, Map<number, string>>();

/** ISO 8601 with the zone's own UTC offset, e.g. 2026-11-23T09:00:00+11:00. */
export function fmt(ms: number, zone: string): string {
	let times = written.get(zone);
	if (!times) written.set(zone, (times = new Map()));
	let text = times.get(ms);
	if (text === undefined) {
		text = write(ms, zone);
		if (times.size >= 200_000) times.clear();
		times.set(ms, text);
	}
	return text;
}

function write(ms: number, zone: string): string {
	const { wall, offset } = wallClock(ms, zone);
	const year = wall.getUTCFullYear();
	if (!isRegionZone(zone) || year < 1000 || year > 9999) return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) as string;
	const millis = wall.getUTCMilliseconds();
	const size = Math.abs(offset);
	return (
		`${year}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}` +
		(millis ? `.${String(millis).padStart(3, '0')}` : '') +
		`${offset < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`
	);
}

export function fmtNullable(ms: number | null, zone: string): string | null {
	return ms === null ? null : fmt(ms, zone);
}

/** Local dates already worked out, per zone (a list's from/to asks for every record's on every page). */
const localDates = new Map<string, Map<number, string>>();

export function localDate(ms: number, zone: string): string {
	let dates = localDates.get(zone);
	if (!dates) localDates.set(zone, (dates = new Map()));
	let date = dates.get(ms);
	if (date === undefined) {
		date = isRegionZone(zone) ? wallClock(ms, zone).wall.toISOString().slice(0, 10) : (DateTime.fromMillis(ms, { zone }).toISODate() as string);
		if (dates.size >= 200_000) dates.clear();
		dates.set(ms, date);
	}
	return date;
}

/** Monday (YYYY-MM-DD) of the local week that contains the instant. */
export function mondayOf(ms: number, zone: string): string {
	if (!isRegionZone(zone)) return DateTime.fromMillis(ms, { zone }).startOf('week').toISODate() as string;
	const { wall } = wallClock(ms, zone);
	const daysSinceMonday = (wall.getUTCDay() + 6) % 7;
	return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - daysSinceMonday)).toISOString().slice(0, 10);
}

/**
 * An instant from a local date and wall time (HH:mm or HH:mm:ss) in a zone. A wall time that a DST
 * change skips is moved forward by the change, as luxon does; one that happens twice is the first
 * of the two (luxon's pick there depends on today's offset, so the sandbox fixes it).
 */
export function localToMs(date: string, time: string, zone: string): number {
	const wall = Date.parse(`${date}T${time}Z`);
	if (!isRegionZone(zone) || Number.isNaN(wall)) return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
	// The offsets in force around that day (no zone changes twice within 36 hours).
	const around = [offsetAt(wall - 18 * 3_600_000, zone), offsetAt(wall + 18 * 3_600_000, zone)];
	const instants = around.map((offset) => wall - offset * 60_000).filter((utc, i) => offsetAt(utc, zone) === around[i]);
	return instants.length > 0 ? Math.min(...instants) : wall - Math.min(...around) * 60_000;
}

/** Calendar arithmetic on YYYY-MM-DD dates, through UTC midnight (no zone involved). */
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
	return new Date(dayMs(date) + days * DAY).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
	return Math.round((dayMs(to) - dayMs(from)) / DAY);
}

export function weekday(date: string): number {
	return ((new Date(dayMs(date)).getUTCDay() + 6) % 7) + 1; // 1 = Monday .. 7 = Sunday
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/** Parse a timestamp that must carry an offset or Z. Returns ms, or a reason. */
export function parseTimestamp(v: unknown): { ms: number } | { reason: string } {
	if (typeof v !== 'string') return { reason: 'must be an ISO 8601 date-time string' };
	if (NO_OFFSET.test(v)) return { reason: 'must include a UTC offset or Z (for example 2026-11-23T09:00:00+11:00)' };
	if (!TIMESTAMP.test(v)) return { reason: 'must be an ISO 8601 date-time with a UTC offset or Z' };
	const dt = DateTime.fromISO(v, { setZone: true });
	if (!dt.isValid) return { reason: 'is not a valid date-time' };
	return { ms: dt.toMillis() };
}

export function isDate(v: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromISO(v, { zone: 'UTC' }).isValid;
}
