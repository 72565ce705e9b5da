/**
 * Test layers (docs/testing.md): unit (no server), sandbox (the emulator over HTTP), workflow (n8n-core's
 * engine in-process against the sandbox) and e2e (a real n8n). `npm test` runs them all.
 *
 * The workflow layer runs once per supported n8n line (docs/versions.md): against the n8n-core
 * and n8n-workflow of the pinned n8n (the plain devDependencies), and again against those of the
 * other lines, installed as npm aliases (n8n-core-v1, n8n-core-v2-41). For those, the package's
 * and the harness's imports of n8n-core, n8n-workflow, @n8n/di and luxon are pointed at the copies
 * that aliased n8n-core itself resolves, so the package meets exactly the modules it would meet in
 * that n8n (one DI container, one set of error classes).
 */
const path = require('path');

const common = {
	testEnvironment: 'node',
	// Only the folders the tests and the code they import live in: jest's file crawl must not walk
	// the real n8n installs (.n8n-runtime*, about 3 GB each) or dist/.
	roots: ['<rootDir>/test', '<rootDir>/sandbox', '<rootDir>/nodes', '<rootDir>/credentials', '<rootDir>/demo', '<rootDir>/scripts'],
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
};

/** In-process layers: they run at one instant on every date (test/harness/suite-clock.ts). */
const atSuiteNow = { ...common, setupFiles: ['<rootDir>/test/harness/suite-clock.ts'] };

/** In-process layers that run nodes: the package's pauses are recorded, not slept through (test/harness/waits.ts); n8n's regular expressions get more than 250 ms (test/harness/regex.ts). */
const inProcess = { ...atSuiteNow, setupFilesAfterEnv: ['<rootDir>/test/harness/waits.ts', '<rootDir>/test/harness/regex.ts'] };

/** The module paths an n8n-core (by its package name here) resolves for itself. */
function n8nModulesOf(corePackage) {
	const coreDir = path.dirname(require.resolve(`${corePackage}/package.json`));
	const from = (name, dir) => path.dirname(require.resolve(`${name}/package.json`, { paths: [dir] }));
	const workflowDir = from('n8n-workflow', coreDir);
	return {
		'^n8n-core(/.*)?$': `${coreDir}$1`,
		'^n8n-workflow(/.*)?$': `${workflowDir}$1`,
		'^@n8n/di$': from('@n8n/di', coreDir),
		'^luxon$': from('luxon', workflowDir),
	};
}

/**
 * The workflow tests that run on every line (the whole layer runs on the pinned one): the
 * assumptions fence and the harness itself, writes and the trigger's guarantees, the Shift node,
 * errors, secrets and the bad-input catalogue. A representative part, to keep .ci/run inside its
 * time on a 2-core machine (a run with more of the layer, 2026-11-24, took about 80 minutes).
 */
const WORKFLOW_ON_EVERY_LINE = [
	'n8n-assumptions', 'harness', 'writes', 'mapper', 'names-given', 'trigger', 'trigger-attendance', 'shift', 'timesheet-note', 'connection', 'secrets', 'bad-input',
];

/** The workflow layer against another n8n line's n8n-core and n8n-workflow. */
function workflowOn(line, corePackage, more = []) {
	return {
		...inProcess,
		displayName: `workflow n8n ${line}`,
		testMatch: [...WORKFLOW_ON_EVERY_LINE, ...more].map((name) => `<rootDir>/test/workflow/${name}.test.ts`),
		moduleNameMapper: n8nModulesOf(corePackage),
	};
}

/**
 * The real-n8n layer: one n8n per run shared by the files that need only a running n8n
 * (test/e2e/shared-n8n.ts), started by the first of them and stopped by the global teardown.
 */
const e2e = { ...common, globalSetup: '<rootDir>/test/e2e/global-setup.js', globalTeardown: '<rootDir>/test/e2e/global-teardown.js' };

/**
 * The real-n8n tests that run on each other supported n8n (the whole e2e layer runs on the pinned
 * 2.40.7): every node, Create Many under n8n's settings, token refresh, the trigger across a
 * restart, two triggers on one credential across an expiry and a clock move, each resource's trigger
 * and A8 (trigger.test.ts leaves out its failing-poll and events tests off the pinned version). test/e2e/n8n/runtime.ts reads the version from `globals` and installs that n8n on first
 * use.
 */
const E2E_ON_EVERY_VERSION = ['every-node', 'writes', 'refresh', 'trigger'];
function e2eOn(version, more = []) {
	return {
		...e2e,
		displayName: `e2e n8n ${version}`,
		testMatch: [...E2E_ON_EVERY_VERSION, ...more].map((name) => `<rootDir>/test/e2e/${name}.test.ts`),
		globals: { N8N_E2E_VERSION: version },
	};
}

module.exports = {
	// 30 s, not jest's 5 s: a workflow test runs n8n-core and the sandbox in one process, and a
	// 2-core machine running other work can stretch a 1-second test past 5 s (seen: labour costs).
	// Files that need longer still set their own.
	testTimeout: 30_000,
	// n8n-core 1.122 leaves a handle open after its in-process tests (2.40 and 2.41 do not; not yet
	// found which), and jest, running in band on a 2-core machine, would then never exit.
	forceExit: true,
	projects: [
		{ ...inProcess, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{ ...atSuiteNow, displayName: 'sandbox', testMatch: ['<rootDir>/sandbox/**/*.test.ts'] },
		// The real-n8n tests' picks from the seed, run against the seed laid at many moments (test/picks/anchors.ts).
		{ ...common, displayName: 'picks', testMatch: ['<rootDir>/test/picks/**/*.test.ts'] },
		{ ...inProcess, displayName: 'workflow', testMatch: ['<rootDir>/test/workflow/**/*.test.ts'] },
		workflowOn('1.123', 'n8n-core-v1'),
		workflowOn('2.41', 'n8n-core-v2-41', ['fault-drills']),
		{ ...e2e, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
		// Not a layer of npm test (scripts/test.sh names its layers): npm run bench:attendance.
		{ ...inProcess, displayName: 'bench', roots: [...common.roots, '<rootDir>/bench'], testMatch: ['<rootDir>/bench/**/*.bench.ts'] },
		e2eOn('2.41.1'),
		e2eOn('1.123.81'),
	],
};
