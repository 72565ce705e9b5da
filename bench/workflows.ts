/**
 * The workflows the bench imports into n8n: our Rostering Shift node listing, creating and
 * upserting shifts, and the alternatives it is compared with (n8n's HTTP Request node as n8n's
 * documentation paginates it or posting per item, a Code node building batch bodies, Edit Fields
 * alone), the Shift trigger, and the small warm-up run each fresh n8n process gets before it is
 * measured. Each builder returns workflow JSON and sends nothing itself.
 */
import { type Sandbox } from '../sandbox';
import { type BenchPlace } from '../sandbox/bulk';
import { E2E_CREDENTIAL, type WorkflowJson } from '../test/e2e/n8n';
import { BATCH } from './settings';

const credentials = { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } };

/**
 * n8n's generic OAuth2 credential (type oAuth2Api), connected to the same sandbox app: what a user
 * without this package signs the HTTP Request node with (run.ts imports it).
 */
export const GENERIC_OAUTH2 = { id: 'benchGenericOAuth2', name: 'Generic OAuth2 (bench)', type: 'oAuth2Api' } as const;

/** How an HTTP Request node signs: this package's credential, or n8n's generic OAuth2 one. */
export type HttpAuth = 'package' | 'generic';

function httpAuthentication(auth: HttpAuth): Record<string, unknown> {
	return auth === 'generic'
		? { authentication: 'genericCredentialType', genericAuthType: GENERIC_OAUTH2.type }
		: { authentication: 'predefinedCredentialType', nodeCredentialType: 'rosteringOAuth2Api' };
}

function httpCredentials(auth: HttpAuth): Record<string, unknown> {
	return auth === 'generic' ? { [GENERIC_OAUTH2.type]: { id: GENERIC_OAUTH2.id, name: GENERIC_OAUTH2.name } } : credentials;
}
let nodeSeq = 0;
const nodeId = () => `bench-node-${++nodeSeq}`;

function workflow(name: string, nodes: Array<Record<string, unknown>>, pinned?: Array<Record<string, unknown>>): WorkflowJson {
	const all: Array<Record<string, unknown>> = [
		{ id: nodeId(), name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((n, i) => ({ id: nodeId(), typeVersion: 1, position: [240 * (i + 1), 0], ...n })),
	];
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < all.length - 1; i++) {
		connections[String(all[i].name)] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: all,
		connections,
		pinData: pinned ? { 'Manual Trigger': pinned.map((json) => ({ json })) } : {},
	};
}

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** Rostering Shift › Get Many, Return All, at one location. */
export function oursList(place: BenchPlace): WorkflowJson {
	return workflow('bench: Rostering Shift Get Many (Return All)', [
		{
			name: 'Rostering Shift',
			type: 'n8n-nodes-rostering.rosteringShift',
			parameters: { resource: 'shift', operation: 'getAll', returnAll: true, filters: { locationId: locator(place.locationId) } },
			credentials,
		},
	]);
}

/**
 * n8n's HTTP Request node with pagination as n8n's documentation shows it for a cursor API
 * (https://docs.n8n.io/code/cookbook/http-node/pagination/): "Update a Parameter in Each
 * Request" putting `after` = {{ $response.body.next_cursor }} in the query, complete when
 * {{ !$response.body.has_more }}; no limit (the API's default page, 50). It outputs one item per
 * page; Split Out turns the pages' `data` into one item per record.
 */
