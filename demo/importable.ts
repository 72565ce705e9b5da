/**
 * The ready workflows a user imports from the repository (examples/*.json: in n8n, Workflows ›
 * Import from File), made from the demo's own (demo/workflows.ts): the payroll export and the
 * calendar sync, the manager's alerts, each person's week, leave against the roster, labour
 * against sales and an open shift filled once, which name no record of the sandbox. The credential is left for the user to
 * choose (n8n asks on import); the ids n8n needs for nodes and conditions are fixed, so the files
 * only change when the workflows do (`npm run examples` writes them; test/unit/examples.test.ts
 * checks they are current).
 */
import { createHash } from 'crypto';

import { CALENDAR_SYNC, EACH_PERSON_THEIR_WEEK, exampleWorkflows, LABOUR_AGAINST_SALES, LEAVE_AGAINST_ROSTER, MANAGER_ALERTS, OPEN_SHIFT_FILLED_ONCE, PAYROLL_EXPORT, type ExampleWorkflow } from './workflows';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A workflow's JSON as n8n imports it, each random id replaced by one worked out from the workflow's name and the id's place. */
function fixedIds({ name, nodes, connections, settings }: ExampleWorkflow): string {
	const workflow = { name, nodes, connections, settings };
	const seen = new Map<string, string>();
	return JSON.stringify(workflow, null, 2).replace(UUID, (id) => {
		if (!seen.has(id)) {
			const hex = createHash('sha256').update(`${workflow.name}#${seen.size}`).digest('hex');
			seen.set(id, `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`);
		}
		return seen.get(id)!;
	});
}

/** The files of examples/: name → contents. */
export function importableWorkflows(): Record<string, string> {
	const all = exampleWorkflows({ credential: { id: '', name: 'Rostering account' }, locationId: '', positionId: '', nextMonday: '2026-01-05' });
	const files: Record<string, string> = {};
	for (const [file, name] of [
		['payroll-export-once.json', PAYROLL_EXPORT],
		['roster-calendar-sync.json', CALENDAR_SYNC],
		['manager-alerts.json', MANAGER_ALERTS],
		['each-person-their-week.json', EACH_PERSON_THEIR_WEEK],
		['leave-against-roster.json', LEAVE_AGAINST_ROSTER],
		['labour-against-sales.json', LABOUR_AGAINST_SALES],
		['open-shift-filled-once.json', OPEN_SHIFT_FILLED_ONCE],
	]) {
		files[file] = `${fixedIds(all.find((w) => w.name === name)!)}\n`;
	}
	return files;
}
