/**
 * Rostering nodes as the tools of an AI agent: a published workflow with n8n's MCP Server Trigger
 * and Rostering nodes attached to it as tools, under `n8n start`, used by a real MCP client
 * (@modelcontextprotocol/sdk's Client) over both transports the trigger speaks. The client lists
 * the tools, checks the input schemas n8n derived from the nodes, and calls them: the records that
 * come back are the sandbox's, read with the credential's token.
 *
 * Verified in n8n 2.40.7's source (.n8n-runtime/n8n/node_modules) and by running it:
 *
 * - Tool variants: at load, n8n copies every node with `usableAsTool: true` into a tool variant
 *   named `<package>.<node name>Tool` (here `n8n-nodes-rostering.rosteringLocationTool`, display
 *   name "Rostering Location Tool"; n8n/dist/tool-generation/ai-tools.js convertNodeToAiTool): no
 *   main input, one `ai_tool` output, and two parameters added in front: `descriptionType`
 *   ('auto' | 'manual') and `toolDescription`. The variant is wired to the trigger as
 *   `connections[<tool node>].ai_tool = [[{ node: <trigger>, type: 'ai_tool', index: 0 }]]`.
 *   Community packages need no setting for this in 2.x (no N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE).
 * - What the client sees (n8n-core create-node-as-tool.js, McpServer toolDescriptors): the tool's
 *   name is the node's name with every run of characters outside [A-Za-z0-9_-] turned into `_`
 *   ("Get locations" → Get_locations); its description is the node's Tool Description, or with
 *   descriptionType 'auto' "<operation's action> in <node's default name>" ("Get many locations in
 *   Rostering Location"); its input schema (JSON Schema 2020-12 from zod) has one property per
 *   `$fromAI(key, description, type)` found in the node's parameters, all required, and
 *   additionalProperties true. Parameters without $fromAI are fixed by the workflow: an agent cannot
 *   set them. A call runs the node (declarative routing with the node's own preSend checks, the
 *   credential signing and refreshing as in any run) with the arguments as its input, and answers
 *   one text content: the JSON array of the items the node output. A node error comes back as a
 *   tool result with isError and the text "NodeOperationError: <message>\n\nDetails: <description>".
 * - The trigger (@n8n/n8n-nodes-langchain.mcpTrigger, typeVersion 2.1, the newest): Authentication
 *   'none' (its default; Bearer/Header auth take an httpBearerAuth/httpHeaderAuth credential, n8n
 *   OAuth2 needs a browser consent) and a Path. Published, it answers at the production URL
 *   `<base>/mcp/<path>` (N8N_ENDPOINT_MCP, default `mcp`; `/mcp-test/<path>` while "listening" in
 *   the editor): for typeVersion >= 2 the same URL takes Streamable HTTP (POST, then the
 *   `mcp-session-id` header) and SSE (GET opens the stream, messages POSTed to `?sessionId=`);
 *   typeVersion 1.x used `<path>/sse` and `<path>/messages`. No environment setting is needed
 *   (`n8n start` with the env startServer() gives; here the shared n8n, shared-n8n.ts). Publishing goes through n8n's outbox, so the
 *   URL answers a moment after the activate call: the client retries connecting until it does.
 * - In n8n's default (regular, not queue) mode a tool call runs inside the trigger's webhook
 *   request, then n8n saves an execution of the workflow whose MCP Server Trigger item carries
 *   `mcpToolCall` {toolName, arguments, sourceNodeName}.
 *
 * Takes a few seconds in the shared n8n (publishing and the calls; a boot of its own took about 18 s).
 */
import { randomUUID } from 'crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { startSandbox } from '../../sandbox';
import { assertBuilt, E2E_CREDENTIAL, executionItems, rosteringCredential, type N8nServer, type WorkflowJson, waitFor, printServerLogOnFailure, onN8n1 } from './n8n';
import { sharedN8n, type SharedN8n } from './shared-n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

jest.setTimeout(4 * 60_000);

const TRIGGER = 'MCP Server Trigger';
const MCP_PATH = 'rostering-e2e';
const credentials = { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } };
const SHIFTS_DESCRIPTION = 'Lists the rostered shifts of the business; limit says how many';

/** A Rostering node's tool variant, as the editor saves it when it is dropped on the trigger's Tools input. */
function toolNode(name: string, type: string, parameters: Rec, position: [number, number]): Rec {
	return {
		id: randomUUID(),
		name,
		type: `n8n-nodes-rostering.${type}Tool`,
		typeVersion: 1,
		position,
		parameters,
		credentials,
	};
}

