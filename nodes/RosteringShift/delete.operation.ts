import { pickedOption } from '../shared/writes/node-version';
import { PICKER, SHIFT_PARTS } from './description';

/** Delete: DELETE /v1/shifts/{id} of the shift picked (shared/operations.ts deleteOne), in both versions. */
export const option = pickedOption({ name: 'Delete', value: 'delete', action: 'Delete a shift', description: 'Archive a shift that has not started' }, SHIFT_PARTS, 'DELETE', PICKER);
