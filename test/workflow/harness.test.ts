/**
 * Proves the workflow harness (test/harness) on its own: a tiny declarative node type defined here,
 * the package's real credential type (rosteringOAuth2Api, extends oAuth2Api), and a tiny node:http
 * API with an OAuth2 token endpoint. Everything between them is n8n-core: WorkflowExecute,
 * RoutingNode, httpRequestWithAuthentication -> requestOAuth2 -> refresh on 401.
 */
import type { IDataObject, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { getTypes, ON_N8N_1, registerNodeType, runWorkflow, singleNodeWorkflow } from '../harness';

// ---------------------------------------------------------------------------------------------
// A tiny API: Bearer-protected /v1/things, and /oauth/token (HTTP Basic client auth, refresh_token).

type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

class TinyApi {
	readonly clientId = 'client-abc';

	readonly clientSecret = 'secret-xyz';

	/** access token -> still valid? */
	readonly accessTokens = new Map<string, boolean>([['access-1', true], ['access-expired', false]]);

	readonly refreshTokens = new Set<string>();

	readonly requests: Recorded[] = [];

	private server?: Server;

	private counter = 1;

	url = '';

	/** A fresh refresh token the token endpoint will accept once. */
	issueRefreshToken(): string {
		this.counter += 1;
		const token = `refresh-${this.counter}`;
		this.refreshTokens.add(token);
		return token;
	}

	async start(): Promise<void> {
		this.server = createServer((req, res) => {
			let body = '';
			req.on('data', (c) => (body += c));
			req.on('end', () => {
				this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
				this.handle(req, res, body);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
	}

	async stop(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}

	private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
		res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
		res.end(JSON.stringify(body));
	}

	private handle(req: IncomingMessage, res: ServerResponse, body: string) {
		const url = new URL(req.url ?? '/', this.url);
		if (req.method === 'POST' && url.pathname === '/oauth/token') return this.token(req, res, body);

		const auth = req.headers.authorization ?? '';
		const token = /^Bearer (.+)$/.exec(auth)?.[1];
		if (!token || !this.accessTokens.has(token)) {
			return this.send(res, 401, { error: 'invalid_token', message: 'No valid access token' });
		}
		if (!this.accessTokens.get(token)) {
			return this.send(res, 401, { error: 'invalid_token', message: 'The access token expired' }, {
				'WWW-Authenticate': 'Bearer error="invalid_token"',
			});
		}

		if (req.method === 'GET' && url.pathname === '/v1/things') {
			return this.send(res, 200, {
				data: [
					{ id: 't1', name: 'First' },
					{ id: 't2', name: 'Second' },
				],
				meta: { page: 1 },
			});
		}
		const match = /^\/v1\/things\/([^/]+)$/.exec(url.pathname);
		if (req.method === 'GET' && match) {
			const id = decodeURIComponent(match[1]);
			if (id === 'slow-down') {
				return this.send(
					res,
					429,
					{ error: 'rate_limited', message: 'Too many requests', retry_after_seconds: 7 },
					{ 'Retry-After': '7', 'X-Request-Id': 'req-429' },
				);
			}
			if (id.startsWith('missing')) {
				return this.send(res, 404, { error: 'not_found', message: `Thing ${id} not found` }, { 'X-Request-Id': 'req-404' });
			}
			return this.send(res, 200, { id, name: `Thing ${id}`, tag: url.searchParams.get('tag') });
		}
		return this.send(res, 404, { error: 'no_route' });
	}

	private token(req: IncomingMessage, res: ServerResponse, body: string) {
		const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
		const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
		if (id !== this.clientId || secret !== this.clientSecret) {
			return this.send(res, 401, { error: 'invalid_client' });
		}
		if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
			return this.send(res, 400, { error: 'invalid_request', error_description: 'form body expected' });
		}
		const form = new URLSearchParams(body);
		if (form.get('grant_type') !== 'refresh_token') return this.send(res, 400, { error: 'unsupported_grant_type' });
		const refresh = form.get('refresh_token') ?? '';
		if (!this.refreshTokens.has(refresh)) return this.send(res, 400, { error: 'invalid_grant' });
		// Rotate both tokens.
		this.refreshTokens.delete(refresh);
		this.counter += 1;
		const access = `access-${this.counter}`;
		const newRefresh = `refresh-${this.counter}`;
		this.accessTokens.set(access, true);
		this.refreshTokens.add(newRefresh);
		return this.send(res, 200, {
			access_token: access,
			refresh_token: newRefresh,
			token_type: 'bearer',
			expires_in: 3600,
			scope: 'things:read offline_access',
		});
	}
}

// ---------------------------------------------------------------------------------------------
// A tiny declarative node using the package's credential.

class TinyThings implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tiny Things',
		name: 'tinyThings',
		group: ['transform'],
		version: 1,
		description: 'Harness self-test node',
		defaults: { name: 'Tiny Things' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'rosteringOAuth2Api', required: true }],
		requestDefaults: {
			baseURL: '={{ $credentials.baseUrl }}/v1',
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'List',
						value: 'list',
						action: 'List things',
						routing: {
							request: { method: 'GET', url: '/things' },
							output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] },
						},
					},
					{
						name: 'Get',
						value: 'get',
						action: 'Get a thing',
						routing: { request: { method: 'GET', url: '=/things/{{ encodeURIComponent($parameter.thingId) }}' } },
					},
				],
				default: 'list',
			},
			{
				displayName: 'Thing ID',
				name: 'thingId',
				type: 'string',
				default: '',
				displayOptions: { show: { operation: ['get'] } },
			},
			{
				displayName: 'Tag',
				name: 'tag',
				type: 'string',
				default: '',
				displayOptions: { show: { operation: ['get'] } },
				routing: { send: { type: 'query', property: 'tag' } },
			},
		],
	};
}

