/**
 * The assumptions about undocumented n8n behaviour that nodes/shared/n8n-internals.ts fences in,
 * each checked by name against the n8n-core this suite runs (2.40.3, and the other lines'
 * n8n-core in the "workflow n8n <line>" jest projects), so that a change in n8n
 * breaks the one test that says which assumption no longer holds. A6 (when a poll trigger's static
 * data is saved) and A7 (AI tools run through RoutingNode) need a whole n8n: test/e2e/trigger.test.ts
 * and test/e2e/mcp.test.ts check them there, by name too.
 *
 * A probe node (defined here, programmatic) makes requests with n8n's own
 * `helpers.httpRequestWithAuthentication` and the package's credential, against the sandbox, and
 * reports what the fence functions read from what n8n threw.
 */
import type { DeclarativeRestApiSettings, IDataObject, IExecuteFunctions, IExecutePaginationFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { accessTokenOf, bearerHeader, errorCodesOf, httpResponseOf, isNotConnected, isRefreshRefused, passThroughOf, requestOptionsOf } from '../../nodes/shared/n8n-internals';
import { readFailure } from '../../nodes/shared/requests/errors';
import { N8N_CORE_VERSION, ON_N8N_1, registerNodeType, runWorkflow, singleNodeWorkflow } from '../harness';
import { CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const credentials = [{ name: 'rosteringOAuth2Api', required: true }];
const credentialRef = { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } };

/** Makes one GET per item with n8n's helper and reports what the fence reads from the failure. */
class Probe implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Probe',
		name: 'probe',
		group: ['transform'],
		version: 1,
		description: 'Reports what n8n throws for a failed request',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials,
		properties: [{ displayName: 'Path', name: 'path', type: 'string', default: '/v1/locations' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credential = await this.getCredentials('rosteringOAuth2Api');
		try {
			await this.helpers.httpRequestWithAuthentication.call(this, 'rosteringOAuth2Api', {
				method: 'GET',
				url: `${String(credential.customBaseUrl)}${this.getNodeParameter('path', 0) as string}`,
				json: true,
			});
			// A11: the header the package would sign with, from the token in what the node read.
			const token = accessTokenOf(credential);
			return [[{ json: { failed: false, signed: token ? bearerHeader(token) : null } }]];
		} catch (error) {
			const response = httpResponseOf(error);
			return [
				[
					{
						json: {
							failed: true,
							message: (error as Error).message,
							status: response?.status ?? null,
							retryAfter: readFailure(error)?.retryAfterSeconds ?? null,
							requestId: readFailure(error)?.requestId ?? null,
							codes: errorCodesOf(error),
							notConnected: isNotConnected(error),
							refreshRefused: isRefreshRefused(error),
						},
					},
				],
			];
		}
	}
}

/** Records the request options RoutingNode hands a pagination function, and what a custom operation reads. */
let seen: { routing?: IDataObject; custom?: IDataObject } = {};
class OptionsProbe implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Options Probe',
		name: 'optionsProbe',
		group: ['transform'],
		version: 1,
		description: 'Compares how RoutingNode and a custom operation read Request Options',
		defaults: { name: 'Options Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		requestDefaults: { baseURL: 'http://127.0.0.1:9', headers: { Accept: 'application/json' } },
		requestOperations: {
			async pagination(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
				seen.routing = passThroughOf(requestData.options) as IDataObject;
				return [{ json: {} }];
			},
		},
		properties: [
			{ displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true, options: [{ name: 'Thing', value: 'thing' }], default: 'thing' },
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Routed', value: 'routed', routing: { request: { method: 'GET', url: '/x' }, send: { paginate: true } } },
					{ name: 'Custom', value: 'custom' },
				],
				default: 'routed',
			},
		],
	};

	customOperations = {
		thing: {
			async custom(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
				seen.custom = requestOptionsOf(this).passThrough as IDataObject;
				return [this.getInputData().map((_, i) => ({ json: { items: this.getInputData().length }, pairedItem: { item: i } }))];
			},
		},
	};
}

const PROBE = registerNodeType(new Probe());
const OPTIONS_PROBE = registerNodeType(new OptionsProbe());

async function probe(path: string): Promise<IDataObject> {
	const result = await runWorkflow({
		workflow: singleNodeWorkflow({ type: PROBE, parameters: { path }, credentials: credentialRef }),
		credentials: f.credentials as never,
	});
	if (result.error) throw result.error;
	return result.json('Node')[0];
}

