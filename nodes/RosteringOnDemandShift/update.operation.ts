import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Update: PATCH /v1/on-demand-shifts/{id} per item, in input order, with only the fields given. Run by each
 * version's customOperations (shared/writes/writes.ts); each version describes it its own way.
 */
export const option: Omit<INodePropertyOptions, 'routing'> = { name: 'Update', value: 'update', action: 'Update an on demand shift' };
