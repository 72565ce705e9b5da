import { listOption } from '../shared/writes/node-version';
import { SHIFT_PARTS } from './description';

/** Get Many: GET /v1/shifts with the filters, every page or Limit's (shared/operations.ts readList), in both versions. */
export const option = listOption({ action: 'Get many shifts', description: 'List shifts, filtered by location, person, dates or last change' }, SHIFT_PARTS);
