import type { Sandbox } from './index';
import { basic, http, pkce, start } from './helpers';

const REDIRECT = 'https://n8n.example.com/rest/oauth2-credential/callback';

async function authorize(sb: Sandbox, params: Record<string, string> = {}) {
	const { verifier, challenge } = pkce();
	const q = new URLSearchParams({
		response_type: 'code', client_id: sb.clientId, redirect_uri: REDIRECT, scope: 'roster:read offline_access',
		state: 'st-123', code_challenge: challenge, code_challenge_method: 'S256', ...params,
	});
	const res = await http(sb).get(`/oauth/authorize?${q}`);
	const location = res.headers.location ? new URL(res.headers.location) : undefined;
	return { res, verifier, location, code: location?.searchParams.get('code') ?? '' };
}

function exchange(sb: Sandbox, body: Record<string, string>, form = false, auth: string | null = basic(sb)) {
	const headers: Record<string, string> = form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {};
	if (auth) headers.Authorization = auth;
	return http(sb).post('/oauth/token', form ? new URLSearchParams(body).toString() : body, { headers });
}

describe('OAuth: authorization code with PKCE', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	it('issues a code, exchanges it (JSON body) and the token works', async () => {
		const { location, code, verifier } = await authorize(sb);
		expect(location!.origin + location!.pathname).toBe(REDIRECT);
		expect(location!.searchParams.get('state')).toBe('st-123');
		const res = await exchange(sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
		expect(res.status).toBe(200);
		expect(Object.keys(res.data)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope', 'connection_id', 'business_id']);
		expect(res.data).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: 'roster:read offline_access', business_id: sb.store.businessId });
		expect(res.data.connection_id).toMatch(/^[0-9a-f]{24}$/);
		const conn = await http(sb, res.data.access_token).get('/v1/connection');
		expect(conn.status).toBe(200);
		expect(conn.data).toMatchObject({ connection_id: res.data.connection_id, business_id: res.data.business_id, scopes: ['roster:read', 'offline_access'] });
		expect((await http(sb, res.data.access_token).get('/v1/shifts?limit=1')).status).toBe(200);
	});

	it('accepts a form-encoded token request (what n8n sends)', async () => {
		const { code, verifier } = await authorize(sb);
		const res = await exchange(sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, true);
		expect(res.status).toBe(200);
		expect(res.data.access_token).toEqual(expect.any(String));
	});

	it('omits the refresh token without offline_access', async () => {
		const { code, verifier } = await authorize(sb, { scope: 'roster:read' });
		const res = await exchange(sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
		expect(res.status).toBe(200);
		expect(res.data.refresh_token).toBeUndefined();
	});

	it('refuses a wrong verifier, a reused code, an expired code and a different redirect_uri', async () => {
		const a = await authorize(sb);
		const wrong = await exchange(sb, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: pkce().verifier });
		expect(wrong.status).toBe(400);
		expect(wrong.data.error).toBe('invalid_grant');

		const b = await authorize(sb);
		const body = { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT, code_verifier: b.verifier };
		expect((await exchange(sb, body)).status).toBe(200);
		const again = await exchange(sb, body);
		expect(again.status).toBe(400);
		expect(again.data.error).toBe('invalid_grant');

		const c = await authorize(sb);
		sb.clock.advance(5 * 60000 + 1000);
		const late = await exchange(sb, { grant_type: 'authorization_code', code: c.code, redirect_uri: REDIRECT, code_verifier: c.verifier });
		expect(late.status).toBe(400);
		expect(late.data).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });

		const d = await authorize(sb);
		const other = await exchange(sb, { grant_type: 'authorization_code', code: d.code, redirect_uri: REDIRECT + '/x', code_verifier: d.verifier });
		expect(other.data.error).toBe('invalid_grant');

		const e = await authorize(sb);
		const short = await exchange(sb, { grant_type: 'authorization_code', code: e.code, redirect_uri: REDIRECT, code_verifier: 'a'.repeat(42) });
		expect(short.data.error).toBe('invalid_grant');
	});

	it('needs HTTP Basic client authentication', async () => {
		const { code, verifier } = await authorize(sb);
		const body = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
		const none = await exchange(sb, body, false, null);
		expect(none.status).toBe(401);
		expect(none.data.error).toBe('invalid_client');
		const wrong = await exchange(sb, body, false, 'Basic ' + Buffer.from(`${sb.clientId}:nope`).toString('base64'));
		expect(wrong.status).toBe(401);
		expect(wrong.data.error).toBe('invalid_client');
	});

	it('rotates refresh tokens', async () => {
		const { code, verifier } = await authorize(sb);
		const first = (await exchange(sb, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })).data;
		const second = await exchange(sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, true);
		expect(second.status).toBe(200);
		expect(second.data.refresh_token).not.toBe(first.refresh_token);
		expect(second.data.access_token).not.toBe(first.access_token);
		expect(second.data.connection_id).toBe(first.connection_id);
		const reuse = await exchange(sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
		expect(reuse.status).toBe(400);
		expect(reuse.data.error).toBe('invalid_grant');
		expect((await exchange(sb, { grant_type: 'refresh_token', refresh_token: second.data.refresh_token })).status).toBe(200);
	});

	it('refuses plain or missing PKCE, unknown scopes and unknown redirect URIs', async () => {
		const plain = await authorize(sb, { code_challenge_method: 'plain' });
		expect(plain.res.status).toBe(302);
		expect(plain.location!.searchParams.get('error')).toBe('invalid_request');
		expect(plain.location!.searchParams.get('state')).toBe('st-123');
		const missing = await authorize(sb, { code_challenge: '' });
		expect(missing.location!.searchParams.get('error')).toBe('invalid_request');
		const scope = await authorize(sb, { scope: 'roster:read everything' });
		expect(scope.location!.searchParams.get('error')).toBe('invalid_scope');
		const type = await authorize(sb, { response_type: 'token' });
		expect(type.location!.searchParams.get('error')).toBe('unsupported_response_type');
		const evil = await authorize(sb, { redirect_uri: 'http://evil.example.com/cb' });
		expect(evil.res.status).toBe(400);
		expect(evil.res.headers.location).toBeUndefined();
		expect(String(evil.res.data)).toMatch(/not registered/);
		const local = await authorize(sb, { redirect_uri: 'http://localhost:5678/rest/oauth2-credential/callback' });
		expect(local.code).not.toBe('');
	});
});

