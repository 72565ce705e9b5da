/**
 * Rostering Shift (version 2) › Assign If Open against the sandbox: an open shift goes to the
 * first person whose acceptance the node runs; a second acceptance, at once or later, is told the
 * shift has gone and nothing is changed; a shift already theirs is left as it is (a re-run changes
 * nothing); a deleted or started shift says so; a published one says it became a draft again.
 * Asserted on the requests the sandbox received and the shifts it holds.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { READING_CHOICES } from '../../sandbox';
import { byId, seedLookups, useFixture } from './fixture';

const f = useFixture();

const { business } = seedLookups(() => f);
const t = () => f.sandbox.store.t;
const DAY = 86_400_000;
const V2 = { typeVersion: 2 };

const shiftRequests = () => f.apiRequests().filter((r) => r.path.startsWith('/v1/shifts/'));

/** An open shift of the seed that starts more than a day ahead, and two people Who Can Cover lists for it. */
async function openShiftAndTwoPeople(): Promise<{ shiftId: string; first: string; second: string }> {
	const now = f.sandbox.clock.now().getTime();
	const open = [...t().shifts.values()].filter((s) => s.business_id === business() && !s.archived && !s.employee_id && s.start_time > now + DAY);
	for (const shift of open) {
		const cover = await f.run('rosteringShiftCover', { operation: 'getAll', shiftId: byId(shift.id), returnAll: true });
		const people = cover.json('Node').map((row) => String(row.employee_id));
		if (people.length >= 2) {
			f.sandbox.clearRequests();
			return { shiftId: shift.id, first: people[0], second: people[1] };
		}
	}
	throw new Error('the seed has no open shift ahead that two people can cover');
}

async function assign(shiftId: string, employeeId: string) {
	const result = await f.run('rosteringShift', { operation: 'assignIfOpen', shiftId: byId(shiftId), employeeId: byId(employeeId) }, undefined, V2);
	expect(result.error).toBeUndefined();
	return result.json('Node');
}

it('gives an open shift to the person: one read, one change of employee_id only', async () => {
	const { shiftId, first } = await openShiftAndTwoPeople();
	const [out] = await assign(shiftId, first);
	expect(out).toMatchObject({ assigned: true, outcome: 'assigned', shift_id: shiftId, employee_id: first, shift: { id: shiftId, employee_id: first } });
	expect(typeof out.unguarded_ms).toBe('number');
	expect(shiftRequests().map((r) => [r.method, r.path, r.body ?? null])).toEqual([
		['GET', `/v1/shifts/${shiftId}`, null],
		['PATCH', `/v1/shifts/${shiftId}`, { employee_id: first }],
	]);
	expect(t().shifts.get(shiftId)!.employee_id).toBe(first);
});

it("with Add Names, the shift it answers with carries the person's, position's and location's names and the location's time zone, whatever offset the service writes times with", async () => {
	f.sandbox.setReadings({ recordTimes: 'utc' });
	const { shiftId, first, second } = await openShiftAndTwoPeople();
	const run = async (employeeId: string) => {
		const result = await f.run('rosteringShift', { operation: 'assignIfOpen', shiftId: byId(shiftId), employeeId: byId(employeeId), options: { addNames: true } }, undefined, V2);
		expect(result.error).toBeUndefined();
		return result.json('Node')[0];
	};
	const shift = t().shifts.get(shiftId)!;
	const location = t().locations.get(shift.location_id)!;
	const person = t().employees.get(first)!;
	const expected = { location_name: location.name, location_timezone: location.timezone, position_name: t().positions.get(shift.position_id)!.name, employee_id: first, employee_name: `${person.preferred_name || person.first_name} ${person.last_name}` };
	// Assigned (the shift as changed), then taken (the shift as read): both named.
	expect((await run(first)).shift).toMatchObject({ id: shiftId, ...expected, start_time: expect.stringMatching(/Z$/) });
	// Taken: who has it by name, as Add Names gives it (without, by id: the tests below).
	expect(await run(second)).toMatchObject({ outcome: 'taken', message: `Not assigned: the shift is no longer open (it is assigned to ${expected.employee_name})`, shift: { id: shiftId, ...expected } });
	f.sandbox.setReadings({ recordTimes: 'location' });
});

it('two acceptances at once: the first gets the shift, the second is told it has gone, and the shift is changed once', async () => {
	const { shiftId, first, second } = await openShiftAndTwoPeople();
	const [a, b] = await Promise.all([assign(shiftId, first), assign(shiftId, second)]);
	const outcomes = [a[0], b[0]].map((out) => [out.employee_id, out.assigned, out.outcome]);
	const winner = t().shifts.get(shiftId)!.employee_id;
	const loser = winner === first ? second : first;
	expect(outcomes.sort()).toEqual([[winner, true, 'assigned'], [loser, false, 'taken']].sort());
	const told = [a[0], b[0]].find((out) => out.employee_id === loser)!;
	expect(String(told.message)).toBe(`Not assigned: the shift is no longer open (it is assigned to employee ${winner})`);
	// The reads and the change of one shift take turns in this n8n: the second read comes after the change.
	expect(shiftRequests().map((r) => r.method)).toEqual(['GET', 'PATCH', 'GET']);
});

