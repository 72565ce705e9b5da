import type { IDataObject } from 'n8n-workflow';

import { recordName } from '../requests/answers';
import { employeeName, nameList, type NameKind } from '../editor/names';
import { checkId, ID_PATTERN, inputError } from '../input/values';
import type { WriteItem } from './rows';

/**
 * Names where ids go: a row's location, position or employee may be given by its id or by the
 * name the pickers show ("Circular Quay Café", "Barista", "Ava Singh"), as rows kept in a
 * spreadsheet or a till carry them. A name is matched case- and space-insensitively against one
 * list read of its kind per execution and connection (editor/names.ts nameList, pages of 200,
 * shared by every item), and only when a row gives a name: rows with ids send nothing more. A
 * position is looked for at the row's location. A name that matches no record, or several, fails its item naming the candidates,
 * and nothing is sent for it. The item's output says which names became which ids (`names_given`).
 */

/** One record a name can stand for. */
interface Named {
	id: string;
	/** The names it is known by, as `nameKey` writes them. */
	keys: string[];
	/** As the pickers show it. */
	label: string;
	/** A position's location. */
	locationId?: string;
}

/** "  ava   SINGH " and "Ava Singh" are the same name; so are "Café" written either way in Unicode. */
function nameKey(name: string): string {
	return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function namedOf(kind: NameKind, record: IDataObject): Named {
	const id = String(record.id);
	if (kind === 'employee') {
		const label = employeeName(record) ?? id;
		// The name the picker shows (preferred name, else first name), and the legal one.
		const legal = [record.first_name, record.last_name].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
		return { id, label, keys: [...new Set([label, legal].filter(Boolean).map(nameKey))] };
	}
	const label = recordName(record) ?? id;
	return { id, label, keys: [nameKey(label)], locationId: typeof record.location_id === 'string' ? record.location_id : undefined };
}

/** The records a name can stand for (archived ones left out), and those of each name. */
interface NameIndex {
	all: Named[];
	byName: Map<string, Named[]>;
}

/** Worked out once per list read: the items of an execution share the list (editor/names.ts nameList). */
const indexes = new WeakMap<IDataObject[], NameIndex>();

/** The index of one kind of record, from the list read once per execution and connection. */
async function nameIndex(item: WriteItem, kind: NameKind): Promise<NameIndex> {
	const records = await nameList(item.ctx, kind, { maxRateLimitWaitSeconds: item.maxWait });
	let index = indexes.get(records);
	if (!index) {
		const all = records.filter((record) => record.archived !== true).map((record) => namedOf(kind, record));
		const byName = new Map<string, Named[]>();
		for (const one of all) for (const key of one.keys) byName.set(key, [...(byName.get(key) ?? []), one]);
		indexes.set(records, (index = { all, byName }));
	}
	return index;
}

/** '"Barista", "Cook" and 14 more': the first few candidates, in alphabetical order. */
function someOf(named: Named[], withIds = false): string {
	const shown = [...named]
		.sort((a, b) => a.label.localeCompare(b.label))
		.slice(0, 8).map((one) => (withIds ? `${one.label} (${one.id})` : `"${one.label}"`));
	return named.length > shown.length ? `${shown.join(', ')} and ${named.length - shown.length} more` : shown.join(', ');
}

/** A text that is meant as an id (24 hexadecimal characters, give or take a typo), not a name. */
const LOOKS_LIKE_AN_ID = /^[0-9a-f]{16,32}$/i;

/**
 * Where a position is looked for: the row's location (a create has it), or a way to read it (a
 * change reads its record's location, and only when the name is held at several locations).
 */
export type PositionPlace = string | (() => Promise<string | undefined>);

/** The records a name stands for; a position's, at its place. */
async function matchesOf(index: NameIndex, key: string, place: PositionPlace | undefined): Promise<{ matches: Named[]; here: Named[] }> {
	const matches = index.byName.get(key) ?? [];
	if (place === undefined || (typeof place === 'function' && matches.length < 2)) return { matches, here: index.all };
	const at = typeof place === 'string' ? place : await place();
	if (!at) return { matches, here: index.all };
	const here = index.all.filter((one) => one.locationId === at);
	return { matches: matches.filter((one) => one.locationId === at), here };
}

/**
 * The id of a row's location, position or employee: the value itself when it is an id, else the
 * one record whose name it is. `field` is the name the node shows ("Location").
 */
export async function referenceId(item: WriteItem, value: unknown, kind: NameKind, field: string, place?: PositionPlace): Promise<string> {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || text === '' || ID_PATTERN.test(text) || LOOKS_LIKE_AN_ID.test(text)) return checkId(item.node, item.itemIndex, value, field, kind);
	let index: NameIndex;
	try {
		index = await nameIndex(item, kind);
	} catch (error) {
		const refused = inputError(
			item.node,
			item.itemIndex,
			`${field}: "${text}" is a name, and the ${kind} list could not be read to find its id`,
			`${(error as Error).message}. Give the ${kind}'s id instead (pick it from the list, or map it from an earlier node), or let this connection read ${kind}s.`,
		);
		refused.context.httpCode = (error as { httpCode?: string }).httpCode;
		throw refused;
	}
	const { matches, here } = await matchesOf(index, nameKey(text), kind === 'position' ? place : undefined);
	const where = here === index.all ? '' : " at the row's location";
	if (matches.length === 1) {
		(item.namesGiven ??= {})[`${kind}_id`] = text;
		return matches[0].id;
	}
	if (matches.length > 1) {
		throw inputError(
			item.node,
			item.itemIndex,
			`${field}: "${text}" is the name of ${matches.length} ${kind}s${where}`,
			`Nothing was sent for this item. They are ${someOf(matches, true)}: give the id of the one you mean.`,
		);
	}
	throw inputError(
		item.node,
		item.itemIndex,
		`${field}: no ${kind} is named "${text}"${where}`,
		`Nothing was sent for this item. Give the name as the ${kind} list shows it${here.length > 0 ? ` (${someOf(here)})` : ''}, or the ${kind}'s id (24 characters, 0-9 and a-f: pick it from the list, or map it from an earlier node).`,
	);
}
