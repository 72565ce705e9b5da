/**
 * The bad-input catalogue (issue 7): one table of inputs a person might give the nodes by mistake,
 * typed or mapped by an expression, and what each must do about it: refuse before anything
 * reaches the service's /v1, with a message that names the field as the user sees it
 * ('Start Time', 'Filters › From', 'Options › Idempotency Key', 'item 2' of a Create Many) and says
 * what is allowed. The only requests a row may cause are the lookups it lists: reading a location
 * for its time zone (local times) or to prove it exists (a create), never a create or a change.
 * A row marked `failing` would be written as the node should behave when it does not yet (with a
 * comment saying why); SHOW_FAILING=1 runs such rows as ordinary tests, to see how.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness';
import { byId, CREDENTIAL_ID, seedLookups, useFixture } from './fixture';

jest.setTimeout(60_000);

const f = useFixture({ fresh: false });

const { locationIn, positionAt } = seedLookups(() => f);

/** Ids from the seed a row may need: a Sydney location and one of its positions, and another business's location. */
interface Seed {
	loc: string;
	pos: string;
	otherLoc: string;
}

interface Case {
	what: string;
	/** The node type ('rosteringShift', ...), or 'trigger' for the Rostering Trigger polled by PollHarness. */
	node: string;
	params: (s: Seed) => IDataObject;
	items?: (s: Seed) => IDataObject[];
	/** Permissions of the credential, when not all of them. */
	scopes?: string[];
	/** The error message: exact text, or a pattern. */
	message: string | RegExp;
	/** What is allowed, found in the description (or the message, for n8n's own parameter checks). */
	allowed: RegExp;
	/** The only /v1 requests allowed, as 'METHOD path' (default: none at all). */
	lookups?: (s: Seed) => string[];
	/** Set when the node gets this row wrong today: why (the row says what it should do). */
	failing?: string;
}

const ID = '0123456789abcdef01234567';
const IDS = /24 lowercase hexadecimal characters/;
const ISO = /ISO 8601 date and time such as 2026-11-23T09:00/;
const DATE = /Use a date such as 2026-11-23 \(YYYY-MM-DD\)/;
const LIMIT = /Use a whole number of 1 or more/;
const WAIT = /Use a number of seconds from 0 to 3600/;
const COLOUR = /# followed by six hexadecimal digits/;
const ORDER = /must end after it starts/;
const RANGE = /Choose a To date on or after the From date/;
const LOCATION_UNREADABLE = /^Location: the location [0-9a-f]{24} could not be read$/;
const readsLocation = (id: (s: Seed) => string) => (s: Seed) => [`GET /v1/locations/${id(s)}`];

/** Create parameters of a record at a location (shift, on-demand shift), times with offsets unless overridden. */
const atLocation = (s: Seed, extra: IDataObject = {}): IDataObject => ({
	operation: 'create',
	locationId: byId(s.loc),
	positionId: byId(s.pos),
	startTime: '2027-01-11T09:00:00+11:00',
	endTime: '2027-01-11T17:00:00+11:00',
	...extra,
});
const timesheet = (s: Seed, extra: IDataObject = {}): IDataObject => atLocation(s, { employeeId: byId(ID), ...extra });
/** Create Many parameters mapped from the input items, and four valid rows a day apart. */
const mapped = (extra: IDataObject = {}): IDataObject => ({
	operation: 'createMany',
	locationId: byId('={{ $json.location }}'),
	positionId: byId('={{ $json.position }}'),
	startTime: '={{ $json.start }}',
	endTime: '={{ $json.end }}',
	...extra,
});
const rows = (s: Seed, change: (row: IDataObject, i: number) => void = () => {}): IDataObject[] =>
	[1, 2, 3, 4].map((day, i) => {
		const row: IDataObject = { location: s.loc, position: s.pos, employee: ID, start: `2027-02-0${day}T09:00:00+11:00`, end: `2027-02-0${day}T17:00:00+11:00` };
		change(row, i);
		return row;
	});

