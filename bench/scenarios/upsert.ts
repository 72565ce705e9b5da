/**
 * Scenario 3: Rostering Shift version 2's Create or Update (Map Automatically) over
 * BENCH_CREATE_N rows of which a tenth are changed and a tenth are new, against the fewest requests
 * it could need, with what it did to each row (created, updated, unchanged).
 */
import { clearShifts, shiftsAt } from '../../sandbox/bulk';
import { errorOf, executionMs, measure, nodeTime, type Bench } from '../n8n';
import { BATCH, CONFIG, PAGE } from '../settings';
import { oursMapped } from '../workflows';
import { addRow } from './common';

/**
 * Scenario 3 (issue 21): Create or Update of n rows (Map Automatically) of which a tenth are
 * changed and a tenth are new; the rest exist as they are. The minimum: the existing shifts of the
 * rows' span read at 200 a page (the span kept within one 92-day window), one batch create per 100
 * new rows, one update per changed row, nothing for the others.
 */
export async function upserting(b: Bench): Promise<void> {
	const n = CONFIG.createN;
	const scenario = `3. Create or Update ${n.toLocaleString('en')} rows (${n / 10} changed, ${n / 10} new)`;
	const place = b.createPlace;
	clearShifts(b.sb, place);
	// Two-hourly, so that 1,000 rows span 84 days: one window of the list.
	const base = Date.UTC(2032, 0, 5, 0, 0, 0);
	const rowsFor = (tag: string) =>
		Array.from({ length: n }, (_, i) => {
			const start = new Date(base + i * 2 * 3_600_000);
			const iso = (d: Date) => d.toISOString().replace('.000Z', '+00:00');
			return { location_id: place.locationId, position_id: place.positionId, start_time: iso(start), end_time: iso(new Date(start.getTime() + 3_600_000)), notes: `${tag} ${i}` };
		});
	const existing = n - n / 10;
	const seeded = await measure(b, oursMapped('createMany', rowsFor('sync').slice(0, existing)));
	const seedError = errorOf(seeded.execution);
	if (seedError) throw new Error(`seeding the existing shifts failed: ${seedError}`);
	// A tenth changed (their notes), a tenth new, the rest as they are.
	const input = rowsFor('sync').map((row, i) => (i % 9 === 0 && i < existing ? { ...row, notes: `${String(row.notes)} changed` } : row));
	const changed = input.filter((row) => String(row.notes).endsWith('changed')).length;
	const m = await measure(b, oursMapped('upsert', input));
	const actions: Record<string, number> = {};
	for (const item of m.execution.data.resultData.runData['Rostering Shift']?.[0]?.data?.main?.[0] ?? []) {
		const action = String(item.json.action ?? 'error');
		actions[action] = (actions[action] ?? 0) + 1;
	}
	const pages = Math.ceil(existing / PAGE);
	const min = pages + Math.ceil((n - existing) / BATCH) + changed;
	const stored = shiftsAt(b.sb, place).filter((s) => String(s.notes ?? '').startsWith('sync '));
	addRow({
		scenario,
		variant: 'Rostering Shift v2 · Create or Update, Map Automatically',
		requests: m.requests.total,
		byPath: m.requests.byPath,
		minRequests: min,
		ms: nodeTime(m.execution, 'Rostering Shift'),
		executionMs: executionMs(m.execution),
		idleBytes: m.idleBytes,
		peakBytes: m.peakBytes,
		records: stored.length,
		note:
			[
				errorOf(m.execution),
				`created ${actions.created ?? 0}, updated ${actions.updated ?? 0}, unchanged ${actions.unchanged ?? 0}`,
				Object.entries(m.requests.byPath).map(([path, count]) => `${count} ${path}`).join(', '),
				stored.length !== n ? `${stored.length} stored, not ${n}` : '',
			]
				.filter(Boolean)
				.join('; '),
	});
	clearShifts(b.sb, place);
}
