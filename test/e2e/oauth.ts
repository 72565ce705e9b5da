/**
 * "Connect my account" without a browser: connectThroughOAuth() connects a Rostering credential in a
 * running n8n (startServer()) to the sandbox through n8n's own OAuth2 endpoints, request for request
 * what the editor and a person's browser do. No jest in here: the demo script uses it too.
 *
 * The steps, as read in n8n 2.40.7's source (.n8n-runtime/n8n/node_modules/n8n/dist and
 * n8n-editor-ui/dist) and checked by running it (test/e2e/oauth.test.ts):
 *
 * 1. Log in as the owner (`POST /rest/login`, with a `browser-id` header as the editor sends): the
 *    session is the `n8n-auth` cookie, whose JWT is bound to that browser id. This client keeps its
 *    own cookie jar and browser id, like a second browser tab, apart from N8nServer.rest's session.
 * 2. The credential: `POST /rest/credentials` {name, type: 'rosteringOAuth2Api', data}
 *    (CreateCredentialDto), data = the fields the form shows (environment 'custom', customBaseUrl,
 *    clientId, clientSecret, permissions). n8n fills in the hidden fields (grantType 'pkce',
 *    authentication 'header', authUrl, accessTokenUrl, scope) from the credential type's defaults.
 * 3. The editor's button calls `GET /rest/oauth2-credential/auth?id=<id>` (editor: `GET
 *    /oauth2-credential/auth {id}`); n8n answers `{data: <authorization URL>}`. For grantType pkce
 *    n8n adds code_challenge + code_challenge_method=S256 and keeps the verifier with a CSRF secret
 *    in its cache under the state's token (OauthService.generateAOauth2AuthUri). The state is
 *    base64 JSON {token, createdAt}. With N8N_OAUTH_BROWSER_BINDING (off by default) n8n also sets an
 *    `n8n-oauth-binding` cookie on /rest: the jar keeps and sends it like any other.
 * 4. The browser opens that URL: the sandbox's /oauth/authorize shows its consent page (a form:
 *    hidden txn, business_id radios, buttons decision=allow / decision=cancel) or, with auto-consent
 *    (the sandbox's option, or `sandbox_auto_consent=1` added here when asked), redirects at once.
 * 5. The sandbox redirects to n8n's redirect URI, `<instance base URL>/rest/oauth2-credential/callback`
 *    with code and state (or error=access_denied after Cancel). The callback is allowUnauthenticated
 *    and skips the browser-id check (AuthService.skipBrowserIdCheckEndpoints), but it still needs
 *    the `n8n-auth` cookie: decodeCsrfState refuses "Unauthorized" when the state's userId is not
 *    req.user (unless N8N_SKIP_AUTH_ON_OAUTH_CALLBACK=true). n8n then exchanges the code (form
 *    body with code_verifier; client id and secret as HTTP Basic for authentication 'header'),
 *    stores oauthTokenData encrypted in the credential and renders `oauth-callback` ("Connection
 *    successful"); any failure renders `oauth-error-callback` ("Error: <message>", a <pre> reason,
 *    "Failed to connect."). Without a code (Cancel) the message is "Insufficient parameters for
 *    OAuth2 callback." and the reason lists the query parameters received.
 * 6. The editor then reads `GET /rest/credentials/:id?includeData=true`: data.oauthTokenData is `true`
 *    once tokens are stored (n8n never sends the tokens themselves).
 *
 * Cookies are kept as a browser does (RFC 6265): per host name, not per port, so the sandbox on
 * another port of 127.0.0.1 receives n8n's cookies too, exactly as it would from a browser.
 */
import * as fs from 'fs';
import * as path from 'path';

import { ALL_PERMISSIONS, E2E_OWNER, newId, type N8nInstance, type N8nServer } from './n8n';

export const CREDENTIAL_TYPE = 'rosteringOAuth2Api';

/** The part of n8n's redirect URI after the instance's base URL (OauthService.getBaseUrl(2) + '/callback'). */
export const CALLBACK_PATH = '/rest/oauth2-credential/callback';

