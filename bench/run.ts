/**
 * `npm run bench`: figures, not assertions. A real n8n (`n8n start`, the pinned runtime of the e2e
 * tests) runs workflows against the sandbox with injected latency; the bench process counts the
 * requests the sandbox received, reads each node's own executionTime from the execution n8n
 * recorded, and the n8n process's peak RSS (VmHWM, reset before each run).
 *
 *   npm run bench                                  # the issue's defaults (about 10 minutes)
 *   npm run bench -- --quick                       # smoke check: small N, about 3 minutes
 *   BENCH_N=1000,10000 BENCH_LATENCY_MS=50 npm run bench
 *   BENCH_SCENARIOS=list,create npm run bench -- --readme   # also rewrite README's table
 *
 * Environment (or --name=value arguments, e.g. --n=1000,10000 --latency-ms=20):
 *   BENCH_N            list sizes (default 1000,10000,50000; quick: 1000,5000)
 *   BENCH_LATENCY_MS   sandbox latency per request (default 20)
 *   BENCH_CREATE_N     shifts created in scenario 2 (default 1000; quick: 200)
 *   BENCH_BURST        changes in the trigger's burst (default 10000; quick: 1000)
 *   BENCH_RATE         sandbox rate limit in scenario 4, requests/s (default 10)
 *   BENCH_RATE_N       shifts created under the rate limit (default 1000; quick: 100)
 *   BENCH_SCENARIOS    any of list,create,upsert,trigger,ratelimit (default all)
 *   BENCH_README=1     (or --readme) replace the table in README.md's "## Benchmarks"
 *   BENCH_EXPRESSION_ENGINE  n8n's N8N_EXPRESSION_ENGINE: vm (n8n 2.x's default) or legacy
 *   BENCH_PROFILE=1    V8 CPU profiles of the n8n processes in bench/results/profiles (one per run)
 *   BENCH_DEBUG=1      the trigger scenario writes the requests it saw to /tmp/bench-{activation,burst}-{on,off}.json
 *
 * Results: the markdown tables on stdout, and bench/results/latest.md + latest.json.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { startSandbox, type RecordedRequest, type Sandbox } from '../test/sandbox';
import { addBenchLocation, addShifts, clearShifts, shiftsAt, touchShifts, type BenchPlace } from '../test/sandbox/bulk';
import {
	assertBuilt,
	createN8n,
	E2E_CREDENTIAL,
	ensureRuntime,
	REPO_ROOT,
	rosteringCredential,
	runtimeDir,
	startServer,
	type N8nExecution,
	type N8nInstance,
	type N8nServer,
	type WorkflowJson,
} from '../test/e2e/n8n';
import { findN8nPid, memoryOf, resetPeak, sampleRss } from './proc';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
	const prefix = `--${name}=`;
	return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
};
const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const setting = (env: string, flag: string, full: string, small: string) => arg(flag) ?? process.env[env] ?? (quick ? small : full);
const numbers = (text: string) => text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

const CONFIG = {
	quick,
	listN: numbers(setting('BENCH_N', 'n', '1000,10000,50000', '1000,5000')),
	latencyMs: Number(setting('BENCH_LATENCY_MS', 'latency-ms', '20', '20')),
	createN: Number(setting('BENCH_CREATE_N', 'create-n', '1000', '200')),
	burst: Number(setting('BENCH_BURST', 'burst', '10000', '1000')),
	rate: Number(setting('BENCH_RATE', 'rate', '10', '10')),
	rateN: Number(setting('BENCH_RATE_N', 'rate-n', '1000', '100')),
	scenarios: setting('BENCH_SCENARIOS', 'scenarios', 'list,create,upsert,ratelimit,trigger', 'list,create,upsert,ratelimit,trigger').split(','),
	readme: argv.includes('--readme') || process.env.BENCH_README === '1',
	/** n8n's expression engine (N8N_EXPRESSION_ENGINE): n8n 2.x's default 'vm', or 'legacy'. */
	expressionEngine: setting('BENCH_EXPRESSION_ENGINE', 'expression-engine', 'vm', 'vm'),
};

/** Records per page the nodes ask for, the API's default page, and the batch size. */
const PAGE = 200;
const DEFAULT_PAGE = 50;
const BATCH = 100;

