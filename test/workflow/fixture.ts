/**
 * What the workflow tests of every node share: a sandbox started in-process, a Rostering
 * credential connected to it (token data as n8n stores it after the OAuth flow), and a way to run
 * one node of the package through n8n-core's engine, optionally fed input items.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { ALL_SCOPES } from '../../sandbox/permissions';
import { PollHarness, runWorkflow, singleNodeWorkflow, type RunWorkflowOptions, type RunWorkflowResult } from '../harness';
import { forgetLimits } from '../../nodes/shared/requests/limiter';

export const CREDENTIAL_ID = 'cred-1';
export const NODE_NAME = 'Node';

/** Every permission the spec shows. */
export const ALL_PERMISSIONS = ALL_SCOPES;

export interface Fixture {
	sandbox: Sandbox;
	/** The credential store; runs update it as n8n would (rotated tokens). */
	credentials: Record<string, { type: string; name: string; data: IDataObject }>;
	/** Replaces the credential's token with one for these permissions. */
	connect(scopes?: string[]): void;
	/**
	 * Runs `type` (e.g. 'rosteringShift') with these parameters, fed `items` if given; `execution`
	 * sets the run's id, mode, the execution it retries, the n8n instance, the workflow's id and
	 * whether it shares the credential store with runs beside it.
	 */
	run(
		type: string,
		parameters: IDataObject,
		items?: IDataObject[],
		node?: IDataObject,
		execution?: Pick<RunWorkflowOptions, 'executionId' | 'mode' | 'retryOf' | 'instanceId' | 'sharedCredentials'> & { workflowId?: string },
	): Promise<RunWorkflowResult>;
	/** API requests the sandbox received (OAuth and control requests left out). */
	apiRequests(): Sandbox['requests'];
}

export async function fixture(options: SandboxOptions = {}): Promise<Fixture> {
	const sandbox = await startSandbox(options);
	const credentials: Fixture['credentials'] = {};
	const f: Fixture = {
		sandbox,
		credentials,
		connect(scopes = ALL_PERMISSIONS) {
			credentials[CREDENTIAL_ID] = {
				type: 'rosteringOAuth2Api',
				name: 'Rostering (sandbox)',
				data: {
					environment: 'custom',
					customBaseUrl: sandbox.url,
					clientId: sandbox.clientId,
					clientSecret: sandbox.clientSecret,
					access: 'custom',
					permissions: scopes,
					oauthTokenData: sandbox.issueToken({ scopes }) as unknown as IDataObject,
				},
			};
		},
		async run(type, parameters, items, node = {}, { workflowId, ...execution } = {}) {
			const workflow = singleNodeWorkflow(
				{
					type: `n8n-nodes-rostering.${type}`,
					name: NODE_NAME,
					parameters,
					credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
					// The parameters most tests give are version 1's: a node saved before version 2
					// (the mapper) must keep running unchanged. Version 2 tests say typeVersion: 2.
					typeVersion: 1,
					...node,
				},
				items,
			);
			try {
				const result = await runWorkflow({ workflow: { ...workflow, id: workflowId }, credentials: credentials as never, ...execution });
				Object.assign(credentials, result.credentials);
				return result;
			} catch (error) {
				// n8n refuses to start a workflow whose nodes have issues (a required parameter
				// missing, a typed id the picker's own check refuses): the run is that error.
				const none = () => [];
				return { error, output: none, json: none } as unknown as RunWorkflowResult;
			}
		},
		apiRequests: () => sandbox.requests.filter((r) => r.path.startsWith('/v1/')),
	};
	f.connect();
	return f;
}

/**
 * The prelude every workflow test file shares: one sandbox and credential for the file, closed
 * after it, and, unless `fresh: false`, the sandbox's seed, faults, credential and request log
 * reset before each test. Returns the fixture, usable inside tests and hooks.
 */
export function useFixture(settings: { fresh?: boolean; sandbox?: SandboxOptions } = {}): Fixture {
	const handle = {} as Fixture;
	beforeAll(async () => {
		Object.assign(handle, await fixture(settings.sandbox));
	});
	afterAll(async () => {
		await handle.sandbox?.close();
	});
	if (settings.fresh !== false) {
		beforeEach(() => {
			handle.sandbox.reset();
			// A reset service has seen no 429s: the package's bound per credential starts afresh too.
			forgetLimits();
			handle.connect();
			handle.sandbox.clearRequests();
		});
	}
	return handle;
}

/** A resource's own trigger (`Shift`: the Rostering Shift Trigger) with these parameters, on the fixture's credential. */
export function triggerOf(f: Fixture, resource: string, parameters: IDataObject): PollHarness {
	return new PollHarness({
		node: {
			type: `n8n-nodes-rostering.rostering${resource}Trigger`,
			parameters: parameters as never,
			credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
		},
		credentials: f.credentials as never,
	});
}

/** A resource locator value as the editor saves it. */
export function byId(value: string): IDataObject {
	return { __rl: true, mode: 'id', value };
}

/**
 * Lookups into the sandbox's seed that the node tests share: the main business, its active
 * locations, one in a given time zone, and an active position at a location. Lazy, because the
 * fixture is made in beforeAll.
 */
export function seedLookups(current: () => Fixture) {
	const store = () => current().sandbox.store;
	const business = () => store().mainBusinessId;
	const locations = () => [...store().t.locations.values()].filter((l) => l.business_id === business() && !l.archived);
	const locationIn = (timezone: string) => {
		const location = locations().find((l) => l.timezone === timezone);
		if (!location) throw new Error(`the seed has no location in ${timezone}`);
		return location;
	};
	const positionAt = (locationId: string) =>
		[...store().t.positions.values()].find((p) => p.location_id === locationId && p.active && !p.archived)!;
	/** Current employees (employed, shared) who may work the position at the location. */
	const employeesFor = (locationId: string, positionId: string) =>
		[...store().t.employees.values()].filter(
			(e) =>
				e.business_id === business() &&
				e.shared &&
				e.employment_id &&
				!store().t.employments.get(e.employment_id)?.archived &&
				(e.location_ids.length === 0 || e.location_ids.includes(locationId)) &&
				!e.excluded_position_ids.includes(positionId),
		);
	return { business, locations, locationIn, positionAt, employeesFor };
}
