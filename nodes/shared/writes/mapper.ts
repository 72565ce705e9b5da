import type {
	FieldType,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { resource, type ResourceKey } from '../resources';
import { idParameter } from '../operations';
import { checkId, inputError } from '../input/values';
import type { BodyBuilder } from '../operations';

/**
 * n8n's resource mapper (the `columns` parameter of version 2 write operations): Map Automatically
 * (each input item's fields, read straight from its JSON, no expression per field) or Map Each
 * Column Manually. The field list of each resource is one table (MapperSpec).
 *
 * The mapped row is shown to the node's version 1 body builders as the version 1 parameters it
 * stands for (`asParameters`), so every rule the builders check (local times at the location,
 * breaks, notes, project limits) holds for both versions, from one place. Facts about n8n relied on
 * here (checked in n8n-workflow 2.40.1 and 1.120.31, and by test/workflow/mapper.test.ts):
 * - the value is `{mappingMode: 'defineBelow' | 'autoMapInputData', value, matchingColumns, schema}`;
 * - n8n checks a field's type only when `columns.value` itself is read, and only in Map Each Column
 *   Manually; with Map Automatically the node reads and checks each item itself;
 * - n8n shows every field with an empty (null) value until the user fills it, so a blank is "not
 *   given", never "erase".
 */

export const MAPPER_PARAMETER = 'columns';

/** One writable API field as the mapper shows it. */
export interface MappedField {
	/** The API's field name: the key in a mapped row and in Map Automatically's input. */
	id: string;
	displayName: string;
	type?: FieldType;
	/** Required to create. */
	required?: boolean;
	/** The version 1 parameter a create reads it from ("locationId", "additionalFields.notes"). */
	create?: string;
	/** The version 1 parameter an update reads it from ("updateFields.notes"). */
	update?: string;
	/** The value as that version 1 parameter holds it (breaks: the fixed collection's rows). */
	toParameter?: (value: unknown) => unknown;
	/** Offered as a column Create or Update can match on; `defaultMatch` pre-selects it. */
	match?: boolean;
	defaultMatch?: boolean;
	/** Shown in the field list only for these operations. */
	only?: Array<'create' | 'update' | 'upsert'>;
	/** Other input field names Map Automatically takes for it (a timesheet's `notes`). */
	aliases?: string[];
}

export interface MapperSpec {
	key: ResourceKey;
	/** The version 1 record picker of Update ("shiftId") and its label ("Shift"). */
	idParameter: string;
	idLabel: string;
	fields: MappedField[];
}

type Mode = 'create' | 'update' | 'upsert';

function modeOf(operation: string): Mode {
	return operation === 'update' ? 'update' : operation === 'upsert' ? 'upsert' : 'create';
}

const ID_FIELD: MappedField = { id: 'id', displayName: 'ID', only: ['update', 'upsert'] };

/** Worked out once per spec and mode: every item of a run asks for the same. */
const fieldLists = new WeakMap<MapperSpec, Map<Mode, { fields: MappedField[]; aliases: Map<string, string> }>>();

function fieldListOf(spec: MapperSpec, operation: string): { fields: MappedField[]; aliases: Map<string, string> } {
	const mode = modeOf(operation);
	let byMode = fieldLists.get(spec);
	if (!byMode) fieldLists.set(spec, (byMode = new Map()));
	let list = byMode.get(mode);
	if (!list) {
		const fields = [ID_FIELD, ...spec.fields].filter((field) => !field.only || field.only.includes(mode));
		byMode.set(mode, (list = { fields, aliases: aliasesOf(fields) }));
	}
	return list;
}

/** The fields one operation shows, the record id first where it has one. */
export function fieldsFor(spec: MapperSpec, operation: string): MappedField[] {
	return fieldListOf(spec, operation).fields;
}

/** The `columns` parameter of one operation (n8n's mapper mode is fixed per parameter). */
export function mapperProperty(operation: 'create' | 'createMany' | 'update' | 'upsert', singular: string): INodeProperties {
	const mode = operation === 'update' ? 'update' : operation === 'upsert' ? 'upsert' : 'add';
	return {
		displayName: 'Columns',
		name: MAPPER_PARAMETER,
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		displayOptions: { show: { operation: [operation] } },
		typeOptions: {
			loadOptionsDependsOn: ['operation'],
			resourceMapper: {
				resourceMapperMethod: 'getMappingColumns',
				mode,
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: true,
				supportAutoMap: true,
				...(mode === 'upsert'
					? {
							matchingFieldsLabels: {
								title: 'Fields to Match On',
								description: `A row without an ID updates the ${singular} whose values in these fields equal the row's; when none does, a new ${singular} is created`,
								hint: "A row's ID, when it has one, is matched first",
							},
						}
					: {}),
			},
		},
		description: `Input fields named like the ${singular}'s API fields (start_time) or labels (Start Time) are mapped automatically; a blank value leaves a field as it is`,
	};
}

/** `methods.resourceMapping` of a node: the field list of the operation chosen. */
export function resourceMapping(spec: MapperSpec) {
	return {
		async getMappingColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
			const operation = this.getNodeParameter('operation', 'create') as string;
			const mode = modeOf(operation);
			const fields: ResourceMapperField[] = fieldsFor(spec, operation).map((field) => ({
				id: field.id,
				displayName: field.displayName,
				type: field.type ?? 'string',
				required: mode === 'create' ? field.required === true : mode === 'update' && field.id === 'id',
				defaultMatch: mode === 'update' ? field.id === 'id' : mode === 'upsert' && field.defaultMatch === true,
				canBeUsedToMatch: mode === 'update' ? field.id === 'id' : mode === 'upsert' && field.match === true,
				display: true,
			}));
			return { fields };
		},
	};
}

