/** The endpoint table: method, path, permission and handler. */
import type { Ctx, Result } from './context';
import { ANY_READ } from './permissions';
import * as inf from './resources/inferred';
import * as od from './resources/ondemand';
import * as pr from './resources/projects';
import * as rd from './resources/reads';
import * as sh from './resources/shifts';
import * as ts from './resources/timesheets';

export interface Route {
	method: string;
	/** Path under /v1; ":id" is a record id. */
	path: string;
	/** Needs all of these... */
	all?: string[];
	/** ...or any one of these. */
	any?: string[];
	handler: (ctx: Ctx) => Result;
}

const r = (method: string, path: string, perm: { all?: string[]; any?: string[] }, handler: Route['handler']): Route => ({ method, path, ...perm, handler });

export const ROUTES: Route[] = [
	r('GET', '/connection', {}, rd.getConnection),
	r('GET', '/business', { all: ['settings:read'] }, rd.getBusiness),
	r('GET', '/locations', { any: ANY_READ }, rd.listLocations),
	r('GET', '/locations/:id', { any: ANY_READ }, rd.getLocation),
	r('GET', '/positions', { any: ANY_READ }, rd.listPositions),
	r('GET', '/positions/:id', { any: ANY_READ }, rd.getPosition),
	r('GET', '/public-holidays', { any: ANY_READ }, rd.listPublicHolidays),
	r('GET', '/projects', { any: ANY_READ }, pr.listProjects),
	r('POST', '/projects', { all: ['projects:write'] }, pr.createProject),
	r('GET', '/projects/:id', { any: ANY_READ }, pr.getProject),
	r('PATCH', '/projects/:id', { all: ['projects:write'] }, pr.changeProject),
	r('GET', '/employees', { all: ['people:read'] }, rd.listEmployees),
	r('GET', '/employees/:id', { all: ['people:read'] }, rd.getEmployee),
	r('GET', '/employments', { all: ['people:read'] }, rd.listEmployments),
	r('GET', '/employments/:id', { all: ['people:read'] }, rd.getEmployment),
	r('GET', '/shifts', { all: ['roster:read'] }, sh.listShifts),
	r('POST', '/shifts', { all: ['roster:write'] }, sh.createShifts),
	r('GET', '/shifts/:id', { all: ['roster:read'] }, sh.getShift),
	r('PATCH', '/shifts/:id', { all: ['roster:write'] }, sh.changeShift),
	r('DELETE', '/shifts/:id', { all: ['roster:write'] }, sh.deleteShift),
	r('GET', '/shift-swaps', { all: ['roster:read'] }, rd.listShiftSwaps),
	r('GET', '/shift-swaps/:id', { all: ['roster:read'] }, rd.getShiftSwap),
	r('GET', '/timesheets', { all: ['timesheets:read'] }, ts.listTimesheets),
	r('POST', '/timesheets', { all: ['timesheets:write'] }, ts.createTimesheets),
	r('GET', '/timesheets/:id', { all: ['timesheets:read'] }, ts.getTimesheet),
	r('PATCH', '/timesheets/:id', { all: ['timesheets:write'] }, ts.changeTimesheet),
	r('DELETE', '/timesheets/:id', { all: ['timesheets:write'] }, ts.deleteTimesheet),
	r('GET', '/on-demand-shifts', { all: ['ondemand:read'] }, od.listOnDemand),
	r('POST', '/on-demand-shifts', { all: ['ondemand:write'] }, od.createOnDemand),
	r('GET', '/on-demand-shifts/:id', { all: ['ondemand:read'] }, od.getOnDemand),
	r('PATCH', '/on-demand-shifts/:id', { all: ['ondemand:write'] }, od.changeOnDemand),
	r('DELETE', '/on-demand-shifts/:id', { all: ['ondemand:write'] }, od.deleteOnDemand),
	// Inferred: the spec names these without showing them (CHOICES.md, "Inferred endpoints").
	r('GET', '/rosters', { all: ['roster:read'] }, inf.listRosters),
	r('GET', '/rosters/:id', { all: ['roster:read'] }, inf.getRoster),
	r('GET', '/shifts/:id/available-employees', { all: ['roster:read'] }, inf.availableEmployees),
	r('GET', '/open-shift-requests', { all: ['roster:read'] }, inf.listOpenShiftRequests),
	r('GET', '/whos-on', { all: ['timesheets:read'] }, inf.whosOn),
	r('GET', '/timesheet-totals', { all: ['timesheets:read'] }, inf.timesheetTotals),
	r('GET', '/labour-costs', { any: ['roster:read', 'timesheets:read'] }, inf.labourCosts),
	r('GET', '/leave-requests', { all: ['leave:read'] }, inf.listLeaveRequests),
	r('GET', '/leave-requests/:id', { all: ['leave:read'] }, inf.getLeaveRequest),
	r('GET', '/leave-blackout-periods', { all: ['leave:read'] }, inf.listLeaveBlackouts),
	r('GET', '/leave-balances', { all: ['leave:read'] }, inf.listLeaveBalances),
	r('GET', '/leave-types', { all: ['leave:read'] }, inf.listLeaveTypes),
	r('GET', '/availability', { all: ['roster:read'] }, inf.listAvailability),
	r('GET', '/awards', { any: ['settings:read', 'people:read'] }, inf.listAwards),
	r('GET', '/awards/:id', { any: ['settings:read', 'people:read'] }, inf.getAward),
];

/** Operations the spec says are refused to partner apps (done only in the service's own application). */
export const REFUSED: { method: string; path: RegExp; what: string }[] = [
	{ method: 'POST', path: /^\/shifts\/[^/]+\/publish$/, what: 'Publishing shifts and rosters' },
	{ method: 'POST', path: /^\/timesheets\/[^/]+\/approve$/, what: 'Approving timesheets' },
	{ method: 'POST', path: /^\/on-demand-shifts\/[^/]+\/publish$/, what: 'Publishing on-demand shifts' },
	{ method: 'PATCH', path: /^\/employments\/[^/]+$/, what: 'Changing employments' },
	{ method: 'PATCH', path: /^\/employees\/[^/]+$/, what: 'Changing employees' },
	{ method: 'POST', path: /^\/employments$/, what: 'Creating employments' },
	{ method: 'POST', path: /^\/employees$/, what: 'Creating people' },
];

/** Match a path under /v1 against the table: the route, its id, and the methods the path allows. */
export function match(method: string, sub: string): { route?: Route; id: string; methods: string[] } {
	const parts = sub.split('/');
	let id = '';
	const methods: string[] = [];
	let found: Route | undefined;
	for (const route of ROUTES) {
		const rp = route.path.split('/');
		if (rp.length !== parts.length) continue;
		let pid = '';
		const same = rp.every((seg, i) => {
			if (seg === ':id') {
				pid = parts[i];
				return parts[i].length > 0;
			}
			return seg === parts[i];
		});
		if (!same) continue;
		methods.push(route.method);
		if (route.method === method && !found) {
			found = route;
			id = pid;
		}
	}
	return { route: found, id, methods };
}