export interface ConnectOptions {
	/** The service to connect to: the sandbox's url and the app's client id and secret. */
	service: { url: string; clientId: string; clientSecret: string };
	/** Permissions to ask for (default: every one the credential offers). */
	permissions?: string[];
	/** The credential's name (default "Rostering (OAuth e2e <random>)"). */
	name?: string;
	/** Connect this existing credential again instead of creating one. */
	credentialId?: string;
	/** What the business owner clicks on the consent page (default 'allow'). */
	decision?: 'allow' | 'cancel';
	/**
	 * Skip the consent page with the sandbox's auto-consent (adds sandbox_auto_consent=1 to the
	 * authorization URL). A sandbox started with autoConsent skips it anyway; both are handled.
	 */
	autoConsent?: boolean;
	/** Which business to connect on the consent page (default: the one the page has checked). */
	businessId?: string;
	/** The n8n user to log in as (default: the owner startServer() sets up). */
	login?: { email: string; password: string };
	/**
	 * Resolve with connected: false instead of rejecting when the connection does not complete
	 * (default: reject, unless decision is 'cancel').
	 */
	allowFailure?: boolean;
}

/** One request the "browser" made, in order. */
export interface Hop {
	method: string;
	url: string;
	status: number;
	location?: string;
}

export interface ConnectResult {
	credentialId: string;
	/** n8n's GET /rest/credentials/:id?includeData=true says tokens are stored (oauthTokenData: true). */
	connected: boolean;
	/** What GET /rest/oauth2-credential/auth answered. */
	authorizationUrl: string;
	/** The URL the sandbox redirected the browser to (n8n's callback, with code/state or error). */
	callbackUrl: string;
	/** The page n8n's callback rendered. */
	callbackPage: { status: number; html: string; text: string };
	/** n8n's error page, parsed: "Error: <message>" and the reason in "More details". */
	error?: { message: string; reason?: string };
	/** Every request the browser made, in order (REST calls not included). */
	hops: Hop[];
	/** The credential as GET /rest/credentials/:id?includeData=true shows it after the callback. */
	credential: Record<string, unknown> & { data?: Record<string, unknown> };
}

export class OAuthConnectError extends Error {
	constructor(
		message: string,
		readonly result?: Partial<ConnectResult>,
	) {
		super(message);
		this.name = 'OAuthConnectError';
	}
}

/**
 * Connects a Rostering credential in a running n8n to the service through n8n's OAuth2 endpoints,
 * as the credential form's "Connect my account" does. Resolves once n8n's callback has answered and
 * n8n's REST API has been asked whether tokens are stored.
 */
