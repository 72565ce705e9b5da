import type { FieldType, IDataObject, IExecuteFunctions, ILoadOptionsFunctions, INodeProperties, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { resource, type ResourceKey } from '../resources';
import { checkId, inputError, missingValue } from '../input/values';
import type { FieldLabels, RowSource, WriteItem } from './rows';

/**
 * n8n's resource mapper (the `columns` parameter of version 2 write operations): Map Automatically
 * (each input item's fields, read straight from its JSON, no expression per field) or Map Each
 * Column Manually. The field list of each resource is one table (MapperSpec).
 *
 * The mapped row is the same row version 1's parameters give (parameters.ts), so the node's body builders
 * check both alike: every rule (local times at the location, breaks, notes, project limits) holds
 * for both versions, from one place. Facts about n8n relied on
 * here (checked in n8n-workflow 2.40.1 and 1.120.31, and by test/workflow/mapper.test.ts):
 * - the value is `{mappingMode: 'defineBelow' | 'autoMapInputData', value, matchingColumns, schema}`;
 * - n8n checks a field's type only when `columns.value` itself is read, and only in Map Each Column
 *   Manually, against the field list saved with the workflow (also before running, as the node's
 *   issues); with Map Automatically the node reads and checks each item itself. So a field the
 *   node parses itself is offered as text: an empty "array" field was an issue ('breaks' expects
 *   a array but we got '') that stopped the workflow before it ran;
 * - n8n shows every field with an empty (null) value until the user fills it, so a blank is "not
 *   given", never "erase".
 */

export const MAPPER_PARAMETER = 'columns';

/** One writable API field as the mapper shows it. */
interface MappedField {
	/** The API's field name: the key in a mapped row and in Map Automatically's input. */
	id: string;
	displayName: string;
	type?: FieldType;
	/** Required to create. */
	required?: boolean;
	/** Turns the mapped value into the row's (breaks given as JSON text become a list); throws MappingError. */
	fromMapped?: (value: unknown) => unknown;
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
	fields: MappedField[];
}

type Mode = 'create' | 'update' | 'upsert';

function modeOf(operation: string): Mode {
	return operation === 'update' ? 'update' : operation === 'upsert' ? 'upsert' : 'create';
}

const ID_FIELD: MappedField = { id: 'id', displayName: 'ID', only: ['update', 'upsert'] };

/**
 * The column names people's sheets, tills and databases use for an API field, which Map
 * Automatically also takes (in any case and spacing), after the API's name and the form's label:
 * a column with the field's own name wins over one of these.
 */
const COMMON_COLUMN_NAMES: Record<string, string[]> = {
	start_time: ['start', 'starts', 'start at', 'begin', 'begins', 'from', 'shift start', 'start date time', 'clock in', 'time in'],
	end_time: ['end', 'ends', 'end at', 'finish', 'finishes', 'to', 'until', 'shift end', 'end date time', 'clock out', 'time out'],
	employee_id: ['employee name', 'person', 'staff', 'staff member', 'worker', 'team member', 'who', 'assigned to'],
	employee_ids: ['employees', 'people', 'staff', 'members', 'team'],
	location_id: ['location name', 'site', 'venue', 'store', 'shop', 'branch', 'outlet', 'where'],
	position_id: ['position name', 'role', 'job', 'job title'],
	notes: ['note', 'comment', 'comments', 'description', 'details', 'remarks'],
	note: ['notes', 'comment', 'comments', 'description', 'details', 'remarks'],
	breaks: ['break', 'break times'],
	shift_id: ['shift', 'rostered shift'],
	name: ['project', 'project name', 'title'],
	code: ['project code'],
	colour: ['color'],
};

/** An input field name Map Automatically takes: for which API field, and whether it is the field's own name (else a common one). */
interface Alias {
	id: string;
	own: boolean;
}

interface FieldList {
	fields: MappedField[];
	/** Squashed input field name → the API field it stands for. */
	aliases: Map<string, Alias>;
	/** API field id → the names Map Automatically takes for it, as a person reads them. */
	takes: Map<string, string[]>;
}

/** Worked out once per spec and mode: every item of a run asks for the same. */
const fieldLists = new WeakMap<MapperSpec, Map<Mode, FieldList>>();

function fieldListOf(spec: MapperSpec, operation: string): FieldList {
	const mode = modeOf(operation);
	let byMode = fieldLists.get(spec);
	if (!byMode) fieldLists.set(spec, (byMode = new Map()));
	let list = byMode.get(mode);
	if (!list) {
		const fields = [ID_FIELD, ...spec.fields].filter((field) => !field.only || field.only.includes(mode));
		byMode.set(mode, (list = { fields, ...aliasesOf(fields) }));
	}
	return list;
}

/** The fields one operation shows, the record id first where it has one. */
function fieldsFor(spec: MapperSpec, operation: string): MappedField[] {
	return fieldListOf(spec, operation).fields;
}

/** The `columns` parameter of one operation of version 2 (n8n's mapper mode is fixed per parameter). */
function mapperProperty(operation: 'create' | 'createMany' | 'update' | 'upsert', spec: MapperSpec): INodeProperties {
	const { singular } = resource(spec.key);
	const mode = operation === 'update' ? 'update' : operation === 'upsert' ? 'upsert' : 'add';
	return {
		displayName: 'Columns',
		name: MAPPER_PARAMETER,
		type: 'resourceMapper',
		noDataExpression: true,
		// Create or Update is for rows that already carry the fields (a sheet, a table): it opens on
		// Map Automatically. A saved node keeps the mode it was saved with.
		default: { mappingMode: operation === 'upsert' ? 'autoMapInputData' : 'defineBelow', value: null },
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
		description: mapperHelp(spec, operation),
	};
}

/** The `columns` parameter of each of a version 2 node's writes. */
export function mapperProperties(operations: Array<'create' | 'createMany' | 'update' | 'upsert'>, spec: MapperSpec): INodeProperties[] {
	return operations.map((operation) => mapperProperty(operation, spec));
}

/**
 * The help under the mapper: which input field names Map Automatically takes (n8n's own notice
 * names none), how times are read, and that places and people may be given by name.
 */
function mapperHelp(spec: MapperSpec, operation: string): string {
	const ids = fieldsFor(spec, operation).map((field) => field.id);
	const times = ids.includes('start_time') ? " Times without an offset are local at the location (2026-11-23T09:00); with one (Z, +11:00) they are read as written." : '';
	const named = ['location_id', 'position_id', 'employee_id'].filter((id) => ids.includes(id)).map((id) => id.replace(/_id$/, ''));
	const names = named.length > 0 ? ` A ${named.join(', ').replace(/, ([^,]*)$/, ' or $1')} may be given by id or by name.` : '';
	const common = ['start_time', 'end_time', 'employee_id', 'location_id'].filter((id) => ids.includes(id)).map((id) => COMMON_COLUMN_NAMES[id][0]);
	const usual = common.length > 0 ? `, or the usual column names, such as ${common.join(', ')}` : '';
	return `Map Automatically takes input fields named ${ids.join(', ')} (or their labels, such as ${fieldsFor(spec, operation).find((field) => field.id !== 'id')?.displayName}${usual}).${times}${names} A blank value leaves a field as it is.`;
}

/** `methods.resourceMapping` of a node: the field list of the operation chosen. */
export function resourceMapping(spec: MapperSpec) {
	return {
		async getMappingColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
			return { fields: mappingFields(spec, this.getNodeParameter('operation', 'create') as string) };
		},
	};
}

