import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../requests/errors';
import { beforeOf, changedAt, learn, startState, takeChanges, windowStart, type Change, type ChangeEvent, type TriggerState } from './changes';
import { addNamesOption, collection, maxRateLimitWaitOption, triggerFilters } from '../editor/fields';
import { keepPollState } from '../n8n-internals';
import { addNames, NAMED_FIELDS, NAMED_RESOURCES } from '../editor/names';
import { maxRateLimitWait } from '../input/params';
import { RESOURCES, resource, type ResourceKey } from '../resources';
import { listAll, send, startPoll } from '../requests/transport';
import { checkId, dayOf, inputError, stableJson, titleCase, toTimestamp } from '../input/values';
import { DELIVERED_NOTE, exampleItems, lastDeliveredNote, NOT_SEEN_NOTE } from './test-examples';
import { DERIVED_EVENTS, diff, fieldsOf, KEPT_FIELDS, MAX_REMEMBERED, recall, type TriggerItem } from './what-changed';
import { claimPosition } from './side-by-side';
import type { ExtensionPoll, PollFound, TriggerExtension } from './extension';

/**
 * What every Rostering trigger shares: its parameters and its poll. Each watchable resource has a
 * trigger of its own (Rostering<Group>Trigger, named so n8n's nodes panel pairs it with the
 * resource's action node), and RosteringTrigger, hidden from the panel, keeps the workflows saved
 * with its Resource selector running. Both poll the same way, from here. A trigger's events of its
 * own (the Shift trigger's No Clock-In, the Timesheet trigger's attendance events) come from its
 * node's folder, as a TriggerExtension (extension.ts) the node passes in; none is named here.
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
 * The items a change gives: its own event (created, updated, removed) when chosen, and each derived
 * event chosen that it makes happen (what-changed.ts), told from what the record was before.
 * `watch`: with Watch Fields, an update comes out only when one of them changed (or when what
 * changed cannot be told).
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export function itemsOf(key: ResourceKey, change: Change, events: string[], watch: string[], fields: string[]): TriggerItem[] {
	const { record, before } = change;
	const known = before !== undefined;
	const changes = before ? diff(fields, before, record) : {};
	const items: TriggerItem[] = [];
	const watched = watch.length === 0 || !known || watch.some((field) => field in changes);
	if (events.includes(change.event) && (change.event !== 'updated' || watched)) items.push({ event: change.event, record, changes, known });
	if (!known) return items;
	for (const derived of DERIVED_EVENTS[key] ?? []) {
		if (events.includes(derived.value) && derived.happened(record, before)) items.push({ event: derived.value, record, changes, known });
	}
	return items;
}

/**
 * The items of a poll. With Options › Add Names, the records get their names (one list read per
 * kind for the whole poll) only here, after the changes were told apart on the records as the
 * service sent them, so the trigger's memory never holds a name. A changed id gets the names too,
 * before and after (`from_name`, `to_name`): who left a shift that became open, say.
 */
async function outputOf(ctx: IPollFunctions, key: ResourceKey, items: TriggerItem[]): Promise<INodeExecutionData[][]> {
	const named = ctx.getNodeParameter('options.addNames', false) === true;
	let records = items.map((item) => item.record);
	let changes = items.map((item) => item.changes);
	if (named) {
		// The ids each change had before, as records of their own, named in the same list reads.
		const before = changes.map((itemChanges) => Object.fromEntries(Object.entries(itemChanges).filter(([field, change]) => NAMED_IDS.has(field) && change.from !== undefined).map(([field, change]) => [field, change.from ?? null])) as IDataObject);
		const namedAll = await addNames(ctx, [...records, ...before]);
		records = namedAll.slice(0, items.length);
		changes = changes.map((itemChanges, i) => withChangedNames(itemChanges, namedAll[items.length + i], records[i]));
	}
	return [
		items.map(({ event, known, extra, testNote }, i) => ({
			json: {
				...(testNote ? { test_event_note: testNote } : {}),
				event,
				resource: key,
				record: records[i],
				changes: changes[i],
				changed_fields: Object.keys(changes[i]),
				changes_known: known,
				...extra,
			},
		})),
	];
}

