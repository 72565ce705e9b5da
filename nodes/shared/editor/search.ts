import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { resource, type ResourceKey } from '../resources';
import { nextCursor, pageRecords, recordName, timezoneOf } from '../requests/answers';
import { employeeName } from './names';
import { send } from '../requests/transport';
import { dayOf, ID_PATTERN } from '../input/values';

/**
 * The list-search methods behind the pickers. The API has no text search, so a typed filter is
 * matched here against names (and ids), reading pages until a screenful matches or the list ends.
 */

const PAGE = 200;
/** Pages read for one filtered search before handing back a "load more" token. */
const PAGES_PER_SEARCH = 5;

async function search(
	ctx: ILoadOptionsFunctions,
	key: ResourceKey,
	query: IDataObject,
	label: (record: IDataObject) => string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const spec = resource(key);
	const needle = filter?.trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	let after = paginationToken;
	for (let page = 0; page < PAGES_PER_SEARCH; page++) {
		const body = await send(
			ctx,
			{ method: 'GET', url: `/v1/${spec.path}`, qs: { ...query, limit: PAGE, ...(after ? { after } : {}) } },
			{ subject: { singular: spec.singular, permission: spec.read.join(' or ') }, retrySafe: true },
		);
		for (const record of pageRecords(body)) {
			const name = label(record);
			if (!needle || name.toLowerCase().includes(needle) || String(record.id) === needle) {
				results.push({ name, value: String(record.id) });
			}
		}
		const next = nextCursor(body);
		after = typeof next === 'string' ? next : undefined;
		if (!after || !needle || results.length >= 20) break;
	}
	return { results, paginationToken: after };
}

/** A list-search method, as n8n calls it: `this` is the editor's context. */
type ListSearch = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

/**
 * A picker's search of `key`'s list, each record shown as `label` says. `query` is made at each
 * search, so that dates count from the day the picker is opened and a location chosen narrows it.
 */
function searchOf(key: ResourceKey, label: (record: IDataObject) => string, query: (ctx: ILoadOptionsFunctions) => IDataObject = () => ({})): ListSearch {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return await search(this, key, query(this), label, filter, paginationToken);
	};
}

/**
 * The id chosen in another picker of the node (top level, or inside Filters), if any. Read without
 * extractValue: n8n-core 2.40.3 throws "Could not find property" for extractValue on a parameter
 * the current operation does not show.
 */
function currentId(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	for (const path of [name, `filters.${name}`]) {
		let value: unknown;
		try {
			value = ctx.getCurrentNodeParameter(path);
		} catch {
			continue;
		}
		const id = value && typeof value === 'object' ? (value as IDataObject).value : value;
		if (typeof id === 'string' && ID_PATTERN.test(id)) return id;
	}
	return undefined;
}

const searchLocations = searchOf('location', (l) => `${recordName(l) ?? String(l.id)} (${timezoneOf(l) ?? 'time zone not shown'})`);

/** Positions of the location chosen in the node, when one is chosen. */
async function searchPositions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const locationId = currentId(this, 'locationId');
	// Position names repeat across locations: without a chosen location, each says where it is.
	const names = locationId ? new Map<string, string>() : await locationNames(this);
	return await search(
		this,
		'position',
		locationId ? { location_id: locationId } : {},
		(p) =>
			`${recordName(p) ?? String(p.id)}${names.has(String(p.location_id)) ? ` · ${names.get(String(p.location_id))}` : ''}${p.active === false ? ' (inactive)' : ''}`,
		filter,
		paginationToken,
	);
}

const searchEmployees = searchOf('employee', (e) => employeeName(e) ?? `employee ${String(e.id).slice(-6)}`);

/** Shifts from yesterday to four weeks ahead, labelled with their local times as the API gives them. */
const searchShifts = searchOf(
	'shift',
	(s) => `${String(s.start_time).slice(0, 16).replace('T', ' ')}–${String(s.end_time).slice(11, 16)} · ${s.employee_id ? `employee ${String(s.employee_id).slice(-6)}` : 'open shift'} · ${s.status}`,
	(ctx) => {
		const locationId = currentId(ctx, 'locationId');
		return { ...around(1, 28), ...(locationId ? { location_id: locationId } : {}) };
	},
);

