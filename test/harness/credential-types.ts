/**
 * Credential types known to the harness: the package's own credentials (loaded by node-types.ts)
 * plus the parent type `oAuth2Api`, which lives in n8n-nodes-base (not installed here).
 */
import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The part of n8n's generic OAuth2 credential that the package's credential builds on.
 *
 * Ported from n8n-nodes-base `credentials/OAuth2Api.credentials.ts` (n8n-io/n8n, packages/nodes-base):
 * the same names, types, defaults and displayOptions for the fields n8n-core's OAuth2 code reads
 * (grantType, authUrl, accessTokenUrl, clientId, clientSecret, scope, authQueryParameters,
 * authentication, ...). The dynamic-client-registration, additional-body and JWE fields are left
 * out except where requestOAuth2 reads them (jweEnabled stays false). `ignoreSSLIssues`,
 * `tokenExpiredStatusCode` and `jweEnabled` carry `doNotInherit: true` there, so a child such as
 * rosteringOAuth2Api does not get their defaults either (NodeHelpers.mergeNodeProperties skips
 * them) — kept the same here so the harness resolves exactly what n8n resolves.
 *
 * `oauthTokenData` is not a property of oAuth2Api: n8n's CredentialsHelper.getCredentialsProperties
 * appends it for the types oAuth1Api/oAuth2Api themselves; getDecrypted then copies the stored
 * token data back in after applying defaults. credentials-helper.ts does the same.
 */
export class OAuth2ApiStandIn implements ICredentialType {
	name = 'oAuth2Api';

	displayName = 'OAuth2 API';

	genericAuth = true;

	properties: INodeProperties[] = [
		{
			displayName: 'Use Dynamic Client Registration',
			name: 'useDynamicClientRegistration',
			type: 'hidden',
			default: false,
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			displayOptions: {
				show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] },
			},
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			displayOptions: {
				show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] },
			},
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			options: [
				{ name: 'Body', value: 'body', description: 'Send credentials in body' },
				{ name: 'Header', value: 'header', description: 'Send credentials as Basic Auth header' },
			],
			default: 'header',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSSLIssues',
			type: 'boolean',
			default: false,
			doNotInherit: true,
		},
		{
			displayName: 'Token Expired Status Code',
			name: 'tokenExpiredStatusCode',
			type: 'number',
			default: 401,
			doNotInherit: true,
		},
		{
			displayName: 'JWE Token Decryption',
			name: 'jweEnabled',
			type: 'boolean',
			default: false,
			doNotInherit: true,
		},
	];
}

/** A registry of credential types with n8n's CredentialTypes semantics (getByName, getParentTypes). */
export class CredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	constructor() {
		this.add(new OAuth2ApiStandIn());
	}

	add(type: ICredentialType): void {
		this.types.set(type.name, type);
	}

	recognizes(name: string): boolean {
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new Error(`Unrecognized credential type: ${name}`);
		return type;
	}

	/** Every ancestor through `extends`, nearest first (as n8n's CredentialTypes.getParentTypes). */
	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	all(): ICredentialType[] {
		return [...this.types.values()];
	}
}