/**
 * The mapper's fields for an operation, as getMappingColumns gives them to n8n's editor.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function mappingFields(spec: MapperSpec, operation: string): ResourceMapperField[] {
	const mode = modeOf(operation);
	return fieldsFor(spec, operation).map((field) => ({
		id: field.id,
		displayName: field.displayName,
		type: field.type ?? 'string',
		required: mode === 'create' ? field.required === true : mode === 'update' && field.id === 'id',
		defaultMatch: mode === 'update' ? field.id === 'id' : mode === 'upsert' && field.defaultMatch === true,
		canBeUsedToMatch: mode === 'update' ? field.id === 'id' : mode === 'upsert' && field.match === true,
		display: true,
	}));
}

/** "Start Time", "start_time", "startTime" and "START-TIME" all read "starttime". */
function squashed(name: string): string {
	return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Map Automatically: which input field names stand for which API field, and the names each field takes. */
function aliasesOf(fields: MappedField[]): Pick<FieldList, 'aliases' | 'takes'> {
	const own = (field: MappedField) => [field.id, field.displayName, field.id.replace(/_id$/, ''), ...(field.aliases ?? [])];
	const aliases = new Map<string, Alias>();
	// The common names first, so that a field's own name, set after, wins over another's common one.
	for (const field of fields) for (const name of COMMON_COLUMN_NAMES[field.id] ?? []) aliases.set(squashed(name), { id: field.id, own: false });
	for (const field of fields) for (const name of own(field)) aliases.set(squashed(name), { id: field.id, own: true });
	const takes = new Map<string, string[]>();
	for (const field of fields) {
		const names = [...own(field), ...(COMMON_COLUMN_NAMES[field.id] ?? [])].filter((name) => aliases.get(squashed(name))?.id === field.id);
		takes.set(field.id, [...new Map(names.map((name) => [squashed(name), name])).values()]);
	}
	return { aliases, takes };
}

/**
 * Map Automatically on one item: its values by API field, and its input fields not used: those
 * that stand for no field, and those whose field another column gave. A field's own name (the
 * API's, the form's) wins over a common one (a read record's `employee_name` beside its
 * `employee_id` gives nothing), and of two common ones the first; of two own ones the last, as
 * before common names were taken.
 */
function autoMapped(json: IDataObject, list: FieldList): { values: IDataObject; unused: string[] } {
	const values: IDataObject = {};
	const givenBy = new Map<string, { name: string; own: boolean }>();
	const unused: string[] = [];
	for (const [name, value] of Object.entries(json)) {
		const alias = list.aliases.get(squashed(name));
		if (!alias) {
			unused.push(name);
			continue;
		}
		if (isBlank(value)) continue;
		const before = givenBy.get(alias.id);
		if (before && !alias.own) {
			unused.push(name);
			continue;
		}
		if (before) unused.push(before.name);
		values[alias.id] = value;
		givenBy.set(alias.id, { name, own: alias.own });
	}
	return { values, unused };
}

/** Map Automatically: the input fields of an item not used (autoMapped; none in Map Each Column Manually). */
function unusedColumns(item: WriteItem, spec: MapperSpec, operation: string): string[] {
	if (item.read(`${MAPPER_PARAMETER}.mappingMode`, 'defineBelow') !== 'autoMapInputData') return [];
	return autoMapped(item.json, fieldListOf(spec, operation)).unused;
}

/** True for a value that gives nothing: a blank cell, null, or an empty list from the mapper. */
function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The row one item maps to, under the node's mapping mode (unplaced input fields: reportUnmatched):
 * given values by API field name, blanks left out, each turned into the row's shape (fromMapped).
 */
function mappedRow(item: WriteItem, spec: MapperSpec, operation: string): IDataObject {
	const list = fieldListOf(spec, operation);
	const { fields } = list;
	const automatic = item.read(`${MAPPER_PARAMETER}.mappingMode`, 'defineBelow') === 'autoMapInputData';
	let values: IDataObject = {};
	if (automatic) {
		values = autoMapped(item.json, list).values;
	} else {
		const given = (item.read(`${MAPPER_PARAMETER}.value`, {}) ?? {}) as IDataObject;
		const known = new Set(fields.map((field) => field.id));
		for (const [id, value] of Object.entries(given)) if (known.has(id) && !isBlank(value)) values[id] = value;
	}
	for (const field of fields) if (field.fromMapped && values[field.id] !== undefined) values[field.id] = field.fromMapped(values[field.id]) as IDataObject[keyof IDataObject];
	return values;
}

/** A yes/no field as a sheet or a form gives it: true, false, "true", "yes", 1, "0"… */
export function booleanField(label: string) {
	return (value: unknown): boolean => {
		if (typeof value === 'boolean') return value;
		const text = String(value).trim().toLowerCase();
		if (['true', 'yes', 'y', '1'].includes(text)) return true;
		if (['false', 'no', 'n', '0'].includes(text)) return false;
		throw new MappingError(`${label}: ${JSON.stringify(value)} is not true or false`, `Give true or false (yes or no), or leave ${label} blank.`);
	};
}

/** A mapped value that cannot stand for its field: becomes the item's input error (explained). */
class MappingError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
	}
}

