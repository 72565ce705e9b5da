/**
 * Test layers (see README): unit (no server), sandbox (the emulator over HTTP), workflow (n8n-core's
 * engine in-process against the sandbox) and e2e (a real n8n). `npm test` runs them all.
 */
const common = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
};
module.exports = {
	// 30 s, not jest's 5 s: a workflow test runs n8n-core and the sandbox in one process, and a
	// 2-core machine running other work can stretch a 1-second test past 5 s (seen: labour costs).
	// Files that need longer still set their own.
	testTimeout: 30_000,
	projects: [
		{ ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{ ...common, displayName: 'sandbox', testMatch: ['<rootDir>/test/sandbox/**/*.test.ts'] },
		{ ...common, displayName: 'workflow', testMatch: ['<rootDir>/test/workflow/**/*.test.ts'] },
		{ ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
	],
};
