/**
 * Where an n8n process spent its time: `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`.
 * Self time by function (name, file, line) and by package, from a V8 CPU profile
 * (BENCH_PROFILE=1 npm run bench writes one per measured run).
 */
import * as fs from 'fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
	startTime: number;
	endTime: number;
}

const [file, topText] = process.argv.slice(2);
if (!file) {
	process.stderr.write('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]\n');
	process.exit(2);
}
const top = Number(topText ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** "n8n-core", "n8n-nodes-rostering", "node:internal", ... */
function packageOf(url: string): string {
	if (!url) return '(native/gc/idle)';
	if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
	const parts = url.split('/node_modules/');
	if (parts.length < 2) return url.includes('n8n-nodes-rostering') ? 'n8n-nodes-rostering' : url;
	const last = parts[parts.length - 1].split('/');
	return last[0].startsWith('@') ? `${last[0]}/${last[1]}` : last[0];
}

const fns = new Map<string, number>();
const pkgs = new Map<string, number>();
for (const [id, us] of self) {
	const n = byId.get(id)!;
	const { functionName, url, lineNumber } = n.callFrame;
	const short = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\//, '');
	const key = `${functionName || '(anonymous)'}  ${short}:${lineNumber + 1}`;
	fns.set(key, (fns.get(key) ?? 0) + us);
	const pkg = packageOf(url);
	pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const total = (profile.endTime - profile.startTime) / 1000;
const show = (title: string, m: Map<string, number>) => {
	process.stdout.write(`\n${title}\n`);
	for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
		process.stdout.write(`${(us / 1000).toFixed(0).padStart(8)} ms  ${((us / 1000 / total) * 100).toFixed(1).padStart(5)}%  ${k}\n`);
	}
};
// Inclusive time (the function and what it called), counted once per stack even when recursive.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
	const seen = new Set<string>();
	for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
		const { functionName, url, lineNumber } = byId.get(cur)!.callFrame;
		if (!/n8n-core|n8n-nodes-rostering|n8n-workflow|n8n-nodes-base/.test(url)) continue;
		const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*\/node_modules\//, '')}:${lineNumber + 1}`;
		if (seen.has(key)) continue;
		seen.add(key);
		inclusive.set(key, (inclusive.get(key) ?? 0) + us);
	}
}
process.stdout.write(`${file}: ${total.toFixed(0)} ms profiled\n`);
show('self time by package', pkgs);
show('self time by function', fns);
show('inclusive time (n8n and this package)', inclusive);