const CASES: Case[] = [
	// Malformed ids, typed (n8n checks the picker's By ID pattern before running) and mapped.
	{ what: 'a typed id that is too short', node: 'rosteringShift', params: () => ({ operation: 'get', shiftId: byId('abc') }), message: /A shift id is 24 lowercase hexadecimal characters/, allowed: IDS },
	{ what: 'a typed id in capitals', node: 'rosteringTimesheet', params: () => ({ operation: 'get', timesheetId: byId('ABCDEF0123456789ABCDEF01') }), message: /A timesheet id is 24 lowercase hexadecimal characters/, allowed: IDS },
	{ what: 'an id mapped from a row label', node: 'rosteringShift', params: () => ({ operation: 'get', shiftId: byId('={{ $json.id }}') }), items: () => [{ id: 'row-12' }], message: 'Shift: "row-12" is not a shift id', allowed: IDS },
	{ what: 'an id mapped to a number', node: 'rosteringEmployee', params: () => ({ operation: 'get', employeeId: byId('={{ $json.id }}') }), items: () => [{ id: 12345 }], message: 'Employee: 12345 is not an employee id', allowed: IDS },
	{ what: 'an id mapped to an object', node: 'rosteringEmployment', params: () => ({ operation: 'get', employmentId: byId('={{ $json.employment }}') }), items: () => [{ employment: { id: 'x' } }], message: 'Employment: {"id":"x"} is not an employment id', allowed: IDS },
	{ what: 'an id mapped to an array holding a good id', node: 'rosteringShiftSwap', params: () => ({ operation: 'get', shiftSwapId: byId('={{ $json.ids }}') }), items: () => [{ ids: [ID] }], message: `Shift Swap: ["${ID}"] is not a shift swap id`, allowed: IDS },
	{ what: 'an id mapped to a boolean', node: 'rosteringLeaveRequest', params: () => ({ operation: 'get', leaveRequestId: byId('={{ $json.found }}') }), items: () => [{ found: true }], message: 'Leave Request: true is not a leave request id', allowed: IDS },
	{ what: 'a mapped Location filter', node: 'rosteringPosition', params: () => ({ operation: 'getAll', filters: { locationId: byId('={{ "abc" }}') } }), message: 'Filters › Location: "abc" is not a location id', allowed: IDS },
	{ what: 'a typed Location filter', node: 'rosteringLabourCost', params: () => ({ operation: 'getAll', from: '2026-12-01', to: '2026-12-02', filters: { locationId: byId('x') } }), message: 'Filters › Location: "x" is not a location id', allowed: IDS },
	{ what: 'an Employee filter holding a staff number', node: 'rosteringTimesheetTotal', params: () => ({ operation: 'get', from: '2026-12-01', to: '2026-12-07', filters: { employeeId: byId('={{ "E-17" }}') } }), message: 'Filters › Employee: "E-17" is not an employee id', allowed: IDS },
	{ what: 'a shift mapped to a number', node: 'rosteringShiftCover', params: () => ({ operation: 'getAll', shiftId: byId('={{ $json.shift }}') }), items: () => [{ shift: 42 }], message: 'Shift: 42 is not a shift id', allowed: IDS },
	{ what: 'a location mapped to an object', node: 'rosteringTimesheet', params: (s) => timesheet(s, { locationId: byId('={{ { id: "x" } }}') }), message: 'Location: {"id":"x"} is not a location id', allowed: IDS },
	{ what: 'a typed Location filter', node: 'trigger', params: () => ({ resource: 'shift', filters: { locationId: byId('abc') } }), message: 'Filters › Location: "abc" is not a location id', allowed: IDS },

	// Timestamps that are not timestamps.
	{ what: 'a start in words', node: 'rosteringShift', params: (s) => atLocation(s, { startTime: 'nine tomorrow' }), message: 'Start Time: "nine tomorrow" is not a date and time', allowed: ISO },
	{ what: 'an end in month 13', node: 'rosteringTimesheet', params: (s) => timesheet(s, { endTime: '2027-13-45T09:00+11:00' }), message: 'End Time: "2027-13-45T09:00+11:00" is not a date and time', allowed: ISO },
	{ what: 'a start that is a date without a time', node: 'rosteringOnDemandShift', params: (s) => atLocation(s, { startTime: '2027-01-11', endTime: '2027-01-11T17:00' }), message: 'Start Time: "2027-01-11" is not a date and time', allowed: ISO },
	{ what: 'Updated Since in words', node: 'rosteringShift', params: () => ({ operation: 'getAll', filters: { updatedSince: 'yesterday' } }), message: 'Filters › Updated Since: "yesterday" is not a date and time', allowed: ISO },
	{ what: 'From in words', node: 'rosteringPublicHoliday', params: () => ({ operation: 'getAll', from: 'next monday', to: '2026-12-31' }), message: 'From: "next monday" is not a date', allowed: DATE },
	{ what: 'a From filter written day first', node: 'rosteringLeaveRequest', params: () => ({ operation: 'getAll', filters: { from: '23/11/2026' } }), message: 'Filters › From: "23/11/2026" is not a date', allowed: DATE },
	{ what: 'a From filter mapped to a number', node: 'rosteringShift', params: () => ({ operation: 'getAll', filters: { from: '={{ 20261123 }}' } }), message: 'Filters › From: 20261123 is not a date', allowed: DATE },
	{ what: 'Pick Up Changes Since in words', node: 'trigger', params: () => ({ resource: 'shift', start: 'since', since: 'last week' }), message: 'Pick Up Changes Since: "last week" is not a date and time', allowed: ISO },
	{
		what: 'a start mapped to a boolean',
		node: 'rosteringShift',
		params: (s) => atLocation(s, { startTime: '={{ $json.confirmed }}' }),
		items: () => [{ confirmed: true }],
		message: /^Start Time: true is not a date and time$/,
		allowed: ISO,
		// Today: 'Start Time is required' (values.ts dateTimeText turns a boolean into "no value"), though a value was given.
	},
	{
		what: 'an end mapped to an array',
		node: 'rosteringOnDemandShift',
		params: (s) => atLocation(s, { endTime: '={{ $json.ends }}' }),
		items: () => [{ ends: ['2027-01-11T17:00:00+11:00'] }],
		message: /^End Time: \[.*\] is not a date and time$/,
		allowed: ISO,
		// Today: 'End Time is required', as for the boolean above.
	},

	// End before start, including an overnight record given on one date.
	{ what: 'an end before the start', node: 'rosteringShift', params: (s) => atLocation(s, { startTime: '2027-01-11T17:00:00+11:00', endTime: '2027-01-11T09:00:00+11:00' }), message: 'End Time (2027-01-11T09:00:00+11:00) is not after Start Time (2027-01-11T17:00:00+11:00)', allowed: ORDER },
	{ what: 'an overnight shift ending "06:00" on its start date', node: 'rosteringShift', params: (s) => atLocation(s, { startTime: '2027-01-11T22:00:00+11:00', endTime: '2027-01-11T06:00:00+11:00' }), message: /^End Time \(.*\) is not after Start Time/, allowed: /For an overnight shift, give the end on the next day/ },
	{ what: 'an end equal to the start', node: 'rosteringTimesheet', params: (s) => timesheet(s, { endTime: '2027-01-11T09:00:00+11:00' }), message: /^End Time \(.*\) is not after Start Time/, allowed: ORDER },
	{ what: 'an end in the same minute as the start', node: 'rosteringTimesheet', params: (s) => timesheet(s, { startTime: '2027-01-11T09:00:10+11:00', endTime: '2027-01-11T09:00:50+11:00' }), message: /is not after Start Time .* once stored to the minute$/, allowed: /at least one minute long/ },
	{
		what: 'an overnight on-demand shift ending on its start date',
		node: 'rosteringOnDemandShift',
		params: (s) => atLocation(s, { startTime: '2027-01-11T22:00:00+11:00', endTime: '2027-01-11T06:00:00+11:00' }),
		message: /^End Time \(.*\) is not after Start Time/,
		allowed: /\bAn on-demand shift must end after it starts\. For an overnight on-demand shift, give the end on the next day\./,
		// Today the description reads 'A on-demand shift must end…' (operations.ts checkEndAfterStart writes `A ${singular}`, not withArticle).
	},
	{ what: 'a change with both times, the end first', node: 'rosteringShift', params: () => ({ operation: 'update', shiftId: byId(ID), updateFields: { startTime: '2027-01-11T17:00:00+11:00', endTime: '2027-01-11T09:00:00+11:00' } }), message: /^End Time \(.*\) is not after Start Time/, allowed: ORDER },
	{ what: 'a break ending before it starts', node: 'rosteringTimesheet', params: (s) => timesheet(s, { additionalFields: { breaks: { break: [{ start: '2027-01-11T13:00:00+11:00', end: '2027-01-11T12:30:00+11:00' }] } } }), message: 'Break 1 › End (2027-01-11T12:30:00+11:00) is not after its Start (2027-01-11T13:00:00+11:00)', allowed: /A break must end after it starts/ },
	{ what: 'a break after the timesheet ends', node: 'rosteringTimesheet', params: (s) => timesheet(s, { additionalFields: { breaks: { break: [{ start: '2027-01-11T17:30:00+11:00', end: '2027-01-11T18:00:00+11:00' }] } } }), message: /^Break 1 \(.*\) is outside the timesheet/, allowed: /on or after the start of the timesheet and end on or before its end/ },

	// Local times at a location the credential cannot read: the location's GET is the only request.
	{ what: 'local times with only on-demand permissions', node: 'rosteringOnDemandShift', scopes: ['ondemand:read', 'ondemand:write'], params: (s) => atLocation(s, { startTime: '2027-01-11T09:00', endTime: '2027-01-11T17:00' }), message: LOCATION_UNREADABLE, allowed: /missing a permission.*give the times with a UTC offset/, lookups: readsLocation((s) => s.loc) },
	{ what: 'local times with only Timesheets: change', node: 'rosteringTimesheet', scopes: ['timesheets:write'], params: (s) => timesheet(s, { startTime: '2027-01-11T09:00', endTime: '2027-01-11T17:00' }), message: LOCATION_UNREADABLE, allowed: /missing a permission.*give the times with a UTC offset/, lookups: readsLocation((s) => s.loc) },
	{ what: "local times at another business's location", node: 'rosteringShift', params: (s) => atLocation(s, { locationId: byId(s.otherLoc), startTime: '2027-01-11T09:00', endTime: '2027-01-11T17:00' }), message: LOCATION_UNREADABLE, allowed: /No location .* in this business.*pick a location this connection can read/, lookups: readsLocation((s) => s.otherLoc) },

	// Inverted ranges.
	{ what: 'To before From', node: 'rosteringPublicHoliday', params: () => ({ operation: 'getAll', from: '2026-12-31', to: '2026-01-01' }), message: 'To (2026-01-01) is before From (2026-12-31)', allowed: RANGE },
	{ what: 'To before From', node: 'rosteringLabourCost', params: () => ({ operation: 'getAll', from: '2026-12-31', to: '2026-12-01' }), message: 'To (2026-12-01) is before From (2026-12-31)', allowed: RANGE },
	{ what: 'To before From', node: 'rosteringTimesheetTotal', params: () => ({ operation: 'get', from: '2026-12-31', to: '2026-12-30' }), message: 'To (2026-12-30) is before From (2026-12-31)', allowed: RANGE },
	{ what: 'filters To before From', node: 'rosteringShift', params: () => ({ operation: 'getAll', filters: { from: '2026-12-31', to: '2026-12-01' } }), message: 'Filters › To (2026-12-01) is before From (2026-12-31)', allowed: RANGE },
	{ what: 'filters To before From', node: 'rosteringAvailability', params: () => ({ operation: 'getAll', filters: { from: '2026-12-31', to: '2026-12-01' } }), message: 'Filters › To (2026-12-01) is before From (2026-12-31)', allowed: RANGE },
	{ what: 'filters To before From, as datetimes', node: 'rosteringOnDemandShift', params: () => ({ operation: 'getAll', filters: { from: '2026-12-31T00:00:00', to: '2026-12-01T23:59:00' } }), message: 'Filters › To (2026-12-01) is before From (2026-12-31)', allowed: RANGE },

	// Create Many with one bad item: nothing is sent at all (times with offsets need no location lookup).
	{ what: 'Create Many, item 2 ending as it starts', node: 'rosteringShift', params: () => mapped(), items: (s) => rows(s, (row, i) => i === 2 && (row.end = row.start)), message: /^Item 2: End Time \(.*\) is not after Start Time/, allowed: /Nothing was sent: every item is checked before the first request/ },
	{ what: 'Create Many, item 1 at a malformed location id', node: 'rosteringTimesheet', params: () => mapped({ employeeId: byId('={{ $json.employee }}') }), items: (s) => rows(s, (row, i) => i === 1 && (row.location = '5f1a2b3c4d5e6f7a')), message: 'Item 1: Location: "5f1a2b3c4d5e6f7a" is not a location id', allowed: /Nothing was sent: every item is checked before the first request/ },
	{
		what: 'Create Many, item 0 starting "soon"',
		node: 'rosteringOnDemandShift',
		params: () => mapped(),
		items: (s) => rows(s, (row, i) => i === 0 && (row.start = 'soon')),
		message: /\bitem 0\b/i,
		allowed: /Start Time: "soon" is not a date and time/,
	},

	// Keys the node does not take (n8n drops keys a collection does not declare) and keys that conflict.
	{ what: 'Update Fields with only a key projects do not have', node: 'rosteringProject', params: () => ({ operation: 'update', projectId: byId(ID), updateFields: { description: 'Night works' } }), message: 'Update Fields is empty', allowed: /Add at least one field to change/ },
	{ what: 'Update Fields mapped whole to an object of status', node: 'rosteringProject', params: () => ({ operation: 'update', projectId: byId(ID), updateFields: '={{ { status: "archived" } }}' }), message: 'Update Fields is empty', allowed: /Add at least one field to change/ },
	{ what: 'Colour and Remove Colour together', node: 'rosteringProject', params: () => ({ operation: 'update', projectId: byId(ID), updateFields: { colour: '#4caf50', removeColour: true } }), message: 'Update Fields has both Colour and Remove Colour', allowed: /Choose one/ },
	{ what: 'Employee and Make Open Shift together', node: 'rosteringShift', params: () => ({ operation: 'update', shiftId: byId(ID), updateFields: { employeeId: byId(ID), openShift: true } }), message: 'Update Fields has both Employee and Make Open Shift', allowed: /Choose one/ },
	{ what: 'a resource it cannot watch', node: 'trigger', params: () => ({ resource: 'whosOn' }), message: 'Resource: "whosOn" cannot be watched', allowed: /Choose one of the resources in the list/ },

	// Colour and length rules of projects (spec: name 1 to 100, code 1 to 20, colour # plus six hex digits, at most 500 employees).
	{ what: 'a colour by name', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: 'NW', additionalFields: { colour: 'green' } }), message: 'Colour: "green" is not a colour', allowed: COLOUR },
	{ what: 'a colour of five digits', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: 'NW', additionalFields: { colour: '#4caf5' } }), message: 'Colour: "#4caf5" is not a colour', allowed: COLOUR },
	{ what: 'a new colour with G', node: 'rosteringProject', params: () => ({ operation: 'update', projectId: byId(ID), updateFields: { colour: '#GGGGGG' } }), message: 'Colour: "#GGGGGG" is not a colour', allowed: COLOUR },
	{ what: 'a name of 101 characters', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'n'.repeat(101), code: 'NW' }), message: 'Name is 101 characters long', allowed: /A project name is 1 to 100 characters/ },
	{ what: 'a code of 21 characters', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: 'C'.repeat(21) }), message: 'Code is 21 characters long', allowed: /A project code is 1 to 20 characters/ },
	{ what: 'a code mapped to an object', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: '={{ { a: 1 } }}' }), message: 'Code: {"a":1} is not text', allowed: /A project code is 1 to 20 characters/ },
	{ what: 'Employee IDs with a row label', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: 'NW', additionalFields: { employeeIds: `${ID}, row-7` } }), message: 'Employee IDs › ID 2: "row-7" is not an employee id', allowed: IDS },
	{ what: 'Employee IDs mapped to a number', node: 'rosteringProject', params: () => ({ operation: 'create', name: 'Night works', code: 'NW', additionalFields: { employeeIds: '={{ 42 }}' } }), message: 'Employee IDs: 42 is not a list of employee IDs', allowed: /separated by commas, or map an array of IDs/ },
	{ what: '501 different Employee IDs', node: 'rosteringProject', params: () => ({ operation: 'update', projectId: byId(ID), updateFields: { employeeIds: '={{ $json.ids }}' } }), items: () => [{ ids: Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(24, '0')) }], message: 'Employee IDs has 501 employees', allowed: /at most 500 employees/ },
	{
		what: 'a break of 0 minutes',
		node: 'rosteringShift',
		params: (s) => atLocation(s, { additionalFields: { breaks: { break: [{ offsetMinutes: 60, durationMinutes: 0 }] } } }),
		message: 'Break 1 › Duration (Minutes): 0 is not allowed',
		allowed: /Use a whole number from 1 to 1440/,
		// Today the location is read first (GET /v1/locations/{id}): RosteringShift createBody checks the breaks after
		// confirmLocation, though the check needs no request.
	},

	// Limit out of range, and Max Rate-Limit Wait out of range.
	{ what: 'Limit 0', node: 'rosteringShift', params: () => ({ operation: 'getAll', returnAll: false, limit: 0 }), message: 'Limit: 0 is not allowed', allowed: LIMIT },
	{ what: 'Limit -1', node: 'rosteringEmployee', params: () => ({ operation: 'getAll', returnAll: false, limit: -1 }), message: 'Limit: -1 is not allowed', allowed: LIMIT },
	{ what: 'Limit 1.5', node: 'rosteringLocation', params: () => ({ operation: 'getAll', returnAll: false, limit: 1.5 }), message: 'Limit: 1.5 is not allowed', allowed: LIMIT },
	{ what: "Limit 'abc'", node: 'rosteringPosition', params: () => ({ operation: 'getAll', returnAll: false, limit: 'abc' }), message: 'Limit: "abc" is not allowed', allowed: LIMIT },
	{ what: 'Limit 0 for who can cover', node: 'rosteringShiftCover', params: () => ({ operation: 'getAll', shiftId: byId(ID), returnAll: false, limit: 0 }), message: 'Limit: 0 is not allowed', allowed: LIMIT },
	{ what: 'Max Rate-Limit Wait 3601', node: 'rosteringShift', params: () => ({ operation: 'get', shiftId: byId(ID), options: { maxRateLimitWait: 3601 } }), message: 'Options › Max Rate-Limit Wait (Seconds): 3601 is not allowed', allowed: WAIT },
	{ what: 'Max Rate-Limit Wait -5', node: 'rosteringLeaveRequest', params: () => ({ operation: 'getAll', options: { maxRateLimitWait: -5 } }), message: 'Options › Max Rate-Limit Wait (Seconds): -5 is not allowed', allowed: WAIT },
	{ what: "Max Rate-Limit Wait mapped to 'soon' on a create", node: 'rosteringShift', params: (s) => atLocation(s, { options: { maxRateLimitWait: '={{ "soon" }}' } }), message: 'Options › Max Rate-Limit Wait (Seconds): "soon" is not allowed', allowed: WAIT },
	{ what: 'Max Rate-Limit Wait 7200', node: 'trigger', params: () => ({ resource: 'shift', options: { maxRateLimitWait: 7200 } }), message: 'Options › Max Rate-Limit Wait (Seconds): 7200 is not allowed', allowed: WAIT },
	{ what: 'an Idempotency Key of 256 characters', node: 'rosteringShift', params: () => ({ operation: 'update', shiftId: byId(ID), updateFields: { notes: 'Bring keys' }, options: { idempotencyKey: 'k'.repeat(256) } }), message: 'Options › Idempotency Key is 256 characters long', allowed: /keys of 1 to 255 characters/ },

	// Empty required fields: typed (n8n's own parameter check) and mapped to nothing.
	{ what: 'an empty Name', node: 'rosteringProject', params: () => ({ operation: 'create', name: '', code: 'NW' }), message: /Parameter "Name" is required/, allowed: /is required/ },
	{ what: 'an empty Position', node: 'rosteringShift', params: (s) => atLocation(s, { positionId: byId('') }), message: /Parameter "Position" is required/, allowed: /is required/ },
	{ what: 'an empty From', node: 'rosteringPublicHoliday', params: () => ({ operation: 'getAll', from: '', to: '2026-12-31' }), message: /Parameter "From" is required/, allowed: /is required/ },
	{ what: 'a Name mapped to empty text', node: 'rosteringProject', params: () => ({ operation: 'create', name: '={{ "" }}', code: 'NW' }), message: 'Name is empty', allowed: /A project name is 1 to 100 characters/ },
	{ what: 'To mapped to empty text', node: 'rosteringTimesheetTotal', params: () => ({ operation: 'get', from: '2026-12-01', to: '={{ "" }}' }), message: 'To is required', allowed: /between two dates\. Enter a date such as 2026-11-23/ },
	{ what: 'an Employee mapped to a missing field', node: 'rosteringTimesheet', params: (s) => timesheet(s, { employeeId: byId('={{ $json.employee }}') }), items: () => [{ staff: 'x' }], message: 'Employee is required', allowed: /Choose the employee from the list, enter its id, or map a field that holds it \(an expression that gives nothing for this item leaves it empty\)/ },
	{ what: 'a Start Time mapped to a missing field', node: 'rosteringShift', params: (s) => atLocation(s, { startTime: '={{ $json.start }}' }), items: () => [{ begin: '09:00' }], message: 'Start Time is required', allowed: /Enter a date and time, for example 2026-11-23T09:00/ },
	{ what: 'empty Update Fields', node: 'rosteringShift', params: () => ({ operation: 'update', shiftId: byId(ID), updateFields: {} }), message: 'Update Fields is empty', allowed: /Add at least one field to change/ },
	{ what: 'no Events', node: 'trigger', params: () => ({ resource: 'shift', events: [] }), message: 'Events is empty', allowed: /Choose at least one of Created, Updated and Removed/ },

	// Text fields mapped to the wrong type.
	{
		what: 'Notes mapped to an object',
		node: 'rosteringShift',
		params: () => ({ operation: 'update', shiftId: byId(ID), updateFields: { notes: '={{ $json.note }}' } }),
		items: () => [{ note: { text: 'Bring keys' } }],
		message: 'Update Fields › Notes must be text, not an object',
		allowed: /Map a text value/,
	},
];

