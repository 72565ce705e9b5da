import { getOperation } from '../shared/get-operation';

/** Get: GET /v1/business, the business the credential is connected to (no id to pick). */
export const { option, properties } = getOperation('business', {
	request: { method: 'GET', url: '/v1/business' },
	action: 'Get the business',
	description: 'Read the business the credential is connected to',
});
