import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getManyFilters, requestOptions, requiredListParameter, returnAllAndLimit } from '../shared/fields';
import { operationRunner, prepareList } from '../shared/operations';
import { listSearch } from '../shared/search';
import { inputError, toDate } from '../shared/values';

const ALL = ['getAll'];

/**
 * preSend: From and To are the node's own required parameters (not filters), so they are checked
 * here and named as the user sees them, before the shared list checks run.
 */
async function checkRange(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const qs = { ...(request.qs ?? {}) };
	for (const [name, field] of [['from', 'From'], ['to', 'To']]) {
		if (qs[name] === undefined || qs[name] === null || qs[name] === '') {
			throw inputError(node, itemIndex, `${field} is required`, 'The service lists public holidays between two dates. Enter a date such as 2026-11-23.');
		}
	}
	const from = toDate(node, itemIndex, qs.from, 'From');
	const to = toDate(node, itemIndex, qs.to, 'To');
	if (to < from) {
		throw inputError(node, itemIndex, `To (${to}) is before From (${from})`, 'Choose a To date on or after the From date.');
	}
	return { ...request, qs: { ...qs, from, to } };
}

export class RosteringPublicHoliday implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Public Holiday',
		name: 'rosteringPublicHoliday',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] }}',
		description: 'Read the public holidays of each location, as the service pays them',
		defaults: { name: 'Rostering Public Holiday' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			baseURL: '={{ $credentials.baseUrl }}',
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: operationRunner('publicHoliday') },
		properties: [
			{
				displayName:
					"Holidays are worked out per location, the way the service pays them, including days the business added or removed. Each location's holidays are listed separately.",
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Public Holiday', value: 'publicHoliday' }],
				default: 'publicHoliday',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['publicHoliday'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getAll',
						action: 'Get many public holidays',
						description: 'List the public holidays between two dates, for every location or one',
						routing: {
							request: { method: 'GET', url: '/v1/public-holidays' },
							send: { paginate: true, preSend: [checkRange, prepareList] },
						},
					},
				],
				default: 'getAll',
			},
			requiredListParameter('publicHoliday', 'from'),
			requiredListParameter('publicHoliday', 'to'),
			...returnAllAndLimit(),
			getManyFilters('publicHoliday', ['from', 'to']),
			requestOptions([], ALL),
		],
	};

	methods = { listSearch };
}