function mcpWorkflow(): WorkflowJson {
	const tools = [
		toolNode(
			'Get locations',
			'rosteringLocation',
			{
				descriptionType: 'auto',
				resource: 'location',
				operation: 'getAll',
				returnAll: false,
				limit: "={{ $fromAI('limit', 'How many locations to return', 'number') }}",
				filters: {},
				options: {},
			},
			[-200, 200],
		),
		toolNode(
			'Get location',
			'rosteringLocation',
			{
				descriptionType: 'auto',
				resource: 'location',
				operation: 'get',
				locationId: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('locationId', 'The id of the location: 24 hexadecimal characters', 'string') }}",
				},
				options: {},
			},
			[0, 200],
		),
		toolNode(
			'Get shifts',
			'rosteringShift',
			{
				descriptionType: 'manual',
				toolDescription: SHIFTS_DESCRIPTION,
				resource: 'shift',
				operation: 'getAll',
				returnAll: false,
				limit: "={{ $fromAI('limit', 'How many shifts to return', 'number') }}",
				filters: {},
				options: {},
			},
			[200, 200],
		),
		// A7 (nodes/shared/n8n-internals.ts): n8n runs a tool through RoutingNode, one item per call,
		// not through the node's customOperations; Create Many keeps a routing for that path.
		toolNode(
			'Create shifts',
			'rosteringShift',
			{
				descriptionType: 'auto',
				resource: 'shift',
				operation: 'createMany',
				locationId: { __rl: true, mode: 'id', value: "={{ $fromAI('locationId', 'The id of the location', 'string') }}" },
				positionId: { __rl: true, mode: 'id', value: "={{ $fromAI('positionId', 'The id of the position', 'string') }}" },
				startTime: "={{ $fromAI('start', 'Start, with a UTC offset', 'string') }}",
				endTime: "={{ $fromAI('end', 'End, with a UTC offset', 'string') }}",
				additionalFields: {},
				options: {},
			},
			[400, 200],
		),
	];
	const connections: Rec = {};
	for (const tool of tools) connections[String(tool.name)] = { ai_tool: [[{ node: TRIGGER, type: 'ai_tool', index: 0 }]] };
	return {
		name: 'e2e: Rostering tools over MCP',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER,
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { authentication: 'none', path: MCP_PATH },
			},
			...tools,
		],
		connections,
		pinData: {},
	};
}


type Transport = 'streamable-http' | 'sse';

