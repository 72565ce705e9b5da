/**
 * fast-check arbitraries for the sync properties (sync-properties.test.ts): rows of shifts and
 * on-demand shifts at the seed's locations in four time zones, each time written in one of the
 * forms a user may give (UTC `Z`, the location's own offset, another offset, local time with `T` or
 * a space), on plain days and on daylight-saving days, never at a local time the clocks skip.
 *
 * A row is generated as a plain description (RowSpec): where, which day, which quarter hour, how
 * long, in which forms. `rowItem` turns it into the input item n8n passes to the node, and
 * `instants` says what the times mean, computed here without the node's code: the expected values
 * the tests compare the service's store with.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

/**
 * The time zones rows are at: the seed's (one active location each: see seedLookups' locationIn),
 * all east of UTC, and New York, west of it, where the tests add a location (sandbox/bulk.ts
 * addLocationIn, WEST_OF_UTC). Auckland's location offers no on-demand shifts: it comes last.
 */
export const ZONES = ['Australia/Sydney', 'Australia/Brisbane', 'America/New_York', 'Australia/Perth', 'Pacific/Auckland'] as const;
/** The zone of ZONES that no seeded location has. */
export const WEST_OF_UTC = 'America/New_York';
export type Zone = (typeof ZONES)[number];

/**
 * How a time is written. Shrinking goes to the first: local time, the form that needs no
 * conversion, so that a counterexample keeps another form only where it matters.
 */
export const TIME_FORMS = ['local', 'localSpace', 'own', 'Z', 'other'] as const;
export type TimeForm = (typeof TIME_FORMS)[number];

/** Offsets for the `other` form, each tried where it is not the location's own at that instant. */
export const OTHER_OFFSETS = ['+11:00', '+10:00', '+08:00', '+13:00', '+12:00', '+09:30', '+05:30', '-05:00', '+00:00'] as const;

const QUARTER = 15 * 60_000;
const DAY_SLOTS = 96;

/** What a service refuses that the node cannot know before sending (Create Many, property 4). */
export const REFUSALS = ['none', 'foreignPosition', 'inactivePosition', 'archivedPosition', 'tooLong'] as const;
export type Refusal = (typeof REFUSALS)[number];

/** A change made to a row after it was saved (property 3). */
export const CHANGES = ['none', 'end', 'notes', 'both'] as const;
export type Change = (typeof CHANGES)[number];

export interface RowSpec {
	/** Index into ZONES (the first `zoneCount` of them: rowSpec). */
	zone: number;
	/** Local date at the location, YYYY-MM-DD. */
	date: string;
	/** Local start: quarter hours after midnight (0..95). */
	startSlot: number;
	/** Where the start's wall time comes twice (the hour the clocks go back): its second pass. */
	secondPass: boolean;
	/** Length in quarter hours: 1..96 (at most 24 h), or 97..192 for a row the service refuses as too long. */
	lengthSlots: number;
	startForm: TimeForm;
	endForm: TimeForm;
	/** Index into OTHER_OFFSETS for the `other` form. */
	other: number;
	/** Column names: the API's (location_id…) or the form's labels (Location, Start Time…). */
	labels: boolean;
	/** Location and position given by name (as a spreadsheet keeps them, in other case and spacing), not by id. */
	named: boolean;
	/** Spaces around the notes. */
	padBefore: string;
	padAfter: string;
	/** Breaks, given as JSON text with the minutes as strings; 0 for none. */
	breaks: number;
	/** Property 2: the same instants written again in these forms. */
	reStartForm: TimeForm;
	reEndForm: TimeForm;
	/** Sort key for a shuffled second run. */
	order: number;
	/** Property 3: what is changed, and the new length and form of the end. */
	change: Change;
	newLengthSlots: number;
	newEndForm: TimeForm;
	/** Property 4: what the service will refuse in this row. */
	refusal: Refusal;
}

/** Date of the first (n = 1), second (n = 2) or last (n = -1) Sunday of a month. */
function sunday(year: number, month: number, n: 1 | 2 | -1): string {
	if (n !== -1) {
		const first = DateTime.fromObject({ year, month, day: 1 }, { zone: 'UTC' });
		return first.plus({ days: (7 - first.weekday) % 7 + (n - 1) * 7 }).toISODate()!;
	}
	const last = DateTime.fromObject({ year, month, day: 1 }, { zone: 'UTC' }).endOf('month').startOf('day');
	return last.minus({ days: last.weekday % 7 }).toISODate()!;
}

