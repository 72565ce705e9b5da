import type { IGetNodeParameterOptions } from 'n8n-workflow';

import { resource, type ResourceKey } from '../resources';
import { checkId, inputError } from '../input/values';
import type { FieldLabels, RowSource, WriteItem } from './rows';

/**
 * Version 1 of a write node: an item's row read from the node's parameters (its pickers and times,
 * Additional Fields on a create, Update Fields on a change: each node's v1/rows.ts), its fields
 * named in errors as those parameters show them.
 */

/** Reading a picker's id as version 1 stores it (a resource locator: its value). */
export const LOCATOR: IGetNodeParameterOptions = { extractValue: true };

/** Version 1's labels: the collections its optional fields sit in. */
const PARAMETER_LABELS: FieldLabels = {
	added: (label) => `Additional Fields › ${label}`,
	changed: (label) => `Update Fields › ${label}`,
	nothingToChange: { message: 'Update Fields has nothing to change', description: 'Add a field and give it a value.' },
};

/** How one node's version 1 reads its parameters as a row. */
export interface ParameterReads<Row extends { id?: unknown }> {
	key: ResourceKey;
	/** Create's (and Create Many's) parameters as a row. */
	createRow: (item: WriteItem) => Row;
	/** Update's parameters as a row, `id` the record picked; a field the user added is in it. */
	updateRow: (item: WriteItem) => Row;
	/** The record picker of Update, named in its errors ("Shift"). */
	idLabel: string;
}

/** Version 1's rows: a change names its record's picker, and must add a field to Update Fields. */
export function parameterRows<Row extends { id?: unknown }>(reads: ParameterReads<Row>): RowSource<Row> {
	return {
		async bodyOf(writes, item, operation) {
			if (operation !== 'update') return { body: await writes.create(item, reads.createRow(item), PARAMETER_LABELS) };
			const { node, itemIndex } = item;
			const row = reads.updateRow(item);
			const id = checkId(node, itemIndex, row.id, reads.idLabel, resource(reads.key).singular);
			if (Object.keys(row).length === 1) throw inputError(node, itemIndex, 'Update Fields is empty', 'Add at least one field to change.');
			return { body: await writes.update(item, { ...row, id }, PARAMETER_LABELS), id };
		},
	};
}
