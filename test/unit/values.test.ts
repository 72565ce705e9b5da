import type { INode } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { checkId, hasOffset, toDate, toInteger, toTimestamp } from '../../nodes/shared/input/values';

const node = { id: 'n1', name: 'Rostering Shift', type: 'n8n-nodes-rostering.rosteringShift', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

describe('checkId', () => {
	it('accepts 24 lowercase hex characters', () => {
		expect(checkId(node, 0, '5f1a2b3c4d5e6f7a8b9c0d1e', 'Location', 'location')).toBe('5f1a2b3c4d5e6f7a8b9c0d1e');
	});
	it.each([
		['5F1A2B3C4D5E6F7A8B9C0D1E', 'is not a location id'],
		['5f1a2b3c', 'is not a location id'],
		[42, 'is not a location id'],
		['', 'Location is required'],
		[undefined, 'Location is required'],
	])('refuses %p, naming the field', (value, message) => {
		expect(() => checkId(node, 0, value, 'Location', 'location')).toThrow(message);
	});
});

describe('toTimestamp', () => {
	it('keeps a time with an offset as that instant', () => {
		expect(toTimestamp(node, 0, '2026-11-23T09:00:00+11:00', 'Start Time')).toBe('2026-11-23T09:00:00+11:00');
		expect(toTimestamp(node, 0, '2026-11-22T22:00:00Z', 'Start Time')).toBe('2026-11-22T22:00:00Z');
	});
	it('reads a time without an offset as local time at the location, daylight saving included', () => {
		// Sydney is on daylight saving (+11:00) in November and standard time (+10:00) in June.
		expect(toTimestamp(node, 0, '2026-11-23T09:00', 'Start Time', 'Australia/Sydney')).toBe('2026-11-23T09:00:00+11:00');
		expect(toTimestamp(node, 0, '2026-06-23T09:00:00', 'Start Time', 'Australia/Sydney')).toBe('2026-06-23T09:00:00+10:00');
		expect(toTimestamp(node, 0, '2026-06-23 09:00', 'Start Time', 'Australia/Perth')).toBe('2026-06-23T09:00:00+08:00');
	});
	it('accepts a JS Date and a Luxon DateTime from an expression', () => {
		expect(toTimestamp(node, 0, new Date('2026-11-22T22:00:00Z'), 'Start Time')).toBe('2026-11-22T22:00:00.000Z'.replace('.000', ''));
		expect(toTimestamp(node, 0, DateTime.fromISO('2026-11-23T09:00:00+11:00', { setZone: true }), 'Start Time')).toBe('2026-11-23T09:00:00+11:00');
	});
	it('refuses a local time that the clocks skip', () => {
		// Sydney moves from 02:00 to 03:00 on 2026-10-04.
		expect(() => toTimestamp(node, 0, '2026-10-04T02:30', 'Start Time', 'Australia/Sydney')).toThrow(
			'Start Time: 2026-10-04 02:30 does not exist in Australia/Sydney',
		);
	});
	it.each(['tomorrow at nine', '2026-13-40T09:00', '09:00', 'not a time+10:00'])('refuses %p, naming the field', (value) => {
		expect(() => toTimestamp(node, 0, value, 'End Time', 'Australia/Sydney')).toThrow(/^End Time: .* is not a date and time$/);
	});
	it('says a required time is missing', () => {
		expect(() => toTimestamp(node, 0, '', 'Start Time', 'Australia/Sydney')).toThrow('Start Time is required');
	});
	it('knows which values carry an offset', () => {
		expect(hasOffset('2026-11-23T09:00:00+11:00')).toBe(true);
		expect(hasOffset('2026-11-23T09:00:00Z')).toBe(true);
		expect(hasOffset('2026-11-23T09:00:00')).toBe(false);
	});
});

describe('toDate and toInteger', () => {
	it('takes the date part as written', () => {
		expect(toDate(node, 0, '2026-11-23T00:00:00', 'Filters › From')).toBe('2026-11-23');
		expect(toDate(node, 0, '2026-11-23', 'Filters › From')).toBe('2026-11-23');
	});
	it('refuses what is not a date', () => {
		expect(() => toDate(node, 0, 'next week', 'Filters › From')).toThrow('Filters › From: "next week" is not a date');
		expect(() => toDate(node, 0, '2026-02-30', 'Filters › To')).toThrow('is not a date');
	});
	it('bounds integers', () => {
		expect(toInteger(node, 0, '15', 'Limit', 1, 100)).toBe(15);
		expect(() => toInteger(node, 0, 0, 'Limit', 1, 100)).toThrow('Limit: 0 is not allowed');
		expect(() => toInteger(node, 0, 2.5, 'Limit', 1, 100)).toThrow(
			expect.objectContaining({ message: 'Limit: 2.5 is not allowed', description: 'Use a whole number from 1 to 100.' }),
		);
	});
});