export async function connectThroughOAuth(server: Pick<N8nServer, 'baseUrl'>, opts: ConnectOptions): Promise<ConnectResult> {
	const browser = new Browser();
	const n8n = new N8nSession(server.baseUrl, browser);
	await n8n.login(opts.login ?? { email: E2E_OWNER.email, password: E2E_OWNER.password });

	let credentialId = opts.credentialId;
	if (!credentialId) {
		const created = await n8n.rest<{ id: string }>('POST', '/rest/credentials', {
			name: opts.name ?? `Rostering (OAuth e2e ${newId().slice(0, 6)})`,
			type: CREDENTIAL_TYPE,
			data: {
				environment: 'custom',
				customBaseUrl: opts.service.url,
				clientId: opts.service.clientId,
				clientSecret: opts.service.clientSecret,
				access: 'custom',
				permissions: opts.permissions ?? ALL_PERMISSIONS,
			},
		});
		credentialId = String(created.id);
	}
	const partial: Partial<ConnectResult> = { credentialId, hops: browser.hops };

	// The editor's "Connect my account": ask n8n for the authorization URL, open it.
	const authorizationUrl = await n8n.rest<string>('GET', `/rest/oauth2-credential/auth?id=${encodeURIComponent(credentialId)}`);
	partial.authorizationUrl = authorizationUrl;
	let url = authorizationUrl;
	if (opts.autoConsent) {
		const u = new URL(url);
		u.searchParams.set('sandbox_auto_consent', '1');
		if (opts.businessId) u.searchParams.set('sandbox_business_id', opts.businessId);
		url = u.toString();
	}
	const callbackPrefix = `${new URL(server.baseUrl).origin}${CALLBACK_PATH}`;
	const isCallback = (u: string) => u.startsWith(callbackPrefix);

	// The service's side: follow redirects until the consent page or n8n's callback.
	let page = await browser.navigate('GET', url, undefined, { stopAt: isCallback });
	if (!isCallback(page.url)) {
		if (page.status !== 200) {
			throw new OAuthConnectError(`The service's authorization page answered ${page.status} at ${page.url}: ${htmlText(page.body).slice(0, 500)}`, partial);
		}
		const form = consentForm(page.body, page.url);
		if (!form) throw new OAuthConnectError(`No consent form at ${page.url}: ${htmlText(page.body).slice(0, 500)}`, partial);
		const fields = { ...form.fields };
		if (opts.businessId) {
			if (!form.businesses.includes(opts.businessId)) {
				throw new OAuthConnectError(`The consent page offers no business ${opts.businessId} (offers: ${form.businesses.join(', ')})`, partial);
			}
			fields.business_id = opts.businessId;
		}
		const decision = opts.decision ?? 'allow';
		if (!form.decisions.includes(decision)) {
			throw new OAuthConnectError(`The consent page has no "${decision}" button (has: ${form.decisions.join(', ')})`, partial);
		}
		fields.decision = decision;
		page = await browser.navigate(form.method, form.action, new URLSearchParams(fields).toString(), { stopAt: isCallback });
		if (!isCallback(page.url)) {
			throw new OAuthConnectError(`After the consent page the browser ended at ${page.url} (${page.status}), not at n8n's callback: ${htmlText(page.body).slice(0, 500)}`, partial);
		}
	}

	// n8n's callback, with the browser's cookies (n8n-auth, and n8n-oauth-binding when set).
	const callbackUrl = page.url;
	partial.callbackUrl = callbackUrl;
	const callback = await browser.navigate('GET', callbackUrl);
	const text = htmlText(callback.body);
	partial.callbackPage = { status: callback.status, html: callback.body, text };
	partial.error = callbackError(callback.body);

	// What the editor then reads: are tokens stored?
	const credential = await n8n.rest<ConnectResult['credential']>('GET', `/rest/credentials/${encodeURIComponent(credentialId)}?includeData=true`);
	partial.credential = credential;
	partial.connected = credential.data?.oauthTokenData === true;
	const result = partial as ConnectResult;
	if (!result.connected && !opts.allowFailure && (opts.decision ?? 'allow') === 'allow') {
		const why = result.error ? `${result.error.message}${result.error.reason ? ` (${result.error.reason})` : ''}` : text.slice(0, 300);
		throw new OAuthConnectError(`n8n did not store tokens for credential ${credentialId}: ${why}`, result);
	}
	return result;
}

/** A credential as `n8n export:credentials` writes it: data is the encrypted string, or the object with decrypted: true. */
export interface ExportedCredential {
	id: string;
	name: string;
	type: string;
	data: string | (Record<string, unknown> & { oauthTokenData?: Record<string, unknown> });
	[k: string]: unknown;
}

/**
 * Reads a credential straight from n8n's database with its own CLI (`n8n export:credentials --id`),
 * as stored (data encrypted) or with --decrypted. Works while `n8n start` runs (same sqlite file).
 */
export async function exportCredential(instance: N8nInstance, credentialId: string, opts: { decrypted?: boolean } = {}): Promise<ExportedCredential> {
	const file = path.join(instance.userFolder, `export-${newId()}.json`);
	const args = ['export:credentials', `--id=${credentialId}`, `--output=${file}`, ...(opts.decrypted ? ['--decrypted'] : [])];
	let last = '';
	for (let attempt = 0; attempt < 3; attempt++) {
		const res = await instance.run(args);
		if (res.code === 0 && fs.existsSync(file)) {
			const list = JSON.parse(fs.readFileSync(file, 'utf8')) as ExportedCredential[];
			fs.rmSync(file, { force: true });
			const found = list.find((c) => c.id === credentialId);
			if (!found) throw new Error(`n8n export:credentials --id=${credentialId} exported no such credential`);
			return found;
		}
		last = `exit ${res.code}: ${res.stdout.slice(-1500)}\n${res.stderr.slice(-1500)}`;
		await new Promise((r) => setTimeout(r, 1000)); // e.g. SQLITE_BUSY while the server writes
	}
	throw new Error(`n8n export:credentials --id=${credentialId} failed: ${last}`);
}

