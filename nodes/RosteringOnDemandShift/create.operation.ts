import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Create: one POST /v1/on-demand-shifts per item, every item's body checked before the first is sent. Run by
 * each version's customOperations (shared/writes/writes.ts), which read the item's fields where the
 * version shows them (v1/: its parameters; v2/: the resource mapper); on n8n's AI-tool path, by
 * shared/writes/tool-call.ts.
 */
export const option: Omit<INodePropertyOptions, 'routing'> = { name: 'Create', value: 'create', action: 'Create an on demand shift', description: 'Add a draft on-demand shift for the venue to price and publish' };
