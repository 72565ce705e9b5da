/**
 * Property-based tests of the sync path (version 2's Create or Update and Create Many) with
 * fast-check: rows generated at the seed's locations in four time zones (generators.ts), times
 * written in every form a user may give (UTC `Z`, the location's offset, another offset, local time
 * with `T` or a space), on plain days and on the days daylight saving changes, column names as the
 * API's or the form's labels, spaces around notes, breaks as JSON text with the minutes as strings.
 * Each property checks what the service then holds (sandbox.store), what it received
 * (f.apiRequests()) and what the user sees (the output items).
 *
 * Between generated cases the records a case created are removed from the store (`fresh`), and the
 * tables are checked to be back at the seed's size: what is left besides them would show. The
 * fixture still resets the whole sandbox before each test.
 *
 * Each fc.assert has a fixed seed and few runs, and stops at the first failure without shrinking
 * (endOnFailure), so that the file stays well under 2 minutes on a busy 2-core machine. To see a
 * failure shrunk to its smallest case, run the file with SYNC_PROPERTIES_SHRINK=1; the fixed
 * examples at the end are such shrunk cases.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { READING_CHOICES, type RecordedRequest } from '../../sandbox';
import type { Readings } from '../../sandbox/readings';
import { seedLookups, useFixture } from './fixture';
import { addLocationIn } from '../../sandbox/bulk';
import { breaksOf, dstDays, instants, notesOf, rowItem, rowSpecs, rowYear, shuffled, WEST_OF_UTC, ZONES, type Place, type RowSpec } from './generators';

jest.setTimeout(120_000);

const f = useFixture();
const { locationIn, positionAt } = seedLookups(() => f);
const V2 = { typeVersion: 2 };
const auto = (operation: string) => ({ operation, columns: { mappingMode: 'autoMapInputData', value: null } });
/** Every row's notes start with this (after its spaces). */
const TAG = 'pbt';

type Kind = 'shift' | 'onDemandShift';
const NODE: Record<Kind, string> = { shift: 'rosteringShift', onDemandShift: 'rosteringOnDemandShift' };
const PATH: Record<Kind, string> = { shift: '/v1/shifts', onDemandShift: '/v1/on-demand-shifts' };

/** How the service writes the times it answers with (CHOICES.md › recordTimes). */
const RECORD_TIMES = fc.constantFrom(...READING_CHOICES.recordTimes);

/** fast-check's settings for every property: a fixed seed, few runs, no shrinking unless asked. */
const settings = (seed: number, numRuns = 10): fc.Parameters<unknown> => ({ seed, numRuns, endOnFailure: process.env.SYNC_PROPERTIES_SHRINK !== '1' });

const tables = () => ({ shift: f.sandbox.store.t.shifts, onDemandShift: f.sandbox.store.t.onDemandShifts });
const ours = (record: { notes: string | null }) => typeof record.notes === 'string' && record.notes.trim().startsWith(`${TAG}-`);
const sizes = () => Object.values(tables()).map((table) => table.size);

/** The tables' sizes as the fixture's reset left them, before each test; and a location west of UTC (ZONES). */
let seeded: number[] = [];
beforeEach(() => {
	addLocationIn(f.sandbox, WEST_OF_UTC, 'Hudson Street Diner');
	seeded = sizes();
});

/**
 * The service's records back to the seed's, its faults and request log cleared, and its times
 * written as `recordTimes` says (CHOICES.md: the location's offset, UTC with Z, or -05:00): the
 * properties generate that rendering too, since the node compares what it reads with the rows.
 */
function fresh(recordTimes: Readings['recordTimes'] = 'location'): void {
	f.sandbox.setReadings({ recordTimes });
	for (const table of Object.values(tables()) as Array<Map<string, { notes: string | null }>>) {
		for (const [id, record] of table) if (ours(record)) table.delete(id);
	}
	expect(sizes()).toEqual(seeded);
	f.sandbox.clearFaults();
	f.sandbox.clearRequests();
}