export function httpNodeList(sb: Sandbox, place: BenchPlace): WorkflowJson {
	return workflow('bench: HTTP Request node, paginated', [
		{
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${sb.url}/v1/shifts`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'rosteringOAuth2Api',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'location_id', value: place.locationId }] },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'after', value: '={{ $response.body.next_cursor }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ !$response.body.has_more }}',
						},
					},
				},
			},
			credentials,
		},
		{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} } },
	]);
}

/** One input item per shift to create: times with an offset (no local time to resolve). */
export function createRows(n: number, tag: string): Array<Record<string, unknown>> {
	const base = Date.UTC(2031, 0, 6, 0, 0, 0);
	return Array.from({ length: n }, (_, i) => {
		const start = new Date(base + i * 3 * 3_600_000);
		const end = new Date(start.getTime() + 2 * 3_600_000);
		const iso = (d: Date) => d.toISOString().replace('.000Z', '+00:00');
		return { start: iso(start), end: iso(end), notes: `${tag} ${i}` };
	});
}

export function oursCreate(place: BenchPlace, operation: 'create' | 'createMany', rows: Array<Record<string, unknown>>): WorkflowJson {
	return workflow(
		`bench: Rostering Shift ${operation}`,
		[
			{
				name: 'Rostering Shift',
				type: 'n8n-nodes-rostering.rosteringShift',
				parameters: {
					resource: 'shift',
					operation,
					locationId: locator(place.locationId),
					positionId: locator(place.positionId),
					startTime: '={{ $json.start }}',
					endTime: '={{ $json.end }}',
					additionalFields: { notes: '={{ $json.notes }}' },
				},
				credentials,
			},
		],
		rows,
	);
}

/** Rows as a sheet named like the API's fields would give them, for Map Automatically. */
export function apiNamedRows(place: BenchPlace, rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
	return rows.map((r) => ({ location_id: place.locationId, position_id: place.positionId, start_time: r.start, end_time: r.end, notes: r.notes }));
}

/** Rostering Shift version 2 with the resource mapper's Map Automatically: no expression per field. */
export function oursMapped(operation: 'createMany' | 'upsert', rows: Array<Record<string, unknown>>): WorkflowJson {
	return workflow(
		`bench: Rostering Shift v2 ${operation}, Map Automatically`,
		[
			{
				name: 'Rostering Shift',
				type: 'n8n-nodes-rostering.rosteringShift',
				typeVersion: 2,
				parameters: { resource: 'shift', operation, columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] } },
				credentials,
			},
		],
		rows,
	);
}

/**
 * n8n's own cost of the three fields the Create workflows map per item ({{ $json.start }},
 * {{ $json.end }}, {{ $json.notes }}): Edit Fields evaluating the same three expressions for every
 * item, no request. Any node that maps those fields pays this in n8n's expression engine (on n8n 2.x
 * by default an isolated V8 per evaluation batch, N8N_EXPRESSION_ENGINE=vm) before it sends anything.
 */
export function expressionsOnly(rows: Array<Record<string, unknown>>): WorkflowJson {
	const field = (name: string) => ({ id: name, name, type: 'string', value: `={{ $json.${name} }}` });
	return workflow(
		'bench: Edit Fields, the three mapped fields alone',
		[
			{
				name: 'Edit Fields',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: { assignments: { assignments: ['start', 'end', 'notes'].map(field) }, options: {} },
			},
		],
		rows,
	);
}

/** n8n's HTTP Request node posting `jsonBody` (an expression) to /v1/shifts for every item it gets. */
function httpPostShifts(sb: Sandbox, jsonBody: string, auth: HttpAuth = 'package'): Record<string, unknown> {
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${sb.url}/v1/shifts`,
			...httpAuthentication(auth),
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
			options: {},
		},
		credentials: httpCredentials(auth),
	};
}

/** The HTTP Request node, one POST per item (its default: every item's request at once). */
export function httpNodeCreate(sb: Sandbox, place: BenchPlace, rows: Array<Record<string, unknown>>): WorkflowJson {
	const body = `={{ JSON.stringify({ location_id: "${place.locationId}", position_id: "${place.positionId}", start_time: $json.start, end_time: $json.end, notes: $json.notes }) }}`;
	return workflow('bench: HTTP Request node, POST per item', [httpPostShifts(sb, body)], rows);
}

/**
 * The expert alternative to Create Many (issue 21): a Code node that builds the batch bodies
 * ({data: [...]} of up to 100 shifts, one item per batch) and n8n's HTTP Request node posting
 * each one, as someone who knows n8n and the API would build it. No Idempotency-Key, no check of
 * the rows before sending: what it costs is n8n's Code node and one request per batch. Signed with
 * n8n's generic OAuth2 credential (what a user without this package has: issue 39) or, for
 * comparison, with this package's credential, which n8n reads and evaluates for each request.
 */
export function codeBatchesAndHttpNode(sb: Sandbox, place: BenchPlace, rows: Array<Record<string, unknown>>, auth: HttpAuth): WorkflowJson {
	const jsCode = [
		'const rows = $input.all().map((item) => item.json);',
		'const batches = [];',
		`for (let i = 0; i < rows.length; i += ${BATCH}) {`,
		`	const data = rows.slice(i, i + ${BATCH}).map((r) => ({ location_id: ${JSON.stringify(place.locationId)}, position_id: ${JSON.stringify(place.positionId)}, start_time: r.start, end_time: r.end, notes: r.notes }));`,
		'	batches.push({ json: { data } });',
		'}',
		'return batches;',
	].join('\n');
	return workflow(
		'bench: Code node (batch bodies) + HTTP Request node',
		[{ name: 'Batch Bodies', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } }, httpPostShifts(sb, '={{ JSON.stringify($json) }}', auth)],
		rows,
	);
}

export function triggerWorkflow(place: BenchPlace, run: { resource: 'shift' | 'timesheet'; events: string[]; sayWhatChanged: boolean; name: string }): WorkflowJson {
	const title = run.resource === 'shift' ? 'Shift' : 'Timesheet';
	return {
		name: `bench: Rostering ${title} Trigger (${run.name})`,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: nodeId(),
				name: `Rostering ${title} Trigger`,
				type: `n8n-nodes-rostering.rostering${title}Trigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					events: run.events,
					start: 'now',
					filters: { locationId: locator(place.locationId) },
					options: run.sayWhatChanged ? {} : { sayWhatChanged: false },
				},
				credentials,
			},
		],
		connections: {},
		pinData: {},
	};
}

/** A small run of both kinds of node, so that the idle figure is n8n with them loaded. */
export function warmupWorkflow(sb: Sandbox, place: BenchPlace): WorkflowJson {
	return workflow('bench: warm-up', [
		{
			name: 'Rostering Shift',
			type: 'n8n-nodes-rostering.rosteringShift',
			parameters: { resource: 'shift', operation: 'getAll', returnAll: false, limit: 3, filters: { locationId: locator(place.locationId) } },
			credentials,
		},
		{
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${sb.url}/v1/shifts`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'rosteringOAuth2Api',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'limit', value: '1' }] },
				options: {},
			},
			credentials,
			executeOnce: true,
		},
		{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} } },
	]);
}
