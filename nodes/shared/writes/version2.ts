import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { mapperProperty, type MapperSpec } from './mapper';
import { aiToolRouting } from '../n8n-internals';
import { throughTransport } from '../operations';
import { resource } from '../resources';

/**
 * Version 2 of a write node (issue 21), made from its version 1 description, so that a saved
 * version 1 node sees exactly the parameters it was saved with:
 * - the Operation dropdown is kept for version 1, and copied for version 2 with Create or Update
 *   added and Create, Create Many and Update building from the resource mapper;
 * - the parameters Create, Create Many and Update read (the pickers, times, Additional Fields and
 *   Update Fields) are shown to version 1 only; version 2 shows one `columns` mapper per write;
 * - everything else (notices, filters, Options) is shared.
 * n8n's `@version` display option (and `_cnd: {gte}`) works alike on every supported n8n line.
 */

const WRITES = ['create', 'createMany', 'update'];
const V1 = { '@version': [1] };
const V2 = { '@version': [{ _cnd: { gte: 2 } }] };

function operationsOf(property: INodeProperties): string[] | undefined {
	return property.displayOptions?.show?.operation as string[] | undefined;
}

function shownFor(property: INodeProperties, operations: string[], version: object = {}): INodeProperties {
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, operation: operations, ...version } } };
}

/**
 * Version 2's copy of the Operation dropdown: Create or Update joins. The writes' routing (the
 * AI-tool path) is version 1's: it builds from the mapped row on version 2 (bodies.ts bodyOf).
 */
function version2Operation(operation: INodeProperties, spec: MapperSpec): INodeProperties {
	const { singular } = resource(spec.key);
	const options = (operation.options as INodePropertyOptions[]).map((option) =>
		option.value === 'update' ? { ...option, description: `${option.description}. Only the fields given change.` } : option,
	);
	const upsert: INodePropertyOptions = {
		name: 'Create or Update',
		value: 'upsert',
		// Worded as the node's Create action is ("Create an on demand shift").
		action: String(options.find((option) => option.value === 'create')?.action ?? `Create a ${singular}`).replace(/^Create /, 'Create or update '),
		description: `Create a new ${singular}, or update the current one if it already exists (upsert)`,
		// Run by customOperations; on n8n's AI-tool path it explains itself (runThroughTransport).
		routing: aiToolRouting({ method: 'POST', url: `/v1/${resource(spec.key).path}` }, throughTransport()),
	};
	const after = options.findIndex((option) => option.value === 'createMany') + 1 || options.findIndex((option) => option.value === 'create') + 1;
	options.splice(after, 0, upsert);
	return { ...operation, displayOptions: { show: { ...operation.displayOptions?.show, ...V2 } }, options };
}

/** The node's properties for versions 1 and 2 (see the top). */
export function withVersion2(properties: INodeProperties[], spec: MapperSpec): INodeProperties[] {
	const { singular } = resource(spec.key);
	const out: INodeProperties[] = [];
	for (const property of properties) {
		const operations = operationsOf(property);
		if (property.name === 'operation') {
			out.push({ ...property, displayOptions: { show: { ...property.displayOptions?.show, ...V1 } } });
			out.push(version2Operation(property, spec));
			// Right below the operation, as n8n's own data nodes show their columns.
			const offered = ((property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
			const mapped = [...WRITES.filter((value) => offered.includes(value)), 'upsert'] as Array<'create' | 'createMany' | 'update' | 'upsert'>;
			for (const value of mapped) out.push(shownFor(mapperProperty(value, singular), [value], V2));
			continue;
		}
		if (!operations || property.type === 'notice' || property.name === 'options') {
			// Shared; notices and Options about creates also speak to Create or Update.
			out.push(operations?.includes('create') ? shownFor(property, [...operations, 'upsert']) : property);
			continue;
		}
		const writes = operations.filter((operation) => WRITES.includes(operation));
		const others = operations.filter((operation) => !WRITES.includes(operation));
		if (writes.length === 0) {
			out.push(property);
			continue;
		}
		if (others.length > 0) out.push(shownFor(property, others));
		out.push(shownFor(property, writes, V1));
	}
	return out;
}
