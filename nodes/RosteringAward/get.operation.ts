import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const AWARD: Picker = { parameter: 'awardId', field: 'Award', singular: 'award' };

/** Get: GET /v1/awards/{id} of the award picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an award',
	description: 'Read one award',
	routing: {
		request: { method: 'GET', url: '/v1/awards' },
		...sentBy(readOne('award', AWARD)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: AWARD.parameter, displayName: AWARD.field, singular: AWARD.singular, searchMethod: 'searchAwards', required: true, operations: ['get'] }),
];
