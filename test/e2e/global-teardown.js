/**
 * Jest's global teardown of the e2e projects: stops the shared n8n of each version this run started (SIGTERM to its process group, SIGKILL after 30 s), and removes its user folder
 * (kept with KEEP_N8N_E2E=1, for a look after a failure).
 */
const fs = require('fs');
const path = require('path');

const alive = (pid) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};
const signal = (pid, name) => {
	try {
		process.kill(-pid, name);
	} catch {
		// already gone
	}
};

module.exports = async function globalTeardown() {
	const dir = globalThis.n8nE2eSharedDir;
	delete globalThis.n8nE2eSharedDir;
	if (!dir || !fs.existsSync(dir)) return;
	for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
		const state = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
		signal(state.pid, 'SIGTERM');
		const deadline = Date.now() + 30_000;
		while (alive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
		signal(state.pid, 'SIGKILL');
		if (process.env.KEEP_N8N_E2E === '1') process.stderr.write(`[n8n e2e] kept the shared n8n's user folder ${state.userFolder}\n`);
		else fs.rmSync(state.userFolder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
	}
	fs.rmSync(dir, { recursive: true, force: true });
	// A next run in this process (jest --watch) makes a folder of its own.
	delete process.env.N8N_E2E_SHARED_DIR;
};
