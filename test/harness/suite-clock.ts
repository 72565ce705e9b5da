/**
 * The in-process layers (unit, sandbox, workflow) run at one instant on every date: green on any
 * date and hour by construction (issue 45), not by sweeping dates once. jest loads this before each
 * of their test files (jest.config.js); from then on `Date.now()` and `new Date()` in the test
 * file, the package, n8n-core and the in-process sandbox read SUITE_NOW plus the real time elapsed
 * since (the real clock shifted, so time still runs: deadlines, token lifetimes and the sandbox's
 * clock behave as they do at any instant). The sandbox lays its seed around that instant, so every
 * record a test picks, and every day it works out from now, is the same on every date the suite
 * runs. What the nodes do on other dates is shown by tests that choose their dates (DST days, year
 * ends: rowYear and farMonday, test/workflow/generators.ts), and `SUITE_NOW=<ISO instant>` runs
 * the layers at another instant (`SUITE_NOW=2027-04-04T15:30:00Z npx jest --selectProjects
 * workflow`), as `SEED=` replays another random workload.
 *
 * The real-n8n layer (e2e) cannot be shifted so (n8n runs in its own process, on the real clock):
 * its picks are checked across dates instead (test/picks).
 */
/** The instant the in-process layers start at unless SUITE_NOW says another: Wednesday 9 December 2026, 13:00 in Sydney. */
export const SUITE_NOW = '2026-12-09T02:00:00.000Z';

const RealDate = Date;
const start = RealDate.parse(process.env.SUITE_NOW ?? SUITE_NOW);
if (Number.isNaN(start)) throw new Error(`SUITE_NOW is not an ISO instant: ${process.env.SUITE_NOW}`);
const offset = start - RealDate.now();

/**
 * Date with the shifted now; everything else is the real Date's (its prototype too, so every date,
 * made here or by node itself, is `instanceof Date`). Called without `new`, as Date() can be, it
 * gives the string of now.
 */
function SuiteDate(this: unknown, ...args: unknown[]): Date | string {
	const now = new RealDate(RealDate.now() + offset);
	if (!new.target) return now.toString();
	return args.length === 0 ? now : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
}
SuiteDate.prototype = RealDate.prototype;
SuiteDate.now = () => RealDate.now() + offset;
SuiteDate.parse = RealDate.parse;
SuiteDate.UTC = RealDate.UTC;
globalThis.Date = SuiteDate as unknown as DateConstructor;
