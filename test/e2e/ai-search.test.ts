/**
 * Found by n8n's AI (issue 32, item 3): what n8n's AI workflow builder and its MCP server find when
 * asked in words, searched with n8n's own node search (@n8n/ai-utilities NodeSearchEngine, as
 * installed with n8n 2.40.7) over n8n's whole built-in catalog (n8n-nodes-base's types/nodes.json,
 * 502 nodes) and this package's nodes as n8n loads them (the built description, with the codex
 * file's aliases: n8n-core's DirectoryLoader reads `alias` from each .node.json). The search weighs
 * the display name, the type name and the codex aliases, then the description; the builder hint's
 * searchHint comes back with a node found.
 */
import * as fs from 'fs';
import * as path from 'path';

import { assertBuilt, ensureRuntime, packageDirDefault } from './n8n';

jest.setTimeout(20 * 60_000);

interface SearchResult {
	name: string;
	builderHintMessage?: string;
}
type Engine = { searchByName(query: string, limit?: number): SearchResult[] };

/** The package's nodes as n8n loads them: each built description with its codex. */
function packageNodes(): object[] {
	const dist = path.join(packageDirDefault(), 'dist', 'nodes');
	return fs.readdirSync(dist).flatMap((folder) => {
		const file = fs.readdirSync(path.join(dist, folder)).find((name) => name.endsWith('.node.js'));
		if (!file) return [];
		const NodeClass = Object.values(require(path.join(dist, folder, file)) as Record<string, new () => { description: { name: string } }>)[0];
		const { description } = new NodeClass();
		const codex = JSON.parse(fs.readFileSync(path.join(dist, folder, file.replace(/\.js$/, '.json')), 'utf8')) as { alias?: string[]; categories?: string[] };
		return [{ ...description, name: `n8n-nodes-rostering.${description.name}`, codex: { alias: codex.alias, categories: codex.categories } }];
	});
}

describe("n8n's AI builder search finds the package's nodes by what people ask", () => {
	let engine: Engine;
	beforeAll(async () => {
		assertBuilt();
		const runtime = path.join(await ensureRuntime(), 'n8n', 'node_modules');
		const searchFile = path.join(runtime, '@n8n', 'ai-utilities', 'dist', 'cjs', 'node-catalog', 'search-engine.js');
		const catalog = require(path.join(runtime, 'n8n-nodes-base', 'dist', 'types', 'nodes.json')) as object[];
		const { NodeSearchEngine } = require(searchFile) as { NodeSearchEngine: new (nodes: object[]) => Engine };
		engine = new NodeSearchEngine([...catalog, ...packageNodes()]);
	}, 20 * 60_000);

	const rank = (query: string, type: string) => engine.searchByName(query, 20).findIndex((result) => result.name === `n8n-nodes-rostering.${type}`) + 1;

	it.each([
		['alert me when someone doesn\'t clock out', 'rosteringTimesheetTrigger', 3],
		['forgot to clock out', 'rosteringTimesheetTrigger', 3],
		['missed break', 'rosteringTimesheetTrigger', 1],
		['overtime', 'rosteringTimesheetTrigger', 2],
		['timesheet', 'rosteringTimesheet', 1],
		['timeclock', 'rosteringTimesheet', 1],
		['payroll export timesheets', 'rosteringTimesheet', 1],
		['shift', 'rosteringShift', 1],
		['roster calendar sync', 'rosteringShift', 5],
		['leave request', 'rosteringLeaveRequest', 3],
	])('"%s" finds %s in the first %i', (query, type, within) => {
		const at = rank(query, type);
		expect(at).toBeGreaterThan(0);
		expect(at).toBeLessThanOrEqual(within);
	});

	it("a node found comes with its builder hint (what it is for), the Timesheet trigger's naming the attendance events", () => {
		const found = engine.searchByName('forgot to clock out', 20).find((result) => result.name === 'n8n-nodes-rostering.rosteringTimesheetTrigger')!;
		expect(found.builderHintMessage).toMatch(/Still Clocked In \(forgot to clock out\).*Break Not Taken.*Long Hours/);
	});
});