/** The error one row's run ends with: from the node's run, or thrown by the trigger's poll. */
async function errorOf(row: Case, seed: Seed): Promise<{ message: string; description?: string } | undefined> {
	if (row.node !== 'trigger') {
		const result = await f.run(row.node, row.params(seed), row.items?.(seed));
		return result.error as { message: string; description?: string } | undefined;
	}
	const trigger = new PollHarness({
		node: {
			type: 'n8n-nodes-rostering.rosteringTrigger',
			parameters: { events: ['created', 'updated', 'removed'], ...row.params(seed) } as never,
			credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
		},
		credentials: f.credentials as never,
	});
	try {
		await trigger.poll();
		return undefined;
	} catch (error) {
		return error as { message: string; description?: string };
	}
}

describe('bad input is refused before anything is sent, naming the field and what is allowed', () => {
	it('has at least 40 cases', () => {
		expect(CASES.length).toBeGreaterThanOrEqual(40);
	});

	for (const row of CASES) {
		(row.failing && !process.env.SHOW_FAILING ? it.failing : it)(`${row.node}: ${row.what}`, async () => {
			f.connect(row.scopes);
			f.sandbox.clearRequests();
			const location = locationIn('Australia/Sydney');
			const otherLoc = [...f.sandbox.store.t.locations.values()].find((l) => l.business_id === f.sandbox.store.otherBusinessId)!.id;
			const seed: Seed = { loc: location.id, pos: positionAt(location.id).id, otherLoc };

			const error = await errorOf(row, seed);
			expect(error).toBeDefined();
			if (typeof row.message === 'string') expect(error!.message).toBe(row.message);
			else expect(error!.message).toMatch(row.message);
			expect(`${error!.message}\n${error!.description ?? ''}`).toMatch(row.allowed);
			expect(f.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(row.lookups?.(seed) ?? []);
		});
	}
});
