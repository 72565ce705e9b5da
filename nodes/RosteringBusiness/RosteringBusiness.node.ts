import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, notice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { builderHint } from '../shared/editor/builder-hints';
import * as get from './get.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [get.option, CUSTOM_API_CALL];

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
		...actionNode(),
		properties: [
			notice('Reading the business needs the permission Business Details and Locations (settings:read) on the credential'),
			...resourceAndOperation({ name: 'Business', value: 'business' }, OPERATIONS, 'get'),
			...get.properties,
			requestOptions([], ['get']),
		],
	};
}
