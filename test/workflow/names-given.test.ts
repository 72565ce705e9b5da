/**
 * Names where ids go (issue 31, item 1): a roster kept in a spreadsheet names its locations,
 * positions and people. The write nodes take a name wherever they take an id, matched case- and
 * space-insensitively from one list read per kind and execution; a name that matches none or
 * several fails its item, naming the candidates, and nothing is sent for it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { useFixture, seedLookups } from './fixture';
import { farMonday } from './generators';

const f = useFixture();
const { locationIn, positionAt, employeesFor } = seedLookups(() => f);
const V2 = { typeVersion: 2 };
const auto = (operation: string) => ({ operation, columns: { mappingMode: 'autoMapInputData', value: null } });

const requestsTo = (path: string, method = 'GET') => f.apiRequests().filter((r: RecordedRequest) => r.method === method && r.path === path);
const writes = () => f.apiRequests().filter((r: RecordedRequest) => r.method !== 'GET');
const shiftsNoted = (prefix: string) => [...f.sandbox.store.t.shifts.values()].filter((s) => !s.archived && s.notes?.startsWith(prefix));

function sydney() {
	const location = locationIn('Australia/Sydney');
	const position = positionAt(location.id);
	const employee = employeesFor(location.id, position.id)[0];
	const name = `${employee.preferred_name ?? employee.first_name} ${employee.last_name}`;
	return { location, position, employee, name };
}

/**
 * Rows as a spreadsheet keeps them: names, form-like column names, names written loosely. A day
 * apart from the first Monday on or after 5 February (Sydney's summer time) of rowYear (the year
 * after the one 60 days from the sandbox's now): ahead of the service's now whatever the date the
 * tests run on (a started shift cannot change: 409), on days no seeded shift is on (a seeded open
 * shift would match a row; a seeded shift of the person would clash).
 */
function namedRows(tag: string, count: number): IDataObject[] {
	const { location, position, name } = sydney();
	return Array.from({ length: count }, (_, i) => {
		const day = farMonday(f.sandbox.clock.now(), '02-05', i);
		return {
			Location: `  ${location.name.toUpperCase()} `,
			Position: position.name.toLowerCase(),
			// Every other row names the person; the others are open shifts.
			Employee: i % 2 === 0 ? name.replace(' ', '   ') : '',
			'Start Time': `${day}T07:00`,
			'End Time': `${day}T15:00`,
			Notes: `${tag}-${i}`,
		};
	});
}