describe('real n8n server: Rostering nodes as tools of the MCP Server Trigger', () => {
	let sb: Sandbox;
	let n8n: SharedN8n | undefined;
	let server: N8nServer | undefined;
	let accessToken: string;
	let workflowId: string;
	const clients: Client[] = [];

	const t0 = Date.now();
	const log = (msg: string) => process.stderr.write(`[mcp e2e +${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);

	/** An MCP client connected to the trigger's production URL. */
	async function connect(kind: Transport): Promise<Client> {
		const url = new URL(`${server!.baseUrl}/mcp/${MCP_PATH}`);
		const client = new Client({ name: 'rostering-e2e', version: '1.0.0' });
		await client.connect(kind === 'sse' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url));
		clients.push(client);
		return client;
	}

	/** callTool, its one text content parsed as JSON (what n8n answers for a node tool). */
	async function callTool(client: Client, name: string, args: Rec): Promise<{ isError: boolean; text: string; json?: unknown }> {
		const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text?: string }> };
		expect(result.content).toHaveLength(1);
		expect(result.content[0].type).toBe('text');
		const text = String(result.content[0].text);
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			// an error text
		}
		return { isError: result.isError === true, text, json };
	}

	/** The API requests (not OAuth) the sandbox received. */
	const apiCalls = () => sb.requests.filter((r) => r.path.startsWith('/v1/'));

	beforeAll(async () => {
		assertBuilt();
		sb = await startSandbox();
		const tokens = sb.issueToken();
		accessToken = tokens.access_token;
		n8n = await sharedN8n();
		server = n8n.server;
		log(`n8n at ${server.baseUrl}`);
		await n8n.importCredentials([rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens })]);
		workflowId = await n8n.importWorkflow(mcpWorkflow());
		await server.activate(workflowId);
		// Publishing goes through n8n's outbox: the MCP URL is registered a moment later.
		const first = await waitFor('the MCP Server Trigger to answer at its production URL', 60_000, () =>
			connect('streamable-http').catch(() => undefined),
		);
		await first.close();
		log('published; the MCP URL answers');
	}, 20 * 60_000);

	afterAll(async () => {
		for (const client of clients) await client.close().catch(() => undefined);
		// Unpublished, so that the shared n8n's next users meet no MCP URL of this file.
		if (workflowId) await server?.rest('POST', `/rest/workflows/${workflowId}/deactivate`).catch(() => undefined);
		await sb?.close();
	});

	afterEach(() => printServerLogOnFailure(server));

	test.each<Transport>(['streamable-http', 'sse'])('%s: lists the Rostering tools with the input schemas n8n derived from them', async (kind) => {
		sb.clearRequests();
		const client = await connect(kind);
		expect(client.getServerVersion()?.name).toBe('MCP_Server_Trigger');
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
		expect(Object.keys(byName).sort()).toEqual(['Create_shifts', 'Get_location', 'Get_locations', 'Get_shifts']);

		// Descriptions: automatic ones from the operation's action, or the node's Tool Description.
		expect(byName.Get_locations.description).toBe('Get many locations in Rostering Location');
		expect(byName.Get_location.description).toBe('Get a location in Rostering Location');
		expect(byName.Get_shifts.description).toBe(SHIFTS_DESCRIPTION);

		// Input schemas: exactly the $fromAI() arguments, typed, described and required. n8n leaves
		// additionalProperties open (zod's default object, removeAdditionalStrategy 'strict').
		const schema = (properties: Rec) => ({
			// n8n 1.x derives draft-07 schemas, 2.x draft 2020-12.
			$schema: onN8n1() ? 'http://json-schema.org/draft-07/schema#' : 'https://json-schema.org/draft/2020-12/schema',
			type: 'object',
			properties,
			required: Object.keys(properties),
			additionalProperties: true,
		});
		expect(byName.Get_locations.inputSchema).toEqual(schema({ limit: { type: 'number', description: 'How many locations to return' } }));
		expect(byName.Get_location.inputSchema).toEqual(
			schema({ locationId: { type: 'string', description: 'The id of the location: 24 hexadecimal characters' } }),
		);
		expect(byName.Get_shifts.inputSchema).toEqual(schema({ limit: { type: 'number', description: 'How many shifts to return' } }));

		// Listing tools reads nothing from the service.
		expect(apiCalls()).toEqual([]);
		await client.close();
	});

	test('streamable-http: Get many locations returns the sandbox\'s locations, read with the credential\'s token', async () => {
		sb.clearRequests();
		const before = (await server!.executions(workflowId)).length;
		const client = await connect('streamable-http');
		const result = await callTool(client, 'Get_locations', { limit: 2 });
		expect(result.isError).toBe(false);
		const locations = result.json as Rec[];
		expect(locations).toHaveLength(2);

		// The records are the sandbox's, as the API renders them.
		for (const location of locations) expect(location).toEqual(sb.store.get('locations', String(location.id)));
		// One signed request, asking for just as many as the agent wanted.
		const calls = apiCalls();
		expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['GET /v1/locations 200']);
		expect(calls[0].headers.authorization).toBe(`Bearer ${accessToken}`);
		expect(calls[0].query.limit).toBe('2');
		expect(locations.map((l) => l.id)).toEqual((calls[0].responseBody as { data: Rec[] }).data.map((l) => l.id));

		// n8n recorded the tool call as an execution of the workflow.
		const execution = await waitFor('the tool call\'s execution', 30_000, async () => {
			const list = await server!.executions(workflowId);
			return list.length > before ? list[0] : undefined;
		});
		const done = await server!.waitForExecution(execution.id);
		expect(done.status).toBe('success');
		// n8n 2.x puts the call on the trigger's item; 1.x records the execution without it.
		if (!onN8n1()) {
			const [item] = executionItems(done, TRIGGER);
			expect(item.mcpToolCall).toMatchObject({ toolName: 'Get_locations', arguments: { limit: 2 }, sourceNodeName: 'Get locations' });
		}
		await client.close();
	});

	test('sse: Get many shifts with a limit, then Get a location by the id the agent read', async () => {
		sb.clearRequests();
		const client = await connect('sse');

		const shifts = await callTool(client, 'Get_shifts', { limit: 3 });
		expect(shifts.isError).toBe(false);
		const records = shifts.json as Rec[];
		expect(records).toHaveLength(3);
		for (const shift of records) expect(shift).toEqual(sb.store.get('shifts', String(shift.id)));
		const shiftCalls = apiCalls();
		expect(shiftCalls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['GET /v1/shifts 200']);
		expect(shiftCalls[0].headers.authorization).toBe(`Bearer ${accessToken}`);
		expect(shiftCalls[0].query.limit).toBe('3');

		// An agent's next step: the location of the first shift.
		sb.clearRequests();
		const locationId = String(records[0].location_id);
		const location = await callTool(client, 'Get_location', { locationId });
		expect(location.isError).toBe(false);
		expect(location.json).toEqual([sb.store.get('locations', locationId)]);
		const calls = apiCalls();
		expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([`GET /v1/locations/${locationId} 200`]);
		expect(calls[0].headers.authorization).toBe(`Bearer ${accessToken}`);
		await client.close();
	});

	test('bad ids come back as tool errors the agent can read: refused before sending, or the service\'s 404', async () => {
		sb.clearRequests();
		const client = await connect('streamable-http');
		// Not an id at all: the node's own check refuses it; nothing reaches the service.
		const notAnId = await callTool(client, 'Get_location', { locationId: 'South Bank Kitchen' });
		expect(notAnId.isError).toBe(true);
		// The error's class name leads the text on 2.x ("NodeOperationError: "), "Error: " on 1.x.
		const lead = onN8n1() ? 'Error: ' : 'NodeOperationError: ';
		expect(notAnId.text).toContain(`${lead}Location: "South Bank Kitchen" is not a location id`);
		expect(notAnId.text).toContain('Details: Ids are 24 lowercase hexadecimal characters');
		expect(apiCalls()).toEqual([]);

		// A well-formed id the business does not have: one signed request, the service's 404 explained.
		const unknown = 'ffffffffffffffffffffffff';
		expect(sb.store.get('locations', unknown)).toBeUndefined();
		const missing = await callTool(client, 'Get_location', { locationId: unknown });
		expect(missing.isError).toBe(true);
		const calls = apiCalls();
		expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([`GET /v1/locations/${unknown} 404`]);
		expect(calls[0].headers.authorization).toBe(`Bearer ${accessToken}`);
		expect(missing.text).toMatch(new RegExp(`(${lead.trim()}|Error:) No location ${unknown} in this business`));
		expect(missing.text).toContain(`Request id: ${calls[0].requestId}`);
		await client.close();
	});

	test('A7: Create Many as a tool runs through RoutingNode, one item per call: each call creates its shift once, with an Idempotency-Key', async () => {
		sb.clearRequests();
		const client = await connect('streamable-http');
		const location = [...sb.store.t.locations.values()].find((l) => l.business_id === sb.store.mainBusinessId && l.timezone === 'Australia/Sydney' && !l.archived)!;
		const position = [...sb.store.t.positions.values()].find((p) => p.location_id === location.id && p.active && !p.archived)!;
		const made: Rec[] = [];
		// March (summer time in Sydney) nine years on: a fixed year would one day be in the past.
		for (const day of [5, 6].map((d) => `${sb.clock.now().getUTCFullYear() + 9}-03-0${d}`)) {
			const result = await callTool(client, 'Create_shifts', { locationId: location.id, positionId: position.id, start: `${day}T09:00:00+11:00`, end: `${day}T17:00:00+11:00` });
			expect(result.isError).toBe(false);
			made.push(...(result.json as Rec[]));
		}
		expect(made).toHaveLength(2);
		for (const shift of made) expect(shift).toEqual(sb.store.get('shifts', String(shift.id)));
		const calls = apiCalls().filter((c) => c.method === 'POST');
		expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['POST /v1/shifts 201', 'POST /v1/shifts 201']);
		for (const call of calls) expect(call.headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{48}$/);
		await client.close();
	});

	test('an expired access token is refreshed during a tool call: the agent still gets its records', async () => {
		sb.clearRequests();
		sb.expireAccessTokens();
		const client = await connect('streamable-http');
		const result = await callTool(client, 'Get_locations', { limit: 1 });
		expect(result.isError).toBe(false);
		const [location] = result.json as Rec[];
		expect(location).toEqual(sb.store.get('locations', String(location.id)));

		// Refused with the old token (the package's request, then n8n's OAuth2 helper's with the stored
		// token: n8n-internals A11), refreshed once at the token endpoint, retried with the new one.
		const calls = sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(calls).toEqual(['GET /v1/locations 401', 'GET /v1/locations 401', 'POST /oauth/token 200', 'GET /v1/locations 200']);
		const [refused, refusedAgain, refresh, retried] = sb.requests;
		expect(refused.headers.authorization).toBe(`Bearer ${accessToken}`);
		expect(refusedAgain.headers.authorization).toBe(`Bearer ${accessToken}`);
		const renewed = (refresh.responseBody as { access_token: string }).access_token;
		expect(renewed).not.toBe(accessToken);
		expect(retried.headers.authorization).toBe(`Bearer ${renewed}`);
		accessToken = renewed;
		await client.close();
	});
});
