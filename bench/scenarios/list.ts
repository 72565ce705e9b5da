/**
 * Scenario 1: listing n shifts at one location (once per BENCH_N size) with the floor, Rostering
 * Shift's Get Many with Return All, and n8n's HTTP Request node paginated as n8n's documentation
 * shows it, followed by Split Out.
 */
import { addShifts, clearShifts, shiftsAt } from '../../sandbox/bulk';
import { countRequests } from '../figures';
import { floorList } from '../floor';
import { errorOf, executionMs, itemsOut, measure, nodeTime, type Bench } from '../n8n';
import { DEFAULT_PAGE, PAGE } from '../settings';
import { httpNodeList, oursList } from '../workflows';
import { addRow, ratios } from './common';

export async function listing(b: Bench, n: number): Promise<void> {
	const scenario = `1. List ${n.toLocaleString('en')} shifts`;
	clearShifts(b.sb, b.listPlace);
	addShifts(b.sb, b.listPlace, n, { tag: `list${n}` });
	const seeded = shiftsAt(b.sb, b.listPlace).filter((s) => !s.archived).length;
	if (seeded !== n) throw new Error(`seeded ${seeded} shifts, wanted ${n}`);

	// The floor first: a warm sandbox for everyone.
	b.sb.clearRequests();
	const floor = await floorList(b, b.listPlace);
	const floorRequests = countRequests(b.sb.requests);
	addRow({ scenario, variant: 'Floor (sequential fetch, limit 200)', requests: floorRequests.total, byPath: floorRequests.byPath, minRequests: Math.ceil(n / PAGE), ms: floor.ms, records: floor.records });

	const ours = await measure(b, oursList(b.listPlace));
	const oursRow = addRow({
		scenario,
		variant: 'Rostering Shift · Get Many, Return All',
		requests: ours.requests.total,
		byPath: ours.requests.byPath,
		minRequests: Math.ceil(n / PAGE),
		ms: nodeTime(ours.execution, 'Rostering Shift'),
		executionMs: executionMs(ours.execution),
		idleBytes: ours.idleBytes,
		peakBytes: ours.peakBytes,
		records: itemsOut(ours.execution, 'Rostering Shift'),
		note: errorOf(ours.execution),
	});

	const http = await measure(b, httpNodeList(b.sb, b.listPlace));
	addRow({
		scenario,
		variant: 'HTTP Request node (docs pagination) + Split Out',
		requests: http.requests.total,
		byPath: http.requests.byPath,
		minRequests: Math.ceil(n / DEFAULT_PAGE),
		ms: nodeTime(http.execution, 'HTTP Request', 'Split Out'),
		executionMs: executionMs(http.execution),
		idleBytes: http.idleBytes,
		peakBytes: http.peakBytes,
		records: itemsOut(http.execution, 'Split Out'),
		note: errorOf(http.execution),
	});
	ratios(scenario, [oursRow]);
	clearShifts(b.sb, b.listPlace);
}
