import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/rosters/{id} of the roster picked. */
export const { option, properties } = getOperation('roster', {
	request: { method: 'GET', url: '/v1/rosters' },
	picker: { parameter: 'rosterId', field: 'Roster', singular: 'roster', searchMethod: 'searchRosters' },
	action: 'Get a roster',
	description: 'Read one roster',
});
