import { upsertOption } from '../../shared/writes/node-version';
import { SHIFT_PARTS } from '../description';

/**
 * Create or Update (version 2): every row matched first against one GET /v1/shifts over the rows'
 * dates (and a read by id for a row that gives one), then the new ones created as Create Many does
 * and the changed ones sent as PATCH /v1/shifts/{id} with only what changed. Run by this version's
 * customOperations (shared/writes/writes.ts, with shared/writes/upsert.ts's plan); the fields to
 * match on by default are UPSERT's (./mapper.ts). Not offered to AI agents.
 */
export const option = upsertOption('Create or update a shift', 'shift', SHIFT_PARTS);
