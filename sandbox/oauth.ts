/**
 * OAuth 2.0 authorization code with PKCE (S256 only), HTTP Basic client authentication at the
 * token endpoint, rotating refresh tokens, and Bearer authentication of API calls.
 */
import type { Connection } from './context';
import { ApiError } from './errors';
import { hexId, randomToken, sha256Base64Url } from './ids';
import { ALL_SCOPES, PERMISSIONS } from './permissions';
import { escapeHtml, html, json, redirect, type Reply } from './reply';
import type { Store } from './store';
import type { Clock } from './time';

export interface TokenResponse {
	access_token: string;
	token_type: 'Bearer';
	expires_in: number;
	refresh_token?: string;
	scope: string;
	connection_id: string;
	business_id: string;
}

export interface OAuthOptions {
	clientId: string;
	clientSecret: string;
	appName: string;
	accessTokenTtlSeconds: number;
	autoConsent: boolean;
	redirectUris?: string[];
}

interface Grant {
	clientId: string;
	businessId: string;
	connectionId: string;
	scopes: string[];
}
interface AccessToken extends Grant { expiresAt: number }
interface Code extends Grant {
	redirectUri: string;
	challenge: string;
	expiresAt: number;
	used: boolean;
	issued: string[];
}
interface Pending { params: Record<string, string>; scopes: string[]; expiresAt: number }

const CODE_TTL = 5 * 60000;

/** The OAuth side's state as plain data (entries of its maps). */
export interface OAuthState {
	codes: Array<[string, Code]>;
	pending: Array<[string, Pending]>;
	access: Array<[string, AccessToken]>;
	refresh: Array<[string, Grant]>;
	connections: Array<[string, { id: string; createdAt: number }]>;
}

export class OAuth {
	private codes = new Map<string, Code>();
	private pending = new Map<string, Pending>();
	private access = new Map<string, AccessToken>();
	private refresh = new Map<string, Grant>();
	private connections = new Map<string, { id: string; createdAt: number }>();

	constructor(
		public o: OAuthOptions,
		private store: Store,
		private clock: Clock,
	) {}