const NAMED_IDS = new Map(NAMED_FIELDS.map((field) => [field.id, field.name]));

/** Each changed id's change with the names before and after it, from the named records. */
function withChangedNames(changes: TriggerItem['changes'], before: IDataObject, after: IDataObject): TriggerItem['changes'] {
	const out: TriggerItem['changes'] = {};
	for (const [field, change] of Object.entries(changes)) {
		const name = NAMED_IDS.get(field);
		out[field] = name && change.from !== undefined ? { ...change, from_name: before[name] ?? null, to_name: after[name] ?? null } : change;
	}
	return out;
}

/**
 * The canvas subtitle of a trigger: the events it starts on. A string literal in each node (n8n's
 * lint only accepts one written in place); test/unit/invariants.test.ts checks each carries this.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const TRIGGER_SUBTITLE =
	'={{ ($parameter["events"] || []).slice().sort().join() === "created,removed,updated" ? "On any change" : "On " + ($parameter["events"] || []).join(" or ").replace(/_/g, " ") }}';

/**
 * The parameters of a trigger: for one resource (`key`), or, for RosteringTrigger, for the resource
 * its selector names (`key` undefined: one Filters collection per resource, shown by the selector).
 * `extension`: the trigger's own events, with their parameters after Events.
 */
export function triggerProperties(key?: ResourceKey, extension?: TriggerExtension): INodeProperties[] {
	const filters = key
		? [triggerFilters(key)].map((filters) => {
				const own = { ...filters };
				delete own.displayOptions;
				return own;
			})
		: WATCHABLE.map((watched) => triggerFilters(watched));
	return [
		{
			displayName: `Each change comes out once, as an item with the event, the record as it is now, and what changed (each changed field's previous and new value). A record changed several times between two polls comes out once, in its latest state.${
				key && !resource(key).shown ? " The service's documentation does not give this list's address, so the trigger polls the likeliest one." : ''
			}`,
			name: 'notice',
			type: 'notice',
			default: '',
		},
		...eventProperties(key, extension),
		...START_PROPERTIES,
		...filters.filter((p) => (p.options ?? []).length > 0),
		triggerOptions(key),
	];
}

/**
 * Events, then the parameters of the trigger's own events (`extension`). A resource's own trigger
 * also offers the events derived from what changed.
 */
function eventProperties(key?: ResourceKey, extension?: TriggerExtension): INodeProperties[] {
	const derived = key ? (DERIVED_EVENTS[key] ?? []) : [];
	const events: INodeProperties = {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [
			{ name: 'Created', value: 'created', description: 'A record created since the last poll' },
			{ name: 'Removed', value: 'removed', description: 'A record deleted or archived (lists that have no archived records never show this)' },
			{ name: 'Updated', value: 'updated', description: 'Any other change to a record' },
			...derived.map(({ name, value, description }) => ({ name, value, description })),
			...(extension?.events ?? []),
		].sort((a, b) => a.name.localeCompare(b.name)),
		default: ['created', 'updated', 'removed'],
		description: 'Which changes start the workflow; Created, Updated and Removed together mean any change',
	};
	return [events, ...(extension?.properties ?? [])];
}

/** Where the trigger starts: from activation, or since a date. */
const START_PROPERTIES: INodeProperties[] = [
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
];

