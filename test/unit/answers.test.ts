/**
 * The readers of the service's answers where the spec does not show their shape (issue 29): every
 * reasonable form is read, and a form that holds no record is never taken for a failure.
 */
import { batchRecords, deletedRecord, nextCursor, NOT_RETURNED, pageRecords, recordName, timezoneOf, writtenRecord } from '../../nodes/shared/requests/answers';
import { readErrorBody } from '../../nodes/shared/requests/errors';

const records = [{ id: 'a', notes: 'x' }, { id: 'b', notes: 'y' }];

describe('a batch create answered', () => {
	it.each([
		['{data: [...]} (the sandbox default)', { data: records }],
		['as a bare list', records],
		['under items', { items: records }],
		['under records', { records }],
		['under data.created', { data: { created: records } }],
	])('%s gives the records in order', (_how, answer) => {
		expect(batchRecords(answer)).toEqual(records);
	});

	it.each([
		['with no body', undefined],
		['with an empty text', ''],
		['with an empty object', {}],
		['with a count', { created: 2 }],
	])('%s holds no records (undefined, not an empty list to be read as "none created")', (_how, answer) => {
		expect(batchRecords(answer)).toBeUndefined();
	});
});

describe('a change answered', () => {
	const sent = { id: '5f1a2b3c4d5e6f7a8b9c0d1e', body: { notes: 'new' } };
	it('with the record: the record', () => {
		expect(writtenRecord({ id: sent.id, notes: 'new', status: 'unpublished' }, sent)).toEqual({ id: sent.id, notes: 'new', status: 'unpublished' });
	});
	it('with the record wrapped in data: the record', () => {
		expect(writtenRecord({ data: { id: sent.id, notes: 'new' } }, sent)).toEqual({ id: sent.id, notes: 'new' });
	});
	it.each([['no body', undefined], ['an empty text', ''], ['an empty object', {}]])('with %s: the id and what was sent, saying so', (_how, answer) => {
		expect(writtenRecord(answer, sent)).toEqual({ id: sent.id, notes: 'new', answer_note: NOT_RETURNED });
	});
	it('with the id only: that id and what was sent', () => {
		expect(writtenRecord({ id: 'c' }, { body: { notes: 'n' } })).toEqual({ id: 'c', notes: 'n', answer_note: NOT_RETURNED });
	});
	it('a delete with no body still names its record', () => {
		expect(deletedRecord('', sent.id)).toEqual({ id: sent.id, deleted: true });
		expect(deletedRecord({ data: { id: sent.id, deleted: true } }, sent.id)).toEqual({ id: sent.id, deleted: true });
	});
});

describe('a list page', () => {
	it.each([
		['has_more true with a cursor', { data: [], has_more: true, next_cursor: 'c1' }, 'c1'],
		['a cursor and no has_more at all', { data: [], next_cursor: 'c1' }, 'c1'],
		['the last page, cursor null', { data: [], has_more: false, next_cursor: null }, undefined],
		['the last page, no cursor key', { data: [], has_more: false }, undefined],
		['the last page, cursor empty', { data: [], has_more: false, next_cursor: '' }, undefined],
		['no has_more and a null cursor', { data: [], next_cursor: null }, undefined],
	])('%s', (_how, page, next) => {
		expect(nextCursor(page)).toEqual(next);
	});
	it('that says it has more but gives no cursor is told apart (the listing must not end short)', () => {
		expect(nextCursor({ data: [], has_more: true, next_cursor: null })).toEqual({ missing: true });
	});
	it('as a bare list gives its records', () => {
		expect(pageRecords(records)).toEqual(records);
	});
	it.each([
		['under items', { items: records, has_more: false }],
		['under data.results', { data: { results: records } }],
	])('%s gives its records', (_how, page) => {
		expect(pageRecords(page)).toEqual(records);
	});
	it.each([
		['no body', undefined],
		['an empty object', {}],
		['paging keys only', { has_more: false, next_cursor: null }],
	])('empty, with %s', (_how, page) => {
		expect(pageRecords(page)).toEqual([]);
	});
	it('that holds something but no list is refused, quoting it (an empty page would end the list short)', () => {
		expect(() => pageRecords({ shift: { id: 's1' }, has_more: false })).toThrow(
			'The service answered a list request with no list of records the node could find (looked for data, items, records or results): {"shift":{"id":"s1"},"has_more":false}',
		);
		expect(() => pageRecords('<html>maintenance</html>')).toThrow(/: "<html>maintenance<\/html>"$/);
	});
});

