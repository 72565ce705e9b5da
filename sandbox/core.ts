/** Everything one sandbox instance holds, shared by the HTTP server, the control API and index.ts. */
import { DateTime } from 'luxon';
import { Faults } from './faults';
import { hexId } from './ids';
import { Idempotency } from './idempotency';
import { manager, type Manager } from './manager';
import { OAuth } from './oauth';
import type { SandboxState } from './persist';
import { TIMESHEET_NOTE_FIELDS, type TimesheetNoteField } from './model';
import { checkReadings, DEFAULT_READINGS, type Readings } from './readings';
import { Store } from './store';
import { StoreView } from './store-view';
import { Clock } from './time';

export interface SandboxOptions {
	/** Port on 127.0.0.1; 0 (default) picks a free one. */
	port?: number;
	/**
	 * ISO date (or date-time). Seed data is laid around the Monday of its week and the clock starts
	 * at it (a date alone means 01:00 UTC, midday on the east coast). Default: the current week,
	 * real clock. Same anchor => identical data and ids.
	 */
	anchor?: string;
	/** Lifetime of access tokens; default 1800. */
	accessTokenTtlSeconds?: number;
	/** Authorize redirects at once, without the consent page. Also per request: sandbox_auto_consent=1. */
	autoConsent?: boolean;
	/** Added to every /v1 request. */
	latencyMs?: number;
	/** Accepted redirect_uri prefixes; default any https:// URI plus http://localhost:* and http://127.0.0.1:*. */
	redirectUris?: string[];
	clientId?: string;
	clientSecret?: string;
	appName?: string;
	/**
	 * The note key the timesheet endpoints take: 'both' (default: `note`, `notes` as an alias,
	 * answers `note`), 'note', 'notes' (the other key refused as unknown; answers with this one) or
	 * 'none' (both refused). See CHOICES.md. `reset()` comes back to this.
	 */
	timesheetNoteField?: TimesheetNoteField;
	/**
	 * Other readings of the spec's gaps (readings.ts, CHOICES.md "Other readings (switches)"): any
	 * of the keys, the rest stay at their default. `reset()` comes back to these.
	 */
	readings?: Partial<Readings>;
	/** A state saved by `saveState()` (persist.ts) to go on from, in place of the seed (the demo across restarts). */
	state?: SandboxState;
}

/** One request received (API and OAuth; the last 10,000 are kept). */
export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[]>;
	body: unknown;
	rawBody: string;
	/** 0 while the request is still being handled; -1 when an injected fault dropped the connection. */
	status: number;
	responseBody: unknown;
	at: string;
	requestId: string;
}

export class Core {
	clock = new Clock();
	store: Store;
	view: StoreView;
	oauth: OAuth;
	faults = new Faults();
	idempotency: Idempotency;
	manager: Manager;
	requests: RecordedRequest[] = [];
	/** API and OAuth requests being served right now, and the most at once since requests were last cleared. */
	inFlight = 0;
	peakInFlight = 0;
	/** Set once the server listens. */
	url = '';
	private anchorMs?: number;
	private monday: string;

	constructor(public options: SandboxOptions) {
		if (options.timesheetNoteField !== undefined && !TIMESHEET_NOTE_FIELDS.includes(options.timesheetNoteField)) {
			throw new Error(`timesheetNoteField: one of ${TIMESHEET_NOTE_FIELDS.join(', ')}`);
		}
		if (options.readings !== undefined) checkReadings(options.readings);
		if (options.anchor) {
			const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(options.anchor);
			const dt = dateOnly ? DateTime.fromISO(`${options.anchor}T01:00:00Z`, { setZone: true }) : DateTime.fromISO(options.anchor, { setZone: true });
			if (!dt.isValid) throw new Error(`anchor is not an ISO date: ${options.anchor}`);
			this.anchorMs = dt.toMillis();
			this.monday = (dateOnly ? DateTime.fromISO(options.anchor, { zone: 'UTC' }) : dt).startOf('week').toISODate() as string;
			this.clock.set(dt.toISO() as string);
		} else {
			this.monday = DateTime.now().setZone('Australia/Sydney').startOf('week').toISODate() as string;
		}
		this.store = new Store(this.clock, this.monday, () => this.anchorMs ?? this.clock.ms());
		this.view = new StoreView(this.store);
		this.oauth = new OAuth(
			{
				clientId: options.clientId ?? 'sbx_client_' + hexId('sandbox client'),
				clientSecret: options.clientSecret ?? 'sbx_secret_' + hexId('sandbox client secret') + hexId('sandbox secret 2'),
				appName: options.appName ?? 'n8n Rostering Connector (sandbox)',
				accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 1800,
				autoConsent: !!options.autoConsent,
				redirectUris: options.redirectUris,
			},
			this.store,
			this.clock,
		);
		this.idempotency = new Idempotency(this.clock);
		this.manager = manager(this.store);
		this.faults.latencyMs = options.latencyMs ?? 0;
		this.store.timesheetNoteField = options.timesheetNoteField ?? 'both';
		this.store.readings = this.startReadings();
	}

	/** The readings as started: the defaults with the option's keys over them. */
	startReadings(): Readings {
		return { ...DEFAULT_READINGS, ...checkReadings(this.options.readings ?? {}) };
	}

	/** Merge a partial readings object into the current ones (checked first: nothing changes if any key is wrong). */
	setReadings(partial: unknown): Readings {
		this.store.readings = { ...this.store.readings, ...checkReadings(partial) };
		return { ...this.store.readings };
	}

	get anchorWeek(): string {
		return this.monday;
	}

	/** Back to seed state (and the clock to the anchor); requests, faults, latency, rate limit, idempotency keys, the timesheet note key and the readings as started. Tokens stay valid. */
	reset(): void {
		if (this.anchorMs !== undefined) this.clock.set(new Date(this.anchorMs).toISOString());
		else this.clock.set(new Date().toISOString());
		this.store.reset();
		this.requests.length = 0;
		this.faults.reset();
		this.faults.latencyMs = this.options.latencyMs ?? 0;
		this.idempotency.clear();
		this.store.timesheetNoteField = this.options.timesheetNoteField ?? 'both';
		this.store.readings = this.startReadings();
	}
}
