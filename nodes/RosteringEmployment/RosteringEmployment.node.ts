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

export class RosteringEmployment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Employment',
		name: 'rosteringEmployment',
		documentationUrl: 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#rostering-employment',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["operation"] === "getAll" ? "Get Many" : $parameter["operation"] === "upsert" ? "Create or Update" : $parameter["operation"] === "__CUSTOM_API_CALL__" ? "Custom API Call" : $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: "Read each person's employment at the business: basis, hours, payroll number and pay",
		defaults: { name: 'Rostering Employment' },
		usableAsTool: true,
		builderHint: builderHint('rosteringEmployment', true),
		...actionNode(),
		properties: [
			notice("People and employments are read-only here: they are added, changed and ended only in the service's own application (the API refuses partner apps). Someone who has left appears as an archived employment. Pay fields (pay basis, rates, salary, classification, award, rate overrides) appear only when the credential has Pay Details (pay:read)."),
			...resourceAndOperation({ name: 'Employment', value: 'employment' }, OPERATIONS, 'getAll'),
			...get.properties,
			...getAll.properties,
			requestOptions([], ['get', 'getAll']),
		],
	};

	methods = { listSearch };
}
