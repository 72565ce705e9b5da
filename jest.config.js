/**
 * Test layers (see README): unit (no server), sandbox (the emulator over HTTP), workflow (n8n-core's
 * engine in-process against the sandbox) and e2e (a real n8n). `npm test` runs them all.
 */
const common = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
};
module.exports = {
	projects: [
		{ ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{ ...common, displayName: 'sandbox', testMatch: ['<rootDir>/test/sandbox/**/*.test.ts'] },
		{ ...common, displayName: 'workflow', testMatch: ['<rootDir>/test/workflow/**/*.test.ts'] },
		{ ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
	],
};
