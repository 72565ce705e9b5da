import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode, notice, requestOptions, resourceAndOperation } from '../shared/editor/fields';
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

export class RosteringShiftSwap implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Shift Swap',
		name: 'rosteringShiftSwap',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-shift-swap',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: 'Read the shifts staff offered to colleagues, and their answers',
		defaults: { name: 'Rostering Shift Swap' },
		usableAsTool: true,
		builderHint: builderHint('rosteringShiftSwap', true),
		...actionNode(),
		properties: [
			notice("A swap's status is only the colleague's answer (pending, accepted, rejected). Who works the shift is the shift's own Employee ID: read the shift to know. A cancelled offer is removed, not kept."),
			...resourceAndOperation({ name: 'Shift Swap', value: 'shiftSwap' }, OPERATIONS, 'getAll'),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
