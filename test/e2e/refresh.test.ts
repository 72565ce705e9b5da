/**
 * The access token expires mid-run, in a real n8n (the shared one, shared-n8n.ts: the workflow run
 * as the editor runs it) against the sandbox in this process: n8n refreshes it and the run succeeds
 * with nothing lost.
 *
 * a. Rostering Shift Get Many with Return All over every shift (10 pages of 200): the sandbox holds
 *    the 3rd page back (injected latency) and every access token is expired while it waits. The
 *    sandbox authenticates a request when it arrives, so the 3rd page still succeeds and the 4th is
 *    the first to get 401 token_expired. The package, which signs its requests with the token it
 *    read with the credential (n8n-internals A11), hands the page to n8n's OAuth2 helper, which
 *    sends it with the stored token, meets the 401 too and (n8n-core requestOAuth2: one refresh on a
 *    401) asks for a new token with grant_type=refresh_token and HTTP Basic client authentication,
 *    sends the 4th page again with the same cursor and the new token; the package reads the
 *    credential again and goes on to the end with the new token: every shift comes
 *    out exactly once, and n8n stored the rotated tokens (read back with
 *    `n8n export:credentials --decrypted`).
 * b. Create Many (three rows from a Code node, one location): the tokens expire while the node reads
 *    the location's time zone, so the batch's POST is the request that gets 401 (twice: the
 *    package's, then n8n's helper's with the stored token). n8n refreshes and sends the same batch
 *    again with the same Idempotency-Key: three shifts created, once.
 *
 * Verified in the installed n8n: refresh on 401 only (not ahead of expires_in); the refresh is a form
 * body {grant_type, refresh_token} with the client as HTTP Basic for authentication 'header'; the new
 * tokens are saved to the credential in the database during the run.
 *
 * Runs in about 15 s (two runs of 2 s held-back requests, three `export:credentials`).
 */
import { randomUUID } from 'crypto';

import { startSandbox, type RecordedRequest } from '../../sandbox';
import { assertBuilt, E2E_CREDENTIAL, explain, rosteringCredential, type ExecuteResult, type WorkflowJson } from './n8n';
import { exportCredential } from './oauth';
import { sharedN8n, type SharedN8n } from './shared-n8n';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Rec = Record<string, unknown>;

jest.setTimeout(4 * 60_000);

const credentialRef = { [E2E_CREDENTIAL.type]: { id: E2E_CREDENTIAL.id, name: E2E_CREDENTIAL.name } };

