/**
 * The Rostering Trigger, polled as n8n 2.40.7 polls an active workflow's trigger (PollHarness:
 * static data persisted after activation and when a poll returns items, never after a failed
 * poll), against the sandbox over HTTP. One test (or a few) per guarantee of nodes/shared/trigger/changes.ts:
 * each change comes out once, in order of change time, in its latest state, across paging,
 * failures, restarts, ties at the boundary and a skewed clock; and what the requests, the saved
 * state and the error messages look like while it does.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { ON_N8N_1, PollHarness } from '../harness';
import { OVERLAP_MS, type TriggerState } from '../../nodes/shared/trigger/changes';
import { byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

jest.setTimeout(60_000);

const f = useFixture();

const { business, locations, positionAt } = seedLookups(() => f);

type Item = { event: string; resource: string; record: IDataObject; changes: IDataObject; changed_fields: string[]; changes_known: boolean };

/**
 * What a change of notes through the API changes: the notes, and a published shift's status (a
 * change makes it a draft again), in the order of the trigger's fields.
 */
const notesChanged = (before: { notes?: unknown; status?: unknown }, to: string): IDataObject => ({
	...(before.status === 'published' ? { status: { from: 'published', to: 'unpublished' } } : {}),
	notes: { from: before.notes ?? null, to },
});

/** The item a change gives: the event, the record as the service has it now, and what changed. */
const itemFor = (event: string, record: unknown, changes: IDataObject = {}) => ({
	event,
	resource: 'shift',
	record,
	changes,
	changed_fields: Object.keys(changes),
	changes_known: true,
});

/**
 * The trigger a user adds from the nodes panel for `resource`: its own (rosteringShiftTrigger, ...).
 * With `generic`, the hidden rosteringTrigger that workflows saved before those existed use, with
 * its Resource selector: the same poll, so the same guarantees.
 */
function trigger({ resource, ...parameters }: IDataObject, generic = false): PollHarness {
	const type = generic ? 'rosteringTrigger' : `rostering${String(resource).replace(/^./, (c) => c.toUpperCase())}Trigger`;
	return new PollHarness({
		node: {
			type: `n8n-nodes-rostering.${type}`,
			parameters: (generic ? { resource, ...parameters } : parameters) as never,
			credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
		},
		credentials: f.credentials as never,
	});
}

const shiftTrigger = (extra: IDataObject = {}) => trigger({ resource: 'shift', ...extra });

/** Moves the sandbox clock on, so that what happens next has a later updated_at (whole seconds). */
const later = (ms = 2_000) => f.sandbox.clock.advance(ms);
const now = () => f.sandbox.clock.now().getTime();

/** Shifts of the main business that have not started (changeable through the API), by start. */
const futureShifts = () =>
	[...f.sandbox.store.t.shifts.values()]
		.filter((s) => s.business_id === business() && !s.archived && s.start_time > now() + 2 * 86_400_000)
		.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
const mainShifts = () => [...f.sandbox.store.t.shifts.values()].filter((s) => s.business_id === business());
const current = (id: string) => f.sandbox.store.get('shifts', id)!;
const edit = (id: string, notes: string) => f.sandbox.manager.editShift(id, { notes });

const shiftLists = () => f.apiRequests().filter((r) => r.method === 'GET' && r.path === '/v1/shifts');
/** The reads of changes (updated_since), not those of the records in use the trigger learns. */
const changeReads = () => shiftLists().filter((r) => r.query.updated_since !== undefined);
/** The trigger's state in h.memory (the node's static data) or h.persisted (the workflow's). */
const state = (data: IDataObject) => ((data['node:Trigger'] as IDataObject | undefined) ?? data).state as unknown as TriggerState;
const ids = (items: Item[] | IDataObject[] | null) => (items ?? []).map((i) => String((i as Item).record.id));
const at = (item: Item | IDataObject) => Date.parse(String((item as Item).record.updated_at));

/** The UTC date `days` from the service's now (the days the trigger learns are whole UTC dates). */
const day = (days: number) => new Date(now() + days * 86_400_000).toISOString().slice(0, 10);

