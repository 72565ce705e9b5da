/**
 * Read access to the records for test assertions: every record as the API renders it with
 * pay:read (archived ones included), for one business (default: the seeded main business).
 */
import type { Tables } from './model';
import * as render from './render';
import type { View } from './render';
import type { Store } from './store';

export type ApiRecord = Record<string, unknown>;

const RESOURCES = {
	business: ['businesses', render.business],
	locations: ['locations', render.location],
	positions: ['positions', render.position],
	'public-holidays': ['publicHolidays', render.publicHoliday],
	projects: ['projects', render.project],
	employees: ['employees', render.employee],
	employments: ['employments', render.employment],
	shifts: ['shifts', render.shift],
	'shift-swaps': ['shiftSwaps', render.shiftSwap],
	timesheets: ['timesheets', render.timesheet],
	'on-demand-shifts': ['onDemandShifts', render.onDemandShift],
	'open-shift-requests': ['openShiftRequests', render.openShiftRequest],
	rosters: ['rosters', render.roster],
} as const;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

export class StoreView {
	constructor(private store: Store) {}

	/** The seeded main business (the one a token is for unless told otherwise). */
	get businessId(): string {
		return this.store.mainBusinessId;
	}

	/** A second business whose records the main business's tokens must never see. */
	get otherBusinessId(): string {
		return this.store.otherBusinessId;
	}

	/** Internal records: Maps by id, every business, field names as the API's, instants as epoch ms. */
	get t(): Tables {
		return this.store.t;
	}

	/** Same as `t`. */
	get raw(): Tables {
		return this.store.t;
	}

	/** Same as businessId. */
	get mainBusinessId(): string {
		return this.store.mainBusinessId;
	}

	list(resource: ResourceName, opts: { businessId?: string; pay?: boolean } = {}): ApiRecord[] {
		const def = RESOURCES[resource];
		if (!def) throw new Error(`Unknown resource ${resource}; one of ${RESOURCE_NAMES.join(', ')}`);
		const [table, fn] = def;
		const view: View = { store: this.store, pay: opts.pay ?? true, now: this.store.clock.ms() };
		const businessId = opts.businessId ?? this.store.mainBusinessId;
		const rows = [...(this.store.t[table] as Map<string, { business_id: string; shared?: boolean }>).values()].filter(
			(r) => r.business_id === businessId && r.shared !== false,
		);
		return rows.map((r) => (fn as (v: View, r: unknown) => ApiRecord)(view, r));
	}

	get(resource: ResourceName, id: string, opts: { pay?: boolean } = {}): ApiRecord | undefined {
		const [table, fn] = RESOURCES[resource];
		const r = (this.store.t[table] as Map<string, { shared?: boolean }>).get(id);
		if (!r || r.shared === false) return undefined;
		return (fn as (v: View, r: unknown) => ApiRecord)({ store: this.store, pay: opts.pay ?? true, now: this.store.clock.ms() }, r);
	}

	get locations() { return this.list('locations'); }
	get positions() { return this.list('positions'); }
	get publicHolidays() { return this.list('public-holidays'); }
	get projects() { return this.list('projects'); }
	get employees() { return this.list('employees'); }
	get employments() { return this.list('employments'); }
	get shifts() { return this.list('shifts'); }
	get shiftSwaps() { return this.list('shift-swaps'); }
	get timesheets() { return this.list('timesheets'); }
	get onDemandShifts() { return this.list('on-demand-shifts'); }
	get openShiftRequests() { return this.list('open-shift-requests'); }
	get rosters() { return this.list('rosters'); }
}
