/**
 * Benchmark of the Timesheet trigger's attendance events (issue 32): what they add to a poll, side
 * by side with the same trigger without them. Not part of `npm test`: `npm run bench:attendance`
 * prints the figures (jest's `bench` project runs it in-process, on n8n-core 2.40 against the
 * sandbox, as the workflow tests run a trigger; BENCH_BURST, BENCH_REPEAT).
 *
 * Set-up: a location of its own with BENCH_BURST finished timesheets over the last twelve days, each
 * with its shift (BENCH_WORKED: by default 100 people, six hours, no break, half an hour longer than
 * the shift, so every timesheet is a Break Not Taken and a Long Hours and every week is over; or
 * 'as rostered', 1,000 people, each as its shift with its break: no event). For each
 * repeat and each variant (the order alternating), a fresh trigger is published (it learns the
 * timesheets), polls once idle, then once after every timesheet's end moved a minute (the burst).
 * Each request takes BENCH_LATENCY_MS (20 ms) at the sandbox, as across a network. Printed: the
 * requests of an idle poll and of the burst poll by path, the minimum the burst needs (its pages
 * of 200), the items, and the burst poll's time (median), with the ratio of the two.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../test/harness';
import { addBenchLocation, addTimesheets, touchTimesheets } from '../sandbox/bulk';
import { byId, CREDENTIAL_ID, useFixture } from '../test/workflow/fixture';

const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const PAGE = 200;
const BASE = ['created', 'updated', 'removed'];
const ATTENDANCE = ['late_clock_in', 'still_clocked_in', 'break_not_taken', 'long_hours'];
const VARIANTS = { none: BASE, every: [...BASE, ...ATTENDANCE] } as const;
type Variant = keyof typeof VARIANTS;

jest.setTimeout(60 * 60_000);
const f = useFixture();

interface Run {
	idle: Record<string, number>;
	burst: Record<string, number>;
	items: Record<string, number>;
	pollMs: number;
}

const byPath = () => {
	const counts: Record<string, number> = {};
	for (const r of f.apiRequests()) counts[`${r.method} ${r.path}`] = (counts[`${r.method} ${r.path}`] ?? 0) + 1;
	return counts;
};
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function once(variant: Variant, locationId: string, ids: string[]): Promise<Run> {
	const h = new PollHarness({
		node: {
			type: 'n8n-nodes-rostering.rosteringTimesheetTrigger',
			parameters: { events: [...VARIANTS[variant]], filters: { locationId: byId(locationId) } } as never,
			credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
		},
		credentials: f.credentials as never,
	});
	if ((await h.activate()) !== null) throw new Error('the activation delivered something');
	f.sandbox.clock.advance(2_000);
	f.sandbox.clearRequests();
	if ((await h.poll()) !== null) throw new Error('the idle poll delivered something');
	const idle = byPath();
	f.sandbox.clock.advance(2_000);
	touchTimesheets(f.sandbox, ids);
	f.sandbox.clock.advance(2_000);
	f.sandbox.clearRequests();
	const started = performance.now();
	const out = ((await h.poll()) ?? []) as IDataObject[];
	const pollMs = performance.now() - started;
	const items: Record<string, number> = {};
	for (const item of out) items[`${String(item.event)}${item.kind ? ` (${String(item.kind)})` : ''}`] = (items[`${String(item.event)}${item.kind ? ` (${String(item.kind)})` : ''}`] ?? 0) + 1;
	return { idle, burst: byPath(), items, pollMs };
}

/**
 * The timesheets of the burst (BENCH_WORKED): 'long, no break' (the default, the worst case: each
 * timesheet is a Break Not Taken and a Long Hours, every person's week over) or 'as rostered' (each
 * as long as its shift with its break, 1,000 people: no attendance event, as on most days).
 */
const WORKED = process.env.BENCH_WORKED === 'as rostered' ? 'as rostered' : 'long, no break';

/** Each request of the sandbox takes this long (as a service across a network does; BENCH_LATENCY_MS). */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);

it(`the Timesheet trigger with and without the attendance events: ${BURST.toLocaleString('en')} timesheets changed at once`, async () => {
	f.sandbox.setLatency(LATENCY_MS);
	const place = addBenchLocation(f.sandbox, 'Bench attendance');
	const ids = addTimesheets(f.sandbox, place, BURST, WORKED === 'as rostered' ? { tag: 'attendance', worked: WORKED, people: 1_000 } : { tag: 'attendance' });
	const runs: Record<Variant, Run[]> = { none: [], every: [] };
	for (let repeat = 0; repeat < REPEAT; repeat++) {
		for (const variant of (repeat % 2 === 0 ? ['none', 'every'] : ['every', 'none']) as Variant[]) runs[variant].push(await once(variant, place.locationId, ids));
	}
	const lines = [
		`Timesheet trigger, ${BURST.toLocaleString('en')} timesheets changed between two polls, worked ${WORKED} (${LATENCY_MS} ms a request; medians of ${REPEAT}, side by side)`,
		'',
		'| events | idle poll: requests | burst poll: requests (by path) | minimum | items | burst poll time |',
		'|---|---|---|---|---|---|',
	];
	for (const variant of ['none', 'every'] as Variant[]) {
		const last = runs[variant][runs[variant].length - 1];
		const paths = Object.entries(last.burst).map(([path, n]) => `${path}: ${n}`).join(', ');
		// The timesheet pages (and for the events the shift pages, the employments and the locations' time zones: one list read each).
		const minimum = Math.ceil(BURST / PAGE) * (variant === 'every' ? 2 : 1) + (variant === 'every' ? 2 : 0);
		const items = Object.entries(last.items).map(([event, n]) => `${event}: ${n}`).join(', ');
		lines.push(`| ${variant === 'none' ? 'Created, Updated, Removed' : 'and every attendance event'} | ${total(last.idle)} | ${total(last.burst)} (${paths}) | ${minimum} | ${items} | ${(median(runs[variant].map((r) => r.pollMs)) / 1000).toFixed(2)} s |`);
	}
	const ratio = median(runs.every.map((r) => r.pollMs)) / median(runs.none.map((r) => r.pollMs));
	lines.push('', `Burst poll time with every attendance event on: ${ratio.toFixed(2)}× the same poll without them.`, '');
	process.stdout.write(`\n${lines.join('\n')}\n`);
	// What the figures stand on: the same items out of both, and no poll that failed to deliver.
	expect(runs.every.every((run) => (run.items.updated ?? 0) === BURST)).toBe(true);
});