/** "Start Time", "start_time", "startTime" and "START-TIME" all read "starttime". */
function squashed(name: string): string {
	return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Map Automatically: which input field names stand for which API field. */
function aliasesOf(fields: MappedField[]): Map<string, string> {
	const aliases = new Map<string, string>();
	for (const field of fields) {
		for (const name of [field.id, field.displayName, field.id.replace(/_id$/, ''), ...(field.aliases ?? [])]) aliases.set(squashed(name), field.id);
	}
	return aliases;
}

/** True for a value that gives nothing: a blank cell, null, or an empty list from the mapper. */
export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export interface MappedRow {
	/** Given values by API field name, blanks left out. */
	values: IDataObject;
}

/** The row one item maps to, under the node's mapping mode (unplaced input fields: reportUnmatched). */
export function mappedRow(ctx: IExecuteSingleFunctions, spec: MapperSpec, operation: string): MappedRow {
	const { fields, aliases } = fieldListOf(spec, operation);
	const automatic = ctx.getNodeParameter(`${MAPPER_PARAMETER}.mappingMode`, 'defineBelow') === 'autoMapInputData';
	const values: IDataObject = {};
	if (automatic) {
		for (const [name, value] of Object.entries(ctx.getInputData().json ?? {})) {
			const id = aliases.get(squashed(name));
			if (id !== undefined && !isBlank(value)) values[id] = value;
		}
	} else {
		const given = (ctx.getNodeParameter(`${MAPPER_PARAMETER}.value`, {}) ?? {}) as IDataObject;
		const known = new Set(fields.map((field) => field.id));
		for (const [id, value] of Object.entries(given)) if (known.has(id) && !isBlank(value)) values[id] = value;
	}
	return { values };
}

/** The version 1 parameters a mapped row stands for. */
export function asParameters(spec: MapperSpec, row: IDataObject, operation: string): IDataObject {
	const mode = modeOf(operation);
	const parameters: IDataObject = mode === 'update' ? { updateFields: {} } : { additionalFields: {} };
	if (mode === 'update' && row.id !== undefined) parameters[spec.idParameter] = row.id;
	for (const field of spec.fields) {
		const path = mode === 'update' ? field.update : field.create;
		if (!path || row[field.id] === undefined) continue;
		const value = field.toParameter ? field.toParameter(row[field.id]) : row[field.id];
		const parts = path.split('.');
		let target = parameters;
		for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as IDataObject;
		target[parts[parts.length - 1]] = value as IDataObject[keyof IDataObject];
	}
	return parameters;
}

/** A mapped value that cannot stand for its field: becomes the item's input error (relabelled). */
export class MappingError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
	}
}

/** The builders' labels of version 1 ("Additional Fields › Notes") named as the mapper shows them. */
export function relabelled(ctx: IExecuteSingleFunctions, error: Error): Error {
	if (error instanceof MappingError) error = inputError(ctx.getNode(), ctx.getItemIndex(), error.message, error.description);
	error.message = error.message.replace(/(Additional|Update) Fields › /g, '').replace('Update Fields has nothing to change', 'No field has a value to change');
	const described = error as Error & { description?: string };
	if (typeof described.description === 'string') {
		described.description = described.description.replace(/(Additional|Update) Fields › /g, '').replace('Add a field and give it a value.', 'Give at least one field besides ID a value.');
	}
	return error;
}

