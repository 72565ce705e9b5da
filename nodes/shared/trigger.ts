import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { changedAt, startState, takeChanges, windowStart, type ChangeEvent, type ChangeState } from './changes';
import { addNamesOption, maxRateLimitWaitOption, triggerFilters } from './fields';
import { keepPollState } from './n8n-internals';
import { addNames, NAMED_RESOURCES } from './names';
import { maxRateLimitWait, subjectOf } from './params';
import { RESOURCES, resource, type ResourceKey } from './resources';
import { listAll, send } from './transport';
import { checkId, inputError, stableJson, toTimestamp } from './values';

/**
 * What every Rostering trigger shares: its parameters and its poll. Each watchable resource has a
 * trigger of its own (Rostering<Group>Trigger, named so n8n's nodes panel pairs it with the
 * resource's action node), and RosteringTrigger, hidden from the panel, keeps the workflows saved
 * with its Resource selector running. Both poll the same way, from here.
 */

/** The lists a trigger can watch: every one that takes updated_since (who's on now does not). */
export const WATCHABLE = (Object.keys(RESOURCES) as ResourceKey[]).filter((key) =>
	(RESOURCES[key].listParameters as string[]).includes('updated_since'),
);

export function title(key: ResourceKey): string {
	return resource(key).singular.replace(/(^|[\s-])\w/g, (c) => c.toUpperCase());
}

/** The id and status filters the user set, as the query parameters the endpoint takes. */
function filterQuery(ctx: IPollFunctions, key: ResourceKey): IDataObject {
	// Read whole, without extractValue: several Filters collections (one per resource) share the name.
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const query: IDataObject = {};
	const ids: Array<[string, string, string, string]> = [
		['locationId', 'location_id', 'Location', 'location'],
		['employeeId', 'employee_id', 'Employee', 'employee'],
		['shiftId', 'shift_id', 'Shift', 'shift'],
		['leaveTypeId', 'type_id', 'Leave Type', 'leave type'],
	];
	for (const [name, parameter, field, singular] of ids) {
		const picked = filters[name];
		const value = picked && typeof picked === 'object' ? (picked as IDataObject).value : picked;
		if (value === undefined || value === '') continue;
		query[parameter] = checkId(ctx.getNode(), 0, value, `Filters › ${field}`, singular);
	}
	if (typeof filters.status === 'string' && filters.status !== '') query.status = filters.status;
	// Removals are archived records, which lists show only when asked.
	if ((resource(key).listParameters as string[]).includes('include_archived')) query.include_archived = true;
	return query;
}

/** Fetch Test Event: classify a record without the trigger's memory. */
function eventOnItsOwn(record: IDataObject): ChangeEvent {
	if (record.archived === true) return 'removed';
	return record.created_at === record.updated_at ? 'created' : 'updated';
}

/**
 * The items of a poll. With Options › Add Names, the records get their names (one list read per
 * kind for the whole poll) only here, after the changes were told apart on the records as the
 * service sent them, so the trigger's memory never holds a name.
 */
async function outputOf(ctx: IPollFunctions, key: ResourceKey, changes: Array<{ event: ChangeEvent; record: IDataObject }>): Promise<INodeExecutionData[][]> {
	const named = ctx.getNodeParameter('options.addNames', false) === true;
	const records = named ? await addNames(ctx, changes.map((change) => change.record)) : changes.map((change) => change.record);
	return [changes.map(({ event }, i) => ({ json: { event, resource: key, record: records[i] } }))];
}

/**
 * The canvas subtitle of a trigger: the events it starts on. A string literal in each node (n8n's
 * lint only accepts one written in place); test/unit/invariants.test.ts checks each carries this.
 */
export const TRIGGER_SUBTITLE =
	'={{ ($parameter["events"] || []).length >= 3 ? "On any change" : "On " + ($parameter["events"] || []).join(" or ") }}';

/**
 * The parameters of a trigger: for one resource (`key`), or, for RosteringTrigger, for the resource
 * its selector names (`key` undefined: one Filters collection per resource, shown by the selector).
 */
