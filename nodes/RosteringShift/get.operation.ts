import { pickedOption } from '../shared/writes/node-version';
import { PICKER, SHIFT_PARTS } from './description';

/** Get: GET /v1/shifts/{id} of the shift picked (shared/operations.ts readOne), in both versions. */
export const option = pickedOption({ name: 'Get', value: 'get', action: 'Get a shift', description: 'Read one shift, archived or not' }, SHIFT_PARTS, 'GET', PICKER);
