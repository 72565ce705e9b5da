/**
 * /__control: the in-process API over HTTP, for tests, the demo and real-n8n runs in another
 * process. Not recorded in `requests`. Errors: {error: {code, message}} with 400 or 404.
 */
import type { Core } from './core';
import type { Fault } from './faults';
import { TIMESHEET_NOTE_FIELDS, type TimesheetNoteField } from './model';
import { json, type Reply } from './reply';
import { RESOURCE_NAMES, type ResourceName } from './store-view';

type Obj = Record<string, unknown>;

const bad = (message: string, status = 400): Reply => json(status, { error: { code: status === 404 ? 'not_found' : 'invalid_request', message } });
const done = (extra: Obj = {}): Reply => json(200, { ok: true, ...extra });

export function info(core: Core): Obj {
	return {
		url: core.url,
		api_url: `${core.url}/v1`,
		authorize_url: `${core.url}/oauth/authorize`,
		token_url: `${core.url}/oauth/token`,
		client_id: core.oauth.o.clientId,
		client_secret: core.oauth.o.clientSecret,
		redirect_uris: core.oauth.describeRedirects(),
		business_id: core.store.mainBusinessId,
		other_business_id: core.store.otherBusinessId,
		anchor_week: core.anchorWeek,
		now: core.clock.now().toISOString(),
		timesheet_note_field: core.store.timesheetNoteField,
		readings: core.store.readings,
	};
}

function toFault(o: Obj): Fault {
	const f = { ...o } as Fault & { pathPattern?: string };
	if (typeof f.pathPattern === 'string') {
		f.path = new RegExp(f.pathPattern);
		delete f.pathPattern;
	}
	return f;
}

export async function handleControl(core: Core, method: string, url: URL, body: unknown): Promise<Reply> {
	const parts = url.pathname.split('/').filter(Boolean).slice(1);
	const b: Obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Obj) : {};
	const what = `${method} ${parts[0] ?? ''}`;
	try {
		switch (what) {
			case 'GET ':
			case 'GET info':
				return json(200, info(core));
			case 'POST reset':
				core.reset();
				return done();
			case 'GET requests': {
				const prefix = url.searchParams.get('path');
				return json(200, { data: core.requests.filter((r) => !prefix || r.path.startsWith(prefix)) });
			}
			case 'DELETE requests':
				core.requests.length = 0;
				return done();
			case 'POST token':
				return json(200, core.oauth.issueToken({
					scopes: b.scopes as string[] | undefined, ttlSeconds: b.ttlSeconds as number | undefined, businessId: b.businessId as string | undefined,
				}));
			case 'POST expire-tokens':
				core.oauth.expireAccessTokens();
				return done();
			case 'GET faults':
				return json(200, { data: core.faults.pending().map((f) => ({ ...f, path: f.path instanceof RegExp ? f.path.source : f.path })) });
			case 'POST faults':
				for (const f of Array.isArray(body) ? (body as Obj[]) : [b]) core.faults.inject(toFault(f));
				return done();
			case 'DELETE faults':
				core.faults.clear();
				return done();
			case 'POST latency':
				if (typeof b.ms !== 'number' || b.ms < 0) return bad('Send {"ms": <milliseconds>}.');
				core.faults.latencyMs = b.ms;
				return done();
			case 'POST rate-limit': {
				const per = b.perSecond;
				if (per !== null && per !== undefined && (typeof per !== 'number' || per < 1)) return bad('Send {"perSecond": <n>} or {"perSecond": null}.');
				core.faults.setRateLimit(typeof per === 'number' ? { perSecond: per } : null);
				return done();
			}
			case 'POST timesheet-note-field': {
				const field = b.field as TimesheetNoteField;
				if (!TIMESHEET_NOTE_FIELDS.includes(field)) return bad(`Send {"field": one of ${TIMESHEET_NOTE_FIELDS.map((x) => `"${x}"`).join(', ')}}.`);
				core.store.timesheetNoteField = field;
				return done({ timesheet_note_field: field });
			}
			case 'POST readings':
				// Any of the keys, merged; an unknown key or value throws (400, below) and nothing changes.
				return done({ readings: core.setReadings(body) });
			case 'GET clock':
				return json(200, { now: core.clock.now().toISOString() });
			case 'POST clock':
				if (typeof b.set === 'string') core.clock.set(b.set);
				if (typeof b.advanceMs === 'number') core.clock.advance(b.advanceMs);
				return json(200, { now: core.clock.now().toISOString() });
			case 'POST manager':
				return managerAction(core, parts[1] ?? '', b);
			case 'GET records': {
				const resource = parts[1] as ResourceName;
				if (!RESOURCE_NAMES.includes(resource)) return bad(`Unknown resource; one of ${RESOURCE_NAMES.join(', ')}.`, 404);
				const pay = url.searchParams.get('pay') !== 'false';
				const id = url.searchParams.get('id') ?? parts[2];
				if (id) {
					const r = core.view.get(resource, id, { pay });
					return r ? json(200, r) : bad(`No ${resource} record ${id}.`, 404);
				}
				return json(200, { data: core.view.list(resource, { pay, businessId: url.searchParams.get('business_id') ?? undefined }) });
			}
		}
		return bad(`Nothing at ${method} ${url.pathname}.`, 404);
	} catch (e) {
		return bad((e as Error).message);
	}
}