export function triggerProperties(key?: ResourceKey): INodeProperties[] {
	const filters = key
		? [triggerFilters(key)].map((filters) => {
				const own = { ...filters };
				delete own.displayOptions;
				return own;
			})
		: WATCHABLE.map((watched) => triggerFilters(watched));
	return [
		{
			displayName: `Each change comes out once, as an item with the event (created, updated or removed) and the record as it is now. A record changed several times between two polls comes out once, in its latest state.${
				key && !resource(key).shown ? ' The API documentation does not show this list, so the address polled is inferred.' : ''
			}`,
			name: 'notice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			required: true,
			options: [
				{ name: 'Created', value: 'created', description: 'A record created since the last poll' },
				{ name: 'Removed', value: 'removed', description: 'A record deleted or archived (lists that have no archived records never show this)' },
				{ name: 'Updated', value: 'updated', description: 'Any other change to a record' },
			],
			default: ['created', 'updated', 'removed'],
			description: 'Which changes start the workflow; all three means any change',
		},
		{
			displayName: 'Start',
			name: 'start',
			type: 'options',
			options: [
				{ name: 'From Activation', value: 'now', description: "Only changes made after the trigger's first poll, which n8n runs as it activates the workflow (with n8n's durable poll cursors on: its first scheduled poll)" },
				{ name: 'Since a Date', value: 'since', description: 'Also the changes made since a date, delivered at the first poll' },
			],
			default: 'now',
		},
		{
			displayName: 'Pick Up Changes Since',
			name: 'since',
			type: 'dateTime',
			required: true,
			default: '',
			displayOptions: { show: { start: ['since'] } },
			description: "The first poll delivers every change from this moment on. Without an offset it is read in the workflow's time zone.",
		},
		...filters.filter((p) => (p.options ?? []).length > 0),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				// On a resource's own trigger when its records carry such ids; on the generic one, shown by its selector.
				...(key
					? NAMED_RESOURCES.includes(key)
						? [addNamesOption()]
						: []
					: [addNamesOption({ show: { '/resource': NAMED_RESOURCES.filter((named) => WATCHABLE.includes(named)) } })]),
				maxRateLimitWaitOption('a longer wait fails the poll, and the next poll delivers what this one could not'),
			],
		},
	];
}

/** One poll of a trigger on `key`: the changes since the last poll, each once (README, Trigger). */
export async function pollChanges(ctx: IPollFunctions, key: ResourceKey): Promise<INodeExecutionData[][] | null> {
	const spec = resource(key);
	if (!WATCHABLE.includes(key)) {
		throw inputError(ctx.getNode(), 0, `Resource: "${String(key)}" cannot be watched`, 'Choose one of the resources in the list.');
	}
	const events = ctx.getNodeParameter('events', []) as ChangeEvent[];
	if (events.length === 0) {
		throw inputError(ctx.getNode(), 0, 'Events is empty', 'Choose at least one of Created, Updated and Removed.');
	}
	const query = filterQuery(ctx, key);
	const maxRateLimitWaitSeconds = maxRateLimitWait(ctx);
	const subject = subjectOf(key, 'getAll');
	const changedSince = async (from: number, onServiceTime?: (ms: number | undefined) => void) =>
		await listAll(ctx, `/v1/${spec.path}`, { ...query, updated_since: new Date(from).toISOString() }, {
			subject,
			maxRateLimitWaitSeconds,
			keepRepeats: true,
			onServiceTime,
		});

	if (ctx.getMode() === 'manual') {
		// Fetch Test Event: the latest matching change, read without touching the saved position,
		// looking back ten minutes first and further only when that finds nothing.
		for (const minutes of [10, 24 * 60, 30 * 24 * 60, 365 * 24 * 60]) {
			const records = await changedSince(Date.now() - minutes * 60_000);
			const matching = records
				.map((record) => ({ event: eventOnItsOwn(record), record }))
				.filter((change) => events.includes(change.event))
				.sort((a, b) => changedAt(b.record) - changedAt(a.record) || String(b.record.id).localeCompare(String(a.record.id)));
			if (matching.length > 0) return await outputOf(ctx, key, matching.slice(0, 1));
		}
		throw new NodeOperationError(ctx.getNode(), `No ${spec.singular} changed in the last year matches the trigger's settings`, {
			description: 'Change a record in the service (or widen the Events and Filters), then fetch again.',
		});
	}

	const start = ctx.getNodeParameter('start', 'now') as string;
	const since =
		start === 'since'
			? Date.parse(toTimestamp(ctx.getNode(), 0, ctx.getNodeParameter('since', ''), 'Pick Up Changes Since', ctx.getTimezone()))
			: undefined;
	// The position belongs to these settings: changing the resource, a filter or the start begins afresh.
	const config = stableJson({ key, query, start, since: since ?? null });
	const staticData = ctx.getWorkflowStaticData('node');
	let state = staticData.state as ChangeState | undefined;
	if (!state || state.config !== config) {
		if (since === undefined) {
			// From activation: the service's clock now is where changes start; nothing to deliver yet.
			let now: number | undefined;
			await send(
				ctx,
				{ method: 'GET', url: `/v1/${spec.path}`, qs: { ...query, limit: 1 } },
				{ subject, retrySafe: true, maxRateLimitWaitSeconds, onServiceTime: (ms) => (now = ms) },
			);
			// A service that sends no Date header leaves only n8n's clock to start from.
			keepPollState(staticData, startState(config, now ?? Date.now()) as unknown as IDataObject);
			return null;
		}
		state = startState(config, since);
	}

	let serviceTime: number | undefined;
	const records = await changedSince(windowStart(state), (ms) => (serviceTime = ms));
	const { changes, next } = takeChanges(records, state, serviceTime);
	const wanted = changes.filter((change) => events.includes(change.event));
	// The items first (names may need reads that can fail), then the position: a poll that fails
	// part-way moves nothing, and the position is saved with the changes it delivers (A6).
	const output = wanted.length > 0 ? await outputOf(ctx, key, wanted) : null;
	keepPollState(staticData, next as unknown as IDataObject);
	return output;
}