/** Local wall-clock time `days` from now, as a user types it (no offset). */
function localDay(days: number, time: string): string {
	return `${new Date(now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

async function shiftNode(parameters: IDataObject): Promise<IDataObject> {
	const result = await f.run('rosteringShift', parameters);
	expect(result.error).toBeUndefined();
	return result.json('Node')[0];
}

/**
 * Runs a poll (or the activation) and checks the position it saved lies within it by the service's
 * clock (to the second the service gives), however long the poll took on a busy machine.
 */
async function savedWithin<T>(h: PollHarness, poll: () => Promise<T>): Promise<T> {
	const from = now();
	const out = await poll();
	const cursor = state(h.persisted).cursor;
	expect(cursor).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
	expect(cursor).toBeLessThanOrEqual(now());
	return out;
}

/** Activates a trigger and moves the clock past the activation second. */
async function activated(h: PollHarness): Promise<void> {
	expect(await h.activate()).toBeNull();
	later();
	f.sandbox.clearRequests();
}

/** Waits until the sandbox has answered `n` shift list requests (a poll in flight is paging). */
async function pagesServed(n: number): Promise<void> {
	const deadline = Date.now() + 20_000;
	while (shiftLists().filter((r) => r.status === 200).length < n) {
		if (Date.now() > deadline) throw new Error(`only ${shiftLists().length} shift list requests seen`);
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
}

/** Every item delivered: one a version, and the record as the service now has it. */
function expectEachOnceInLatestState(items: Item[], changed: string[]): void {
	expect(ids(items).sort()).toEqual([...changed].sort());
	for (const item of items) expect(item.record).toEqual(current(String(item.record.id)));
}

describe('from activation', () => {
	it('activation delivers nothing for one request; a later change comes out once as updated', async () => {
		const h = shiftTrigger();
		expect(await savedWithin(h, () => h.activate())).toBeNull();
		const requests = f.apiRequests();
		// The service's time (one record), then the shifts in use it learns: yesterday to four weeks on, 200 a page.
		expect(requests[0].query).toEqual({ limit: '1', include_archived: 'true' });
		const learning = requests.slice(1);
		expect(learning.length).toBeGreaterThan(0);
		for (const read of learning) expect(read.query).toMatchObject({ from: day(-1), to: day(27), limit: '200' });
		expect(learning[0].query.include_archived).toBeUndefined();
		const read = learning.flatMap((r) => (r.responseBody as { data: IDataObject[] }).data);
		const saved = state(h.persisted);
		expect(Object.keys(saved.memory!.records).sort()).toEqual(read.map((s) => String(s.id)).sort());
		expect(saved.seen).toEqual({});
		expect(saved.floor).toBe(saved.cursor);

		later();
		const shift = futureShifts()[0];
		const before = { ...current(shift.id) };
		await shiftNode({ operation: 'update', shiftId: byId(shift.id), updateFields: { notes: 'Bring keys' } });
		const items = (await h.poll()) as Item[];
		expect(items).toEqual([itemFor('updated', current(shift.id), notesChanged(before, 'Bring keys'))]);
		expect(items[0].record.notes).toBe('Bring keys');
		expect(state(h.persisted).seen[shift.id]).toBeDefined();

		expect(await h.poll()).toBeNull();
		later(30_000);
		expect(await h.poll()).toBeNull();
		later(60_000);
		expect(await h.poll()).toBeNull();
	});

	it('the hidden Rostering Trigger of older workflows, Resource Shift, delivers the same change once', async () => {
		const h = trigger({ resource: 'shift' }, true);
		await activated(h);
		const shift = futureShifts()[0];
		const before = { ...current(shift.id) };
		await shiftNode({ operation: 'update', shiftId: byId(shift.id), updateFields: { notes: 'Still here' } });
		expect(await h.poll()).toEqual([itemFor('updated', current(shift.id), notesChanged(before, 'Still here'))]);
		expect(await h.poll()).toBeNull();
	});

	it('a shift created through the Shift node comes out once as created, its later change as updated', async () => {
		const h = shiftTrigger();
		await activated(h);
		const location = locations()[0];
		const created = await shiftNode({
			operation: 'create',
			locationId: byId(location.id),
			positionId: byId(positionAt(location.id).id),
			startTime: localDay(10, '09:00'),
			endTime: localDay(10, '13:00'),
		});
		const first = (await h.poll()) as Item[];
		expect(first).toEqual([itemFor('created', current(String(created.id)))]);
		expect(await h.poll()).toBeNull();

		later();
		await shiftNode({ operation: 'update', shiftId: byId(String(created.id)), updateFields: { notes: 'Second thought' } });
		const second = (await h.poll()) as Item[];
		expect(second.map((i) => i.event)).toEqual(['updated']);
		expect(second[0].record.notes).toBe('Second thought');
		expect(await h.poll()).toBeNull();
	});

	it('changes made before activation are never delivered', async () => {
		edit(futureShifts()[0].id, 'before activation');
		later();
		const h = shiftTrigger();
		await activated(h);
		expect(await h.poll()).toBeNull();
		later(120_000);
		expect(await h.poll()).toBeNull();
	});
});

describe('since a date', () => {
	it('the first poll delivers every change since the date, once, in order of change time; the next none', async () => {
		const [a, b, c, before] = futureShifts();
		edit(before.id, 'before the date');
		later();
		const since = new Date(now()).toISOString();
		later();
		// Changed in the order c, a, b, so that change time and id order differ.
		edit(c.id, 'first');
		later(1_500);
		edit(a.id, 'second');
		later(3_000);
		edit(b.id, 'third');
		later();

		const h = shiftTrigger({ start: 'since', since });
		const items = (await h.activate()) as Item[];
		expect(ids(items)).toEqual([c.id, a.id, b.id]);
		expect(items.map((i) => i.record.notes)).toEqual(['first', 'second', 'third']);
		expect(items.every((i) => i.event === 'updated')).toBe(true);
		const times = items.map(at);
		expect([...times].sort((x, y) => x - y)).toEqual(times);
		expect(shiftLists()[0].query.updated_since).toBe(since);
		// Saved with the items.
		expect(state(h.persisted).floor).toBe(Date.parse(since));

		expect(await h.poll()).toBeNull();
		later(90_000);
		expect(await h.poll()).toBeNull();
	});

	it('a date without an offset is read in the workflow’s time zone; many pages of changes come out once, in order', async () => {
		const sinceMs = Math.floor(now() / 1000) * 1000;
		const local = DateTime.fromMillis(sinceMs, { zone: 'Australia/Sydney' }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
		later();
		const changed = futureShifts().slice(0, 450).map((s) => s.id);
		changed.forEach((id, i) => {
			if (i % 60 === 0) later(1_000);
			edit(id, `since ${i}`);
		});
		later();
		const h = shiftTrigger({ start: 'since', since: local });
		const items = (await h.activate()) as Item[];
		expect(shiftLists()[0].query.updated_since).toBe(new Date(sinceMs).toISOString());
		expect(changeReads()).toHaveLength(3);
		expectEachOnceInLatestState(items, changed);
		const times = items.map(at);
		expect([...times].sort((x, y) => x - y)).toEqual(times);
		expect(await h.poll()).toBeNull();
	});
});

describe('records sharing the boundary timestamp', () => {
	it('records stamped with a timestamp already read come out at the next poll; none twice', async () => {
		const h = shiftTrigger();
		await activated(h);
		const [a, b, c, d, e] = futureShifts();
		const tick = now() - 1_000 + 123; // a timestamp with milliseconds, as the service may send
		const stamp = (id: string, notes: string) => {
			const s = f.sandbox.store.t.shifts.get(id)!;
			s.notes = notes;
			s.updated_at = tick;
		};
		stamp(a.id, 'a');
		stamp(b.id, 'b');
		stamp(c.id, 'c');
		const first = (await h.poll()) as Item[];
		expect(ids(first)).toEqual([a.id, b.id, c.id].sort());
		expect(first.every((i) => at(i) === tick)).toBe(true);

		// Recorded late, at the very same millisecond: the next window reaches back over it.
		later(5_000);
		stamp(d.id, 'd');
		stamp(e.id, 'e');
		const second = (await h.poll()) as Item[];
		expect(ids(second)).toEqual([d.id, e.id].sort());
		expect(second.every((i) => at(i) === tick)).toBe(true);
		expect(await h.poll()).toBeNull();

		// Two changes within one tick: the same updated_at, other content, is a change too.
		stamp(a.id, 'a, again within the tick');
		const third = (await h.poll()) as Item[];
		expect(ids(third)).toEqual([a.id]);
		expect(third[0].record.notes).toBe('a, again within the tick');
		expect(await h.poll()).toBeNull();
	});
});

describe('changes while a poll is paging', () => {
	it('every change made during the pages is delivered exactly once across this poll and the next', async () => {
		const h = shiftTrigger();
		await activated(h);
		const shifts = futureShifts();
		const changed = shifts.slice(0, 450).map((s) => s.id);
		changed.forEach((id, i) => {
			if (i % 100 === 0) later(1_000);
			edit(id, `bulk ${i}`);
		});
		later(1_000);
		// Later pages are slow, so the records move while the poll is between pages.
		f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', latencyMs: 300, times: 2 });
		const polling = h.poll();
		await pagesServed(1);
		const readAlready = changed[0]; // on page 1, then changed again: listed twice
		const notReadYet = changed[449]; // on the last page
		const untouched = shifts[460].id; // not changed before
		edit(readAlready, 'changed while paging (read already)');
		edit(notReadYet, 'changed while paging (not read yet)');
		edit(untouched, 'changed while paging (new)');
		const first = ((await polling) ?? []) as Item[];
		expect(shiftLists().filter((r) => r.query.after === undefined)).toHaveLength(1);
		later(3_000);
		const second = ((await h.poll()) ?? []) as Item[];
		expect(await h.poll()).toBeNull();

		const all = [...first, ...second];
		expectEachOnceInLatestState(all, [...changed, untouched]);
		expect(current(readAlready).notes).toBe('changed while paging (read already)');
	});
});

describe('thousands of changes between two polls', () => {
	it('follows every page, 200 at a time, and delivers each change once', async () => {
		const h = shiftTrigger();
		await activated(h);
		const all = mainShifts();
		expect(all.length).toBeGreaterThanOrEqual(2_000);
		all.forEach((s, i) => {
			if (i % 250 === 0) later(1_000);
			edit(s.id, `mass change ${i}`);
		});
		later();
		const items = (await h.poll()) as Item[];
		expect(items).toHaveLength(all.length);
		expectEachOnceInLatestState(items, all.map((s) => s.id));
		const times = items.map(at);
		expect([...times].sort((x, y) => x - y)).toEqual(times);
		const lists = shiftLists();
		expect(lists).toHaveLength(Math.ceil(all.length / 200));
		expect(lists.every((r) => r.query.limit === '200' && r.status === 200)).toBe(true);
		// The credential read once in the whole poll (a poll has no execution id in n8n), however many
		// pages: the package signs its requests with the token it read (n8n-internals A11), where n8n's
		// OAuth2 helper reads the credential for each request, and each read has n8n resolve the
		// credential's expressions (about 25 ms in n8n 2.40.7's isolated engine).
		expect(h.credentialCalls.filter((c) => c.method === 'getDecrypted')).toHaveLength(1);
		expect(await h.poll()).toBeNull();
	});
});

describe('the credential between polls', () => {
	// n8n polls an active workflow with one poll context (harness: as n8n-core 2.40.7's
	// activatePollTrigger): what a poll read of the credential must not outlive it.
	it('a token n8n renewed in another run is the one the next poll signs with: no request refused', async () => {
		const h = shiftTrigger({ events: ['updated'], options: { sayWhatChanged: false } });
		await h.activate();
		later();
		expect(await h.poll()).toBeNull();
		// Another execution met the expired token and n8n stored a renewed one with the credential.
		f.sandbox.expireAccessTokens();
		const renewed = f.sandbox.issueToken().access_token;
		(f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject).access_token = renewed;
		f.sandbox.clearRequests();
		later();
		expect(await h.poll()).toBeNull();
		expect(f.apiRequests().map((r) => `${r.status} ${String(r.headers.authorization)}`)).toEqual([`200 Bearer ${renewed}`]);
	});

	it('a Base URL changed in the credential is where the next poll goes', async () => {
		const h = shiftTrigger({ events: ['updated'], options: { sayWhatChanged: false } });
		await h.activate();
		const data = f.credentials[CREDENTIAL_ID].data;
		const before = String(data.customBaseUrl);
		data.customBaseUrl = 'http://127.0.0.1:9';
		try {
			f.sandbox.clearRequests();
			later();
			await expect(h.poll()).rejects.toThrow();
			expect(f.apiRequests()).toHaveLength(0);
		} finally {
			data.customBaseUrl = before;
		}
	});
});

describe('a record changed twice between polls', () => {
	it('comes out once, in its latest state (the API keeps no history)', async () => {
		const h = shiftTrigger();
		await activated(h);
		const shift = futureShifts()[0];
		const before = { ...current(shift.id) };
		await shiftNode({ operation: 'update', shiftId: byId(shift.id), updateFields: { notes: 'first' } });
		later();
		await shiftNode({ operation: 'update', shiftId: byId(shift.id), updateFields: { notes: 'second' } });
		const items = (await h.poll()) as Item[];
		expect(items).toHaveLength(1);
		// What changed is told from the state before the first change: the one in between was never read.
		expect(items[0]).toEqual(itemFor('updated', current(shift.id), notesChanged(before, 'second')));
		expect(items[0].record.notes).toBe('second');
		expect(await h.poll()).toBeNull();
	});
});

describe('removals, event and location filters', () => {
	it('a shift deleted through the Shift node comes out as removed', async () => {
		const h = shiftTrigger();
		await activated(h);
		const shift = futureShifts()[0];
		await shiftNode({ operation: 'delete', shiftId: byId(shift.id) });
		const items = (await h.poll()) as Item[];
		expect(items).toEqual([itemFor('removed', current(shift.id), { archived: { from: false, to: true } })]);
		expect(items[0].record.archived).toBe(true);
		expect(await h.poll()).toBeNull();
	});

	it("events ['removed'] delivers only removals, and what it skipped never comes out later", async () => {
		const h = shiftTrigger({ events: ['removed'] });
		await activated(h);
		const [updated, removed] = futureShifts();
		edit(updated.id, 'an update');
		await shiftNode({ operation: 'delete', shiftId: byId(removed.id) });
		const items = (await h.poll()) as Item[];
		expect(items.map((i) => [i.event, i.record.id])).toEqual([['removed', removed.id]]);
		expect(await h.poll()).toBeNull();
		later(30_000);
		expect(await h.poll()).toBeNull();
	});

	it('a location filter is sent as location_id and only that location’s changes come out', async () => {
		const [here, there] = locations();
		const h = shiftTrigger({ filters: { locationId: byId(here.id) } });
		expect(await h.activate()).toBeNull();
		expect(f.apiRequests()[0].query.location_id).toBe(here.id);
		later();
		f.sandbox.clearRequests();
		const shiftsAt = (loc: string) => futureShifts().filter((s) => s.location_id === loc);
		const mine = shiftsAt(here.id).slice(0, 2).map((s) => s.id);
		const theirs = shiftsAt(there.id).slice(0, 2).map((s) => s.id);
		for (const id of [...mine, ...theirs]) edit(id, 'changed');
		const items = (await h.poll()) as Item[];
		expect(ids(items).sort()).toEqual([...mine].sort());
		expect(items.every((i) => i.record.location_id === here.id)).toBe(true);
		expect(shiftLists().every((r) => r.query.location_id === here.id)).toBe(true);
	});
});

describe('a poll that fails', () => {
	/** More than a page of changes, so that a fault can strike page 2. */
	function manyChanges(n = 250): string[] {
		const changed = futureShifts().slice(0, n).map((s) => s.id);
		changed.forEach((id, i) => edit(id, `change ${i}`));
		later();
		return changed;
	}

	async function failsThenRecovers(fault: () => void, message: string | RegExp, changed: string[], h: PollHarness) {
		const before = h.persisted;
		const memory = h.memory;
		fault();
		await expect(h.poll()).rejects.toThrow(message);
		expect(h.persisted).toEqual(before);
		expect(h.memory).toEqual(memory);
		const items = (await h.poll()) as Item[];
		expectEachOnceInLatestState(items, changed);
		expect(await h.poll()).toBeNull();
	}

	it('a 500 on page 2 beyond the retries fails the poll, saves nothing; the next poll delivers everything once', async () => {
		const h = shiftTrigger();
		await activated(h);
		const changed = manyChanges();
		await failsThenRecovers(
			() => f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', status: 500, times: 5 }),
			'The service failed to process the request',
			changed,
			h,
		);
		// Page 1, then page 2 five times (the first try and four retries).
		expect(shiftLists().slice(0, 6).map((r) => r.status)).toEqual([200, 500, 500, 500, 500, 500]);
	});

	it('a 429 asking to wait longer than Max Rate-Limit Wait fails the poll; the next poll delivers everything once', async () => {
		// n8n 1.x hides Retry-After (n8n-internals A1): there the poll fails once the node's own
		// backoff (here at most 1 s a wait) has met eleven 429s in a row.
		const h = shiftTrigger({ options: { maxRateLimitWait: ON_N8N_1 ? 1 : 5 } });
		await activated(h);
		const changed = manyChanges();
		await failsThenRecovers(
			() => f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', status: 429, retryAfter: 120, times: ON_N8N_1 ? 11 : 1 }),
			'The service is limiting how fast this connection may send requests',
			changed,
			h,
		);
	});

	it('a 403 fails the poll with the missing permission; the next poll delivers everything once', async () => {
		const h = shiftTrigger();
		await activated(h);
		const changed = manyChanges(20);
		await failsThenRecovers(
			() => f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', status: 403, code: 'permission_denied', message: 'Missing roster:read.' }),
			/The connection is missing a permission/,
			changed,
			h,
		);
	});

	it('a network failure beyond the retries fails the poll; the next poll delivers everything once', async () => {
		const h = shiftTrigger();
		await activated(h);
		const changed = manyChanges();
		await failsThenRecovers(
			() => f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', drop: true, times: 5 }),
			'The service could not be reached',
			changed,
			h,
		);
	});

	it('an access token expiring mid-poll is refreshed and the poll succeeds', async () => {
		const h = shiftTrigger();
		await activated(h);
		const changed = manyChanges(450);
		const tokenBefore = (f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject).access_token;
		f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', latencyMs: 200, times: 1 });
		const polling = h.poll();
		await pagesServed(1);
		f.sandbox.expireAccessTokens();
		const items = (await polling) as Item[];
		expectEachOnceInLatestState(items, changed);
		const statuses = shiftLists().map((r) => r.status);
		expect(statuses).toContain(401);
		expect(f.sandbox.requests.some((r) => r.path === '/oauth/token' && r.status === 200)).toBe(true);
		expect((f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject).access_token).not.toBe(tokenBefore);
		expect(await h.poll()).toBeNull();
	});
});

describe('restarts', () => {
	it('a restart between polls loses and repeats nothing', async () => {
		const h = shiftTrigger();
		await activated(h);
		const [a, b, c] = futureShifts();
		edit(a.id, 'before the first restart');
		h.restart();
		expect(ids(await h.poll())).toEqual([a.id]);

		// Idle polls move the position in memory only; a restart falls back to what was saved.
		later(20_000);
		expect(await h.poll()).toBeNull();
		later(20_000);
		expect(await h.poll()).toBeNull();
		edit(b.id, 'before the second restart');
		h.restart();
		expect(ids(await h.poll())).toEqual([b.id]);
		h.restart();
		expect(await h.poll()).toBeNull();

		// Long after the saved position (beyond the overlap), still nothing lost or repeated.
		later(10 * 60_000);
		edit(c.id, 'long after');
		h.restart();
		expect(ids(await h.poll())).toEqual([c.id]);
		h.restart();
		expect(await h.poll()).toBeNull();
	});

	it('a restart right after activation, before any item, loses nothing', async () => {
		const h = shiftTrigger();
		await activated(h);
		later(5 * 60_000);
		expect(await h.poll()).toBeNull();
		const shift = futureShifts()[0];
		edit(shift.id, 'after an idle poll');
		h.restart();
		expect(ids(await h.poll())).toEqual([shift.id]);
	});
});

describe('cost', () => {
	it('an idle poll costs exactly one request, reaching back the overlap before the saved position', async () => {
		const h = shiftTrigger();
		await activated(h);
		later(120_000);
		edit(futureShifts()[0].id, 'one');
		await h.poll();
		later(120_000);
		f.sandbox.clearRequests();
		const cursor = state(h.memory).cursor;
		expect(await h.poll()).toBeNull();
		const requests = f.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({
			include_archived: 'true',
			updated_since: new Date(cursor - OVERLAP_MS).toISOString(),
			limit: '200',
		});
	});
});

describe('Fetch Test Event', () => {
	it('returns the most recent matching change, then the latest of each other chosen event read with it, and leaves the saved state and memory alone', async () => {
		const h = shiftTrigger();
		await activated(h);
		const [older, newest, removed] = futureShifts();
		const newestBefore = current(newest.id).notes ?? null;
		edit(older.id, 'older');
		later();
		await shiftNode({ operation: 'delete', shiftId: byId(removed.id) });
		later();
		edit(newest.id, 'newest');
		later();
		const persisted = h.persisted;
		const memory = h.memory;
		// The workflow was published: what changed is told from what the trigger remembers. Created,
		// Updated and Removed chosen: the newest change first, then the latest removal read in the same
		// look-back (issue 46: one test item per event); nothing was created in it.
		expect(await h.poll('manual')).toEqual([
			itemFor('updated', current(newest.id), { notes: { from: newestBefore, to: 'newest' } }),
			itemFor('removed', current(removed.id), { archived: { from: false, to: true } }),
		]);
		expect(h.persisted).toEqual(persisted);
		expect(h.memory).toEqual(memory);

		const removals = trigger({ resource: 'shift', events: ['removed'] });
		// Never published: it remembers nothing, so what changed cannot be told.
		expect(await removals.poll('manual')).toEqual([{ test_event_note: expect.stringContaining('What changed is not known'), ...itemFor('removed', current(removed.id)), changes_known: false }]);
		expect(removals.persisted).toEqual({});
		expect(removals.memory).toEqual({});

		// The real poll still delivers all three.
		expect(ids(await h.poll()).sort()).toEqual([older.id, newest.id, removed.id].sort());
	});
});

describe('the service’s clock and bounded memory', () => {
	it('the saved position follows the service’s clock, a day ahead of this machine', async () => {
		f.sandbox.clock.advance(86_400_000);
		f.connect(); // a token issued at the service's time
		const h = shiftTrigger();
		// Each position lies within its poll by the service's clock, which is a day ahead of this machine's.
		expect(now() - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
		expect(await savedWithin(h, () => h.activate())).toBeNull();

		later();
		const shift = futureShifts()[0];
		edit(shift.id, 'a day ahead');
		expect(ids(await savedWithin(h, () => h.poll()))).toEqual([shift.id]);
		expect(await h.poll()).toBeNull();
	});

	it('memory stays bounded: after many changes and idle polls, seen holds only versions within the overlap', async () => {
		const h = shiftTrigger();
		await activated(h);
		const changed = futureShifts().slice(0, 300).map((s) => s.id);
		changed.forEach((id, i) => edit(id, `change ${i}`));
		later();
		expect(await h.poll()).toHaveLength(300);
		expect(Object.keys(state(h.persisted).seen)).toHaveLength(300);

		later(OVERLAP_MS / 2);
		expect(await h.poll()).toBeNull();
		later(OVERLAP_MS);
		expect(await h.poll()).toBeNull();
		const memory = state(h.memory);
		expect(memory.seen).toEqual({});
		for (const version of Object.values(memory.seen)) {
			expect(Number(version.split(':')[0])).toBeGreaterThanOrEqual(memory.cursor - OVERLAP_MS);
		}

		// One fresh change is remembered, alone.
		const last = futureShifts()[400].id;
		edit(last, 'fresh');
		expect(ids(await h.poll())).toEqual([last]);
		expect(Object.keys(state(h.memory).seen)).toEqual([last]);
	});
});

describe('changing the settings', () => {
	it('changing the resource starts afresh, without the new resource’s history', async () => {
		const h = shiftTrigger();
		await activated(h);
		edit(futureShifts()[0].id, 'shift change');
		expect(await h.poll()).toHaveLength(1);

		// The user changes the trigger to timesheets; the saved static data stays.
		const timesheets = trigger({ resource: 'timesheet' });
		timesheets.persisted = h.persisted;
		timesheets.restart();
		f.sandbox.clearRequests();
		expect(await timesheets.activate()).toBeNull();
		// The service's time, then the timesheets in use it learns (the last two weeks).
		expect(f.apiRequests().map((r) => [r.path, r.query.limit])[0]).toEqual(['/v1/timesheets', '1']);
		expect(f.apiRequests().every((r) => r.path === '/v1/timesheets')).toBe(true);
		expect(JSON.parse(state(timesheets.persisted).config).key).toBe('timesheet');
		expect(state(timesheets.persisted).seen).toEqual({});
		later();
		expect(await timesheets.poll()).toBeNull();

		const pending = [...f.sandbox.store.t.timesheets.values()].find((t) => t.business_id === business() && t.status === 'pending' && !t.archived)!;
		f.sandbox.manager.approveTimesheet(pending.id);
		const items = (await timesheets.poll()) as Item[];
		expect(items.map((i) => [i.event, i.resource, i.record.id, i.record.status])).toEqual([['updated', 'timesheet', pending.id, 'approved']]);
	});

	it('changing a filter starts afresh: the new location’s earlier changes do not flood in', async () => {
		const [here, there] = locations();
		const h = shiftTrigger({ filters: { locationId: byId(here.id) } });
		await activated(h);
		const thereShifts = futureShifts().filter((s) => s.location_id === there.id);
		for (const s of thereShifts.slice(0, 5)) edit(s.id, 'while not watched');
		expect(await h.poll()).toBeNull();
		later();

		const moved = shiftTrigger({ filters: { locationId: byId(there.id) } });
		moved.persisted = h.persisted;
		moved.restart();
		expect(await moved.activate()).toBeNull();
		later();
		expect(await moved.poll()).toBeNull();
		edit(thereShifts[5].id, 'now watched');
		expect(ids(await moved.poll())).toEqual([thereShifts[5].id]);
	});
});

describe('Options › Add Names', () => {
	const lists = (path: string) => f.apiRequests().filter((r) => r.method === 'GET' && r.path === path);
	function manyChanges(n: number): string[] {
		const changed = futureShifts().slice(0, n).map((s) => s.id);
		changed.forEach((id, i) => edit(id, `named ${i}`));
		later();
		return changed;
	}

	it('names the employee, location and position of each change, one list read per kind per poll, and remembers the record as the service sent it', async () => {
		const h = shiftTrigger({ options: { addNames: true } });
		await activated(h);
		const changed = manyChanges(30);
		const items = (await h.poll()) as Item[];
		expect(ids(items).sort()).toEqual([...changed].sort());
		for (const item of items) {
			const stored = current(String(item.record.id));
			const location = f.sandbox.store.get('locations', String(stored.location_id))!;
			const position = f.sandbox.store.get('positions', String(stored.position_id))!;
			expect(item.record).toMatchObject({ ...stored, location_name: location.name, position_name: position.name });
			if (stored.employee_id) expect(item.record.employee_name).toEqual(expect.any(String));
			else expect(item.record.employee_name).toBeNull();
		}
		// Each list read once (its first page once; a long list goes on with `after`).
		for (const path of ['/v1/locations', '/v1/positions', '/v1/employees']) {
			expect({ path, reads: lists(path).filter((r) => !r.query.after).length }).toEqual({ path, reads: 1 });
		}
		// The names are not part of what the trigger remembers: nothing comes out again.
		expect(await h.poll()).toBeNull();
	});

	it('a name list that fails fails the poll and moves nothing; the next poll delivers the changes once, named', async () => {
		const h = shiftTrigger({ options: { addNames: true } });
		await activated(h);
		const changed = manyChanges(10);
		const before = h.persisted;
		f.sandbox.injectFault({ method: 'GET', path: '/v1/locations', status: 500, times: 5 });
		await expect(h.poll()).rejects.toThrow('The service failed to process the request');
		expect(h.persisted).toEqual(before);
		const items = (await h.poll()) as Item[];
		expect(ids(items).sort()).toEqual([...changed].sort());
		expect(items.every((item) => typeof item.record.location_name === 'string')).toBe(true);
		expect(await h.poll()).toBeNull();
	});
});

describe('polls n8n runs side by side', () => {
	it('n8n starting again runs the polls it missed together, each from the saved position: the change comes out once, the others are skipped saying so, and the next poll goes on', async () => {
		const h = shiftTrigger();
		await activated(h);
		later();
		const [first, second] = futureShifts();
		edit(first.id, 'changed while n8n was stopped');
		const results = await h.pollsSideBySide(3);
		const delivered = results.filter((r): r is IDataObject[] => Array.isArray(r));
		expect(delivered).toHaveLength(1);
		expect(ids(delivered[0])).toEqual([first.id]);
		for (const other of results.filter((r) => !Array.isArray(r))) expect(other).toBe('Skipped: another poll of this trigger is working from the same position');
		// The next poll starts from the delivering poll's position: nothing again; a new change once.
		later();
		expect(await h.poll()).toBeNull();
		edit(second.id, 'after the restart');
		expect(ids(await h.poll())).toEqual([second.id]);
	});
});
