/**
 * Jest's global setup of the e2e projects (jest.config.js): names the folder where the shared n8n
 * of each version (shared-n8n.ts) says where it runs, once per jest run (each e2e project runs this;
 * the first sets it). The test files inherit the variable; the first that needs the shared n8n
 * starts it; global-teardown.js stops them.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

module.exports = async function globalSetup() {
	// Jest's global setup and teardown share this process's globals: the folder is this run's own.
	if (globalThis.n8nE2eSharedDir) return;
	globalThis.n8nE2eSharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-shared-'));
	process.env.N8N_E2E_SHARED_DIR = globalThis.n8nE2eSharedDir;
};
