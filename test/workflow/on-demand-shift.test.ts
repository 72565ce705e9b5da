/**
 * The On-Demand Shift node, every operation, run by n8n-core's engine against the sandbox over
 * HTTP: the items that come out, the requests the sandbox received, and the error a person reads.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

const NODE = 'rosteringOnDemandShift';
const DAY = 86_400_000;

const f = useFixture();

const { business, locationIn, positionAt } = seedLookups(() => f);
const sydney = () => locationIn('Australia/Sydney');
const onDemandShifts = () => [...f.sandbox.store.t.onDemandShifts.values()].filter((s) => s.business_id === business());
const requests = (method: string) => f.apiRequests().filter((r) => r.method === method && r.path.startsWith('/v1/on-demand-shifts'));
const description = (error: unknown) => (error as { description?: string }).description;

/** A date `days` from the sandbox's now, YYYY-MM-DD (UTC). */
function dayFromNow(days: number): string {
	return new Date(f.sandbox.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
}

/**
 * A draft on-demand shift created straight through the API (not through the node), `days` ahead,
 * 10:00 to 16:00 UTC; the sandbox's request log is cleared afterwards.
 */
async function createDraft(days = 10, location = sydney()): Promise<IDataObject> {
	const token = (f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject).access_token as string;
	const day = dayFromNow(days);
	const response = await fetch(`${f.sandbox.url}/v1/on-demand-shifts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			location_id: location.id,
			position_id: positionAt(location.id).id,
			start_time: `${day}T10:00:00Z`,
			end_time: `${day}T16:00:00Z`,
		}),
	});
	expect(response.status).toBe(201);
	f.sandbox.clearRequests();
	return (await response.json()) as IDataObject;
}

function createParameters(locationId: string, positionId: string, start: string, end: string, extra: IDataObject = {}): IDataObject {
	return {
		operation: 'create',
		locationId: byId(locationId),
		positionId: byId(positionId),
		startTime: start,
		endTime: end,
		...extra,
	};
}

describe('Get Many', () => {
	it('returns exactly Limit on-demand shifts with one request of that size, rate and rate_set included', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: false, limit: 5 });
		expect(result.error).toBeUndefined();
		const shifts = result.json('Node');
		expect(shifts).toHaveLength(5);
		for (const shift of shifts) {
			expect(shift.id).toMatch(/^[0-9a-f]{24}$/);
			expect(shift).toHaveProperty('rate_set');
			expect(shift).toHaveProperty('rate');
		}
		const gets = requests('GET');
		expect(gets).toHaveLength(1);
		expect(gets[0].path).toBe('/v1/on-demand-shifts');
		expect(gets[0].query).toEqual({ limit: '5' });
	});

	it('filters by location and status, archived included, and returns every match', async () => {
		const location = locationIn('Australia/Brisbane');
		const expected = onDemandShifts()
			.filter((s) => s.location_id === location.id && s.status === 'draft')
			.map((s) => s.id)
			.sort();
		expect(expected.length).toBeGreaterThan(1);
		const result = await f.run(NODE, {
			operation: 'getAll',
			returnAll: true,
			filters: { locationId: byId(location.id), status: 'draft', includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((s) => String(s.id)).sort()).toEqual(expected);
		expect(result.json('Node').some((s) => s.archived === true)).toBe(true);
		expect(requests('GET').map((r) => r.query)).toEqual([
			{ limit: '200', location_id: location.id, status: 'draft', include_archived: 'true' },
		]);
	});

	it('leaves archived ones out unless asked', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: true, filters: { includeArchived: false } });
		expect(result.error).toBeUndefined();
		const expected = onDemandShifts().filter((s) => !s.archived);
		expect(result.json('Node')).toHaveLength(expected.length);
		expect(requests('GET')[0].query).toEqual({ limit: '200' });
	});

	it('splits a From/To range longer than 92 days into windows and returns each on-demand shift once', async () => {
		const from = dayFromNow(-60);
		const to = dayFromNow(60);
		const result = await f.run(NODE, {
			operation: 'getAll',
			returnAll: true,
			filters: { from: `${from}T00:00:00`, to: `${to}T00:00:00`, includeArchived: true },
		});
		expect(result.error).toBeUndefined();
		const ids = result.json('Node').map((s) => String(s.id));
		expect(new Set(ids).size).toBe(ids.length);
		// The seed lays them within two weeks of now, all inside the range.
		expect(ids.sort()).toEqual(onDemandShifts().map((s) => s.id).sort());
		const gets = requests('GET');
		const windows = [...new Set(gets.map((r) => `${r.query.from}..${r.query.to}`))];
		expect(windows).toHaveLength(2);
		expect(gets[0].query.from).toBe(from);
		expect(gets[gets.length - 1].query.to).toBe(to);
		for (const r of gets) expect(r.status).toBe(200);
	});

	it('sends Updated Since as a time with an offset and returns only what changed since', async () => {
		const draft = await createDraft();
		const result = await f.run(NODE, { operation: 'getAll', returnAll: true, filters: { updatedSince: String(draft.updated_at) } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((s) => s.id)).toEqual([draft.id]);
		const [get] = requests('GET');
		expect(Date.parse(String(get.query.updated_since))).toBe(Date.parse(String(draft.updated_at)));
		expect(get.query.updated_since).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
	});

	it.each([
		[{ locationId: byId('={{ "sydney" }}') }, 'Filters › Location: "sydney" is not a location id'],
		[{ from: 'next week' }, 'Filters › From: "next week" is not a date'],
		[{ from: '2026-11-20T00:00:00', to: '2026-11-10T00:00:00' }, 'Filters › To (2026-11-10) is before From (2026-11-20)'],
		[{ updatedSince: 'yesterday' }, 'Filters › Updated Since: "yesterday" is not a date and time'],
	])('refuses bad filters before sending anything: %p', async (filters, message) => {
		const result = await f.run(NODE, { operation: 'getAll', limit: 5, filters });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a Limit of 0 before sending anything', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: false, limit: 0 });
		expect(result.error?.message).toBe('Limit: 0 is not allowed');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get', () => {
	it('reads one on-demand shift by id, archived or not', async () => {
		const archived = onDemandShifts().find((s) => s.archived)!;
		const result = await f.run(NODE, { operation: 'get', onDemandShiftId: byId(archived.id) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: archived.id, archived: true, status: 'draft' })]);
		expect(requests('GET').map((r) => r.path)).toEqual([`/v1/on-demand-shifts/${archived.id}`]);
	});

	it('leaves out the rate without Pay Details (pay:read) but still says whether it is set', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'pay:read'));
		const priced = onDemandShifts().find((s) => s.rate_set)!;
		const result = await f.run(NODE, { operation: 'get', onDemandShiftId: byId(priced.id) });
		expect(result.error).toBeUndefined();
		const [record] = result.json('Node');
		expect(record).toMatchObject({ id: priced.id, rate_set: true });
		expect(record).not.toHaveProperty('rate');
	});

	it('says the on-demand shift is not in this business for an unknown id', async () => {
		const result = await f.run(NODE, { operation: 'get', onDemandShiftId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No on-demand shift 0123456789abcdef01234567 in this business');
		expect(requests('GET')).toHaveLength(1);
	});

	it('refuses a malformed id from an expression before sending anything, naming the field', async () => {
		const result = await f.run(NODE, { operation: 'get', onDemandShiftId: byId('={{ $json.id }}') }, [{ id: 'row-12' }]);
		// (The shared check says "a on-demand shift id"; either article passes.)
		expect(result.error?.message).toMatch(/^On-Demand Shift: "row-12" is not an? on-demand shift id$/);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Create', () => {
	it('reads a time without an offset as local time at the location, and creates a draft without a rate', async () => {
		const location = sydney();
		const position = positionAt(location.id);
		const result = await f.run(
			NODE,
			createParameters(location.id, position.id, '2027-01-11T09:00', '2027-01-11T17:00', {
				additionalFields: { notes: 'Black shirt, closed shoes' },
			}),
		);
		expect(result.error).toBeUndefined();
		const [created] = result.json('Node');
		expect(created).toMatchObject({
			location_id: location.id,
			position_id: position.id,
			start_time: '2027-01-11T09:00:00+11:00',
			end_time: '2027-01-11T17:00:00+11:00',
			status: 'draft',
			rate_set: false,
			rate: null,
			posted_at: null,
			notes: 'Black shirt, closed shoes',
			created_by_app: true,
		});
		const posts = requests('POST');
		expect(posts).toHaveLength(1);
		expect(posts[0].body).toEqual({
			location_id: location.id,
			position_id: position.id,
			start_time: '2027-01-11T09:00:00+11:00',
			end_time: '2027-01-11T17:00:00+11:00',
			notes: 'Black shirt, closed shoes',
		});
		expect(posts[0].headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{48}$/);
		// The location was read for its time zone.
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/locations/${location.id}`, 'POST /v1/on-demand-shifts']);
	});

	it('uses standard time in winter, and the time zone of the chosen location', async () => {
		const sydneyWinter = await f.run(NODE, createParameters(sydney().id, positionAt(sydney().id).id, '2027-06-14T09:00', '2027-06-14T15:00'));
		expect(sydneyWinter.error).toBeUndefined();
		const perth = locationIn('Australia/Perth');
		const perthSummer = await f.run(NODE, createParameters(perth.id, positionAt(perth.id).id, '2027-01-11T09:00', '2027-01-11T15:00'));
		expect(perthSummer.error).toBeUndefined();
		expect(requests('POST').map((p) => (p.body as IDataObject).start_time)).toEqual([
			'2027-06-14T09:00:00+10:00',
			'2027-01-11T09:00:00+08:00',
		]);
	});

	it('tells the user when on-demand shifts are not available, and creates nothing', async () => {
		const auckland = locationIn('Pacific/Auckland');
		expect(auckland.ondemand_enabled).toBe(false);
		const result = await f.run(NODE, createParameters(auckland.id, positionAt(auckland.id).id, '2027-01-11T09:00', '2027-01-11T15:00'));
		expect(result.error?.message).toBe('On-demand shifts are not available for this business or location');
		expect(description(result.error)).toContain('Check with the business that the feature is turned on');
		const [post] = requests('POST');
		expect(post.status).toBe(403);
		expect(post.body).toMatchObject({ start_time: '2027-01-11T09:00:00+13:00' });
		expect(onDemandShifts().filter((s) => s.created_by_app)).toHaveLength(0);
	});

	it('creates with times that carry an offset for a connection granted only on-demand permissions', async () => {
		// Such a connection cannot read locations: the location check is left to the service.
		f.connect(['ondemand:read', 'ondemand:write', 'offline_access']);
		const location = sydney();
		const result = await f.run(NODE, createParameters(location.id, positionAt(location.id).id, '2027-02-01T08:00:00Z', '2027-02-01T12:00:00Z'));
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ status: 'draft', location_id: location.id });
		expect(requests('POST').map((p) => p.status)).toEqual([201]);
	});

	it('names the permission to grant when the connection cannot write on-demand shifts', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'ondemand:write'));
		const location = sydney();
		const result = await f.run(NODE, createParameters(location.id, positionAt(location.id).id, '2027-02-01T08:00:00Z', '2027-02-01T12:00:00Z'));
		expect(result.error?.message).toBe('The connection is missing a permission: ondemand:write');
		expect(description(result.error)).toContain('set Access to Read and Change (with Choose Permissions: pick "ondemand:write")');
		expect(requests('POST').map((p) => p.status)).toEqual([403]);
		expect(onDemandShifts().filter((s) => s.created_by_app)).toHaveLength(0);
	});

	it('sends the user Idempotency Key so running the workflow again creates nothing twice', async () => {
		const location = sydney();
		const parameters = createParameters(location.id, positionAt(location.id).id, '2027-02-01T08:00:00Z', '2027-02-01T12:00:00Z', {
			options: { idempotencyKey: 'sheet-row-17' },
		});
		const first = await f.run(NODE, parameters);
		const second = await f.run(NODE, parameters);
		expect(second.error).toBeUndefined();
		expect(second.json('Node')[0].id).toBe(first.json('Node')[0].id);
		const posts = requests('POST');
		expect(posts).toHaveLength(2);
		expect(posts[0].headers['idempotency-key']).toBe(posts[1].headers['idempotency-key']);
		expect(onDemandShifts().filter((s) => s.created_by_app)).toHaveLength(1);
	});

	it.each([
		['a malformed typed location id', { locationId: byId('abc') }, 'A location id is 24 lowercase hexadecimal characters'],
		['a malformed mapped position id', { positionId: byId('={{ "5f1a2b3c4d5e6f7a8b9c0d1e2" }}') }, 'Position: "5f1a2b3c4d5e6f7a8b9c0d1e2" is not a position id'],
		['a missing position', { positionId: byId('') }, 'Parameter "Position" is required'],
		['a start mapped to nothing', { startTime: '={{ $json.nothing }}' }, 'Start Time is required'],
		['a start that is not a time', { startTime: 'nine tomorrow' }, 'Start Time: "nine tomorrow" is not a date and time'],
		[
			'an end before the start',
			{ endTime: '2027-01-11T08:00:00+11:00' },
			'End Time (2027-01-11T08:00:00+11:00) is not after Start Time (2027-01-11T09:00:00+11:00)',
		],
	])('refuses %s with a clear error and sends nothing', async (_, override, message) => {
		const location = sydney();
		const result = await f.run(NODE, {
			...createParameters(location.id, positionAt(location.id).id, '2027-01-11T09:00:00+11:00', '2027-01-11T17:00:00+11:00'),
			...override,
		});
		expect(result.error?.message).toContain(message);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('refuses a too-long Idempotency Key and creates nothing', async () => {
		const location = sydney();
		const result = await f.run(
			NODE,
			createParameters(location.id, positionAt(location.id).id, '2027-01-11T09:00:00+11:00', '2027-01-11T17:00:00+11:00', {
				options: { idempotencyKey: 'k'.repeat(256) },
			}),
		);
		expect(result.error?.message).toBe('Options › Idempotency Key is 256 characters long');
		// The body (whose check reads the location) is built before the key is checked.
		expect(f.apiRequests().filter((r) => r.method !== 'GET')).toHaveLength(0);
	});

	it('refuses a local time the clocks skip at the location, after reading only its time zone', async () => {
		const location = sydney();
		const result = await f.run(NODE, createParameters(location.id, positionAt(location.id).id, '2026-10-04T02:30', '2026-10-04T08:00'));
		expect(result.error?.message).toBe('Start Time: 2026-10-04 02:30 does not exist in Australia/Sydney');
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/locations/${location.id}`]);
	});
});

describe('Create Many', () => {
	function rows(count: number, location: { id: string }, position: { id: string }): IDataObject[] {
		return Array.from({ length: count }, (_, i) => {
			const day = new Date(Date.UTC(2027, 6, 1) + i * DAY).toISOString().slice(0, 10);
			return { location: location.id, position: position.id, start: `${day}T10:00`, end: `${day}T15:00`, note: `row ${i}` };
		});
	}
	const mapped = {
		operation: 'createMany',
		locationId: { __rl: true, mode: 'id', value: '={{ $json.location }}' },
		positionId: { __rl: true, mode: 'id', value: '={{ $json.position }}' },
		startTime: '={{ $json.start }}',
		endTime: '={{ $json.end }}',
		additionalFields: { notes: '={{ $json.note }}' },
	};

	it('sends 110 input items as two batches (100 and 10) and outputs each created draft against its item', async () => {
		const location = sydney();
		const input = rows(110, location, positionAt(location.id));
		const result = await f.run(NODE, mapped, input);
		expect(result.error).toBeUndefined();
		const output = result.output('Node');
		expect(output).toHaveLength(110);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(String(item.json.start_time).slice(0, 16)).toBe(input[i].start);
			expect(item.json).toMatchObject({ status: 'draft', rate_set: false, notes: `row ${i}`, created_by_app: true });
		});
		const posts = requests('POST');
		expect(posts.map((p) => ((p.body as IDataObject).data as unknown[]).length)).toEqual([100, 10]);
		// Local 10:00 in Sydney: standard time (+10:00) in July, daylight saving (+11:00) by October.
		expect(((posts[0].body as IDataObject).data as IDataObject[])[0]).toEqual({
			location_id: location.id,
			position_id: positionAt(location.id).id,
			start_time: '2027-07-01T10:00:00+10:00',
			end_time: '2027-07-01T15:00:00+10:00',
			notes: 'row 0',
		});
		expect(((posts[1].body as IDataObject).data as IDataObject[])[0]).toMatchObject({
			start_time: '2027-10-09T10:00:00+11:00',
			notes: 'row 100',
		});
		expect(new Set(posts.map((p) => p.headers['idempotency-key'])).size).toBe(2);
		expect(new Set(output.map((o) => o.json.id)).size).toBe(110);
		expect(onDemandShifts().filter((s) => s.created_by_app)).toHaveLength(110);
	});

	it('sends nothing when one item is invalid, and names the item and the field', async () => {
		const location = sydney();
		const input = rows(5, location, positionAt(location.id));
		input[3].end = input[3].start;
		const result = await f.run(NODE, mapped, input);
		expect(result.error?.message).toMatch(/^Item 3: End Time .* is not after Start Time/);
		expect(requests('POST')).toHaveLength(0);
	});

	it('creates nothing when the batch is refused because on-demand shifts are not available', async () => {
		const auckland = locationIn('Pacific/Auckland');
		const result = await f.run(NODE, mapped, rows(3, auckland, positionAt(auckland.id)));
		expect(result.error?.message).toMatch(/On-demand shifts are not available for this business or location|the batch was refused as a whole/);
		expect(requests('POST')).toHaveLength(1);
		expect(onDemandShifts().filter((s) => s.created_by_app)).toHaveLength(0);
	});
});

describe('Update', () => {
	it('changes the notes of a draft without reading it first', async () => {
		const draft = await createDraft();
		const result = await f.run(NODE, { operation: 'update', onDemandShiftId: byId(String(draft.id)), updateFields: { notes: 'Bring a knife roll' } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: draft.id, notes: 'Bring a knife roll', status: 'draft' })]);
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v1/on-demand-shifts/${draft.id}`]);
		const [patch] = requests('PATCH');
		expect(patch.body).toEqual({ notes: 'Bring a knife roll' });
		expect(patch.headers['idempotency-key']).toMatch(/^n8n-/);
	});

	it('removes the notes when Notes is left empty, and changes the position', async () => {
		const draft = await createDraft();
		const other = [...f.sandbox.store.t.positions.values()].find(
			(p) => p.location_id === draft.location_id && p.active && !p.archived && p.id !== draft.position_id,
		)!;
		const result = await f.run(NODE, {
			operation: 'update',
			onDemandShiftId: byId(String(draft.id)),
			updateFields: { notes: '', positionId: byId(other.id) },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ notes: null, position_id: other.id });
		expect(requests('PATCH')[0].body).toEqual({ notes: null, position_id: other.id });
	});

	it('moves a draft by local times read at its own location', async () => {
		const perth = locationIn('Australia/Perth');
		const draft = await createDraft(10, perth);
		const result = await f.run(NODE, {
			operation: 'update',
			onDemandShiftId: byId(String(draft.id)),
			updateFields: { startTime: '2027-03-01T06:00', endTime: '2027-03-01T10:00' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ start_time: '2027-03-01T06:00:00+08:00', end_time: '2027-03-01T10:00:00+08:00' });
		expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v1/on-demand-shifts/${draft.id}`,
			`GET /v1/locations/${perth.id}`,
			`PATCH /v1/on-demand-shifts/${draft.id}`,
		]);
		expect(requests('PATCH')[0].body).toEqual({ start_time: '2027-03-01T06:00:00+08:00', end_time: '2027-03-01T10:00:00+08:00' });
	});

	it('refuses a new local end before the start it has, after reading the record, and changes nothing', async () => {
		const draft = await createDraft(10);
		const result = await f.run(NODE, {
			operation: 'update',
			onDemandShiftId: byId(String(draft.id)),
			updateFields: { endTime: `${String(draft.start_time).slice(0, 10)}T00:30` },
		});
		expect(result.error?.message).toMatch(/^End Time \(.*\) is not after Start Time \(.*\)$/);
		expect(requests('PATCH')).toHaveLength(0);
	});

	it('explains that a published on-demand shift is no longer a draft', async () => {
		const draft = await createDraft();
		f.sandbox.manager.setOnDemandRate(String(draft.id), 42);
		f.sandbox.manager.publishOnDemandShift(String(draft.id));
		const result = await f.run(NODE, { operation: 'update', onDemandShiftId: byId(String(draft.id)), updateFields: { notes: 'late change' } });
		expect(result.error?.message).toBe('The on-demand shift is no longer a draft, so it can no longer be changed or deleted');
		expect(description(result.error)).toContain("Published ones are changed in the service's own application");
		expect(requests('PATCH').map((r) => r.status)).toEqual([409]);
		expect(f.sandbox.store.t.onDemandShifts.get(String(draft.id))!.notes).toBeNull();
	});

	it('explains that a started draft can no longer change', async () => {
		const draft = await createDraft(1);
		f.sandbox.clock.set(new Date(Date.parse(String(draft.start_time)) + 60_000).toISOString());
		f.connect(); // a token issued at the new time
		const result = await f.run(NODE, { operation: 'update', onDemandShiftId: byId(String(draft.id)), updateFields: { notes: 'late' } });
		expect(result.error?.message).toBe('The on-demand shift has already started, so it can no longer be changed or deleted');
		expect(requests('PATCH').map((r) => r.status)).toEqual([409]);
	});

	it('names the permission to grant when the connection cannot write on-demand shifts', async () => {
		const draft = await createDraft();
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'ondemand:write'));
		const result = await f.run(NODE, { operation: 'update', onDemandShiftId: byId(String(draft.id)), updateFields: { notes: 'x' } });
		expect(result.error?.message).toBe('The connection is missing a permission: ondemand:write');
	});

	it.each([
		['an empty change', {}, 'Update Fields is empty'],
		['a start that is not a time', { startTime: 'soon' }, 'Start Time: "soon" is not a date and time'],
		['a malformed position id', { positionId: byId('={{ "abcdef0123456789abcd" }}') }, 'Position: "abcdef0123456789abcd" is not a position id'],
		[
			'an end before the start, both with offsets',
			{ startTime: '2027-03-01T10:00:00+11:00', endTime: '2027-03-01T09:00:00+11:00' },
			'End Time (2027-03-01T09:00:00+11:00) is not after Start Time (2027-03-01T10:00:00+11:00)',
		],
	])('refuses %s before sending anything', async (_, updateFields, message) => {
		const result = await f.run(NODE, { operation: 'update', onDemandShiftId: byId('0123456789abcdef01234567'), updateFields });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Delete', () => {
	it('deletes (archives) a draft that has not started', async () => {
		const draft = await createDraft();
		const result = await f.run(NODE, { operation: 'delete', onDemandShiftId: byId(String(draft.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([{ id: draft.id, deleted: true }]);
		expect(requests('DELETE').map((r) => r.path)).toEqual([`/v1/on-demand-shifts/${draft.id}`]);
		expect(f.sandbox.store.t.onDemandShifts.get(String(draft.id))!.archived).toBe(true);
	});

	it('refuses to delete a published one, saying why', async () => {
		const draft = await createDraft();
		f.sandbox.manager.setOnDemandRate(String(draft.id), 39.5);
		f.sandbox.manager.publishOnDemandShift(String(draft.id));
		const result = await f.run(NODE, { operation: 'delete', onDemandShiftId: byId(String(draft.id)) });
		expect(result.error?.message).toBe('The on-demand shift is no longer a draft, so it can no longer be changed or deleted');
		expect(f.sandbox.store.t.onDemandShifts.get(String(draft.id))!.archived).toBe(false);
	});

	it('refuses to delete a started draft, saying why', async () => {
		const draft = await createDraft(1);
		f.sandbox.clock.advance(2 * DAY);
		f.connect(); // a token issued at the new time
		const result = await f.run(NODE, { operation: 'delete', onDemandShiftId: byId(String(draft.id)) });
		expect(result.error?.message).toBe('The on-demand shift has already started, so it can no longer be changed or deleted');
		expect(requests('DELETE').map((r) => r.status)).toEqual([409]);
		expect(f.sandbox.store.t.onDemandShifts.get(String(draft.id))!.archived).toBe(false);
	});

	it('refuses a malformed typed id before running', async () => {
		const result = await f.run(NODE, { operation: 'delete', onDemandShiftId: byId('xyz') });
		expect(result.error?.message).toMatch(/An? on-demand shift id is 24 lowercase hexadecimal characters/);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('pickers', () => {
	async function pick(method: string, parameters: IDataObject = {}, filter?: string) {
		return await listSearch({
			node: {
				type: `n8n-nodes-rostering.${NODE}`,
				parameters: { operation: 'get', ...parameters },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method,
			credentials: f.credentials as never,
			filter,
		});
	}

	it('lists on-demand shifts from a week ago to four weeks ahead with their local times and status', async () => {
		const { results } = await pick('searchOnDemandShifts');
		// As the picker asks: calendar dates (at each location) from 7 days ago to 28 days ahead.
		const from = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10);
		const to = new Date(Date.now() + 28 * DAY).toISOString().slice(0, 10);
		const localDate = (s: { start_time: number; location_id: string }) =>
			new Intl.DateTimeFormat('en-CA', { timeZone: f.sandbox.store.t.locations.get(s.location_id)!.timezone }).format(s.start_time);
		const expected = onDemandShifts().filter((s) => !s.archived && localDate(s) >= from && localDate(s) <= to);
		expect(results.length).toBeGreaterThan(0);
		expect(results.map((r) => r.value).sort()).toEqual(expected.map((s) => s.id).sort());
		for (const r of results) expect(r.name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2} · \w+$/);
		const [get] = requests('GET');
		expect(Object.keys(get.query).sort()).toEqual(['from', 'limit', 'to']);
	});

	it('filters on-demand shifts by what the person types', async () => {
		const { results } = await pick('searchOnDemandShifts', {}, 'filled');
		expect(results.length).toBeGreaterThan(0);
		for (const r of results) expect(r.name).toMatch(/ · filled$/);
	});

	it('lists locations and the positions of the chosen location for Create', async () => {
		const locationsList = await pick('searchLocations', { operation: 'create' });
		expect(locationsList.results.map((r) => r.name)).toContain('Circular Quay Café (Australia/Sydney)');
		const location = sydney();
		f.sandbox.clearRequests();
		const positions = await pick('searchPositions', { operation: 'create', locationId: { __rl: true, mode: 'list', value: location.id } });
		const expected = [...f.sandbox.store.t.positions.values()].filter((p) => p.location_id === location.id && !p.archived);
		expect(positions.results.map((r) => r.value).sort()).toEqual(expected.map((p) => p.id).sort());
		expect(f.sandbox.requests[0].query).toMatchObject({ location_id: location.id });
	});
});
