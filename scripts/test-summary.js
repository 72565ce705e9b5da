/**
 * The end of `npm test`: each layer's jest run, its wall time, test files, tests passed and failed,
 * from the JSON and .seconds files that scripts/test.sh leaves in test-artifacts/.
 * Usage: node scripts/test-summary.js <dir> <total seconds>
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
console.log('layer (one jest run each)  wall time   files  passed  failed');
for (const file of runs) {
	const name = file.replace(/^jest-|\.json$/g, '');
	const secondsFile = path.join(dir, `jest-${name}.seconds`);
	const wall = fs.existsSync(secondsFile) ? Number(fs.readFileSync(secondsFile, 'utf8')) : NaN;
	const result = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
	passed += result.numPassedTests;
	failed += result.numFailedTests;
	pending += result.numPendingTests;
	const time = Number.isNaN(wall) ? '?' : minutes(wall);
	console.log(`${name.padEnd(26)} ${time.padStart(10)}  ${String(result.numTotalTestSuites).padStart(5)}  ${String(result.numPassedTests).padStart(6)}  ${String(result.numFailedTests).padStart(6)}`);
}
for (const file of fs.readdirSync(dir).filter((f) => /^runtime-.*\.ready-at$/.test(f)).sort()) {
	const version = file.replace(/^runtime-|\.ready-at$/g, '');
	console.log(`n8n ${version} ready (installed in the background) ${minutes(Number(fs.readFileSync(path.join(dir, file), 'utf8')))} after npm test began`);
}
if (totalSeconds) console.log(`\nnpm test: ${minutes(Number(totalSeconds))} in all (the lanes run side by side)`);
console.log(`\njest: ${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