/**
 * The rows' year: 2030 while that is far enough ahead (rowYear), so that a seed gives the same
 * cases whatever day the suite runs (the DST days differ from year to year); later, the next year
 * that is.
 */
const ROWS_YEAR = 2030;
const year = () => Math.max(ROWS_YEAR, rowYear(f.sandbox.clock.now()));

/** The row's location and position, or (property 4) the position the service refuses there. */
function placeOf(spec: RowSpec): Place {
	const location = locationIn(ZONES[spec.zone]);
	const at = [...f.sandbox.store.t.positions.values()].filter((p) => p.location_id === location.id);
	switch (spec.refusal) {
		case 'foreignPosition':
			return { locationId: location.id, positionId: positionAt(locationIn(ZONES[(spec.zone + 1) % ZONES.length]).id).id };
		case 'inactivePosition':
			return { locationId: location.id, positionId: at.find((p) => !p.active && !p.archived)!.id };
		case 'archivedPosition':
			return { locationId: location.id, positionId: at.find((p) => p.archived)!.id };
		default: {
			const position = positionAt(location.id);
			return { locationId: location.id, positionId: position.id, locationName: location.name, positionName: position.name };
		}
	}
}

function recordLine(location: string, start: number, end: number, notes: string): string {
	return `${location} ${new Date(start).toISOString()} ${new Date(end).toISOString()} ${JSON.stringify(notes)}`;
}

/** The records of `kind` the rows left in the store, as `location start end "notes"`, sorted. */
function held(kind: Kind): string[] {
	return [...tables()[kind].values()]
		.filter((r) => !r.archived && ours(r))
		.map((r) => recordLine(r.location_id, r.start_time, r.end_time, r.notes as string))
		.sort();
}

/** What the store should hold for these rows (after property 3's changes with `changed`). */
function expected(specs: RowSpec[], changed = false): string[] {
	return specs
		.map((spec, i) => {
			const { start, end, newEnd } = instants(spec);
			const moved = changed && ['end', 'both'].includes(spec.change);
			const renamed = changed && ['notes', 'both'].includes(spec.change);
			return recordLine(placeOf(spec).locationId, start, moved ? newEnd : end, notesOf(spec, TAG, i, renamed));
		})
		.sort();
}

/** The breaks of each shift whose row gave breaks, against the row's: [row, breaks held, breaks given]. */
function breaksHeld(specs: RowSpec[], ids: string[]) {
	return specs
		.map((spec, i) => [i, f.sandbox.store.t.shifts.get(ids[i])?.breaks, breaksOf(spec)] as const)
		.filter(([, , given]) => given.length > 0);
}

const writes = () => f.apiRequests().filter((r: RecordedRequest) => r.method !== 'GET');
const actions = (result: Awaited<ReturnType<typeof f.run>>) => result.json('Node').map((item) => item.action ?? `error: ${String(item.error)}`);
const upsert = async (kind: Kind, items: IDataObject[]) => await f.run(NODE[kind], auto('upsert'), items, V2);

