/**
 * The sandbox's whole state as plain data, so that the demo keeps its work across restarts
 * (scripts/demo.ts saves it beside n8n's data): the records, the tokens and connections issued
 * (the demo's n8n credential stays connected), the Idempotency-Keys kept, the readings and the
 * clock. Requests, faults, latency and the rate limit are the tests' and are not kept.
 */
import type { Core } from './core';
import type { OAuthState } from './oauth';
import type { Entry } from './idempotency';
import type { Readings } from './readings';
import type { Store } from './store';
import type { TimesheetNoteField } from './model';

/** Bumped when the shape changes: an older file is refused, and the demo starts the sandbox afresh. */
const VERSION = 1;

export interface SandboxState {
	version: number;
	/** The sandbox clock when saved (ms): it never goes back, so a restart goes on from there or from real time, whichever is later. */
	clock: number;
	store: ReturnType<Store['saved']>;
	oauth: OAuthState;
	idempotency: Array<[string, Entry]>;
	readings: Readings;
	timesheetNoteField: TimesheetNoteField;
}

export function saveState(core: Core): SandboxState {
	return {
		version: VERSION,
		clock: core.clock.ms(),
		store: core.store.saved(),
		oauth: core.oauth.saved(),
		idempotency: core.idempotency.saved(),
		readings: { ...core.store.readings },
		timesheetNoteField: core.store.timesheetNoteField,
	};
}

/** Puts a saved state in place of the seed; throws, changing nothing, when the state is not one this sandbox saved. */
export function restoreState(core: Core, state: SandboxState): void {
	if (state?.version !== VERSION) throw new Error(`saved by another version of the sandbox (${String(state?.version)}, this one keeps ${VERSION})`);
	const before = core.store.saved();
	try {
		core.store.restore(state.store);
	} catch (error) {
		core.store.restore(before);
		throw error;
	}
	core.oauth.restore(state.oauth);
	core.idempotency.restore(state.idempotency);
	core.store.readings = { ...state.readings };
	core.store.timesheetNoteField = state.timesheetNoteField;
	// Triggers read changes since the time they last saw: the clock must not go back.
	if (state.clock > core.clock.ms()) core.clock.advance(state.clock - core.clock.ms());
}
