/**
 * Secrets stay secret (issue 7): the credential's client secret, access tokens and refresh tokens
 * never appear in anything a user can see. A mix of runs is made against the sandbox (reads, a
 * create, a 401 answered by a refresh, a 403, a 500 after every retry, a dropped connection, a
 * refresh the token endpoint refuses, Create Many with a bad item, errors as output items), while
 * console and process output are captured. Then everything the user could see is serialized
 * (output items, n8n's saved run data, the stored error, every node error with its own properties,
 * description, context and the messages of its cause chain) and searched for each secret: whole,
 * by the start of its random part (a shortened token), and as the HTTP Basic credentials of the
 * token endpoint.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunWorkflowResult } from '../harness';
import { byId, CREDENTIAL_ID, fixture, type Fixture, seedLookups } from './fixture';

jest.setTimeout(120_000);

let f: Fixture;

interface Scenario {
	name: string;
	result: RunWorkflowResult;
	/** /v1 and /oauth requests the run made, as 'METHOD path status'. */
	requests: string[];
}

const scenarios: Scenario[] = [];
/** Everything written to the console, stdout or stderr while the scenarios ran. */
const printed: string[] = [];
/** Every token the credential held at any point (tokens rotate on refresh). */
const tokens = new Set<string>();

const { locationIn, positionAt } = seedLookups(() => f);

function tokenData(): IDataObject {
	return f.credentials[CREDENTIAL_ID].data.oauthTokenData as IDataObject;
}

function noteTokens(): void {
	const data = tokenData();
	for (const key of ['access_token', 'refresh_token']) if (typeof data[key] === 'string') tokens.add(data[key] as string);
}

/** Runs one scenario, noting the tokens before and after and the requests it made. */
async function scenario(name: string, type: string, parameters: IDataObject, items?: IDataObject[], node?: IDataObject): Promise<void> {
	noteTokens();
	f.sandbox.clearRequests();
	const result = await f.run(type, parameters, items, node);
	noteTokens();
	const requests = f.sandbox.requests
		.filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/oauth/'))
		.map((r) => `${r.method} ${r.path} ${r.status}`);
	scenarios.push({ name, result, requests });
}

/** An error as a user can see it: its own properties (not the live `cause`), and the messages of its causes. */
function visibleError(error: unknown): IDataObject {
	if (!error || typeof error !== 'object') return { value: String(error) };
	const own: IDataObject = {};
	for (const key of Object.getOwnPropertyNames(error)) {
		if (key !== 'cause') own[key] = (error as IDataObject)[key];
	}
	const causes: IDataObject[] = [];
	let cause = (error as { cause?: unknown }).cause;
	for (let depth = 0; cause && depth < 10; depth++) {
		causes.push({ message: (cause as Error).message, description: (cause as IDataObject).description });
		cause = (cause as { cause?: unknown }).cause;
	}
	return { ...own, causes };
}

/** JSON of anything, cycles cut, errors shown as a user sees them. */
function serialize(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, v: unknown) => {
		if (v instanceof Error) v = visibleError(v);
		if (v && typeof v === 'object') {
			if (seen.has(v)) return '[cycle]';
			seen.add(v);
		}
		return typeof v === 'bigint' ? String(v) : v;
	});
}

/** What the user could see of one run. */
function visibleOf({ result }: Scenario): string {
	return [
		serialize(result.output('Node')),
		serialize(result.run?.data),
		serialize(result.storedError),
		serialize(result.error ? visibleError(result.error) : undefined),
		...(result.nodeErrors ?? []).map((e) => serialize(visibleError(e.error))),
	].join('\n');
}

/** Each secret, whole and as the start of its random part, and the token endpoint's Basic credentials. */
function secretForms(): Array<[string, string]> {
	const secrets = [f.sandbox.clientSecret, ...tokens];
	const forms: Array<[string, string]> = [];
	for (const secret of secrets) {
		forms.push([secret, secret]);
		forms.push([`start of ${secret}`, secret.replace(/^sbx_[a-z]+_/, '').slice(0, 16)]);
	}
	forms.push(['Basic client id:secret', Buffer.from(`${f.sandbox.clientId}:${f.sandbox.clientSecret}`).toString('base64')]);
	return forms;
}