/** The bytes of n8n's sqlite database (and its write-ahead log, if any): to check what is at rest. */
export function databaseBytes(instance: N8nInstance): Buffer {
	const base = path.join(instance.userFolder, '.n8n', 'database.sqlite');
	return Buffer.concat([base, `${base}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}

// ---------------------------------------------------------------------------------------------
// A minimal browser: cookie jar, manual redirects, form posts.
// ---------------------------------------------------------------------------------------------

interface Cookie {
	name: string;
	value: string;
	host: string;
	path: string;
	expires?: number;
}

class Browser {
	readonly hops: Hop[] = [];
	private cookies: Cookie[] = [];

	cookieHeader(url: string): string | undefined {
		const u = new URL(url);
		const now = Date.now();
		this.cookies = this.cookies.filter((c) => c.expires === undefined || c.expires > now);
		const matching = this.cookies.filter(
			(c) => c.host === u.hostname && (u.pathname === c.path || u.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
		);
		return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
	}

	store(url: string, setCookie: string[]): void {
		const u = new URL(url);
		for (const line of setCookie) {
			const [pair, ...attrs] = line.split(';').map((s) => s.trim());
			const eq = pair.indexOf('=');
			if (eq <= 0) continue;
			const cookie: Cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), host: u.hostname, path: defaultPath(u.pathname) };
			for (const attr of attrs) {
				const [k, ...v] = attr.split('=');
				const key = k.toLowerCase();
				const value = v.join('=');
				if (key === 'path' && value.startsWith('/')) cookie.path = value;
				else if (key === 'max-age' && /^-?\d+$/.test(value)) cookie.expires = Date.now() + Number(value) * 1000;
				else if (key === 'expires' && cookie.expires === undefined && !Number.isNaN(Date.parse(value))) cookie.expires = Date.parse(value);
			}
			this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.host === cookie.host && c.path === cookie.path));
			if (cookie.expires === undefined || cookie.expires > Date.now()) this.cookies.push(cookie);
		}
	}

	/** One request with the jar's cookies; stores what comes back. */
	async request(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
		const headers: Record<string, string> = { ...init.headers };
		const cookie = this.cookieHeader(url);
		if (cookie) headers.cookie = cookie;
		const res = await fetch(url, { method, headers, body: init.body, redirect: 'manual' });
		this.store(url, res.headers.getSetCookie?.() ?? []);
		const body = await res.text();
		return { status: res.status, location: res.headers.get('location') ?? undefined, body, url };
	}

	/**
	 * A navigation: follows redirects (a 303 or a 302 after a POST becomes a GET), stops before
	 * requesting a URL stopAt accepts (returned with status 0 and no body).
	 */
	async navigate(method: string, url: string, formBody?: string, opts: { stopAt?: (url: string) => boolean } = {}) {
		let current = url;
		let m = method.toUpperCase();
		let body = formBody;
		for (let i = 0; i < 20; i++) {
			if (opts.stopAt?.(current)) return { status: 0, body: '', url: current };
			const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml' };
			if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
			const res = await this.request(m, current, { headers, body });
			this.hops.push({ method: m, url: current, status: res.status, location: res.location });
			if (res.status >= 300 && res.status < 400 && res.location) {
				current = new URL(res.location, current).toString();
				if (res.status === 303 || ((res.status === 301 || res.status === 302) && m === 'POST')) {
					m = 'GET';
					body = undefined;
				}
				continue;
			}
			return { status: res.status, body: res.body, url: current };
		}
		throw new Error(`Too many redirects from ${url}`);
	}
}

function defaultPath(pathname: string): string {
	const i = pathname.lastIndexOf('/');
	return i <= 0 ? '/' : pathname.slice(0, i);
}

/** n8n's REST API as the editor calls it: JSON, a fixed browser-id header, the session cookie. */
class N8nSession {
	private readonly browserId = `oauth-e2e-${newId()}`;

	constructor(
		private readonly baseUrl: string,
		private readonly browser: Browser,
	) {}

	async login(user: { email: string; password: string }): Promise<void> {
		await this.rest('POST', '/rest/login', { emailOrLdapLoginId: user.email, password: user.password });
		if (!this.browser.cookieHeader(`${this.baseUrl}/rest/login`)?.includes('n8n-auth=')) {
			throw new OAuthConnectError('n8n set no n8n-auth cookie at login');
		}
	}

	async rest<T>(method: string, p: string, body?: unknown): Promise<T> {
		const headers: Record<string, string> = { accept: 'application/json', 'browser-id': this.browserId };
		if (body !== undefined) headers['content-type'] = 'application/json';
		const res = await this.browser.request(method, `${this.baseUrl}${p}`, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
		let parsed: unknown = res.body;
		try {
			parsed = res.body ? JSON.parse(res.body) : undefined;
		} catch {
			// not JSON
		}
		if (res.status < 200 || res.status >= 300) {
			const message = (parsed as { message?: string } | undefined)?.message ?? String(res.body).slice(0, 300);
			throw new OAuthConnectError(`${method} ${p}: ${res.status} ${message}`);
		}
		const b = parsed as { data?: unknown } | undefined;
		return (b && typeof b === 'object' && 'data' in b ? b.data : b) as T;
	}
}

// ---------------------------------------------------------------------------------------------
// HTML: the consent form and n8n's callback pages.
// ---------------------------------------------------------------------------------------------

interface ConsentForm {
	method: string;
	action: string;
	/** Hidden inputs and checked radios, as the browser would submit them. */
	fields: Record<string, string>;
	/** The values of the business_id radios. */
	businesses: string[];
	/** The values of the decision buttons. */
	decisions: string[];
}

function attributes(tag: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const m of tag.matchAll(/([a-zA-Z_:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
		out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
	}
	return out;
}

/** The first form on the page, with what submitting it sends. */
export function consentForm(html: string, pageUrl: string): ConsentForm | undefined {
	const m = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
	if (!m) return undefined;
	const formAttrs = attributes(m[1]);
	const fields: Record<string, string> = {};
	const businesses: string[] = [];
	const decisions: string[] = [];
	for (const tag of m[2].matchAll(/<(input|button)\b([^>]*)>/gi)) {
		const a = attributes(tag[2]);
		const type = (a.type ?? (tag[1].toLowerCase() === 'button' ? 'submit' : 'text')).toLowerCase();
		if (!a.name) continue;
		if (type === 'submit') {
			if (a.name === 'decision') decisions.push(a.value ?? '');
			continue;
		}
		if (type === 'radio' || type === 'checkbox') {
			if (a.name === 'business_id') businesses.push(a.value ?? '');
			if ('checked' in a) fields[a.name] = a.value ?? 'on';
			continue;
		}
		fields[a.name] = a.value ?? '';
	}
	return {
		method: (formAttrs.method ?? 'GET').toUpperCase(),
		action: new URL(formAttrs.action || pageUrl, pageUrl).toString(),
		fields,
		businesses,
		decisions,
	};
}

/** n8n's oauth-error-callback page: "Error: <message>" in an h4, the reason in a pre. */
export function callbackError(html: string): { message: string; reason?: string } | undefined {
	const h4 = /<h4>\s*Error:\s*([\s\S]*?)<\/h4>/i.exec(html);
	if (!h4 && !/Failed to connect/i.test(html)) return undefined;
	const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(html);
	return {
		message: h4 ? decodeEntities(h4[1].trim()) : htmlText(html),
		...(pre ? { reason: decodeEntities(pre[1].trim()) } : {}),
	};
}

/** The visible text of a page, roughly (no scripts or styles). */
export function htmlText(html: string): string {
	return decodeEntities(
		html
			.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
	);
}

function decodeEntities(s: string): string {
	return s
		.replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
		.replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}
