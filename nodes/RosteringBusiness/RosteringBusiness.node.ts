import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptions } from '../shared/editor/fields';
import { runThroughTransport, throughTransport } from '../shared/operations';
import { builderHint } from '../shared/editor/builder-hints';

export class RosteringBusiness implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Business Details',
		name: 'rosteringBusiness',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-business',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the business the credential is connected to',
		defaults: { name: 'Rostering Business Details' },
		usableAsTool: true,
		builderHint: builderHint('rosteringBusiness', false),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('business') },
		properties: [
			{
				displayName:
					'Reading the business needs the permission Business Details and Locations (settings:read) on the credential',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Business', value: 'business' }],
				default: 'business',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['business'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get the business',
						description: 'Read the business the credential is connected to',
						routing: {
							request: { method: 'GET', url: '/v1/business' },
							send: throughTransport(),
						},
					},
					{
						// n8n-internals A8: declared here, last, so n8n appends no nameless copy of its own.
						name: 'Custom API Call',
						value: '__CUSTOM_API_CALL__',
						action: 'Custom API call',
						description: 'Call any address of the API with the HTTP Request node and this credential',
					},
				],
				default: 'get',
			},
			requestOptions([], ['get']),
		],
	};
}