it('several items in one execution: the first acceptance wins, a later one for the same shift is told', async () => {
	const { shiftId, first, second } = await openShiftAndTwoPeople();
	const result = await f.run(
		'rosteringShift',
		{ operation: 'assignIfOpen', shiftId: byId('={{ $json.shift }}'), employeeId: byId('={{ $json.person }}') },
		[{ shift: shiftId, person: first }, { shift: shiftId, person: second }],
		V2,
	);
	expect(result.error).toBeUndefined();
	expect(result.json('Node').map((out: IDataObject) => [out.employee_id, out.assigned, out.outcome])).toEqual([
		[first, true, 'assigned'],
		[second, false, 'taken'],
	]);
	expect(shiftRequests().filter((r) => r.method === 'PATCH')).toHaveLength(1);
});

it('run again for the person who has it: nothing is changed, and it says so', async () => {
	const { shiftId, first } = await openShiftAndTwoPeople();
	await assign(shiftId, first);
	f.sandbox.clearRequests();
	const [again] = await assign(shiftId, first);
	expect(again).toMatchObject({ assigned: true, outcome: 'already_theirs', message: 'Already assigned to this person: nothing was changed' });
	expect(shiftRequests().map((r) => r.method)).toEqual(['GET']);
});

it('a published open shift: assigned, and the item says the service made it a draft again', async () => {
	const { shiftId, first } = await openShiftAndTwoPeople();
	f.sandbox.manager.publishShift(shiftId);
	const [out] = await assign(shiftId, first);
	expect(out.assigned).toBe(true);
	expect(String(out.message)).toBe('Assigned. The service made the published shift a draft again: publish the roster for the person to see it.');
	expect(t().shifts.get(shiftId)!.status).toBe('unpublished');
});

it('a deleted shift, and one that has started: not assigned, saying why', async () => {
	const { shiftId, first } = await openShiftAndTwoPeople();
	const deleted = await f.run('rosteringShift', { operation: 'delete', shiftId: byId(shiftId) }, undefined, V2);
	expect(deleted.error).toBeUndefined();
	f.sandbox.clearRequests();
	const [gone] = await assign(shiftId, first);
	expect(gone).toMatchObject({ assigned: false, outcome: 'deleted', message: 'Not assigned: the shift was deleted' });
	expect(shiftRequests().map((r) => r.method)).toEqual(['GET']);

	// Another open shift, under way by the service's clock (whatever the time of day the suite runs).
	const now = f.sandbox.clock.now().getTime();
	const started = [...t().shifts.values()].find((s) => s.business_id === business() && !s.archived && !s.employee_id && s.start_time > now)!;
	f.sandbox.clock.set(new Date(started.start_time + 60_000).toISOString());
	f.connect(); // a token of the moved clock
	f.sandbox.clearRequests();
	const [late] = await assign(started.id, first);
	expect(late).toMatchObject({ assigned: false, outcome: 'started', message: 'Not assigned: the shift has started, so the service no longer changes it' });
	expect(shiftRequests().map((r) => [r.method, r.status])).toEqual([
		['GET', 200],
		['PATCH', 409],
	]);
});

it('a person the service will not give the shift (another shift of theirs at that time): not assigned, in the service\'s words', async () => {
	const { shiftId } = await openShiftAndTwoPeople();
	const open = t().shifts.get(shiftId)!;
	const busy = [...t().shifts.values()].find((s) => s.id !== shiftId && !s.archived && s.employee_id && s.start_time < open.end_time && open.start_time < s.end_time)!;
	const [out] = await assign(shiftId, busy.employee_id!);
	expect(out).toMatchObject({ assigned: false, outcome: 'refused' });
	expect(String(out.message)).toMatch(/^Not assigned: the service refused to give this person the shift \(.+\)$/);
	const [read, change] = shiftRequests();
	expect([read.method, read.status, change.method]).toEqual(['GET', 200, 'PATCH']);
	expect([409, 422]).toContain(change.status);
	expect(shiftRequests()).toHaveLength(2);
	expect(t().shifts.get(shiftId)!.employee_id).toBeNull();
});

it('a malformed shift id from an expression is named before anything is sent', async () => {
	const result = await f.run('rosteringShift', { operation: 'assignIfOpen', shiftId: byId('={{ "not-an-id" }}'), employeeId: byId('5f1a2b3c4d5e6f7a8b9c0d1e') }, undefined, V2);
	expect(result.error?.message).toMatch(/^Shift\b/);
	expect(f.apiRequests()).toEqual([]);
});

