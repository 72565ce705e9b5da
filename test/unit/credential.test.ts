/**
 * The credential's scope: what Connect asks the business for, from what the editor form holds.
 * n8n evaluates the hidden `scope` default as an expression over the credential's own fields
 * ($self); here the same expression text is evaluated over the values a form can save.
 * The real editor and Connect are exercised in test/e2e/browser.test.ts and oauth.test.ts.
 */
import { RosteringOAuth2Api } from '../../credentials/RosteringOAuth2Api.credentials';

const credential = new RosteringOAuth2Api();
const property = (name: string) => credential.properties.find((p) => p.name === name)!;

/** The scope n8n would send for a form holding `self` (n8n fills in each missing field's default). */
function scopeFor(self: Record<string, unknown>): string[] {
	const withDefaults: Record<string, unknown> = {};
	for (const p of credential.properties) withDefaults[p.name] = p.default;
	Object.assign(withDefaults, self);
	const text = String(property('scope').default);
	expect(text.startsWith('={{') && text.endsWith('}}')).toBe(true);
	const evaluate = new Function('$self', `return (${text.slice(3, -2)});`) as (s: unknown) => string;
	return evaluate(withDefaults).split(' ').sort();
}

const READ = ['leave:read', 'ondemand:read', 'people:read', 'roster:read', 'settings:read', 'timesheets:read'];
const CHANGE = ['ondemand:write', 'projects:write', 'roster:write', 'timesheets:write'];

describe('the credential form', () => {
	it('defaults to options the editor shows (a dropdown and a switch), not a multiOptions default it leaves empty', () => {
		expect(property('access')).toMatchObject({ type: 'options', default: 'readAndChange' });
		expect(property('payDetails')).toMatchObject({ type: 'boolean', default: false });
		expect(property('permissions')).toMatchObject({ type: 'multiOptions', default: [], displayOptions: { show: { access: ['custom'] } } });
		expect(property('environment')).toMatchObject({ type: 'options', default: 'custom' });
	});

	it.each([
		['an untouched new form (Read and Change): every read and change permission and offline_access', {}, [...READ, ...CHANGE, 'offline_access']],
		['Read', { access: 'read' }, [...READ, 'offline_access']],
		['Read with Pay Details', { access: 'read', payDetails: true }, [...READ, 'offline_access', 'pay:read']],
		['Read and Change with Pay Details', { access: 'readAndChange', payDetails: true }, [...READ, ...CHANGE, 'offline_access', 'pay:read']],
		['Choose Permissions with none chosen: the read preset', { access: 'custom', permissions: [] }, [...READ, 'offline_access']],
		['Choose Permissions: the chosen ones and offline_access', { access: 'custom', permissions: ['roster:write'] }, ['offline_access', 'roster:write']],
		['Choose Permissions with Stay Connected chosen: asked once', { access: 'custom', permissions: ['roster:read', 'offline_access'] }, ['offline_access', 'roster:read']],
		['Choose Permissions ignores Pay Details left on from a preset', { access: 'custom', permissions: ['roster:read'], payDetails: true }, ['offline_access', 'roster:read']],
		// n8n stores only what differs from a default and applies today's defaults to the rest.
		['a credential saved before Access existed (no access stored): Read and Change', { permissions: ['roster:write'] }, [...READ, ...CHANGE, 'offline_access']],
	])('%s', (_, self, expected) => {
		expect(scopeFor(self)).toEqual([...expected].sort());
	});

	it('offers every permission the spec shows when choosing, each once', () => {
		const values = (property('permissions').options as Array<{ value: string }>).map((o) => o.value).sort();
		expect(values).toEqual([...READ, ...CHANGE, 'offline_access', 'pay:read'].sort());
	});
});