/** Options: Add Names where the records carry such ids, Max Rate-Limit Wait, Say What Changed, and Watch Fields on a resource's own trigger. */
function triggerOptions(key?: ResourceKey): INodeProperties {
	const kept = key ? KEPT_FIELDS[key] : undefined;
	// On a resource's own trigger when its records carry such ids; on the generic one, shown by its selector.
	const addNames = key
		? NAMED_RESOURCES.includes(key)
			? [addNamesOption()]
			: []
		: [addNamesOption({ show: { '/resource': NAMED_RESOURCES.filter((named) => WATCHABLE.includes(named)) } })];
	const watchFields: INodeProperties[] = kept
		? [
				{
					displayName: 'Watch Fields',
					name: 'watchFields',
					type: 'multiOptions',
					options: kept
						.filter((field) => field !== 'archived')
						.map((field) => ({ name: fieldName(field), value: field }))
						.sort((a, b) => a.name.localeCompare(b.name)),
					default: [],
					description:
						'Updated comes out only when one of these fields changed (or when the trigger had not seen the record before, so cannot tell). Empty: any change. The other events are not affected.',
				},
			]
		: [];
	return collection('options', [
		...addNames,
		maxRateLimitWaitOption('a longer wait fails the poll, and the next poll delivers what this one could not'),
		{
			displayName: 'Say What Changed',
			name: 'sayWhatChanged',
			type: 'boolean',
			default: true,
			description: `Whether each update says which fields changed, with their previous values. The trigger then remembers up to ${MAX_REMEMBERED.toLocaleString('en')} records in the workflow's static data (up to about 460 bytes a shift: 4.6 MB for 10,000), learning the records in use when the workflow is published. Off: nothing is remembered, updates say changes_known false, and the events that need the previous values (and No Clock-In) do not come out.`,
		},
		...watchFields,
	]);
}

/** "start_time" → "Start Time", "employee_ids" → "Employee IDs". */
function fieldName(field: string): string {
	return titleCase(field.replace(/_ids$/, '_IDs').replace(/_id$/, '_ID'));
}

/**
 * The days around today whose records a trigger learns at publishing, for the lists read by date
 * (the others: every record, up to MAX_REMEMBERED): what people change is the shifts to come, the
 * timesheets just worked, the leave around now and the leave booked ahead (people ask months ahead,
 * and Decided is told only of a request the trigger knew as pending: a year ahead, a few requests).
 */
const LEARNED_DAYS: Partial<Record<ResourceKey, [number, number]>> = {
	shift: [-1, 27],
	timesheet: [-13, 1],
	onDemandShift: [-1, 27],
	leaveRequest: [-31, 365],
	availability: [-1, 27],
	leaveBlackoutPeriod: [-31, 60],
};

/**
 * The lists whose archived records a trigger also learns at publishing: those where an event needs
 * to know a record was archived. A project is archived by its status and brought back into use
 * (Unarchived, told from its previous status), so one archived before publishing must be known
 * when it comes back. The same read asks for them (include_archived), so it costs no request more.
 * The other lists' archived records are left out: no event starts from one, and they would fill
 * the memory (and its pages) with records nobody changes.
 */
const LEARNS_ARCHIVED: ResourceKey[] = ['project'];

/**
 * The records in use now, whose values the trigger learns at publishing: those not archived, and
 * for LEARNS_ARCHIVED the archived ones too.
 */
async function recordsInUse(ctx: IPollFunctions, key: ResourceKey, query: IDataObject, now: number, maxRateLimitWaitSeconds: number): Promise<IDataObject[]> {
	const spec = resource(key);
	const qs: IDataObject = { ...query };
	if (!LEARNS_ARCHIVED.includes(key)) delete qs.include_archived;
	const days = LEARNED_DAYS[key];
	if (days && (spec.listParameters as string[]).includes('from')) {
		qs.from = dayOf(now + days[0] * 86_400_000);
		qs.to = dayOf(now + days[1] * 86_400_000);
	}
	return await listAll(ctx, `/v1/${spec.path}`, qs, { subject: subjectOf(key, 'getAll'), limit: MAX_REMEMBERED, rangeDays: spec.rangeDays, maxRateLimitWaitSeconds });
}

