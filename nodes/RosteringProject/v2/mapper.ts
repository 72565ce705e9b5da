import { mappedRows, type MapperSpec } from '../../shared/writes/mapper';
import type { UpsertSpec } from '../../shared/writes/upsert';
import type { ProjectRow } from '../bodies';

/** Version 2: the project's writable fields as the resource mapper shows them (nodes/shared/writes/mapper.ts). */
const MAPPER: MapperSpec = {
	key: 'project',
	fields: [
		{ id: 'name', displayName: 'Name', required: true, match: true },
		{ id: 'code', displayName: 'Code', required: true, match: true, defaultMatch: true },
		{ id: 'colour', displayName: 'Colour' },
		{ id: 'employee_ids', displayName: 'Employee IDs' },
	],
};

/**
 * Create or Update: by default, the same project is the active project with the same code (two
 * active projects cannot share one). Archived projects are not matched: a row whose code only an
 * archived project has creates an active one.
 */
export const UPSERT: UpsertSpec = {
	updatable: ['name', 'code', 'colour', 'employee_ids'],
	defaultMatch: ['code'],
	sets: ['employee_ids'],
	oneByOne: true,
};

/** Version 2: a project's row from the mapper, its fields named as the mapper shows them. */
export const PROJECT_MAPPED = mappedRows<ProjectRow>(MAPPER);
