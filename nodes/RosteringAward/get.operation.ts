import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/awards/{id} of the award picked. */
export const { option, properties } = getOperation('award', {
	request: { method: 'GET', url: '/v1/awards' },
	picker: { parameter: 'awardId', field: 'Award', singular: 'award', searchMethod: 'searchAwards' },
	action: 'Get an award',
	description: 'Read one award',
});