/** Projects, active first as the service lists them, with their codes. */
const searchProjects = searchOf('project', (p) => `${p.name} (${p.code})`);

/** A label for a record that runs from start_time to end_time: "2026-11-23 09:00–17:00 · status". */
function timedLabel(record: IDataObject): string {
	const end = record.end_time ? String(record.end_time).slice(11, 16) : 'open';
	return `${String(record.start_time).slice(0, 16).replace('T', ' ')}–${end} · ${record.status}`;
}

/** Dates from `daysBack` days ago to `daysAhead` days ahead, for pickers of dated records. */
function around(daysBack: number, daysAhead: number): IDataObject {
	const day = 86_400_000;
	return {
		from: dayOf(Date.now() - daysBack * day),
		to: dayOf(Date.now() + daysAhead * day),
	};
}

/** Timesheets of the last four weeks. */
const searchTimesheets = searchOf('timesheet', timedLabel, () => around(28, 1));

/** On-demand shifts from a week ago to four weeks ahead. */
const searchOnDemandShifts = searchOf('onDemandShift', timedLabel, () => around(7, 28));

/** Employments, labelled by basis and start date; archived ones are people who left. */
const searchEmployments = searchOf(
	'employment',
	(e) => `${String(e.employment_basis)} since ${e.start_date ?? 'unknown'} · employee ${String(e.employee_id).slice(-6)}${e.archived ? ' (left)' : ''}`,
	() => ({ include_archived: true }),
);

/** Shift swaps, labelled by their answer and when they were asked. */
const searchShiftSwaps = searchOf('shiftSwap', (w) => `${String(w.requested_at).slice(0, 16).replace('T', ' ')} · shift ${String(w.shift_id).slice(-6)} · ${w.status}`);

/** Location names by id, archived included, for labels of records that name only their location. */
async function locationNames(ctx: ILoadOptionsFunctions): Promise<Map<string, string>> {
	const locations = await send(
		ctx,
		{ method: 'GET', url: '/v1/locations', qs: { limit: PAGE, include_archived: true } },
		{ subject: { singular: 'location', permission: resource('location').read.join(' or ') }, retrySafe: true },
	);
	return new Map(pageRecords(locations).map((l) => [String(l.id), recordName(l) ?? String(l.id)]));
}

/** Rosters from four weeks back to eight ahead: "Week of 2026-11-23 · Circular Quay Café · 35 shifts". */
async function searchRosters(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const names = await locationNames(this).catch(() => new Map<string, string>());
	return await search(
		this,
		'roster',
		around(28, 56),
		(r) =>
			`Week of ${r.week_start_date} · ${names.get(String(r.location_id)) ?? `location ${String(r.location_id).slice(-6)}`} · ${r.shift_count} shifts${r.published ? '' : ' (not published)'}`,
		filter,
		paginationToken,
	);
}

/** Leave requests from a month back to two months ahead (the list takes at most 92 days). */
const searchLeaveRequests = searchOf(
	'leaveRequest',
	(l) => `${l.start_date}–${l.end_date} · ${l.status} · employee ${String(l.employee_id).slice(-6)}`,
	() => around(30, 60),
);

const searchLeaveTypes = searchOf('leaveType', (t) => `${t.name}${t.paid === false && !/unpaid/i.test(String(t.name)) ? ' (unpaid)' : ''}`);

const searchAwards = searchOf('award', (a) => `${a.name} (${a.code})`);

export const listSearch = {
	searchAwards,
	searchLeaveRequests,
	searchLeaveTypes,
	searchRosters,
	searchEmployments,
	searchShiftSwaps,
	searchEmployees,
	searchLocations,
	searchOnDemandShifts,
	searchPositions,
	searchProjects,
	searchShifts,
	searchTimesheets,
};