/**
 * The days daylight saving changes in `year`, by zone: Sydney and Auckland go back (03:00 is 02:00
 * again) on the first Sunday of April; Sydney goes forward (02:00 is 03:00) on the first Sunday of
 * October, Auckland on the last Sunday of September. New York goes back (02:00 is 01:00 again) on
 * the first Sunday of November and forward (02:00 is 03:00) on the second Sunday of March. Brisbane
 * and Perth keep one offset all year.
 */
export function dstDays(year: number): Partial<Record<Zone, [back: string, forward: string]>> {
	return {
		'Australia/Sydney': [sunday(year, 4, 1), sunday(year, 10, 1)],
		'Pacific/Auckland': [sunday(year, 4, 1), sunday(year, 9, -1)],
		'America/New_York': [sunday(year, 11, 1), sunday(year, 3, 2)],
	};
}

/**
 * The year the rows fall in: the year after the one 60 days from the sandbox's now, so that every
 * day of it is more than 30 days ahead (no shift has started, each can be changed) and after the
 * seed's own shifts (laid a few weeks around the anchor week).
 */
export function rowYear(now: Date): number {
	return new Date(now.getTime() + 60 * 86_400_000).getUTCFullYear() + 1;
}

/**
 * `plus` days after the first Monday on or after `monthDay` (MM-DD) of rowYear (YYYY-MM-DD): a day
 * ahead of the service's now and of every seeded record whatever the date the tests run on, in the
 * season (summer or winter time) of the month-day.
 */
export function farMonday(now: Date, monthDay: string, plus = 0): string {
	const from = Date.parse(`${rowYear(now)}-${monthDay}T00:00:00Z`);
	return new Date(from + (((8 - new Date(from).getUTCDay()) % 7) + plus) * 86_400_000).toISOString().slice(0, 10);
}

/** The instant of a local wall time at a zone; undefined for a time the clocks skip there. */
export function localInstant(date: string, slot: number, zone: string): number | undefined {
	const wall = `${date}T${hhmm(slot)}`;
	const at = DateTime.fromISO(wall, { zone });
	return at.isValid && at.toFormat("yyyy-MM-dd'T'HH:mm") === wall ? at.toMillis() : undefined;
}

