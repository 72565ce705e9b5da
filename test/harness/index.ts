/**
 * In-process workflow harness: workflow JSON run by n8n-core's own engine (WorkflowExecute, and
 * RoutingNode for declarative nodes) under jest, against real HTTP servers, with credentials held
 * in memory by a credentials helper that resolves them as n8n's does. The idea is that of n8n's
 * NodeTestHarness (n8n-io/n8n packages/core/nodes-testing), without nock, and with real OAuth2:
 * n8n-core's requestOAuth2 signs each request, refreshes on 401 through the credential's
 * accessTokenUrl (locking via Container.get(LockService), in-process by default), and writes the
 * new tokens back through credentialsHelper.updateCredentialsOauthTokenData — which this harness
 * records, so a test can read the rotated tokens in `result.credentials`.
 *
 * FINDINGS (n8n-core 2.40.3 / n8n-workflow 2.40.1), see test/workflow/harness.test.ts:
 * 1. A failed HTTP request from a declarative node (RoutingNode -> httpRequestWithAuthentication ->
 *    requestOAuth2 -> helpers.httpRequest) is thrown as a NodeApiError made from the AxiosError:
 *    - `message` is n8n's generic text for the status ('The resource you are requesting could not
 *      be found' for 404, 'The service is receiving too many requests from you' for 429, ...), not
 *      the API's; the API's message (found by NodeApiError's key search, e.g. body.message) is in
 *      `description`; `messages` holds axios' 'Request failed with status code N'.
 *    - `httpCode` is the status as a string ('429'); there is no `statusCode`. So RoutingNode's
 *      special case (`reason.statusCode === 429` -> "Try spacing your requests out using the
 *      batching settings under 'Options'") never fires for these errors.
 *    - the parsed response body is kept whole in `context.data` (with context.itemIndex/runIndex).
 *    - response headers (Retry-After, X-Request-Id...) are NOT on the NodeApiError's own fields; they
 *      survive only on the live instance's `cause` (the AxiosError): error.cause.response.headers
 *      ['retry-after'] (lower-cased AxiosHeaders), with error.cause.response.status/.data.
 * 2. WorkflowExecute stores the node's error as a spread copy ({...error, message, stack}) in
 *    run.data.resultData.error and runData[node][i].error: a plain object, not instanceof
 *    NodeApiError, and without `cause` (non-enumerable), so without any response headers. That copy
 *    is what n8n saves and shows. The harness returns it as `storedError` and, as `error`, the live
 *    instance it captures where WorkflowExecute reports node errors. continueOnFail error items
 *    (item.error) are live NodeApiError instances.
 * 3. Refresh on 401: requestOAuth2 re-reads the credential with getDecrypted(..., raw = true), and if
 *    the stored access token already differs (another run refreshed it) just re-signs with it;
 *    otherwise client-oauth2 POSTs accessTokenUrl as application/x-www-form-urlencoded with only
 *    grant_type=refresh_token&refresh_token=... and the client id/secret as HTTP Basic (authentication
 *    'header'), retries the request once, and calls updateCredentialsOauthTokenData with the old
 *    token data merged with the new plus `n8n_expires_at` (ms epoch, from expires_in). A token
 *    endpoint answering {"error":"invalid_grant"} becomes a NodeOperationError 'The credential
 *    "<name>" needs to be reconnected.' (failure.cause 'credential-invalid'), which
 *    httpRequestWithAuthentication wraps in a NodeApiError with the same message, httpCode null;
 *    nothing is written back.
 * 4. With grantType 'pkce' (this package), requestOAuth2's "OAuth credentials not connected" guard
 *    (authorizationCode only) does not apply: a credential without oauthTokenData fails with a
 *    NodeApiError 'Unable to sign without access token', before any request is sent.
 * 5. n8n's own nodes-testing CredentialsHelper returns [] from getParentTypes and resolves no
 *    expressions, so it never takes the OAuth2 path nor resolves `$self` hidden fields; this
 *    harness's helper does both, as packages/cli's CredentialsHelper does.
 * 6. Declarative nodes get a `requestOptions` parameter (batching, proxy, timeout...) added by n8n's
 *    loader; it shows up as `requestOptions: {}` in node.parameters (e.g. in stored errors).
 * 7. n8n-core's ErrorReporter logs every node error with its whole cause chain (axios stack) in
 *    tests; the harness silences it (HARNESS_LOG_ERRORS=1 to see it). InstanceSettings writes
 *    <N8N_USER_FOLDER>/.n8n/config: the harness points N8N_USER_FOLDER at a temporary folder.
 */
