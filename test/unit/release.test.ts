/**
 * The release path (docs/publishing.md), checked so that it cannot rot: the workflow files a
 * contributor sees where the project is hosted, the package identity npm's provenance names, and
 * the scanner the publish runs. Nothing is published or pushed from here; the workflows run only
 * where the project is hosted.
 */
import { readFileSync, existsSync } from 'fs';
import path from 'path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as Record<string, any>;

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Workflow {
	on: Record<string, any>;
	permissions?: Record<string, string>;
	jobs: Record<string, { permissions?: Record<string, string>; steps: Step[]; 'timeout-minutes'?: number }>;
}
const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const runs = (job: { steps: Step[] }) => job.steps.map((step) => step.run ?? step.uses ?? '');
/** Index of the first step whose command matches. */
const stepIndex = (job: { steps: Step[] }, pattern: RegExp) => runs(job).findIndex((command) => pattern.test(command));

describe('.github/workflows/publish.yml', () => {
	const publish = workflow('publish.yml');
	const job = Object.values(publish.jobs)[0];

	it('runs on a version tag only, with no permission beyond reading and the OIDC token provenance is signed with', () => {
		expect(Object.keys(publish.on)).toEqual(['push']);
		expect(publish.on.push).toEqual({ tags: ['*.*.*'] });
		expect(publish.permissions).toEqual({});
		expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('builds, lints, scans (scanner and cloud-support), tests, then publishes with provenance; the tag must be the version', () => {
		const order = [/^test "\$GITHUB_REF_NAME" = /, /^npm ci$/, /^npm run build$/, /^npm run lint$/, /scripts\/n8n-scan\.sh \.$/, /^bash scripts\/cloud-support\.sh$/, /^npm run test:fast$/, /^npm publish --provenance --access public$/];
		const at = order.map((pattern) => stepIndex(job, pattern));
		expect(at.every((index) => index >= 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		const publishStep = job.steps[at[at.length - 1]];
		expect(publishStep.env).toMatchObject({ RELEASE_MODE: 'true' });
		// The official scanner on what was published: its verdict read from its output (it exits 0).
		expect(runs(job).some((command) => /@n8n\/scan-community-package@0\.32\.0/.test(command) && /has passed all security checks/.test(command))).toBe(true);
	});

	it('sets up the npm registry and a Node whose npm can publish with provenance', () => {
		const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node'));
		expect(setup?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org', 'node-version': 24 });
	});
});

describe('.github/workflows/ci.yml', () => {
	const ci = workflow('ci.yml');
	const job = Object.values(ci.jobs)[0];

	it("runs the README's test command (.ci/run: npm ci, then npm test) on pushes to main and pull requests, within CI's 90 minutes", () => {
		expect(ci.on).toMatchObject({ push: { branches: ['main'] } });
		expect(ci.on).toHaveProperty('pull_request');
		expect(runs(job)).toContain('bash .ci/run');
		expect(read('.ci/run')).toMatch(/^npm ci --no-audit --no-fund\nnpm test$/m);
		expect(read('README.md')).toContain('`npm ci && npm test`');
		expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
	});
});

describe('package.json: what npm provenance and n8n verification read', () => {
	const repo = 'github.com/n8n-nodes-rostering/n8n-nodes-rostering';

	it('names one repository everywhere: repository, homepage, bugs and the credential documentation', () => {
		expect(pkg.repository).toEqual({ type: 'git', url: `https://${repo}.git` });
		expect(pkg.homepage).toBe(`https://${repo}`);
		expect(pkg.bugs).toEqual({ url: `https://${repo}/issues` });
		expect(read('credentials/RosteringOAuth2Api.credentials.ts')).toContain(`'https://${repo}#credentials'`);
	});

	it("follows n8n's community-package rules: the keyword, no runtime dependencies, n8n-workflow as the only peer, strict, dist only", () => {
		expect(pkg.name).toMatch(/^n8n-nodes-/);
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.dependencies).toBeUndefined();
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.n8n.strict).toBe(true);
		expect(pkg.files).toEqual(['dist']);
	});

	it('publishes only through the release path: release and the prepublish guard come from @n8n/node-cli', () => {
		expect(pkg.scripts.release).toBe('n8n-node release');
		expect(pkg.scripts.prepublishOnly).toBe('n8n-node prerelease');
		expect(pkg.devDependencies['@n8n/node-cli']).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it("lints with @n8n/node-cli's own config, unchanged (what its cloud-support check asks for)", () => {
		expect(read('eslint.config.mjs').replace(/\s+/g, ' ').trim()).toBe("import { config } from '@n8n/node-cli/eslint'; export default config;");
	});
});

describe('scripts/n8n-scan.sh', () => {
	const shared = path.join(ROOT, '../shared/tools/n8n-scan');
	const version = (text: string) => /^version=(\S+)$/m.exec(text)?.[1];

	it('pins the scanner the publish workflow checks after publishing', () => {
		expect(version(read('scripts/n8n-scan.sh'))).toBe('0.32.0');
	});

	(existsSync(shared) ? it : it.skip)("is the workspace's tool (../shared/tools/n8n-scan), with a header of its own", () => {
		const body = (text: string) => text.split('\n').filter((line) => !line.startsWith('#')).join('\n');
		expect(body(read('scripts/n8n-scan.sh'))).toBe(body(readFileSync(shared, 'utf8')));
	});
});
