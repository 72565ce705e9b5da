/**
 * The Award node against the sandbox: one award by id and the list with its filters, compared
 * with the sandbox's award table; the awards positions and employments name are all in the list;
 * the picker; an unknown or malformed id and a connection without permission refused.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const awards = () => [...f.sandbox.store.t.awards.values()];
/** An award as the node outputs it, its times read back as instants to compare with the table. */
const asStored = (a: IDataObject) => ({
	id: a.id,
	code: a.code,
	name: a.name,
	archived: a.archived,
	created_at: Date.parse(String(a.created_at)),
	updated_at: Date.parse(String(a.updated_at)),
});
const awardRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/awards'));
const ids = (records: { id?: unknown }[]) => records.map((r) => String(r.id)).sort();

/**
 * Neither the API nor the sandbox's manager changes awards, so two are added to the sandbox's
 * table as the service would hold them: one renamed an hour ago, one retired a week ago.
 */
function addAwards() {
	// Whole seconds, as the service keeps its times.
	const now = Math.floor(f.sandbox.clock.now().getTime() / 1000) * 1000;
	const base = awards()[0];
	const recent = { id: 'a0a0a0a0a0a0a0a0a0a0a0a1', code: 'MA000003', name: 'Fast Food Industry Award 2010', archived: false, created_at: base.created_at, updated_at: now - 3_600_000 };
	const retired = { id: 'a0a0a0a0a0a0a0a0a0a0a0a2', code: 'MA000119', name: 'Restaurant Industry Award 2020', archived: true, created_at: base.created_at, updated_at: now - 7 * 86_400_000 };
	f.sandbox.store.t.awards.set(recent.id, recent);
	f.sandbox.store.t.awards.set(retired.id, retired);
	return { base, recent, retired, now };
}

describe('Get', () => {
	it('reads one award by id, as the table holds it', async () => {
		const award = awards()[0];
		const result = await f.run('rosteringAward', { operation: 'get', awardId: byId(award.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map(asStored)).toEqual([award]);
		expect(award).toMatchObject({ code: 'MA000009', name: 'Hospitality Industry (General) Award 2020' });
		expect(awardRequests().map((r) => r.path)).toEqual([`/v1/awards/${award.id}`]);
	});

	it('on an unknown id says the award may not exist or the guessed address may be wrong', async () => {
		const result = await f.run('rosteringAward', { operation: 'get', awardId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('The service has nothing at /v1/awards/{id} for award 0123456789abcdef01234567');
	});

	it.each([
		['a malformed typed id', byId('MA000009'), /An award id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.award }}'), /^Award: "MA000009" is not an award id$/],
		['an id mapped to nothing', byId('={{ $json.nothing }}'), /^Award is required$/],
	])('refuses %s before sending anything', async (_, awardId, message) => {
		const result = await f.run('rosteringAward', { operation: 'get', awardId }, [{ award: 'MA000009' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('reads with people:read alone, and names both permissions when the connection has neither', async () => {
		const award = awards()[0];
		f.connect(['people:read']);
		expect((await f.run('rosteringAward', { operation: 'get', awardId: byId(award.id) })).error).toBeUndefined();
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'settings:read' && p !== 'people:read'));
		const result = await f.run('rosteringAward', { operation: 'get', awardId: byId(award.id) });
		expect(result.error?.message).toBe('The connection is missing a permission: settings:read or people:read');
	});
});

describe('Get Many', () => {
	it('Return All lists every current award once, at 200 a page, and holds every award positions and employments name', async () => {
		const { base, recent } = addAwards();
		const result = await f.run('rosteringAward', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const listed = result.json('Node');
		expect(listed.map(asStored).sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))).toEqual([recent, base].sort((a, b) => (a.id < b.id ? -1 : 1)));
		expect(awardRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
		const positions = (f.sandbox.store.positions as IDataObject[]).filter((p) => p.award_id);
		expect(positions.length).toBeGreaterThan(0);
		for (const p of positions) expect(ids(listed)).toContain(p.award_id);
		const codes = (f.sandbox.store.employments as IDataObject[]).map((e) => e.award_code).filter(Boolean);
		expect(codes.length).toBeGreaterThan(0);
		for (const code of codes) expect(listed.map((a) => a.code)).toContain(code);
	});

	it('stops at Limit, asking only for that many', async () => {
		addAwards();
		const result = await f.run('rosteringAward', { operation: 'getAll', limit: 1 });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(1);
		expect(awardRequests().map((r) => r.query.limit)).toEqual(['1']);
	});

	it('filters by last change and includes retired awards when asked, sent as the API names them', async () => {
		const { recent, retired, now } = addAwards();
		const since = new Date(now - 2 * 3_600_000).toISOString();
		const changed = await f.run('rosteringAward', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(changed.error).toBeUndefined();
		expect(changed.json('Node').map(asStored)).toEqual([recent]);
		expect(awardRequests()[0].query).toEqual({ updated_since: expect.any(String), limit: '200' });
		expect(Date.parse(String(awardRequests()[0].query.updated_since))).toBe(Date.parse(since));
		f.sandbox.clearRequests();
		const all = await f.run('rosteringAward', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
		expect(ids(all.json('Node'))).toEqual(ids(awards()));
		expect(all.json('Node').map(asStored)).toContainEqual(retired);
		expect(awardRequests()[0].query).toEqual({ include_archived: 'true', limit: '200' });
	});

	it.each([
		[{ filters: { updatedSince: 'last week' } }, /^Filters › Updated Since: "last week" is not a date and time$/],
		[{ limit: 2.5 }, /^Limit: 2.5 is not allowed$/],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringAward', { operation: 'getAll', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	it('lists the current awards as name (code), and filters by what is typed', async () => {
		const { base, recent } = addAwards();
		const pick = async (filter?: string) =>
			await listSearch({
				node: {
					type: 'n8n-nodes-rostering.rosteringAward',
					parameters: { operation: 'get' },
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
				},
				method: 'searchAwards',
				credentials: f.credentials as never,
				filter,
			});
		const all = await pick();
		expect([...all.results].sort((a, b) => (a.value < b.value ? -1 : 1))).toEqual(
			[base, recent].map((a) => ({ name: `${a.name} (${a.code})`, value: a.id })).sort((a, b) => (a.value < b.value ? -1 : 1)),
		);
		expect((await pick('ma000003')).results).toEqual([{ name: 'Fast Food Industry Award 2010 (MA000003)', value: recent.id }]);
	});
});
