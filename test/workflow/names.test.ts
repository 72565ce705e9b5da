/**
 * Options › Add Names against the sandbox: a readable name beside each employee, location and
 * position id of what the read operations output (shifts, timesheets, who's on, shift swaps,
 * timesheet totals, projects, a single Get), each name worked out here from the sandbox's own
 * tables; one list read per kind of name per execution however many items and records, and none
 * of a kind the records do not need; a new execution reads again; a refused list says what to do;
 * the option off sends nothing more. Also: every resource the option is offered for carries such
 * ids in the records the sandbox renders, and the others do not; and the demo's Who's On and
 * approved-hours examples (demo/workflows.ts) read with names, run here with stand-ins for n8n's
 * Schedule Trigger, Edit Fields and Filter (test/e2e/demo.test.ts runs them in a real n8n).
 */
import { DateTime } from 'luxon';
import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType } from 'n8n-workflow';

import { exampleWorkflows, LOCAL_ISO, shiftLine } from '../../demo/workflows';
import { dstDays, rowYear } from './generators';
import { NAMED_FIELDS, NAMED_RESOURCES } from '../../nodes/shared/editor/names';
import { addNamesOption } from '../../nodes/shared/editor/fields';
import { RESOURCES, type ResourceKey } from '../../nodes/shared/resources';
import { registerNodeType, runWorkflow } from '../harness';
import { api } from '../../sandbox/helpers';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { business, locationIn, positionAt } = seedLookups(() => f);
const t = () => f.sandbox.store.t;
const week = (days: number) => DateTime.fromISO(f.sandbox.anchorWeek).plus({ days }).toISODate()!;

/** The name the node should put beside an id, from the sandbox's tables. */
function nameOf(kind: 'employee' | 'location' | 'position', id: unknown): string | null {
	if (typeof id !== 'string') return null;
	if (kind === 'employee') {
		const e = t().employees.get(id);
		// Someone who has left is no longer shared: the list does not hold them.
		return e && e.shared ? `${e.preferred_name || e.first_name} ${e.last_name}` : null;
	}
	return (kind === 'location' ? t().locations.get(id)?.name : t().positions.get(id)?.name) ?? null;
}

/**
 * Each record as the node should output it: the record, with each name right after its id (lists
 * of names after lists of ids). `fields` are the id fields the records must carry.
 */
function expectNamed(records: IDataObject[], fields: string[]): void {
	expect(records.length).toBeGreaterThan(0);
	for (const record of records) {
		const keys = Object.keys(record);
		for (const id of fields) expect(keys).toContain(id);
		for (const field of NAMED_FIELDS.filter((n) => n.id in record)) {
			const value = record[field.id];
			const expected = Array.isArray(value) ? value.map((v) => nameOf(field.kind, v)) : nameOf(field.kind, value);
			expect({ [field.name]: record[field.name] }).toEqual({ [field.name]: expected });
			expect(keys.indexOf(field.name)).toBe(keys.indexOf(field.id) + 1);
		}
		// Beside a location's name, its time zone, for showing the record's times at the location.
		if ('location_id' in record) {
			const zone = record.location_id === null ? null : (t().locations.get(String(record.location_id))?.timezone ?? null);
			expect({ location_timezone: record.location_timezone }).toEqual({ location_timezone: zone });
			expect(keys.indexOf('location_timezone')).toBe(keys.indexOf('location_name') + 1);
		}
	}
}

/** The records without the names: what the node outputs with the option off. */
function withoutNames(records: IDataObject[]): IDataObject[] {
	const names = new Set([...NAMED_FIELDS.map((n) => n.name), 'location_timezone']);
	return records.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => !names.has(key))));
}

const listReads = (path: string) => f.apiRequests().filter((r) => r.method === 'GET' && r.path === path);
const nameReads = () => ({
	employees: listReads('/v1/employees').length,
	locations: listReads('/v1/locations').length,
	positions: listReads('/v1/positions').length,
});
const addNames = { options: { addNames: true } };

