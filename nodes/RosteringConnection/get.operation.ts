import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { readOne, sentBy } from '../shared/operations';

/** Get: GET /v1/connection, the connection the credential belongs to (no id to pick). */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get the connection',
	description: 'Read the connection the credential belongs to',
	routing: {
		request: { method: 'GET', url: '/v1/connection' },
		...sentBy(readOne('connection')),
	},
};

export const properties: INodeProperties[] = [];
