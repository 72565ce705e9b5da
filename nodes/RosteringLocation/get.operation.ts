import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const LOCATION: Picker = { parameter: 'locationId', field: 'Location', singular: 'location' };

/** Get: GET /v1/locations/{id} of the location picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a location',
	description: 'Read one location, archived or not',
	routing: {
		request: { method: 'GET', url: '/v1/locations' },
		...sentBy(readOne('location', LOCATION)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: LOCATION.parameter, displayName: LOCATION.field, singular: LOCATION.singular, searchMethod: 'searchLocations', required: true, operations: ['get'] }),
];
