import { pickedOption } from '../shared/writes/node-version';
import { PICKER, PROJECT_PARTS } from './description';

/** Get: GET /v1/projects/{id} of the project picked (shared/operations.ts readOne), in both versions. */
export const option = pickedOption({ name: 'Get', value: 'get', action: 'Get a project', description: 'Read one project, archived or not' }, PROJECT_PARTS, 'GET', PICKER);
