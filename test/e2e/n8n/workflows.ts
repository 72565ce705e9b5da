/**
 * Workflow JSON for the e2e tests: the shape n8n imports, the files in test/e2e/workflows and the
 * Poll Times the tests' triggers use.
 *
 * Polling, verified against n8n 2.40.7 (2026-11): pollTimes {item: [{mode: 'everyMinute'}]}
 * becomes the cron `<random second> * * * * *` (n8n-workflow toCronExpression); anything more often
 * than once a minute is refused at activation ("The polling interval is too short"). How n8n then
 * runs the polls and saves their static data: server.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readJson } from './helpers';

const WORKFLOWS_DIR = path.join(__dirname, '..', 'workflows');

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[k: string]: unknown;
}

/** Reads test/e2e/workflows/<name>(.json), or a path. */
export function loadWorkflow(nameOrPath: string): WorkflowJson {
	const candidates = [
		nameOrPath,
		path.join(WORKFLOWS_DIR, nameOrPath),
		path.join(WORKFLOWS_DIR, `${nameOrPath}.json`),
	];
	const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
	if (!file) throw new Error(`No workflow ${nameOrPath} (looked in ${WORKFLOWS_DIR})`);
	return readJson(file) as WorkflowJson;
}

/**
 * Poll Times for the tests' triggers: four custom times a minute (seconds 0, 15, 30 and 45). Each
 * is a cron n8n accepts (one fixed second: not "sub-minute", n8n-workflow isSubMinuteCron; n8n 1.x
 * refuses only a "*" in the seconds), and n8n registers one schedule per Poll Time, so the trigger
 * polls every 15 s instead of once a minute and a test waits for n8n's own polls a quarter as long.
 * A user can set the same in the editor (Poll Times › Add Poll Time › Custom). The trigger's
 * guarantees do not depend on how often it polls.
 */
export const POLL_EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })),
};

/**
 * Where two JSON values differ (a saved workflow and what was imported, say): each path, with what
 * it was and what it is, the order of keys aside (which no one sees).
 */
export function differences(was: unknown, is: unknown, path = ''): string[] {
	const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
	if (isObject(was) && isObject(is) && Array.isArray(was) === Array.isArray(is)) {
		const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
		return keys.flatMap((key) => differences(was[key], is[key], `${path}/${key}`));
	}
	return JSON.stringify(was) === JSON.stringify(is) ? [] : [`${path}: ${JSON.stringify(was)} → ${JSON.stringify(is)}`.slice(0, 600)];
}
