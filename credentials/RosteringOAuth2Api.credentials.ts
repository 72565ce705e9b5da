import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The spec names the hosts only as {base_url} and {sandbox_base_url}; their real values are not
 * shown. They live here, and only here, so that setting them when the service publishes them is a
 * one-line change. Until then, choose "Custom" and enter the host you were given.
 */
const PRODUCTION_URL = 'https://api.rostering.invalid';
const SANDBOX_URL = 'https://sandbox.rostering.invalid';

/** The host for the chosen environment, as an expression over the credential's own fields. */
const BASE_URL = `$self["environment"] === "custom" ? String($self["customBaseUrl"]).replace(/\\/+$/, "").replace(/\\/v1$/, "") : ($self["environment"] === "sandbox" ? "${SANDBOX_URL}" : "${PRODUCTION_URL}")`;

/** Every read permission the spec shows. */
const READ_PERMISSIONS = ['settings:read', 'roster:read', 'timesheets:read', 'people:read', 'leave:read', 'ondemand:read'];

/** Every change permission the spec shows (leave has none). */
const CHANGE_PERMISSIONS = ['roster:write', 'timesheets:write', 'projects:write', 'ondemand:write'];

/** What each choice of Access asks for; offline_access (the refresh token) is always added. */
const ACCESS_PRESETS: Record<string, string[]> = {
	read: READ_PERMISSIONS,
	readAndChange: [...READ_PERMISSIONS, ...CHANGE_PERMISSIONS],
};

/**
 * The scope asked for at Connect, always with offline_access (without a refresh token the
 * connection dies after 30 minutes):
 * - Access "Read" or "Read and Change": its preset, plus pay:read when Pay Details is on;
 * - Access "Choose Permissions": the chosen ones, or Read's preset when none are chosen.
 * Why a dropdown rather than a multiOptions default: n8n 2.40's editor shows a new credential's
 * multiOptions empty (its default is not shown, seen in a real browser) and saves it so, while an
 * options default is shown and kept. n8n's editor stores only the fields that differ from their
 * defaults, and n8n applies today's defaults to the rest when it resolves a credential: a
 * credential saved with Access left at a default (or before Access existed) has no `access`, and
 * takes "Read and Change" (the default now; it was "Read" before). Its connection keeps
 * the permissions it was granted; a reconnect asks for the change permissions too. Choose "Read"
 * to stay read-only, or "Choose Permissions" to get the saved Permissions back (README, Credentials).
 */
const SCOPE = `[...new Set(($self["access"] === "custom" ? ([].concat($self["permissions"] || []).length ? [].concat($self["permissions"]) : ${JSON.stringify(READ_PERMISSIONS)}) : (${JSON.stringify(ACCESS_PRESETS)}[$self["access"]] || ${JSON.stringify(READ_PERMISSIONS)}).concat($self["payDetails"] === true ? ["pay:read"] : [])).concat(["offline_access"]))].join(" ")`;

/**
 * Authorization code with PKCE (S256), client id and secret sent as HTTP Basic at the token
 * endpoint, and a refresh token. n8n's own OAuth2 flow does the work: with grantType "pkce" its
 * credential controller sends code_challenge/code_challenge_method=S256 and the code_verifier, and
 * with authentication "header" its OAuth2 client sends the client id and secret as HTTP Basic. At
 * run time the nodes sign their requests with the stored token (transport.ts signedRequest,
 * n8n-internals A11) and hand a request the service refuses to n8n, which refreshes the token once
 * on a 401 (checked in n8n-core 2.40.3, request-helpers/oauth.js: requestOAuth2 refreshes on
 * tokenExpiredStatusCode, default 401). The HTTP Request node with this credential is signed by n8n.
 */
export class RosteringOAuth2Api implements ICredentialType {
	name = 'rosteringOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Rostering OAuth2 API';

	documentationUrl = 'https://github.com/n8n-nodes-rostering/n8n-nodes-rostering#credentials';

