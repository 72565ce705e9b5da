/** Writes examples/*.json, the ready workflows to import (demo/importable.ts). */
import * as fs from 'fs';
import * as path from 'path';

import { importableWorkflows } from '../demo/importable';

const folder = path.join(__dirname, '..', 'examples');
fs.mkdirSync(folder, { recursive: true });
for (const [file, contents] of Object.entries(importableWorkflows())) {
	fs.writeFileSync(path.join(folder, file), contents);
	process.stdout.write(`examples/${file}\n`);
}