import { Container } from '@n8n/di';
import { ErrorReporter, ExecutionLifecycleHooks, InstanceSettings, LoadOptionsContext, PollContext, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeListSearchResult,
	ResourceMapperFields,
	INodeExecutionData,
	INodeType,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow, deepCopy } from 'n8n-workflow';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { HarnessCredentialsHelper, type CredentialStore } from './credentials-helper';
import { HarnessTypes } from './node-types';

export { HarnessCredentialsHelper } from './credentials-helper';
export { HarnessTypes, ManualTriggerStandIn, TestItemsNode } from './node-types';
export { OAuth2ApiStandIn } from './credential-types';

// n8n-core's InstanceSettings (reached through the DI container by the execution contexts) writes
// <N8N_USER_FOLDER>/.n8n/config on first use: keep that out of the developer's home. One folder per
// test file (each has its own module registry, so its own DI container), removed after the file.
const HARNESS_FOLDER_PREFIX = path.join(tmpdir(), 'n8n-harness-');
if (!process.env.N8N_USER_FOLDER || process.env.N8N_USER_FOLDER.startsWith(HARNESS_FOLDER_PREFIX)) {
	const userFolder = mkdtempSync(HARNESS_FOLDER_PREFIX);
	process.env.N8N_USER_FOLDER = userFolder;
	if (typeof afterAll === 'function') afterAll(() => rmSync(userFolder, { recursive: true, force: true }));
}
process.env.N8N_ENCRYPTION_KEY ??= 'harness-only-encryption-key';

/**
 * The n8n-core these tests run on: the pinned one, or another line's (jest.config.js points the
 * imports at it). Tests that check version-specific n8n behaviour read it here.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const N8N_CORE_VERSION: string = (require('n8n-core/package.json') as { version: string }).version;
/** True on n8n 1.x's n8n-core. */
export const ON_N8N_1 = N8N_CORE_VERSION.startsWith('1.');

let types: HarnessTypes | undefined;

/** The node and credential types (loaded on first use; one set per jest test file). */
export function getTypes(): HarnessTypes {
	types ??= new HarnessTypes();
	return types;
}

/** Adds a node type (e.g. a test's own declarative node); returns the name to use in `node.type`. */
export function registerNodeType(type: INodeType | IVersionedNodeType, fullName?: string): string {
	return getTypes().registerNodeType(type, fullName);
}

export function registerCredentialType(type: ICredentialType): void {
	getTypes().registerCredentialType(type);
}

export type HarnessCredentials = Record<
	string,
	{ type: string; name: string; data: ICredentialDataDecryptedObject }
>;

export type RunWorkflowOptions = {
	workflow: {
		nodes: INode[];
		connections: IConnections;
		name?: string;
		settings?: IWorkflowSettings | object;
		id?: string;
	};
	/** Keyed by credential id, the id a node names in `node.credentials[type].id`. */
	credentials?: HarnessCredentials;
	/**
	 * The run reads and writes `credentials` itself, as executions of one n8n share its database:
	 * runs side by side see each other's token renewals. Default: a copy of its own.
	 */
	sharedCredentials?: boolean;
	/** Default: a fresh UUID each run. */
	executionId?: string;
	/** Default: 'manual', as when running from the editor. */
	mode?: WorkflowExecuteMode;
	/**
	 * The execution this run retries, as n8n's Retry of a failed or crashed execution sets it (with
	 * mode 'retry'): n8n-core keeps it on the execution's lifecycle hooks (n8n-internals A10).
	 */
	retryOf?: string;
	/** Default: the first enabled node without a parent on its main input. */
	startNode?: string;
	/**
	 * The n8n instance the run happens in (what a node's `getInstanceId()` answers), as a second
	 * n8n with its own encryption key would have it. Default: this test file's instance.
	 */
	instanceId?: string;
};

