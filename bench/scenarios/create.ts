/**
 * Scenario 2: creating BENCH_CREATE_N shifts with the floor, Rostering Shift's Create Many (with
 * expressions, and version 2 with Map Automatically), Create per item, n8n's HTTP Request node
 * posting per item, and the expert's Code node building batch bodies for the HTTP Request node
 * (signed with n8n's generic OAuth2 credential, and again with this package's credential);
 * plus what n8n's expressions alone cost for the same three mapped fields (Edit Fields).
 */
import { clearShifts } from '../../sandbox/bulk';
import { type WorkflowJson } from '../../test/e2e/n8n';
import { countRequests, type Row } from '../figures';
import { floorCreate } from '../floor';
import { errorOf, executionMs, itemsOut, measure, nodeTime, type Bench } from '../n8n';
import { BATCH, CONFIG } from '../settings';
import { apiNamedRows, codeBatchesAndHttpNode, createRows, expressionsOnly, httpNodeCreate, oursCreate, oursMapped } from '../workflows';
import { addRow, createdCheck, ratios } from './common';

export async function creating(b: Bench): Promise<void> {
	const n = CONFIG.createN;
	const scenario = `2. Create ${n.toLocaleString('en')} shifts`;
	const ourRows: Row[] = [];

	clearShifts(b.sb, b.createPlace);
	b.sb.clearRequests();
	const floorInput = createRows(n, 'floor');
	const floor = await floorCreate(b, b.createPlace, floorInput);
	const floorRequests = countRequests(b.sb.requests);
	addRow({ scenario, variant: 'Floor (sequential fetch, batches of 100)', requests: floorRequests.total, byPath: floorRequests.byPath, minRequests: Math.ceil(n / BATCH), ms: floor.ms, records: floor.records });

	// The nodes whose time counts: the last one's output holds the created records (or batches).
	const variants: Array<[string, string, (rows: Array<Record<string, unknown>>) => WorkflowJson, string[], number]> = [
		['Rostering Shift · Create Many', 'many', (r) => oursCreate(b.createPlace, 'createMany', r), ['Rostering Shift'], Math.ceil(n / BATCH)],
		['Rostering Shift v2 · Create Many, Map Automatically', 'mapped', (r) => oursMapped('createMany', apiNamedRows(b.createPlace, r)), ['Rostering Shift'], Math.ceil(n / BATCH)],
		['Rostering Shift · Create (per item)', 'each', (r) => oursCreate(b.createPlace, 'create', r), ['Rostering Shift'], n],
		['HTTP Request node (POST per item)', 'http', (r) => httpNodeCreate(b.sb, b.createPlace, r), ['HTTP Request'], n],
		// The expert (ratios' "ours / Code + HTTP"): signed with n8n's generic OAuth2 credential, as a user without this package would.
		['Code node (batch bodies) + HTTP Request node, n8n\'s generic OAuth2 credential', 'expert', (r) => codeBatchesAndHttpNode(b.sb, b.createPlace, r, 'generic'), ['Batch Bodies', 'HTTP Request'], Math.ceil(n / BATCH)],
		['The same, signed with this package\'s credential', 'expert-package', (r) => codeBatchesAndHttpNode(b.sb, b.createPlace, r, 'package'), ['Batch Bodies', 'HTTP Request'], Math.ceil(n / BATCH)],
	];
	const chosen = variants.filter(([, tag]) => CONFIG.createVariants.length === 0 || CONFIG.createVariants.includes(tag));
	for (const [variant, tag, build, nodes, min] of chosen) {
		// BENCH_REPEAT runs of each (a fresh n8n each): the row is the run with the median node time.
		const runs: Array<{ m: Awaited<ReturnType<typeof measure>>; check: ReturnType<typeof createdCheck>; ms: number }> = [];
		for (let run = 0; run < CONFIG.repeat; run++) {
			clearShifts(b.sb, b.createPlace);
			const m = await measure(b, build(createRows(n, tag)));
			runs.push({ m, check: createdCheck(b, b.createPlace, tag, n), ms: nodeTime(m.execution, ...nodes) });
		}
		runs.sort((x, y) => x.ms - y.ms);
		const { m, check } = runs[Math.floor((runs.length - 1) / 2)];
		const row = addRow({
			scenario,
			variant,
			requests: m.requests.total,
			byPath: m.requests.byPath,
			minRequests: min,
			ms: nodeTime(m.execution, ...nodes),
			executionMs: executionMs(m.execution),
			idleBytes: m.idleBytes,
			peakBytes: m.peakBytes,
			records: check.created,
			note:
				[errorOf(m.execution), check.duplicates ? `${check.duplicates} duplicates` : '', check.missing ? `${check.missing} missing` : '', runs.length > 1 ? `median of ${runs.length} runs (${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s)` : '']
					.filter(Boolean)
					.join('; ') || undefined,
		});
		if (variant.startsWith('Rostering')) ourRows.push(row);
	}
	// What n8n alone spends on the mapped fields: the part of any node's time that no node can save.
	const fields = await measure(b, expressionsOnly(createRows(n, 'fields')));
	addRow({
		scenario,
		variant: "n8n's expressions alone (Edit Fields, the same 3 mapped fields)",
		requests: fields.requests.total,
		byPath: fields.requests.byPath,
		minRequests: 0,
		ms: nodeTime(fields.execution, 'Edit Fields'),
		executionMs: executionMs(fields.execution),
		idleBytes: fields.idleBytes,
		peakBytes: fields.peakBytes,
		records: itemsOut(fields.execution, 'Edit Fields'),
		note: errorOf(fields.execution),
	});
	ratios(scenario, ourRows);
	clearShifts(b.sb, b.createPlace);
}
