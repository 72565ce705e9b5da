/**
 * The Who Can Cover node against the sandbox: the people free to work a shift are exactly those the
 * rules allow (currently employed, allowed at the location, not excluded from the position, not on
 * an overlapping shift, not the person already on it), worked out here from the store; a shift the
 * Shift node gives someone takes them off the list; unknown and malformed shift ids, Limit, the
 * missing permission and the Shift picker.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { business, locationIn, positionAt } = seedLookups(() => f);
const t = () => f.sandbox.store.t;
const coverRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path.endsWith('/available-employees'));

/** Who may cover the shift, by the rules, from the store: rows as the API gives them, by id. */
function canCover(shiftId: string): IDataObject[] {
	const shift = t().shifts.get(shiftId)!;
	const busy = new Set(
		[...t().shifts.values()]
			.filter((s) => !s.archived && s.employee_id && s.id !== shift.id && s.start_time < shift.end_time && shift.start_time < s.end_time)
			.map((s) => s.employee_id),
	);
	return [...t().employees.values()]
		.filter(
			(e) =>
				e.business_id === business() &&
				e.id !== shift.employee_id &&
				!busy.has(e.id) &&
				e.shared &&
				e.employment_id !== null &&
				t().employments.get(e.employment_id)?.archived === false &&
				(e.location_ids.length === 0 || e.location_ids.includes(shift.location_id)) &&
				!e.excluded_position_ids.includes(shift.position_id),
		)
		.sort((a, b) => (a.id < b.id ? -1 : 1))
		.map((e) => ({ employee_id: e.id, first_name: e.first_name, last_name: e.last_name }));
}

async function cover(shiftId: string, extra: IDataObject = { returnAll: true }) {
	const result = await f.run('rosteringShiftCover', { operation: 'getAll', shiftId: byId(shiftId), ...extra });
	expect(result.error).toBeUndefined();
	return result.json('Node');
}
const people = (rows: IDataObject[]) => rows.map((r) => String(r.employee_id));

/** A shift made through the Shift node, far ahead of the seed. */
async function shiftAt(locationId: string, positionId: string, start: string, end: string, employeeId?: string): Promise<string> {
	const result = await f.run('rosteringShift', {
		operation: 'create',
		locationId: byId(locationId),
		positionId: byId(positionId),
		startTime: start,
		endTime: end,
		...(employeeId ? { additionalFields: { employeeId: byId(employeeId) } } : {}),
	});
	expect(result.error).toBeUndefined();
	f.sandbox.clearRequests();
	return String(result.json('Node')[0].id);
}

