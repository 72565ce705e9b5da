import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptions } from '../shared/editor/fields';
import { runThroughTransport, throughTransport } from '../shared/operations';
import { builderHint } from '../shared/editor/builder-hints';

export class RosteringConnection implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Connection',
		name: 'rosteringConnection',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-connection',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the connection between this app and the business that the credential belongs to',
		defaults: { name: 'Rostering Connection' },
		usableAsTool: true,
		builderHint: builderHint('rosteringConnection', false),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: runThroughTransport('connection') },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				options: [{ name: 'Connection', value: 'connection' }],
				default: 'connection',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['connection'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get the connection',
						description: 'Read the connection the credential belongs to',
						routing: {
							request: { method: 'GET', url: '/v1/connection' },
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
				// Information, not a warning: n8n draws every notice in warning colours.
				hint:
					'Every credential belongs to exactly one connection, the link between this app and one business. Reading it needs no permission, so it is a good first check that the credential works.',
			},
			requestOptions([], ['get']),
		],
	};
}
