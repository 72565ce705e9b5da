import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const EMPLOYMENT: Picker = { parameter: 'employmentId', field: 'Employment', singular: 'employment' };

/** Get: GET /v1/employments/{id} of the employment picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an employment',
	description: 'Read one employment, archived or not',
	routing: {
		request: { method: 'GET', url: '/v1/employments' },
		...sentBy(readOne('employment', EMPLOYMENT)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({
		name: EMPLOYMENT.parameter,
		displayName: EMPLOYMENT.field,
		singular: EMPLOYMENT.singular,
		searchMethod: 'searchEmployments',
		required: true,
		description: "Pick the employment (archived ones are people who left), or enter its id, for example an employee's Employment ID",
		operations: ['get'],
	}),
];