/**
 * The item's context with its mapped row in the place of the version 1 parameters: a builder made
 * for version 1 reads `locationId` or `additionalFields.notes` and gets the row's value.
 */
export function mappedContext(ctx: IExecuteSingleFunctions, parameters: IDataObject): IExecuteSingleFunctions {
	const read = (name: string): { found: boolean; value?: unknown } => {
		const parts = name.split('.');
		if (!(parts[0] in parameters)) return { found: false };
		let value: unknown = parameters;
		for (const part of parts) value = (value as IDataObject | undefined)?.[part];
		return { found: true, value };
	};
	return new Proxy(ctx, {
		get(target, property) {
			if (property !== 'getNodeParameter') {
				const value = Reflect.get(target, property, target) as unknown;
				return typeof value === 'function' ? value.bind(target) : value;
			}
			return (name: string, fallback?: unknown, options?: IDataObject) => {
				const { found, value } = read(name);
				if (!found) return target.getNodeParameter(name, fallback, options);
				return value === undefined ? fallback : value;
			};
		},
	});
}

/**
 * A version 1 body builder made to serve both versions: version 2 nodes build from the item's
 * mapped row. Errors name the fields as the mapper shows them.
 */
export function fromMapper(spec: MapperSpec, operation: string, build: BodyBuilder): BodyBuilder {
	return async (ctx) => {
		if (ctx.getNode().typeVersion < 2) return await build(ctx);
		try {
			const { values } = mappedRow(ctx, spec, operation);
			return await build(mappedContext(ctx, asParameters(spec, values, operation)));
		} catch (error) {
			throw relabelled(ctx, error as Error);
		}
	};
}

/**
 * Map Automatically: input fields that stand for no field of the operation are not sent, and are
 * named once, in an execution hint above the output, so that nothing is dropped silently (a typo
 * in a column name, or a read-only field of a record read earlier).
 */
export function reportUnmatched(ctx: IExecuteFunctions, spec: MapperSpec, operation: string): void {
	if (ctx.getNode().typeVersion < 2) return;
	if (ctx.getNodeParameter(`${MAPPER_PARAMETER}.mappingMode`, 0, 'defineBelow') !== 'autoMapInputData') return;
	const { aliases } = fieldListOf(spec, operation);
	const unmatched = new Set<string>();
	for (const item of ctx.getInputData()) {
		for (const name of Object.keys(item.json ?? {})) if (!aliases.has(squashed(name))) unmatched.add(name);
	}
	if (unmatched.size === 0) return;
	const names = [...unmatched];
	const shown = names.slice(0, 10).join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '');
	ctx.addExecutionHints({
		message: `Not sent: input field${names.length > 1 ? 's' : ''} ${shown} match${names.length > 1 ? '' : 'es'} no ${resource(spec.key).singular} field (${fieldsFor(spec, operation).map((f) => f.id).join(', ')}). Rename ${names.length > 1 ? 'them' : 'it'} to send ${names.length > 1 ? 'them' : 'it'}, or choose Map Each Column Manually.`,
		location: 'outputPane',
	});
}


/** The record an Update item changes: version 1's picker, or version 2's mapped ID. */
export function recordIdOf(ctx: IExecuteSingleFunctions, spec: MapperSpec): string {
	const { singular } = resource(spec.key);
	if (ctx.getNode().typeVersion < 2) return idParameter(ctx, spec.idParameter, spec.idLabel, singular);
	return checkId(ctx.getNode(), ctx.getItemIndex(), mappedRow(ctx, spec, 'update').values.id, 'ID', singular);
}

/** preSend of Update on n8n's AI-tool path (n8n-internals A7): the record's id goes on the end of the path. */
export function withRecordIdOf(spec: MapperSpec) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return { ...request, url: `${request.url}/${recordIdOf(this, spec)}` };
	};
}

/**
 * Breaks as the API writes them (a list, or that list as JSON text from a sheet) in the shape of
 * version 1's Breaks rows, which the builders check: `toRow` turns one API break into one row, and
 * `example` shows the user a list that works.
 */
export function breaksAsRows(toRow: (api: IDataObject) => IDataObject, example: string) {
	return (value: unknown): unknown => {
		let rows = value;
		try {
			if (typeof rows === 'string') rows = JSON.parse(rows);
		} catch {
			rows = undefined;
		}
		if (!Array.isArray(rows)) {
			throw new MappingError(`Breaks: ${JSON.stringify(value)} is not a list of breaks`, `Give a list such as ${example}, or leave Breaks blank.`);
		}
		return { break: rows.map((row: IDataObject) => toRow(row ?? {})) };
	};
}
