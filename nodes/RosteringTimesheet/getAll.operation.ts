import { listOption } from '../shared/writes/node-version';
import { TIMESHEET_PARTS } from './description';

/** Get Many: GET /v1/timesheets with the filters, every page or Limit's (shared/operations.ts readList), in both versions. */
export const option = listOption({ action: 'Get many timesheets', description: 'List timesheets, filtered by location, person, dates or last change' }, TIMESHEET_PARTS);
