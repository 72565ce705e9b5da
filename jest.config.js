/** Two projects: unit (no server) and workflow (n8n-core's engine in-process against the sandbox). */
const common = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }] },
};
module.exports = {
	projects: [
		{ ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{ ...common, displayName: 'workflow', testMatch: ['<rootDir>/test/workflow/**/*.test.ts'] },
	],
};