export type RunWorkflowResult = {
	run: IRun;
	/**
	 * The error that failed the run, as the node threw it (a real NodeApiError/NodeOperationError
	 * instance, captured where WorkflowExecute reports it). n8n itself keeps only a plain-object copy
	 * of it in run.data.resultData.error (see `storedError`); undefined when the run succeeded.
	 */
	error?: ExecutionBaseError | Error;
	/** run.data.resultData.error: what n8n stores and shows (own fields of the error, no prototype). */
	storedError?: IRun['data']['resultData']['error'];
	/** Every error a node threw during the run (several with retryOnFail), in order. */
	nodeErrors: Array<{ node: string; error: Error }>;
	output(nodeName: string, runIndex?: number): INodeExecutionData[];
	json(nodeName: string, runIndex?: number): IDataObject[];
	credentials: Record<string, { type: string; name: string; data: ICredentialDataDecryptedObject }>;
	/** The calls n8n-core made to the credentials helper, in order (e.g. 'updateCredentialsOauthTokenData'). */
	credentialCalls: HarnessCredentialsHelper['calls'];
	/** Names of the nodes in the order they finished. */
	executionOrder: string[];
};

export async function runWorkflow(opts: RunWorkflowOptions): Promise<RunWorkflowResult> {
	const nodeTypes = getTypes();
	const store: CredentialStore = opts.sharedCredentials && opts.credentials ? opts.credentials : deepCopy(opts.credentials ?? {});
	const credentialsHelper = new HarnessCredentialsHelper(nodeTypes.credentialTypes, store);
	const executionId = opts.executionId ?? randomUUID();
	const mode: WorkflowExecuteMode = opts.mode ?? 'manual';

	const nodes = deepCopy(opts.workflow.nodes);
	const workflowData: IWorkflowBase = {
		id: opts.workflow.id ?? 'harness-workflow',
		name: opts.workflow.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		nodes,
		connections: opts.workflow.connections,
		settings: (opts.workflow.settings ?? {}) as IWorkflowSettings,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;

	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes,
		connections: opts.workflow.connections,
		active: false,
		nodeTypes,
		settings: workflowData.settings,
	});

	// n8n-core 1.x's hooks take no retryOf (A10): the fourth argument is ignored there.
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData, opts.retryOf);
	const executionOrder: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName) => {
		executionOrder.push(nodeName);
	});

	const additionalData = createAdditionalData({ credentialsHelper, hooks, executionId, workflowId: workflowData.id });

	const startNode = opts.startNode ? workflow.getNode(opts.startNode) : findStartNode(workflow);
	if (!startNode) throw new Error(`No start node found${opts.startNode ? `: ${opts.startNode}` : ''}`);

	quietErrorReporter();
	const nodeErrors: Array<{ node: string; error: Error }> = [];
	const engine = new WorkflowExecute(additionalData, mode);
	captureNodeErrors(engine, nodeErrors);
	const issues = captureWorkflowIssues(engine);
	// The execution contexts read the instance id from the DI container's InstanceSettings.
	const instanceSettings = Container.get(InstanceSettings);
	const ownInstanceId = instanceSettings.instanceId;
	if (opts.instanceId) (instanceSettings as { instanceId: string }).instanceId = opts.instanceId;
	// n8n refuses to start a workflow whose nodes have issues by throwing out of run().
	const run = await startRun(engine, workflow, startNode)
		.catch((error: Error) => {
			throw withIssuesNamed(error, issues);
		})
		.finally(() => {
			(instanceSettings as { instanceId: string }).instanceId = ownInstanceId;
		});
	const storedError = run.data.resultData.error;
	const failedNode = run.data.resultData.lastNodeExecuted;
	const thrown = storedError
		? [...nodeErrors].reverse().find((e) => e.node === failedNode)?.error
		: undefined;

	const output = (nodeName: string, runIndex = 0): INodeExecutionData[] => {
		const taskData = run.data.resultData.runData[nodeName]?.[runIndex];
		if (!taskData) {
			throw new Error(
				`Node "${nodeName}" has no run ${runIndex} (ran: ${Object.keys(run.data.resultData.runData).join(', ')})` +
					(run.data.resultData.error ? `; workflow error: ${run.data.resultData.error.message}` : ''),
			);
		}
		return taskData.data?.main?.[0] ?? [];
	};

	return {
		run,
		error: storedError ? (thrown ?? (storedError as Error)) : undefined,
		storedError,
		nodeErrors,
		output,
		json: (nodeName, runIndex) => output(nodeName, runIndex).map((item) => item.json),
		credentials: store,
		credentialCalls: credentialsHelper.calls,
		executionOrder,
	};
}