describe('Create or Update (upsert) on generated rows', () => {
	// If this broke, a user's first sync would lose rows, create some twice, or store other times
	// than the sheet says (a shift written in UTC or another offset landing an hour or a day off),
	// or drop the breaks the sheet gives.
	it('run 1: the service holds exactly the rows, once each, at the instants written, with their breaks; every item says created', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 8), RECORD_TIMES, async (specs, recordTimes) => {
				fresh(recordTimes);
				const result = await upsert('shift', specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { withBreaks: true })));
				expect(result.error).toBeUndefined();
				expect(actions(result)).toEqual(specs.map(() => 'created'));
				expect(held('shift')).toEqual(expected(specs));
				const ids = result.json('Node').map((shift) => String(shift.id));
				for (const [i, kept, given] of breaksHeld(specs, ids)) expect([i, kept]).toEqual([i, given]);
			}),
			settings(20271, 12),
		);
	});

	// If this broke, running a sync twice (a schedule, a retry after a failure, a sheet saved with
	// its times reformatted) would create duplicate shifts or send changes that change nothing:
	// rosters filling with copies, people notified of shifts that did not change.
	it('run 2 with the same rows (in the same or another order, or the same instants written in other forms): no POST, PATCH or DELETE, every item says unchanged', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 8), fc.boolean(), fc.boolean(), RECORD_TIMES, async (specs, shuffle, rewrite, recordTimes) => {
				fresh(recordTimes);
				const made = await upsert('shift', specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { withBreaks: true })));
				expect(made.error).toBeUndefined();
				f.sandbox.clearRequests();
				const again = specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { withBreaks: true, version: rewrite ? 'rewritten' : 'first' }));
				const result = await upsert('shift', shuffle ? shuffled(again, specs) : again);
				expect(result.error).toBeUndefined();
				expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([]);
				expect(actions(result)).toEqual(specs.map(() => 'unchanged'));
				expect(held('shift')).toEqual(expected(specs));
			}),
			settings(20272, 12),
		);
	});

	// If this broke, editing some rows of a sheet and syncing again would change other shifts too
	// (sending back values nobody changed, unpublishing them), miss the edits, or create new shifts
	// beside the old ones instead of changing them.
	it('run 2 with k rows changed (end time, notes or both): exactly k PATCHes, each with only the changed fields; updated for those k, unchanged for the rest', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 8), fc.boolean(), RECORD_TIMES, async (specs, shuffle, recordTimes) => {
				fresh(recordTimes);
				const made = await upsert('shift', specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i)));
				expect(made.error).toBeUndefined();
				const ids = made.json('Node').map((shift) => String(shift.id));
				f.sandbox.clearRequests();
				const changed = specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { version: 'changed' }));
				const order = specs.map((_, i) => i);
				const sent = shuffle ? shuffled(order, specs) : order;
				const result = await upsert('shift', sent.map((i) => changed[i]));
				expect(result.error).toBeUndefined();

				const patches = writes();
				expect(patches.map((r) => r.method)).toEqual(specs.filter((spec) => spec.change !== 'none').map(() => 'PATCH'));
				const bodies = new Map(patches.map((r) => [r.path, r.body as IDataObject]));
				const fieldsOf = (spec: RowSpec) => ({ none: [], end: ['end_time'], notes: ['notes'], both: ['end_time', 'notes'] })[spec.change];
				specs.forEach((spec, i) => {
					if (spec.change === 'none') return;
					const body = bodies.get(`${PATH.shift}/${ids[i]}`) ?? {};
					expect([i, Object.keys(body).sort()]).toEqual([i, fieldsOf(spec)]);
					if (body.end_time !== undefined) expect([i, Date.parse(String(body.end_time))]).toEqual([i, instants(spec).newEnd]);
					if (body.notes !== undefined) expect([i, body.notes]).toEqual([i, notesOf(spec, TAG, i, true)]);
				});
				expect(actions(result)).toEqual(sent.map((i) => (specs[i].change === 'none' ? 'unchanged' : 'updated')));
				const out = result.json('Node');
				sent.forEach((i, at) => specs[i].change !== 'none' && expect([i, [...(out[at].changed_fields as string[])].sort()]).toEqual([i, fieldsOf(specs[i])]));
				expect(held('shift')).toEqual(expected(specs, true));
			}),
			settings(20273, 12),
		);
	});

	// If this broke, a sheet that gives each shift its breaks would, after a change of end time,
	// leave the service with breaks it planned itself (the spec: a change that moves start or end
	// re-plans breaks unless it sends them), so paid hours and costs would be wrong until the next
	// run changed them back: a sync that needs two runs to settle.
	it('rows that give breaks keep them through a change of end time or notes, and a third run sends nothing', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 6, { breaks: true }), async (specs) => {
				fresh();
				const made = await upsert('shift', specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { withBreaks: true })));
				expect(made.error).toBeUndefined();
				const ids = made.json('Node').map((shift) => String(shift.id));
				const changed = specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i, { withBreaks: true, version: 'changed' }));
				const result = await upsert('shift', changed);
				expect(result.error).toBeUndefined();
				expect(held('shift')).toEqual(expected(specs, true));
				for (const [i, kept, given] of breaksHeld(specs, ids)) expect([i, kept]).toEqual([i, given]);
				f.sandbox.clearRequests();
				const third = await upsert('shift', changed);
				expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([]);
				expect(actions(third)).toEqual(specs.map(() => 'unchanged'));
			}),
			settings(20276, 8),
		);
	});
});

