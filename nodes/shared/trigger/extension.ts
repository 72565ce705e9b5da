import type { IDataObject, INodeProperties, INodePropertyOptions, IPollFunctions } from 'n8n-workflow';

import type { Change, TriggerState } from './changes';
import type { TriggerItem } from './what-changed';

/**
 * The events a trigger node adds to the shared poll (trigger.ts), declared beside the node: the
 * Shift trigger's No Clock-In (nodes/RosteringShiftTrigger/no-clock-in.ts), the Timesheet
 * trigger's attendance events (nodes/RosteringTimesheetTrigger/attendance.ts). The shared poll
 * knows them only through this: their Events options and parameters, what they check at each
 * poll from what the poll found, what they keep between polls, and their Fetch Test Event.
 *
 * `Settings`: what the node's parameters choose for them at one poll. `Kept`: what they keep in
 * the trigger's saved state, under `stateKey` beside the position (static data `state`).
 */
export interface TriggerExtension<Settings = unknown, Kept = unknown> {
	/** Added to the trigger's Events list (sorted with the others by name). */
	events: INodePropertyOptions[];
	/** The parameters that follow Events (each shown when its event is chosen). */
	properties: INodeProperties[];
	/** Where their state is kept in the trigger's state (a name of its own there). */
	stateKey: string;
	/**
	 * The settings of a poll whose Events choose one of them, undefined otherwise. Throws the
	 * user's error when they cannot run as set (`remembering`: Options › Say What Changed).
	 */
	settings(ctx: IPollFunctions, events: string[], remembering: boolean): Settings | undefined;
	/** One poll's checks, begun before the changed records are listed (state: as the poll starts). */
	begin(ctx: IPollFunctions, settings: Settings, start: PollStart): ExtensionPoll<Kept>;
	/** Fetch Test Event: recent items of their events, latest first (none: the trigger looks at the changes). */
	testEvent(ctx: IPollFunctions, settings: Settings, start: TestStart): Promise<TriggerItem[]>;
}

/** What a poll starts from: the saved state, the trigger's filters (as query parameters), its rate-limit wait. */
interface PollStart {
	state: TriggerState;
	query: IDataObject;
	maxRateLimitWaitSeconds: number;
}

/** What Fetch Test Event starts from: the filters, and the changed records since a moment (the trigger's own list read). */
interface TestStart {
	query: IDataObject;
	maxRateLimitWaitSeconds: number;
	/** `onServiceTime`: the service's clock, from its answer's Date header (what is due is judged by it, as a poll does). */
	changedSince: (from: number, onServiceTime?: (ms: number | undefined) => void) => Promise<IDataObject[]>;
}

/** What the shared poll found: the state after the changes were taken (its memory holds the records as listed), the changes, and the service's time. */
export interface PollFound extends PollStart {
	changes: Change[];
	now: number;
}

export interface ExtensionPoll<Kept> {
	/** Each page of the changed records, as it is listed (when the checks read ahead). */
	see?: (records: IDataObject[]) => void;
	/** The items of their events at this poll, and what they keep from now on (`kept`: what they kept until now). */
	check(found: PollFound, kept: Kept | undefined): Promise<{ items: TriggerItem[]; kept: Kept }>;
}
