import { listOption } from '../shared/writes/node-version';
import { ON_DEMAND_SHIFT_PARTS } from './description';

/** Get Many: GET /v1/on-demand-shifts with the filters, every page or Limit's (shared/operations.ts readList), in both versions. */
export const option = listOption({ action: 'Get many on demand shifts', description: 'List on-demand shifts, filtered by location, status, dates or last change' }, ON_DEMAND_SHIFT_PARTS);
