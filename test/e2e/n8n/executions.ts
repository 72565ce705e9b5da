/**
 * Runs and executions as n8n reports them: the IRun that `n8n execute --rawOutput` prints
 * (parseRun, the ExecuteResult of an instance's execute(), explain() for failure messages) and the
 * executions the server's REST API answers (N8nExecution, executionItems, unflatten).
 *
 * Verified against n8n 2.40.7 (Node 20 machine, npm registry only, 2026-11):
 *
 * - `--rawOutput` prints the IRun as pretty JSON after the boot lines; on a node error n8n also
 *   prints the IRun (after "Execution was NOT successful") and exits 1. parseRun() takes either.
 * - `GET /rest/executions/:id` answers the execution with `data` as a *flatted* string
 *   (unflatten() below); `GET /rest/executions?filter={"workflowId":"..."}&limit=n` (n <= 100)
 *   answers {results, count, estimated}, newest first, without data. An execution not saved yet is
 *   404.
 */
import { lastLines, type CommandResult } from './helpers';

/** What `n8n execute --rawOutput` prints: n8n's IRun. Only the parts the tests read are typed. */
export interface N8nRun {
	finished?: boolean;
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, Array<N8nTaskData>>;
			lastNodeExecuted?: string;
			error?: { message?: string; description?: string; name?: string; [k: string]: unknown };
		};
	};
	[k: string]: unknown;
}
export interface N8nTaskData {
	executionStatus?: string;
	error?: { message?: string; description?: string; [k: string]: unknown };
	data?: { main?: Array<Array<{ json: Record<string, unknown>; [k: string]: unknown }> | null> };
	[k: string]: unknown;
}

export interface ExecuteResult extends CommandResult {
	/** The parsed run, when n8n printed one (it does on success and on a node error). */
	run?: N8nRun;
	/** True when n8n exited 0 and the run has no error. */
	ok: boolean;
	/** The run's error, if any (n8n's resultData.error). */
	error?: N8nRun['data']['resultData']['error'];
	/** The JSON of the items a node output on the given output (default: first run, output 0). */
	items(nodeName: string, output?: number, runIndex?: number): Array<Record<string, unknown>>;
}

export interface StoredExecution {
	id: string;
	status: string;
	finished: boolean;
	run?: N8nRun;
}

export function toExecuteResult(res: CommandResult, stored?: StoredExecution): ExecuteResult {
	const run = parseRun(res.stdout) ?? stored?.run;
	const error = run?.data?.resultData?.error;
	// `n8n execute` prints the whole run, then shuts down. Once (CI, 2026-11-23) it died of SIGSEGV
	// in that shutdown (its isolated-vm, built from source for Node 24) after printing a finished,
	// successful run: that is n8n's exit, not the run's outcome, so a printed finished run counts.
	const crashedAfterRun = res.signal === 'SIGSEGV' && run?.finished === true;
	if (crashedAfterRun) process.stderr.write('[n8n e2e] n8n execute crashed (SIGSEGV) after printing a finished run; the run counts\n');
	const ok = (res.code === 0 || crashedAfterRun) && !!run && !error;
	return {
		...res,
		run,
		ok,
		error,
		items(nodeName, output = 0, runIndex = 0) {
			if (!run) throw new Error(`n8n printed no run (exit ${res.code}).\n${explain(res)}`);
			const task = run.data.resultData.runData[nodeName]?.[runIndex];
			if (!task) {
				const ran = Object.keys(run.data.resultData.runData).join(', ');
				throw new Error(`Node "${nodeName}" did not run (ran: ${ran || 'nothing'}).`);
			}
			return (task.data?.main?.[output] ?? []).map((i) => i.json);
		},
	};
}

/**
 * `--rawOutput` prints the run as pretty JSON; n8n's log lines may come before it (and after it,
 * e.g. the task runner shutting down). Takes the longest `{ ... }` block that parses.
 */
export function parseRun(stdout: string): N8nRun | undefined {
	const lines = stdout.split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (lines[start] !== '{') continue;
		for (let end = lines.length - 1; end > start; end--) {
			if (lines[end] !== '}') continue;
			try {
				const parsed = JSON.parse(lines.slice(start, end + 1).join('\n'));
				if (parsed && typeof parsed === 'object' && parsed.data?.resultData) return parsed as N8nRun;
			} catch {
				// not this block
			}
		}
	}
	return undefined;
}

/** A readable account of a command, for failure messages. */
export function explain(res: CommandResult | ExecuteResult): string {
	const error = 'ok' in res ? res.error : undefined;
	return [
		...(error ? [`run error: ${error.name ?? 'Error'}: ${error.message}${error.description ? ` (${error.description})` : ''}`] : []),
		`exit ${res.code}${res.signal ? ` (${res.signal})` : ''}${res.timedOut ? ' TIMED OUT' : ''} after ${res.ms} ms`,
		`--- stdout (last lines) ---\n${lastLines(res.stdout, 60)}`,
		`--- stderr (last lines) ---\n${lastLines(res.stderr, 30)}`,
	].join('\n');
}

/** An execution as GET /rest/executions/:id returns it, `data` parsed (n8n sends it flatted). */
export interface N8nExecution {
	id: string;
	mode: string;
	status: string;
	finished: boolean;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	data: N8nRun['data'];
	[k: string]: unknown;
}

/** One row of GET /rest/executions (no data). */
export interface N8nExecutionSummary {
	id: string;
	mode: string;
	status: string;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	[k: string]: unknown;
}

/** The JSON of the items a node output in an execution (default: first run, output 0). */
export function executionItems(
	execution: { data: N8nRun['data'] },
	nodeName: string,
	output = 0,
	runIndex = 0,
): Array<Record<string, unknown>> {
	const task = execution.data.resultData.runData[nodeName]?.[runIndex];
	if (!task) {
		const ran = Object.keys(execution.data.resultData.runData).join(', ');
		const error = execution.data.resultData.error;
		throw new Error(`Node "${nodeName}" did not run (ran: ${ran || 'nothing'}${error ? `; error: ${error.message}` : ''}).`);
	}
	return (task.data?.main?.[output] ?? []).map((i) => i.json);
}

/**
 * Parses n8n's "flatted" JSON (what GET /rest/executions/:id sends as `data`): an array whose first
 * entry is the value; inside entries, every string is the index of another entry. Same result as
 * flatted's parse (n8n's own dependency), without depending on it here.
 */
export function unflatten(text: string): unknown {
	const input = JSON.parse(text, (_k, v) => (typeof v === 'string' ? new String(v) : v)) as unknown[];
	const entries = input.map((v) => (v instanceof String ? String(v) : v));
	const done = new Set<unknown>();
	const revive = (output: Record<string, unknown>): unknown => {
		const lazy: Array<[string, Record<string, unknown>]> = [];
		for (const k of Object.keys(output)) {
			const v = output[k];
			if (v instanceof String) {
				const target = entries[Number(v)];
				if (target && typeof target === 'object' && !done.has(target)) {
					done.add(target);
					output[k] = target;
					lazy.push([k, target as Record<string, unknown>]);
				} else {
					output[k] = target;
				}
			}
		}
		for (const [k, target] of lazy) output[k] = revive(target);
		return output;
	};
	const root = entries[0];
	if (!root || typeof root !== 'object') return root;
	done.add(root);
	return revive(root as Record<string, unknown>);
}