/** The mapper's labels: a field is named as its column shows it ("Notes"), and Update has no collection to add to. */
const MAPPER_LABELS: FieldLabels = {
	added: (label) => label,
	changed: (label) => label,
	nothingToChange: { message: 'No field has a value to change', description: 'Give at least one field besides ID a value.' },
};

/**
 * An error of a mapped row said the way the mapper shows it: a value the mapper cannot take
 * becomes the item's input error, and a required field left without a value (values.ts
 * missingValue) says where it is given. Under Map Automatically, that is which column names it is
 * taken from, and which of the item's columns were not used (a `start` column where the node looks
 * for Start Time), so that a person sees why and what to rename; Map Each Column Manually has no
 * list to pick a record from, so a picked field takes an id or a name in Columns.
 */
function explained(item: WriteItem, error: Error, spec: MapperSpec, operation: string): Error {
	if (error instanceof MappingError) error = inputError(item.node, item.itemIndex, error.message, error.description);
	const missing = missingValue(error);
	const list = fieldListOf(spec, operation);
	const field = missing && list.fields.find((candidate) => candidate.displayName === missing.field);
	if (!field) return error;
	const described = error as Error & { description?: string };
	if (item.read(`${MAPPER_PARAMETER}.mappingMode`, 'defineBelow') === 'autoMapInputData') {
		const unused = unusedColumns(item, spec, operation);
		const takes = list.takes.get(field.id) ?? [field.id];
		const notUsed = unused.length > 0 ? ` Not used from this item (no field of that name, or another column gave it): ${unused.join(', ')}.` : ' The item has no such column.';
		described.description = `Map Automatically takes ${field.displayName} from a column named ${takes.join(', ')} (any case or spacing).${notUsed} Rename a column, or choose Map Each Column Manually.`;
	} else if (missing.picked) {
		described.description = `Give ${field.displayName} a value in Columns: its id or its name.`;
	}
	return error;
}