describe('names beside the ids', () => {
	it('Get Many of shifts: employee, location and position names; null for an open shift', async () => {
		const result = await f.run('rosteringShift', { operation: 'getAll', returnAll: true, filters: { from: week(0), to: week(6) }, ...addNames });
		expect(result.error).toBeUndefined();
		const shifts = result.json('Node');
		expectNamed(shifts, ['employee_id', 'location_id', 'position_id']);
		const open = shifts.find((s) => s.employee_id === null);
		expect(open).toMatchObject({ employee_id: null, employee_name: null, location_name: expect.any(String), position_name: expect.any(String) });
		expect(shifts.filter((s) => s.employee_name !== null).length).toBeGreaterThan(0);
		// Everything else is as the service sent it.
		const plain = await f.run('rosteringShift', { operation: 'getAll', returnAll: true, filters: { from: week(0), to: week(6) } });
		expect(withoutNames(shifts)).toEqual(plain.json('Node'));
		// The lists, each read once, whole, at 200 a page; archived locations and positions too.
		expect(listReads('/v1/employees').map((r) => r.query)).toEqual([{ limit: '200' }]);
		expect(listReads('/v1/locations').map((r) => r.query)).toEqual([{ limit: '200', include_archived: 'true' }]);
		expect(listReads('/v1/positions').map((r) => r.query)).toEqual([{ limit: '200', include_archived: 'true' }]);
	});

	it('Get of one shift worked by someone who has since left: the id stays, the name is null', async () => {
		const left = [...t().employees.values()].find((e) => e.business_id === business() && !e.shared)!;
		const shift = [...t().shifts.values()].find((s) => s.employee_id === left.id)!;
		expect(shift).toBeDefined();
		const result = await f.run('rosteringShift', { operation: 'get', shiftId: byId(shift.id), ...addNames });
		expect(result.error).toBeUndefined();
		const [named] = result.json('Node');
		expect(named).toMatchObject({ id: shift.id, employee_id: left.id, employee_name: null });
		expectNamed([named], ['employee_id', 'location_id', 'position_id']);
	});

	it('Get Many of timesheets', async () => {
		const result = await f.run('rosteringTimesheet', { operation: 'getAll', returnAll: false, limit: 100, filters: { from: week(-7), to: week(-1) }, ...addNames });
		expect(result.error).toBeUndefined();
		expectNamed(result.json('Node'), ['employee_id', 'location_id', 'position_id']);
	});

	it("Who's On reads as names: who, since when, where", async () => {
		const result = await f.run('rosteringWhosOn', { operation: 'getAll', returnAll: true, ...addNames });
		expect(result.error).toBeUndefined();
		const rows = result.json('Node');
		expectNamed(rows, ['employee_id', 'location_id', 'position_id']);
		for (const row of rows) {
			expect(row.employee_name).toEqual(expect.any(String));
			expect(row.location_name).toEqual(expect.any(String));
		}
	});

	it('Get Many of shift swaps: who offered, who was asked, and where', async () => {
		const result = await f.run('rosteringShiftSwap', { operation: 'getAll', returnAll: true, ...addNames });
		expect(result.error).toBeUndefined();
		const swaps = result.json('Node');
		expectNamed(swaps, ['from_employee_id', 'to_employee_id', 'location_id']);
		expect(Object.keys(swaps[0])).toEqual(expect.arrayContaining(['from_employee_name', 'to_employee_name', 'location_name']));
		// No position on a swap: positions are not read.
		expect(nameReads()).toEqual({ employees: 1, locations: 1, positions: 0 });
	});

	it('Get of timesheet totals: one employee name per row, and only the employee list is read', async () => {
		const result = await f.run('rosteringTimesheetTotal', { operation: 'get', from: week(-14), to: week(-1), ...addNames });
		expect(result.error).toBeUndefined();
		expectNamed(result.json('Node'), ['employee_id']);
		expect(nameReads()).toEqual({ employees: 1, locations: 0, positions: 0 });
	});

	it('Get Many of projects: a list of names beside the list of ids', async () => {
		const result = await f.run('rosteringProject', { operation: 'getAll', returnAll: true, ...addNames });
		expect(result.error).toBeUndefined();
		const projects = result.json('Node');
		expectNamed(projects, ['employee_ids']);
		const team = projects.find((p) => (p.employee_ids as string[]).length > 0)!;
		expect((team.employee_names as string[]).length).toBe((team.employee_ids as string[]).length);
		expect(nameReads()).toEqual({ employees: 1, locations: 0, positions: 0 });
	});
});

