/** /v1/projects: list, read, create, change (archive = status archived). */
import type { Ctx, Obj, Result } from '../context';
import { bodyObject, ok, onlyKeys, required } from '../context';
import { conflict, validation } from '../errors';
import { isId } from '../ids';
import { list } from '../lists';
import type { Project } from '../model';
import * as render from '../render';

export function listProjects(ctx: Ctx): Result {
	const b = ctx.conn.businessId;
	const page = list(ctx.path, ctx.query, {
		params: ['updated_since', 'include_archived', 'status'],
		records: [...ctx.store.t.projects.values()].filter((p) => p.business_id === b),
		key: (p) => [p.id],
		updatedAt: (p) => p.updated_at,
		id: (p) => p.id,
		archived: (p) => p.archived,
		statuses: ['active', 'archived'],
		status: (p) => p.status,
	});
	return ok({ ...page, data: page.data.map((p) => render.project(ctx, p)) });
}

export function getProject(ctx: Ctx): Result {
	return ok(render.project(ctx, ctx.store.get('projects', ctx.conn.businessId, ctx.id, 'project')));
}

function text(v: unknown, field: string, max: number): string {
	if (typeof v !== 'string' || v.length < 1 || v.length > max) throw validation(field, `must be a string of 1 to ${max} characters.`);
	return v;
}

function colour(v: unknown, nullable: boolean): string | null {
	if (v === null && nullable) return null;
	if (typeof v !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(v)) throw validation('colour', `must be # followed by six hexadecimal digits${nullable ? ', or null' : ''}.`);
	return v;
}

function employeeIds(ctx: Ctx, v: unknown): string[] {
	if (!Array.isArray(v)) throw validation('employee_ids', 'must be an array of employee ids.');
	if (v.length > 500) throw validation('employee_ids', `must hold at most 500 ids; it holds ${v.length}.`);
	v.forEach((id, i) => {
		if (!isId(id)) throw validation(`employee_ids[${i}]`, 'must be an id of 24 lowercase hexadecimal characters.');
		const e = ctx.store.t.employees.get(id);
		if (!e || e.business_id !== ctx.conn.businessId || !e.shared) throw validation(`employee_ids[${i}]`, 'is not an employee of this business.');
	});
	return [...new Set(v as string[])];
}

function uniqueCode(ctx: Ctx, code: string, self?: string): void {
	for (const p of ctx.store.t.projects.values()) {
		if (p.business_id === ctx.conn.businessId && !p.archived && p.id !== self && p.code.toLowerCase() === code.toLowerCase()) {
			throw conflict('conflict', `An active project already uses the code ${p.code} (${p.id}).`);
		}
	}
}

export function createProject(ctx: Ctx): Result {
	const o: Obj = bodyObject(ctx.body);
	onlyKeys(o, ['name', 'code', 'colour', 'employee_ids'], '');
	required(o, ['name', 'code'], '');
	const name = text(o.name, 'name', 100);
	const code = text(o.code, 'code', 20);
	const c = o.colour === undefined ? null : colour(o.colour, false);
	const ids = o.employee_ids === undefined ? [] : employeeIds(ctx, o.employee_ids);
	uniqueCode(ctx, code);
	const at = ctx.store.stamp();
	const p: Project = {
		id: ctx.store.newId('project'), business_id: ctx.conn.businessId, name, code, colour: c, employee_ids: ids,
		status: 'active', archived: false, created_at: at, updated_at: at,
	};
	ctx.store.t.projects.set(p.id, p);
	return ok(render.project(ctx, p), 201);
}

export function changeProject(ctx: Ctx): Result {
	const p = ctx.store.get('projects', ctx.conn.businessId, ctx.id, 'project');
	const o: Obj = bodyObject(ctx.body);
	onlyKeys(o, ['name', 'code', 'colour', 'employee_ids', 'status'], '');
	const name = o.name === undefined ? p.name : text(o.name, 'name', 100);
	const code = o.code === undefined ? p.code : text(o.code, 'code', 20);
	const c = o.colour === undefined ? p.colour : colour(o.colour, true);
	const ids = o.employee_ids === undefined ? p.employee_ids : employeeIds(ctx, o.employee_ids);
	if (o.status !== undefined && o.status !== 'active' && o.status !== 'archived') throw validation('status', 'must be active or archived.');
	const status = (o.status as Project['status'] | undefined) ?? p.status;
	if (status === 'active') uniqueCode(ctx, code, p.id);
	Object.assign(p, { name, code, colour: c, employee_ids: ids, status, archived: status === 'archived' });
	ctx.store.touch(p);
	return ok(render.project(ctx, p));
}
