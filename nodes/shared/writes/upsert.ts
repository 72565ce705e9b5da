import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { MAPPER_PARAMETER } from './mapper';
import { resource } from '../resources';
import { inTurn, listAll, send } from '../requests/transport';
import { stableJson } from '../input/values';
import { knownTimezone } from './checks';
import type { Ready } from './rows';

/**
 * Create or Update (upsert): what to do with each row. The write runner (writes.ts) runs it like
 * Create Many, with this plan between reading the rows and sending them:
 *
 * 1. Every row is mapped (mapper.ts) and checked by the node's own create or update builder before
 *    anything is sent (writes.ts). A row with an ID is a change to that record; any other row is
 *    matched on the fields the user picked (Fields to Match On), or the resource's defaults.
 * 2. The records to match against are read in the fewest requests: one list over the rows' span
 *    (pages of 200, windows of 92 days), and a read by id only for an ID the list did not hold.
 * 3. Each row then is new (created in batches of up to 100, as Create Many), changed (updated
 *    with only the fields that differ) or unchanged (nothing sent). A row that matches two
 *    records, or the same record as an earlier row, is an error item and nothing is sent for it.
 * 4. One output item per row, paired to it, saying `action`: created, updated or unchanged, and
 *    for an update the `changed_fields`. Running again after any failure (a crash included) is safe:
 *    what was saved is found and left unchanged.
 */

export interface UpsertSpec {
	/** Fields a change may send, compared with the record to tell what changed. */
	updatable: string[];
	/** Fields matched on when the user picks none. */
	defaultMatch: string[];
	/** The list query covering every body (startDateSpan: from and to over their start dates), or none. */
	span?: (bodies: IDataObject[], zoneOf: (locationId: string) => Promise<string | undefined>) => Promise<IDataObject>;
	/** The service keeps times to the whole minute (timesheets): compare them so. */
	minuteTimes?: boolean;
	/** Lists compared without their order (a project's employee_ids). */
	sets?: string[];
	/** A field the record may carry under another name too (a timesheet's note or notes). */
	readAs?: Record<string, string[]>;
	/** Created one request each: the API has no batch create (projects). */
	oneByOne?: boolean;
}

type Row = { ready: Ready; id?: string; key?: string };

/**
 * What becomes of each row: created (in batches, as Create Many), changed (only what differs),
 * unchanged (its record as it is), or failed, nothing sent for it; in row order.
 */
export interface UpsertPlan {
	creates: Ready[];
	updates: Ready[];
	unchanged: Map<number, IDataObject>;
	failed: Map<number, Error>;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value as compared: a timestamp as its instant (the same time written with the location's
 * offset or in UTC is the same), to the minute where the service keeps minutes; lists and objects
 * key by key, inside too (a break's start and end).
 */
function normalised(value: unknown, spec: UpsertSpec): unknown {
	if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
		const ms = Date.parse(value);
		return spec.minuteTimes ? Math.floor(ms / 60_000) : ms;
	}
	if (Array.isArray(value)) return value.map((entry) => normalised(entry, spec));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, normalised(entry, spec)]));
	return value === undefined || value === '' ? null : value;
}

function comparable(value: unknown, field: string, spec: UpsertSpec): string {
	const plain = normalised(value, spec);
	if (Array.isArray(plain) && spec.sets?.includes(field)) return stableJson([...plain].map((entry) => stableJson(entry)).sort());
	return stableJson(plain);
}

/** A record's value of `field`, under any of its names. */
function recordValue(record: IDataObject, field: string, spec: UpsertSpec): unknown {
	const names = spec.readAs?.[field] ?? [field];
	const name = names.find((candidate) => candidate in record);
	return name === undefined ? undefined : record[name];
}

/** The fields of `body` whose values differ from the record's; a blank (null) never erases. */
function changedFields(spec: UpsertSpec, body: IDataObject, record: IDataObject): string[] {
	return spec.updatable.filter(
		(field) => field in body && body[field] !== null && comparable(body[field], field, spec) !== comparable(recordValue(record, field, spec), field, spec),
	);
}

/**
 * The fields a change sends: those that changed and, when the start or end moves, the row's breaks
 * too, changed or not: the service plans a shift's breaks afresh from the award when a change moves
 * either (the spec), and would otherwise replace the row's breaks with its own.
 */
function sentFields(spec: UpsertSpec, body: IDataObject, changed: string[]): string[] {
	const moved = changed.includes('start_time') || changed.includes('end_time');
	const keepBreaks = moved && !changed.includes('breaks') && spec.updatable.includes('breaks') && Array.isArray(body.breaks);
	return keepBreaks ? [...changed, 'breaks'] : changed;
}

/** What the steps of one Create or Update plan share. */
interface Upsert {
	ctx: IExecuteFunctions;
	key: Parameters<typeof resource>[0];
	spec: UpsertSpec;
	url: string;
	passThrough: IDataObject;
	/** The fields rows are matched on, and a row's or a record's key over them. */
	matchOn: string[];
	keyOf: (values: IDataObject) => string;
}

/**
 * Create or Update's plan for rows read and checked (a row of `ready` with an `id` gives its
 * record's ID): the records to match read in the fewest requests, then each row sorted.
 */
