/**
 * Rostering Timesheet: create (one or many), read, list, change and delete timesheets. What both
 * versions (v1/, v2/) show: the parameters they share, and the operations both offer.
 *
 * note vs notes: the spec's Timesheet field table names the note field `notes`, while every
 * request and response example names it `note`, and the spec says which spelling is authoritative
 * is not shown. The body builders write `note` (what the examples send); every create and change
 * is sent through nodes/RosteringTimesheet/timesheet-note.ts (bodies.ts builds them), which sends it once more as `notes` if the
 * service refuses `note` as an unknown field, and remembers per connection which spelling the
 * service took. Records are output exactly as the API returns them, so a timesheet carries `note`
 * or `notes`, whichever the service uses.
 *
 * Times and breaks (taken breaks, with start and end times) follow the rules in
 * nodes/RosteringTimesheet/timesheet-times.ts.
 */
import { getManyFilters, idLocator, notice, requestOptions, returnAllAndLimit } from '../shared/editor/fields';
import type { Picker } from '../shared/operations';
import type { WriteNodeParts } from '../shared/writes/node-version';

const WRITES = ['create', 'createMany', 'update'];
const ALL = ['create', 'createMany', 'delete', 'get', 'getAll', 'update', 'upsert'];
export const PICKER: Picker = { parameter: 'timesheetId', field: 'Timesheet', singular: 'timesheet' };

export const TIMESHEET_PARTS: WriteNodeParts = {
	resource: { name: 'Timesheet', value: 'timesheet' },
	url: '/v1/timesheets',
	notices: [
		notice(
			"Timesheets created here are pending. Approving timesheets happens only in the service's own application, not here; only pending timesheets can be changed or deleted. Times are stored to the whole minute (seconds are dropped), and an empty End Time means the person is still clocked in.",
			{ operations: ['create', 'createMany', 'delete', 'update', 'upsert'] },
		),
		notice(
			'End Time is empty (null) while the person is still clocked in. Pay fields (pay) appear only when the credential has Pay Details (pay:read).',
			{ name: 'payNotice', operations: ['get', 'getAll'] },
		),
	],
	picker: idLocator({ name: 'timesheetId', displayName: 'Timesheet', singular: 'timesheet', searchMethod: 'searchTimesheets', required: true, operations: ['delete', 'get'] }),
	last: [...returnAllAndLimit(), getManyFilters('timesheet'), requestOptions(WRITES, ALL)],
};
