/**
 * What the scenarios share: addRow() records a measured variant and logs it, ratios() works out
 * each row's time against the floor, the HTTP Request node and the expert alternative of the same
 * scenario, and createdCheck() counts the shifts a create run left at a location (created,
 * duplicated, missing) by the tag in their notes.
 */
import { shiftsAt, type BenchPlace } from '../../sandbox/bulk';
import { rows, type Row } from '../figures';
import { type Bench } from '../n8n';
import { log, MB } from '../settings';

export function addRow(row: Row): Row {
	rows.push(row);
	log(
		`${row.scenario} · ${row.variant}: ${row.requests} requests, ${(row.ms / 1000).toFixed(2)} s` +
			(row.peakBytes ? `, peak ${MB(row.peakBytes).toFixed(0)} MB (idle ${MB(row.idleBytes ?? 0).toFixed(0)} MB)` : '') +
			(row.records !== undefined ? `, ${row.records} records` : '') +
			(row.note ? ` [${row.note}]` : ''),
	);
	return row;
}

export function ratios(scenario: string, ours: Row[]): void {
	const floor = rows.find((r) => r.scenario === scenario && r.variant.startsWith('Floor'));
	const http = rows.find((r) => r.scenario === scenario && r.variant.startsWith('HTTP Request'));
	const expert = rows.find((r) => r.scenario === scenario && r.variant.startsWith('Code node'));
	for (const row of rows.filter((r) => r.scenario === scenario)) {
		if (floor && row !== floor) row.vsFloor = row.ms / floor.ms;
		if (http && ours.includes(row)) row.vsHttpNode = row.ms / http.ms;
		if (expert && ours.includes(row)) row.vsExpert = row.ms / expert.ms;
	}
}

export function createdCheck(b: Bench, place: BenchPlace, tag: string, n: number): { created: number; duplicates: number; missing: number } {
	const mine = shiftsAt(b.sb, place).filter((s) => String(s.notes ?? '').startsWith(`${tag} `));
	const unique = new Set(mine.map((s) => s.notes));
	return { created: mine.length, duplicates: mine.length - unique.size, missing: n - unique.size };
}