describe("a location's name (the spec shows no field of a location)", () => {
	it.each(['name', 'display_name', 'displayName', 'title', 'label'])('under %s', (field) => {
		expect(recordName({ id: 'l', [field]: 'Circular Quay Café' })).toBe('Circular Quay Café');
	});
	it('none, or only empty ones: null (the caller shows the id)', () => {
		expect(recordName({ id: 'l', name: ' ', timezone: 'Australia/Sydney' })).toBeNull();
	});
});

describe("a location's time zone", () => {
	it.each(['timezone', 'time_zone', 'timeZone', 'tz', 'iana_timezone'])('under %s', (name) => {
		expect(timezoneOf({ id: 'l', name: 'Café', [name]: 'Australia/Sydney' })).toBe('Australia/Sydney');
	});
	it('under a name nobody expected, when one field holds a zone name', () => {
		expect(timezoneOf({ id: 'l', name: 'Café', olson: 'Pacific/Auckland' })).toBe('Pacific/Auckland');
	});
	it('not found: undefined (the caller names the fields that came back)', () => {
		expect(timezoneOf({ id: 'l', name: 'Café', region: 'NSW' })).toBeUndefined();
	});
});

describe('an error body', () => {
	const expected = { code: 'validation_failed', message: 'must be a position of the location', requestId: 'req_1', field: 'position_id' };
	it.each([
		['nested (the sandbox default)', { error: { code: 'validation_failed', message: expected.message, request_id: 'req_1', field: 'position_id' } }],
		['flat', { code: 'validation_failed', message: expected.message, request_id: 'req_1', field: 'position_id' }],
		['as a list of errors', { errors: [{ code: 'validation_failed', message: expected.message, field: 'position_id' }], request_id: 'req_1' }],
		['OAuth-style', { error: 'validation_failed', error_description: expected.message, field: 'position_id', request_id: 'req_1' }],
		['as JSON text', JSON.stringify({ error: { code: 'validation_failed', message: expected.message, request_id: 'req_1', field: 'position_id' } })],
		['as a Buffer', Buffer.from(JSON.stringify({ code: 'validation_failed', message: expected.message, requestId: 'req_1', param: 'position_id' }))],
	])('%s: code, message, request id and field', (_how, body) => {
		expect(readErrorBody(body)).toEqual(expected);
	});
	it('as plain text "<code>: <message>"', () => {
		expect(readErrorBody('request_in_progress: the same request is being processed')).toEqual({
			code: 'request_in_progress',
			message: 'the same request is being processed',
			field: undefined,
		});
		expect(readErrorBody('validation_failed: must be a position of the location (field: data[2].position_id)').field).toBe('data[2].position_id');
		expect(readErrorBody('validation_failed: position_id belongs to another location').field).toBe('position_id');
		expect(readErrorBody('validation_failed: data[1].start_time must have an offset').field).toBe('data[1].start_time');
		expect(readErrorBody('validation_failed: data[3].notes is too long').field).toBe('data[3].notes');
		expect(readErrorBody('conflict: the person already has a shift then').field).toBeUndefined();
	});
	it('unreadable: nothing made up', () => {
		expect(readErrorBody('<html>Bad gateway</html>')).toEqual({ message: '<html>Bad gateway</html>', field: undefined });
		expect(readErrorBody(undefined)).toEqual({});
	});
});
