/**
 * npm run sandbox [-- --port 4010] [--anchor 2026-11-25] [--consent] [--latency 200] [--timesheet-note notes]
 *   [--readings '{"batchAnswer":"list"}']
 * Starts the sandbox on 127.0.0.1, prints what an n8n credential needs, and stays up until Ctrl-C.
 * Port: --port, else SANDBOX_PORT, else 4010. The consent page is shown unless --auto-consent.
 * --timesheet-note: the note key the timesheet endpoints take, both (default), note, notes or none.
 * --readings: a JSON object with any of the readings (readings.ts, CHOICES.md "Other readings").
 */
import { startSandbox, type SandboxOptions } from './index';

/** --readings as JSON; startSandbox checks the keys and values. */
function readingsArg(text: string | undefined): SandboxOptions['readings'] {
	if (text === undefined) return undefined;
	try {
		return JSON.parse(text) as SandboxOptions['readings'];
	} catch {
		throw new Error(`--readings: not JSON: ${text} (for example --readings '{"batchAnswer":"list"}')`);
	}
}

function arg(name: string): string | undefined {
	const i = process.argv.indexOf(`--${name}`);
	if (i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--')) return process.argv[i + 1];
	const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
	return eq?.slice(name.length + 3);
}

async function main(): Promise<void> {
	const port = Number(arg('port') ?? process.env.SANDBOX_PORT ?? 4010);
	const sb = await startSandbox({
		port,
		anchor: arg('anchor') ?? process.env.SANDBOX_ANCHOR,
		autoConsent: process.argv.includes('--auto-consent'),
		latencyMs: arg('latency') ? Number(arg('latency')) : undefined,
		timesheetNoteField: arg('timesheet-note') as SandboxOptions['timesheetNoteField'],
		readings: readingsArg(arg('readings')),
	});
	const lines = [
		`Rostering sandbox listening at ${sb.url}`,
		`  API:            ${sb.url}/v1`,
		`  Authorize URL:  ${sb.url}/oauth/authorize`,
		`  Token URL:      ${sb.url}/oauth/token`,
		`  Client ID:      ${sb.clientId}`,
		`  Client Secret:  ${sb.clientSecret}`,
		`  Redirect URIs accepted: ${sb.redirectUris.join(', ')}`,
		`  Seed week:      Monday ${sb.anchorWeek}; sandbox clock ${sb.clock.now().toISOString()}`,
		`  Control API:    ${sb.url}/__control/info`,
		`  Timesheet note: ${arg('timesheet-note') ?? 'both'} (POST /__control/timesheet-note-field {"field": ...} changes it)`,
		`  Readings:       ${JSON.stringify(sb.readings)} (POST /__control/readings {...} changes them)`,
		'In n8n: credential "Rostering OAuth2 API", Environment "Custom Base URL", Base URL ' + sb.url + '.',
		'Press Ctrl-C to stop.',
	];
	console.log(lines.join('\n'));
	const stop = () => {
		void sb.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((e) => {
	console.error(e instanceof Error ? e.message : e);
	process.exit(1);
});
