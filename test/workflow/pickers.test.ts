/**
 * The pickers ("From list") behind every id field, run as the editor runs them (a LoadOptionsContext)
 * against the sandbox: what a person sees in the list, and that typing filters it.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture({ fresh: false });

async function pick(method: string, parameters: IDataObject = {}, filter?: string) {
	return await listSearch({
		node: {
			type: 'n8n-nodes-rostering.rosteringShift',
			parameters: { operation: 'create', ...parameters },
			credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
		},
		method,
		credentials: f.credentials as never,
		filter,
	});
}

it('lists the locations with their time zones, archived ones left out', async () => {
	const { results } = await pick('searchLocations');
	const expected = f.sandbox.store.locations.filter((l) => !l.archived);
	expect(results.map((r) => r.value).sort()).toEqual(expected.map((l) => l.id).sort());
	expect(results.map((r) => r.name)).toContain('Circular Quay Café (Australia/Sydney)');
});

it('filters locations by what the person types', async () => {
	const { results } = await pick('searchLocations', {}, 'wharf');
	expect(results).toEqual([{ name: 'Fremantle Wharf Bar (Australia/Perth)', value: expect.stringMatching(/^[0-9a-f]{24}$/) }]);
});

it('lists only the positions of the location chosen in the node', async () => {
	const location = f.sandbox.store.locations.find((l) => l.timezone === 'Australia/Brisbane')!;
	f.sandbox.clearRequests();
	const { results } = await pick('searchPositions', { locationId: { __rl: true, mode: 'list', value: location.id } });
	const expected = f.sandbox.store.positions.filter((p) => p.location_id === location.id && !p.archived);
	expect(results.map((r) => r.value).sort()).toEqual(expected.map((p) => p.id).sort());
	expect(f.sandbox.requests[0].query).toMatchObject({ location_id: location.id });
});

it('lists employees by the name they go by', async () => {
	const { results } = await pick('searchEmployees');
	expect(results).toHaveLength(f.sandbox.store.employees.length);
	const employee = f.sandbox.store.employees[0] as IDataObject;
	expect(results).toContainEqual({ name: `${employee.preferred_name || employee.first_name} ${employee.last_name}`, value: employee.id });
});

it('lists upcoming shifts with their local times', async () => {
	const { results } = await pick('searchShifts');
	expect(results.length).toBeGreaterThan(10);
	expect(results[0].name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2} · (employee [0-9a-f]{6}|open shift) · \w+$/);
});
