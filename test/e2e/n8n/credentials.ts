/**
 * The Rostering OAuth2 credential the e2e workflows use, as `n8n import:credentials` takes it.
 *
 * Verified against n8n 2.40.7 (2026-11): import:credentials encrypts plain `data`; hidden fields
 * (baseUrl, scope, grantType...) need not be given: n8n fills in their defaults when it resolves
 * the credential.
 */
import { ALL_SCOPES } from '../../../sandbox/permissions';

/** A credential as `n8n import:credentials` takes it; `data` is plain (n8n encrypts it). */
export interface CredentialInput {
	id?: string;
	name: string;
	type: string;
	/** The credential's fields. For an OAuth2 credential put the tokens in data.oauthTokenData. */
	data: Record<string, unknown>;
}

/** The credential the workflows in test/e2e/workflows refer to. */
export const E2E_CREDENTIAL = { id: 'e2eRosteringCred', name: 'Rostering (e2e)', type: 'rosteringOAuth2Api' } as const;

/** Every permission the credential offers (the spec's list, kept by the sandbox). */
export const ALL_PERMISSIONS = ALL_SCOPES;

/** OAuth2 tokens as n8n stores them in a credential's data.oauthTokenData. */
interface OAuthTokens {
	access_token: string;
	refresh_token?: string;
	token_type?: string;
	expires_in?: number;
	scope?: string;
}

/**
 * The Rostering OAuth2 credential for a sandbox (environment "custom"), already connected: the
 * tokens go in data.oauthTokenData, as n8n keeps them after the browser flow.
 */
export function rosteringCredential(opts: {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	tokens: OAuthTokens;
	permissions?: string[];
	id?: string;
	name?: string;
}): CredentialInput {
	return {
		id: opts.id ?? E2E_CREDENTIAL.id,
		name: opts.name ?? E2E_CREDENTIAL.name,
		type: E2E_CREDENTIAL.type,
		data: {
			environment: 'custom',
			customBaseUrl: opts.baseUrl,
			clientId: opts.clientId,
			clientSecret: opts.clientSecret,
			access: 'custom',
			permissions: opts.permissions ?? ALL_PERMISSIONS,
			oauthTokenData: opts.tokens,
		},
	};
}
