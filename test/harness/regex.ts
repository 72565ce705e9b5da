/**
 * n8n's regular expressions in the in-process layers: the same engine n8n uses, with more time.
 *
 * n8n-workflow runs the regular expressions of node parameters (a resource locator's validation and
 * extractValue, among others) in a `vm` script with a 250 ms timeout (safe-regex.js; n8n's own
 * server keeps that default). The timeout is wall-clock time: on a machine running the whole
 * suite's lanes at once, a test process can be off the CPU for longer than that, and a one-line id
 * check then fails with "Regular expression execution timed out" (seen in a workflow-layer run
 * beside the fault drills, 2026-11-27). The tests here are about the package, not about n8n's
 * timeout, so the engine runs the same scripts in the same kind of context with a 10 s timeout.
 * jest loads this before every unit and workflow test file (jest.config.js, setupFilesAfterEnv),
 * in the registry the package's modules and n8n-workflow load in.
 */
import * as vm from 'vm';
import { setSafeRegexEngine } from 'n8n-workflow';

const TIMEOUT_MS = 10_000;

const context = vm.createContext({ flags: '', input: '', pattern: '', replacement: '', result: undefined as unknown });
const scripts = {
	exec: new vm.Script('result = new RegExp(pattern, flags).exec(input)'),
	test: new vm.Script('result = new RegExp(pattern, flags).test(input)'),
	replace: new vm.Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: new vm.Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: new vm.Script('result = input.split(new RegExp(pattern, flags))'),
};

function run<T>(script: vm.Script, pattern: string, input: string, flags = '', replacement = ''): T {
	Object.assign(context, { pattern, input, flags, replacement, result: undefined });
	script.runInContext(context, { timeout: TIMEOUT_MS });
	return context.result as T;
}

setSafeRegexEngine({
	exec: (pattern, input, flags) => run(scripts.exec, pattern, input, flags),
	test: (pattern, input, flags) => run(scripts.test, pattern, input, flags),
	replace: (pattern, input, flags, replacement) => run(scripts.replace, pattern, input, flags, replacement),
	matchAll: (pattern, input, flags) => run(scripts.matchAll, pattern, input, flags?.includes('g') ? flags : `${flags ?? ''}g`),
	split: (pattern, input, flags) => run(scripts.split, pattern, input, flags),
});
