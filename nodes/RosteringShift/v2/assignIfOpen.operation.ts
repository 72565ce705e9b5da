import type { IDataObject, IExecutePaginationFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../../shared/editor/fields';
import { passThroughOf } from '../../shared/n8n-internals';
import { idParameter, sentBy, type Picker, type Sender } from '../../shared/operations';
import { writtenRecord } from '../../shared/requests/answers';
import { asNodeError, subjectOf } from '../../shared/requests/errors';
import { connectionKey } from '../../shared/requests/execution-cache';
import { CREDENTIAL_TYPE, idempotencyKey, send } from '../../shared/requests/transport';
import { maxRateLimitWait } from '../../shared/input/params';
import { addNames } from '../../shared/editor/names';

/**
 * Assign If Open: gives an open shift to a person only if it is still open when the node reads it,
 * so that the first of two people accepting the same open shift gets it and the second is told it
 * has gone. GET /v1/shifts/{id}, then PATCH /v1/shifts/{id} with `employee_id`.
 *
 * The API has no conditional write (the spec shows no If-Match, version or "only if open"), so
 * the node narrows the gap it cannot close: in this n8n process, the read and the change of one
 * shift run one at a time (two executions accepting the same shift at once take turns); between
 * another app's change and this read, and across n8n processes (queue mode's workers), the gap
 * remains: each item says how long it was (`unguarded_ms`: from the read's answer to the change's).
 * A shift already given to this person is not changed again (a re-run assigns nothing twice).
 */

const SHIFT: Picker = { parameter: 'shiftId', field: 'Shift', singular: 'shift' };
const EMPLOYEE: Picker = { parameter: 'employeeId', field: 'Employee', singular: 'employee' };

/** What became of one item: assigned, or why not. */
type Outcome = 'assigned' | 'already_theirs' | 'taken' | 'deleted' | 'started' | 'refused';

/** The read and change of each shift, one at a time in this process: by connection and shift. */
const turns = new Map<string, Promise<void>>();

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
	const before = turns.get(key) ?? Promise.resolve();
	const mine = before.then(work);
	const settled = mine.then(
		() => undefined,
		() => undefined,
	);
	turns.set(key, settled);
	try {
		return await mine;
	} finally {
		if (turns.get(key) === settled) turns.delete(key);
	}
}

/** Why the shift read cannot be given to `employeeId`, if it cannot. */
function notOpen(shift: IDataObject, employeeId: string): { outcome: Outcome; message: string } | undefined {
	if (shift.archived === true) return { outcome: 'deleted', message: 'Not assigned: the shift was deleted' };
	if (shift.employee_id === employeeId) return { outcome: 'already_theirs', message: 'Already assigned to this person: nothing was changed' };
	if (shift.employee_id !== null && shift.employee_id !== undefined) {
		return { outcome: 'taken', message: `Not assigned: the shift is no longer open (it is assigned to employee ${String(shift.employee_id)})` };
	}
	return undefined;
}

/**
 * A refusal of the change that is an answer for the person, not a fault of the workflow: the shift
 * has started (409 shift_started) or is gone (404), or the service will not give it to this person
 * (a 409 conflict: another shift of theirs at that time; a 422: not allowed at the location or in
 * the position), in the service's words. Anything else (a permission, the connection) fails the item.
 */
function refusedForThem(error: unknown): { outcome: Outcome; message: string } | undefined {
	const status = Number((error as { httpCode?: unknown }).httpCode);
	const context = (error as { context?: IDataObject }).context ?? {};
	if (status === 409 && context.apiCode === 'shift_started') return { outcome: 'started', message: 'Not assigned: the shift has started, so the service no longer changes it' };
	if (status === 404) return { outcome: 'deleted', message: 'Not assigned: the shift no longer exists' };
	if ((status === 409 && context.apiCode === 'conflict') || status === 422) {
		const said = typeof context.apiMessage === 'string' && context.apiMessage ? context.apiMessage : (error as Error).message;
		return { outcome: 'refused', message: `Not assigned: the service refused to give this person the shift (${said})` };
	}
	return undefined;
}

