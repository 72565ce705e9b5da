import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { listOption } from '../shared/writes/node-version';
import { PROJECT_PARTS } from './description';

/**
 * preSend for Get Many: the service hides archived records unless they are asked for, so choosing
 * Status Archived asks for them too (otherwise that filter could only ever return nothing).
 */
async function archivedOnRequest(this: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const qs: IDataObject = { ...(request.qs ?? {}) };
	if (qs.status === 'archived') qs.include_archived = true;
	return { ...request, qs };
}

/** Get Many: GET /v1/projects with the filters, every page or Limit's (shared/operations.ts readList), in both versions. */
export const option = listOption(
	{
		action: 'Get many projects',
		description: 'List projects, filtered by status or last change; archived ones are included when Status is Archived or Include Archived is on',
	},
	PROJECT_PARTS,
	archivedOnRequest,
);
