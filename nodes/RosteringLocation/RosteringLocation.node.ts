import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [get.option, getAll.option, CUSTOM_API_CALL];

export class RosteringLocation implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Location',
		name: 'rosteringLocation',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-location',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the locations of the business and their time zones',
		defaults: { name: 'Rostering Location' },
		usableAsTool: true,
		builderHint: builderHint('rosteringLocation', true),
		...actionNode(),
		properties: [
			...resourceAndOperation(
				{ name: 'Location', value: 'location' },
				OPERATIONS,
				'getAll',
				"A location owns the time zone of everything that happens there: its timezone field (an IANA name such as Australia/Sydney) is what gives the local times of its shifts, timesheets and holidays their meaning",
			),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