describe('Create or Update on the On-Demand Shift node', () => {
	// If this broke, on-demand shifts synced from a sheet would be offered twice on the second
	// run, or offered at the wrong time.
	it('run 1 creates each row once; run 2 (shuffled or not) sends nothing and says unchanged', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 6, { zoneCount: 4 }), fc.boolean(), RECORD_TIMES, async (specs, shuffle, recordTimes) => {
				fresh(recordTimes);
				const items = specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i));
				const made = await upsert('onDemandShift', items);
				expect(made.error).toBeUndefined();
				expect(actions(made)).toEqual(specs.map(() => 'created'));
				expect(held('onDemandShift')).toEqual(expected(specs));
				f.sandbox.clearRequests();
				const result = await upsert('onDemandShift', shuffle ? shuffled(items, specs) : items);
				expect(result.error).toBeUndefined();
				expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([]);
				expect(actions(result)).toEqual(specs.map(() => 'unchanged'));
				expect(held('onDemandShift')).toEqual(expected(specs));
			}),
			settings(20274, 10),
		);
	});
});

describe('Create Many under Continue On Fail on generated rows', () => {
	// If this broke, one bad row in a sheet (a position of another location, one switched off or
	// deleted, a shift over 24 hours: things only the service knows) would cost the user the good
	// rows of its batch, or create some twice when the node sends the rest again; or a refused row
	// would not come out as an error to act on.
	it('rows the service refuses come out as error items; every valid row is created exactly once; nothing doubled', async () => {
		await fc.assert(
			fc.asyncProperty(rowSpecs(year(), 10, { refusals: true }), async (specs) => {
				fresh();
				const items = specs.map((spec, i) => rowItem(spec, placeOf(spec), TAG, i));
				const result = await f.run(NODE.shift, auto('createMany'), items, { ...V2, continueOnFail: true });
				expect(result.error).toBeUndefined();
				const out = result.output('Node');
				expect(out.map((item) => item.pairedItem)).toEqual(specs.map((_, item) => ({ item })));
				const refused = specs.filter((spec) => spec.refusal !== 'none').length;
				const counts = new Map<string, number>();
				for (const line of held('shift')) counts.set(line, (counts.get(line) ?? 0) + 1);
				specs.forEach((spec, i) => {
					const { start, end } = instants(spec);
					const count = counts.get(recordLine(placeOf(spec).locationId, start, end, notesOf(spec, TAG, i))) ?? 0;
					const item = out[i].json;
					if (spec.refusal !== 'none') {
						// The service's own refusal, naming the field.
						const why = spec.refusal === 'tooLong' ? /End Time/ : /Position/;
						expect([i, spec.refusal, String(item.error), count]).toEqual([i, spec.refusal, expect.stringMatching(why), 0]);
					} else {
						// Created once, however many rows of its batch the service refused (writes.ts sendPart).
						expect([i, item.error, item.notes, count]).toEqual([i, undefined, notesOf(spec, TAG, i), 1]);
					}
				});
				// Nothing doubled, nothing else created; one request a refusal while few, then halves:
				// never more than the batch, plus one request a refused row and the halving's depth.
				expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
				expect(counts.size).toBe(out.filter((item) => item.json.error === undefined).length);
				expect(writes().length).toBeLessThanOrEqual(1 + refused * (1 + Math.ceil(Math.log2(specs.length))));
			}),
			settings(20275, 15),
		);
	});
});

