/**
 * `npm run demo`: n8n with this package, the sandbox with its demo data, a Rostering credential
 * connected through n8n's real OAuth flow, and the example workflows (demo/workflows.ts), ready
 * in a browser. Ctrl-C stops everything.
 *
 * Steps: the pinned n8n and Node 24 are installed into .n8n-runtime/ when missing (several
 * minutes, once); `npm run demo` builds the package first. The sandbox listens on 127.0.0.1:4010
 * (DEMO_SANDBOX_PORT), n8n on localhost:5678 (DEMO_N8N_PORT) with a throw-away user folder, whose
 * owner account is printed. The credential is connected as a person would: n8n asks the sandbox
 * for authorization (PKCE), the consent page is answered "Allow", n8n exchanges the code.
 *
 * `startDemo()` does all of it and returns handles, so test/e2e/demo.test.ts checks the same demo
 * a newcomer gets.
 */
import { startSandbox, type Sandbox } from '../test/sandbox';
import { createN8n, ensureRuntime, startServer, type N8nInstance, type N8nServer } from '../test/e2e/n8n';
import { connectThroughOAuth } from '../test/e2e/oauth';
import { exampleWorkflows, DEMO_TABLES } from '../demo/workflows';

export const DEMO_OWNER = { email: 'demo@rostering.test', firstName: 'Demo', lastName: 'Owner', password: 'Demo-rostering-1' };

export interface Demo {
	sandbox: Sandbox;
	instance: N8nInstance;
	server: N8nServer;
	/** The editor's address (http://localhost:<port>). */
	editorUrl: string;
	credential: { id: string; name: string };
	/** The imported workflows by name: their ids. */
	workflows: Record<string, string>;
	stop(): Promise<void>;
}

export interface DemoOptions {
	/** n8n's port (default 5678; 0: any free port). */
	n8nPort?: number;
	/** The sandbox's port (default 4010; 0: any free port). */
	sandboxPort?: number;
	/** Progress lines (default: none). */
	log?: (line: string) => void;
	/** The example triggers' Poll Times (default: every minute). */
	pollTimes?: Record<string, unknown>;
}

/** The Monday after `now` at the location, and the location's UTC offset then, e.g. "+11:00". */
function nextWeekAt(timezone: string, now: Date): { nextMonday: string; offset: string } {
	const local = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
	let day = new Date(now.getTime() + 86_400_000);
	while (new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(day) !== 'Mon') day = new Date(day.getTime() + 86_400_000);
	const nextMonday = local(day);
	const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' }).formatToParts(day).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
	const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
	return { nextMonday, offset };
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
	const log = options.log ?? (() => {});
	log('Preparing n8n (the first time installs n8n 2.40.7 and Node 24: several minutes)...');
	await ensureRuntime();
	log('Starting the sandbox...');
	const sandbox = await startSandbox({ port: options.sandboxPort ?? 4010 });
	let instance: N8nInstance | undefined;
	let server: N8nServer | undefined;
	const stop = async () => {
		await server?.stop();
		await sandbox.close();
		await instance?.dispose();
	};
	try {
		instance = await createN8n();
		log('Starting n8n...');
		const port = options.n8nPort ?? 5678;
		// n8n in the demo business's time zone (Australia/Sydney): "every morning at 7", $today and
		// $now are the business's, as they would be on an n8n set up for it (GENERIC_TIMEZONE).
		const businessZone = sandbox.store.t.businesses.get(sandbox.store.mainBusinessId)?.timezone ?? 'UTC';
		server = await startServer(instance, { port, owner: DEMO_OWNER, env: { N8N_HOST: 'localhost', GENERIC_TIMEZONE: businessZone } });
		log('Connecting the Rostering credential through the OAuth flow...');
		const name = 'Rostering (sandbox)';
		// As the person's browser would: at the editor's address (localhost), where n8n's OAuth callback
		// comes back to with its cookie.
		const connected = await connectThroughOAuth({ baseUrl: `http://localhost:${server.port}` }, {
			name,
			service: { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
			login: DEMO_OWNER,
		});
		const credential = { id: connected.credentialId, name };

		const project = await server.rest<{ id: string }>('GET', '/rest/projects/personal');
		for (const table of DEMO_TABLES) {
			await server.rest('POST', `/rest/projects/${project.id}/data-tables`, { name: table.name, columns: table.columns.map((name) => ({ name, type: 'string' })) });
		}

		const location = sandbox.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
		const position = sandbox.store.positions.find((p) => p.location_id === location.id && p.active && !p.archived)!;
		const examples = exampleWorkflows({
			credential,
			locationId: String(location.id),
			positionId: String(position.id),
			...nextWeekAt(String(location.timezone), sandbox.clock.now()),
			pollTimes: options.pollTimes,
		});
		const workflows: Record<string, string> = {};
		for (const example of examples) {
			const { active, runFrom: _runFrom, ...body } = example;
			const created = await server.rest<{ id: string }>('POST', '/rest/workflows', body);
			workflows[example.name] = created.id;
			if (active) await server.activate(created.id);
		}
		log(`Imported ${examples.length} example workflows.`);
		return { sandbox, instance, server, editorUrl: `http://localhost:${server.port}`, credential, workflows, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

async function main(): Promise<void> {
	const say = (line: string) => process.stdout.write(`${line}\n`);
	const demo = await startDemo({
		n8nPort: process.env.DEMO_N8N_PORT ? Number(process.env.DEMO_N8N_PORT) : undefined,
		sandboxPort: process.env.DEMO_SANDBOX_PORT ? Number(process.env.DEMO_SANDBOX_PORT) : undefined,
		log: say,
	});
	say('');
	say(`n8n is ready: ${demo.editorUrl}`);
	say(`  Sign in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
	say(`  Credential "${demo.credential.name}" is connected to the sandbox at ${demo.sandbox.url}`);
	say(`  The manager's page (publish shifts, clock people in and out, approve; it says which trigger event each makes): ${demo.sandbox.url}/`);
	say(`  Example workflows: ${Object.keys(demo.workflows).join('; ')}`);
	say('Press Ctrl-C to stop n8n and the sandbox.');
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		say('Stopping...');
		void demo.stop().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`The demo could not start: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
