import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/employments/{id} of the employment picked. */
export const { option, properties } = getOperation('employment', {
	request: { method: 'GET', url: '/v1/employments' },
	picker: {
		parameter: 'employmentId',
		field: 'Employment',
		singular: 'employment',
		searchMethod: 'searchEmployments',
		description: "Pick the employment (archived ones are people who left), or enter its id, for example an employee's Employment ID",
	},
	action: 'Get an employment',
	description: 'Read one employment, archived or not',
});
