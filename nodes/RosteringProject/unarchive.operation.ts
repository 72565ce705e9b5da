import { withBody } from '../shared/operations';
import { pickedOption } from '../shared/writes/node-version';
import { PICKER, PROJECT_PARTS } from './description';

/** Unarchive: PATCH /v1/projects/{id} of the project picked with {status: "active"} (shared/operations.ts changeOne), in both versions. */
export const option = pickedOption(
	{ name: 'Unarchive', value: 'unarchive', action: 'Unarchive a project', description: 'Make an archived project active again' },
	PROJECT_PARTS,
	'PATCH',
	PICKER,
	withBody({ status: 'active' }),
);
