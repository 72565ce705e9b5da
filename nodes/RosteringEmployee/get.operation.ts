import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/employees/{id} of the employee picked. */
export const { option, properties } = getOperation('employee', {
	request: { method: 'GET', url: '/v1/employees' },
	picker: { parameter: 'employeeId', field: 'Employee', singular: 'employee', searchMethod: 'searchEmployees' },
	action: 'Get an employee',
	description: 'Read one person of the business',
});
