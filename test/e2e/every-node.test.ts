/**
 * Every node of the package executes in a real n8n: one workflow, a Manual Trigger feeding one
 * instance of each node (a read for every node, a create for each node that writes), imported
 * and run in the shared n8n (shared-n8n.ts) against the sandbox in this process. Asserts on each
 * node's output and on the requests the sandbox received.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox';
import { assertBuilt, E2E_CREDENTIAL, explain, rosteringCredential } from './n8n';
import { everyNodePicks } from './seed-picks';
import { sharedN8n, type SharedN8n } from './shared-n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(240_000);

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

interface Step {
	name: string;
	type: string;
	parameters: IDataObject;
	/** The node's version (default 1, as workflows saved before version 2 hold it). */
	typeVersion?: number;
	/** What the node's output must look like. */
	check(items: IDataObject[], sandbox: Sandbox): void;
}

function steps(sb: Sandbox): Step[] {
	// What it reads and writes, picked from the seed by rules checked across dates (seed-picks.ts).
	const { sydney, position, employee, openShift, day } = everyNodePicks(sb);
	const year = sb.clock.now().getUTCFullYear();
	// January (summer time in Sydney: +11:00) of the year after next: shifts created then are ahead
	// of the service's now on any date the suite runs (a shift past its end reads as expired).
	const jan = `${year + 2}-01`;
	const ids = (items: IDataObject[]) => items.every((i) => /^[0-9a-f]{24}$/.test(String(i.id)));
	const many = (resource: string, extra: IDataObject = {}): IDataObject => ({ resource, operation: 'getAll', returnAll: false, limit: 2, ...extra });
	return [
		{ name: 'Connection', type: 'rosteringConnection', parameters: { resource: 'connection', operation: 'get' }, check: (items) => expect(items[0]).toHaveProperty('connection_id') },
		{ name: 'Business', type: 'rosteringBusiness', parameters: { resource: 'business', operation: 'get' }, check: (items) => expect(items[0]).toHaveProperty('name') },
		{ name: 'Locations', type: 'rosteringLocation', parameters: many('location'), check: (items) => expect(items.length === 2 && ids(items) && items.every((i) => i.timezone)).toBe(true) },
		{ name: 'Positions', type: 'rosteringPosition', parameters: many('position'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{
			name: 'Public Holidays',
			type: 'rosteringPublicHoliday',
			// The year of the sandbox's clock: the seed lays holidays for that year and the ones beside it.
			parameters: { resource: 'publicHoliday', operation: 'getAll', returnAll: true, from: `${year}-01-01T00:00:00`, to: `${year}-12-31T00:00:00` },
			check: (items) => expect(items.length).toBeGreaterThan(0),
		},
		{ name: 'Projects', type: 'rosteringProject', parameters: many('project'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Employees', type: 'rosteringEmployee', parameters: many('employee'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Employments', type: 'rosteringEmployment', parameters: many('employment'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Shifts', type: 'rosteringShift', parameters: many('shift'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Shift Swaps', type: 'rosteringShiftSwap', parameters: many('shiftSwap'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Timesheets', type: 'rosteringTimesheet', parameters: many('timesheet'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'On-Demand Shifts', type: 'rosteringOnDemandShift', parameters: many('onDemandShift'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		// The inferred groups (paths guessed: resources.ts shown: false).
		{ name: 'Rosters', type: 'rosteringRoster', parameters: many('roster'), check: (items) => expect(items.length === 2 && ids(items) && items.every((i) => i.week_start_date)).toBe(true) },
		{
			name: 'Who Can Cover',
			type: 'rosteringShiftCover',
			parameters: { resource: 'shiftCover', operation: 'getAll', returnAll: true, shiftId: rl(String(openShift.id)) },
			check: (items) => expect(items.length > 0 && items.every((i) => /^[0-9a-f]{24}$/.test(String(i.employee_id)) && i.first_name)).toBe(true),
		},
		{ name: 'Open Shift Requests', type: 'rosteringOpenShiftRequest', parameters: many('openShiftRequest'), check: (items) => expect(items.length > 0 && ids(items) && items.every((i) => i.shift_id)).toBe(true) },
		{
			name: "Who's On",
			type: 'rosteringWhosOn',
			parameters: { resource: 'whosOn', operation: 'getAll', returnAll: true },
			// The seed has people clocked in at every hour (test/picks/across-dates.test.ts), at some hours only two.
			check: (items) => expect(items.length >= 1 && items.every((i) => i.timesheet_id && i.start_time)).toBe(true),
		},
		{
			name: 'Timesheet Totals',
			type: 'rosteringTimesheetTotal',
			parameters: { resource: 'timesheetTotal', operation: 'get', from: day(-28), to: day(0) },
			check: (items) => expect(items.length > 0 && items.every((i) => typeof i.total_hours === 'number' && i.employee_id)).toBe(true),
		},
		{
			name: 'Labour Costs',
			type: 'rosteringLabourCost',
			parameters: { resource: 'labourCost', operation: 'getAll', returnAll: true, from: day(0), to: day(0) },
			// One row a day for each active location, with the rostered, actual and cost figures.
			check: (items, sandbox) => {
				expect(items).toHaveLength(sandbox.store.locations.filter((l) => !l.archived).length);
				for (const row of items) expect(Object.keys(row).sort()).toEqual(['actual_cost', 'actual_hours', 'date', 'location_id', 'rostered_cost', 'rostered_hours']);
			},
		},
		{ name: 'Leave Requests', type: 'rosteringLeaveRequest', parameters: many('leaveRequest'), check: (items) => expect(items.length === 2 && ids(items) && items.every((i) => i.start_date)).toBe(true) },
		{ name: 'Leave Blackout Periods', type: 'rosteringLeaveBlackoutPeriod', parameters: many('leaveBlackoutPeriod'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Leave Balances', type: 'rosteringLeaveBalance', parameters: many('leaveBalance'), check: (items) => expect(items.length === 2 && ids(items) && items.every((i) => typeof i.balance_hours === 'number')).toBe(true) },
		{ name: 'Leave Types', type: 'rosteringLeaveType', parameters: many('leaveType'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Availability', type: 'rosteringAvailability', parameters: many('availability'), check: (items) => expect(items.length === 2 && ids(items)).toBe(true) },
		{ name: 'Awards', type: 'rosteringAward', parameters: many('award'), check: (items) => expect(items.length >= 1 && ids(items) && items.every((i) => i.code)).toBe(true) },
		{
			name: 'Create Shift',
			type: 'rosteringShift',
			parameters: { resource: 'shift', operation: 'create', locationId: rl(String(sydney.id)), positionId: rl(String(position.id)), startTime: `${jan}-11T09:00`, endTime: `${jan}-11T17:00` },
			check: (items) => expect(items[0]).toMatchObject({ status: 'unpublished', start_time: `${jan}-11T09:00:00+11:00` }),
		},
		{
			name: 'Create Project',
			type: 'rosteringProject',
			parameters: { resource: 'project', operation: 'create', name: 'Launch night', code: 'LAUNCH-E2E' },
			check: (items) => expect(items[0]).toMatchObject({ name: 'Launch night', code: 'LAUNCH-E2E' }),
		},
		{
			name: 'Create Timesheet',
			type: 'rosteringTimesheet',
			parameters: {
				resource: 'timesheet',
				operation: 'create',
				employeeId: rl(String(employee.id)),
				locationId: rl(String(sydney.id)),
				positionId: rl(String(position.id)),
				startTime: '2026-06-01T09:00',
				endTime: '2026-06-01T13:00',
			},
			check: (items) => expect(items[0]).toMatchObject({ status: 'pending', start_time: '2026-06-01T09:00:00+10:00' }),
		},
		{
			name: 'Create On-Demand Shift',
			type: 'rosteringOnDemandShift',
			parameters: { resource: 'onDemandShift', operation: 'create', locationId: rl(String(sydney.id)), positionId: rl(String(position.id)), startTime: `${jan}-12T18:00`, endTime: `${jan}-12T23:00` },
			check: (items) => expect(items[0]).toMatchObject({ status: 'draft', rate_set: false, start_time: `${jan}-12T18:00:00+11:00` }),
		},
		// Version 2 (the resource mapper), after the creates above: a new shift, and the project
		// created above found by its code and renamed.
		{
			name: 'Sync Shift (v2)',
			type: 'rosteringShift',
			typeVersion: 2,
			parameters: {
				resource: 'shift',
				operation: 'upsert',
				columns: { mappingMode: 'defineBelow', value: { location_id: String(sydney.id), position_id: String(position.id), start_time: `${jan}-13T09:00`, end_time: `${jan}-13T17:00` }, matchingColumns: [], schema: [] },
			},
			check: (items) => expect(items[0]).toMatchObject({ action: 'created', status: 'unpublished', start_time: `${jan}-13T09:00:00+11:00` }),
		},
		{
			name: 'Sync Project (v2)',
			type: 'rosteringProject',
			typeVersion: 2,
			parameters: {
				resource: 'project',
				operation: 'upsert',
				columns: { mappingMode: 'defineBelow', value: { name: 'Launch night (v2)', code: 'LAUNCH-E2E' }, matchingColumns: ['code'], schema: [] },
			},
			check: (items) => expect(items[0]).toMatchObject({ action: 'updated', changed_fields: ['name'], name: 'Launch night (v2)', code: 'LAUNCH-E2E' }),
		},
	];
}

describe('real n8n: every node executes', () => {
	let sandbox: Sandbox | undefined;
	let n8n: SharedN8n | undefined;

	beforeAll(async () => {
		assertBuilt();
		sandbox = await startSandbox();
		n8n = await sharedN8n();
	}, 20 * 60_000);

	afterAll(async () => {
		await sandbox?.close();
	});

	test('one workflow with each node of the package, each producing the records it should', async () => {
		const sb = sandbox!;
		const tokens = sb.issueToken();
		await n8n!.importCredentials([rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens })]);
		const all = steps(sb);
		const trigger = { id: 'e2e-trigger', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		const nodes = all.map((step, i) => ({
			id: `e2e-node-${i}`,
			name: step.name,
			type: `n8n-nodes-rostering.${step.type}`,
			typeVersion: step.typeVersion ?? 1,
			position: [300, i * 120],
			parameters: step.parameters,
			credentials: { rosteringOAuth2Api: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
		}));
		const workflow = {
			name: 'e2e: every Rostering node',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [trigger, ...nodes],
			connections: { 'Manual Trigger': { main: [all.map((s) => ({ node: s.name, type: 'main', index: 0 }))] } },
			pinData: {},
		};
		sb.clearRequests();
		const res = await n8n!.runWorkflow(workflow as never);
		if (!res.ok) throw new Error(explain(res));
		for (const step of all) {
			const items = res.items(step.name) as IDataObject[];
			try {
				step.check(items, sb);
			} catch (error) {
				throw new Error(`${step.name}: ${(error as Error).message}\n${JSON.stringify(items).slice(0, 500)}`);
			}
		}
		// Every request was signed with the credential's token, and each write carried an Idempotency-Key.
		for (const request of sb.requests) expect(request.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
		const writes = sb.requests.filter((r) => r.method === 'POST');
		expect(writes.map((r) => r.path).sort()).toEqual(['/v1/on-demand-shifts', '/v1/projects', '/v1/shifts', '/v1/shifts', '/v1/timesheets']);
		const changes = sb.requests.filter((r) => r.method === 'PATCH');
		expect(changes.map((r) => r.path.replace(/[0-9a-f]{24}/, ':id'))).toEqual(['/v1/projects/:id']);
		for (const write of [...writes, ...changes]) expect(write.headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{48}$/);
	});
});
