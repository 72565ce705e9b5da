/**
 * The Position node against the sandbox: Get and Get Many with the filters the endpoint takes
 * (Location, Updated Since, Include Archived), rate_modifier only with pay:read, the picker, and
 * bad input refused before anything is sent.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

/** The main business's positions as the API renders them with pay:read, archived included. */
type ApiRecord = IDataObject & { id: string; updated_at: string };
const all = () => f.sandbox.store.positions as ApiRecord[];
const current = () => all().filter((p) => !p.archived);
const ids = (records: IDataObject[]) => records.map((r) => String(r.id)).sort();
const locationIn = (timezone: string) => (f.sandbox.store.locations as ApiRecord[]).find((l) => l.timezone === timezone && !l.archived)!;
const positionRequests = () => f.apiRequests().filter((r) => r.path.startsWith('/v1/positions'));
const withoutPay = () => f.connect(ALL_PERMISSIONS.filter((p) => p !== 'pay:read'));

describe('Get Many', () => {
	it('returns exactly Limit positions from one request of that size', async () => {
		const result = await f.run('rosteringPosition', { operation: 'getAll', returnAll: false, limit: 3 });
		expect(result.error).toBeUndefined();
		const positions = result.json('Node');
		expect(positions).toHaveLength(3);
		for (const position of positions) expect(ids(current())).toContain(position.id);
		const requests = positionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/positions', status: 200 });
		expect(requests[0].query).toEqual({ limit: '3' });
	});

	it('Return All with a Location lists that location\'s positions, archived ones left out', async () => {
		const location = locationIn('Australia/Perth');
		const result = await f.run('rosteringPosition', { operation: 'getAll', returnAll: true, filters: { locationId: byId(location.id) } });
		expect(result.error).toBeUndefined();
		const expected = current().filter((p) => p.location_id === location.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(result.json('Node').every((p) => p.location_id === location.id)).toBe(true);
		expect(positionRequests().map((r) => r.query)).toEqual([{ limit: '200', location_id: location.id }]);
	});

	it('Include Archived adds the archived positions', async () => {
		const location = locationIn('Pacific/Auckland');
		const result = await f.run('rosteringPosition', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(location.id), includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		const expected = all().filter((p) => p.location_id === location.id);
		expect(expected.some((p) => p.archived)).toBe(true);
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(positionRequests()[0].query).toEqual({ limit: '200', location_id: location.id, include_archived: 'true' });
	});

	it('Updated Since returns only the positions changed at or after that moment', async () => {
		const newest = current().map((p) => String(p.updated_at)).sort((a, b) => Date.parse(b) - Date.parse(a));
		const since = newest[3];
		const expected = current().filter((p) => Date.parse(String(p.updated_at)) >= Date.parse(since));
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(current().length);
		const result = await f.run('rosteringPosition', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(positionRequests()[0].query).toEqual({ limit: '200', updated_since: since });
	});

	it('leaves rate_modifier out of every position when the credential lacks pay:read', async () => {
		withoutPay();
		const result = await f.run('rosteringPosition', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(current().length);
		expect(result.json('Node').filter((p) => 'rate_modifier' in p)).toEqual([]);
	});

	it.each([
		['a Location that is not an id', { filters: { locationId: byId('={{ "Fremantle" }}') } }, 'Filters › Location: "Fremantle" is not a location id'],
		['an Updated Since that is not a time', { filters: { updatedSince: 'since Monday' } }, 'Filters › Updated Since: "since Monday" is not a date and time'],
		['a Limit of 0', { limit: 0 }, 'Limit: 0 is not allowed'],
		['a Limit mapped from text', { limit: '={{ "ten" }}' }, 'Limit: "ten" is not allowed'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await f.run('rosteringPosition', { operation: 'getAll', returnAll: false, limit: 5, ...override });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get', () => {
	it('reads one position by id, archived or not, with rate_modifier when the credential has pay:read', async () => {
		const position = all().find((p) => p.archived)!;
		expect(typeof position.rate_modifier).toBe('number');
		const result = await f.run('rosteringPosition', { operation: 'get', positionId: byId(position.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([position]);
		const requests = positionRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `/v1/positions/${position.id}`, status: 200 });
		expect(requests[0].query).toEqual({});
	});

	it('reads the same position without rate_modifier when the credential lacks pay:read', async () => {
		withoutPay();
		const { rate_modifier: _, ...expected } = current()[0];
		const result = await f.run('rosteringPosition', { operation: 'get', positionId: byId(current()[0].id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expected]);
		expect(result.json('Node')[0]).not.toHaveProperty('rate_modifier');
	});

	it('says the position is not in this business for an unknown id', async () => {
		const result = await f.run('rosteringPosition', { operation: 'get', positionId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No position 0123456789abcdef01234567 in this business');
		expect(positionRequests().map((r) => r.status)).toEqual([404]);
	});

	it('names the permissions that would do when the credential has none of them', async () => {
		f.connect(['pay:read', 'roster:write']);
		const result = await f.run('rosteringPosition', { operation: 'get', positionId: byId(current()[0].id) });
		expect(result.error?.message).toBe(
			'The connection is missing a permission: settings:read or roster:read or timesheets:read or people:read or leave:read',
		);
	});

	it.each([
		['a malformed id from an expression', byId('={{ $json.id }}'), 'Position: "barista" is not a position id'],
		['an id one character short', byId(`={{ "${'a'.repeat(23)}" }}`), `Position: "${'a'.repeat(23)}" is not a position id`],
		['an expression that gives nothing', byId('={{ $json.nothing }}'), 'Position is required'],
	])('refuses %s before sending anything, naming the field', async (_, positionId, message) => {
		const result = await f.run('rosteringPosition', { operation: 'get', positionId }, [{ id: 'barista' }]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a malformed typed id before running (n8n checks the picker)', async () => {
		const result = await f.run('rosteringPosition', { operation: 'get', positionId: byId('barista') });
		expect(result.error?.message).toContain('A position id is 24 lowercase hexadecimal characters');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('pickers', () => {
	const pick = async (method: string, parameters: INodeParameters, filter?: string) =>
		await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringPosition',
				parameters,
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method,
			credentials: f.credentials as never,
			filter,
		});

	it('Get lists every position that is not archived, inactive ones marked', async () => {
		const { results } = await pick('searchPositions', { operation: 'get' });
		expect(results.map((r) => r.value).sort()).toEqual(ids(current()));
		const inactive = current().find((p) => p.active === false)!;
		const where = f.sandbox.store.locations.find((l) => l.id === inactive.location_id)!;
		// Names repeat across locations, so without a chosen location each says where it is.
		expect(results).toContainEqual({ name: `${String(inactive.name)} · ${String(where.name)} (inactive)`, value: inactive.id });
		expect(positionRequests()[0]?.query).toEqual({ limit: '200' });
	});

	it('Get narrows the list to the positions of the Location chosen above it', async () => {
		const location = locationIn('Australia/Brisbane');
		const { results } = await pick('searchPositions', { operation: 'get', locationId: { __rl: true, mode: 'list', value: location.id } });
		expect(results.map((r) => r.value).sort()).toEqual(ids(current().filter((p) => p.location_id === location.id)));
		expect(positionRequests()[0]?.query).toEqual({ limit: '200', location_id: location.id });
	});

	it('Get leaves the Location out of the request: it only narrows the picker', async () => {
		const position = current().find((p) => p.location_id === locationIn('Australia/Perth').id)!;
		const result = await f.run('rosteringPosition', {
			operation: 'get',
			locationId: byId(locationIn('Australia/Brisbane').id),
			positionId: byId(position.id),
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([position]);
		expect(positionRequests().map((r) => [r.path, r.query])).toEqual([[`/v1/positions/${position.id}`, {}]]);
	});

	it('filters positions by what the person types', async () => {
		const { results } = await pick('searchPositions', { operation: 'get' }, 'chef');
		const chefs = current().filter((p) => String(p.name).toLowerCase().includes('chef'));
		expect(chefs.length).toBeGreaterThan(0);
		expect(results.map((r) => r.value).sort()).toEqual(ids(chefs));
	});

	it('the Location filter of Get Many picks from the locations', async () => {
		const { results } = await pick('searchLocations', { operation: 'getAll' }, 'kitchen');
		expect(results).toEqual([{ name: 'South Bank Kitchen (Australia/Brisbane)', value: locationIn('Australia/Brisbane').id }]);
	});
});