describe('Get Many', () => {
	it('lists exactly the people the rules allow, once each, at 200 a page, without the person on the shift', async () => {
		const now = f.sandbox.clock.now().getTime();
		const shift = [...t().shifts.values()].find((s) => s.business_id === business() && !s.archived && s.employee_id && s.start_time > now + 86_400_000)!;
		const rows = await cover(shift.id);
		expect(rows).toEqual(canCover(shift.id));
		expect(people(rows)).not.toContain(shift.employee_id);
		// The rules leave people out here: some are elsewhere at the time, some may not work at this location.
		const elsewhere = [...t().shifts.values()].filter((s) => !s.archived && s.id !== shift.id && s.employee_id && s.start_time < shift.end_time && shift.start_time < s.end_time);
		expect(elsewhere.length).toBeGreaterThan(0);
		for (const s of elsewhere) expect(people(rows)).not.toContain(s.employee_id);
		const notHere = [...t().employees.values()].filter((e) => e.business_id === business() && e.location_ids.length > 0 && !e.location_ids.includes(shift.location_id));
		expect(notHere.length).toBeGreaterThan(0);
		for (const e of notHere) expect(people(rows)).not.toContain(e.id);
		expect(coverRequests().map((r) => [r.path, r.query])).toEqual([[`/v1/shifts/${shift.id}/available-employees`, { limit: '200' }]]);
	});

	it('takes off someone the Shift node gives an overlapping shift; a shift that only touches it does not count', async () => {
		const sydney = locationIn('Australia/Sydney');
		const position = positionAt(sydney.id);
		const open = await shiftAt(sydney.id, position.id, '2030-02-05T09:00:00+11:00', '2030-02-05T15:00:00+11:00');
		const before = await cover(open);
		expect(before).toEqual(canCover(open));
		const [busy, touching] = people(before);
		await shiftAt(sydney.id, position.id, '2030-02-05T14:00:00+11:00', '2030-02-05T18:00:00+11:00', busy);
		await shiftAt(sydney.id, position.id, '2030-02-05T15:00:00+11:00', '2030-02-05T19:00:00+11:00', touching);
		const after = await cover(open);
		expect(people(after)).toEqual(people(before).filter((id) => id !== busy));
		expect(people(after)).toContain(touching);
	});

	it("leaves out people excluded from the shift's position, and people not allowed at its location", async () => {
		const excluded = [...t().employees.values()].find(
			(e) => e.business_id === business() && e.location_ids.length > 0 && e.excluded_position_ids.some((p) => t().positions.get(p)?.active && !t().positions.get(p)?.archived),
		)!;
		const banned = t().positions.get(excluded.excluded_position_ids.find((p) => t().positions.get(p)?.active)!)!;
		const other = [...t().positions.values()].find((p) => p.location_id === banned.location_id && p.id !== banned.id && p.active && !p.archived)!;
		const start = '2030-02-06T09:00:00Z';
		const end = '2030-02-06T12:00:00Z';
		const atBanned = await shiftAt(banned.location_id, banned.id, start, end);
		const atOther = await shiftAt(banned.location_id, other.id, start, end);
		const bannedRows = await cover(atBanned);
		expect(bannedRows).toEqual(canCover(atBanned));
		expect(people(bannedRows)).not.toContain(excluded.id);
		expect(people(await cover(atOther))).toContain(excluded.id);
		// Someone allowed only at this location is not offered for a shift at another one.
		const elsewhere = [...t().locations.values()].find((l) => l.business_id === business() && !l.archived && !excluded.location_ids.includes(l.id))!;
		const away = await shiftAt(elsewhere.id, positionAt(elsewhere.id).id, start, end);
		const awayRows = await cover(away);
		expect(awayRows).toEqual(canCover(away));
		expect(people(awayRows)).not.toContain(excluded.id);
	});

	it('stops at Limit, asking only for that many', async () => {
		const shift = [...t().shifts.values()].find((s) => s.business_id === business() && !s.archived && s.start_time > f.sandbox.clock.now().getTime())!;
		const rows = await cover(shift.id, { limit: 3 });
		expect(rows).toEqual(canCover(shift.id).slice(0, 3));
		expect(coverRequests().map((r) => r.query)).toEqual([{ limit: '3' }]);
	});

	it('on a 404 says the address is a guess as well as that the shift may not exist', async () => {
		const result = await f.run('rosteringShiftCover', { operation: 'getAll', returnAll: true, shiftId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('The service has nothing at /v1/shifts/{shiftId}/available-employees for shift 0123456789abcdef01234567');
		const description = (result.error as { description?: string }).description;
		expect(description).toMatch(/Either there is no shift 0123456789abcdef01234567 in this business, or the address is wrong/);
		expect(description).toMatch(/HTTP Request node and the Rostering credential/);
		expect(description).toMatch(/Request id: \S+\./);
		expect(coverRequests().map((r) => [r.path, r.status])).toEqual([['/v1/shifts/0123456789abcdef01234567/available-employees', 404]]);
	});

	it('names the permission to grant when the connection cannot read rosters', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'roster:read'));
		const shift = [...t().shifts.values()].find((s) => s.business_id === business())!;
		const result = await f.run('rosteringShiftCover', { operation: 'getAll', limit: 5, shiftId: byId(shift.id) });
		expect(result.error?.message).toBe('The connection is missing a permission: roster:read');
	});

	it.each([
		['a malformed typed id', byId('shift-1'), /A shift id is 24 lowercase hexadecimal characters/],
		['a malformed id from an expression', byId('={{ $json.shift }}'), /^Shift: "S-17" is not a shift id$/],
		['an id mapped to nothing', byId('={{ $json.nothing }}'), /^Shift is required$/],
	])('refuses %s before sending anything', async (_, shiftId, message) => {
		const result = await f.run('rosteringShiftCover', { operation: 'getAll', limit: 5, shiftId }, [{ shift: 'S-17' }]);
		expect(result.error?.message).toMatch(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	it('lists shifts to choose from with their local times, person and status, as the store has them', async () => {
		const { results } = await listSearch({
			node: {
				type: 'n8n-nodes-rostering.rosteringShiftCover',
				parameters: { operation: 'getAll' },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method: 'searchShifts',
			credentials: f.credentials as never,
		});
		expect(results.length).toBeGreaterThan(10);
		for (const r of results) {
			const s = f.sandbox.store.get('shifts', String(r.value))!;
			const who = s.employee_id ? `employee ${String(s.employee_id).slice(-6)}` : 'open shift';
			expect(r.name).toBe(`${String(s.start_time).slice(0, 16).replace('T', ' ')}–${String(s.end_time).slice(11, 16)} · ${who} · ${s.status}`);
		}
	});
});
