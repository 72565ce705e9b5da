import { pickedOption } from '../shared/writes/node-version';
import { ON_DEMAND_SHIFT_PARTS, PICKER } from './description';

/** Delete: DELETE /v1/on-demand-shifts/{id} of the on-demand shift picked (shared/operations.ts deleteOne), in both versions. */
export const option = pickedOption(
	{ name: 'Delete', value: 'delete', action: 'Delete an on demand shift', description: 'Archive a draft on-demand shift that has not started' },
	ON_DEMAND_SHIFT_PARTS,
	'DELETE',
	PICKER,
);