const t0 = Date.now();
const log = (msg: string) => process.stderr.write(`[bench +${((Date.now() - t0) / 1000).toFixed(0)}s] ${msg}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = (bytes: number) => bytes / 1024 / 1024;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

interface Row {
	scenario: string;
	variant: string;
	/** Requests the sandbox received for the run (API and OAuth), by "METHOD path". */
	requests: number;
	byPath: Record<string, number>;
	minRequests?: number;
	/** The node's own time (executionTime in runData), or the client's for the floor. */
	ms: number;
	/** The execution's startedAt → stoppedAt, when there is one. */
	executionMs?: number;
	idleBytes?: number;
	peakBytes?: number;
	records?: number;
	note?: string;
	vsFloor?: number;
	vsHttpNode?: number;
	/** Ours against the expert alternative (Code node building batch bodies + HTTP Request node). */
	vsExpert?: number;
}

const rows: Row[] = [];
/** The trigger scenario's figures, with Say What Changed on (the default) and off. */
const triggerFacts: Record<string, Record<string, unknown>> = {};
const rateRows: Array<Record<string, unknown>> = [];

function countRequests(requests: RecordedRequest[]): { total: number; byPath: Record<string, number>; statuses: Record<string, number> } {
	const byPath: Record<string, number> = {};
	const statuses: Record<string, number> = {};
	let total = 0;
	for (const r of requests) {
		if (!r.path.startsWith('/v1/') && !r.path.startsWith('/oauth/')) continue;
		total++;
		const key = `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, ':id')}`;
		byPath[key] = (byPath[key] ?? 0) + 1;
		statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
	}
	return { total, byPath, statuses };
}

// ---------------------------------------------------------------------------------------------
// n8n
// ---------------------------------------------------------------------------------------------

interface Bench {
	sb: Sandbox;
	token: string;
	instance: N8nInstance;
	server: N8nServer;
	pid: number;
	listPlace: BenchPlace;
	createPlace: BenchPlace;
	triggerPlace: BenchPlace;
	warmupId: string;
}

const credentials = { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } };
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
function oursList(place: BenchPlace): WorkflowJson {
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
function httpNodeList(sb: Sandbox, place: BenchPlace): WorkflowJson {
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
function createRows(n: number, tag: string): Array<Record<string, unknown>> {
	const base = Date.UTC(2031, 0, 6, 0, 0, 0);
	return Array.from({ length: n }, (_, i) => {
		const start = new Date(base + i * 3 * 3_600_000);
		const end = new Date(start.getTime() + 2 * 3_600_000);
		const iso = (d: Date) => d.toISOString().replace('.000Z', '+00:00');
		return { start: iso(start), end: iso(end), notes: `${tag} ${i}` };
	});
}

function oursCreate(place: BenchPlace, operation: 'create' | 'createMany', rows: Array<Record<string, unknown>>): WorkflowJson {
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
function apiNamedRows(place: BenchPlace, rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
	return rows.map((r) => ({ location_id: place.locationId, position_id: place.positionId, start_time: r.start, end_time: r.end, notes: r.notes }));
}

/** Rostering Shift version 2 with the resource mapper's Map Automatically: no expression per field. */
function oursMapped(operation: 'createMany' | 'upsert', rows: Array<Record<string, unknown>>): WorkflowJson {
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
function expressionsOnly(rows: Array<Record<string, unknown>>): WorkflowJson {
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
function httpPostShifts(sb: Sandbox, jsonBody: string): Record<string, unknown> {
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${sb.url}/v1/shifts`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'rosteringOAuth2Api',
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
			options: {},
		},
		credentials,
	};
}

/** The HTTP Request node, one POST per item (its default: every item's request at once). */
function httpNodeCreate(sb: Sandbox, place: BenchPlace, rows: Array<Record<string, unknown>>): WorkflowJson {
	const body = `={{ JSON.stringify({ location_id: "${place.locationId}", position_id: "${place.positionId}", start_time: $json.start, end_time: $json.end, notes: $json.notes }) }}`;
	return workflow('bench: HTTP Request node, POST per item', [httpPostShifts(sb, body)], rows);
}

/**
 * The expert alternative to Create Many (issue 21): a Code node that builds the batch bodies
 * ({data: [...]} of up to 100 shifts, one item per batch) and n8n's HTTP Request node posting
 * each one, as someone who knows n8n and the API would build it. No Idempotency-Key, no check of
 * the rows before sending: what it costs is n8n's Code node and one request per batch.
 */
function codeBatchesAndHttpNode(sb: Sandbox, place: BenchPlace, rows: Array<Record<string, unknown>>): WorkflowJson {
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
		[{ name: 'Batch Bodies', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } }, httpPostShifts(sb, '={{ JSON.stringify($json) }}')],
		rows,
	);
}

function triggerWorkflow(place: BenchPlace, sayWhatChanged: boolean): WorkflowJson {
	return {
		name: `bench: Rostering Shift Trigger${sayWhatChanged ? '' : ', Say What Changed off'}`,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: nodeId(),
				name: 'Rostering Shift Trigger',
				type: 'n8n-nodes-rostering.rosteringShiftTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					events: ['created', 'updated', 'removed'],
					start: 'now',
					filters: { locationId: locator(place.locationId) },
					options: sayWhatChanged ? {} : { sayWhatChanged: false },
				},
				credentials,
			},
		],
		connections: {},
		pinData: {},
	};
}