type IssueInternals = {
	checkReadyForExecution(...args: unknown[]): Record<string, { parameters?: Record<string, string[]> }> | null;
};

/** The parameter issues WorkflowExecute finds before it runs anything (every n8n-core line has the check). */
function captureWorkflowIssues(engine: WorkflowExecute): string[] {
	const found: string[] = [];
	const internals = engine as unknown as IssueInternals;
	const check = internals.checkReadyForExecution.bind(engine);
	internals.checkReadyForExecution = (...args) => {
		const issues = check(...args);
		for (const [node, nodeIssues] of Object.entries(issues ?? {})) {
			for (const messages of Object.values(nodeIssues.parameters ?? {})) {
				for (const message of messages) found.push(`'${node}': ${message}`);
			}
		}
		return issues;
	};
	return found;
}

/**
 * FINDING 8: n8n-core 2.x's WorkflowHasIssuesError lists the issues in its message ("The 'Node' node
 * has issues: - A shift id is ..."); 1.x's says only "The workflow has issues and cannot be
 * executed for that reason. Please fix them first." and the editor shows each issue on its node's
 * field. So that one assertion on the words a person reads serves both lines, the harness appends
 * those issues, as the editor shows them, to the 1.x message.
 */
function withIssuesNamed<T extends { message?: string } | undefined>(error: T, issues: string[]): T {
	if (error && issues.length > 0 && /^The workflow has issues and cannot be executed/.test(error.message ?? '')) {
		error.message = `${error.message} ${issues.join(' ')}`;
	}
	return error;
}

/**
 * WorkflowExecute.run takes one options object in n8n-core 2.x and positional arguments in 1.x
 * (run(workflow, startNode, destinationNode, pinData, ...)); the harness runs on both lines.
 */
async function startRun(engine: WorkflowExecute, workflow: Workflow, startNode: INode): Promise<IRun> {
	const run = engine.run as unknown as (...args: unknown[]) => Promise<IRun>;
	// async: 1.x's run() throws a refusal synchronously; this turns it into a rejection as in 2.x.
	return await (run.length > 1 ? run.call(engine, workflow, startNode) : run.call(engine, { workflow, startNode }));
}

type EngineInternals = {
	runNode(workflow: Workflow, executionData: { node: INode }, ...rest: unknown[]): Promise<unknown>;
};

/**
 * Keeps the error instances a node throws: WorkflowExecute stores only a spread copy of them.
 * It wraps WorkflowExecute.runNode, which runs one node once (each Retry On Fail attempt too) and
 * throws the node's error as it was thrown, in every n8n-core line the tests run (1.122, 2.40,
 * 2.41); 2.x's reportNodeExecutionError, used before, does not exist in 1.x.
 */
function captureNodeErrors(engine: WorkflowExecute, sink: Array<{ node: string; error: Error }>) {
	const internals = engine as unknown as EngineInternals;
	const runNode = internals.runNode.bind(engine);
	internals.runNode = async (workflow, executionData, ...rest) => {
		try {
			return await runNode(workflow, executionData, ...rest);
		} catch (error) {
			sink.push({ node: executionData.node.name, error: error as Error });
			throw error;
		}
	};
}