describe('names where ids go', () => {
	it('Create or Update takes names for location, position and employee; a re-run finds every shift and changes nothing', async () => {
		const { location, position, employee } = sydney();
		const rows = namedRows('named', 6);
		const first = await f.run('rosteringShift', auto('upsert'), rows, V2);
		expect(first.error).toBeUndefined();
		const out = first.json('Node');
		expect(out.map((item) => item.action)).toEqual(Array(6).fill('created'));
		// What was done is the first column n8n's table shows, and no row has an empty one.
		expect(Object.keys(out[0]).slice(0, 2)).toEqual(['action', 'changed_fields']);
		expect(out[0]).toMatchObject({ location_id: location.id, position_id: position.id, employee_id: employee.id });
		expect(out[0].names_given).toEqual({ location_id: String(rows[0].Location).trim(), position_id: rows[0].Position, employee_id: String(rows[0].Employee).trim() });
		expect(out[1]).toMatchObject({ employee_id: null, names_given: { location_id: String(rows[1].Location).trim(), position_id: rows[1].Position } });
		// One list read per kind for the whole run, whatever the number of rows.
		expect(requestsTo('/v1/locations')).toHaveLength(1);
		expect(requestsTo('/v1/positions')).toHaveLength(1);
		expect(requestsTo('/v1/employees')).toHaveLength(1);
		expect(shiftsNoted('named-')).toHaveLength(6);

		f.sandbox.clearRequests();
		const again = await f.run('rosteringShift', auto('upsert'), rows, V2);
		expect(again.error).toBeUndefined();
		expect(again.json('Node').map((item) => [item.action, item.changed_fields])).toEqual(Array(6).fill(['unchanged', []]));
		expect(writes()).toEqual([]);
		expect(shiftsNoted('named-')).toHaveLength(6);
	});

	it('Create Many with names sends the ids, in one batch, and rows with ids read no list', async () => {
		const { location, position } = sydney();
		const named = await f.run('rosteringShift', auto('createMany'), namedRows('many', 3), V2);
		expect(named.error).toBeUndefined();
		const posts = requestsTo('/v1/shifts', 'POST');
		expect(posts).toHaveLength(1);
		const sent = (posts[0].body as { data: IDataObject[] }).data;
		expect(sent.map((row) => [row.location_id, row.position_id])).toEqual(Array(3).fill([location.id, position.id]));

		f.sandbox.clearRequests();
		const byId = namedRows('ids', 2).map((row) => ({ ...row, Location: location.id, Position: position.id, Employee: '' }));
		const result = await f.run('rosteringShift', auto('createMany'), byId, V2);
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].names_given).toBeUndefined();
		// The location is read for its time zone (the rows' times are local), and no list is read.
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/locations/${location.id}`, 'POST /v1/shifts']);
	});

	it('a position name is looked for at the row\'s location, where several locations have one of that name', async () => {
		const perth = locationIn('Australia/Perth');
		const barista = [...f.sandbox.store.t.positions.values()].find((p) => p.location_id === perth.id && p.name === 'Barista' && !p.archived)!;
		const day = '2029-03-06';
		const result = await f.run('rosteringOnDemandShift', auto('create'), [{ location: perth.name, position: 'Barista', start_time: `${day}T09:00`, end_time: `${day}T13:00` }], V2);
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ location_id: perth.id, position_id: barista.id });
	});

	it('a name that matches nothing fails its item naming the candidates; with Continue On Fail the other rows are created once', async () => {
		const rows = namedRows('unknown', 3);
		rows[1].Position = 'Head Barista';
		const stopped = await f.run('rosteringShift', auto('createMany'), rows, V2);
		expect(stopped.error?.message).toBe('Item 1: Position: no position is named "Head Barista" at the row\'s location');
		expect((stopped.error as { description?: string }).description).toMatch(/^Nothing was sent for this item\. Give the name as the position list shows it \("Barista", "Chef", "Events Crew", "Front of House"\), or the position's id/);
		expect(writes()).toEqual([]);

		const carried = await f.run('rosteringShift', auto('createMany'), rows, { ...V2, continueOnFail: true });
		const out = carried.json('Node');
		expect(out[1].error).toBe('Item 1: Position: no position is named "Head Barista" at the row\'s location');
		expect(shiftsNoted('unknown-').map((s) => s.notes).sort()).toEqual(['unknown-0', 'unknown-2']);
	});

	it('a person\'s name shared by two people fails the item, giving both ids', async () => {
		const { location, position } = sydney();
		const [a, b] = employeesFor(location.id, position.id);
		f.sandbox.store.t.employees.get(b.id)!.first_name = a.first_name;
		f.sandbox.store.t.employees.get(b.id)!.preferred_name = a.preferred_name;
		f.sandbox.store.t.employees.get(b.id)!.last_name = a.last_name;
		const rows = namedRows('twice', 1).map((row) => ({ ...row, Employee: `${a.first_name} ${a.last_name}` }));
		const result = await f.run('rosteringShift', auto('create'), rows, V2);
		expect(result.error?.message).toBe(`Employee: "${a.first_name} ${a.last_name}" is the name of 2 employees`);
		expect((result.error as { description?: string }).description).toContain(`(${a.id})`);
		expect((result.error as { description?: string }).description).toContain(`(${b.id})`);
		expect(writes()).toEqual([]);
	});

	it('Update in Map Each Column Manually takes a position by name: the shift is read for its location only when the name is held at several', async () => {
		const { location, position } = sydney();
		const made = await f.run('rosteringShift', auto('create'), namedRows('manual', 1), V2);
		const shift = made.json('Node')[0];
		const other = [...f.sandbox.store.t.positions.values()].find((p) => p.location_id === location.id && p.id !== position.id && p.active && !p.archived)!;
		f.sandbox.clearRequests();
		const result = await f.run('rosteringShift', { operation: 'update', columns: { mappingMode: 'defineBelow', value: { id: shift.id, position_id: other.name } } }, [{}], V2);
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ id: shift.id, position_id: other.id, names_given: { position_id: other.name } });
		// Every location has a position of that name: the shift was read for its location.
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/positions', `GET /v1/shifts/${shift.id}`, `PATCH /v1/shifts/${shift.id}`]);
	});
});