/**
 * Generated acceptances of one open shift: up to four people who can cover it, each accepting once
 * or more, in waves run one after another; a wave is either separate executions at once (as two
 * clicks on offer links a moment apart) or items of one execution. The service's answer to the
 * change in each of its readings (CHOICES.md › changeAnswer), the shift published or not. Whatever
 * the plan, exactly one acceptance gets the shift, with one change sent; each other acceptance is
 * told, by the winner's id, or told it is already theirs; and the whole plan run again changes
 * nothing.
 */
describe('any acceptances of one open shift (generated)', () => {
	type Wave = { how: 'at once' | 'one execution'; people: number[] };
	const WAVE: fc.Arbitrary<Wave> = fc.record({ how: fc.constantFrom('at once' as const, 'one execution' as const), people: fc.array(fc.nat(3), { minLength: 1, maxLength: 3 }) });
	const PLAN = fc.record({ waves: fc.array(WAVE, { minLength: 1, maxLength: 3 }), changeAnswer: fc.constantFrom(...READING_CHOICES.changeAnswer), published: fc.boolean() });

	/** Runs the waves in turn; the output items in the order of the plan's acceptances. */
	async function accept(shiftId: string, waves: Wave[], people: string[]): Promise<IDataObject[]> {
		const out: IDataObject[] = [];
		for (const wave of waves) {
			const ids = wave.people.map((i) => people[i % people.length]);
			if (wave.how === 'at once') {
				for (const items of await Promise.all(ids.map((id) => assign(shiftId, id)))) out.push(...items);
			} else {
				const items = ids.map((person) => ({ shift: shiftId, person }));
				const result = await f.run('rosteringShift', { operation: 'assignIfOpen', shiftId: byId('={{ $json.shift }}'), employeeId: byId('={{ $json.person }}') }, items, V2);
				expect(result.error).toBeUndefined();
				out.push(...result.json('Node'));
			}
		}
		return out;
	}

	it('exactly one acceptance gets the shift, one change is sent, every other is told; run again, nothing changes', async () => {
		const { shiftId, first, second } = await openShiftAndTwoPeople();
		const cover = await f.run('rosteringShiftCover', { operation: 'getAll', shiftId: byId(shiftId), returnAll: true });
		const people = [...new Set([first, second, ...cover.json('Node').map((row) => String(row.employee_id))])].slice(0, 4);
		const shift = t().shifts.get(shiftId)!;
		await fc.assert(
			fc.asyncProperty(PLAN, async ({ waves, changeAnswer, published }) => {
				// The shift open again, as a manager leaves it; the service answering changes its way.
				shift.employee_id = null;
				shift.status = 'unpublished';
				if (published) f.sandbox.manager.publishShift(shiftId);
				f.sandbox.setReadings({ changeAnswer });
				f.sandbox.clearRequests();
				const acceptances = waves.flatMap((wave) => wave.people.map((i) => people[i % people.length]));

				const out = await accept(shiftId, waves, people);
				expect(out.map((item) => item.employee_id)).toEqual(acceptances);
				const winners = out.filter((item) => item.outcome === 'assigned');
				expect(winners).toHaveLength(1);
				const winner = String(winners[0].employee_id);
				expect(shift.employee_id).toBe(winner);
				expect(winners[0].shift).toMatchObject({ id: shiftId, employee_id: winner });
				expect(String(winners[0].message)).toBe(published ? 'Assigned. The service made the published shift a draft again: publish the roster for the person to see it.' : 'Assigned.');
				const patches = shiftRequests().filter((r) => r.method === 'PATCH');
				expect(patches.map((r) => [r.path, r.body])).toEqual([[`/v1/shifts/${shiftId}`, { employee_id: winner }]]);
				const told = (item: IDataObject) =>
					item.employee_id === winner
						? { assigned: true, outcome: 'already_theirs', message: 'Already assigned to this person: nothing was changed' }
						: { assigned: false, outcome: 'taken', message: `Not assigned: the shift is no longer open (it is assigned to employee ${winner})` };
				const others = out.filter((item) => item !== winners[0]);
				expect(others.map((item) => ({ assigned: item.assigned, outcome: item.outcome, message: item.message }))).toEqual(others.map(told));

				// The same plan again (a re-run, or each person clicking again): no change, each told.
				f.sandbox.clearRequests();
				const again = await accept(shiftId, waves, people);
				expect(again.map((item) => ({ assigned: item.assigned, outcome: item.outcome, message: item.message }))).toEqual(again.map(told));
				expect(shiftRequests().filter((r) => r.method === 'PATCH')).toEqual([]);
				expect(shift.employee_id).toBe(winner);
			}),
			{ seed: 40, numRuns: 12, endOnFailure: true },
		);
	}, 120_000);
});
