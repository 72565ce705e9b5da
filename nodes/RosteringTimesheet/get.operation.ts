import { pickedOption } from '../shared/writes/node-version';
import { PICKER, TIMESHEET_PARTS } from './description';

/** Get: GET /v1/timesheets/{id} of the timesheet picked (shared/operations.ts readOne), in both versions. */
export const option = pickedOption({ name: 'Get', value: 'get', action: 'Get a timesheet', description: 'Read one timesheet, archived or not' }, TIMESHEET_PARTS, 'GET', PICKER);
