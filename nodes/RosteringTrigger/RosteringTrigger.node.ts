import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { changedAt, startState, takeChanges, windowStart, type ChangeEvent, type ChangeState } from '../shared/changes';
import { triggerFilters } from '../shared/fields';
import { keepPollState } from '../shared/n8n-internals';
import { maxRateLimitWait, subjectOf } from '../shared/params';
import { RESOURCES, resource, type ResourceKey } from '../shared/resources';
import { listSearch } from '../shared/search';
import { listAll, send } from '../shared/transport';
import { checkId, inputError, stableJson, toTimestamp } from '../shared/values';

/** The lists a trigger can watch: every one that takes updated_since (who's on now does not). */
const WATCHABLE = (Object.keys(RESOURCES) as ResourceKey[]).filter((key) =>
	(RESOURCES[key].listParameters as string[]).includes('updated_since'),
);

function title(key: ResourceKey): string {
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

function outputOf(key: ResourceKey, changes: Array<{ event: ChangeEvent; record: IDataObject }>): INodeExecutionData[][] {
	return [changes.map(({ event, record }) => ({ json: { event, resource: key, record } }))];
}

export class RosteringTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Rostering Trigger',
		name: 'rosteringTrigger',
		icon: { light: 'file:../../icons/rostering.svg', dark: 'file:../../icons/rostering.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["resource"] }}',
		description: 'Starts the workflow when records are created, changed or removed in the rostering service',
		defaults: { name: 'Rostering Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		properties: [
			{
				displayName:
					'Each change comes out once, as an item with the event (created, updated or removed) and the record as it is now. A record changed several times between two polls comes out once, in its latest state.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				required: true,
				options: WATCHABLE.map((key) => ({
					name: title(key),
					value: key,
					description: resource(key).shown ? undefined : 'Its address is inferred: the API documentation does not show it',
				})).sort((a, b) => a.name.localeCompare(b.name)),
				default: 'shift',
				description: "The records to watch. Who's on now is not here: read it when needed with its own node.",
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
					{ name: 'From Activation', value: 'now', description: "Only changes made after the trigger's first poll, which n8n runs as it activates the workflow" },
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
			...WATCHABLE.map((key) => triggerFilters(key)).filter((p) => (p.options ?? []).length > 0),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Max Rate-Limit Wait (Seconds)',
						name: 'maxRateLimitWait',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 3600 },
						default: 60,
						description:
							'When the service says to slow down, wait as long as it asks, up to this many seconds; a longer wait fails the poll, and the next poll delivers what this one could not',
					},
				],
			},
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const key = this.getNodeParameter('resource') as ResourceKey;
		const spec = resource(key);
		if (!WATCHABLE.includes(key)) {
			throw inputError(this.getNode(), 0, `Resource: "${String(key)}" cannot be watched`, 'Choose one of the resources in the list.');
		}
		const events = this.getNodeParameter('events', []) as ChangeEvent[];
		if (events.length === 0) {
			throw inputError(this.getNode(), 0, 'Events is empty', 'Choose at least one of Created, Updated and Removed.');
		}
		const query = filterQuery(this, key);
		const maxRateLimitWaitSeconds = maxRateLimitWait(this);
		const subject = subjectOf(key, 'getAll');
		const changedSince = async (from: number, onServiceTime?: (ms: number | undefined) => void) =>
			await listAll(this, `/v1/${spec.path}`, { ...query, updated_since: new Date(from).toISOString() }, {
				subject,
				maxRateLimitWaitSeconds,
				keepRepeats: true,
				onServiceTime,
			});

		if (this.getMode() === 'manual') {
			// Fetch Test Event: the latest matching change, read without touching the saved position,
			// looking back ten minutes first and further only when that finds nothing.
			for (const minutes of [10, 24 * 60, 30 * 24 * 60, 365 * 24 * 60]) {
				const records = await changedSince(Date.now() - minutes * 60_000);
				const matching = records
					.map((record) => ({ event: eventOnItsOwn(record), record }))
					.filter((change) => events.includes(change.event))
					.sort((a, b) => changedAt(b.record) - changedAt(a.record) || String(b.record.id).localeCompare(String(a.record.id)));
				if (matching.length > 0) return outputOf(key, matching.slice(0, 1));
			}
			throw new NodeOperationError(this.getNode(), `No ${spec.singular} changed in the last year matches the trigger's settings`, {
				description: 'Change a record in the service (or widen the Events and Filters), then fetch again.',
			});
		}

		const start = this.getNodeParameter('start', 'now') as string;
		const since =
			start === 'since'
				? Date.parse(toTimestamp(this.getNode(), 0, this.getNodeParameter('since', ''), 'Pick Up Changes Since', this.getTimezone()))
				: undefined;
		// The position belongs to these settings: changing the resource, a filter or the start begins afresh.
		const config = stableJson({ key, query, start, since: since ?? null });
		const staticData = this.getWorkflowStaticData('node');
		let state = staticData.state as ChangeState | undefined;
		if (!state || state.config !== config) {
			if (since === undefined) {
				// From activation: the service's clock now is where changes start; nothing to deliver yet.
				let now: number | undefined;
				await send(
					this,
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
		// Kept only now that every page was read: a poll that fails part-way moves nothing, and the
		// position is saved with the changes it delivers (n8n-internals A6).
		keepPollState(staticData, next as unknown as IDataObject);
		const wanted = changes.filter((change) => events.includes(change.event));
		return wanted.length > 0 ? outputOf(key, wanted) : null;
	}
}