const TINY = registerNodeType(new TinyThings());
const CRED = { rosteringOAuth2Api: { id: 'cred-1', name: 'Rostering account' } };

const api = new TinyApi();
beforeAll(async () => await api.start());
afterAll(async () => await api.stop());
beforeEach(() => {
	api.requests.length = 0;
});

function credentials(accessToken: string, refreshToken = api.issueRefreshToken()) {
	return {
		'cred-1': {
			type: 'rosteringOAuth2Api',
			name: 'Rostering account',
			data: {
				environment: 'custom',
				customBaseUrl: `${api.url}/v1/`, // trailing "/v1/" is stripped by the credential's baseUrl expression
				clientId: api.clientId,
				clientSecret: api.clientSecret,
				access: 'custom',
				permissions: ['things:read', 'offline_access'],
				oauthTokenData: {
					access_token: accessToken,
					refresh_token: refreshToken,
					token_type: 'bearer',
					expires_in: 3600,
					scope: 'things:read offline_access',
				},
			},
		},
	};
}

describe('workflow harness', () => {
	test('loads the package types under community names and the stand-ins', () => {
		const known = Object.keys(getTypes().getKnownTypes());
		expect(known).toEqual(expect.arrayContaining(['n8n-nodes-base.manualTrigger', 'test.items', TINY]));
		expect(TINY).toBe('test.tinyThings');
		for (const name of known.filter((n) => !n.startsWith('test.') && !n.startsWith('n8n-nodes-base.'))) {
			expect(name.startsWith(`${getTypes().packageName}.`)).toBe(true);
		}
		expect(getTypes().credentialTypes.getParentTypes('rosteringOAuth2Api')).toEqual(['oAuth2Api']);
		// n8n's loader adds the declarative "requestOptions" collection; registerNodeType does too.
		const tiny = getTypes().getByNameAndVersion(TINY);
		expect(tiny.description.properties.map((p) => p.name)).toContain('requestOptions');
	});

	test('resolves the credential like n8n: parent defaults, then $self expressions', async () => {
		const store = credentials('access-1');
		const { HarnessCredentialsHelper } = await import('../harness');
		const helper = new HarnessCredentialsHelper(getTypes().credentialTypes, store);
		const resolved = await helper.resolve('cred-1', {} as never);
		expect(resolved).toMatchObject({
			baseUrl: api.url,
			accessTokenUrl: `${api.url}/oauth/token`,
			authUrl: `${api.url}/oauth/authorize`,
			scope: 'things:read offline_access',
			grantType: 'pkce',
			authentication: 'header',
			authQueryParameters: '',
			clientId: api.clientId,
		});
		expect(resolved.oauthTokenData).toMatchObject({ access_token: 'access-1' });
		// doNotInherit parent fields are not given to the child, as in n8n.
		expect(resolved).not.toHaveProperty('tokenExpiredStatusCode');
	});

	test('(1) a GET signed with the access token returns items', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow({ type: TINY, parameters: { operation: 'list' }, credentials: CRED }),
			credentials: credentials('access-1'),
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([
			{ id: 't1', name: 'First' },
			{ id: 't2', name: 'Second' },
		]);
		expect(result.executionOrder).toEqual(['Manual Trigger', 'Node']);
		const req = api.requests.find((r) => r.url === '/v1/things')!;
		expect(req.headers.authorization).toBe('Bearer access-1');
		expect(req.headers.accept).toBe('application/json');
		expect(result.credentialCalls.map((c) => c.method)).not.toContain('updateCredentialsOauthTokenData');
	});

	test('(2) an expired access token is refreshed through accessTokenUrl, the request retried, the tokens rotated', async () => {
		const refreshToken = api.issueRefreshToken();
		const result = await runWorkflow({
			workflow: singleNodeWorkflow({ type: TINY, parameters: { operation: 'list' }, credentials: CRED }),
			credentials: credentials('access-expired', refreshToken),
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toHaveLength(2);

		expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
			'GET /v1/things',
			'POST /oauth/token',
			'GET /v1/things',
		]);
		const [first, tokenRequest, retry] = api.requests;
		expect(first.headers.authorization).toBe('Bearer access-expired');
		expect(tokenRequest.headers.authorization).toBe(
			`Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString('base64')}`,
		);
		expect(tokenRequest.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		const form = Object.fromEntries(new URLSearchParams(tokenRequest.body));
		// What n8n's client-oauth2 sends on refresh with authentication "header": no client id in the body.
		expect(form).toEqual({ grant_type: 'refresh_token', refresh_token: refreshToken });

		const tokenData = result.credentials['cred-1'].data.oauthTokenData as IDataObject;
		expect(retry.headers.authorization).toBe(`Bearer ${tokenData.access_token}`);
		expect(api.accessTokens.get(tokenData.access_token as string)).toBe(true);
		expect(api.refreshTokens.has(tokenData.refresh_token as string)).toBe(true);
		expect(tokenData.refresh_token).not.toBe(refreshToken);
		expect(tokenData).toMatchObject({
			token_type: 'bearer',
			expires_in: 3600,
		});
		// n8n-core 2.x adds its own expiry stamp; 1.x stores the token data as the server sent it.
		if (ON_N8N_1) expect(tokenData).not.toHaveProperty('n8n_expires_at');
		else expect(Number(tokenData.n8n_expires_at)).toBeGreaterThan(Date.now());
		// The refresh read the stored credential raw (2.x: to see whether another run refreshed it
		// already; 1.x has no such check and reads it as usual), then wrote only the token data back.
		const calls = result.credentialCalls.map((c) => c.method);
		expect(calls).toContain(ON_N8N_1 ? 'getDecrypted' : 'getDecrypted(raw)');
		expect(calls).toContain('updateCredentialsOauthTokenData');
		// Only oauthTokenData changed in the store; the rest is as the user stored it.
		expect(result.credentials['cred-1'].data).toMatchObject({ environment: 'custom', customBaseUrl: `${api.url}/v1/` });
		expect(result.credentials['cred-1'].data).not.toHaveProperty('baseUrl');
	});

	test('the store a run returns can be fed to the next run: the rotated token is used as is', async () => {
		const first = await runWorkflow({
			workflow: singleNodeWorkflow({ type: TINY, parameters: { operation: 'list' }, credentials: CRED }),
			credentials: credentials('access-expired'),
		});
		const rotated = (first.credentials['cred-1'].data.oauthTokenData as IDataObject).access_token;
		api.requests.length = 0;
		const second = await runWorkflow({
			workflow: singleNodeWorkflow({ type: TINY, parameters: { operation: 'list' }, credentials: CRED }),
			credentials: first.credentials,
		});
		expect(second.error).toBeUndefined();
		expect(api.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
			`GET /v1/things Bearer ${rotated}`,
		]);
	});

	test('(3) a failing request is the run error, a NodeApiError naming the node', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow({
				type: TINY,
				name: 'Get Thing',
				parameters: { operation: 'get', thingId: 'missing-1' },
				credentials: CRED,
			}),
			credentials: credentials('access-1'),
		});
		expect(result.error).toBeInstanceOf(NodeApiError);
		const error = result.error as NodeApiError;
		expect(error.node?.name).toBe('Get Thing');
		expect(result.storedError).toMatchObject({ name: 'NodeApiError', node: { name: 'Get Thing' } });
		expect(error.httpCode).toBe('404');
		expect(result.run.data.resultData.lastNodeExecuted).toBe('Get Thing');
		expect(result.run.status).toBe('error');
		// The API's own message is kept in the NodeApiError's description, not its message.
		expect(error.message).toMatch(/resource you are requesting could not be found/i);
		expect(error.description).toBe('Thing missing-1 not found');
		// The whole parsed body survives on `context.data`.
		expect(error.context.data).toEqual({ error: 'not_found', message: 'Thing missing-1 not found' });
	});

	test('(3b) a 429 with Retry-After: where n8n-core keeps the status, body and headers', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow({
				type: TINY,
				name: 'Get Thing',
				parameters: { operation: 'get', thingId: 'slow-down' },
				credentials: CRED,
			}),
			credentials: credentials('access-1'),
		});
		const error = result.error as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('429');
		// n8n's generic text per status; RoutingNode's "Try spacing your requests out..." rewrite checks
		// `reason.statusCode === 429`, which a NodeApiError (httpCode) never has, so it does not apply.
		expect(error.message).toBe('The service is receiving too many requests from you');
		expect(error.description).toBe('Too many requests');
		expect(error.messages).toEqual(['Request failed with status code 429']);
		expect(error.context.data).toEqual({ error: 'rate_limited', message: 'Too many requests', retry_after_seconds: 7 });
		// Response headers survive only on the live instance's `cause` (the AxiosError), lower-cased.
		// n8n-core 1.x keeps no cause at all: the headers are gone (n8n-internals A1, its 1.x variant).
		if (ON_N8N_1) {
			expect(error.cause).toBeUndefined();
			expect(JSON.stringify(error)).not.toMatch(/req-429/);
			return;
		}
		const cause = error.cause as unknown as { response: { status: number; headers: Record<string, string>; data: unknown } };
		expect(cause.response.status).toBe(429);
		expect(cause.response.headers['retry-after']).toBe('7');
		expect(cause.response.headers['x-request-id']).toBe('req-429');
		// What n8n stores (run.data.resultData.error) is a spread copy: no prototype, no `cause`,
		// so no headers at all; the body is still there in context.data.
		const stored = result.storedError as unknown as Record<string, unknown>;
		expect(stored).not.toBeInstanceOf(NodeApiError);
		expect(stored).toMatchObject({ name: 'NodeApiError', httpCode: '429', description: 'Too many requests' });
		expect(stored.cause).toBeUndefined();
		expect(JSON.stringify(stored)).not.toMatch(/retry-after/i);
		expect((stored.context as IDataObject).data).toMatchObject({ retry_after_seconds: 7 });
		expect(result.run.data.resultData.runData['Get Thing'][0].error).toMatchObject({ httpCode: '429' });
	});

	test('(4) input items from the test source reach the node, one request each', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow(
				{
					type: TINY,
					parameters: { operation: 'get', thingId: '={{ $json.id }}', tag: '={{ $json.tag }}' },
					credentials: CRED,
				},
				[
					{ id: 'a', tag: 'x' },
					{ id: 'b', tag: 'y' },
				],
			),
			credentials: credentials('access-1'),
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Input Items')).toEqual([
			{ id: 'a', tag: 'x' },
			{ id: 'b', tag: 'y' },
		]);
		expect(result.json('Node')).toEqual([
			{ id: 'a', name: 'Thing a', tag: 'x' },
			{ id: 'b', name: 'Thing b', tag: 'y' },
		]);
		expect(api.requests.map((r) => r.url).sort()).toEqual(['/v1/things/a?tag=x', '/v1/things/b?tag=y']);
		expect(result.output('Node').map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('continueOnFail turns the failure into an error item', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow(
				{ type: TINY, parameters: { operation: 'get', thingId: '={{ $json.id }}' }, credentials: CRED, continueOnFail: true },
				[{ id: 'ok' }, { id: 'missing-2' }],
			),
			credentials: credentials('access-1'),
		});
		expect(result.error).toBeUndefined();
		const out = result.output('Node');
		expect(out[0].json).toMatchObject({ id: 'ok' });
		expect(out[1].error).toBeInstanceOf(NodeApiError);
	});

	test('a refresh token the server refuses (invalid_grant) asks the user to reconnect', async () => {
		const result = await runWorkflow({
			workflow: singleNodeWorkflow({ type: TINY, parameters: { operation: 'list' }, credentials: CRED }),
			credentials: credentials('access-expired', 'refresh-revoked'),
		});
		// requestOAuth2 throws a NodeOperationError; httpRequestWithAuthentication wraps it in a NodeApiError.
		expect(result.error).toBeInstanceOf(NodeApiError);
		if (ON_N8N_1) {
			// n8n-core 1.x: the OAuth client's own text, code EAUTH; the package's nodes turn this into
			// "reconnect the credential" (n8n-internals A3).
			expect(result.error!.message).toMatch(/refresh token is invalid, expired, revoked/);
			expect(result.error).toMatchObject({ httpCode: 'EAUTH' });
			expect(result.credentials['cred-1'].data.oauthTokenData).toMatchObject({ access_token: 'access-expired' });
			return;
		}
		expect(result.error!.message).toBe('The credential "Rostering account" needs to be reconnected.');
		expect((result.error as NodeApiError).cause).toBeInstanceOf(NodeOperationError);
		expect((result.error as NodeApiError).description).toMatch(/revoked access/);
		expect(result.error).toMatchObject({ httpCode: null, level: 'warning', failure: { cause: 'credential-invalid' } });
		expect(result.credentials['cred-1'].data.oauthTokenData).toMatchObject({ access_token: 'access-expired' });
	});
});