/** The item's mapped row; a value the mapper cannot take fails naming its field. */
function mappedRowOf<Row extends object>(item: WriteItem, spec: MapperSpec, operation: string): Row {
	try {
		return mappedRow(item, spec, operation) as Row;
	} catch (error) {
		throw explained(item, error as Error, spec, operation);
	}
}

/** Version 2's rows: read by the mapper, each field named as the mapper shows it. */
export interface MappedRows<Row extends object> extends RowSource<Row> {
	mapper: MapperSpec;
}

/**
 * Version 2 of a write node: an item's row from the resource mapper (Map Automatically or Map
 * Each Column Manually), made into its body by the node's builder with the mapper's labels; a
 * change is a row of Update, or a row of Create or Update that gives an ID (its record's, checked).
 * The input fields Map Automatically cannot place are named once per run (reportUnmatched).
 */
export function mappedRows<Row extends object>(spec: MapperSpec): MappedRows<Row> {
	const { singular } = resource(spec.key);
	return {
		mapper: spec,
		async bodyOf(writes, item, operation) {
			const row = mappedRowOf<Row & { id?: unknown }>(item, spec, operation);
			const change = operation === 'update' || (operation === 'upsert' && row.id !== undefined);
			const id = change ? checkId(item.node, item.itemIndex, row.id, 'ID', singular) : undefined;
			try {
				if (id === undefined) return { body: await writes.create(item, row, MAPPER_LABELS) };
				return { body: await writes.update(item, { ...row, id }, MAPPER_LABELS), id };
			} catch (error) {
				throw explained(item, error as Error, spec, operation);
			}
		},
		beforeRun: (ctx, operation) => reportUnmatched(ctx, spec, operation),
	};
}

/**
 * Map Automatically: input fields that stand for no field of the operation are not sent, and are
 * named once, in an execution hint above the output, so that nothing is dropped silently (a typo
 * in a column name, or a read-only field of a record read earlier).
 */
function reportUnmatched(ctx: IExecuteFunctions, spec: MapperSpec, operation: string): void {
	if (ctx.getNodeParameter(`${MAPPER_PARAMETER}.mappingMode`, 0, 'defineBelow') !== 'autoMapInputData') return;
	const list = fieldListOf(spec, operation);
	const unmatched = new Set<string>();
	for (const item of ctx.getInputData()) for (const name of autoMapped(item.json ?? {}, list).unused) unmatched.add(name);
	if (unmatched.size === 0) return;
	const names = [...unmatched];
	const shown = names.slice(0, 10).join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '');
	ctx.addExecutionHints({
		message: `Not sent: input field${names.length > 1 ? 's' : ''} ${shown} match${names.length > 1 ? '' : 'es'} no ${resource(spec.key).singular} field (${fieldsFor(spec, operation).map((f) => f.id).join(', ')}), or another column gave that field. Rename ${names.length > 1 ? 'them' : 'it'} to send ${names.length > 1 ? 'them' : 'it'}, or choose Map Each Column Manually.`,
		location: 'outputPane',
	});
}


/**
 * Breaks as the API writes them: a list, or that list as JSON text from a sheet. `example` shows
 * the user a list that works.
 */
export function breaksList(example: string) {
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
		return rows.map((row: IDataObject) => row ?? {});
	};
}
