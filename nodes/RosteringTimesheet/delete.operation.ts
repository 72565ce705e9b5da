import { pickedOption } from '../shared/writes/node-version';
import { PICKER, TIMESHEET_PARTS } from './description';

/** Delete: DELETE /v1/timesheets/{id} of the timesheet picked (shared/operations.ts deleteOne), in both versions. */
export const option = pickedOption({ name: 'Delete', value: 'delete', action: 'Delete a timesheet', description: 'Archive a timesheet that is still pending' }, TIMESHEET_PARTS, 'DELETE', PICKER);
