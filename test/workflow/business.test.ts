/**
 * The Business node against the sandbox: the business the credential is connected to, and the
 * errors a person meets (its one operation has no input to get wrong): the missing Business
 * Details permission, an environment not set up for partner apps, a fault at the service.
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_PERMISSIONS, CREDENTIAL_ID, useFixture } from './fixture';
import { ON_N8N_1 } from '../harness';
import { recordedWaits } from '../harness/waits';

const f = useFixture();

const description = (error: unknown) => String((error as { description?: string }).description);
const requestId = (request: { responseBody?: unknown }) => (request.responseBody as { error: { request_id: string } }).error.request_id;

describe('Get', () => {
	it('returns the business the credential is connected to, with its time zone', async () => {
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([
			expect.objectContaining({
				id: f.sandbox.store.mainBusinessId,
				name: 'Harbourside Hospitality Group',
				timezone: 'Australia/Sydney',
				archived: false,
			}),
		]);
		const requests = f.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/business', status: 200 });
		expect(requests[0].query).toEqual({});
		const token = (f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject).access_token;
		expect(requests[0].headers.authorization).toBe(`Bearer ${String(token)}`);
	});

	it('reads the other business when the credential was connected to it', async () => {
		const other = [...f.sandbox.store.t.businesses.values()].find((b) => b.id !== f.sandbox.store.mainBusinessId)!;
		f.credentials[CREDENTIAL_ID].data.oauthTokenData = f.sandbox.issueToken({ businessId: other.id }) as unknown as IDataObject;
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: other.id, name: 'Lakeside Bakery', timezone: 'Australia/Melbourne' })]);
	});

	it('works with settings:read alone', async () => {
		f.connect(['settings:read']);
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].id).toBe(f.sandbox.store.mainBusinessId);
	});
});

describe('errors a person meets', () => {
	it('names settings:read when the credential was not granted it, without retrying', async () => {
		f.connect(ALL_PERMISSIONS.filter((p) => p !== 'settings:read'));
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error?.message).toBe('The connection is missing a permission: settings:read');
		expect(description(result.error)).toContain('set Access to Read or Read and Change, which include "settings:read" (with Choose Permissions: pick it), and connect it again');
		const requests = f.apiRequests();
		expect(requests.map((r) => r.status)).toEqual([403]);
		expect(description(result.error)).toContain(`Request id: ${requestId(requests[0])}.`);
	});

	it('says the credential is not connected yet when it has no token, sending nothing', async () => {
		delete f.credentials[CREDENTIAL_ID].data.oauthTokenData;
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error?.message).toBe('The Rostering credential is not connected yet');
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('retries a 503 four times with backoff, then says the environment is not set up for partner apps yet', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 503, times: 5 });
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error?.message).toBe('The environment is not set up for partner apps yet');
		const requests = f.apiRequests();
		expect(requests.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
		expect(description(result.error)).toContain(`Request id: ${requestId(requests[4])}.`);
		// 0.5, 1, 2 and 4 s between the five tries.
		expect(recordedWaits('retry').map((wait) => wait.ms)).toEqual([500, 1000, 2000, 4000]);
	}, 20_000);

	it('retries a fault at the service and returns the business once it answers', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 500, times: 2 });
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0].id).toBe(f.sandbox.store.mainBusinessId);
		expect(f.apiRequests().map((r) => r.status)).toEqual([500, 500, 200]);
	});

	it('retries a 503 after the Retry-After it carries (n8n 1.x hides the header: its own backoff), then returns the business', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 503, retryAfter: 3, times: 1 });
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(f.apiRequests().map((r) => r.status)).toEqual([503, 200]);
		expect(recordedWaits()).toEqual([{ ms: ON_N8N_1 ? 500 : 3000, reason: 'retry' }]);
	});

	it('does not retry a 503 that asks to come back later than Max Rate-Limit Wait', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 503, retryAfter: 600, times: 5 });
		const result = await f.run('rosteringBusiness', { operation: 'get', options: { maxRateLimitWait: 60 } });
		expect(result.error?.message).toBe('The environment is not set up for partner apps yet');
		// n8n 1.x: the header never reaches the node (n8n-internals A1), so it backs off and retries.
		expect(f.apiRequests()).toHaveLength(ON_N8N_1 ? 5 : 1);
	});

	it('says the service failed, quoting the request id, when the fault persists', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 500, times: 5 });
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error?.message).toBe('The service failed to process the request');
		const requests = f.apiRequests();
		expect(requests).toHaveLength(5);
		expect(description(result.error)).toContain(`Request id: ${requestId(requests[4])}.`);
	}, 20_000);

	it('waits out a short 429 and then returns the business', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/business', status: 429, retryAfter: 1, times: 1 });
		const result = await f.run('rosteringBusiness', { operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(f.apiRequests().map((r) => r.status)).toEqual([429, 200]);
	});
});

describe('bad input', () => {
	it.each([
		['-5', 'Options › Max Rate-Limit Wait (Seconds): "-5" is not allowed'],
		['soon', 'Options › Max Rate-Limit Wait (Seconds): "soon" is not allowed'],
		['7200', 'Options › Max Rate-Limit Wait (Seconds): "7200" is not allowed'],
	])('refuses a Max Rate-Limit Wait mapped to %p before sending anything', async (value, message) => {
		const result = await f.run('rosteringBusiness', { operation: 'get', options: { maxRateLimitWait: `={{ "${value}" }}` } });
		expect(result.error?.message).toBe(message);
		expect(String((result.error as { description?: string }).description)).toBe('Use a number of seconds from 0 to 3600.');
		expect(f.apiRequests()).toHaveLength(0);
	});
});
