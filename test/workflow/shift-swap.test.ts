/**
 * The Shift Swap node against the sandbox: one swap and the list with every filter the endpoint
 * takes, the picker, and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const swaps = () => f.sandbox.store.shiftSwaps as IDataObject[];
const swapRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/shift-swaps'));
const ids = (records: IDataObject[]) => records.map((r) => String(r.id)).sort();

describe('Get', () => {
	it('reads one swap by id', async () => {
		const swap = swaps().find((s) => s.status === 'accepted')!;
		const result = await f.run('rosteringShiftSwap', { operation: 'get', shiftSwapId: byId(String(swap.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([swap]);
		expect(swapRequests().map((r) => r.path)).toEqual([`/v1/shift-swaps/${swap.id}`]);
	});

	it('says the swap is not in this business for an unknown id (a cancelled offer is removed)', async () => {
		const result = await f.run('rosteringShiftSwap', { operation: 'get', shiftSwapId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No shift swap 0123456789abcdef01234567 in this business');
	});

	it('names the permission to grant when the connection cannot read rosters', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read'));
		const result = await f.run('rosteringShiftSwap', { operation: 'get', shiftSwapId: byId(String(swaps()[0].id)) });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read');
	});

	it.each([
		['a malformed typed id', byId('swap-1'), /A shift swap id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.swap }}'), /^Shift Swap: "S-17" is not a shift swap id$/],
		['an id mapped to nothing', byId('={{ $json.nothing }}'), /^Shift Swap is required$/],
	])('refuses %s before sending anything', async (_, shiftSwapId, message) => {
		const result = await f.run('rosteringShiftSwap', { operation: 'get', shiftSwapId }, [{ swap: 'S-17' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get Many', () => {
	it('Return All lists every swap once, at 200 a page', async () => {
		const result = await f.run('rosteringShiftSwap', { operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(swaps()));
		expect(swapRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('filters by location and status, sent as the query parameters the API names', async () => {
		const location = String(swaps()[0].location_id);
		const expected = swaps().filter((s) => s.location_id === location && s.status === 'pending');
		expect(expected.length).toBeGreaterThan(0);
		const result = await f.run('rosteringShiftSwap', {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(location), status: 'pending' },
		});
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(swapRequests()[0].query).toEqual({ location_id: location, status: 'pending', limit: '200' });
	});

	it('the Employee filter finds swaps the person offered and those they were asked to take', async () => {
		const person = String(swaps()[0].to_employee_id);
		const expected = swaps().filter((s) => s.from_employee_id === person || s.to_employee_id === person);
		const result = await f.run('rosteringShiftSwap', { operation: 'getAll', returnAll: true, filters: { employeeId: byId(person) } });
		expect(result.error).toBeUndefined();
		expect(ids(result.json('Node'))).toEqual(ids(expected));
		expect(swapRequests()[0].query).toEqual({ employee_id: person, limit: '200' });
	});

	it('filters by shift and by last change', async () => {
		const swap = swaps()[swaps().length - 1];
		const result = await f.run('rosteringShiftSwap', {
			operation: 'getAll',
			limit: 10,
			filters: { shiftId: byId(String(swap.shift_id)), updatedSince: String(swap.updated_at), includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((s) => s.id)).toContain(swap.id);
		for (const s of result.json('Node')) expect(s.shift_id).toBe(swap.shift_id);
		expect(swapRequests()[0].query).toEqual({
			shift_id: swap.shift_id,
			updated_since: swap.updated_at,
			include_archived: 'true',
			limit: '10',
		});
	});

	it.each([
		[{ filters: { shiftId: byId('={{ "shift-9" }}') } }, /^Filters › Shift: "shift-9" is not a shift id$/],
		[{ filters: { locationId: byId('={{ $json.nope }}') } }, /^Filters › Location is required$/],
		[{ filters: { updatedSince: 'since Monday' } }, /^Filters › Updated Since: "since Monday" is not a date and time$/],
		[{ limit: 1.5 }, /^Limit: 1.5 is not allowed$/],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringShiftSwap', { operation: 'getAll', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	it('lists the swaps with when they were asked, the shift and the answer, and filters by what is typed', async () => {
		const pick = async (filter?: string) =>
			await listSearch({
				node: {
					type: 'n8n-nodes-rostering.rosteringShiftSwap',
					parameters: { operation: 'get' },
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
				},
				method: 'searchShiftSwaps',
				credentials: f.credentials as never,
				filter,
			});
		const all = await pick();
		expect(all.results.map((r) => r.value).sort()).toEqual(ids(swaps()));
		const swap = swaps()[0];
		expect(all.results.find((r) => r.value === swap.id)?.name).toBe(
			`${String(swap.requested_at).slice(0, 16).replace('T', ' ')} · shift ${String(swap.shift_id).slice(-6)} · ${swap.status}`,
		);
		const rejected = await pick('rejected');
		expect(rejected.results.map((r) => r.value).sort()).toEqual(ids(swaps().filter((s) => s.status === 'rejected')));
	});
});
