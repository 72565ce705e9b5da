import { withBody } from '../shared/operations';
import { pickedOption } from '../shared/writes/node-version';
import { PICKER, PROJECT_PARTS } from './description';

/** Archive: PATCH /v1/projects/{id} of the project picked with {status: "archived"} (shared/operations.ts changeOne), in both versions. */
export const option = pickedOption(
	{ name: 'Archive', value: 'archive', action: 'Archive a project', description: 'Take a project out of use; it is kept and can be unarchived' },
	PROJECT_PARTS,
	'PATCH',
	PICKER,
	withBody({ status: 'archived' }),
);
