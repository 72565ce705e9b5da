/**
 * The package in a real n8n (the pinned n8n that scripts/n8n-runtime.sh installs), against the
 * sandbox running in this process: the built dist/ loaded as a community package, the OAuth2
 * credential imported already connected, a workflow imported and run with `n8n execute`.
 */
import { startSandbox } from '../sandbox';
import {
	assertBuilt,
	createN8n,
	ensureRuntime,
	explain,
	rosteringCredential,
	type N8nInstance,
} from './n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

jest.setTimeout(180_000);

describe('real n8n (e2e smoke)', () => {
	let sandbox: Sandbox | undefined;
	let n8n: N8nInstance | undefined;

	beforeAll(async () => {
		assertBuilt(); // "run npm run build first"
		await ensureRuntime(); // installs n8n and Node 24 on a fresh machine (several minutes)
		sandbox = await startSandbox();
		n8n = await createN8n();
	}, 20 * 60_000);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.close();
	});

	test('n8n runs a workflow of its own nodes (Manual Trigger → No Op)', async () => {
		const res = await n8n!.runWorkflow('noop');
		if (!res.ok) throw new Error(explain(res));
		expect(res.run?.status).toBe('success');
		expect(res.items('No Op')).toEqual([{}]);
	});

	test('Rostering Shift, Get Many with limit 5: five shifts from GET /v1/shifts, signed with the credential', async () => {
		const sb = sandbox!;
		const tokens = sb.issueToken();
		await n8n!.importCredentials([
			rosteringCredential({
				baseUrl: sb.url,
				clientId: sb.clientId,
				clientSecret: sb.clientSecret,
				tokens,
			}),
		]);
		sb.clearRequests();

		const res = await n8n!.runWorkflow('shift-get-many');
		if (!res.ok) throw new Error(explain(res));

		const shifts = res.items('Rostering Shift');
		expect(shifts).toHaveLength(5);
		for (const shift of shifts) {
			expect(shift.id).toMatch(/^[0-9a-f]{24}$/);
			expect(shift).toHaveProperty('start_time');
			expect(shift).toHaveProperty('end_time');
		}

		const calls = sb.requests.filter((r) => r.method === 'GET' && r.path === '/v1/shifts');
		expect(calls.length).toBeGreaterThanOrEqual(1);
		const first = calls[0];
		expect(first.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
		expect(String(first.query.limit)).toBe('5');
		expect(first.status).toBe(200);
		// Every call n8n made went to the API with that token (no refresh was needed).
		for (const call of sb.requests) expect(call.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
	});
});