let reporterQuieted = false;

/**
 * n8n-core's ErrorReporter logs every node error with its cause chain (axios stack included) to
 * the console in tests. Tests assert on errors instead; set HARNESS_LOG_ERRORS=1 to see them.
 */
function quietErrorReporter() {
	if (reporterQuieted || process.env.HARNESS_LOG_ERRORS) return;
	reporterQuieted = true;
	const reporter = Container.get(ErrorReporter) as unknown as { report: (...args: unknown[]) => void };
	reporter.report = () => {};
}

function findStartNode(workflow: Workflow): INode | undefined {
	const nodes = Object.values(workflow.nodes).filter((n) => !n.disabled);
	const roots = nodes.filter((n) => workflow.getParentNodes(n.name, 'main', 1).length === 0);
	return roots[0] ?? workflow.getStartNode();
}

type LoadOptionsRequest = {
	node: { type: string; parameters: INode['parameters']; credentials: INode['credentials']; typeVersion?: number };
	credentials: Record<string, { type: string; name: string; data: ICredentialDataDecryptedObject }>;
};

/**
 * A LoadOptionsContext over a one-node workflow, with the node's current parameters, as the
 * editor's requests get it (n8n's DynamicNodeParametersService).
 */
function loadOptionsContext(opts: LoadOptionsRequest): { context: LoadOptionsContext; nodeType: INodeType } {
	const nodeTypes = getTypes();
	const credentialsHelper = new HarnessCredentialsHelper(nodeTypes.credentialTypes, deepCopy(opts.credentials));
	const typeVersion = opts.node.typeVersion ?? nodeTypes.latestVersion(opts.node.type);
	const nodeType = nodeTypes.getByNameAndVersion(opts.node.type, typeVersion) as INodeType;
	const node: INode = {
		id: 'picker-node',
		name: 'Node',
		type: opts.node.type,
		typeVersion,
		position: [0, 0],
		parameters: opts.node.parameters,
		credentials: opts.node.credentials,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const hooks = new ExecutionLifecycleHooks('internal', 'picker', { id: 'picker' } as IWorkflowBase);
	const additionalData = createAdditionalData({ credentialsHelper, hooks, executionId: 'picker', workflowId: 'picker' });
	additionalData.currentNodeParameters = opts.node.parameters;
	return { context: new LoadOptionsContext(workflow, node, additionalData, 'parameters'), nodeType };
}

/** Runs a picker's list-search method the way the editor does. */
export async function listSearch(
	opts: LoadOptionsRequest & { method: string; filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const { context, nodeType } = loadOptionsContext(opts);
	const method = nodeType.methods?.listSearch?.[opts.method];
	if (!method) throw new Error(`${opts.node.type} has no list-search method ${opts.method}`);
	return await method.call(context, opts.filter, opts.paginationToken);
}

/** Runs a resource mapper's field method the way the editor does when it shows the mapper. */
export async function resourceMapperFields(opts: LoadOptionsRequest & { method: string }): Promise<ResourceMapperFields> {
	const { context, nodeType } = loadOptionsContext(opts);
	const method = nodeType.methods?.resourceMapping?.[opts.method];
	if (!method) throw new Error(`${opts.node.type} has no resource mapping method ${opts.method}`);
	return await method.call(context);
}

function createAdditionalData(args: {
	credentialsHelper: HarnessCredentialsHelper;
	hooks: ExecutionLifecycleHooks;
	/** Undefined for a poll, as in n8n (its poll's additional data is WorkflowExecuteAdditionalData.getBase(): no execution yet). */
	executionId: string | undefined;
	workflowId: string;
}): IWorkflowExecuteAdditionalData {
	const notAvailable = (what: string) => async () => {
		throw new Error(`${what} is not available in the workflow harness`);
	};
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: args.credentialsHelper,
		hooks: args.hooks,
		executionId: args.executionId,
		workflowId: args.workflowId,
		userId: 'harness-user',
		projectId: 'harness-project',
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		executeWorkflow: notAvailable('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: notAvailable('startRunnerTask'),
	} as unknown as IWorkflowExecuteAdditionalData;
}

export type SingleNode = {
	type: string;
	parameters: object;
	name?: string;
	/** The node's id (default 'harness-node'); it is part of the node's derived Idempotency-Keys. */
	id?: string;
	typeVersion?: number;
	credentials?: INode['credentials'];
	continueOnFail?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	onError?: INode['onError'];
};

/**
 * Manual Trigger (or, given input items, a `test.items` source named "Input Items") -> the node.
 * The node is named `node.name` or "Node"; typeVersion defaults to the type's latest.
 */
export function singleNodeWorkflow(
	node: SingleNode,
	inputItems?: IDataObject[],
): { nodes: INode[]; connections: IConnections } {
	const name = node.name ?? 'Node';
	const source: INode = inputItems
		? {
				id: 'harness-source',
				name: 'Input Items',
				type: 'test.items',
				typeVersion: 1,
				position: [0, 0],
				parameters: { items: deepCopy(inputItems) } as unknown as INode['parameters'],
			}
		: {
				id: 'harness-trigger',
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			};
	const target: INode = {
		id: node.id ?? 'harness-node',
		name,
		type: node.type,
		typeVersion: node.typeVersion ?? getTypes().latestVersion(node.type),
		position: [220, 0],
		parameters: deepCopy(node.parameters) as INode['parameters'],
		...(node.credentials && { credentials: node.credentials }),
		...(node.continueOnFail !== undefined && { continueOnFail: node.continueOnFail }),
		...(node.retryOnFail !== undefined && { retryOnFail: node.retryOnFail }),
		...(node.maxTries !== undefined && { maxTries: node.maxTries }),
		...(node.waitBetweenTries !== undefined && { waitBetweenTries: node.waitBetweenTries }),
		...(node.onError !== undefined && { onError: node.onError }),
	};
	return {
		nodes: [source, target],
		connections: { [source.name]: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	};
}

/**
 * A polling trigger as n8n 2.40.7 runs it in an active workflow (packages/cli
 * trigger-execution-context.factory.js and workflow-trigger-activator.js, legacy static data, the
 * default): one Workflow object lives while the workflow is active, and its node static data is
 * written to the database (`persisted` here) only
 *   - after activation (the activation poll's changes included), and
 *   - when a poll returns items (`__emit` saves it before the execution starts).
 * A poll that returns null changes static data in memory only; a poll that throws is recorded as
 * a failed execution and saves nothing. `restart()` is n8n restarting: memory is lost and the
 * workflow is rebuilt from what was persisted. The Fetch Test Event button is `poll('manual')`.
 */
let pollWorkflows = 0;

export class PollHarness {
	persisted: IDataObject = {};
	/** The calls the last poll made to the credentials helper, in order (getDecrypted: a read of the credential). */
	credentialCalls: HarnessCredentialsHelper['calls'] = [];
	credentials: CredentialStore;
	private workflow!: Workflow;
	private readonly node: INode;

	constructor(opts: {
		node: { type: string; parameters: INode['parameters']; credentials: INode['credentials']; name?: string };
		credentials: HarnessCredentials;
		timezone?: string;
	}) {
		const nodeTypes = getTypes();
		this.credentials = opts.credentials;
		this.node = {
			id: 'poll-node',
			name: opts.node.name ?? 'Trigger',
			type: opts.node.type,
			typeVersion: nodeTypes.latestVersion(opts.node.type),
			position: [0, 0],
			parameters: opts.node.parameters,
			credentials: opts.node.credentials,
		};
		this.timezone = opts.timezone ?? 'Australia/Sydney';
		this.workflowId = `poll-workflow-${++pollWorkflows}`;
		this.restart();
	}

	private readonly timezone: string;
	/** Each harness is its own workflow, as in n8n (the trigger keys what it holds in memory by workflow and node). */
	private readonly workflowId: string;

	/** n8n restarting: the workflow is rebuilt from the static data that was saved. */
	restart(): void {
		this.workflow = this.fromSaved();
	}

	/** The workflow as n8n builds it from the static data that was saved. */
	private fromSaved(): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: 'Poll workflow',
			nodes: [deepCopy(this.node)],
			connections: {},
			active: true,
			nodeTypes: getTypes(),
			staticData: deepCopy(this.persisted),
			settings: { timezone: this.timezone } as IWorkflowSettings,
		});
	}

	/** The node's static data as it is in memory now. */
	get memory(): IDataObject {
		return deepCopy(this.workflow.getStaticData('node', this.workflow.getNode(this.node.name)!)) as IDataObject;
	}

	/** Activating the workflow: n8n polls once, then saves static data whatever the poll returned. */
	async activate(): Promise<IDataObject[] | null> {
		const items = await this.poll('trigger');
		this.save();
		return items;
	}

	/**
	 * Polls that n8n runs side by side, each from the position saved (n8n 2.x with durable poll
	 * cursors, starting again, runs the polls it missed together; each loads the saved position).
	 * What each returned (its items, null) or the message it threw; the first that delivered is
	 * saved, as n8n commits a delivering poll's position with its execution.
	 */
	async pollsSideBySide(count: number): Promise<Array<IDataObject[] | null | string>> {
		const workflows = Array.from({ length: count }, () => this.fromSaved());
		const settled = await Promise.allSettled(workflows.map(async (workflow) => await this.pollOn(workflow, 'trigger')));
		const delivered = settled.findIndex((s) => s.status === 'fulfilled' && s.value !== null);
		if (delivered >= 0) {
			this.workflow = workflows[delivered];
			this.save();
		}
		return settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message));
	}

	/** One poll; its items (json), or null. Throws what the poll threw (n8n records it as a failed execution). */
	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<IDataObject[] | null> {
		const items = await this.pollOn(this.workflow, mode);
		if (items !== null && mode === 'trigger') this.save();
		return items;
	}

	/**
	 * The poll context of each workflow (and mode): n8n 2.40.7 builds it once per activation and
	 * polls with it again and again (n8n-core active-workflow-triggers.js, activatePollTrigger), so
	 * what a node keeps by its context outlives a poll here as there.
	 */
	private readonly contexts = new WeakMap<Workflow, Map<string, { context: PollContext; credentialsHelper: HarnessCredentialsHelper }>>();

	private async pollOn(workflow: Workflow, mode: 'trigger' | 'manual'): Promise<IDataObject[] | null> {
		const nodeTypes = getTypes();
		const node = workflow.getNode(this.node.name)!;
		let byMode = this.contexts.get(workflow);
		if (!byMode) this.contexts.set(workflow, (byMode = new Map()));
		let kept = byMode.get(mode);
		if (!kept) {
			const credentialsHelper = new HarnessCredentialsHelper(nodeTypes.credentialTypes, this.credentials);
			const hooks = new ExecutionLifecycleHooks(mode, 'poll', { id: workflow.id } as IWorkflowBase);
			const additionalData = createAdditionalData({ credentialsHelper, hooks, executionId: undefined, workflowId: String(workflow.id) });
			kept = { credentialsHelper, context: new PollContext(workflow, node, additionalData, mode, mode === 'manual' ? 'manual' : 'activate') };
			byMode.set(mode, kept);
		}
		const { context, credentialsHelper } = kept;
		// This poll's calls only.
		credentialsHelper.calls.length = 0;
		this.credentialCalls = credentialsHelper.calls;
		const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
		quietErrorReporter();
		const result = await nodeType.poll!.call(context);
		if (result === null) return null;
		return result[0].map((item) => item.json);
	}

	private save(): void {
		const staticData = this.workflow.staticData as IDataObject;
		if (staticData.__dataChanged === true) {
			staticData.__dataChanged = false;
			this.persisted = deepCopy(staticData);
			delete this.persisted.__dataChanged;
		}
	}
}