describe('OAuth: consent page', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start({ autoConsent: false });
	});
	afterAll(() => sb.close());

	const consent = async () => {
		const { challenge, verifier } = pkce();
		const q = new URLSearchParams({
			response_type: 'code', client_id: sb.clientId, redirect_uri: REDIRECT, scope: 'roster:read pay:read', state: 'xyz',
			code_challenge: challenge, code_challenge_method: 'S256',
		});
		const page = await http(sb).get(`/oauth/authorize?${q}`);
		return { page, verifier, txn: /name="txn" value="([^"]+)"/.exec(String(page.data))?.[1] ?? '' };
	};

	it('shows the app, the permissions and the businesses, and Allow returns a code', async () => {
		const { page, txn, verifier } = await consent();
		expect(page.status).toBe(200);
		expect(page.headers['content-type']).toMatch(/text\/html/);
		const text = String(page.data);
		expect(text).toMatch(/Rostering Connector/);
		expect(text).toMatch(/roster:read/);
		expect(text).toMatch(/Pay details/);
		expect(text).toMatch(/Harbourside Hospitality Group/);
		const res = await http(sb).post('/oauth/authorize', new URLSearchParams({ txn, decision: 'allow', business_id: sb.store.otherBusinessId }).toString(), {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(res.status).toBe(302);
		const back = new URL(res.headers.location);
		expect(back.searchParams.get('state')).toBe('xyz');
		const token = await exchange(sb, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier });
		expect(token.data.business_id).toBe(sb.store.otherBusinessId);
	});

	it('Cancel redirects with error=access_denied and the state', async () => {
		const { txn } = await consent();
		const res = await http(sb).post('/oauth/authorize', new URLSearchParams({ txn, decision: 'cancel' }).toString(), {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(res.status).toBe(302);
		const back = new URL(res.headers.location);
		expect(back.searchParams.get('error')).toBe('access_denied');
		expect(back.searchParams.get('state')).toBe('xyz');
		expect(back.searchParams.get('code')).toBeNull();
	});

	it('sandbox_auto_consent=1 skips the page', async () => {
		const { challenge } = pkce();
		const q = new URLSearchParams({
			response_type: 'code', client_id: sb.clientId, redirect_uri: REDIRECT, scope: 'roster:read', state: 's',
			code_challenge: challenge, code_challenge_method: 'S256', sandbox_auto_consent: '1',
		});
		const res = await http(sb).get(`/oauth/authorize?${q}`);
		expect(res.status).toBe(302);
		expect(new URL(res.headers.location).searchParams.get('code')).toBeTruthy();
	});
});