describe('one list read per kind per execution', () => {
	/** Five input items, each listing 60 shifts of a different week: 300 shifts. */
	const fiveWeeks = () => [0, 1, 2, 3, 4].map((w) => ({ from: week(-7 * (w + 1)), to: week(-7 * w - 1) }));
	const getMany = (items: IDataObject[], options: IDataObject = addNames) =>
		f.run('rosteringShift', { operation: 'getAll', returnAll: false, limit: 60, filters: { from: '={{ $json.from }}', to: '={{ $json.to }}' }, ...options }, items);

	it('300 shifts over five items read each list of names once, for all of them', async () => {
		const result = await getMany(fiveWeeks());
		expect(result.error).toBeUndefined();
		const shifts = result.json('Node');
		expect(shifts).toHaveLength(300);
		expect(new Set(shifts.map((s) => s.id)).size).toBe(300);
		expectNamed(shifts, ['employee_id', 'location_id', 'position_id']);
		expect(result.output('Node').map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 1, 2, 3, 4].flatMap((i) => Array(60).fill(i)));
		const pages = (n: number) => Math.ceil(n / 200);
		const employees = [...t().employees.values()].filter((e) => e.business_id === business() && e.shared).length;
		expect(nameReads()).toEqual({ employees: pages(employees), locations: 1, positions: 1 });
		expect(listReads('/v1/shifts')).toHaveLength(5);
	});

	it('a second execution reads the lists again (nothing is kept between executions)', async () => {
		await getMany(fiveWeeks().slice(0, 2));
		expect(nameReads()).toEqual({ employees: 1, locations: 1, positions: 1 });
		// A name changed between the runs shows in the second.
		const shift = [...t().shifts.values()].find((s) => s.business_id === business() && s.employee_id)!;
		const location = t().locations.get(shift.location_id)!;
		location.name = 'Renamed Between Runs';
		const second = await f.run('rosteringShift', { operation: 'get', shiftId: byId(shift.id), ...addNames });
		expect(second.json('Node')[0].location_name).toBe('Renamed Between Runs');
		expect(nameReads()).toEqual({ employees: 2, locations: 2, positions: 2 });
	});

	it('without the option (saved workflows that never added it), nothing but the shifts is read; added, it is on', async () => {
		// Adding the option is asking for names: n8n shows it with its default, on.
		expect(addNamesOption().default).toBe(true);
		const result = await getMany(fiveWeeks(), { options: {} });
		expect(result.error).toBeUndefined();
		const shifts = result.json('Node');
		expect(shifts).toHaveLength(300);
		for (const shift of shifts) expect(Object.keys(shift).filter((k) => k.endsWith('_name'))).toEqual([]);
		expect(f.apiRequests().map((r) => r.path)).toEqual(Array(5).fill('/v1/shifts'));
	});

	it('records without ids of a kind read nothing of that kind (open shifts: no employee list)', async () => {
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);
		const client = api(f.sandbox);
		const start = DateTime.fromISO(`${week(14)}T09:00`, { zone: location.timezone });
		const created = await client.post('/v1/shifts', {
			location_id: location.id,
			position_id: position.id,
			employee_id: null,
			start_time: start.toISO(),
			end_time: start.plus({ hours: 4 }).toISO(),
		});
		expect(created.status).toBe(201);
		f.sandbox.clearRequests();
		const result = await f.run('rosteringShift', { operation: 'get', shiftId: byId(String(created.data.id)), ...addNames });
		expect(result.json('Node')[0]).toMatchObject({ employee_id: null, employee_name: null, location_name: location.name, position_name: position.name });
		expect(nameReads()).toEqual({ employees: 0, locations: 1, positions: 1 });
	});
});

