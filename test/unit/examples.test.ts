/**
 * The ready workflows in examples/ are the demo's own (demo/importable.ts), as n8n imports them: each
 * file is what `npm run examples` writes now, names no credential id, and uses only n8n's own nodes
 * and this package's.
 */
import * as fs from 'fs';
import * as path from 'path';

import { importableWorkflows } from '../../demo/importable';
import { LINK_SECRET } from '../../demo/workflows';

const folder = path.join(__dirname, '..', '..', 'examples');

describe('examples/ (the ready workflows to import)', () => {
	const files = importableWorkflows();

	it.each(Object.keys(files))('%s is current (npm run examples writes it)', (file) => {
		expect(fs.readFileSync(path.join(folder, file), 'utf8')).toBe(files[file]);
	});

	it.each(Object.keys(files))('%s: n8n and package nodes only, the credential left to choose', (file) => {
		const workflow = JSON.parse(files[file]) as { nodes: Array<{ type: string; credentials?: Record<string, { id: string; name: string }> }> };
		for (const node of workflow.nodes) {
			expect(node.type).toMatch(/^(n8n-nodes-base|n8n-nodes-rostering)\./);
			// The Rostering credential, and the Crypto one the open-shift links are signed with, each for the person to choose.
			for (const [type, credential] of Object.entries(node.credentials ?? {})) expect({ type, credential }).toEqual(type === 'crypto' ? { type, credential: { id: '', name: LINK_SECRET } } : { type, credential: { id: '', name: 'Rostering account' } });
		}
	});
});
