/**
 * The Project node, every operation, run by n8n-core's engine against the sandbox over HTTP: the
 * items that come out, the requests the sandbox received (bodies exactly as sent), the records the
 * sandbox holds afterwards, and the error a person reads.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../harness';
import { ALL_PERMISSIONS, byId, CREDENTIAL_ID, useFixture } from './fixture';

const f = useFixture();

const NODE = 'rosteringProject';
const projects = () => f.sandbox.store.projects as IDataObject[];
const project = (code: string) => {
	const found = projects().find((p) => p.code === code);
	if (!found) throw new Error(`the seed has no project ${code}`);
	return found;
};
const stored = (id: unknown) => projects().find((p) => p.id === id);
const employeeIds = (count: number) => (f.sandbox.store.employees as IDataObject[]).slice(0, count).map((e) => String(e.id));
const projectRequests = (method: string) => f.apiRequests().filter((r) => r.method === method && r.path.startsWith('/v1/projects'));
/** `count` different well-formed ids (they need not exist: nothing is sent). */
const fakeIds = (count: number) => Array.from({ length: count }, (_, i) => i.toString(16).padStart(24, '0'));
const KEY = /^n8n-[0-9a-f]{48}$/;

describe('Get Many', () => {
	it('lists the active projects (archived ones hidden) with one request', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: false, limit: 50 });
		expect(result.error).toBeUndefined();
		const expected = projects().filter((p) => !p.archived);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json('Node')).toEqual(expect.arrayContaining(expected));
		expect(result.json('Node')).toHaveLength(expected.length);
		const requests = projectRequests('GET');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ limit: '50' });
	});

	it('Status Archived asks for archived projects too, and returns only those', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: true, filters: { status: 'archived' } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([project('WINTER')]);
		expect(projectRequests('GET')[0].query).toEqual({ limit: '200', status: 'archived', include_archived: 'true' });
	});

	it('Status Active with Include Archived sends both and returns the active ones', async () => {
		const result = await f.run(NODE, { operation: 'getAll', returnAll: true, filters: { status: 'active', includeArchived: true } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((p) => p.code).sort()).toEqual(['REFIT', 'SPRING', 'WED-HEND']);
		expect(projectRequests('GET')[0].query).toEqual({ limit: '200', status: 'active', include_archived: 'true' });
	});

	it('Include Archived and Updated Since return exactly the projects changed since then, archived included', async () => {
		// Seed projects last changed days ago: the one archived now is the only one changed since.
		const since = new Date(Math.floor(f.sandbox.clock.now().getTime() / 1000) * 1000).toISOString();
		const spring = project('SPRING');
		const archived = await f.run(NODE, { operation: 'archive', projectId: byId(String(spring.id)) });
		expect(archived.error).toBeUndefined();
		f.sandbox.clearRequests();
		const result = await f.run(NODE, {
			operation: 'getAll',
			returnAll: true,
			filters: { includeArchived: true, updatedSince: since },
		});
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([expect.objectContaining({ id: spring.id, status: 'archived', archived: true })]);
		const [get] = projectRequests('GET');
		expect(get.query).toEqual({ limit: '200', include_archived: 'true', updated_since: expect.any(String) });
		expect(Date.parse(String(get.query.updated_since))).toBe(Date.parse(since));
	});

	it('refuses an Updated Since that is not a time before sending anything', async () => {
		const result = await f.run(NODE, { operation: 'getAll', limit: 5, filters: { updatedSince: 'yesterday' } });
		expect(result.error?.message).toBe('Filters › Updated Since: "yesterday" is not a date and time');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Get', () => {
	it('reads one project by id, archived or not', async () => {
		const winter = project('WINTER');
		const result = await f.run(NODE, { operation: 'get', projectId: byId(String(winter.id)) });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')).toEqual([winter]);
		const requests = projectRequests('GET');
		expect(requests.map((r) => r.path)).toEqual([`/v1/projects/${winter.id}`]);
		expect(requests[0].query).toEqual({});
	});

	it('says the project is not in this business for an unknown id', async () => {
		const result = await f.run(NODE, { operation: 'get', projectId: byId('0123456789abcdef01234567') });
		expect(result.error?.message).toBe('No project 0123456789abcdef01234567 in this business');
	});

	it('refuses a malformed id from an expression before sending anything, naming the field', async () => {
		const result = await f.run(NODE, { operation: 'get', projectId: byId('={{ $json.id }}') }, [{ id: 'row-12' }]);
		expect(result.error?.message).toBe('Project: "row-12" is not a project id');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Create', () => {
	it('creates an active project with colour and employees, sending exactly the allowed keys', async () => {
		const [a, b] = employeeIds(2);
		const result = await f.run(NODE, {
			operation: 'create',
			name: 'Melbourne Cup Marquee',
			code: 'CUP-26',
			additionalFields: { colour: '#ffc107', employeeIds: ` ${a}, ${b},${a} ` },
		});
		expect(result.error).toBeUndefined();
		const [created] = result.json('Node');
		expect(created).toMatchObject({
			name: 'Melbourne Cup Marquee',
			code: 'CUP-26',
			colour: '#ffc107',
			employee_ids: [a, b],
			status: 'active',
			archived: false,
		});
		expect(stored(created.id)).toEqual(created);
		const [post] = projectRequests('POST');
		expect(post.path).toBe('/v1/projects');
		expect(post.status).toBe(201);
		expect(post.body).toEqual({ name: 'Melbourne Cup Marquee', code: 'CUP-26', colour: '#ffc107', employee_ids: [a, b] });
		expect(post.headers['idempotency-key']).toMatch(KEY);
	});

	it('sends only name and code when nothing else is given', async () => {
		const result = await f.run(NODE, { operation: 'create', name: 'Stocktake', code: 'STOCK' });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ name: 'Stocktake', code: 'STOCK', colour: null, employee_ids: [], status: 'active' });
		const [post] = projectRequests('POST');
		expect(post.body).toEqual({ name: 'Stocktake', code: 'STOCK' });
		expect(post.headers['idempotency-key']).toMatch(KEY);
	});

	it('takes Employee IDs as an array from an expression, one project per input item', async () => {
		const [a, b, c] = employeeIds(3);
		const result = await f.run(
			NODE,
			{ operation: 'create', name: '={{ $json.name }}', code: '={{ $json.code }}', additionalFields: { employeeIds: '={{ $json.people }}' } },
			[
				{ name: 'Trivia Night', code: 'TRIVIA', people: [a, b] },
				{ name: 'Long Lunch', code: 'LUNCH', people: [c] },
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.json('Node').map((p) => [p.code, p.employee_ids])).toEqual([
			['TRIVIA', [a, b]],
			['LUNCH', [c]],
		]);
		const bodies = projectRequests('POST').map((r) => r.body);
		expect(bodies).toEqual(
			expect.arrayContaining([
				{ name: 'Trivia Night', code: 'TRIVIA', employee_ids: [a, b] },
				{ name: 'Long Lunch', code: 'LUNCH', employee_ids: [c] },
			]),
		);
		expect(bodies).toHaveLength(2);
	});

	it("sends the user's Idempotency Key, so running the workflow twice creates the project once", async () => {
		const parameters = { operation: 'create', name: 'Stocktake', code: 'STOCK', options: { idempotencyKey: 'sheet-row-7' } };
		const first = await f.run(NODE, parameters);
		const second = await f.run(NODE, parameters);
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(second.json('Node')[0].id).toBe(first.json('Node')[0].id);
		const posts = projectRequests('POST');
		expect(posts).toHaveLength(2);
		expect(posts[0].headers['idempotency-key']).toMatch(/^u-[0-9a-f]{48}$/);
		expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
		expect(projects().filter((p) => p.code === 'STOCK')).toHaveLength(1);
	});

	it('passes on the clash when an active project already uses the code', async () => {
		const result = await f.run(NODE, { operation: 'create', name: 'Spring again', code: 'spring' });
		expect(result.error?.message).toBe('The service refused the project because it clashes with another record');
		expect((result.error as { description?: string }).description).toContain('already uses the code SPRING');
		expect(projectRequests('POST').map((r) => r.status)).toEqual([409]);
	});

	it('names projects:write when the credential lacks it', async () => {
		f.connect(ALL_PERMISSIONS.filter((scope) => scope !== 'projects:write'));
		const result = await f.run(NODE, { operation: 'create', name: 'Stocktake', code: 'STOCK' });
		expect(result.error?.message).toBe('The connection is missing a permission: projects:write');
		expect((result.error as { description?: string }).description).toContain('set Access to Read and Change (with Choose Permissions: pick "projects:write")');
		expect(projectRequests('POST').map((r) => r.status)).toEqual([403]);
		expect(projects().filter((p) => p.code === 'STOCK')).toHaveLength(0);
	});

	it.each([
		['Name is empty', { name: '={{ $json.empty }}' }, 'A project name is 1 to 100 characters.'],
		['Name is 101 characters long', { name: 'n'.repeat(101) }, 'A project name is 1 to 100 characters.'],
		['Code is 21 characters long', { code: 'C'.repeat(21) }, 'A project code is 1 to 20 characters.'],
		['Code is 23 characters long', { code: 'C'.repeat(23) }, 'A project code is 1 to 20 characters.'],
		['Colour: "red" is not a colour', { additionalFields: { colour: 'red' } }, 'A project colour is # followed by six hexadecimal digits (0-9, a-f), like #4caf50.'],
		['Colour: "#12345g" is not a colour', { additionalFields: { colour: '#12345g' } }, 'A project colour is # followed by six hexadecimal digits (0-9, a-f), like #4caf50.'],
		[
			'Employee IDs has 501 employees',
			{ additionalFields: { employeeIds: fakeIds(501).join(',') } },
			'A project has at most 500 employees. Give at most 500 different IDs.',
		],
		[
			'Employee IDs › ID 2: "5F1A2B3C4D5E6F7A8B9C0D1E" is not an employee id',
			{ additionalFields: { employeeIds: `${fakeIds(1)[0]}, 5F1A2B3C4D5E6F7A8B9C0D1E` } },
			'Employee ids are 24 lowercase hexadecimal characters (0-9, a-f), like 5f1a2b3c4d5e6f7a8b9c0d1e, separated by commas.',
		],
		[
			'Employee IDs › ID 1: 42 is not an employee id',
			{ additionalFields: { employeeIds: '={{ $json.people }}' } },
			'Employee ids are 24 lowercase hexadecimal characters (0-9, a-f), like 5f1a2b3c4d5e6f7a8b9c0d1e, separated by commas.',
		],
	])('refuses a body the endpoint would refuse, before sending anything (%s)', async (message, change, description) => {
		const result = await f.run(NODE, { operation: 'create', name: 'Stocktake', code: 'STOCK', ...change }, [{ empty: '', people: [42] }]);
		expect(result.error?.message).toBe(message);
		expect((result.error as { description?: string }).description).toBe(description);
		expect(f.apiRequests()).toHaveLength(0);
	});

	it('accepts a 100-character name and a 20-character code (the limits themselves) with every seed employee', async () => {
		const people = employeeIds(Infinity);
		const result = await f.run(NODE, { operation: 'create', name: 'n'.repeat(100), code: 'C'.repeat(20), additionalFields: { employeeIds: people.join(',') } });
		expect(result.error).toBeUndefined();
		expect(projectRequests('POST')[0].body).toEqual({ name: 'n'.repeat(100), code: 'C'.repeat(20), employee_ids: people });
	});

	it('sends 500 different ids (the limit itself) and lets the service judge who they are', async () => {
		const result = await f.run(NODE, { operation: 'create', name: 'Big', code: 'BIG', additionalFields: { employeeIds: fakeIds(500).join('\n') } });
		expect(result.error?.message).toBe('The service refused Employee IDs 1');
		const [post] = projectRequests('POST');
		expect((post.body as IDataObject).employee_ids).toHaveLength(500);
	});
});

describe('Update', () => {
	it('changes name, code, colour and employees, sending only those keys', async () => {
		const refit = project('REFIT');
		const [a] = employeeIds(1);
		const result = await f.run(NODE, {
			operation: 'update',
			projectId: byId(String(refit.id)),
			updateFields: { name: 'Kitchen Refit 2027', code: 'REFIT-27', colour: '#795548', employeeIds: a },
		});
		expect(result.error).toBeUndefined();
		const [changed] = result.json('Node');
		expect(changed).toMatchObject({ id: refit.id, name: 'Kitchen Refit 2027', code: 'REFIT-27', colour: '#795548', employee_ids: [a], status: 'active' });
		expect(stored(refit.id)).toEqual(changed);
		const [patch] = projectRequests('PATCH');
		expect(patch.path).toBe(`/v1/projects/${refit.id}`);
		expect(patch.body).toEqual({ name: 'Kitchen Refit 2027', code: 'REFIT-27', colour: '#795548', employee_ids: [a] });
		expect(patch.headers['idempotency-key']).toMatch(KEY);
	});

	it('Remove Colour sends colour null and leaves the rest alone', async () => {
		const spring = project('SPRING');
		const result = await f.run(NODE, { operation: 'update', projectId: byId(String(spring.id)), updateFields: { removeColour: true } });
		expect(result.error).toBeUndefined();
		expect(result.json('Node')[0]).toMatchObject({ id: spring.id, colour: null, name: spring.name, employee_ids: spring.employee_ids });
		expect(projectRequests('PATCH')[0].body).toEqual({ colour: null });
		expect(stored(spring.id)?.colour).toBeNull();
	});

	it('an empty Employee IDs takes everyone off the project', async () => {
		const wedding = project('WED-HEND');
		expect((wedding.employee_ids as string[]).length).toBeGreaterThan(0);
		const result = await f.run(NODE, { operation: 'update', projectId: byId(String(wedding.id)), updateFields: { employeeIds: '' } });
		expect(result.error).toBeUndefined();
		expect(projectRequests('PATCH')[0].body).toEqual({ employee_ids: [] });
		expect(stored(wedding.id)?.employee_ids).toEqual([]);
	});

	it.each([
		['Update Fields is empty', {}],
		['Update Fields has nothing to change', { removeColour: false }],
		['Name is empty', { name: '' }],
		['Name is 101 characters long', { name: 'x'.repeat(101) }],
		['Code is empty', { code: '' }],
		['Code is 21 characters long', { code: 'x'.repeat(21) }],
		['Colour: "red" is not a colour', { colour: 'red' }],
		['Colour is empty', { colour: '' }],
		['Update Fields has both Colour and Remove Colour', { colour: '#4caf50', removeColour: true }],
		['Employee IDs has 501 employees', { employeeIds: fakeIds(501).join(', ') }],
		['Employee IDs › ID 1: "abc" is not an employee id', { employeeIds: 'abc' }],
	])('refuses a change the endpoint would refuse, before sending anything (%s)', async (message, updateFields) => {
		const result = await f.run(NODE, { operation: 'update', projectId: byId(String(project('SPRING').id)), updateFields });
		expect(result.error?.message).toBe(message);
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('Archive and Unarchive', () => {
	it('archives a project and brings it back, each visible in the store and in the lists', async () => {
		const spring = project('SPRING');
		const archived = await f.run(NODE, { operation: 'archive', projectId: byId(String(spring.id)) });
		expect(archived.error).toBeUndefined();
		expect(archived.json('Node')).toEqual([{ ...stored(spring.id), status: 'archived', archived: true }]);
		expect(stored(spring.id)).toMatchObject({ status: 'archived', archived: true, name: spring.name, code: spring.code });
		const listed = await f.run(NODE, { operation: 'getAll', returnAll: true });
		expect(listed.json('Node').map((p) => p.id)).not.toContain(spring.id);

		const unarchived = await f.run(NODE, { operation: 'unarchive', projectId: byId(String(spring.id)) });
		expect(unarchived.error).toBeUndefined();
		expect(unarchived.json('Node')[0]).toMatchObject({ id: spring.id, status: 'active', archived: false });
		expect(stored(spring.id)).toMatchObject({ status: 'active', archived: false });

		const patches = projectRequests('PATCH');
		expect(patches.map((p) => [p.path, p.body])).toEqual([
			[`/v1/projects/${spring.id}`, { status: 'archived' }],
			[`/v1/projects/${spring.id}`, { status: 'active' }],
		]);
		for (const patch of patches) expect(patch.headers['idempotency-key']).toMatch(KEY);
		expect(patches[0].headers['idempotency-key']).not.toBe(patches[1].headers['idempotency-key']);
	});

	it('cannot unarchive a project whose code an active project took meanwhile', async () => {
		const winter = project('WINTER');
		const created = await f.run(NODE, { operation: 'create', name: 'Winter 2027', code: 'WINTER' });
		expect(created.error).toBeUndefined();
		const result = await f.run(NODE, { operation: 'unarchive', projectId: byId(String(winter.id)) });
		expect(result.error?.message).toBe('The service refused the project because it clashes with another record');
		expect(stored(winter.id)).toMatchObject({ status: 'archived' });
	});

	it('names projects:write when the credential lacks it', async () => {
		f.connect(ALL_PERMISSIONS.filter((scope) => scope !== 'projects:write'));
		const spring = project('SPRING');
		const result = await f.run(NODE, { operation: 'archive', projectId: byId(String(spring.id)) });
		expect(result.error?.message).toBe('The connection is missing a permission: projects:write');
		expect(stored(spring.id)).toMatchObject({ status: 'active' });
	});

	it('refuses a malformed id before sending anything', async () => {
		const result = await f.run(NODE, { operation: 'unarchive', projectId: byId('={{ $json.id }}') }, [{ id: 'WINTER' }]);
		expect(result.error?.message).toBe('Project: "WINTER" is not a project id');
		expect(f.apiRequests()).toHaveLength(0);
	});
});

describe('picker', () => {
	async function pick(filter?: string) {
		return await listSearch({
			node: {
				type: `n8n-nodes-rostering.${NODE}`,
				parameters: { operation: 'get' },
				credentials: { rosteringOAuth2Api: { id: CREDENTIAL_ID, name: 'Rostering (sandbox)' } },
			},
			method: 'searchProjects',
			credentials: f.credentials as never,
			filter,
		});
	}

	it('lists the active projects by name and code', async () => {
		const { results } = await pick();
		const expected = projects().filter((p) => !p.archived);
		expect(results.map((r) => r.value).sort()).toEqual(expected.map((p) => p.id).sort());
		expect(results).toContainEqual({ name: 'Spring Menu Launch (SPRING)', value: project('SPRING').id });
	});

	it('filters by what the person types, name or code', async () => {
		expect((await pick('wedding')).results).toEqual([{ name: 'Henderson Wedding Catering (WED-HEND)', value: project('WED-HEND').id }]);
		expect((await pick('refit')).results.map((r) => r.value)).toEqual([project('REFIT').id]);
	});
});
