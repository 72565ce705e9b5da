/**
 * "Connect my account" in a real n8n server (the shared one, shared-n8n.ts) against the sandbox in this
 * process, through n8n's own OAuth2 endpoints (connectThroughOAuth in ./oauth.ts: POST
 * /rest/credentials, GET /rest/oauth2-credential/auth?id=, the sandbox's consent page, n8n's GET
 * /rest/oauth2-credential/callback with the session cookie). What it shows:
 *
 * a. n8n runs authorization code with PKCE as the credential asks: the authorize request carries
 *    code_challenge_method=S256 and a 43-character code_challenge; the token request carries the
 *    code_verifier whose base64url SHA-256 is that challenge, the client authenticates with HTTP
 *    Basic (no client_secret in the body), and redirect_uri is n8n's
 *    <base URL>/rest/oauth2-credential/callback in both. n8n renders "Connection successful" and
 *    stores the tokens: the REST API reports oauthTokenData, the database holds them encrypted
 *    (export:credentials shows an encrypted string; neither token appears in the sqlite files), and
 *    decrypted they are the tokens the sandbox issued.
 * b. A workflow using that credential (Manual Trigger → Rostering Shift Get Many, run through
 *    POST /rest/workflows/:id/run as the editor's Execute Workflow) outputs the sandbox's records,
 *    fetched with the issued access token.
 * c. The business owner clicks Cancel: the sandbox redirects with error=access_denied, n8n asks for
 *    no token, stores nothing and renders its error page. Verified in n8n's source: without a code
 *    the callback renders "Insufficient parameters for OAuth2 callback." with the query parameters
 *    received as the reason (so the user does see access_denied, under "More details").
 */
import { createHash, randomUUID } from 'crypto';

import { startSandbox, type RecordedRequest } from '../../sandbox';
import { assertBuilt, executionItems, type N8nInstance, type N8nServer, type WorkflowJson, printServerLogOnFailure } from './n8n';
import { CALLBACK_PATH, connectThroughOAuth, CREDENTIAL_TYPE, databaseBytes, exportCredential, type ConnectResult } from './oauth';
import { sharedN8n } from './shared-n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

jest.setTimeout(4 * 60_000);

