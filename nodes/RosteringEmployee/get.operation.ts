import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../shared/editor/fields';
import { readOne, sentBy, type Picker } from '../shared/operations';

const EMPLOYEE: Picker = { parameter: 'employeeId', field: 'Employee', singular: 'employee' };

/** Get: GET /v1/employees/{id} of the employee picked. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an employee',
	description: 'Read one person of the business',
	routing: {
		request: { method: 'GET', url: '/v1/employees' },
		...sentBy(readOne('employee', EMPLOYEE)),
	},
};

export const properties: INodeProperties[] = [
	idLocator({ name: EMPLOYEE.parameter, displayName: EMPLOYEE.field, singular: EMPLOYEE.singular, searchMethod: 'searchEmployees', required: true, operations: ['get'] }),
];
