import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/locations/{id} of the location picked. */
export const { option, properties } = getOperation('location', {
	request: { method: 'GET', url: '/v1/locations' },
	picker: { parameter: 'locationId', field: 'Location', singular: 'location', searchMethod: 'searchLocations' },
	action: 'Get a location',
	description: 'Read one location, archived or not',
});