const assignIfOpen: Sender = async function (this: IExecutePaginationFunctions, { options }) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const shiftId = idParameter(this, SHIFT);
	const employeeId = idParameter(this, EMPLOYEE);
	const maxRateLimitWaitSeconds = maxRateLimitWait(this);
	const url = `${String(options.url)}/${shiftId}`;
	const common = { baseURL: options.baseURL, passThrough: passThroughOf(options) };
	// Options › Add Names: the shift answered with gets its names and its location's time zone, as Get gives them.
	const named = async (shift: IDataObject) =>
		this.getNodeParameter('options.addNames', false) === true ? (await addNames(this, [shift], { ...common, maxRateLimitWaitSeconds }))[0] : shift;
	const item = async (json: IDataObject & { shift: IDataObject }) => {
		const shift = await named(json.shift);
		// Taken: who has it, by name when Add Names gave one (a person is named, not shown as an id).
		const message = json.outcome === 'taken' && typeof shift.employee_name === 'string' ? `Not assigned: the shift is no longer open (it is assigned to ${shift.employee_name})` : json.message;
		return [{ json: { shift_id: shiftId, employee_id: employeeId, ...json, message, shift }, pairedItem: { item: itemIndex } }];
	};
	return await oneAtATime(`${connectionKey(this, CREDENTIAL_TYPE)}|${shiftId}`, async () => {
		const shift = await send(this, { method: 'GET', url, ...common }, { subject: subjectOf('shift', 'get', shiftId), retrySafe: true, maxRateLimitWaitSeconds });
		const readAt = Date.now();
		const closed = notOpen(shift, employeeId);
		if (closed) return await item({ assigned: closed.outcome === 'already_theirs', ...closed, shift });
		const body = { employee_id: employeeId };
		const headers = { ...((options.headers ?? {}) as IDataObject), 'Idempotency-Key': idempotencyKey(this, { method: 'PATCH', url, body }) };
		let answer: IDataObject;
		try {
			answer = await send(this, { method: 'PATCH', url, body, headers, ...common }, { subject: subjectOf('shift', 'update', shiftId), retrySafe: true, maxRateLimitWaitSeconds });
		} catch (error) {
			const refused = refusedForThem(error);
			if (refused) return await item({ assigned: false, ...refused, shift });
			throw asNodeError(node, error);
		}
		const draftAgain = shift.status === 'published' ? ' The service made the published shift a draft again: publish the roster for the person to see it.' : '';
		return await item({
			assigned: true,
			outcome: 'assigned',
			message: `Assigned.${draftAgain}`,
			unguarded_ms: Date.now() - readAt,
			shift: writtenRecord(answer, { id: shiftId, body }),
		});
	});
};

export const option: INodePropertyOptions = {
	name: 'Assign If Open',
	value: 'assignIfOpen',
	action: 'Assign a shift if it is still open',
	description: 'Give an open shift to a person only if nobody has it yet; says so when it has gone',
	routing: {
		request: { method: 'GET', url: '/v1/shifts' },
		...sentBy(assignIfOpen),
	},
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'The shift is read first and changed only if it is still open. The service offers no conditional change, so another app could still take it in the moment between (each item says how long that was, unguarded_ms); in this n8n, two executions for the same shift take turns.',
		name: 'assignNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: ['assignIfOpen'] } },
	},
	idLocator({ name: SHIFT.parameter, displayName: SHIFT.field, singular: SHIFT.singular, searchMethod: 'searchShifts', required: true, operations: ['assignIfOpen'] }),
	idLocator({ name: EMPLOYEE.parameter, displayName: EMPLOYEE.field, singular: EMPLOYEE.singular, searchMethod: 'searchEmployees', required: true, description: 'Who gets the shift', operations: ['assignIfOpen'] }),
];
