/**
 * The report: the markdown tables of what the scenarios collected (the list, create and upsert
 * rows, the trigger's on/off figures, the rate-limit rows), headed by the machine, n8n and Node
 * versions and the settings they ran with; and updateReadme(), which replaces the table between
 * the <!-- bench:start --> and <!-- bench:end --> markers of docs/figures.md (the figures README
 * links to; README itself keeps a short summary).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { REPO_ROOT, runtimeDir } from '../test/e2e/n8n';
import { rateRows, rows, triggerFacts } from './figures';
import { CONFIG, log, MB } from './settings';

function fmtS(ms: number | undefined): string {
	return ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`;
}
const fmtX = (x: number | undefined) => (x === undefined ? '–' : `${x.toFixed(2)}×`);
const fmtMB = (bytes: number | undefined) => (bytes ? `${MB(bytes).toFixed(0)} MB` : '–');

export function machine(): Record<string, string> {
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

export function report(): string {
	const m = machine();
	const lines: string[] = [];
	lines.push(
		`Run ${m.date} on ${m.cpu}, ${m.ram} RAM; n8n ${m.n8n} on Node ${m.n8nNode} (bench and sandbox on Node ${m.benchNode}); ${m.package}. ` +
			`Sandbox latency ${CONFIG.latencyMs} ms a request${CONFIG.quick ? ' (quick mode)' : ''}; n8n's expression engine: ${CONFIG.expressionEngine}${CONFIG.expressionEngine === 'vm' ? " (n8n 2.x's default)" : ''}. Time: the node's own executionTime in n8n's execution (HTTP Request + Split Out for the HTTP Request node's listing, Code + HTTP Request for the expert's creates, signed with n8n's generic OAuth2 credential; ours / Code + HTTP compares with that one); the floor's is its client time. Peak: VmHWM of the n8n process during the run, idle: its RSS after start and a small warm-up run.`,
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
	const none = triggerFacts['attendance none'] as Record<string, number> | undefined;
	const every = triggerFacts['attendance every'] as Record<string, number> | undefined;
	if (none || every) {
		const both = (f: (t: Record<string, number>) => string) => `| ${none ? f(none) : '–'} | ${every ? f(every) : '–'} |`;
		const paths = (t: Record<string, number>) => Object.entries(t.burstByPath as unknown as Record<string, number>).map(([k, v]) => `${v} ${k}`).join(', ');
		const worked = process.env.BENCH_WORKED === 'as rostered' ? 'each as long as its shift, with its break (BENCH_WORKED)' : 'each half an hour longer than its shift with no break, the worst case (BENCH_WORKED)';
		lines.push(`**5. Rostering Timesheet Trigger and the attendance events** (polls once a minute, one location; ${((none ?? every)!.burst).toLocaleString('en')} timesheets of the last twelve days, each with its shift, ${worked}):`, '');
		lines.push('| Measure | Created, Updated, Removed | and every attendance event |', '|---|---|---|');
		lines.push(`| Requests per idle poll ${both((t) => String(t.idlePollRequests))}`);
		lines.push(`| Burst of changes: requests ${both(paths)}`);
		lines.push(`| Burst: items delivered ${both((t) => String(t.delivered))}`);
		lines.push(`| Burst: poll (first request → execution starts) ${both((t) => fmtS(t.pollMs))}`);
		lines.push(`| Burst: peak RSS (idle) ${both((t) => `${fmtMB(t.peakBytes)} (${fmtMB(t.idleBytes)})`)}`);
		if (none && every) lines.push('', `Poll time with every attendance event on / none: ${fmtX(every.pollMs / none.pollMs)}.`);
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

export function updateReadme(table: string): void {
	const file = path.join(REPO_ROOT, 'docs', 'figures.md');
	const text = fs.readFileSync(file, 'utf8');
	const start = '<!-- bench:start -->';
	const end = '<!-- bench:end -->';
	const i = text.indexOf(start);
	const j = text.indexOf(end);
	if (i < 0 || j < i) {
		log('docs/figures.md has no <!-- bench:start --> … <!-- bench:end --> markers: not updated');
		return;
	}
	fs.writeFileSync(file, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
	log('docs/figures.md updated');
}