/** A small run of both kinds of node, so that the idle figure is n8n with them loaded. */
function warmupWorkflow(sb: Sandbox, place: BenchPlace): WorkflowJson {
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

const FINISHED = (status: string) => !['new', 'running', 'waiting', 'unknown'].includes(status);

/** Waits for an execution to finish, polling the list (which carries no data). */
async function waitFinished(server: N8nServer, workflowId: string, executionId: string, timeoutMs: number): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		// While a run floods n8n's database (1,000 executions' worth of writes), n8n can answer
		// "503 Database is not ready!" for a moment: that is a busy server, not an outcome.
		const listed = await server.executions(workflowId).catch((error: Error) => {
			if (/\b503\b/.test(error.message) && Date.now() < deadline) return undefined;
			throw error;
		});
		if (!listed) {
			await sleep(500);
			continue;
		}
		const found = listed.find((e) => e.id === executionId);
		if (found && FINISHED(found.status)) return found.status;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished after ${timeoutMs} ms (${found?.status ?? 'not listed'})`);
		await sleep(150);
	}
}

/**
 * A fresh n8n process for each measured run (same user folder, restarted), warmed up with a small
 * run of the same node types, then left alone a moment: its RSS then is the idle footprint.
 */
async function freshN8n(b: Bench): Promise<number> {
	await b.server.restart();
	const pid = findN8nPid(b.instance.userFolder);
	if (!pid) throw new Error('n8n process not found');
	b.pid = pid;
	const id = await b.server.runManually(b.warmupId, { triggerToStartFrom: { name: 'Manual Trigger' } });
	const status = await waitFinished(b.server, b.warmupId, id, 60_000);
	if (status !== 'success') throw new Error(`warm-up run: ${status}: ${JSON.stringify((await b.server.execution(id)).data.resultData.error)}`);
	await sleep(2000);
	return memoryOf(pid).rss;
}

interface Measured {
	execution: N8nExecution;
	requests: ReturnType<typeof countRequests>;
	peakBytes: number;
	idleBytes: number;
	clientMs: number;
}

/** Imports the workflow, restarts n8n, runs it manually through the REST API and measures it. */
async function measure(b: Bench, wf: WorkflowJson, timeoutMs = 20 * 60_000): Promise<Measured> {
	const workflowId = await b.instance.importWorkflow(wf);
	const idleBytes = await freshN8n(b);
	b.sb.clearRequests();
	const cleared = resetPeak(b.pid);
	const sampler = sampleRss(b.pid);
	const started = Date.now();
	const executionId = await b.server.runManually(workflowId, { triggerToStartFrom: { name: 'Manual Trigger' } });
	await waitFinished(b.server, workflowId, executionId, timeoutMs);
	const clientMs = Date.now() - started;
	const sampled = sampler.stop();
	// Read before fetching the execution: serving its data to us would add to n8n's peak.
	const peakBytes = Math.max(sampled, cleared ? memoryOf(b.pid).hwm : 0);
	const requests = countRequests(b.sb.requests);
	b.sb.clearRequests();
	const execution = await b.server.execution(executionId);
	return { execution, requests, peakBytes, idleBytes, clientMs };
}

function nodeTime(execution: N8nExecution, ...names: string[]): number {
	let ms = 0;
	for (const name of names) {
		const task = execution.data.resultData.runData[name]?.[0] as { executionTime?: number } | undefined;
		ms += task?.executionTime ?? 0;
	}
	return ms;
}

function itemsOut(execution: N8nExecution, name: string): number {
	return execution.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.length ?? 0;
}

function executionMs(execution: N8nExecution): number | undefined {
	if (!execution.startedAt || !execution.stoppedAt) return undefined;
	return Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt);
}

function errorOf(execution: N8nExecution): string | undefined {
	const error = execution.data.resultData.error;
	return error ? String(error.message ?? 'error') : undefined;
}

// ---------------------------------------------------------------------------------------------
// The floor: a bare sequential client
// ---------------------------------------------------------------------------------------------

async function floorList(b: Bench, place: BenchPlace): Promise<{ ms: number; records: number }> {
	const started = performance.now();
	let after: string | undefined;
	let records = 0;
	do {
		const url = new URL(`${b.sb.url}/v1/shifts`);
		url.searchParams.set('location_id', place.locationId);
		url.searchParams.set('limit', String(PAGE));
		if (after) url.searchParams.set('after', after);
		const res = await fetch(url, { headers: { authorization: `Bearer ${b.token}`, accept: 'application/json' } });
		if (!res.ok) throw new Error(`floor: GET ${url.pathname}: ${res.status}`);
		const page = (await res.json()) as { data: unknown[]; has_more: boolean; next_cursor: string | null };
		records += page.data.length;
		after = page.has_more && page.next_cursor ? page.next_cursor : undefined;
	} while (after);
	return { ms: performance.now() - started, records };
}

async function floorCreate(b: Bench, place: BenchPlace, input: Array<Record<string, unknown>>): Promise<{ ms: number; records: number }> {
	const started = performance.now();
	let records = 0;
	for (let i = 0; i < input.length; i += BATCH) {
		const data = input.slice(i, i + BATCH).map((r) => ({
			location_id: place.locationId,
			position_id: place.positionId,
			start_time: r.start,
			end_time: r.end,
			notes: r.notes,
		}));
		const res = await fetch(`${b.sb.url}/v1/shifts`, {
			method: 'POST',
			headers: { authorization: `Bearer ${b.token}`, accept: 'application/json', 'content-type': 'application/json' },
			body: JSON.stringify({ data }),
		});
		if (res.status !== 201) throw new Error(`floor: POST /v1/shifts: ${res.status} ${await res.text()}`);
		records += ((await res.json()) as { data: unknown[] }).data.length;
	}
	return { ms: performance.now() - started, records };
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

function addRow(row: Row): Row {
	rows.push(row);
	log(
		`${row.scenario} · ${row.variant}: ${row.requests} requests, ${(row.ms / 1000).toFixed(2)} s` +
			(row.peakBytes ? `, peak ${MB(row.peakBytes).toFixed(0)} MB (idle ${MB(row.idleBytes ?? 0).toFixed(0)} MB)` : '') +
			(row.records !== undefined ? `, ${row.records} records` : '') +
			(row.note ? ` [${row.note}]` : ''),
	);
	return row;
}

function ratios(scenario: string, ours: Row[]): void {
	const floor = rows.find((r) => r.scenario === scenario && r.variant.startsWith('Floor'));
	const http = rows.find((r) => r.scenario === scenario && r.variant.startsWith('HTTP Request'));
	const expert = rows.find((r) => r.scenario === scenario && r.variant.startsWith('Code node'));
	for (const row of rows.filter((r) => r.scenario === scenario)) {
		if (floor && row !== floor) row.vsFloor = row.ms / floor.ms;
		if (http && ours.includes(row)) row.vsHttpNode = row.ms / http.ms;
		if (expert && ours.includes(row)) row.vsExpert = row.ms / expert.ms;
	}
}

async function listing(b: Bench, n: number): Promise<void> {
	const scenario = `1. List ${n.toLocaleString('en')} shifts`;
	clearShifts(b.sb, b.listPlace);
	addShifts(b.sb, b.listPlace, n, { tag: `list${n}` });
	const seeded = shiftsAt(b.sb, b.listPlace).filter((s) => !s.archived).length;
	if (seeded !== n) throw new Error(`seeded ${seeded} shifts, wanted ${n}`);

	// The floor first: a warm sandbox for everyone.
	b.sb.clearRequests();
	const floor = await floorList(b, b.listPlace);
	const floorRequests = countRequests(b.sb.requests);
	addRow({ scenario, variant: 'Floor (sequential fetch, limit 200)', requests: floorRequests.total, byPath: floorRequests.byPath, minRequests: Math.ceil(n / PAGE), ms: floor.ms, records: floor.records });

	const ours = await measure(b, oursList(b.listPlace));
	const oursRow = addRow({
		scenario,
		variant: 'Rostering Shift · Get Many, Return All',
		requests: ours.requests.total,
		byPath: ours.requests.byPath,
		minRequests: Math.ceil(n / PAGE),
		ms: nodeTime(ours.execution, 'Rostering Shift'),
		executionMs: executionMs(ours.execution),
		idleBytes: ours.idleBytes,
		peakBytes: ours.peakBytes,
		records: itemsOut(ours.execution, 'Rostering Shift'),
		note: errorOf(ours.execution),
	});

	const http = await measure(b, httpNodeList(b.sb, b.listPlace));
	addRow({
		scenario,
		variant: 'HTTP Request node (docs pagination) + Split Out',
		requests: http.requests.total,
		byPath: http.requests.byPath,
		minRequests: Math.ceil(n / DEFAULT_PAGE),
		ms: nodeTime(http.execution, 'HTTP Request', 'Split Out'),
		executionMs: executionMs(http.execution),
		idleBytes: http.idleBytes,
		peakBytes: http.peakBytes,
		records: itemsOut(http.execution, 'Split Out'),
		note: errorOf(http.execution),
	});
	ratios(scenario, [oursRow]);
	clearShifts(b.sb, b.listPlace);
}

function createdCheck(b: Bench, place: BenchPlace, tag: string, n: number): { created: number; duplicates: number; missing: number } {
	const mine = shiftsAt(b.sb, place).filter((s) => String(s.notes ?? '').startsWith(`${tag} `));
	const unique = new Set(mine.map((s) => s.notes));
	return { created: mine.length, duplicates: mine.length - unique.size, missing: n - unique.size };
}

async function creating(b: Bench): Promise<void> {
	const n = CONFIG.createN;
	const scenario = `2. Create ${n.toLocaleString('en')} shifts`;
	const ourRows: Row[] = [];

	clearShifts(b.sb, b.createPlace);
	b.sb.clearRequests();
	const floorInput = createRows(n, 'floor');
	const floor = await floorCreate(b, b.createPlace, floorInput);
	const floorRequests = countRequests(b.sb.requests);
	addRow({ scenario, variant: 'Floor (sequential fetch, batches of 100)', requests: floorRequests.total, byPath: floorRequests.byPath, minRequests: Math.ceil(n / BATCH), ms: floor.ms, records: floor.records });

	// The nodes whose time counts: the last one's output holds the created records (or batches).
	const variants: Array<[string, string, (rows: Array<Record<string, unknown>>) => WorkflowJson, string[], number]> = [
		['Rostering Shift · Create Many', 'many', (r) => oursCreate(b.createPlace, 'createMany', r), ['Rostering Shift'], Math.ceil(n / BATCH)],
		['Rostering Shift v2 · Create Many, Map Automatically', 'mapped', (r) => oursMapped('createMany', apiNamedRows(b.createPlace, r)), ['Rostering Shift'], Math.ceil(n / BATCH)],
		['Rostering Shift · Create (per item)', 'each', (r) => oursCreate(b.createPlace, 'create', r), ['Rostering Shift'], n],
		['HTTP Request node (POST per item)', 'http', (r) => httpNodeCreate(b.sb, b.createPlace, r), ['HTTP Request'], n],
		['Code node (batch bodies) + HTTP Request node', 'expert', (r) => codeBatchesAndHttpNode(b.sb, b.createPlace, r), ['Batch Bodies', 'HTTP Request'], Math.ceil(n / BATCH)],
	];
	for (const [variant, tag, build, nodes, min] of variants) {
		clearShifts(b.sb, b.createPlace);
		const m = await measure(b, build(createRows(n, tag)));
		const check = createdCheck(b, b.createPlace, tag, n);
		const row = addRow({
			scenario,
			variant,
			requests: m.requests.total,
			byPath: m.requests.byPath,
			minRequests: min,
			ms: nodeTime(m.execution, ...nodes),
			executionMs: executionMs(m.execution),
			idleBytes: m.idleBytes,
			peakBytes: m.peakBytes,
			records: check.created,
			note: [errorOf(m.execution), check.duplicates ? `${check.duplicates} duplicates` : '', check.missing ? `${check.missing} missing` : ''].filter(Boolean).join('; ') || undefined,
		});
		if (variant.startsWith('Rostering')) ourRows.push(row);
	}
	// What n8n alone spends on the mapped fields: the part of any node's time that no node can save.
	const fields = await measure(b, expressionsOnly(createRows(n, 'fields')));
	addRow({
		scenario,
		variant: "n8n's expressions alone (Edit Fields, the same 3 mapped fields)",
		requests: fields.requests.total,
		byPath: fields.requests.byPath,
		minRequests: 0,
		ms: nodeTime(fields.execution, 'Edit Fields'),
		executionMs: executionMs(fields.execution),
		idleBytes: fields.idleBytes,
		peakBytes: fields.peakBytes,
		records: itemsOut(fields.execution, 'Edit Fields'),
		note: errorOf(fields.execution),
	});
	ratios(scenario, ourRows);
	clearShifts(b.sb, b.createPlace);
}

/**
 * Scenario 3 (issue 21): Create or Update of n rows (Map Automatically) of which a tenth are
 * changed and a tenth are new; the rest exist as they are. The minimum: the existing shifts of the
 * rows' span read at 200 a page (the span kept within one 92-day window), one batch create per 100
 * new rows, one update per changed row, nothing for the others.
 */
async function upserting(b: Bench): Promise<void> {
	const n = CONFIG.createN;
	const scenario = `3. Create or Update ${n.toLocaleString('en')} rows (${n / 10} changed, ${n / 10} new)`;
	const place = b.createPlace;
	clearShifts(b.sb, place);
	// Two-hourly, so that 1,000 rows span 84 days: one window of the list.
	const base = Date.UTC(2032, 0, 5, 0, 0, 0);
	const rowsFor = (tag: string) =>
		Array.from({ length: n }, (_, i) => {
			const start = new Date(base + i * 2 * 3_600_000);
			const iso = (d: Date) => d.toISOString().replace('.000Z', '+00:00');
			return { location_id: place.locationId, position_id: place.positionId, start_time: iso(start), end_time: iso(new Date(start.getTime() + 3_600_000)), notes: `${tag} ${i}` };
		});
	const existing = n - n / 10;
	const seeded = await measure(b, oursMapped('createMany', rowsFor('sync').slice(0, existing)));
	const seedError = errorOf(seeded.execution);
	if (seedError) throw new Error(`seeding the existing shifts failed: ${seedError}`);
	// A tenth changed (their notes), a tenth new, the rest as they are.
	const input = rowsFor('sync').map((row, i) => (i % 9 === 0 && i < existing ? { ...row, notes: `${String(row.notes)} changed` } : row));
	const changed = input.filter((row) => String(row.notes).endsWith('changed')).length;
	const m = await measure(b, oursMapped('upsert', input));
	const actions: Record<string, number> = {};
	for (const item of m.execution.data.resultData.runData['Rostering Shift']?.[0]?.data?.main?.[0] ?? []) {
		const action = String(item.json.action ?? 'error');
		actions[action] = (actions[action] ?? 0) + 1;
	}
	const pages = Math.ceil(existing / PAGE);
	const min = pages + Math.ceil((n - existing) / BATCH) + changed;
	const stored = shiftsAt(b.sb, place).filter((s) => String(s.notes ?? '').startsWith('sync '));
	addRow({
		scenario,
		variant: 'Rostering Shift v2 · Create or Update, Map Automatically',
		requests: m.requests.total,
		byPath: m.requests.byPath,
		minRequests: min,
		ms: nodeTime(m.execution, 'Rostering Shift'),
		executionMs: executionMs(m.execution),
		idleBytes: m.idleBytes,
		peakBytes: m.peakBytes,
		records: stored.length,
		note:
			[
				errorOf(m.execution),
				`created ${actions.created ?? 0}, updated ${actions.updated ?? 0}, unchanged ${actions.unchanged ?? 0}`,
				Object.entries(m.requests.byPath).map(([path, count]) => `${count} ${path}`).join(', '),
				stored.length !== n ? `${stored.length} stored, not ${n}` : '',
			]
				.filter(Boolean)
				.join('; '),
	});
	clearShifts(b.sb, place);
}

async function rateLimited(b: Bench): Promise<void> {
	const n = CONFIG.rateN;
	const rate = CONFIG.rate;
	const variants: Array<[string, string, (rows: Array<Record<string, unknown>>) => WorkflowJson, string, number]> = [
		['Rostering Shift · Create Many', 'rl-many', (r) => oursCreate(b.createPlace, 'createMany', r), 'Rostering Shift', Math.ceil(n / BATCH)],
		['Rostering Shift · Create (per item)', 'rl-each', (r) => oursCreate(b.createPlace, 'create', r), 'Rostering Shift', n + 1],
		['HTTP Request node (POST per item)', 'rl-http', (r) => httpNodeCreate(b.sb, b.createPlace, r), 'HTTP Request', n],
	];
	for (const [variant, tag, build, node, needed] of variants) {
		clearShifts(b.sb, b.createPlace);
		const wf = build(createRows(n, tag));
		const workflowId = await b.instance.importWorkflow(wf);
		const idleBytes = await freshN8n(b);
		b.sb.clearRequests();
		b.sb.setRateLimit({ perSecond: rate });
		const started = Date.now();
		const executionId = await b.server.runManually(workflowId, { triggerToStartFrom: { name: 'Manual Trigger' } });
		await waitFinished(b.server, workflowId, executionId, 30 * 60_000);
		const clientMs = Date.now() - started;
		b.sb.setRateLimit(null);
		const requests = countRequests(b.sb.requests);
		b.sb.clearRequests();
		const execution = await b.server.execution(executionId);
		const check = createdCheck(b, b.createPlace, tag, n);
		const out = itemsOut(execution, node);
		const task = execution.data.resultData.runData[node]?.[0] as { error?: { message?: string } } | undefined;
		const row = {
			variant,
			requests: requests.total,
			rejected429: requests.statuses['429'] ?? 0,
			created: check.created,
			duplicates: check.duplicates,
			failedItems: n - out,
			nodeError: task?.error?.message ?? errorOf(execution),
			ms: nodeTime(execution, node),
			clientMs,
			minMs: ((needed - 1) / rate) * 1000,
			needed,
			idleBytes,
		};
		rateRows.push(row);
		log(`4. rate limit · ${variant}: ${JSON.stringify(row)}`);
	}
	clearShifts(b.sb, b.createPlace);
}

/** With BENCH_DEBUG: the requests a step saw (query, status, time, records), to /tmp/bench-<name>.json. */
function debugRequests(name: string, requests: RecordedRequest[]): void {
	if (!process.env.BENCH_DEBUG) return;
	const seen = requests.map((r) => ({ q: r.query, s: r.status, at: r.at, n: (r.responseBody as { data?: unknown[] } | null)?.data?.length }));
	fs.writeFileSync(`/tmp/bench-${name}.json`, JSON.stringify(seen));
}

/**
 * Scenario 3: the Shift trigger over a burst of changed shifts, with Say What Changed on (what
 * changed computed for each, from what it learned at publishing) and off, side by side. The shifts
 * are the coming weeks' (what the trigger learns), so each change is a known diff.
 */
async function trigger(b: Bench, sayWhatChanged: boolean): Promise<void> {
	const n = CONFIG.burst;
	const variant = sayWhatChanged ? 'on' : 'off';
	clearShifts(b.sb, b.triggerPlace);
	const now = b.sb.clock.now().getTime();
	const ids = addShifts(b.sb, b.triggerPlace, n, { tag: `trigger-${variant}`, start: Math.floor((now + 86_400_000) / 60_000) * 60_000, stepMs: Math.floor((24 * 86_400_000) / n / 60_000) * 60_000 || 60_000 });
	// Added well before the trigger is published: not a change it would read.
	b.sb.clock.advance(5 * 60_000);
	const workflowId = await b.instance.importWorkflow(triggerWorkflow(b.triggerPlace, sayWhatChanged));
	const idleBytes = await freshN8n(b);
	const polls = () => b.sb.requests.filter((r) => r.path === '/v1/shifts' && r.query.location_id === b.triggerPlace.locationId);
	b.sb.clearRequests();
	await b.server.activate(workflowId);
	const waitUntil = async (what: string, timeoutMs: number, check: () => boolean) => {
		const deadline = Date.now() + timeoutMs;
		while (!check()) {
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
			await sleep(100);
		}
	};
	await waitUntil('the activation poll', 60_000, () => polls().some((r) => r.status !== 0));
	// Activation ends when n8n saves the trigger's state (A6), after it learned the shifts in use.
	const savedAt = Date.now() + 120_000;
	while (!JSON.stringify((await b.server.workflow(workflowId)).staticData ?? {}).includes('"cursor"')) {
		if (Date.now() > savedAt) throw new Error('the trigger state was not saved after activation');
		await sleep(200);
	}
	await sleep(1000);
	const activationRequests = polls().length;
	const learningPasses = polls().filter((r) => r.query.from !== undefined && r.query.after === undefined).length;
	debugRequests(`activation-${variant}`, polls());
	log(`3. trigger (${variant}): ${learningPasses} learning pass(es), ${polls().filter((r) => r.query.limit === '1').length} start read(s)`);
	log(`3. trigger (${variant}): activated (${activationRequests} request(s) at activation); waiting for an idle poll (at most a minute)`);
	b.sb.clearRequests();
	await waitUntil('an idle poll', 75_000, () => polls().some((r) => r.status !== 0 && r.query.updated_since !== undefined));
	await sleep(3000); // any further pages of that poll
	const idle = countRequests(b.sb.requests);
	log(`3. trigger (${variant}): idle poll: ${idle.total} request(s)`);

	// The burst: every shift changed now, in a new second.
	await sleep(1100);
	const before = (await b.server.executions(workflowId)).map((e) => e.id);
	const touched = touchShifts(b.sb, ids);
	b.sb.clearRequests();
	const idleNow = memoryOf(b.pid).rss;
	const cleared = resetPeak(b.pid);
	const sampler = sampleRss(b.pid);
	log(`3. trigger (${variant}): ${touched} shifts changed; waiting for the next poll to deliver them`);
	const deadline = Date.now() + 5 * 60_000;
	let executionId: string | undefined;
	for (;;) {
		const list = await b.server.executions(workflowId);
		const fresh = list.find((e) => !before.includes(e.id) && FINISHED(e.status));
		if (fresh) {
			executionId = fresh.id;
			break;
		}
		if (Date.now() > deadline) throw new Error('the burst was not delivered within 5 minutes');
		await sleep(200);
	}
	const peak = Math.max(sampler.stop(), cleared ? memoryOf(b.pid).hwm : 0);
	const requests = b.sb.requests.filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/oauth/'));
	const counted = countRequests(requests);
	debugRequests(`burst-${variant}`, requests);
	// The sandbox stamps requests with its own clock, which this scenario moved on: back to this machine's.
	const firstAt = Date.parse(requests[0].at) - (b.sb.clock.now().getTime() - Date.now());
	const execution = await b.server.execution(executionId);
	const delivered = itemsOut(execution, 'Rostering Shift Trigger');
	const first = execution.data.resultData.runData['Rostering Shift Trigger']?.[0]?.data?.main?.[0]?.[0]?.json as { changes_known?: boolean; changed_fields?: string[] } | undefined;
	const stored = await b.server.workflow(workflowId);
	const staticBytes = Buffer.byteLength(JSON.stringify(stored.staticData ?? {}));
	const stopped = Date.parse(String(execution.stoppedAt));
	const started = Date.parse(String(execution.startedAt));
	triggerFacts[variant] = {
		burst: n,
		activationRequests,
		changesKnown: first?.changes_known,
		changedFields: (first?.changed_fields ?? []).join(', '),
		staticBytes,
		idlePollRequests: idle.total,
		idleByPath: idle.byPath,
		burstRequests: counted.total,
		burstByPath: counted.byPath,
		minRequests: Math.ceil(n / PAGE),
		delivered,
		// The poll: from its first request to the execution n8n starts with what it returned.
		pollMs: started - firstAt,
		// Until the items are out: the execution's end.
		deliverMs: stopped - firstAt,
		executionMs: stopped - started,
		idleBytes: idleNow,
		idleAfterStartBytes: idleBytes,
		peakBytes: peak,
	};
	log(`3. trigger (${variant}): ${JSON.stringify(triggerFacts[variant])}`);
	// Unpublished, so that its polls do not run beside the next variant's (n8n 2.x's endpoint).
	await b.server.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	clearShifts(b.sb, b.triggerPlace);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function fmtS(ms: number | undefined): string {
	return ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`;
}
const fmtX = (x: number | undefined) => (x === undefined ? '–' : `${x.toFixed(2)}×`);
const fmtMB = (bytes: number | undefined) => (bytes ? `${MB(bytes).toFixed(0)} MB` : '–');

