import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const ROSTER: Picker = { parameter: 'rosterId', field: 'Roster', singular: 'roster' };

/** Get: GET /v1/rosters/{id} of the roster picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a roster',
	description: 'Read one roster',
	routing: {
		request: { method: 'GET', url: '/v1/rosters' },
		...sentBy(readOne('roster', ROSTER)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: ROSTER.parameter, displayName: ROSTER.field, singular: ROSTER.singular, searchMethod: 'searchRosters', required: true, operations: ['get'] }),
];
