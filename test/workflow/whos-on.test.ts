/**
 * The Who's On node against the sandbox: its rows are the open (still clocked-in, not deleted)
 * timesheets started in the last 24 hours of sandbox time, earliest first, worked out here from the
 * store; the location filter; someone who clocks in appears and disappears once the Timesheet node
 * ends or deletes their timesheet; the missing permission; and the message when the inferred
 * endpoint is not at the service.
 */
import type { IDataObject } from 'n8n-workflow';

import { api } from '../../sandbox/helpers';
import { ALL_PERMISSIONS, byId, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { business, locationIn, positionAt } = seedLookups(() => f);
const DAY = 86_400_000;
const now = () => f.sandbox.clock.now().getTime();
const whosOnRequests = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/whos-on');

/** Who is on, from the store: open, non-archived timesheets started in the last 24 hours, earliest first. */
function expectedRows(locationId?: string): IDataObject[] {
	return [...f.sandbox.store.t.timesheets.values()]
		.filter(
			(t) =>
				t.business_id === business() &&
				!t.archived &&
				t.end_time === null &&
				t.start_time >= now() - DAY &&
				t.start_time <= now() &&
				(!locationId || t.location_id === locationId),
		)
		.sort((a, b) => a.start_time - b.start_time || (a.id < b.id ? -1 : 1))
		.map((t) => ({
			timesheet_id: t.id,
			employee_id: t.employee_id,
			location_id: t.location_id,
			position_id: t.position_id,
			start_time: String(f.sandbox.store.get('timesheets', t.id)!.start_time),
		}));
}

async function whosOn(extra: IDataObject = { returnAll: true }) {
	const result = await f.run('rosteringWhosOn', { operation: 'getAll', ...extra });
	expect(result.error).toBeUndefined();
	return result.json('Node');
}

/**
 * Someone clocking in half an hour ago, through the service's own API: the Timesheet node asks for
 * an End Time, so it cannot leave a timesheet open.
 */
async function clockIn(timezone: string, skip = 0): Promise<string> {
	const location = locationIn(timezone);
	const position = positionAt(location.id);
	const client = api(f.sandbox);
	const candidates = [...f.sandbox.store.t.employees.values()].filter(
		(e) => e.business_id === business() && e.shared && (e.location_ids.length === 0 || e.location_ids.includes(location.id)),
	);
	for (const e of candidates.slice(skip)) {
		const res = await client.post('/v1/timesheets', {
			employee_id: e.id,
			location_id: location.id,
			position_id: position.id,
			start_time: new Date(now() - 30 * 60_000).toISOString(),
			end_time: null,
		});
		if (res.status === 201) return String(res.data.id);
	}
	throw new Error(`nobody could clock in at ${location.name}`);
}

describe('Get Many', () => {
	it('lists the open timesheets started in the last 24 hours, earliest first, at 200 a page', async () => {
		const rows = await whosOn();
		const expected = expectedRows();
		expect(expected.length).toBeGreaterThanOrEqual(3);
		expect(rows).toEqual(expected);
		expect(whosOnRequests().map((r) => r.query)).toEqual([{ limit: '200' }]);
	});

	it('no longer lists someone clocked in more than 24 hours ago', async () => {
		const [earliest] = expectedRows();
		const startedAt = f.sandbox.store.t.timesheets.get(String(earliest.timesheet_id))!.start_time;
		f.sandbox.clock.advance(startedAt + DAY - now() + 60_000);
		const rows = await whosOn();
		expect(rows.map((r) => r.timesheet_id)).not.toContain(earliest.timesheet_id);
		expect(rows).toEqual(expectedRows());
	});

	it('filters by location, sent as location_id', async () => {
		await clockIn('Australia/Perth');
		await clockIn('Australia/Sydney');
		const location = locationIn('Australia/Sydney').id;
		const rows = await whosOn({ returnAll: true, filters: { locationId: byId(location) } });
		expect(rows).toEqual(expectedRows(location));
		expect(rows.length).toBeLessThan(expectedRows().length);
		expect(whosOnRequests()[0].query).toEqual({ location_id: location, limit: '200' });
	});

	it('stops at Limit, asking only for that many', async () => {
		const rows = await whosOn({ limit: 2 });
		expect(rows).toEqual(expectedRows().slice(0, 2));
		expect(whosOnRequests().map((r) => r.query)).toEqual([{ limit: '2' }]);
	});

	it('shows someone who clocks in, until the Timesheet node ends or deletes their timesheet', async () => {
		const ended = await clockIn('Australia/Sydney');
		const deleted = await clockIn('Australia/Sydney', 1);
		const sydney = locationIn('Australia/Sydney').id;
		const on = await whosOn({ returnAll: true, filters: { locationId: byId(sydney) } });
		expect(on).toEqual(expectedRows(sydney));
		expect(on.map((r) => r.timesheet_id)).toEqual(expect.arrayContaining([ended, deleted]));

		const end = await f.run('rosteringTimesheet', {
			operation: 'update',
			timesheetId: byId(ended),
			updateFields: { endTime: new Date(now()).toISOString() },
		});
		expect(end.error).toBeUndefined();
		expect((await whosOn()).map((r) => r.timesheet_id)).not.toContain(ended);
		expect((await f.run('rosteringTimesheet', { operation: 'delete', timesheetId: byId(deleted) })).error).toBeUndefined();
		const after = await whosOn();
		expect(after.map((r) => r.timesheet_id)).not.toContain(deleted);
		expect(after).toEqual(expectedRows());
	});

	it('names the permission to grant when the connection cannot read timesheets', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'timesheets:read'));
		const result = await f.run('rosteringWhosOn', { operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe('The connection is missing a permission: timesheets:read');
	});

	it('says the service has no such endpoint when the inferred address is not there, pointing to the HTTP Request node', async () => {
		f.sandbox.injectFault({ path: '/v1/whos-on', status: 404 });
		const result = await f.run('rosteringWhosOn', { operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe('The service has no endpoint at /v1/whos-on');
		expect((result.error as { description?: string }).description).toContain('HTTP Request node');
		expect(whosOnRequests().map((r) => r.status)).toEqual([404]);
	});

	it.each([
		[{ filters: { locationId: byId('={{ "quay" }}') } }, 'Filters › Location: "quay" is not a location id'],
		[{ limit: 0 }, 'Limit: 0 is not allowed'],
	])('refuses bad input before sending anything: %p', async (override, message) => {
		const result = await f.run('rosteringWhosOn', { operation: 'getAll', limit: 5, ...override }, [{}]);
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});
