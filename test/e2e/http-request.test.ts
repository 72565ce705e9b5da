/**
 * What no node covers stays reachable: n8n's own HTTP Request node, authenticated with the
 * Rostering credential as a predefined credential type, in a real n8n (the shared one) against the
 * sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox';
import { assertBuilt, E2E_CREDENTIAL, explain, rosteringCredential } from './n8n';
import { sharedN8n, type SharedN8n } from './shared-n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(180_000);

describe("real n8n: the HTTP Request node with the Rostering credential", () => {
	let sandbox: Sandbox | undefined;
	let n8n: SharedN8n | undefined;

	beforeAll(async () => {
		assertBuilt();
		sandbox = await startSandbox();
		n8n = await sharedN8n();
	}, 20 * 60_000);

	afterAll(async () => {
		await sandbox?.close();
	});

	test('calls an endpoint signed with the credential, refreshing an expired token on the way', async () => {
		const sb = sandbox!;
		const tokens = sb.issueToken();
		await n8n!.importCredentials([rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens })]);
		sb.expireAccessTokens();
		sb.clearRequests();
		const workflow = {
			name: 'e2e: HTTP Request with the Rostering credential',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{ id: 'h1', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: 'h2',
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [240, 0],
					parameters: {
						url: `${sb.url}/v1/shift-swaps`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'rosteringOAuth2Api',
						sendQuery: true,
						queryParameters: { parameters: [{ name: 'limit', value: '3' }] },
						options: {},
					},
					credentials: { rosteringOAuth2Api: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } },
				},
			],
			connections: { 'Manual Trigger': { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
			pinData: {},
		};
		const res = await n8n!.runWorkflow(workflow as never);
		if (!res.ok) throw new Error(explain(res));
		const [page] = res.items('HTTP Request') as IDataObject[];
		expect((page.data as IDataObject[]).length).toBe(3);
		expect(page).toHaveProperty('next_cursor');
		const calls = sb.requests.filter((r) => r.path === '/v1/shift-swaps');
		expect(calls.map((r) => r.status)).toEqual([401, 200]);
		const refresh = sb.requests.filter((r) => r.path === '/oauth/token');
		expect(refresh).toHaveLength(1);
		expect(String(refresh[0].headers.authorization)).toMatch(/^Basic /);
		expect(calls[1].headers.authorization).not.toBe(`Bearer ${tokens.access_token}`);
	});
});