describe('a list of names the service refuses', () => {
	it('employees without Staff Details: says to ask for people:read and connect again, or switch the option off', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'people:read'));
		const result = await f.run('rosteringShift', { operation: 'getAll', returnAll: false, limit: 20, ...addNames }, [{}, {}, {}]);
		expect(result.error?.message).toBe('Add Names needs the Staff Details permission to name employees');
		const description = String((result.error as { description?: string }).description);
		expect(description).toContain('Open the Rostering credential, set Access to Read or Read and Change, which include "people:read" (with Choose Permissions: pick it), and connect it again');
		expect(description).toContain('switch off Options › Add Names');
		expect(description).toMatch(/Request id: \S+\./);
		// The same shifts read without the option.
		const plain = await f.run('rosteringShift', { operation: 'getAll', returnAll: false, limit: 20 });
		expect(plain.error).toBeUndefined();
	});

	it('locations and positions without any read permission (on-demand only): names the option too', async () => {
		f.connect(['ondemand:read']);
		const result = await f.run('rosteringOnDemandShift', { operation: 'getAll', returnAll: false, limit: 5, ...addNames });
		expect(result.error?.message).toMatch(/^Add Names needs a read permission to name (locations|positions)$/);
		expect(String((result.error as { description?: string }).description)).toContain('switch off Options › Add Names');
	});
});

describe('the record shapes in the sandbox', () => {
	/** One record of each readable list the sandbox serves, as the API renders it. */
	const paths = (Object.entries(RESOURCES) as Array<[ResourceKey, (typeof RESOURCES)[ResourceKey]]>).filter(
		([key, spec]) => spec.listParameters.length > 0 && key !== 'shiftCover',
	);

	it.each(paths.map(([key, spec]) => [key, spec.path, spec.listParameters as string[], (spec as { rangeDays?: number }).rangeDays]))(
		'%s: offered Add Names exactly when its records carry an employee, location or position id',
		async (key, path, parameters, rangeDays) => {
			// A range the list allows, wide enough for a public holiday and a blackout period.
			const days = rangeDays === undefined || rangeDays > 92 ? 180 : 45;
			const range = parameters.includes('from') ? { from: week(-days), to: week(days) } : {};
			const response = await api(f.sandbox).get(`/v1/${path}`, { params: { limit: 20, ...range } });
			expect(response.status).toBe(200);
			const records = response.data.data as IDataObject[];
			expect(records.length).toBeGreaterThan(0);
			const carries = records.some((r) => NAMED_FIELDS.some((n) => n.id in r));
			expect({ key, carries }).toEqual({ key, carries: NAMED_RESOURCES.includes(key as ResourceKey) });
			// No other field ends in employee/location/position id(s) that Add Names would miss.
			const idFields = new Set(records.flatMap((r) => Object.keys(r)).filter((k) => /(employee|location|position)_ids?$/.test(k)));
			for (const field of idFields) expect(NAMED_FIELDS.map((n) => n.id)).toContain(field);
		},
	);

	it('shifts/{id}/available-employees (who can cover) already carries names, so it is not offered', async () => {
		expect(NAMED_RESOURCES).not.toContain('shiftCover');
		const shift = f.sandbox.store.shifts.find((s) => s.employee_id && !s.archived)!;
		const response = await api(f.sandbox).get(`/v1/shifts/${shift.id}/available-employees`);
		expect(Object.keys(response.data.data[0])).toEqual(['employee_id', 'first_name', 'last_name']);
	});
});