	icon = { light: 'file:../icons/rostering.svg', dark: 'file:../icons/rostering.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'customBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://api.example.com',
			description:
				'Address of the service without /v1, as the service gave it to you with your client ID (https). The OAuth pages are on the same host, as the spec says. A local sandbox may use http.',
			displayOptions: { show: { environment: ['custom'] } },
			required: true,
		},
		{
			displayName: 'Base URL (Resolved)',
			name: 'baseUrl',
			type: 'hidden',
			default: `={{ ${BASE_URL} }}`,
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'pkce',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `={{ (${BASE_URL}) + "/oauth/authorize" }}`,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `={{ (${BASE_URL}) + "/oauth/token" }}`,
		},
		{
			displayName: 'Access',
			name: 'access',
			type: 'options',
			options: [
				{
					name: 'Read',
					value: 'read',
					description: 'Read business details, locations, rosters and shifts, timesheets, staff, leave and on-demand shifts',
				},
				{
					name: 'Read and Change',
					value: 'readAndChange',
					description: 'Read everything, and create and change shifts, timesheets, projects and on-demand shifts',
				},
				{
					name: 'Choose Permissions',
					value: 'custom',
					description: 'Pick each permission to ask the business for',
				},
			],
			// Read and Change by default: a credential is most often made from a node that writes (a
			// Shift's Create, say), and one that asked only to read would fail its first run with 403.
			default: 'readAndChange',
			description: 'What to ask the business for when you connect. Staying connected (a refresh token) is always asked for. After changing it, connect again (Switch account, or Disconnect and then Connect).',
		},
		{
			displayName: 'Pay Details',
			name: 'payDetails',
			type: 'boolean',
			default: false,
			description: 'Whether to also ask for pay details (pay:read): shift costs, timesheet pay, rates and salaries. Without it the service leaves those fields out.',
			displayOptions: { show: { access: ['read', 'readAndChange'] } },
		},
		{
			displayName: 'Permissions',
			name: 'permissions',
			type: 'multiOptions',
			description:
				'What to ask the business for. None chosen: every read permission. Stay Connected is always asked for. After changing it, connect again (Switch account, or Disconnect and then Connect).',
			options: [
				{ name: 'Business Details and Locations (settings:read)', value: 'settings:read' },
				{ name: 'Leave (leave:read)', value: 'leave:read' },
				{ name: 'On-Demand Shifts: Change (ondemand:write)', value: 'ondemand:write' },
				{ name: 'On-Demand Shifts: Read (ondemand:read)', value: 'ondemand:read' },
				{ name: 'Pay Details (pay:read)', value: 'pay:read' },
				{ name: 'Projects: Change (projects:write)', value: 'projects:write' },
				{ name: 'Rosters and Shifts: Change (roster:write)', value: 'roster:write' },
				{ name: 'Rosters and Shifts: Read (roster:read)', value: 'roster:read' },
				{ name: 'Staff Details (people:read)', value: 'people:read' },
				{ name: 'Stay Connected (offline_access)', value: 'offline_access' },
				{ name: 'Timesheets: Change (timesheets:write)', value: 'timesheets:write' },
				{ name: 'Timesheets: Read (timesheets:read)', value: 'timesheets:read' },
			],
			default: [],
			displayOptions: { show: { access: ['custom'] } },
		},
		{
			// Custom by default: the service has not published its hosts (see the top), so Production
			// and Sandbox cannot connect yet, and a default must work. Below Access, so that the fields a
			// new user fills (Client ID, Client Secret, Base URL) come first in the form.
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Custom Base URL',
					value: 'custom',
					description: 'The address the service gave you, a local sandbox, or a proxy',
				},
				{ name: 'Production (Address Not Published Yet)', value: 'production' },
				{ name: 'Sandbox (Address Not Published Yet)', value: 'sandbox' },
			],
			default: 'custom',
			description: 'Custom Base URL uses the Base URL above',
		},
		{
			displayName:
				'The service has not published this environment\'s address yet, so it cannot connect. Choose Custom Base URL and enter the address the service gave you with your client ID.',
			name: 'unpublishedNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { environment: ['production', 'sandbox'] } },
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: `={{ ${SCOPE} }}`,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			// "header": n8n's OAuth2 client sends client id and secret as HTTP Basic, as the spec asks.
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl }}',
			url: '/v1/connection',
		},
	};
}