function leaksIn(text: string): string[] {
	return secretForms()
		.filter(([, form]) => text.includes(form))
		.map(([name]) => name);
}

beforeAll(async () => {
	f = await fixture();
	const spies = [
		...(['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
			jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
				printed.push(args.map((a) => (typeof a === 'string' ? a : serialize(a))).join(' '));
			}),
		),
		...[process.stdout, process.stderr].map((stream) =>
			jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown) => {
				printed.push(String(chunk));
				return true;
			}) as never),
		),
	];
	try {
		// The capture itself works: this line is caught, not printed.
		console.info('capture check');
		const location = locationIn('Australia/Sydney');
		const position = positionAt(location.id);

		await scenario('successful read of shifts', 'rosteringShift', { operation: 'getAll', returnAll: false, limit: 3 });
		await scenario('successful read of a location', 'rosteringLocation', { operation: 'get', locationId: byId(location.id) });
		await scenario('a create', 'rosteringProject', { operation: 'create', name: 'Secrets check', code: 'SECRETS-1' });

		f.sandbox.expireAccessTokens();
		await scenario('a 401 answered by a refresh', 'rosteringEmployee', { operation: 'getAll', returnAll: false, limit: 2 });

		f.connect(['people:read', 'offline_access']);
		await scenario('a 403', 'rosteringShift', { operation: 'getAll', returnAll: false, limit: 2 });
		await scenario('a 403 as an error item (continue on fail)', 'rosteringShift', { operation: 'getAll', returnAll: false, limit: 2 }, undefined, {
			onError: 'continueErrorOutput',
		});
		f.connect();

		f.sandbox.injectFault({ method: 'GET', path: '/v1/shifts', status: 500, times: 10 });
		await scenario('a 500 after every retry', 'rosteringShift', { operation: 'getAll', returnAll: false, limit: 2 });
		f.sandbox.clearFaults();

		f.sandbox.injectFault({ method: 'GET', path: `/v1/locations/${location.id}`, drop: true, times: 10 });
		await scenario('a dropped connection', 'rosteringLocation', { operation: 'get', locationId: byId(location.id) });
		f.sandbox.clearFaults();

		// The token endpoint refuses: a refresh token already used (invalid_grant), then the endpoint failing outright.
		f.connect();
		noteTokens();
		const stale = tokenData().refresh_token as string;
		f.sandbox.expireAccessTokens();
		await scenario('a refresh (rotating the refresh token)', 'rosteringEmployee', { operation: 'getAll', returnAll: false, limit: 1 });
		f.credentials[CREDENTIAL_ID].data.oauthTokenData = { ...tokenData(), refresh_token: stale };
		f.sandbox.expireAccessTokens();
		await scenario('a refresh refused (invalid_grant)', 'rosteringEmployee', { operation: 'getAll', returnAll: false, limit: 1 });
		f.connect();
		f.sandbox.expireAccessTokens();
		f.sandbox.injectFault({ method: 'POST', path: '/oauth/token', status: 500, times: 5 });
		await scenario('a refresh the token endpoint fails', 'rosteringEmployee', { operation: 'getAll', returnAll: false, limit: 1 });
		f.sandbox.clearFaults();

		f.connect();
		const day = (d: number) => `2027-03-0${d}`;
		await scenario(
			'Create Many with a bad item',
			'rosteringShift',
			{
				operation: 'createMany',
				locationId: byId('={{ $json.location }}'),
				positionId: byId('={{ $json.position }}'),
				startTime: '={{ $json.start }}',
				endTime: '={{ $json.end }}',
			},
			[1, 2, 3].map((d) => ({ location: location.id, position: position.id, start: `${day(d)}T09:00`, end: d === 2 ? 'tea time' : `${day(d)}T17:00` })),
		);
		const elsewhere = [...f.sandbox.store.t.locations.values()].find((l) => l.business_id === f.sandbox.store.mainBusinessId && l.id !== location.id && !l.archived)!;
		await scenario(
			'Create Many refused by the service (a position of another location)',
			'rosteringShift',
			{
				operation: 'createMany',
				locationId: byId('={{ $json.location }}'),
				positionId: byId('={{ $json.position }}'),
				startTime: '={{ $json.start }}',
				endTime: '={{ $json.end }}',
			},
			[4, 5, 6].map((d) => ({ location: location.id, position: d === 5 ? positionAt(elsewhere.id).id : position.id, start: `${day(d)}T09:00`, end: `${day(d)}T17:00` })),
		);
	} finally {
		for (const spy of spies) spy.mockRestore();
	}
});

