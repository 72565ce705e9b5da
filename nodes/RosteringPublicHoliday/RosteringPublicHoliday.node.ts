import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as getAll from './getAll.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [getAll.option, CUSTOM_API_CALL];

export class RosteringPublicHoliday implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Public Holiday',
		name: 'rosteringPublicHoliday',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-public-holiday',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the public holidays of each location, as the service pays them',
		defaults: { name: 'Rostering Public Holiday' },
		usableAsTool: true,
		builderHint: builderHint('rosteringPublicHoliday', false),
		...actionNode(),
		properties: [
			...resourceAndOperation(
				{ name: 'Public Holiday', value: 'publicHoliday' },
				OPERATIONS,
				'getAll',
				"Holidays are worked out per location, the way the service pays them, including days the business added or removed. Each location's holidays are listed separately.",
			),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
