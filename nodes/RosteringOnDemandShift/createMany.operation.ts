import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Create Many: POST /v1/on-demand-shifts with {data: [...]}, up to 100 items a request, each batch saved all
 * or nothing. Run by each version's customOperations (shared/writes/writes.ts), like Create.
 */
export const option: Omit<INodePropertyOptions, 'routing'> = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many on demand shifts',
	description: 'Create one on-demand shift per input item, sent in batches of up to 100 that are saved all or nothing',
};