/**
 * The properties' shrunk counterexamples, as fixed examples (found with SYNC_PROPERTIES_SHRINK=1).
 * The first three are issue 29 (Create or Update read the dates the times were written on, not the
 * dates at the location), which the properties above caught before its fix.
 */
describe('fixed examples', () => {
	/** One row as the shrunk counterexamples have it: a quarter of an hour at midnight in Sydney, local times. */
	const row = (date: string, changes: Partial<RowSpec> = {}): RowSpec => ({
		zone: 0,
		date,
		startSlot: 0,
		secondPass: false,
		lengthSlots: 1,
		startForm: 'local',
		endForm: 'local',
		other: 0,
		labels: false,
		named: false,
		padBefore: '',
		padAfter: '',
		breaks: 0,
		reStartForm: 'local',
		reEndForm: 'local',
		order: 0,
		change: 'none',
		newLengthSlots: 2,
		newEndForm: 'local',
		refusal: 'none',
		...changes,
	});
	const january = () => `${year()}-01-10`;

	it.each([
		['a Sydney shift at midnight on the day the clocks go back, its start written in UTC (13:00Z the day before)', 'shift', () => row(dstDays(year())['Australia/Sydney']![0], { startForm: 'Z' }), /T13:00:00Z$/],
		['a Sydney shift at midnight written at +09:30 (22:30 the day before)', 'shift', () => row(january(), { startForm: 'other', other: 5 }), /T22:30:00\+09:30$/],
		['an on-demand shift at midnight in Sydney written at +09:30 (22:30 the day before)', 'onDemandShift', () => row(january(), { startForm: 'other', other: 5 }), /T22:30:00\+09:30$/],
	] as const)('%s is found again on a re-run, not created twice', async (_what, kind: Kind, make, written) => {
		const spec = make();
		const item = rowItem(spec, placeOf(spec), TAG, 0);
		expect(String(item.start_time)).toMatch(written);
		expect(String(item.start_time).slice(0, 10)).not.toBe(spec.date);
		expect(actions(await upsert(kind, [item]))).toEqual(['created']);
		f.sandbox.clearRequests();
		expect(actions(await upsert(kind, [item]))).toEqual(['unchanged']);
		expect(writes()).toEqual([]);
		expect(held(kind)).toEqual(expected([spec]));
	});

	// Found by the breaks property: Create or Update sent only the fields that differ, so a row whose
	// end moved sent end_time without its (unchanged) breaks, and the service, as the spec says,
	// re-plans the breaks of a shift whose start or end moves: the row's break was lost, and the next
	// run found the breaks changed. The row's breaks now go with a move (upsert.ts sentFields).
	it('a Sydney shift whose row gives a break keeps it when a re-run moves its end, and a third run sends nothing', async () => {
		const spec = row(january(), { lengthSlots: 6, breaks: 1, change: 'end', newLengthSlots: 7 });
		const place = placeOf(spec);
		const first = rowItem(spec, place, TAG, 0, { withBreaks: true });
		expect(first).toMatchObject({ start_time: `${january()}T00:00`, end_time: `${january()}T01:30`, breaks: '[{"offset_minutes":"60","duration_minutes":"15","paid":false}]' });
		const made = await upsert('shift', [first]);
		const id = String(made.json('Node')[0].id);
		expect(f.sandbox.store.t.shifts.get(id)?.breaks).toEqual([{ offset_minutes: 60, duration_minutes: 15, paid: false }]);

		const changed = rowItem(spec, place, TAG, 0, { withBreaks: true, version: 'changed' });
		expect(changed).toEqual({ ...first, end_time: `${january()}T01:45` });
		expect(actions(await upsert('shift', [changed]))).toEqual(['updated']);
		expect(f.sandbox.store.t.shifts.get(id)?.breaks).toEqual([{ offset_minutes: 60, duration_minutes: 15, paid: false }]);
		f.sandbox.clearRequests();
		expect(actions(await upsert('shift', [changed]))).toEqual(['unchanged']);
		expect(writes()).toEqual([]);
	});
});
