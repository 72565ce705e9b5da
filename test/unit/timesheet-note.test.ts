/**
 * nodes/RosteringTimesheet/timesheet-note.ts without a server: which refusals lead to a second try with the
 * other spelling, what that try sends (body and Idempotency-Key), what is remembered, and the error
 * when both spellings are refused. The workflow tests (test/workflow/timesheet-note.test.ts) show
 * the same against the sandbox.
 */
import type { IDataObject, IExecuteSingleFunctions, INode } from 'n8n-workflow';

import { toNodeError, type ApiFailure } from '../../nodes/shared/requests/errors';
import { sendWithNoteKey } from '../../nodes/RosteringTimesheet/timesheet-note';

let connections = 0;
/** A context on a connection of its own (the spelling is remembered per connection). */
function connection(): IExecuteSingleFunctions {
	const node = {
		id: 'node-1',
		name: 'Rostering Timesheet',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { rosteringOAuth2Api: { id: `unit-${++connections}`, name: 'Rostering' } },
	} as INode;
	return { getNode: () => node } as unknown as IExecuteSingleFunctions;
}

const subject = { singular: 'timesheet', permission: 'timesheets:write' };
const refusal = (failure: Partial<ApiFailure>) => toNodeError(connection().getNode(), { status: 422, code: 'validation_failed', ...failure }, subject);
const unknown = (field: string) => refusal({ field, message: `${field} is not a field that can be sent here. Allowed: start_time, end_time.`, requestId: `req_${field}` });

/** An attempt function that answers with each of `answers` in turn (an Error is thrown), recording what it was sent. */
function service(...answers: Array<IDataObject | Error>) {
	const sent: Array<{ body: IDataObject; headers: IDataObject }> = [];
	const attempt = async (body: IDataObject, headers: IDataObject) => {
		sent.push({ body, headers });
		const answer = answers[sent.length - 1];
		if (answer instanceof Error) throw answer;
		return answer ?? { id: 'created' };
	};
	return { sent, attempt };
}

const body = { start_time: '2027-01-11T09:00:00+11:00', note: 'Late delivery', end_time: '2027-01-11T17:00:00+11:00' };
const headers = { 'Idempotency-Key': 'n8n-0123456789abcdef0123456789abcdef0123456789abcdef', Accept: 'application/json' };

describe('sendWithNoteKey', () => {
	it('sends a body without a note once, as built', async () => {
		const { sent, attempt } = service(unknown('start_time'));
		const plain = { start_time: body.start_time };
		await expect(sendWithNoteKey(connection(), { method: 'POST', body: plain, headers }, attempt)).rejects.toThrow('The service refused Start Time');
		expect(sent).toEqual([{ body: plain, headers }]);
	});

	it('sends `note` first; refused as unknown, sends `notes` once with a key of its own, and remembers it', async () => {
		const ctx = connection();
		const { sent, attempt } = service(unknown('note'), { id: 'made' });
		expect(await sendWithNoteKey(ctx, { method: 'POST', body, headers }, attempt)).toEqual({ id: 'made' });
		expect(sent.map((s) => Object.keys(s.body))).toEqual([
			['start_time', 'note', 'end_time'],
			['start_time', 'notes', 'end_time'],
		]);
		expect(sent[1].body.notes).toBe('Late delivery');
		expect(sent[0].headers).toEqual(headers);
		const derived = String(sent[1].headers['Idempotency-Key']);
		expect(derived).toMatch(/^n8n-[0-9a-f]{48}$/);
		expect(derived).not.toBe(headers['Idempotency-Key']);
		expect(sent[1].headers.Accept).toBe('application/json');

		// Remembered: the next request goes straight as `notes`, with the same derived key for the same request.
		const next = service({ id: 'again' });
		await sendWithNoteKey(ctx, { method: 'POST', body, headers }, next.attempt);
		expect(next.sent).toEqual([{ body: sent[1].body, headers: sent[1].headers }]);
		// ...and `note` again if the service has since gone back to it.
		const back = service(unknown('notes'), { id: 'back' });
		await sendWithNoteKey(ctx, { method: 'PATCH', body, headers }, back.attempt);
		expect(back.sent.map((s) => [Object.keys(s.body).includes('note'), s.headers['Idempotency-Key']])).toEqual([
			[false, derived],
			[true, headers['Idempotency-Key']],
		]);
	});

	it('renames the note in every item of a batch, and keeps a user key\'s prefix and the header\'s own spelling', async () => {
		const batch = { data: [{ start_time: 'a', note: 'one' }, { start_time: 'b' }, { start_time: 'c', note: null }] };
		const { sent, attempt } = service(unknown('data[0].note'), { data: [] });
		await sendWithNoteKey(connection(), { method: 'POST', body: batch, headers: { 'idempotency-key': 'u-abc' } }, attempt);
		expect(sent[1].body).toEqual({ data: [{ start_time: 'a', notes: 'one' }, { start_time: 'b' }, { start_time: 'c', notes: null }] });
		expect(Object.keys(sent[1].headers)).toEqual(['idempotency-key']);
		expect(sent[1].headers['idempotency-key']).toMatch(/^u-[0-9a-f]{48}$/);
	});

	it.each([
		['a 400 naming the key in its message', refusal({ status: 400, code: 'invalid_request', message: 'Unknown field "note" in the body.' })],
		['a 422 naming the key, with no message', refusal({ field: 'note' })],
		['a 422 saying additional properties', refusal({ field: 'note', message: 'must NOT have additional properties' })],
	])('tries `notes` after %s', async (_, error) => {
		const { sent, attempt } = service(error, { id: 'made' });
		await sendWithNoteKey(connection(), { method: 'POST', body, headers }, attempt);
		expect(sent).toHaveLength(2);
	});

	it.each([
		["a refusal of the note's value", refusal({ field: 'note', message: 'note must be at most 2000 characters.' }), 'The service refused Note'],
		['a refusal of another field', unknown('start_time'), 'The service refused Start Time'],
		['a refusal of a field named like it', unknown('notes_extra'), 'The service refused Notes Extra'],
		['a conflict', refusal({ status: 409, code: 'conflict', message: 'note: the person already has a timesheet then' }), 'The service refused the timesheet because it clashes with another record'],
		['a fault at the service', refusal({ status: 500, code: 'internal_error', message: 'unknown error' }), 'The service failed to process the request'],
	])('does not resend after %s', async (_, error, message) => {
		const { sent, attempt } = service(error);
		await expect(sendWithNoteKey(connection(), { method: 'POST', body, headers }, attempt)).rejects.toThrow(message);
		expect(sent).toHaveLength(1);
	});

	it('says plainly when both spellings are refused, quoting both request ids, and never to correct a value', async () => {
		const { sent, attempt } = service(unknown('note'), unknown('notes'));
		const error = (await sendWithNoteKey(connection(), { method: 'PATCH', body, headers }, attempt).catch((e: unknown) => e)) as Error & {
			description?: string;
			httpCode?: string;
			context: IDataObject;
		};
		expect(sent).toHaveLength(2);
		expect(error.message).toBe("The service refused the timesheet's note under both of its names, note and notes");
		expect(error.description).toContain('no setting in this node can send the note, and the timesheet was not changed');
		expect(error.description).toContain('quoting request ids req_note and req_notes');
		expect(error.description).not.toMatch(/correct/i);
		expect([error.httpCode, error.context.apiCode, error.context.field]).toEqual(['422', 'validation_failed', undefined]);
	});
});