	/** Redirect URIs: the configured prefixes, or by default any https:// URI plus http://localhost:* and http://127.0.0.1:*. */
	redirectAllowed(uri: string): boolean {
		let u: URL;
		try {
			u = new URL(uri);
		} catch {
			return false;
		}
		if (u.hash) return false;
		if (this.o.redirectUris) return this.o.redirectUris.some((p) => uri.startsWith(p));
		return u.protocol === 'https:' || (u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1'));
	}

	/** What a restart must keep (persist.ts): the codes, consents, tokens and connections issued. */
	saved(): OAuthState {
		return { codes: [...this.codes], pending: [...this.pending], access: [...this.access], refresh: [...this.refresh], connections: [...this.connections] };
	}

	restore(state: OAuthState): void {
		this.codes = new Map(state.codes);
		this.pending = new Map(state.pending);
		this.access = new Map(state.access);
		this.refresh = new Map(state.refresh);
		this.connections = new Map(state.connections);
	}

	describeRedirects(): string[] {
		return this.o.redirectUris ?? ['https://*', 'http://localhost:*', 'http://127.0.0.1:*'];
	}

	private connection(clientId: string, businessId: string) {
		const key = `${clientId}:${businessId}`;
		let c = this.connections.get(key);
		if (!c) {
			c = { id: hexId(`connection:${key}`), createdAt: this.store.stamp() };
			this.connections.set(key, c);
		}
		return c;
	}

	private tokens(g: Grant, ttlSeconds = this.o.accessTokenTtlSeconds): TokenResponse {
		const access_token = randomToken('sbx_at_');
		this.access.set(access_token, { ...g, expiresAt: this.clock.ms() + ttlSeconds * 1000 });
		const refresh_token = g.scopes.includes('offline_access') ? randomToken('sbx_rt_', 32) : undefined;
		if (refresh_token) this.refresh.set(refresh_token, { ...g });
		return {
			access_token, token_type: 'Bearer', expires_in: ttlSeconds, ...(refresh_token ? { refresh_token } : {}),
			scope: g.scopes.join(' '), connection_id: g.connectionId, business_id: g.businessId,
		};
	}

	issueToken(opts: { scopes?: string[]; ttlSeconds?: number; businessId?: string } = {}): TokenResponse {
		const scopes = opts.scopes ?? ALL_SCOPES;
		const unknown = scopes.find((s) => !ALL_SCOPES.includes(s));
		if (unknown) throw new Error(`Unknown permission: ${unknown}`);
		const businessId = opts.businessId ?? this.store.mainBusinessId;
		if (!this.store.t.businesses.has(businessId)) throw new Error(`Unknown business: ${businessId}`);
		const c = this.connection(this.o.clientId, businessId);
		return this.tokens({ clientId: this.o.clientId, businessId, connectionId: c.id, scopes: [...scopes] }, opts.ttlSeconds);
	}

	expireAccessTokens(): void {
		const now = this.clock.ms();
		for (const t of this.access.values()) t.expiresAt = Math.min(t.expiresAt, now);
	}

	/** Bearer authentication of an API call. */
	authenticate(header: string | undefined): Connection {
		const wa = (error: string) => ({ 'WWW-Authenticate': `Bearer realm="sandbox", error="${error}"` });
		const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
		if (!m) throw new ApiError(401, 'invalid_token', 'Send the access credential as Authorization: Bearer <ACCESS_TOKEN>.', undefined, wa('invalid_token'));
		const t = this.access.get(m[1]);
		if (!t) throw new ApiError(401, 'invalid_token', 'The access credential is not valid.', undefined, wa('invalid_token'));
		if (t.expiresAt <= this.clock.ms()) throw new ApiError(401, 'token_expired', 'The access credential has expired. Renew it with the refresh token.', undefined, wa('invalid_token'));
		const c = this.connection(t.clientId, t.businessId);
		return { connectionId: t.connectionId, businessId: t.businessId, scopes: t.scopes, appName: this.o.appName, clientId: t.clientId, connectedAt: c.createdAt };
	}

	// ---- GET/POST /oauth/authorize ----

	authorize(method: string, query: URLSearchParams, form: Record<string, string>): Reply {
		if (method === 'POST') return this.decide(form);
		if (method !== 'GET') return json(405, { error: 'invalid_request', error_description: 'Use GET (or POST from the consent page).' }, { Allow: 'GET, POST' });
		const p = Object.fromEntries(query);
		if (!p.client_id || p.client_id !== this.o.clientId) return errorPage('Unknown app', 'The client_id is missing or is not a registered app.');
		if (!p.redirect_uri || !this.redirectAllowed(p.redirect_uri)) {
			return errorPage('Redirect URI not accepted', `The redirect_uri ${escapeHtml(p.redirect_uri ?? '(missing)')} is not registered for this app. Accepted: ${this.describeRedirects().join(', ')}.`);
		}
		const back = (error: string, description: string) => redirect(withParams(p.redirect_uri, { error, error_description: description, state: p.state }));
		if (p.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code.');
		if (p.code_challenge_method !== 'S256') return back('invalid_request', `code_challenge_method must be S256 (${p.code_challenge_method ? p.code_challenge_method + ' is' : 'a missing method is'} not accepted; plain is not supported).`);
		if (!p.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
		const scopes = [...new Set((p.scope ?? '').split(/[\s+]+/).filter(Boolean))];
		if (!scopes.length) return back('invalid_scope', 'Ask for at least one permission in scope.');
		const unknown = scopes.find((s) => !ALL_SCOPES.includes(s));
		if (unknown) return back('invalid_scope', `Unknown permission: ${unknown}.`);
		if (this.o.autoConsent || p.sandbox_auto_consent === '1' || p.sandbox_auto_consent === 'true') {
			const business = p.sandbox_business_id && this.store.t.businesses.has(p.sandbox_business_id) ? p.sandbox_business_id : this.store.mainBusinessId;
			return this.allow(p, scopes, business);
		}
		const txn = randomToken('txn_', 12);
		this.pending.set(txn, { params: p, scopes, expiresAt: this.clock.ms() + 30 * 60000 });
		return html(200, this.consentPage(txn, scopes));
	}

	private allow(p: Record<string, string>, scopes: string[], businessId: string): Reply {
		const code = randomToken('sbx_code_', 24);
		const c = this.connection(p.client_id, businessId);
		this.codes.set(code, {
			clientId: p.client_id, businessId, connectionId: c.id, scopes, redirectUri: p.redirect_uri, challenge: p.code_challenge,
			expiresAt: this.clock.ms() + CODE_TTL, used: false, issued: [],
		});
		return redirect(withParams(p.redirect_uri, { code, state: p.state }));
	}

	private decide(form: Record<string, string>): Reply {
		const pending = this.pending.get(form.txn ?? '');
		if (!pending || pending.expiresAt < this.clock.ms()) return errorPage('Request expired', 'This consent page has expired or was already answered. Start connecting again from the app.');
		this.pending.delete(form.txn);
		const p = pending.params;
		if (form.decision !== 'allow') {
			return redirect(withParams(p.redirect_uri, { error: 'access_denied', error_description: 'The business owner cancelled.', state: p.state }));
		}
		const business = this.store.t.businesses.has(form.business_id) ? form.business_id : this.store.mainBusinessId;
		return this.allow(p, pending.scopes, business);
	}

	private consentPage(txn: string, scopes: string[]): string {
		const labels = scopes.map((s) => `<li>${escapeHtml(PERMISSIONS.find((x) => x.scope === s)!.label)} <code>${escapeHtml(s)}</code></li>`).join('');
		const businesses = [this.store.mainBusinessId, this.store.otherBusinessId]
			.map((id, i) => `<label><input type="radio" name="business_id" value="${id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(this.store.t.businesses.get(id)!.name)}</label><br>`)
			.join('');
		return `<!doctype html><html><head><meta charset="utf-8"><title>Connect ${escapeHtml(this.o.appName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;line-height:1.5}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}</style></head>
<body><h1>Connect ${escapeHtml(this.o.appName)}</h1><p>Signed in as <b>owner@example.com</b> (sandbox).</p>
<p><b>${escapeHtml(this.o.appName)}</b> asks for these permissions:</p><ul>${labels}</ul>
<form method="post" action="/oauth/authorize"><input type="hidden" name="txn" value="${txn}">
<fieldset><legend>Business to connect</legend>${businesses}</fieldset><p>
<button type="submit" name="decision" value="allow" id="allow">Allow</button>
<button type="submit" name="decision" value="cancel" id="cancel">Cancel</button></p></form></body></html>`;
	}

	// ---- POST /oauth/token ----

	token(method: string, headers: Record<string, string | string[] | undefined>, body: unknown): Reply {
		const err = (status: number, error: string, error_description: string, extra: Record<string, string> = {}) =>
			json(status, { error, error_description }, { 'Cache-Control': 'no-store', ...extra });
		if (method !== 'POST') return err(405, 'invalid_request', 'Use POST.');
		const client = basicAuth(headers.authorization as string | undefined);
		if (!client || client.id !== this.o.clientId || client.secret !== this.o.clientSecret) {
			return err(401, 'invalid_client', client ? 'Client id or client secret is wrong.' : 'Authenticate the app with HTTP Basic (client id and client secret).', { 'WWW-Authenticate': 'Basic realm="sandbox"' });
		}
		if (!body || typeof body !== 'object' || Array.isArray(body)) return err(400, 'invalid_request', 'Send a JSON or form-encoded body.');
		const b = body as Record<string, unknown>;
		const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
		const ok = (t: TokenResponse) => json(200, t, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
		const grant = str('grant_type');
		if (!grant) return err(400, 'invalid_request', 'grant_type is required.');
		if (grant === 'authorization_code') {
			for (const k of ['code', 'redirect_uri', 'code_verifier']) if (!str(k)) return err(400, 'invalid_request', `${k} is required.`);
			const code = this.codes.get(str('code')!);
			if (!code || code.clientId !== client.id) return err(400, 'invalid_grant', 'The authorization code is not valid.');
			if (code.used) {
				for (const t of code.issued) this.access.delete(t);
				return err(400, 'invalid_grant', 'The authorization code was already used.');
			}
			code.used = true;
			if (code.expiresAt <= this.clock.ms()) return err(400, 'invalid_grant', 'The authorization code has expired (codes last five minutes).');
			if (str('redirect_uri') !== code.redirectUri) return err(400, 'invalid_grant', 'redirect_uri does not match the one sent to /oauth/authorize.');
			const v = str('code_verifier')!;
			if (!/^[A-Za-z0-9._~-]{43,128}$/.test(v)) return err(400, 'invalid_grant', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".');
			if (sha256Base64Url(v) !== code.challenge) return err(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
			const t = this.tokens(code);
			code.issued.push(t.access_token);
			return ok(t);
		}
		if (grant === 'refresh_token') {
			const rt = str('refresh_token');
			if (!rt) return err(400, 'invalid_request', 'refresh_token is required.');
			const g = this.refresh.get(rt);
			if (!g || g.clientId !== client.id) return err(400, 'invalid_grant', 'The refresh token is not valid (it may have been used already: each refresh returns a new one).');
			let scopes = g.scopes;
			if (str('scope')) {
				scopes = str('scope')!.split(/\s+/).filter(Boolean);
				const extra = scopes.find((s) => !g.scopes.includes(s));
				if (extra) return err(400, 'invalid_scope', `${extra} was not granted.`);
				if (!scopes.includes('offline_access')) scopes.push('offline_access');
			}
			this.refresh.delete(rt);
			return ok(this.tokens({ ...g, scopes }));
		}
		return err(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
	}
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
	const u = new URL(uri);
	for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
	return u.toString();
}

function errorPage(title: string, message: string): Reply {
	return html(400, `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${message}</p></body></html>`);
}

function basicAuth(header: string | undefined): { id: string; secret: string } | undefined {
	const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
	if (!m) return undefined;
	const text = Buffer.from(m[1], 'base64').toString('utf8');
	const i = text.indexOf(':');
	if (i < 0) return undefined;
	const dec = (s: string) => {
		try {
			return decodeURIComponent(s.replace(/\+/g, ' '));
		} catch {
			return s;
		}
	};
	return { id: dec(text.slice(0, i)), secret: dec(text.slice(i + 1)) };
}
