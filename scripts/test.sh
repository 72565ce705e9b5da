#!/usr/bin/env bash
# The whole test suite, as the README gives it (`npm test`) and as CI runs it (.ci/run):
# build, lint with n8n's scanner rules, type-check, n8n's own scanner when ../shared has it,
# then every jest project: unit, sandbox, workflow (n8n-core in-process) and e2e (a real n8n).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# The real n8n of each supported version (README › Versions) is installed on first use by the e2e
# tests. Start those installs now, one after another in the background, so that their downloads
# overlap the build, lint and in-process tests; the e2e tests wait for them (scripts/n8n-runtime.sh
# takes a lock) and say why if one failed. Logs: test-artifacts/runtime-<version>.log.
mkdir -p test-artifacts
(
	for version in 2.40.7 2.41.1 1.123.81; do
		N8N_VERSION=$version bash scripts/n8n-runtime.sh template >"test-artifacts/runtime-$version.log" 2>&1 ||
			echo "[test.sh] installing n8n $version failed: see test-artifacts/runtime-$version.log" >&2
	done
) &
runtimes=$!
trap 'kill "$runtimes" 2>/dev/null || true' EXIT

step "build"
npm run build --silent

step "lint (the rules of n8n's community-package scanner)"
npm run lint --silent

step "type-check (sources and tests)"
npm run typecheck --silent

# The workspace's scanner when it is beside this checkout, else the repository's copy of it.
scanner=scripts/n8n-scan.sh
[[ -x ../shared/tools/n8n-scan ]] && scanner=../shared/tools/n8n-scan
step "n8n's community-package scanner ($scanner)"
N8N_SCAN_WARNINGS_FAIL=1 bash "$scanner" .

step "n8n's cloud-support check (@n8n/node-cli: strict mode and its standard lint config)"
npx n8n-node cloud-support | tee test-artifacts/cloud-support.txt
grep -q 'Cloud support is ENABLED' test-artifacts/cloud-support.txt

step "Chromium for the browser test (Debian's package, installed with apt when missing)"
bash scripts/chromium.sh || echo "Chromium could not be installed: test/e2e/browser.test.ts will fail and say how to install it."

step "Redis and PostgreSQL for the queue-mode test (Debian's packages, installed with apt when missing)"
bash scripts/queue-services.sh || echo "Redis or PostgreSQL could not be installed: test/e2e/queue-mode.test.ts will fail and say why."

step "jest: unit, sandbox, workflow, e2e (and the version matrix: workflow and e2e on n8n 2.41 and 1.123)"
set +e
npx jest --ci --json --outputFile=test-artifacts/jest.json "$@"
status=$?
set -e
# jest's own summary is not a line CI reads; print the plain "N passed, N failed" line too.
node -e '
const r = require("./test-artifacts/jest.json");
console.log(`\njest: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
'
exit $status