/**
 * A trigger's own events at one poll: the extension, and its settings (present only when Events
 * chooses one of them, checked by the extension).
 */
interface Extra {
	extension: TriggerExtension;
	settings: unknown;
}

/** The events chosen and what they need, checked: Events not empty, and the trigger's own events' settings (extension.ts). */
function chosen(ctx: IPollFunctions, extension: TriggerExtension | undefined) {
	const events = ctx.getNodeParameter('events', []) as string[];
	if (events.length === 0) {
		throw inputError(ctx.getNode(), 0, 'Events is empty', 'Choose at least one of Created, Updated and Removed, or another event in the list.');
	}
	const watch = (ctx.getNodeParameter('options.watchFields', []) as string[]) ?? [];
	const remembering = ctx.getNodeParameter('options.sayWhatChanged', true) !== false;
	const settings = extension?.settings(ctx, events, remembering);
	const extra: Extra | undefined = extension && settings !== undefined ? { extension, settings } : undefined;
	return { events, watch, remembering, extra };
}

/**
 * One poll of a trigger on `key`: the changes since the last poll, each once (README, Trigger).
 * `extension`: the trigger's own events (extension.ts), as its node declares them.
 */
export async function pollChanges(ctx: IPollFunctions, key: ResourceKey, extension?: TriggerExtension): Promise<INodeExecutionData[][] | null> {
	startPoll(ctx);
	const spec = resource(key);
	if (!WATCHABLE.includes(key)) {
		throw inputError(ctx.getNode(), 0, `Resource: "${String(key)}" cannot be watched`, 'Choose one of the resources in the list.');
	}
	const { events, watch, remembering, extra } = chosen(ctx, extension);
	const query = filterQuery(ctx, key);
	const maxRateLimitWaitSeconds = maxRateLimitWait(ctx);
	const subject = subjectOf(key, 'getAll');
	const changedSince = async (from: number, onServiceTime?: (ms: number | undefined) => void, onPage?: (records: IDataObject[]) => void) =>
		await listAll(ctx, `/v1/${spec.path}`, { ...query, updated_since: new Date(from).toISOString() }, {
			subject,
			maxRateLimitWaitSeconds,
			keepRepeats: true,
			onServiceTime,
			onPage,
		});
	const staticData = ctx.getWorkflowStaticData('node');
	const start = ctx.getNodeParameter('start', 'now') as string;
	const since =
		start === 'since'
			? Date.parse(toTimestamp(ctx.getNode(), 0, ctx.getNodeParameter('since', ''), 'Pick Up Changes Since', ctx.getTimezone()))
			: undefined;
	// The position belongs to these settings: changing the resource, a filter or the start begins afresh.
	const config = stableJson({ key, query, start, since: since ?? null });
	let state = staticData.state as TriggerState | undefined;

	if (ctx.getMode() === 'manual') {
		const delivered = state?.config === config ? lastDelivered(state, events) : [];
		if (delivered.length > 0) return [delivered.map(({ at, json }) => ({ json: { test_event_note: deliveredNote(ctx, at, json), ...json } }))];
		const saved = remembering ? state : undefined;
		if (extra) {
			const told = await extra.extension.testEvent(ctx, extra.settings, { changedSince, query, maxRateLimitWaitSeconds });
			if (told.length > 0) return await outputOf(ctx, key, firstOfEach(told));
		}
		return await testEvent(ctx, key, { events, watch, remembering }, changedSince, saved);
	}

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
			const fresh = startState(config, now ?? Date.now());
			keepPollState(staticData, (remembering ? learn(fresh, await recordsInUse(ctx, key, query, fresh.cursor, maxRateLimitWaitSeconds), key) : fresh) as unknown as IDataObject);
			return null;
		}
		state = startState(config, since);
	}
	const finish = claimPosition(ctx, state);
	let output: INodeExecutionData[][] | null = null;
	try {
		output = await pollFrom(ctx, key, state, { events, watch, remembering, extra, query, maxRateLimitWaitSeconds, changedSince });
	} finally {
		finish(output !== null);
	}
	return output;
}