afterAll(async () => {
	await f.sandbox.close();
});

describe('the scenarios ran as described', () => {
	const named = (name: string) => scenarios.find((s) => s.name === name)!;

	it('made the reads and the create, and refreshed on the 401', () => {
		for (const name of ['successful read of shifts', 'successful read of a location', 'a create', 'a 401 answered by a refresh']) {
			expect(named(name).result.error).toBeUndefined();
			expect(named(name).result.json('Node').length).toBeGreaterThan(0);
		}
		// Refused with the package's request, then with n8n's helper's (the stored token), which renews.
		expect(named('a 401 answered by a refresh').requests).toEqual([
			expect.stringMatching(/^GET \/v1\/employees 401$/),
			expect.stringMatching(/^GET \/v1\/employees 401$/),
			'POST /oauth/token 200',
			expect.stringMatching(/^GET \/v1\/employees 200$/),
		]);
	});

	it('failed each failing run the way it says', () => {
		expect(named('a 403').result.error?.message).toMatch(/missing a permission/);
		expect(named('a 403 as an error item (continue on fail)').result.error).toBeUndefined();
		expect(named('a 500 after every retry').requests.filter((r) => r === 'GET /v1/shifts 500')).toHaveLength(5);
		expect(named('a dropped connection').requests.filter((r) => r.endsWith(' -1'))).toHaveLength(5);
		expect(named('a refresh refused (invalid_grant)').requests).toContain('POST /oauth/token 400');
		expect(named('a refresh refused (invalid_grant)').result.error).toBeDefined();
		expect(named('a refresh the token endpoint fails').requests).toContain('POST /oauth/token 500');
		expect(named('a refresh the token endpoint fails').result.error).toBeDefined();
		expect(named('Create Many with a bad item').result.error?.message).toMatch(/item 1|End Time/);
		expect(named('Create Many with a bad item').requests.filter((r) => r.startsWith('POST'))).toEqual([]);
		expect(named('Create Many refused by the service (a position of another location)').result.error).toBeDefined();
	});

	it('saw the secrets it looks for, and would find them (the credential itself holds them)', () => {
		expect(tokens.size).toBeGreaterThanOrEqual(6);
		expect([...tokens].some((t) => t.startsWith('sbx_rt_'))).toBe(true);
		expect(leaksIn(serialize(f.credentials))).not.toEqual([]);
	});
});

describe('no secret appears in anything the user can see', () => {
	it.each([
		'successful read of shifts',
		'successful read of a location',
		'a create',
		'a 401 answered by a refresh',
		'a 403',
		'a 403 as an error item (continue on fail)',
		'a 500 after every retry',
		'a dropped connection',
		'a refresh (rotating the refresh token)',
		'a refresh refused (invalid_grant)',
		'a refresh the token endpoint fails',
		'Create Many with a bad item',
		'Create Many refused by the service (a position of another location)',
	])('%s: outputs, saved run data, errors', (name) => {
		const run = scenarios.find((s) => s.name === name);
		expect(run).toBeDefined();
		expect(leaksIn(visibleOf(run!))).toEqual([]);
	});

	it('nor in the console, stdout or stderr while they ran', () => {
		expect(printed).toContain('capture check');
		expect(leaksIn(printed.join('\n'))).toEqual([]);
	});
});
