/** Permissions the spec shows, with the labels the business sees on the consent page. */
export const PERMISSIONS: { scope: string; label: string }[] = [
	{ scope: 'settings:read', label: 'Business details and locations: read' },
	{ scope: 'roster:read', label: 'Rosters and shifts: read' },
	{ scope: 'roster:write', label: 'Rosters and shifts: change' },
	{ scope: 'timesheets:read', label: 'Timesheets: read' },
	{ scope: 'timesheets:write', label: 'Timesheets: change' },
	{ scope: 'people:read', label: 'Staff details: read' },
	{ scope: 'leave:read', label: 'Leave: read' },
	{ scope: 'pay:read', label: 'Pay details (rates and costs): read' },
	{ scope: 'projects:write', label: 'Projects: change' },
	{ scope: 'ondemand:read', label: 'On-demand shifts: read' },
	{ scope: 'ondemand:write', label: 'On-demand shifts: change' },
	{ scope: 'offline_access', label: 'Stay connected (refresh token)' },
];

export const ALL_SCOPES = PERMISSIONS.map((p) => p.scope);

/** The "any one of" read permissions of locations, positions, public holidays and projects. */
export const ANY_READ = ['settings:read', 'roster:read', 'timesheets:read', 'people:read', 'leave:read'];