export async function planUpsert(ctx: IExecuteFunctions, ready: Ready[], spec: UpsertSpec, where: { key: Upsert['key']; url: string; passThrough: IDataObject }): Promise<UpsertPlan> {
	const picked = (ctx.getNodeParameter(`${MAPPER_PARAMETER}.matchingColumns`, 0, []) as string[]).filter((field) => field !== 'id');
	const matchOn = picked.length > 0 ? picked : spec.defaultMatch;
	const keyOf = (values: IDataObject) => stableJson(matchOn.map((field) => comparable(recordValue(values, field, spec), field, spec)));
	const upsert: Upsert = { ctx, ...where, spec, matchOn, keyOf };
	const rows: Row[] = ready.map((entry) => (entry.id === undefined ? { ready: entry, key: keyOf(entry.body) } : { ready: entry, id: entry.id }));
	const { found, byKey, readErrors } = await recordsToMatch(upsert, rows);
	return sortedRows(upsert, rows, found, byKey, readErrors);
}

/** 2. The records to match against: one list over the rows' span, then any ID it did not hold. */
async function recordsToMatch(upsert: Upsert, rows: Row[]) {
	const { ctx, key, spec, url, passThrough, keyOf } = upsert;
	const lead = rows[0]?.ready;
	const found = new Map<string, IDataObject>();
	const byKey = new Map<string, IDataObject[]>();
	const matching = rows.filter((row) => row.key !== undefined);
	if (lead && matching.length > 0) {
		const zoneOf = async (locationId: string) => await knownTimezone(lead.item, locationId);
		const query: IDataObject = { ...(spec.span ? await spec.span(matching.map((row) => row.ready.body), zoneOf) : {}) };
		const records = await listAll(ctx, url, query, {
			subject: subjectOf(key, 'getAll'),
			rangeDays: resource(key).rangeDays,
			maxRateLimitWaitSeconds: lead.item.maxWait,
			passThrough,
		});
		for (const record of records) {
			found.set(String(record.id), record);
			const key = keyOf(record);
			byKey.set(key, [...(byKey.get(key) ?? []), record]);
		}
	}
	const unread = [...new Set(rows.filter((row) => row.id && !found.has(row.id)).map((row) => row.id as string))];
	const readErrors = new Map<string, Error>();
	await inTurn(ctx, unread, async (id) => {
		const reader = rows.find((row) => row.id === id)!.ready;
		try {
			found.set(id, await send(ctx, { method: 'GET', url: `${url}/${id}`, passThrough }, { subject: subjectOf(key, 'get', id), retrySafe: true, maxRateLimitWaitSeconds: reader.item.maxWait }));
		} catch (error) {
			readErrors.set(id, error as Error);
		}
	});
	return { found, byKey, readErrors };
}

/**
 * 3. Each row: new, changed or unchanged. A row that matches two records, or the same record as an
 * earlier row, fails and nothing is sent for it.
 */
function sortedRows(upsert: Upsert, rows: Row[], found: Map<string, IDataObject>, byKey: Map<string, IDataObject[]>, readErrors: Map<string, Error>): UpsertPlan {
	const { ctx, key, spec, matchOn } = upsert;
	const node = ctx.getNode();
	const { singular } = resource(key);
	const plan: UpsertPlan = { creates: [], updates: [], unchanged: new Map(), failed: new Map() };
	const claimed = new Map<string, number>();
	const failRow = (itemIndex: number, message: string, description: string) => plan.failed.set(itemIndex, new NodeOperationError(node, message, { itemIndex, description }));
	for (const row of rows) {
		const { itemIndex, body } = row.ready;
		let record: IDataObject | undefined;
		if (row.id) {
			const error = readErrors.get(row.id);
			if (error) {
				plan.failed.set(itemIndex, error);
				continue;
			}
			record = found.get(row.id);
		} else {
			const matches = byKey.get(row.key!) ?? [];
			if (matches.length > 1) {
				failRow(
					itemIndex,
					`The row matches ${matches.length} ${singular}s: ${matches.map((m) => m.id).join(', ')}`,
					`Nothing was sent for it. Add a field to Fields to Match On (now ${matchOn.join(', ')}) so that a row matches one ${singular}, or give the row the ID of the one to change.`,
				);
				continue;
			}
			record = matches[0];
		}
		const claim = record ? String(record.id) : `new ${row.key}`;
		const earlier = claimed.get(claim);
		if (earlier !== undefined) {
			failRow(
				itemIndex,
				`The row matches the same ${singular} as item ${earlier}`,
				`Nothing was sent for it, so that one ${singular} is not ${record ? 'changed' : 'created'} twice. Remove the repeated row, or add a field to Fields to Match On (now ${matchOn.join(', ')}).`,
			);
			continue;
		}
		claimed.set(claim, itemIndex);
		if (!record) {
			plan.creates.push({ ...row.ready, output: (created) => withAction(created, 'created', []) });
			continue;
		}
		const changed = changedFields(spec, body, record);
		if (changed.length === 0) {
			plan.unchanged.set(itemIndex, withAction(record, 'unchanged', []));
			continue;
		}
		const sent = sentFields(spec, body, changed);
		const before = record;
		plan.updates.push({
			...row.ready,
			id: String(record.id),
			body: Object.fromEntries(sent.map((field) => [field, body[field]])),
			// An answer without the record (answers.ts) shows the record as read, with the changes sent.
			output: (answer) => withAction({ ...(answer.answer_note ? before : {}), ...answer }, 'updated', changed),
		});
	}
	return plan;
}

/**
 * A row's output: what was done first (n8n's table shows the columns in this order), then the
 * fields changed (none for a row created or unchanged, so no cell is empty), then the record.
 */
function withAction(record: IDataObject, action: 'created' | 'updated' | 'unchanged', changed: string[]): IDataObject {
	// Keys keep the place they were first set in: these two come first whatever the record holds.
	return Object.assign({ action, changed_fields: changed }, record, { action, changed_fields: changed });
}
