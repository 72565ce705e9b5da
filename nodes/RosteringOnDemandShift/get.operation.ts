import { pickedOption } from '../shared/writes/node-version';
import { ON_DEMAND_SHIFT_PARTS, PICKER } from './description';

/** Get: GET /v1/on-demand-shifts/{id} of the on-demand shift picked (shared/operations.ts readOne), in both versions. */
export const option = pickedOption({ name: 'Get', value: 'get', action: 'Get an on demand shift', description: 'Read one on-demand shift, archived or not' }, ON_DEMAND_SHIFT_PARTS, 'GET', PICKER);
