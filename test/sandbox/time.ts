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

/** ISO 8601 with the zone's own UTC offset, e.g. 2026-11-23T09:00:00+11:00. */
export function fmt(ms: number, zone: string): string {
	return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) as string;
}

export function fmtNullable(ms: number | null, zone: string): string | null {
	return ms === null ? null : fmt(ms, zone);
}

export function localDate(ms: number, zone: string): string {
	return DateTime.fromMillis(ms, { zone }).toISODate() as string;
}

/** Monday (YYYY-MM-DD) of the local week that contains the instant. */
export function mondayOf(ms: number, zone: string): string {
	return DateTime.fromMillis(ms, { zone }).startOf('week').toISODate() as string;
}

/** An instant from a local date and wall time in a zone. */
export function localToMs(date: string, time: string, zone: string): number {
	return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
}

export function addDays(date: string, days: number): string {
	return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() as string;
}

export function daysBetween(from: string, to: string): number {
	return Math.round(
		DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days,
	);
}

export function weekday(date: string): number {
	return DateTime.fromISO(date, { zone: 'UTC' }).weekday; // 1 = Monday .. 7 = Sunday
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