/** A poll from `state`: the changes since, each once, and the state saved with them. */
async function pollFrom(
	ctx: IPollFunctions,
	key: ResourceKey,
	state: TriggerState,
	o: {
		events: string[];
		watch: string[];
		remembering: boolean;
		extra?: Extra;
		query: IDataObject;
		maxRateLimitWaitSeconds: number;
		changedSince: (from: number, onServiceTime?: (ms: number | undefined) => void, onPage?: (records: IDataObject[]) => void) => Promise<IDataObject[]>;
	},
): Promise<INodeExecutionData[][] | null> {
	const { events, watch, remembering, extra, query, maxRateLimitWaitSeconds, changedSince } = o;
	const staticData = ctx.getWorkflowStaticData('node');
	const deliveries = state.deliveries ?? 0;
	let serviceTime: number | undefined;
	// The trigger's own events begin before the listing: they may look at each page as it comes.
	const own = extra ? { stateKey: extra.extension.stateKey, poll: extra.extension.begin(ctx, extra.settings, { state, query, maxRateLimitWaitSeconds }) } : undefined;
	const records = await changedSince(windowStart(state), (ms) => (serviceTime = ms), own?.poll.see);
	// A state with no memory (Since a Date's first poll, or one saved before the trigger remembered
	// records) learns the records in use, as at publishing: what they were before the window.
	if (remembering && !state.memory) state = learn(state, await recordsInUse(ctx, key, query, serviceTime ?? Date.now(), maxRateLimitWaitSeconds), key);
	const { changes, next } = takeChanges(records, state, serviceTime, key, remembering);
	const fields = next.memory?.fields ?? [];
	const items = changes.flatMap((change) => itemsOf(key, change, events, watch, fields));
	const checked = own ? await checkedEvents(own, { state: next, changes, now: serviceTime ?? Date.now(), query, maxRateLimitWaitSeconds }) : { items: [], next };
	items.push(...checked.items);
	const saved = checked.next;
	// The items first (names may need reads that can fail), then the position: a poll that fails
	// part-way moves nothing, and the position is saved with the changes it delivers (A6).
	const output = items.length > 0 ? await outputOf(ctx, key, items) : null;
	const delivered = output ? { lastDelivered: withLastDelivered(state.lastDelivered, output[0], serviceTime ?? Date.now()) } : {};
	keepPollState(staticData, { ...saved, ...delivered, deliveries: deliveries + (output ? 1 : 0) } as unknown as IDataObject);
	return output;
}

/** The last item of each event, from the items a poll delivers at `at` (one per event: bounded). */
function withLastDelivered(kept: TriggerState['lastDelivered'], items: INodeExecutionData[], at: number): TriggerState['lastDelivered'] {
	const next = { ...kept };
	for (const { json } of items) next[String(json.event)] = { at, json };
	return next;
}

/**
 * The last delivered item of each chosen event that has one, newest first. One per event, not only
 * the newest (issue 46): a workflow that branches on the event gets a test item for each branch.
 */
function lastDelivered(state: TriggerState, events: string[]): Array<{ at: number; json: IDataObject }> {
	return events
		.map((event) => state.lastDelivered?.[event])
		.filter((item) => item !== undefined)
		.sort((a, b) => b.at - a.at);
}

/**
 * A delivered item's note, its time as a person reads it where the record is: at the location's
 * time zone when the item has it (Options › Add Names puts `location_timezone` on the record), else
 * the workflow's.
 */
function deliveredNote(ctx: IPollFunctions, at: number, json: IDataObject): string {
	const record = json.record as IDataObject | undefined;
	return lastDeliveredNote(at, [record?.location_timezone, ctx.getTimezone()]);
}

