import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { readOne, sentBy } from '../shared/operations';

/** Get: GET /v1/business, the business the credential is connected to (no id to pick). */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get the business',
	description: 'Read the business the credential is connected to',
	routing: {
		request: { method: 'GET', url: '/v1/business' },
		...sentBy(readOne('business')),
	},
};

export const properties: INodeProperties[] = [];
