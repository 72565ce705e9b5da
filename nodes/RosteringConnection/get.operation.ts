import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/connection, the connection the credential belongs to (no id to pick). */
export const { option, properties } = getOperation('connection', {
	request: { method: 'GET', url: '/v1/connection' },
	action: 'Get the connection',
	description: 'Read the connection the credential belongs to',
});
