import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ResourceKey } from '../resources';

/**
 * Options › Simplify on Get and Get Many: each record cut down to the fields a person or an AI
 * agent reads first (n8n's guideline for nodes used as tools: a simplified output), so a model is
 * not handed pay breakdowns, photos and timestamps it has no use for. The fields kept are the
 * resource's own list below; a resource without one keeps its plain values (text, numbers, yes/no,
 * empty) and drops lists and objects. Names added by Add Names are kept beside their ids.
 */
const SIMPLE_FIELDS: Partial<Record<ResourceKey, string[]>> = {
	shift: ['id', 'location_id', 'location_name', 'position_id', 'position_name', 'employee_id', 'employee_name', 'start_time', 'end_time', 'status', 'notes'],
	timesheet: ['id', 'employee_id', 'employee_name', 'location_id', 'location_name', 'shift_id', 'start_time', 'end_time', 'status', 'paid_hours', 'note', 'notes'],
	onDemandShift: ['id', 'location_id', 'location_name', 'position_id', 'position_name', 'start_time', 'end_time', 'status', 'notes'],
	employee: ['id', 'first_name', 'last_name', 'preferred_name', 'email', 'phone_number', 'employment_id'],
	location: ['id', 'name', 'timezone', 'time_zone', 'timeZone', 'tz'],
	position: ['id', 'name', 'location_id', 'location_name', 'active'],
	leaveRequest: ['id', 'employee_id', 'employee_name', 'type_id', 'start_date', 'end_date', 'hours', 'status', 'reason'],
	project: ['id', 'name', 'code', 'status'],
};

/** Fields every record has that say nothing a reader acts on. */
const BOOKKEEPING = new Set(['created_at', 'updated_at', 'created_by_app']);

export function simplified(key: ResourceKey, record: IDataObject): IDataObject {
	const fields = SIMPLE_FIELDS[key];
	if (fields) return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
	return Object.fromEntries(Object.entries(record).filter(([field, value]) => !BOOKKEEPING.has(field) && (value === null || typeof value !== 'object')));
}

/** The option, on the reads (Get, Get Many). */
export function simplifyOption(): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		displayOptions: { show: { '/operation': ['get', 'getAll'] } },
		description:
			'Whether to return a simplified version of the response instead of the raw data: the fields a person or an AI agent reads first (for a shift: its ID, location, position, employee, times, status and notes, with their names when Add Names is on)',
	};
}
