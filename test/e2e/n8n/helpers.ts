/**
 * Small helpers the other e2e files share: child processes (runCommand, killGroup), free ports,
 * waiting, n8n-like ids and JSON files.
 */
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as net from 'net';

export interface CommandResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	ms: number;
	timedOut: boolean;
}

export function runCommand(
	bin: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	timeoutMs: number,
	cwd: string,
	onStderr?: (chunk: string) => void,
): Promise<CommandResult> {
	return new Promise((resolve, reject) => {
		const t0 = Date.now();
		// Own process group, so a time-out ends n8n and its task runners together.
		const child = spawn(bin, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d: string) => {
			stderr += d;
			onStderr?.(d);
		});
		const kill = (signal: NodeJS.Signals) => {
			try {
				if (child.pid) process.kill(-child.pid, signal);
			} catch {
				// already gone
			}
		};
		const timer = setTimeout(() => {
			timedOut = true;
			kill('SIGTERM');
			setTimeout(() => kill('SIGKILL'), 5_000).unref();
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			kill('SIGKILL'); // stray task runners, if any
			resolve({ code, signal, stdout, stderr, ms: Date.now() - t0, timedOut });
		});
	});
}

export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
	try {
		if (pid) process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

export function readJson(file: string): unknown {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function lastLines(text: string, n: number): string {
	return text.split('\n').slice(-n).join('\n');
}

/** A 16-character id like n8n's own. */
export function newId(): string {
	const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
	return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until check() returns something other than undefined (checking every half second). */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(500);
	}
}
