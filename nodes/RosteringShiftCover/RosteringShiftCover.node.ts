import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, inferredNotice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
import { listSearch } from '../shared/editor/search';
import { builderHint } from '../shared/editor/builder-hints';
import * as getAll from './getAll.operation';
import { CUSTOM_API_CALL } from '../shared/n8n-internals';

/**
 * The operations, each in its own file beside this one: its option (the request it makes) and its
 * parameters. Custom API Call last, so that n8n appends no nameless copy of its own (n8n-internals A8).
 */
const OPERATIONS = [getAll.option, CUSTOM_API_CALL];

export class RosteringShiftCover implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Who Can Cover',
		name: 'rosteringShiftCover',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-who-can-cover',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'List the people free to work a shift: employed, allowed at its location and position, and not on an overlapping shift',
		defaults: { name: 'Rostering Who Can Cover' },
		usableAsTool: true,
		builderHint: builderHint('rosteringShiftCover', false),
		...actionNode(),
		properties: [
			inferredNotice(
				'The people who could work the shift, unranked: choose among them by your own rules. Check leave and availability with the Leave Request and Availability nodes.',
			),
			...resourceAndOperation({ name: 'Who Can Cover', value: 'shiftCover' }, OPERATIONS, 'getAll'),
			...getAll.properties,
			requestOptions([], ['getAll']),
		],
	};

	methods = { listSearch };
}
