/**
 * What the bench collects as it goes: one Row per measured variant of the list, create and upsert
 * scenarios, the trigger scenario's figures (Say What Changed on and off), and the rate-limit
 * scenario's rows, all gathered here for the report and bench/results/latest.json; and
 * countRequests(), which tallies the API and OAuth requests the sandbox recorded for a run.
 */
import { type RecordedRequest } from '../sandbox';

export interface Row {
	scenario: string;
	variant: string;
	/** Requests the sandbox received for the run (API and OAuth), by "METHOD path". */
	requests: number;
	byPath: Record<string, number>;
	minRequests?: number;
	/** The node's own time (executionTime in runData), or the client's for the floor. */
	ms: number;
	/** The execution's startedAt → stoppedAt, when there is one. */
	executionMs?: number;
	idleBytes?: number;
	peakBytes?: number;
	records?: number;
	note?: string;
	vsFloor?: number;
	vsHttpNode?: number;
	/** Ours against the expert alternative (Code node building batch bodies + HTTP Request node). */
	vsExpert?: number;
}

export const rows: Row[] = [];
/** The trigger scenario's figures, with Say What Changed on (the default) and off. */
export const triggerFacts: Record<string, Record<string, unknown>> = {};
export const rateRows: Array<Record<string, unknown>> = [];

export function countRequests(requests: RecordedRequest[]): { total: number; byPath: Record<string, number>; statuses: Record<string, number> } {
	const byPath: Record<string, number> = {};
	const statuses: Record<string, number> = {};
	let total = 0;
	for (const r of requests) {
		if (!r.path.startsWith('/v1/') && !r.path.startsWith('/oauth/')) continue;
		total++;
		const key = `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, ':id')}`;
		byPath[key] = (byPath[key] ?? 0) + 1;
		statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
	}
	return { total, byPath, statuses };
}
