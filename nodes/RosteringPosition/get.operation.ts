import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const POSITION: Picker = { parameter: 'positionId', field: 'Position', singular: 'position' };

/** Get: GET /v1/positions/{id} of the position picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a position',
	description: 'Read one position, archived or not',
	routing: {
		request: { method: 'GET', url: '/v1/positions' },
		...sentBy(readOne('position', POSITION)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({
		name: 'locationId',
		displayName: 'Location',
		singular: 'location',
		searchMethod: 'searchLocations',
		description:
			'Optional: narrows the list of positions to pick from to those of this location (positions of different locations share names). Not sent with the request.',
		operations: ['get'],
	}),
	idLocator({ name: POSITION.parameter, displayName: POSITION.field, singular: POSITION.singular, searchMethod: 'searchPositions', required: true, operations: ['get'] }),
];
