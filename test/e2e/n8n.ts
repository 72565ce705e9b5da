/**
 * A real n8n for the e2e tests: the pinned n8n that scripts/n8n-runtime.sh installs into
 * .n8n-runtime/ (or $N8N_RUNTIME_DIR), one throw-away user folder per instance, the built package
 * (dist/) loaded as a community package, credentials and workflows imported through n8n's CLI and
 * workflows run with `n8n execute --id=<id> --rawOutput`, or a running `n8n start` driven over its
 * REST API. The test files import from here; the code, and what was verified about running a real
 * n8n (2026-11, n8n 2.40.7), is in test/e2e/n8n/, each fact beside the code it concerns:
 *
 * - runtime.ts: the n8n version under test, installing and locating it, the built package.
 * - instance.ts: a throw-away instance (user folder, community package, env, CLI) and its database.
 * - server.ts: `n8n start`, its REST API as the owner, publishing and polling.
 * - executions.ts: runs and executions as n8n reports them (`execute --rawOutput`, REST, flatted).
 * - workflows.ts, credentials.ts: the workflow and credential JSON the tests import.
 * - helpers.ts: child processes, free ports, waiting, ids.
 */
export { ALL_PERMISSIONS, E2E_CREDENTIAL, rosteringCredential, type CredentialInput } from './n8n/credentials';
export { executionItems, explain, type ExecuteResult, type N8nExecution, type N8nRun, type N8nTaskData } from './n8n/executions';
export { freePort, killGroup, lastLines, newId, runCommand, sleep, waitFor } from './n8n/helpers';
export { createN8n, n8nInstance, readPollerCursors, type N8nInstance } from './n8n/instance';
export {
	assertBuilt,
	ensureRuntime,
	n8nVersion,
	onN8n1,
	packageDirDefault,
	PINNED_N8N_VERSION,
	REPO_ROOT,
	runtimeDir,
} from './n8n/runtime';
export {
	attachServer,
	E2E_OWNER,
	printServerLogOnFailure,
	refuseToStopShared,
	startServer,
	triggersThatLearned,
	type N8nServer,
} from './n8n/server';
export { differences, loadWorkflow, POLL_EVERY_15_SECONDS, type WorkflowJson } from './n8n/workflows';