function hhmm(slot: number): string {
	return `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
}

/** UTC offset of `zone` at `ms`, in minutes (the zone database's, through luxon). */
function offsetAt(ms: number, zone: string): number {
	return DateTime.fromMillis(ms, { zone }).offset;
}

function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function offsetMinutes(text: string): number {
	const sign = text.startsWith('-') ? -1 : 1;
	return sign * (Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6)));
}

/** The wall time at `ms` shifted by `minutes`, as YYYY-MM-DDTHH:mm:ss (plain arithmetic on UTC). */
function wallAt(ms: number, minutes: number): string {
	return new Date(ms + minutes * 60_000).toISOString().slice(0, 19);
}

/**
 * An instant written in a form. Local forms fall back to the location's own offset where the wall
 * time is ambiguous (the second pass of the hour the clocks go back: written without an offset it
 * means the first pass), so that every text written means exactly `ms`.
 */
export function writeTime(ms: number, zone: string, form: TimeForm, other: number): string {
	const own = offsetAt(ms, zone);
	switch (form) {
		case 'Z':
			return `${new Date(ms).toISOString().slice(0, 19)}Z`;
		case 'own':
			return `${wallAt(ms, own)}${offsetText(own)}`;
		case 'other': {
			// The first offset of the list from `other` on that is not the location's own then.
			for (let i = 0; i < OTHER_OFFSETS.length; i++) {
				const text = OTHER_OFFSETS[(other + i) % OTHER_OFFSETS.length];
				if (offsetMinutes(text) !== own) return `${wallAt(ms, offsetMinutes(text))}${text}`;
			}
			throw new Error('no other offset');
		}
		default: {
			const wall = wallAt(ms, own).slice(0, 16);
			if (DateTime.fromISO(wall, { zone }).toMillis() !== ms) return `${wallAt(ms, own)}${offsetText(own)}`;
			return form === 'local' ? wall : wall.replace('T', ' ');
		}
	}
}

/** What a row's times mean: its start, end, and (property 3) changed end, as instants. */
export function instants(spec: RowSpec) {
	const zone = ZONES[spec.zone];
	const wall = `${spec.date}T${hhmm(spec.startSlot)}`;
	let start = localInstant(spec.date, spec.startSlot, zone);
	if (start === undefined) throw new Error(`${wall} does not exist in ${zone}`);
	const hourLater = start + 3_600_000;
	if (spec.secondPass && DateTime.fromMillis(hourLater, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") === wall) start = hourLater;
	return { zone, start, end: start + spec.lengthSlots * QUARTER, newEnd: start + spec.newLengthSlots * QUARTER };
}

export interface Place {
	locationId: string;
	positionId: string;
	/** Their names, where a row may give them by name. */
	locationName?: string;
	positionName?: string;
}

/** The notes a row carries: its tag and number, with its spaces; `changed` for property 3's new notes. */
export function notesOf(spec: RowSpec, tag: string, index: number, changed = false): string {
	return `${spec.padBefore}${tag}-${index}${changed ? ' changed' : ''}${spec.padAfter}`;
}

/**
 * The breaks a row gives, as the API keeps them: `breaks` of 15 minutes an hour apart, inside the
 * shift before and after property 3's change of its end.
 */
export function breaksOf(spec: RowSpec): Array<{ offset_minutes: number; duration_minutes: number; paid: boolean }> {
	const length = Math.min(spec.lengthSlots, spec.newLengthSlots) * 15;
	return Array.from({ length: spec.breaks }, (_, i) => ({ offset_minutes: (i + 1) * 60, duration_minutes: 15, paid: i % 2 === 1 })).filter(
		(b) => b.offset_minutes + b.duration_minutes <= length,
	);
}

/**
 * The input item for a row: `place` is the row's location and position (what the test looked up
 * in the seed for the row's zone and refusal), `version` the row's times as first written, again
 * (property 2's rewrite) or changed (property 3).
 */
export function rowItem(
	spec: RowSpec,
	place: Place,
	tag: string,
	index: number,
	options: { version?: 'first' | 'rewritten' | 'changed'; withBreaks?: boolean } = {},
): IDataObject {
	const { zone, start, end, newEnd } = instants(spec);
	const version = options.version ?? 'first';
	const changed = version === 'changed';
	const startForm = version === 'rewritten' ? spec.reStartForm : spec.startForm;
	const endForm = version === 'rewritten' ? spec.reEndForm : changed && ['end', 'both'].includes(spec.change) ? spec.newEndForm : spec.endForm;
	const endAt = changed && ['end', 'both'].includes(spec.change) ? newEnd : end;
	const named = spec.named && place.locationName && place.positionName;
	const values: IDataObject = {
		location_id: named ? `${spec.padBefore}${place.locationName!.toUpperCase()}` : place.locationId,
		position_id: named ? `${place.positionName!.toLowerCase().replace(/ /g, '  ')}${spec.padAfter}` : place.positionId,
		start_time: writeTime(start, zone, startForm, spec.other),
		end_time: writeTime(endAt, zone, endForm, spec.other),
		notes: notesOf(spec, tag, index, changed && ['notes', 'both'].includes(spec.change)),
	};
	const breaks = breaksOf(spec);
	if (options.withBreaks && breaks.length > 0) {
		// As a sheet gives them: JSON text, the minutes as strings.
		values.breaks = JSON.stringify(breaks.map((b) => ({ ...b, offset_minutes: String(b.offset_minutes), duration_minutes: String(b.duration_minutes) })));
	}
	if (!spec.labels) return values;
	const LABELS: Record<string, string> = {
		location_id: 'Location',
		position_id: 'Position',
		start_time: 'Start Time',
		end_time: 'End Time',
		notes: 'Notes',
		breaks: 'Breaks',
	};
	return Object.fromEntries(Object.entries(values).map(([name, value]) => [LABELS[name], value]));
}

const form = fc.constantFrom(...TIME_FORMS);
const spaces = fc.constantFrom('', ' ', '  ', '\t ');

export interface RowOptions {
	/** How many of ZONES may be used, the first ones (the On-Demand Shift node: 4, Auckland's location does not offer them). */
	zoneCount?: number;
	/** Rows may carry something the service refuses (property 4). */
	refusals?: boolean;
	/** Every row gives one or two breaks (long enough for them before and after property 3's change). */
	breaks?: boolean;
}

/** One row in `year` (rowYear). */
export function rowSpec(year: number, options: RowOptions = {}): fc.Arbitrary<RowSpec> {
	const zoneCount = options.zoneCount ?? ZONES.length;
	const plain = fc.record({
		zone: fc.integer({ min: 0, max: zoneCount - 1 }),
		date: fc.integer({ min: 0, max: 340 }).map((n) => DateTime.fromObject({ year, month: 1, day: 10 }, { zone: 'UTC' }).plus({ days: n }).toISODate()!),
		// Early morning and late evening are where the date in UTC or another offset is not the local one.
		startSlot: fc.integer({ min: 0, max: DAY_SLOTS - 1 }),
	});
	// Half the rows around a change of daylight saving where the location has one: starting between
	// 00:00 and 04:00 that day (in the hour the clocks go back, too), or in the evening before, so
	// that a long shift spans the change.
	const changes = dstDays(year);
	const dstZones = ZONES.map((zone, index) => ({ zone, index })).filter(({ zone, index }) => index < zoneCount && changes[zone]);
	const aroundChange = fc
		.record({ zone: fc.constantFrom(...dstZones), which: fc.integer({ min: 0, max: 1 }), evening: fc.boolean(), slot: fc.integer({ min: 0, max: 16 }) })
		.map(({ zone, which, evening, slot }) => {
			const day = changes[zone.zone]![which];
			return evening
				? { zone: zone.index, date: DateTime.fromISO(day, { zone: 'UTC' }).minus({ days: 1 }).toISODate()!, startSlot: DAY_SLOTS - 1 - slot }
				: { zone: zone.index, date: day, startSlot: slot };
		});
	const refusal = options.refusals
		? fc.oneof({ arbitrary: fc.constant<Refusal>('none'), weight: 2 }, { arbitrary: fc.constantFrom<Refusal>('foreignPosition', 'inactivePosition', 'archivedPosition', 'tooLong'), weight: 1 })
		: fc.constant<Refusal>('none');
	return fc
		.record({
			when: dstZones.length > 0 ? fc.oneof(plain, aroundChange) : plain,
			secondPass: fc.boolean(),
			lengthSlots: fc.integer({ min: 1, max: DAY_SLOTS }),
			startForm: form,
			endForm: form,
			other: fc.integer({ min: 0, max: OTHER_OFFSETS.length - 1 }),
			labels: fc.boolean(),
			named: fc.boolean(),
			padBefore: spaces,
			padAfter: spaces,
			breaks: fc.integer({ min: 0, max: 2 }),
			reStartForm: form,
			reEndForm: form,
			order: fc.nat({ max: 1000 }),
			change: fc.constantFrom(...CHANGES),
			newLengthSlots: fc.integer({ min: 1, max: DAY_SLOTS }),
			newEndForm: form,
			refusal,
		})
		.map(({ when, ...rest }): RowSpec => ({ ...when, ...rest }))
		.map((spec) => (spec.refusal === 'tooLong' ? { ...spec, lengthSlots: DAY_SLOTS + 1 + (spec.lengthSlots % DAY_SLOTS) } : spec))
		.map((spec) => (spec.newLengthSlots === spec.lengthSlots ? { ...spec, newLengthSlots: (spec.lengthSlots % DAY_SLOTS) + 1 } : spec))
		.map((spec) => {
			if (!options.breaks) return spec;
			// At least 90 minutes before and after the change: room for the first break (60 + 15 minutes).
			const lengthSlots = Math.max(6, spec.lengthSlots);
			let newLengthSlots = Math.max(6, spec.newLengthSlots);
			if (newLengthSlots === lengthSlots) newLengthSlots = lengthSlots === DAY_SLOTS ? lengthSlots - 1 : lengthSlots + 1;
			return { ...spec, breaks: Math.max(1, spec.breaks), lengthSlots, newLengthSlots };
		})
		// Never a local start the clocks skip: the node rightly refuses those.
		.filter((spec) => localInstant(spec.date, spec.startSlot, ZONES[spec.zone]) !== undefined);
}

/**
 * 1 to `max` rows, no two at the same place and local start (so each is a record of its own, and
 * open shifts have no person to clash).
 */
export function rowSpecs(year: number, max: number, options: RowOptions = {}): fc.Arbitrary<RowSpec[]> {
	return fc.uniqueArray(rowSpec(year, options), { minLength: 1, maxLength: max, selector: (spec) => `${spec.zone} ${spec.date} ${spec.startSlot}` });
}

/** The rows in the order their `order` keys give (ties in input order): a shuffled second run. */
export function shuffled<T>(items: T[], specs: RowSpec[]): T[] {
	return items
		.map((item, i) => ({ item, key: specs[i].order, i }))
		.sort((a, b) => a.key - b.key || a.i - b.i)
		.map(({ item }) => item);
}
