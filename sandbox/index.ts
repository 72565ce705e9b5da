/**
 * The sandbox: a local emulator of the rostering service's partner API (spec/partner-api.md).
 * Choices where the spec says "not shown" are in CHOICES.md.
 *
 *   const sb = await startSandbox({ anchor: '2026-11-25', autoConsent: true });
 *   const { access_token } = sb.issueToken();
 *   await axios.get(`${sb.url}/v1/shifts`, { headers: { Authorization: `Bearer ${access_token}` } });
 *   await sb.close();
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import { Core, type RecordedRequest, type SandboxOptions } from './core';
import { restoreState, saveState, type SandboxState } from './persist';
import type { Fault, Gathering } from './faults';
import type { Manager } from './manager';
import { TIMESHEET_NOTE_FIELDS, type TimesheetNoteField } from './model';
import type { TokenResponse } from './oauth';
import { READING_CHOICES, type Readings } from './readings';
import { createHandler } from './server';
import type { StoreView } from './store-view';

export type { SandboxOptions, RecordedRequest, TokenResponse, Fault, Manager, TimesheetNoteField, Readings, SandboxState };
export { READING_CHOICES };
export type { ApiRecord, ResourceName, StoreView } from './store-view';
export type { ShiftEdit } from './manager';

export interface Sandbox {
	/** e.g. http://127.0.0.1:43121; the API is under `${url}/v1`, OAuth at /oauth/authorize and /oauth/token, a manager's page at / (manager-page.ts). */
	url: string;
	clientId: string;
	clientSecret: string;
	/** Redirect URIs accepted, as prefixes or patterns. */
	redirectUris: string[];
	/** Monday (YYYY-MM-DD) of the anchor week the seed is laid around. */
	anchorWeek: string;
	/** Every API and OAuth request received (not /__control, not the manager's page), oldest first. */
	requests: RecordedRequest[];
	/** Clears the recorded requests and the concurrency peak. */
	clearRequests(): void;
	/** The most requests the sandbox was serving at once since requests were last cleared. */
	readonly maxConcurrentRequests: number;
	/** A token as POST /oauth/token returns it; default: every permission, main business. */
	issueToken(o?: { scopes?: string[]; ttlSeconds?: number; businessId?: string }): TokenResponse;
	/** Every access token issued so far now gets 401 token_expired. */
	expireAccessTokens(): void;
	injectFault(f: Fault): void;
	clearFaults(): void;
	setLatency(ms: number): void;
	/**
	 * Holds the matching requests (after `skip` let through) until `together` of them wait, then
	 * lets them all go, once: which requests a client sends at once, shown whatever the machine's
	 * load (a client that never has that many in flight hangs until the test's timeout).
	 */
	gatherRequests(g: Gathering): void;
	/** Beyond perSecond requests to /v1 in any one second (all connections together): 429 with Retry-After. */
	setRateLimit(r: { perSecond: number } | null): void;
	/**
	 * Whether the person who connected the app may edit rosters in the service (default yes). The
	 * spec: without that right, roster writes get 403 permission_denied whatever the scopes say.
	 */
	setConnectorMayEditRosters(allowed: boolean): void;
	/**
	 * The note key the timesheet endpoints take (the spec names it `notes` in its table and `note`
	 * in its examples): 'both' (default), 'note', 'notes' or 'none'. The key not taken is refused
	 * as any unknown key is (422 validation_failed naming it); answers carry the key taken. Until
	 * `reset()`, which comes back to the `timesheetNoteField` option.
	 */
	setTimesheetNoteField(field: TimesheetNoteField): void;
	/**
	 * Other readings of the spec's gaps (CHOICES.md, "Other readings (switches)"): the keys given
	 * are merged into the current readings (an unknown key or value throws, and nothing changes).
	 * Until `reset()`, which comes back to the `readings` option.
	 */
	setReadings(readings: Partial<Readings>): void;
	/** The readings in force, every key (a copy). */
	readonly readings: Readings;
	clock: { now(): Date; advance(ms: number): void; set(iso: string): void };
	manager: Manager;
	store: StoreView;
	/** The whole state as plain data (persist.ts): what `startSandbox({ state })` goes on from. */
	saveState(): SandboxState;
	/** Back to seed state; clock back to the anchor; requests, faults, latency, rate limit, idempotency keys cleared; the timesheet note key and the readings as started. Tokens stay valid. */
	reset(): void;
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const core = new Core(options);
	if (options.state) restoreState(core, options.state);
	const server = http.createServer(createHandler(core));
	server.keepAliveTimeout = 1000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	core.url = `http://127.0.0.1:${port}`;
	return {
		url: core.url,
		clientId: core.oauth.o.clientId,
		clientSecret: core.oauth.o.clientSecret,
		redirectUris: core.oauth.describeRedirects(),
		anchorWeek: core.anchorWeek,
		get requests() {
			return core.requests;
		},
		clearRequests: () => {
			core.requests.length = 0;
			core.peakInFlight = core.inFlight;
		},
		get maxConcurrentRequests() {
			return core.peakInFlight;
		},
		issueToken: (o) => core.oauth.issueToken(o),
		expireAccessTokens: () => core.oauth.expireAccessTokens(),
		injectFault: (f) => core.faults.inject(f),
		clearFaults: () => core.faults.clear(),
		gatherRequests: (g) => core.faults.gather(g),
		setLatency: (ms) => {
			core.faults.latencyMs = ms;
		},
		setRateLimit: (r) => core.faults.setRateLimit(r),
		setConnectorMayEditRosters: (allowed) => {
			core.faults.connectorMayEditRosters = allowed;
		},
		setTimesheetNoteField: (field) => {
			if (!TIMESHEET_NOTE_FIELDS.includes(field)) throw new Error(`timesheet note field: one of ${TIMESHEET_NOTE_FIELDS.join(', ')}`);
			core.store.timesheetNoteField = field;
		},
		setReadings: (readings) => {
			core.setReadings(readings);
		},
		get readings() {
			return { ...core.store.readings };
		},
		clock: {
			now: () => core.clock.now(),
			advance: (ms) => core.clock.advance(ms),
			set: (iso) => core.clock.set(iso),
		},
		manager: core.manager,
		store: core.view,
		saveState: () => saveState(core),
		reset: () => core.reset(),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