/** The first item of each event, in the order given (latest first): one test item per chosen event. */
function firstOfEach(items: TriggerItem[]): TriggerItem[] {
	const first = new Map<string, TriggerItem>();
	for (const item of items) if (!first.has(item.event)) first.set(item.event, item);
	return [...first.values()];
}

/**
 * The trigger's own events, told by checking at each poll rather than from a change alone
 * (extension.ts), and the state with what they keep, under their own name beside the position.
 */
async function checkedEvents(
	own: { stateKey: string; poll: ExtensionPoll<unknown> },
	found: PollFound,
): Promise<{ items: TriggerItem[]; next: TriggerState }> {
	const before = (found.state as unknown as IDataObject)[own.stateKey];
	const { items, kept } = await own.poll.check(found, before);
	return { items, next: { ...found.state, [own.stateKey]: kept } };
}

/**
 * Fetch Test Event: the latest matching change, read without touching the saved position, looking
 * back ten minutes first and further only when that finds nothing; with several events chosen, also
 * the latest item of each other chosen event among the records that look-back read (issue 46: one
 * test item per branch of the workflow; never a wider look-back for them, so no request more, and
 * the records read are gone through once at most). What changed is told from what
 * the trigger remembers when its workflow has been published (the saved state, only read here).
 * Otherwise a record just created is told as such, and an update is shown with an example of what
 * changed, labelled so (test-examples.ts exampleItems), for each chosen event the record's state
 * fits. (The trigger's own events, when chosen, have shown theirs first: pollChanges.)
 */
async function testEvent(
	ctx: IPollFunctions,
	key: ResourceKey,
	settings: { events: string[]; watch: string[]; remembering: boolean },
	changedSince: (from: number) => Promise<IDataObject[]>,
	saved: TriggerState | undefined,
): Promise<INodeExecutionData[][]> {
	const { events, watch, remembering } = settings;
	const spec = resource(key);
	const memory = saved?.memory;
	// The chosen events a record's change can give here: once each has its item, the rest is not gone through.
	const reachable = events.filter((event) => ['created', 'updated', 'removed', ...(DERIVED_EVENTS[key] ?? []).map((derived) => derived.value)].includes(event));
	for (const minutes of [10, 24 * 60, 30 * 24 * 60, 365 * 24 * 60]) {
		const records = (await changedSince(Date.now() - minutes * 60_000)).sort(
			(a, b) => changedAt(b) - changedAt(a) || String(b.id).localeCompare(String(a.id)),
		);
		const fields = memory?.fields ?? fieldsOf(key, records[0]);
		// Where an example takes a real value from other records: a few suffice, and a bounded
		// sample keeps a year of records from costing a scan each.
		const others = records.slice(0, 50);
		const found = new Map<string, TriggerItem>();
		for (const record of records) {
			const event = eventOnItsOwn(record);
			const at = changedAt(record);
			// A change the published trigger already delivered: its memory holds the record as it is
			// now, so what it was before is gone; an example says so rather than "nothing changed".
			const known = memory ? recall(memory, String(record.id)) : undefined;
			const delivered = event !== 'created' && known !== undefined && known.at >= at;
			const before = delivered ? undefined : beforeOf(event, memory, String(record.id), at);
			const items =
				before === undefined && remembering
					? exampleItems(key, { event, record }, events, others, delivered ? DELIVERED_NOTE : NOT_SEEN_NOTE)
					: itemsOf(key, { event, record, at, before }, events, watch, fields);
			for (const item of items) if (!found.has(item.event)) found.set(item.event, item);
			if (found.size === reachable.length) break;
		}
		if (found.size > 0) return await outputOf(ctx, key, [...found.values()]);
	}
	throw new NodeOperationError(ctx.getNode(), `No ${spec.singular} changed in the last year matches the trigger's settings`, {
		description: 'Change a record in the service (or widen the Events and Filters), then fetch again.',
	});
}