function machine(): Record<string, string> {
	const installed = fs.existsSync(path.join(runtimeDir(), 'installed')) ? fs.readFileSync(path.join(runtimeDir(), 'installed'), 'utf8') : '';
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
	return {
		date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
		cpu: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
		ram: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
		n8n: /n8n=([\w.]+)/.exec(installed)?.[1] ?? '?',
		n8nNode: /node=([\w.]+)/.exec(installed)?.[1] ?? '?',
		benchNode: process.version.replace(/^v/, ''),
		package: `n8n-nodes-rostering ${pkg.version}`,
	};
}

function report(): string {
	const m = machine();
	const lines: string[] = [];
	lines.push(
		`Run ${m.date} on ${m.cpu}, ${m.ram} RAM; n8n ${m.n8n} on Node ${m.n8nNode} (bench and sandbox on Node ${m.benchNode}); ${m.package}. ` +
			`Sandbox latency ${CONFIG.latencyMs} ms a request${CONFIG.quick ? ' (quick mode)' : ''}; n8n's expression engine: ${CONFIG.expressionEngine}${CONFIG.expressionEngine === 'vm' ? " (n8n 2.x's default)" : ''}. Time: the node's own executionTime in n8n's execution (HTTP Request + Split Out for the HTTP Request node's listing, Code + HTTP Request for the expert's creates); the floor's is its client time. Peak: VmHWM of the n8n process during the run, idle: its RSS after start and a small warm-up run.`,
		'',
	);
	if (rows.length) {
		lines.push('| Scenario | Variant | Requests (min) | Time | ours / floor | ours / HTTP node | ours / Code + HTTP | Peak RSS (idle) | Records |');
		lines.push('|---|---|---|---|---|---|---|---|---|');
		for (const r of rows) {
			const min = r.minRequests !== undefined ? ` (${r.minRequests})` : '';
			const peak = r.peakBytes ? `${fmtMB(r.peakBytes)} (${fmtMB(r.idleBytes)}, ${(r.peakBytes / (r.idleBytes ?? 1)).toFixed(2)}×)` : '–';
			const extra = Object.entries(r.byPath)
				.filter(([k]) => !k.startsWith('GET /v1/shifts') && !k.startsWith('POST /v1/shifts'))
				.map(([k, v]) => `${v} ${k}`)
				.join(', ');
			const records = `${r.records ?? '–'}${r.note ? ` (${r.note})` : ''}${extra ? `; incl. ${extra}` : ''}`;
			lines.push(`| ${r.scenario} | ${r.variant} | ${r.requests}${min} | ${fmtS(r.ms)} | ${r.variant.startsWith('Floor') || r.variant.startsWith('HTTP') ? '–' : fmtX(r.vsFloor)} | ${fmtX(r.vsHttpNode)} | ${fmtX(r.vsExpert)} | ${peak} | ${records} |`);
		}
		lines.push('');
	}
	if (triggerFacts.on || triggerFacts.off) {
		const on = (triggerFacts.on ?? {}) as Record<string, number>;
		const off = (triggerFacts.off ?? {}) as Record<string, number>;
		const both = (f: (t: Record<string, number>) => string) => `| ${triggerFacts.on ? f(on) : '–'} | ${triggerFacts.off ? f(off) : '–'} |`;
		lines.push(`**3. Rostering Shift Trigger** (polls once a minute, filtered to one location; ${(on.burst ?? off.burst).toLocaleString('en')} shifts of the coming weeks):`, '');
		lines.push('| Measure | Say What Changed on (default) | off |', '|---|---|---|');
		lines.push(`| Requests at activation (learning the shifts in use, pages of 200) ${both((t) => String(t.activationRequests))}`);
		lines.push(`| Requests per idle poll ${both((t) => String(t.idlePollRequests))}`);
		lines.push(`| Burst of changes: requests (min) ${both((t) => `${t.burstRequests} (${t.minRequests})`)}`);
		lines.push(`| Burst: items delivered, each once ${both((t) => String(t.delivered))}`);
		lines.push(`| Burst: what the first item says changed ${both((t) => (t.changesKnown ? `\`${String(t.changedFields)}\`` : 'not known'))}`);
		lines.push(`| Burst: poll (first request → execution starts) ${both((t) => fmtS(t.pollMs))}`);
		lines.push(`| Burst: first request → items out (execution ends) ${both((t) => fmtS(t.deliverMs))}`);
		lines.push(`| Burst: peak RSS (idle) ${both((t) => `${fmtMB(t.peakBytes)} (${fmtMB(t.idleBytes)}, ${(t.peakBytes / t.idleBytes).toFixed(2)}×)`)}`);
		lines.push(`| The workflow's static data after the burst ${both((t) => `${(t.staticBytes / 1024).toFixed(0)} KB`)}`);
		if (triggerFacts.on && triggerFacts.off) lines.push('', `Poll time with Say What Changed on / off: ${fmtX(on.pollMs / off.pollMs)}.`);
		lines.push('');
	}
	if (rateRows.length) {
		lines.push(`**4. Create ${CONFIG.rateN.toLocaleString('en')} shifts under a rate limit of ${CONFIG.rate} requests/s** (429 with Retry-After):`, '');
		lines.push('| Variant | Requests (429s) | Created | Failed items | Duplicates | Time | Floor: requests needed / rate |');
		lines.push('|---|---|---|---|---|---|---|');
		for (const r of rateRows as Array<Record<string, number & string>>) {
			lines.push(
				`| ${r.variant} | ${r.requests} (${r.rejected429}) | ${r.created} | ${r.failedItems}${r.nodeError ? ` (${String(r.nodeError).slice(0, 60)})` : ''} | ${r.duplicates} | ${fmtS(r.ms)} | ${fmtS(r.minMs)} (${r.needed} requests) |`,
			);
		}
		lines.push('');
	}
	return lines.join('\n');
}

