import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { builderHint } from '../shared/editor/builder-hints';
import * as get from './get.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [get.option, CUSTOM_API_CALL];

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
		...actionNode(),
		properties: [
			...resourceAndOperation(
				{ name: 'Connection', value: 'connection' },
				OPERATIONS,
				'get',
				'Every credential belongs to exactly one connection, the link between this app and one business. Reading it needs no permission, so it is a good first check that the credential works.',
			),
			...get.properties,
			requestOptions([], ['get']),
		],
	};
}
