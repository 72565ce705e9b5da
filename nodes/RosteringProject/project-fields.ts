import { ID_PATTERN, inputError } from '../shared/input/values';
import type { WriteItem } from '../shared/writes/rows';

/**
 * The rules of a project's fields (the spec's "Limits" and the Project table), checked before
 * anything is sent, each error naming the field as the Project node shows it.
 */

/** Spec, "Limits": project name, code and employee_ids. */
export const MAX_NAME = 100;
export const MAX_CODE = 20;
const MAX_EMPLOYEES = 500;
export const NAME_RULE = `A project name is 1 to ${MAX_NAME} characters.`;
export const CODE_RULE = `A project code is 1 to ${MAX_CODE} characters.`;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Name or code: text of 1 to `max` characters (a number mapped from a sheet counts as its digits). */
export function textOf(item: WriteItem, value: unknown, field: string, max: number, rule: string): string {
	const { node, itemIndex } = item;
	const text = typeof value === 'number' ? String(value) : value;
	if (text === undefined || text === null || text === '') throw inputError(node, itemIndex, `${field} is empty`, rule);
	if (typeof text !== 'string') {
		throw inputError(node, itemIndex, `${field}: ${JSON.stringify(text)} is not text`, rule);
	}
	if (text.length > max) throw inputError(node, itemIndex, `${field} is ${text.length} characters long`, rule);
	return text;
}

/** A colour as the API takes it: # and six hexadecimal digits. */
export function colourOf(item: WriteItem, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || !COLOUR.test(text)) {
		throw inputError(
			item.node,
			item.itemIndex,
			`Colour: ${JSON.stringify(value)} is not a colour`,
			'A project colour is # followed by six hexadecimal digits (0-9, a-f), like #4caf50.',
		);
	}
	return text;
}

/**
 * Employee IDs: text of ids separated by commas (spaces and new lines also separate), or an array
 * of ids mapped by an expression. Each is checked; repeats are sent once.
 */
export function employeeIdsOf(item: WriteItem, value: unknown): string[] {
	const { node, itemIndex } = item;
	const field = 'Employee IDs';
	let list: unknown[];
	if (Array.isArray(value)) list = value;
	else if (typeof value === 'string') list = value.split(/[\s,]+/).filter((id) => id !== '');
	else if (value === undefined || value === null) list = [];
	else {
		throw inputError(
			node,
			itemIndex,
			`${field}: ${JSON.stringify(value)} is not a list of employee IDs`,
			'Enter employee IDs separated by commas, or map an array of IDs with an expression.',
		);
	}
	const ids = list.map((id, i) => {
		const text = typeof id === 'string' ? id.trim() : id;
		if (typeof text !== 'string' || !ID_PATTERN.test(text)) {
			throw inputError(
				node,
				itemIndex,
				`${field} › ID ${i + 1}: ${JSON.stringify(text)} is not an employee id`,
				'Employee ids are 24 lowercase hexadecimal characters (0-9, a-f), like 5f1a2b3c4d5e6f7a8b9c0d1e, separated by commas.',
			);
		}
		return text;
	});
	const unique = [...new Set(ids)];
	if (unique.length > MAX_EMPLOYEES) {
		throw inputError(
			node,
			itemIndex,
			`${field} has ${unique.length} employees`,
			`A project has at most ${MAX_EMPLOYEES} employees. Give at most ${MAX_EMPLOYEES} different IDs.`,
		);
	}
	return unique;
}
