/**
 * The Connection node against the sandbox: the connection the credential belongs to, read with no
 * permission at all, and the errors a person meets when the credential or the environment is not
 * ready (its one operation has no input to get wrong).
 */
import type { IDataObject } from 'n8n-workflow';

import { ON_N8N_1 } from '../harness';
import { CREDENTIAL_ID, useFixture } from './fixture';
import { recordedWaits } from '../harness/waits';

const f = useFixture();

const description = (error: unknown) => String((error as { description?: string }).description);
const otherBusiness = () => [...f.sandbox.store.t.businesses.values()].find((b) => b.id !== f.sandbox.store.mainBusinessId)!;

describe('Get', () => {
	it('returns the connection of the credential, with its business and the granted permissions', async () => {
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		const token = f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject;
		expect(result.json('Node')).toEqual([
			expect.objectContaining({
				connection_id: token.connection_id,
				business_id: f.sandbox.store.mainBusinessId,
				business_name: 'Harbourside Hospitality Group',
				status: 'connected',
			}),
		]);
		expect(result.json('Node')[0].scopes).toEqual(String(token.scope).split(' '));
		const requests = f.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/connection', status: 200 });
		expect(requests[0].query).toEqual({});
		expect(requests[0].headers.authorization).toBe(`Bearer ${String(token.access_token)}`);
	});

	it('needs no permission: a credential granted only Leave still reads its connection', async () => {
		f.connect(['leave:read']);
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ business_id: f.sandbox.store.mainBusinessId, scopes: ['leave:read'] });
	});

	it('reads the connection of whichever business the credential was connected to', async () => {
		const other = otherBusiness();
		f.credentials[CREDENTIAL_ID].data.oauthTokenData = f.sandbox.issueToken({ businessId: other.id }) as unknown as IDataObject;
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ business_id: other.id, business_name: 'Lakeside Bakery' });
	});

	it('outputs one connection per input item, paired with its item', async () => {
		const result = await f.run('rosteringConnection', { operation: 'get' }, [{ a: 1 }, { a: 2 }]);
		expect(result.error).toBeUndefined();
		expect(result.output('Node').map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(f.apiRequests()).toHaveLength(2);
	});
});