describe("the demo's examples read with names", () => {
	/** Stand-ins for the n8n-nodes-base nodes the two examples use, as far as the examples use them. */
	const standIn = (name: string, version: number, properties: string[], execute: INodeType['execute'], inputs = true): INodeType => ({
		description: {
			displayName: name,
			name,
			group: [inputs ? 'transform' : 'trigger'],
			version,
			description: `Harness stand-in for n8n-nodes-base.${name}`,
			defaults: { name },
			inputs: inputs ? [NodeConnectionTypes.Main] : [],
			outputs: [NodeConnectionTypes.Main],
			properties: properties.map((p) => ({ displayName: p, name: p, type: 'json', default: '' })),
		},
		execute,
	});
	beforeAll(() => {
		registerNodeType(standIn('scheduleTrigger', 1.2, ['rule'], async () => [[{ json: {} }]], false), 'n8n-nodes-base.scheduleTrigger');
		// Edit Fields 3.4 keeping only its assignments, each an expression n8n resolves per item.
		registerNodeType(
			standIn('set', 3.4, ['assignments', 'options'], async function (this: IExecuteFunctions) {
				return [
					this.getInputData().map((_, i): INodeExecutionData => {
						const { assignments } = this.getNodeParameter('assignments', i) as { assignments: Array<{ name: string; value: unknown }> };
						return { json: Object.fromEntries(assignments.map((a) => [a.name, a.value])) as IDataObject, pairedItem: { item: i } };
					}),
				];
			}),
			'n8n-nodes-base.set',
		);
		// Filter 2.2 with "and" of number > and string = conditions.
		registerNodeType(
			standIn('filter', 2.2, ['conditions', 'options'], async function (this: IExecuteFunctions) {
				const input = this.getInputData();
				return [
					input.filter((_, i) => {
						const { conditions } = this.getNodeParameter('conditions', i) as { conditions: Array<{ leftValue: unknown; rightValue: unknown; operator: { type: string; operation: string } }> };
						return conditions.every((c) => (c.operator.operation === 'gt' ? Number(c.leftValue) > Number(c.rightValue) : c.leftValue === c.rightValue));
					}),
				];
			}),
			'n8n-nodes-base.filter',
		);
	});

	async function runExample(name: string, output: string): Promise<IDataObject[]> {
		const location = locationIn('Australia/Sydney');
		const example = exampleWorkflows({
			credential: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' },
			locationId: location.id,
			positionId: positionAt(location.id).id,
			nextMonday: week(7),
		}).find((w) => w.name === name)!;
		const nodes = example.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
		const result = await runWorkflow({ workflow: { nodes: nodes as never, connections: example.connections as never }, credentials: f.credentials as never });
		expect(result.error).toBeUndefined();
		return result.json(output);
	}

	const HEX_ID = /[0-9a-f]{24}/;

	/**
	 * Every time a person reads is at the location, whatever offset the service writes (issue 45):
	 * the examples' shift line (shiftLine, as each person told their week, the leave check and the
	 * open-shift offer write it) and their ISO time for tables, the payroll file and the calendar
	 * (LOCAL_ISO) run in n8n's expression engine on a shift read with Add Names, on
	 * the day the clocks go forward, at a location east of UTC (Sydney) and one west (New York: a
	 * seeded location moved there), under each way the service may write times.
	 */
	it.each(['location', 'utc', 'fixed-offset'] as const)("a shift line tells the location's wall time across a DST change, east and west of UTC, the service writing times %s", async (recordTimes) => {
		const year = rowYear(f.sandbox.clock.now());
		const places = [
			{ location: locationIn('Australia/Sydney'), zone: 'Australia/Sydney' },
			{ location: locationIn('Australia/Perth'), zone: 'America/New_York' },
		];
		f.sandbox.setReadings({ recordTimes });
		for (const { location, zone } of places) {
			t().locations.get(location.id)!.timezone = zone;
			const day = dstDays(year)[zone as 'Australia/Sydney']![1];
			// 01:00 to 06:00 at the location, across the hour the clocks skip.
			const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone }).toMillis();
			const template = [...t().shifts.values()].find((s) => s.location_id === location.id)!;
			const id = `${'f'.repeat(20)}${zone === 'America/New_York' ? '0001' : '0002'}`;
			t().shifts.set(id, { ...template, id, employee_id: null, start_time: at('01:00'), end_time: at('06:00'), breaks: [], archived: false });
			const nodes = [
				{ id: 'a', name: 'Read', type: 'n8n-nodes-rostering.rosteringShift', typeVersion: 1, position: [0, 0], parameters: { operation: 'get', shiftId: byId(id), ...addNames }, credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } } },
				{ id: 'b', name: 'Line', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: { assignments: { assignments: [{ id: 'l', name: 'line', type: 'string', value: `={{ ${shiftLine('$json')} }}` }, { id: 'e', name: 'end', type: 'string', value: `={{ ${LOCAL_ISO('$json.end_time')} }}` }] }, options: {} } },
			];
			const result = await runWorkflow({ workflow: { nodes: nodes as never, connections: { Read: { main: [[{ node: 'Line', type: 'main', index: 0 }]] } } }, credentials: f.credentials as never });
			expect(result.error).toBeUndefined();
			const [read] = result.json('Read');
			const written = String(read.start_time);
			const wall = (time: string, format: string) => DateTime.fromMillis(at(time), { zone }).setLocale('en-US').toFormat(format);
			const expected = `${wall('01:00', 'ccc d LLL HH:mm')}–${wall('06:00', 'HH:mm')}, ${t().positions.get(template.position_id)!.name} at ${location.name}`;
			// And as the tables, the payroll file and the calendar take a time: ISO at the location's offset.
			const end = DateTime.fromMillis(at('06:00'), { zone }).toISO({ suppressMilliseconds: true });
			expect({ zone, written, line: result.json('Line')[0].line, end: result.json('Line')[0].end }).toEqual({ zone, written, line: expected, end });
			expect(expected).toMatch(/ 01:00–06:00, /);
		}
		f.sandbox.setReadings({ recordTimes: 'location' });
	});

	it("Who's on now: one line each, who since when (at the location, the service writing times in UTC) and where, by name", async () => {
		f.sandbox.setReadings({ recordTimes: 'utc' });
		const lines = (await runExample("Who's on now, every morning", 'One line each')).map((row) => String(row.line));
		f.sandbox.setReadings({ recordTimes: 'location' });
		expect(lines.length).toBeGreaterThanOrEqual(3);
		const name = (e: { preferred_name?: string | null; first_name: string; last_name: string }) => `${e.preferred_name || e.first_name} ${e.last_name}`;
		const places = new Set([...t().locations.values()].map((l) => l.name));
		for (const line of lines) {
			const [, who, since, where] = /^(.+) since (\d{2}:\d{2}) at (.+)$/.exec(line) ?? [];
			// Since their clock-in, at the location's time.
			const clockIns = [...t().timesheets.values()]
				.filter((x) => x.end_time === null && !x.archived && name(t().employees.get(x.employee_id)!) === who)
				.map((x) => DateTime.fromMillis(x.start_time, { zone: t().locations.get(x.location_id)!.timezone }).toFormat('HH:mm'));
			expect({ line, since: clockIns.includes(since), where: places.has(where) }).toEqual({ line, since: true, where: true });
			expect(line).not.toMatch(HEX_ID);
		}
		expect(nameReads()).toEqual({ employees: 1, locations: 1, positions: 1 });
	});

	it('approved hours for the fortnight: a name on each row, the id beside it', async () => {
		const rows = await runExample('Approved hours per employee, last fortnight', 'Employee and hours');
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			expect(Object.keys(row)).toEqual(['employee', 'approved_hours', 'employee_id']);
			expect(row.employee).toBe(nameOf('employee', row.employee_id) ?? row.employee_id);
			expect(String(row.employee)).not.toMatch(HEX_ID);
			expect(Number(row.approved_hours)).toBeGreaterThan(0);
		}
		// The employees for the names; the locations once, for the dates the fortnight's moments fall
		// on there (From and To are `$now` less 14 days and less one).
		expect(nameReads()).toEqual({ employees: 1, locations: 1, positions: 0 });
	});
});