const MANAGER_ACTIONS = [
	'publishShift', 'publishRoster', 'editShift', 'archiveShift', 'approveTimesheet', 'rejectTimesheet', 'setOnDemandRate', 'publishOnDemandShift',
	'makeOpen', 'assignShift', 'decideTimesheet', 'decideLeaveRequest', 'requestLeave', 'clockIn', 'startBreak', 'endBreak', 'clockOut',
];

function managerAction(core: Core, action: string, b: Obj): Reply {
	const m = core.manager;
	const key = action.replace(/[-_]/g, '').toLowerCase();
	const id = String(b.id ?? '');
	switch (key) {
		case 'publishshift': m.publishShift(id); break;
		case 'publishroster': m.publishRoster(String(b.locationId ?? b.location_id), String(b.weekStartDate ?? b.week_start_date)); break;
		case 'editshift': m.editShift(id, (b.patch ?? {}) as Obj); break;
		case 'archiveshift': m.archiveShift(id); break;
		case 'approvetimesheet': m.approveTimesheet(id); break;
		case 'rejecttimesheet': m.rejectTimesheet(id); break;
		case 'setondemandrate': m.setOnDemandRate(id, Number(b.rate)); break;
		case 'publishondemandshift': m.publishOnDemandShift(id); break;
		// What the manager's page (manager-page.ts) does, for tests that drive it without HTML.
		case 'makeopen': m.makeOpen(id); break;
		case 'assignshift': m.assignShift(id, String(b.employeeId ?? b.employee_id)); break;
		case 'decidetimesheet': m.decideTimesheet(id, b.status as 'approved' | 'rejected'); break;
		case 'decideleaverequest': m.decideLeaveRequest(id, b.status as 'approved' | 'declined' | 'cancelled'); break;
		case 'requestleave': {
			const r = m.requestLeave(String(b.employeeId ?? b.employee_id), String(b.startDate ?? b.start_date), String(b.endDate ?? b.end_date), {
				typeName: b.typeName === undefined ? undefined : String(b.typeName),
				reason: b.reason === undefined ? undefined : (b.reason as string | null),
			});
			return done({ leave_request_id: r.id });
		}
		case 'clockin': {
			const at = b.at === undefined ? undefined : Date.parse(String(b.at));
			if (at !== undefined && Number.isNaN(at)) return bad(`at: not a date-time: ${String(b.at)}`);
			return done({ timesheet_id: m.clockIn(String(b.employeeId ?? b.employee_id), String(b.locationId ?? b.location_id), at).id });
		}
		case 'startbreak': m.startBreak(String(b.employeeId ?? b.employee_id)); break;
		case 'endbreak': m.endBreak(String(b.employeeId ?? b.employee_id)); break;
		case 'clockout': m.clockOut(String(b.employeeId ?? b.employee_id)); break;
		default:
			return bad(`Unknown manager action ${action}; one of ${MANAGER_ACTIONS.join(', ')}.`, 404);
	}
	return done();
}
