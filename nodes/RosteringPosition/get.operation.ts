import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/positions/{id} of the position picked. */
const get = getOperation('position', {
	request: { method: 'GET', url: '/v1/positions' },
	picker: { parameter: 'positionId', field: 'Position', singular: 'position', searchMethod: 'searchPositions' },
	action: 'Get a position',
	description: 'Read one position, archived or not',
});

export const option = get.option;

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
	...get.properties,
];