describe(`n8n-internals: what the package assumes of n8n-core ${N8N_CORE_VERSION}`, () => {
	it('A1: a failed request keeps the HTTP response (status, Retry-After, X-Request-Id) on its cause chain', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/locations', status: 429, retryAfter: 7, times: 1 });
		const failed = await probe('/v1/locations');
		expect(failed).toMatchObject({ failed: true, status: 429, notConnected: false, refreshRefused: false });
		expect(failed.requestId).toMatch(/\S/);
		// n8n 1.x loses the response headers (A1's 1.x variant): no Retry-After, the transport's own backoff.
		expect(failed.retryAfter).toBe(ON_N8N_1 ? null : 7);
	});

	it('A1: a request that got no answer carries a network code on its cause chain', async () => {
		f.sandbox.injectFault({ method: 'GET', path: '/v1/locations', drop: true, times: 1 });
		const failed = await probe('/v1/locations');
		expect(failed.status).toBeNull();
		expect(failed.codes).toEqual(expect.arrayContaining(['ECONNRESET']));
	});

	it('A2: a PKCE credential never connected fails with "without access token", before anything is sent', async () => {
		delete f.credentials[CREDENTIAL_ID].data.oauthTokenData;
		f.sandbox.clearRequests();
		const failed = await probe('/v1/locations');
		expect(failed).toMatchObject({ failed: true, notConnected: true });
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('A3: a token refresh the token endpoint refuses with an OAuth error (a wrong client secret: invalid_client) carries EAUTH', async () => {
		f.credentials[CREDENTIAL_ID].data.clientSecret = 'not-the-secret';
		f.sandbox.expireAccessTokens();
		const failed = await probe('/v1/locations');
		expect(failed).toMatchObject({ failed: true, refreshRefused: true });
	});

	it('A3: a refresh token the token endpoint refuses (invalid_grant: revoked, or rotated by another renewal) is a refused renewal too', async () => {
		const data = f.credentials[CREDENTIAL_ID].data;
		data.oauthTokenData = { ...(data.oauthTokenData as IDataObject), refresh_token: 'sbx_rt_rotated_by_another_renewal' };
		f.sandbox.expireAccessTokens();
		const failed = await probe('/v1/locations');
		expect(failed).toMatchObject({ failed: true, refreshRefused: true });
		expect(f.sandbox.requests.filter((r) => r.path === '/oauth/token').map((r) => (r.responseBody as IDataObject).error)).toEqual(['invalid_grant']);
	});

	it('A11: the credential a node reads holds the token n8n\'s OAuth2 helper signs with, sent as "Bearer <access_token>"', async () => {
		f.sandbox.clearRequests();
		const probed = await probe('/v1/locations');
		expect(probed).toMatchObject({ failed: false, signed: expect.stringMatching(/^Bearer \S+$/) });
		expect(f.apiRequests().map((r) => r.headers.authorization)).toEqual([probed.signed]);
		// The package's own request carries the same header, and n8n's helper read nothing more.
		f.sandbox.clearRequests();
		expect((await runWorkflow({ workflow: singleNodeWorkflow({ type: 'n8n-nodes-rostering.rosteringConnection', parameters: { operation: 'get' }, credentials: credentialRef }), credentials: f.credentials as never })).error).toBeUndefined();
		expect(f.apiRequests().map((r) => `${r.status} ${String(r.headers.authorization)}`)).toEqual([`200 ${String(probed.signed)}`]);
	});

	it('A4 and A5: RoutingNode passes the Request Options through as the package reads them for a custom operation', async () => {
		const requestOptions = { timeout: 1234, allowUnauthorizedCerts: true, proxy: 'http://user:secret@127.0.0.1:3128' };
		for (const operation of ['routed', 'custom']) {
			const result = await runWorkflow({ workflow: singleNodeWorkflow({ type: OPTIONS_PROBE, parameters: { operation, requestOptions } }) });
			expect(result.error).toBeUndefined();
		}
		expect(seen.routing).toEqual({
			timeout: 1234,
			skipSslCertificateValidation: true,
			proxy: { host: '127.0.0.1', port: 3128, protocol: 'http', auth: { username: 'user', password: 'secret' } },
		});
		expect(seen.custom).toEqual(seen.routing);
		seen = {};
		for (const operation of ['routed', 'custom']) await runWorkflow({ workflow: singleNodeWorkflow({ type: OPTIONS_PROBE, parameters: { operation } }) });
		expect(seen.routing).toEqual({ timeout: 300_000 });
		expect(seen.custom).toEqual(seen.routing);
	});

	it('customOperations: WorkflowExecute calls the operation once with every input item (public INodeType interface)', async () => {
		const items = [{ a: 1 }, { a: 2 }, { a: 3 }];
		const result = await runWorkflow({ workflow: singleNodeWorkflow({ type: OPTIONS_PROBE, parameters: { operation: 'custom' } }, items) });
		expect(result.json('Node')).toEqual([{ items: 3 }, { items: 3 }, { items: 3 }]);
	});
});
