/**
 * The Location node against the sandbox: Get and Get Many, the filters the endpoint takes
 * (Updated Since, Include Archived), the picker, and bad input refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

/** The main business's locations as the API renders them, archived included. */
type ApiRecord = IDataObject & { id: string; updated_at: string };
const all = () => f.sandbox.store.locations as ApiRecord[];
const current = () => all().filter((l) => !l.archived);
const ids = (records: IDataObject[]) => records.map((r) => String(r.id)).sort();
const locationRequests = () => f.apiRequests().filter((r) => r.path.startsWith('/v1/locations'));

describe('Get Many', () => {
	it('returns exactly Limit locations, each with its time zone, from one request of that size', async () => {
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: false, limit: 2 });
		expect(result.error).toBeUndefined();
		const locations = result.json('Node');
		expect(locations).toHaveLength(2);
		for (const location of locations) {
			expect(location.timezone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
			expect(ids(current())).toContain(location.id);
		}
		const requests = locationRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/locations' });
		expect(requests[0].query).toEqual({ limit: '2' });
	});

	it('Return All lists every location that is not archived, asking for 200 a page', async () => {
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(current()));
		expect(result.json('Node').map((l) => l.timezone).sort()).toEqual(current().map((l) => l.timezone).sort());
		expect(locationRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('Include Archived adds the archived location', async () => {
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true, filters: { includeArchived: true } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(all()));
		expect(result.json('Node').filter((l) => l.archived)).toHaveLength(all().filter((l) => l.archived).length);
		expect(locationRequests()[0].query).toEqual({ limit: '200', include_archived: 'true' });
	});

	it('Updated Since returns the locations changed at or after that moment, and a recent archiving when archived ones are included', async () => {
		// The archived location was archived a moment ago: a change Updated Since must report.
		const archived = all().find((l) => l.archived)!;
		f.sandbox.store.t.locations.get(String(archived.id))!.updated_at = f.sandbox.clock.now().getTime() - 60_000;
		const newest = current().map((l) => String(l.updated_at)).sort((a, b) => Date.parse(b) - Date.parse(a));
		const since = newest[1];
		const changed = (list: IDataObject[]) => list.filter((l) => Date.parse(String(l.updated_at)) >= Date.parse(since));
		expect(changed(current())).toHaveLength(2);

		const withRemovals = await f.run('rosteringLocation', {
			operation: 'getAll',
			returnAll: true,
			filters: { updatedSince: since, includeArchived: true },
		});
		expect(withRemovals.error).toBeUndefined();
		expect(ids(withRemovals.json('Node'))).toEqual(ids(changed(all())));
		expect(withRemovals.json('Node')).toContainEqual(expect.objectContaining({ id: archived.id, archived: true }));
		expect(locationRequests()[0].query).toEqual({ limit: '200', updated_since: since, include_archived: 'true' });

		f.sandbox.clearRequests();
		const withoutRemovals = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true, filters: { updatedSince: since } });
		expect(ids(withoutRemovals.json('Node'))).toEqual(ids(changed(current())));
		expect(locationRequests()[0].query).toEqual({ limit: '200', updated_since: since });
	});

	it('sends an Updated Since without an offset as a moment with one', async () => {
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true, filters: { updatedSince: '2026-01-01T00:00:00' } });
		expect(result.error).toBeUndefined();
		const sent = String(locationRequests()[0].query.updated_since);
		expect(sent).toMatch(/^2026-01-01T00:00:00([+-]\d{2}:\d{2}|Z)$/);
		expect(ids(result.json('Node'))).toEqual(ids(current().filter((l) => Date.parse(String(l.updated_at)) >= Date.parse(sent))));
	});

	it('any one read permission is enough', async () => {
		f.connect(['leave:read']);
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(current().length);
	});

	it('names the permissions that would do when the credential has none of them', async () => {
		f.connect(['pay:read']);
		const result = await f.run('rosteringLocation', { operation: 'getAll', limit: 5 });
		expect(result.error?.message).toBe(
			'The connection is missing a permission: settings:read or roster:read or timesheets:read or people:read or leave:read',
		);
		expect(locationRequests().map((r) => r.status)).toEqual([403]);
	});

	it.each([
		['a Limit of 0', { limit: 0 }, 'Limit: 0 is not allowed'],
		['a Limit that is not a whole number', { limit: '={{ 2.5 }}' }, 'Limit: 2.5 is not allowed'],
		['an Updated Since that is not a time', { filters: { updatedSince: 'last tuesday' } }, 'Filters › Updated Since: "last tuesday" is not a date and time'],
		['an Updated Since mapped from a date alone', { filters: { updatedSince: '={{ "23/11/2026" }}' } }, 'Filters › Updated Since: "23/11/2026" is not a date and time'],
	])('refuses %s before sending anything', async (_, override, message) => {
		const result = await f.run('rosteringLocation', { operation: 'getAll', returnAll: false, limit: 5, ...override });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get', () => {
	it('reads one location by id, archived or not, with its time zone', async () => {
		const archived = all().find((l) => l.archived)!;
		const result = await f.run('rosteringLocation', { operation: 'get', locationId: byId(archived.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([archived]);
		expect(result.json('Node')[0]).toMatchObject({ archived: true, timezone: 'Australia/Sydney' });
		const requests = locationRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: `/v1/locations/${archived.id}`, status: 200 });
		expect(requests[0].query).toEqual({});
	});

	it('reads one location per input item from a mapped id', async () => {
		const wanted = current().slice(0, 3);
		const result = await f.run(
			'rosteringLocation',
			{ operation: 'get', locationId: byId('={{ $json.location }}') },
			wanted.map((l) => ({ location: l.id })),
		);
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((l) => l.id)).toEqual(wanted.map((l) => l.id));
		expect(result.output('Node').map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(locationRequests().map((r) => r.path).sort()).toEqual(wanted.map((l) => `/v1/locations/${l.id}`).sort());
	});

	it('says the location is not in this business for an unknown id', async () => {
		const result = await f.run('rosteringLocation', { operation: 'get', locationId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No location 0123456789abcdef01234567 in this business');
		expect(locationRequests().map((r) => r.status)).toEqual([404]);
	});

	it.each([
		['a malformed id from an expression', byId('={{ $json.id }}'), 'Location: "row-12" is not a location id'],
		['an id with capitals from an expression', byId('={{ $json.id.toUpperCase() }}'), 'Location: "ROW-12" is not a location id'],
		['an expression that gives nothing', byId('={{ $json.nothing }}'), 'Location is required'],
	])('refuses %s before sending anything, naming the field', async (_, locationId, message) => {
		const result = await f.run('rosteringLocation', { operation: 'get', locationId }, [{ id: 'row-12' }]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a malformed typed id before running (n8n checks the picker)', async () => {
		const result = await f.run('rosteringLocation', { operation: 'get', locationId: byId('12345') });
		expect(result.error?.message).toContain('A location id is 24 lowercase hexadecimal characters');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	const pick = async (filter?: string) =>
		await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringLocation',
				parameters: { operation: 'get' },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method: 'searchLocations',
			credentials: f.credentials as never,
			filter,
		});

	it('lists the locations that are not archived, each with its time zone', async () => {
		const { results } = await pick();
		expect(results.map((r) => r.value).sort()).toEqual(ids(current()));
		expect(results).toContainEqual({ name: 'South Bank Kitchen (Australia/Brisbane)', value: current().find((l) => l.name === 'South Bank Kitchen')!.id });
	});

	it('filters by what the person types', async () => {
		const { results } = await pick('bistro');
		expect(results).toEqual([{ name: 'Viaduct Harbour Bistro (Pacific/Auckland)', value: expect.stringMatching(/^[0-9a-f]{24}$/) }]);
	});
});
