import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { BoundedMap } from '../requests/execution-cache';
import type { TriggerState } from './changes';

/**
 * Polls of one trigger that n8n runs side by side. n8n 2.x with durable poll cursors runs the polls
 * it missed while it was down together when it starts again (seen with 2.40.7: three polls of one
 * trigger within a second of each other after a restart). Each loads the same position from n8n's
 * poller_state and would deliver the same changes: n8n fences a poll's commit by its task's lease,
 * not by the position the poll read. So a poll that starts from the position another poll of the
 * same trigger in this n8n is still working from, or has just delivered from, stops with an error
 * instead: nothing is delivered twice, and nothing is lost (its changes are the other poll's, or,
 * if that one's execution was not kept, the next poll's). An error, not "nothing new": for a poll
 * that returns nothing n8n writes back the position it read, over the one the other poll's
 * execution saves.
 */

/** How long after a poll delivered a sibling from the same position is still refused (n8n saves the delivering poll's position with its execution, moments later). */
const DELIVERED_HOLD_MS = 60_000;
/** A poll not heard of for this long is taken as gone (its process stopped it, or it hangs). */
const RUNNING_HOLD_MS = 10 * 60_000;

const polls = new BoundedMap<string, { from: string; until: number }>(10_000);

/**
 * The message of a poll stopped because another poll of its trigger works from the same position.
 * @internal Exported for the tests (and tools) that check it directly; knip --production lets it be.
 */
export const SIDE_BY_SIDE_SKIPPED = 'Skipped: another poll of this trigger is working from the same position';

/** Where a poll starts from: the position and how many polls delivered from this state. */
const positionOf = (state: TriggerState) => `${state.cursor}:${state.deliveries ?? 0}`;

/**
 * Claims the position `state` for this poll, or throws if another poll of this trigger in this n8n
 * works from it. Returns what to call when the poll ends (delivered: it returned items).
 */
export function claimPosition(ctx: IPollFunctions, state: TriggerState): (delivered: boolean) => void {
	const key = `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
	const from = positionOf(state);
	const now = Date.now();
	const other = polls.get(key);
	if (other && other.from === from && other.until > now) {
		throw new NodeOperationError(ctx.getNode(), SIDE_BY_SIDE_SKIPPED, {
			description:
				'n8n started two polls of this trigger together (it runs the polls it missed while it was stopped all at once). This one stopped before reading anything, so that no change is delivered twice; nothing is lost: the other poll delivers the changes, or the next poll does. Nothing to do.',
		});
	}
	polls.set(key, { from, until: now + RUNNING_HOLD_MS });
	return (delivered) => {
		if (polls.get(key)?.from !== from) return;
		if (delivered) polls.set(key, { from, until: Date.now() + DELIVERED_HOLD_MS });
		else polls.delete(key);
	};
}