function updateReadme(table: string): void {
	const file = path.join(REPO_ROOT, 'README.md');
	const text = fs.readFileSync(file, 'utf8');
	const start = '<!-- bench:start -->';
	const end = '<!-- bench:end -->';
	const i = text.indexOf(start);
	const j = text.indexOf(end);
	if (i < 0 || j < i) {
		log('README.md has no <!-- bench:start --> … <!-- bench:end --> markers: not updated');
		return;
	}
	fs.writeFileSync(file, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
	log('README.md updated');
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
	if (process.platform !== 'linux') throw new Error('the bench reads /proc: Linux only');
	log(`settings: ${JSON.stringify(CONFIG)}`);
	assertBuilt();
	await ensureRuntime();
	const sb = await startSandbox({ latencyMs: CONFIG.latencyMs });
	const listPlace = addBenchLocation(sb, 'Bench list');
	const createPlace = addBenchLocation(sb, 'Bench create');
	const triggerPlace = addBenchLocation(sb, 'Bench trigger');
	// BENCH_PROFILE=1: every n8n process (one per measured run) writes a V8 CPU profile on exit;
	// `npx tsx bench/profile-summary.ts <file>` lists where the time went.
	const profileDir = path.join(__dirname, 'results', 'profiles');
	if (process.env.BENCH_PROFILE === '1') fs.mkdirSync(profileDir, { recursive: true });
	const instance = await createN8n({
		env: { N8N_LOG_LEVEL: 'warn', N8N_EXPRESSION_ENGINE: CONFIG.expressionEngine, ...(process.env.BENCH_PROFILE === '1' ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}) },
	});
	let server: N8nServer | undefined;
	try {
		await instance.importCredentials([
			rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens: sb.issueToken({ ttlSeconds: 24 * 3600 }) }),
		]);
		const warmupId = await instance.importWorkflow(warmupWorkflow(sb, listPlace));
		server = await startServer(instance);
		const b: Bench = {
			sb,
			token: sb.issueToken({ ttlSeconds: 24 * 3600 }).access_token,
			instance,
			server,
			pid: 0,
			listPlace,
			createPlace,
			triggerPlace,
			warmupId,
		};
		log(`n8n at ${server.baseUrl}, sandbox at ${sb.url}`);
		if (CONFIG.scenarios.includes('list')) for (const n of CONFIG.listN) await listing(b, n);
		if (CONFIG.scenarios.includes('create')) await creating(b);
		if (CONFIG.scenarios.includes('upsert')) await upserting(b);
		if (CONFIG.scenarios.includes('ratelimit')) await rateLimited(b);
		// Last: once published, the trigger polls every minute until n8n stops.
		if (CONFIG.scenarios.includes('trigger')) {
			await trigger(b, false);
			await trigger(b, true);
		}
	} finally {
		if (server?.running) await server.stop();
		await instance.dispose();
		await sb.close();
	}
	const table = report();
	process.stdout.write(`\n${table}\n`);
	const dir = path.join(__dirname, 'results');
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'latest.md'), `${table}\n`);
	fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ machine: machine(), config: CONFIG, rows, trigger: triggerFacts, rateLimited: rateRows }, null, 2));
	if (CONFIG.readme) updateReadme(table);
	log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
	process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