function workflow(name: string, nodes: Array<Record<string, unknown>>): WorkflowJson {
	const all: Array<Record<string, unknown>> = [
		{ id: randomUUID(), name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((n, i) => ({ id: randomUUID(), typeVersion: 1, position: [240 * (i + 1), 0], ...n })),
	];
	const connections: Rec = {};
	for (let i = 0; i + 1 < all.length; i++) connections[String(all[i].name)] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { name, settings: { executionOrder: 'v1' }, nodes: all, connections, pinData: {} };
}

/**
 * Runs the workflow while watching the sandbox's requests: when `when` first matches a request that
 * is still being served (status 0), `then` runs. Resolves to the run and whether `then` ran in time.
 */
async function executeWatching(
	n8n: SharedN8n,
	workflowId: string,
	sb: Sandbox,
	when: (r: RecordedRequest) => boolean,
	then: () => void,
): Promise<{ result: ExecuteResult; fired: boolean; missed?: RecordedRequest }> {
	let done = false;
	let fired = false;
	let missed: RecordedRequest | undefined;
	const watch = (async () => {
		while (!done) {
			const hit = sb.requests.find(when);
			if (hit) {
				if (hit.status === 0) {
					then();
					fired = true;
				} else {
					missed = hit;
				}
				return;
			}
			await new Promise((r) => setTimeout(r, 5));
		}
	})();
	const result = await n8n.execute(workflowId).finally(() => {
		done = true;
	});
	await watch;
	return { result, fired, missed };
}

const basic = (sb: Sandbox) => `Basic ${Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString('base64')}`;

describe('real n8n: the access token expires mid-run', () => {
	let sb: Sandbox;
	let n8n: SharedN8n | undefined;
	/** n8n's id of the credential (the shared n8n gives its own). */
	let credentialId: string;
	/** The tokens the credential holds now (rotated by each refresh). */
	let tokens: { access_token: string; refresh_token?: string };

	beforeAll(async () => {
		assertBuilt();
		sb = await startSandbox();
		n8n = await sharedN8n();
		tokens = sb.issueToken();
		[credentialId] = await n8n.importCredentials([rosteringCredential({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, tokens })]);
	}, 20 * 60_000);

	afterAll(async () => {
		await sb?.close();
	});

	/** n8n's stored tokens, decrypted from its database. */
	async function storedTokens(): Promise<Rec> {
		const cred = await exportCredential(n8n!.instance, credentialId, { decrypted: true });
		return (cred.data as { oauthTokenData: Rec }).oauthTokenData;
	}

	/** Checks the one refresh the sandbox received and returns the tokens it issued. */
	function checkRefresh(refresh: RecordedRequest, oldRefreshToken: string | undefined): { access_token: string; refresh_token: string } {
		expect(refresh.method).toBe('POST');
		expect(refresh.status).toBe(200);
		expect(refresh.headers.authorization).toBe(basic(sb));
		const body = refresh.body as Rec;
		expect(body.grant_type).toBe('refresh_token');
		expect(body.refresh_token).toBe(oldRefreshToken);
		expect(body).not.toHaveProperty('client_secret');
		expect(refresh.rawBody).not.toContain(sb.clientSecret);
		const issued = refresh.responseBody as { access_token: string; refresh_token: string };
		expect(issued.access_token).toBeTruthy();
		expect(issued.refresh_token).toBeTruthy();
		expect(issued.refresh_token).not.toBe(oldRefreshToken);
		return issued;
	}

	test('Get Many, Return All over 10 pages: 401 on page 4, one refresh, every shift exactly once', async () => {
		const id = await n8n!.importWorkflow(
			workflow('e2e: Shift Get Many, Return All, token expires mid-run', [
				{
					name: 'Rostering Shift',
					type: 'n8n-nodes-rostering.rosteringShift',
					parameters: { resource: 'shift', operation: 'getAll', returnAll: true },
					credentials: credentialRef,
				},
			]),
		);
		const expected = sb.store.shifts.filter((s) => !s.archived).map((s) => String(s.id)).sort();
		expect(expected.length).toBeGreaterThan(1800); // 10 pages of 200

		sb.clearRequests();
		// Page 3 (the 2nd follow-up page) is held back 2 s; the tokens expire while it waits.
		sb.injectFault({ method: 'GET', path: '/v1/shifts', whenQuery: 'after', times: 2, latencyMs: 2000 });
		const isList = (r: RecordedRequest) => r.method === 'GET' && r.path === '/v1/shifts';
		const before = { ...tokens };
		const { result, fired, missed } = await executeWatching(
			n8n!,
			id,
			sb,
			(r) => isList(r) && sb.requests.filter(isList).indexOf(r) === 2,
			() => sb.expireAccessTokens(),
		);
		sb.clearFaults();
		if (!result.ok) throw new Error(explain(result));
		expect({ fired, missed: missed?.status }).toEqual({ fired: true, missed: undefined });

		// Every shift exactly once.
		const ids = result.items('Rostering Shift').map((s) => String(s.id));
		expect(ids).toHaveLength(expected.length);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(expected);

		// The sandbox saw: 3 pages, page 4 refused (the package's request, then n8n's helper's with
		// the stored token), the refresh, page 4 again, the rest.
		const seen = sb.requests.filter((r) => isList(r) || r.path === '/oauth/token');
		expect(seen.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			...Array(3).fill('GET /v1/shifts 200'),
			'GET /v1/shifts 401',
			'GET /v1/shifts 401',
			'POST /oauth/token 200',
			...Array(7).fill('GET /v1/shifts 200'),
		]);
		expect((seen[3].responseBody as { error?: { code?: string } }).error?.code).toBe('token_expired');
		const issued = checkRefresh(seen[5], before.refresh_token);
		// Page 4 sent again as it was (same cursor, same page size), now with the new token.
		expect(seen[4].query).toEqual(seen[3].query);
		expect(seen[6].query).toEqual(seen[3].query);
		expect(seen[3].query.after).toBeTruthy();
		for (const r of seen.slice(0, 5)) expect(r.headers.authorization).toBe(`Bearer ${before.access_token}`);
		for (const r of seen.slice(6)) expect(r.headers.authorization).toBe(`Bearer ${issued.access_token}`);
		// Each page's cursor is the one the page before returned: no page skipped or read twice.
		const pages = seen.filter((r) => r.status === 200 && isList(r));
		for (let i = 1; i < pages.length; i++) {
			expect(pages[i].query.after).toBe((pages[i - 1].responseBody as { next_cursor: string }).next_cursor);
		}

		// n8n stored the rotated tokens.
		const stored = await storedTokens();
		expect(stored).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token });
		tokens = issued;
	});

	test('Create Many: the token expires before the batch; the batch is sent again with its Idempotency-Key and created once', async () => {
		const location = sb.store.locations.find((l) => l.timezone === 'Australia/Sydney' && !l.archived)!;
		const position = sb.store.positions.find((p) => p.location_id === location.id && p.active && !p.archived)!;
		const rows = [0, 1, 2].map((i) => {
			const day = new Date(Date.UTC(2027, 7, 2) + i * 86_400_000).toISOString().slice(0, 10);
			return { location: location.id, position: position.id, start: `${day}T10:00`, end: `${day}T11:00`, notes: `refresh e2e row ${i}` };
		});
		const id = await n8n!.importWorkflow(
			workflow('e2e: Shift Create Many, token expires before the batch', [
				{
					name: 'Rows',
					type: 'n8n-nodes-base.code',
					typeVersion: 2,
					parameters: { jsCode: `return ${JSON.stringify(rows.map((json) => ({ json })))};` },
				},
				{
					name: 'Rostering Shift',
					type: 'n8n-nodes-rostering.rosteringShift',
					parameters: {
						resource: 'shift',
						operation: 'createMany',
						locationId: { __rl: true, mode: 'id', value: '={{ $json.location }}' },
						positionId: { __rl: true, mode: 'id', value: '={{ $json.position }}' },
						startTime: '={{ $json.start }}',
						endTime: '={{ $json.end }}',
						additionalFields: { notes: '={{ $json.notes }}' },
					},
					credentials: credentialRef,
				},
			]),
		);
		const mine = () => sb.store.shifts.filter((s) => String(s.notes ?? '').startsWith('refresh e2e row'));
		expect(mine()).toHaveLength(0);

		sb.clearRequests();
		// The location's time zone is read once before the batch; the tokens expire while it is held back.
		const locationPath = `/v1/locations/${String(location.id)}`;
		sb.injectFault({ method: 'GET', path: locationPath, latencyMs: 2000 });
		const before = { ...tokens };
		const { result, fired, missed } = await executeWatching(
			n8n!,
			id,
			sb,
			(r) => r.method === 'GET' && r.path === locationPath,
			() => sb.expireAccessTokens(),
		);
		sb.clearFaults();
		if (!result.ok) throw new Error(explain(result));
		expect({ fired, missed: missed?.status }).toEqual({ fired: true, missed: undefined });

		const seen = sb.requests.filter((r) => r.path.startsWith('/v1/') || r.path === '/oauth/token');
		expect(seen.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET ${locationPath} 200`,
			'POST /v1/shifts 401',
			'POST /v1/shifts 401',
			'POST /oauth/token 200',
			'POST /v1/shifts 201',
		]);
		const [, refused, refusedAgain, refresh, created] = seen;
		const issued = checkRefresh(refresh, before.refresh_token);
		expect(refused.headers.authorization).toBe(`Bearer ${before.access_token}`);
		expect(refusedAgain.headers.authorization).toBe(`Bearer ${before.access_token}`);
		expect(created.headers.authorization).toBe(`Bearer ${issued.access_token}`);
		// The same batch, with the same key.
		const key = refused.headers['idempotency-key'];
		expect(key).toBeTruthy();
		for (const again of [refusedAgain, created]) {
			expect(again.headers['idempotency-key']).toBe(key);
			expect(again.rawBody).toBe(refused.rawBody);
		}
		expect(((created.body as Rec).data as unknown[]).length).toBe(3);

		// Created once: three shifts in the service, and the node outputs them.
		const inService = mine();
		expect(inService).toHaveLength(3);
		const out = result.items('Rostering Shift');
		expect(out.map((s) => String(s.id)).sort()).toEqual(inService.map((s) => String(s.id)).sort());
		expect(out.map((s) => String(s.start_time).slice(0, 16))).toEqual(rows.map((r) => r.start));

		const stored = await storedTokens();
		expect(stored).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token });
		tokens = issued;
	});
});
