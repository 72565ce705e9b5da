/**
 * The floor every variant is compared with: a bare sequential client that lists the shifts at a
 * location with pages of 200, or creates shifts in batches of 100, straight against the sandbox
 * with fetch, one request after another and no n8n in between. Its time is the client's own.
 */
import { type BenchPlace } from '../sandbox/bulk';
import { type Bench } from './n8n';
import { BATCH, PAGE } from './settings';

export async function floorList(b: Bench, place: BenchPlace): Promise<{ ms: number; records: number }> {
	const started = performance.now();
	let after: string | undefined;
	let records = 0;
	do {
		const url = new URL(`${b.sb.url}/v1/shifts`);
		url.searchParams.set('location_id', place.locationId);
		url.searchParams.set('limit', String(PAGE));
		if (after) url.searchParams.set('after', after);
		const res = await fetch(url, { headers: { authorization: `Bearer ${b.token}`, accept: 'application/json' } });
		if (!res.ok) throw new Error(`floor: GET ${url.pathname}: ${res.status}`);
		const page = (await res.json()) as { data: unknown[]; has_more: boolean; next_cursor: string | null };
		records += page.data.length;
		after = page.has_more && page.next_cursor ? page.next_cursor : undefined;
	} while (after);
	return { ms: performance.now() - started, records };
}

export async function floorCreate(b: Bench, place: BenchPlace, input: Array<Record<string, unknown>>): Promise<{ ms: number; records: number }> {
	const started = performance.now();
	let records = 0;
	for (let i = 0; i < input.length; i += BATCH) {
		const data = input.slice(i, i + BATCH).map((r) => ({
			location_id: place.locationId,
			position_id: place.positionId,
			start_time: r.start,
			end_time: r.end,
			notes: r.notes,
		}));
		const res = await fetch(`${b.sb.url}/v1/shifts`, {
			method: 'POST',
			headers: { authorization: `Bearer ${b.token}`, accept: 'application/json', 'content-type': 'application/json' },
			body: JSON.stringify({ data }),
		});
		if (res.status !== 201) throw new Error(`floor: POST /v1/shifts: ${res.status} ${await res.text()}`);
		records += ((await res.json()) as { data: unknown[] }).data.length;
	}
	return { ms: performance.now() - started, records };
}
