/**
 * Memory of the n8n process, read from /proc (Linux only).
 *
 * - The n8n server's pid: the process whose working folder is the instance's user folder and whose
 *   command line is `node .../n8n start` (startServer() spawns it there; bin/n8n execs node).
 * - Peak RSS: VmHWM, reset before each measurement by writing 5 to /proc/<pid>/clear_refs (Linux
 *   4.0+), so each scenario gets its own peak from one long-lived process. A sampler reading VmRSS
 *   every 50 ms backs it up where clear_refs is not allowed.
 */
import * as fs from 'fs';

export interface MemoryStatus {
	/** Resident set size now, bytes. */
	rss: number;
	/** Peak RSS since start or the last reset, bytes. */
	hwm: number;
}

export function memoryOf(pid: number): MemoryStatus {
	const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
	return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets VmHWM to the current RSS; false when the kernel or permissions do not allow it. */
export function resetPeak(pid: number): boolean {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

/** The `n8n start` process serving a user folder. */
export function findN8nPid(userFolder: string): number | undefined {
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			if (fs.readlinkSync(`/proc/${entry}/cwd`) !== userFolder) continue;
			const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
			if (argv.some((a) => a.endsWith('/n8n/bin/n8n')) && argv.includes('start')) return Number(entry);
		} catch {
			// gone, or not ours
		}
	}
	return undefined;
}

/** Samples VmRSS until stopped; the largest value seen. */
export function sampleRss(pid: number, everyMs = 50): { stop(): number } {
	let max = 0;
	const read = () => {
		try {
			max = Math.max(max, memoryOf(pid).rss);
		} catch {
			// process gone
		}
	};
	read();
	const timer = setInterval(read, everyMs);
	return {
		stop() {
			clearInterval(timer);
			read();
			return max;
		},
	};
}