describe('errors a person meets', () => {
	it('says the credential is not connected yet when it has no token, sending nothing', async () => {
		delete f.credentials[CREDENTIAL_ID].data.oauthTokenData;
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error?.message).toBe('The Rostering credential is not connected yet');
		expect(description(result.error)).toContain('click Connect');
		expect(f.apiRequests()).toHaveLength(0);
	});

	it.each(['production', 'sandbox'])('with the %s environment, whose address is not published, says to enter the address, sending nothing', async (environment) => {
		const data = f.credentials[CREDENTIAL_ID].data;
		data.environment = environment;
		delete data.customBaseUrl;
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error?.message).toBe("The Rostering credential's environment has no published address yet");
		expect(description(result.error)).toContain('choose Custom Base URL and enter the address the service gave you');
		expect(f.sandbox.requests).toHaveLength(0);
	});

	it('renews an expired access token through n8n and reads the connection', async () => {
		f.sandbox.expireAccessTokens();
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].business_id).toBe(f.sandbox.store.mainBusinessId);
		// Signed with the token read with the credential, the request meets the 401 and goes through
		// n8n's OAuth2 helper, which sends it with the stored (expired) token, meets the 401 too and
		// renews: one refused request more per expiry than n8n's helper alone, none per request.
		expect(f.apiRequests().map((r) => r.status)).toEqual([401, 401, 200]);
		expect(f.sandbox.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
		// The next execution reads the renewed token: one request.
		f.sandbox.clearRequests();
		expect((await f.run('rosteringConnection', { operation: 'get' })).error).toBeUndefined();
		expect(f.sandbox.requests.map((r) => `${r.path} ${r.status}`)).toEqual(['/v1/connection 200']);
	});

	/** Resolves once `n` requests to the connection have arrived at the service (answered or still held). */
	async function arrived(n: number): Promise<void> {
		const deadline = Date.now() + 20_000;
		while (f.apiRequests().length < n) {
			if (Date.now() > deadline) throw new Error(`only ${f.apiRequests().length} requests arrived, waiting for ${n}`);
			await new Promise((resolve) => setTimeout(resolve, 2));
		}
	}
	const bearer = (token: unknown) => `Bearer ${String((token as IDataObject).access_token)}`;

	it("a renewed token the service refuses once more (another renewal's, the service's clock moved on): the credential read again, renewed, the request succeeds", async () => {
		// Three 401s: the package's request, n8n's helper's with the stored token, and the one n8n sends
		// again with the token it renewed: the package reads the credential again and goes again.
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 401, code: 'token_expired', times: 3 });
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(f.apiRequests().map((r) => r.status)).toEqual([401, 401, 401, 200]);
		expect(f.sandbox.requests.filter((r) => r.path === '/oauth/token').map((r) => r.status)).toEqual([200]);
	});

	it("two runs on one credential meeting one expiry, the service's clock moved on after the first renewed: both succeed, each read once more", async () => {
		f.sandbox.expireAccessTokens();
		const before = f.credentials[CREDENTIAL_ID].data.oauthTokenData;
		// The first run's two requests (the package's, then n8n's helper's with the same stored token)
		// are held at the service while the second run meets the expiry, renews and stores a new token.
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', latencyMs: 1500, times: 2 });
		// Both runs read and store the credential in one place, as one n8n's executions share its database.
		const shared = { sharedCredentials: true };
		const first = f.run('rosteringConnection', { operation: 'get' }, undefined, {}, shared);
		await arrived(2);
		const second = await f.run('rosteringConnection', { operation: 'get' }, undefined, {}, shared);
		expect(second.error).toBeUndefined();
		const renewed = f.credentials[CREDENTIAL_ID].data.oauthTokenData;
		expect(bearer(renewed)).not.toBe(bearer(before));
		// The service's clock moves on (a manager's page, weeks ahead): the renewed token expires too,
		// before the first run's held request is answered.
		f.sandbox.expireAccessTokens();
		const result = await first;
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].business_id).toBe(f.sandbox.store.mainBusinessId);
		// Whatever n8n's line did with the held 401 (2.x: handed the token the second run stored, read
		// back, which the service refuses; 1.x: renewed with the refresh token the second run's renewal
		// had rotated, refused), the first run went again and ended on a token renewed after the move.
		const last = f.apiRequests()[f.apiRequests().length - 1];
		expect(last.status).toBe(200);
		expect(last.headers.authorization).toBe(bearer(f.credentials[CREDENTIAL_ID].data.oauthTokenData));
		expect([bearer(before), bearer(renewed)]).not.toContain(last.headers.authorization);
		expect(f.sandbox.requests.filter((r) => r.path === '/oauth/token' && r.status === 200)).toHaveLength(2);
	});

	it('retries a 503 four times with backoff, then says the environment is not set up for partner apps yet', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 503, times: 5 });
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error?.message).toBe('The environment is not set up for partner apps yet');
		expect(description(result.error)).toContain("Check the credential's Environment");
		const requests = f.apiRequests();
		expect(requests.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
		expect(description(result.error)).toContain(`Request id: ${(requests[4].responseBody as { error: { request_id: string } }).error.request_id}.`);
		// 0.5, 1, 2 and 4 s between the five tries.
		expect(recordedWaits('retry').map((wait) => wait.ms)).toEqual([500, 1000, 2000, 4000]);
	}, 20_000);

	it('succeeds when the environment answers after a 503', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 503, times: 1 });
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(f.apiRequests().map((r) => r.status)).toEqual([503, 200]);
	});

	it('says the business disconnected the app, without retrying', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 403, code: 'connection_disconnected', times: 1 });
		const result = await f.run('rosteringConnection', { operation: 'get' });
		expect(result.error?.message).toBe('The business has disconnected this app');
		expect(description(result.error)).toContain('Open the Rostering credential and connect it again (on the credential: Switch account');
		expect(f.apiRequests()).toHaveLength(1);
	});

	it('fails clearly when the service asks to wait longer than Max Rate-Limit Wait', async () => {
		if (ON_N8N_1) {
			// n8n 1.x hides Retry-After (n8n-internals A1): the node backs off on its own (at most
			// Max Rate-Limit Wait a time) and fails clearly after ten waits, without the asked time.
			f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 429, retryAfter: 90, times: 11 });
			const result = await f.run('rosteringConnection', { operation: 'get', options: { maxRateLimitWait: 1 } });
			expect(result.error?.message).toBe('The service is limiting how fast this connection may send requests');
			expect(description(result.error)).toContain('raise "Max Rate-Limit Wait"');
			expect(f.apiRequests()).toHaveLength(11);
			return;
		}
		f.sandbox.injectFault({ method: 'GET', path: '/v1/connection', status: 429, retryAfter: 90, times: 1 });
		const result = await f.run('rosteringConnection', { operation: 'get', options: { maxRateLimitWait: 10 } });
		expect(result.error?.message).toBe('The service is limiting how fast this connection may send requests');
		expect(description(result.error)).toContain('it asked for 90 s');
		expect(f.apiRequests()).toHaveLength(1);
	});
});

describe('bad input', () => {
	it.each([
		['-5', 'Options › Max Rate-Limit Wait (Seconds): "-5" is not allowed'],
		['soon', 'Options › Max Rate-Limit Wait (Seconds): "soon" is not allowed'],
		['7200', 'Options › Max Rate-Limit Wait (Seconds): "7200" is not allowed'],
	])('refuses a Max Rate-Limit Wait mapped to %p before sending anything', async (value, message) => {
		const result = await f.run('rosteringConnection', { operation: 'get', options: { maxRateLimitWait: `={{ "${value}" }}` } });
		expect(result.error?.message).toBe(message);
		expect(String((result.error as { description?: string }).description)).toBe('Use a number of seconds from 0 to 3600.');
		expect(f.apiRequests()).toHaveLength(0);
	});
});
