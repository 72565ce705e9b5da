import type { IDataObject } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { TIMEZONE_FIELDS, timezoneOf } from '../requests/answers';
import { resource, type ResourceKey } from '../resources';
import { CREDENTIAL_TYPE, send } from '../requests/transport';
import { ExecutionCache, executionKey } from '../requests/execution-cache';
import { capitalised, checkId, hasOffset, inputError, toTimestamp, withArticle } from '../input/values';
import type { WriteItem } from './rows';

/**
 * The checks the write nodes' body builders share: ids, times at a location (read once per
 * execution for its time zone), end after start, and the record a change applies to. Each error
 * names the field as the node shows it, before anything is sent.
 */

/** A picker's id from the row, checked: `field` is the name the error gives it ("Location"). */
export function rowId(item: WriteItem, value: unknown, field: string, singular: string): string {
	return checkId(item.node, item.itemIndex, value, field, singular);
}

/** Location time zones, by execution, connection and location (see ExecutionCache). */
const timezones = new ExecutionCache<string>(1000);

/**
 * The IANA time zone of a location (the location record's `timezone`, a field the spec implies
 * but does not show), read once per execution. A location the connection cannot read fails here,
 * naming the field, before anything is created.
 */
export async function locationTimezone(item: WriteItem, locationId: string, field: string): Promise<string> {
	const read = async () =>
		await send(
			item.ctx,
			{ method: 'GET', url: `/v1/locations/${locationId}` },
			{ subject: subjectOf('location', 'get', locationId), retrySafe: true, maxRateLimitWaitSeconds: item.maxWait },
		).then((location) => {
			const timezone = timezoneOf(location);
			if (timezone) return timezone;
			// The spec shows no location field: say what came back, so the fault is plain to see.
			throw Object.assign(
				new Error(`The service's location record has no time zone the node could find (looked for ${TIMEZONE_FIELDS.join(', ')} or any field holding a name such as Australia/Sydney; its fields: ${Object.keys(location).join(', ') || 'none'})`),
				{ noTimezone: true },
			);
		});
	const execution = executionKey(item.ctx, CREDENTIAL_TYPE);
	const pending = execution ? timezones.get(`${execution}|${locationId}`, read) : read();
	try {
		const timezone = await pending;
		return timezone;
	} catch (error) {
		const reason = (error as Error).message;
		const noTimezone = (error as { noTimezone?: boolean }).noTimezone === true;
		const refused = inputError(
			item.node,
			item.itemIndex,
			noTimezone ? `${field}: the service gave no time zone for the location ${locationId}` : `${field}: the location ${locationId} could not be read`,
			noTimezone
				? `${reason}. Local times need the location's time zone: give the times with a UTC offset (for example 2026-11-23T09:00:00+11:00).`
				: `${reason}. Local times need the location's time zone: pick a location this connection can read, or give the times with a UTC offset.`,
		);
		refused.context.httpCode = (error as { httpCode?: string }).httpCode;
		if (noTimezone) refused.context.noTimezone = true;
		throw refused;
	}
}

/**
 * The time zone of a location when an item of this execution has already read it (a row with
 * local times did), else undefined: nothing is sent to find out.
 */
export async function knownTimezone(item: WriteItem, locationId: string): Promise<string | undefined> {
	const execution = executionKey(item.ctx, CREDENTIAL_TYPE);
	const pending = execution ? timezones.peek(`${execution}|${locationId}`) : undefined;
	return (await pending?.catch(() => undefined)) || undefined;
}

/**
 * Reads the location of a new record once its other checks are done, which proves it exists before
 * anything is created. A connection allowed to create but not to read locations (one granted only
 * on-demand permissions, say) cannot check this; the service then checks it on create.
 *
 * Create Many and Create or Update leave it to the service, which checks every item's location and
 * names the item in its refusal: a batch whose times carry offsets then costs exactly its batch
 * requests. (With local times the location is read anyway, for its time zone.)
 */
export async function confirmLocation(item: WriteItem, timezone: () => Promise<string>): Promise<void> {
	if (['createMany', 'upsert'].includes(item.operation)) return;
	await timezone().catch((error: { context?: IDataObject }) => {
		// Times with offsets need no time zone: the location was read, so it exists.
		if (error.context?.httpCode !== '403' && !error.context?.noTimezone) return Promise.reject(error);
		return undefined;
	});
}

/** A start or end time for the API: an offset as given, or local time at the location. */
export async function timestampAt(item: WriteItem, value: unknown, field: string, timezone: () => Promise<string>): Promise<string> {
	const { node, itemIndex } = item;
	if (hasOffset(value)) return toTimestamp(node, itemIndex, value, field);
	// Checked as text first, so that a value that is not a time fails before any lookup is sent.
	toTimestamp(node, itemIndex, value, field, 'UTC');
	return toTimestamp(node, itemIndex, value, field, await timezone());
}

/** End must come after start; an overnight record ends on the next day. */
export function checkEndAfterStart(item: WriteItem, start: string, end: string, singular: string): void {
	if (Date.parse(end) <= Date.parse(start)) {
		throw inputError(
			item.node,
			item.itemIndex,
			`End Time (${end}) is not after Start Time (${start})`,
			`${capitalised(withArticle(singular))} must end after it starts. For an overnight ${singular}, give the end on the next day.`,
		);
	}
}

/**
 * Start Time and End Time of a new record at a location, for the API: checked as text first,
 * local times read at the location, end after start (or the node's own `check`). The caller awaits
 * `timezone()` once its own checks are done too: reading the location proves it exists before
 * anything is created, and checks that need no request come first.
 */
export async function startAndEndAt(
	item: WriteItem,
	times: { start: unknown; end: unknown },
	locationId: string,
	singular: string,
	check: (start: string, end: string) => void = (start, end) => checkEndAfterStart(item, start, end, singular),
): Promise<{ start: string; end: string; timezone: () => Promise<string> }> {
	const timezone = async () => await locationTimezone(item, locationId, 'Location');
	const start = await timestampAt(item, times.start ?? '', 'Start Time', timezone);
	const end = await timestampAt(item, times.end ?? '', 'End Time', timezone);
	check(start, end);
	return { start, end, timezone };
}

/**
 * The record a change applies to, read at most once and only when the change needs it: for its
 * location's time zone (a local time) or its current values (to check a new start or end).
 */
export function recordBeingChanged(item: WriteItem, key: ResourceKey, id: string, field: string) {
	let pending: Promise<IDataObject> | undefined;
	const record = async () =>
		await (pending ??= send(
			item.ctx,
			{ method: 'GET', url: `/v1/${resource(key).path}/${id}` },
			{ subject: subjectOf(key, 'get', id), retrySafe: true, maxRateLimitWaitSeconds: item.maxWait },
		));
	return {
		record,
		wasRead: () => pending !== undefined,
		/** Its location (read), where a position given by name is looked for (writes/names.ts). */
		locationId: async () => String((await record()).location_id),
		timezone: async () => await locationTimezone(item, String((await record()).location_id), field),
	};
}
