/**
 * The pauses the package asks for, recorded instead of slept through (nodes/shared/requests/waits.ts).
 *
 * jest loads this before every unit and workflow test file (jest.config.js, setupFilesAfterEnv);
 * the package's modules, loaded by n8n-core's loader in the same jest module registry, then pause
 * through the recorder. Each pause is recorded with its length and reason and then lasts at most
 * PAUSE_CAP_MS: long enough to keep the order of what happens around it (a retry still goes after
 * the request it retries has been answered), short enough that no test sleeps through the
 * package's backoff (0.5 to 4 s) or a Retry-After. A test asserts on `recordedWaits()`: the waits
 * the node asked for, which a busy machine cannot change.
 */
import { waits, type WaitReason } from '../../nodes/shared/requests/waits';

export interface RecordedWait {
	ms: number;
	reason: WaitReason;
}

/** The longest a recorded pause really lasts. */
export const PAUSE_CAP_MS = 50;

const recorded: RecordedWait[] = [];
let cap = PAUSE_CAP_MS;
let listener: ((wait: RecordedWait) => void) | undefined;

waits.pause = async (ms: number, reason: WaitReason) => {
	const wait = { ms, reason };
	recorded.push(wait);
	listener?.(wait);
	await new Promise((resolve) => setTimeout(resolve, Math.min(ms, cap)));
};

/** The pauses asked for since the test began (each test starts with none). */
export function recordedWaits(reason?: WaitReason): RecordedWait[] {
	return recorded.filter((wait) => reason === undefined || wait.reason === reason);
}

/** Calls `look` as each pause begins (until the test ends): what had happened by then. */
export function onPause(look: (wait: RecordedWait) => void): void {
	listener = look;
}

/**
 * For a test whose point is the service's own clock moving on during the node's waits (the
 * sandbox's rate-limit window, a slow request finishing while its retry waits): pauses then last
 * as long as asked, up to `ms` (at most a second, so that no test sleeps longer than that).
 */
export function letPausesLast(ms: number): void {
	if (ms > 1000) throw new Error('letPausesLast: no test sleeps for real more than a second');
	cap = ms;
}

beforeEach(() => {
	recorded.length = 0;
	cap = PAUSE_CAP_MS;
	listener = undefined;
});