describe('real n8n server: connecting the Rostering credential through OAuth2', () => {
	let sb: Sandbox;
	let n8n: N8nInstance | undefined;
	let server: N8nServer | undefined;
	let connected: ConnectResult | undefined;
	let issued: Rec | undefined;
	let cancelledId: string | undefined;

	beforeAll(async () => {
		assertBuilt();
		sb = await startSandbox();
		({ instance: n8n, server } = await sharedN8n());
	}, 20 * 60_000);

	afterAll(async () => {
		await sb?.close();
	});

	afterEach(() => printServerLogOnFailure(server));

	const oauthRequests = (path: string): RecordedRequest[] => sb.requests.filter((r) => r.path === path);
	const service = () => ({ url: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });

	test('Connect my account: PKCE S256, HTTP Basic, n8n\'s callback; tokens stored encrypted', async () => {
		sb.clearRequests();
		const result = await connectThroughOAuth(server!, { service: service(), name: 'Rostering (connected through OAuth)' });
		connected = result;
		const redirectUri = `${server!.baseUrl}${CALLBACK_PATH}`;

		// The browser went: authorize (consent page) → Allow → n8n's callback → "Connection successful".
		expect(result.hops.map((h) => `${h.method} ${new URL(h.url).pathname} ${h.status}`)).toEqual([
			'GET /oauth/authorize 200',
			'POST /oauth/authorize 302',
			`GET ${CALLBACK_PATH} 200`,
		]);
		expect(result.callbackPage.text).toContain('Connection successful');
		expect(result.error).toBeUndefined();
		expect(result.connected).toBe(true);

		// The authorize request as n8n built it.
		const [authorize] = oauthRequests('/oauth/authorize').filter((r) => r.method === 'GET');
		expect(authorize.query).toMatchObject({
			response_type: 'code',
			client_id: sb.clientId,
			redirect_uri: redirectUri,
			code_challenge_method: 'S256',
		});
		const challenge = String(authorize.query.code_challenge);
		expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(String(authorize.query.scope).split(' ').sort()).toEqual([...(result.credential.data?.permissions as string[])].sort());

		// The token request n8n's callback made.
		const tokenRequests = oauthRequests('/oauth/token');
		expect(tokenRequests).toHaveLength(1);
		const token = tokenRequests[0];
		expect(token.status).toBe(200);
		expect(String(token.headers['content-type'])).toContain('application/x-www-form-urlencoded');
		const body = token.body as Rec;
		expect(body.grant_type).toBe('authorization_code');
		expect(body.redirect_uri).toBe(redirectUri);
		const verifier = String(body.code_verifier);
		expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
		expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
		expect(body).not.toHaveProperty('client_secret');
		expect(token.rawBody).not.toContain(sb.clientSecret);
		expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString('base64')}`);
		// The code sent is the one the consent redirect carried to n8n.
		expect(body.code).toBe(new URL(result.callbackUrl).searchParams.get('code'));
		issued = token.responseBody as Rec;
		expect(issued.access_token).toBeTruthy();
		expect(issued.refresh_token).toBeTruthy();

		// Stored: n8n's REST API says so, the database holds it encrypted, decrypted it is what was issued.
		const atRest = await exportCredential(n8n!, result.credentialId);
		expect(atRest.type).toBe(CREDENTIAL_TYPE);
		expect(typeof atRest.data).toBe('string');
		expect(String(atRest.data)).toMatch(/^U2FsdGVkX1/); // base64 of "Salted__": n8n's AES cipher
		expect(String(atRest.data)).not.toContain(String(issued.access_token));
		const db = databaseBytes(n8n!);
		expect(db.length).toBeGreaterThan(0);
		expect(db.includes(String(issued.access_token))).toBe(false);
		expect(db.includes(String(issued.refresh_token))).toBe(false);
		expect(db.includes(sb.clientSecret)).toBe(false);
		const plain = await exportCredential(n8n!, result.credentialId, { decrypted: true });
		const data = plain.data as Rec & { oauthTokenData: Rec };
		expect(data).toMatchObject({ environment: 'custom', customBaseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
		expect(data.oauthTokenData).toMatchObject({
			access_token: issued.access_token,
			refresh_token: issued.refresh_token,
			token_type: 'Bearer',
			scope: issued.scope,
		});
	});

	test('a workflow with the connected credential gets the sandbox\'s records, signed with the issued token', async () => {
		if (!connected || !issued) throw new Error('needs the connected credential from the test before');
		const workflow: WorkflowJson = {
			name: 'e2e: Shift Get Many with the OAuth-connected credential',
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: randomUUID(), name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: randomUUID(),
					name: 'Rostering Shift',
					type: 'n8n-nodes-rostering.rosteringShift',
					typeVersion: 1,
					position: [240, 0],
					parameters: { resource: 'shift', operation: 'getAll', returnAll: false, limit: 5 },
					credentials: { [CREDENTIAL_TYPE]: { id: connected.credentialId, name: String(connected.credential.name) } },
				},
			],
			connections: { 'Manual Trigger': { main: [[{ node: 'Rostering Shift', type: 'main', index: 0 }]] } },
		};
		const created = await server!.rest<{ id: string }>('POST', '/rest/workflows', workflow);
		sb.clearRequests();
		const executionId = await server!.runManually(String(created.id), { triggerToStartFrom: { name: 'Manual Trigger' } });
		const execution = await server!.waitForExecution(executionId, 120_000);
		expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
		const items = executionItems(execution, 'Rostering Shift');

		const calls = sb.requests.filter((r) => r.path.startsWith('/v1/'));
		expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/shifts 200']);
		expect(calls[0].headers.authorization).toBe(`Bearer ${String(issued.access_token)}`);
		const served = (calls[0].responseBody as { data: Rec[] }).data;
		expect(served).toHaveLength(5);
		expect(items).toEqual(served);
		for (const item of items) expect(sb.store.get('shifts', String(item.id))).toEqual(item);
		// No refresh was needed.
		expect(oauthRequests('/oauth/token')).toHaveLength(0);
		// Nothing n8n logged, and nothing in the execution it stored, carries a secret.
		const shown = `${server!.logs()}\n${JSON.stringify(execution)}`;
		for (const secret of [sb.clientSecret, String(issued.access_token), String(issued.refresh_token)]) expect(shown.includes(secret)).toBe(false);
	});

	test('the business owner clicks Cancel: no token asked for, nothing stored, n8n shows the error', async () => {
		sb.clearRequests();
		const result = await connectThroughOAuth(server!, { service: service(), name: 'Rostering (cancelled)', decision: 'cancel' });

		expect(result.hops.map((h) => `${h.method} ${new URL(h.url).pathname} ${h.status}`)).toEqual([
			'GET /oauth/authorize 200',
			'POST /oauth/authorize 302',
			`GET ${CALLBACK_PATH} 200`,
		]);
		const back = new URL(result.callbackUrl).searchParams;
		expect(back.get('error')).toBe('access_denied');
		expect(back.get('code')).toBeNull();
		expect(back.get('state')).toBe(new URL(result.authorizationUrl).searchParams.get('state'));

		// What n8n shows in the popup.
		expect(result.error?.message).toBe('Insufficient parameters for OAuth2 callback.');
		expect(result.error?.reason).toContain('access_denied');
		expect(result.error?.reason).toContain('The business owner cancelled.');
		expect(result.callbackPage.text).toContain('Failed to connect');
		expect(result.callbackPage.text).not.toContain('Connection successful');

		// Nothing exchanged, nothing stored.
		expect(oauthRequests('/oauth/token')).toHaveLength(0);
		expect(result.connected).toBe(false);
		expect(result.credential.data).not.toHaveProperty('oauthTokenData');
		const plain = await exportCredential(n8n!, result.credentialId, { decrypted: true });
		expect(plain.data).not.toHaveProperty('oauthTokenData');
		cancelledId = result.credentialId;
	});

	test('connecting the cancelled credential again, with the sandbox\'s auto-consent (the demo\'s shortcut)', async () => {
		if (!cancelledId) throw new Error('needs the cancelled credential from the test before');
		sb.clearRequests();
		const result = await connectThroughOAuth(server!, { service: service(), credentialId: cancelledId, autoConsent: true });
		expect(result.hops.map((h) => `${h.method} ${new URL(h.url).pathname} ${h.status}`)).toEqual([
			'GET /oauth/authorize 302',
			`GET ${CALLBACK_PATH} 200`,
		]);
		expect(result.connected).toBe(true);
		const [token] = oauthRequests('/oauth/token');
		const plain = await exportCredential(n8n!, cancelledId, { decrypted: true });
		expect((plain.data as { oauthTokenData: Rec }).oauthTokenData.access_token).toBe((token.responseBody as Rec).access_token);
	});

	// n8n 2.40's editor shows a new credential's Permissions empty and saves it so (issue 14): the
	// scope must still ask for the defaults, and always for offline_access (the refresh token).
	test.each([
		['empty Permissions, as the editor form saves them: every read permission and offline_access', [], ['leave:read', 'offline_access', 'ondemand:read', 'people:read', 'roster:read', 'settings:read', 'timesheets:read']],
		['only Rosters and Shifts: Change: that, and offline_access', ['roster:write'], ['offline_access', 'roster:write']],
	])('%s', async (_, permissions, expected) => {
		sb.clearRequests();
		const result = await connectThroughOAuth(server!, { service: service(), permissions, autoConsent: true });
		expect(result.connected).toBe(true);
		const [authorize] = oauthRequests('/oauth/authorize').filter((r) => r.method === 'GET');
		expect(String(authorize.query.scope).split(' ').sort()).toEqual(expected);
		const [token] = oauthRequests('/oauth/token');
		expect((token.responseBody as Rec).refresh_token).toEqual(expect.any(String));
	});
});
