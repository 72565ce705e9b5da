/** Shared by the sandbox tests: start a sandbox, talk to it over real HTTP. */
import axios, { type AxiosInstance } from 'axios';
import { createHash, randomBytes } from 'crypto';
import { startSandbox, type Sandbox, type SandboxOptions } from './index';

/** A Wednesday in Sydney's daylight-saving season. */
export const ANCHOR = '2026-11-25';

export async function start(opts: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ anchor: ANCHOR, autoConsent: true, ...opts });
}

/** An axios client on the sandbox that never throws on a status. */
export function http(sb: Sandbox, token?: string): AxiosInstance {
	return axios.create({
		baseURL: sb.url,
		validateStatus: () => true,
		maxRedirects: 0,
		headers: token ? { Authorization: `Bearer ${token}` } : {},
	});
}

export function api(sb: Sandbox, o?: { scopes?: string[]; ttlSeconds?: number; businessId?: string }): AxiosInstance {
	return http(sb, sb.issueToken(o).access_token);
}

export function pkce(): { verifier: string; challenge: string } {
	const verifier = randomBytes(48).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function basic(sb: Sandbox): string {
	return 'Basic ' + Buffer.from(`${sb.clientId}:${sb.clientSecret}`).toString('base64');
}

export const loc = (sb: Sandbox, city: string) => {
	const l = sb.store.locations.find((x) => String((x.address as { city: string }).city) === city);
	if (!l) throw new Error(`no location in ${city}`);
	return l as { id: string; timezone: string; name: string };
};

export const positionAt = (sb: Sandbox, locationId: string, name = 'Front of House') =>
	sb.store.positions.find((p) => p.location_id === locationId && p.name === name) as { id: string };

/** A current employee who may work at the location in the position. */
export function staffFor(sb: Sandbox, locationId: string, positionId: string, skip = 0): string {
	const current = new Set(sb.store.employments.filter((e) => !e.archived).map((e) => e.employee_id));
	const ok = sb.store.employees.filter(
		(e) =>
			current.has(e.id) &&
			((e.location_ids as string[]).length === 0 || (e.location_ids as string[]).includes(locationId)) &&
			!(e.excluded_position_ids as string[]).includes(positionId),
	);
	return ok[skip].id as string;
}
