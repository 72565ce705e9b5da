/**
 * The end of `npm test`: each jest run's wall time and each layer's figures (test files, tests
 * passed and failed, and the time its files took), from the JSON and .seconds files that
 * scripts/test.sh leaves in test-artifacts/. Usage: node scripts/test-summary.js <dir> <total seconds>
 */
const fs = require('fs');
const path = require('path');

const [dir = 'test-artifacts', totalSeconds] = process.argv.slice(2);
const runs = fs
	.readdirSync(dir)
	.filter((f) => /^jest-.*\.json$/.test(f))
	.sort();
const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

let passed = 0;
let failed = 0;
let pending = 0;
const layers = new Map();
console.log('jest run          wall time');
for (const file of runs) {
	const name = file.replace(/^jest-|\.json$/g, '');
	const secondsFile = path.join(dir, `jest-${name}.seconds`);
	const wall = fs.existsSync(secondsFile) ? Number(fs.readFileSync(secondsFile, 'utf8')) : NaN;
	console.log(`${name.padEnd(17)} ${Number.isNaN(wall) ? '?' : minutes(wall)}`);
	const result = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
	passed += result.numPassedTests;
	failed += result.numFailedTests;
	pending += result.numPendingTests;
	for (const t of result.testResults) {
		const layer = t.displayName?.name ?? t.displayName ?? name;
		const entry = layers.get(layer) ?? { files: 0, passed: 0, failed: 0, ms: 0 };
		entry.files += 1;
		entry.passed += t.assertionResults.filter((a) => a.status === 'passed').length;
		entry.failed += t.assertionResults.filter((a) => a.status === 'failed').length + (t.status === 'failed' && t.assertionResults.length === 0 ? 1 : 0);
		entry.ms += t.endTime - t.startTime;
		layers.set(layer, entry);
	}
}
console.log('\nlayer                 files  passed  failed  time of its files');
for (const [layer, e] of layers) {
	console.log(`${layer.padEnd(21)} ${String(e.files).padStart(5)}  ${String(e.passed).padStart(6)}  ${String(e.failed).padStart(6)}  ${minutes(e.ms / 1000)}`);
}
if (totalSeconds) console.log(`\nnpm test: ${minutes(Number(totalSeconds))} in all`);
console.log(`\njest: ${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
