#!/usr/bin/env bash
# The whole test suite, as the README gives it (`npm test`) and as CI runs it (.ci/run):
# build, lint (@n8n/node-cli's config), type-check, n8n's scanner and cloud-support check, then
# every jest project: unit, sandbox, workflow (n8n-core in-process) and e2e (a real n8n), and a
# summary with each layer's time. Arguments (`npm test -- -t 'Get Many'`) go to one jest run.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it began (seconds since npm test started): the layers' times at a glance.
step() { printf '\n== [%4ds] %s\n' "$SECONDS" "$*"; }

# The real n8n of each supported version (docs/versions.md) is installed on first use by the e2e
# tests. Start those installs now, one after another in the background, so that their downloads
# overlap the build, lint and in-process tests; the e2e tests wait for them (scripts/n8n-runtime.sh
# takes a lock) and say why if one failed. Logs: test-artifacts/runtime-<version>.log.
mkdir -p test-artifacts
rm -f test-artifacts/jest-* test-artifacts/runtime-*.ready-at
(
	for version in 2.40.7 2.41.1 1.123.81; do
		N8N_VERSION=$version bash scripts/n8n-runtime.sh template >"test-artifacts/runtime-$version.log" 2>&1 ||
			echo "[test.sh] installing n8n $version failed: see test-artifacts/runtime-$version.log" >&2
		echo "$SECONDS" >"test-artifacts/runtime-$version.ready-at"
	done
) &
runtimes=$!
trap 'kill "$runtimes" 2>/dev/null || true' EXIT

step "build"
npm run build --silent

step "lint (@n8n/node-cli's config: n8n's cloud rules for community nodes)"
npm run lint --silent

step "type-check (sources and tests)"
npm run typecheck --silent

# The workspace's scanner when it is beside this checkout, else the repository's copy of it.
scanner=scripts/n8n-scan.sh
[[ -x ../shared/tools/n8n-scan ]] && scanner=../shared/tools/n8n-scan
step "n8n's community-package scanner ($scanner)"
N8N_SCAN_WARNINGS_FAIL=1 bash "$scanner" .

step "n8n's cloud-support check (@n8n/node-cli: strict mode and its standard lint config)"
bash scripts/cloud-support.sh

step "Chromium for the browser test (Debian's package, installed with apt when missing)"
bash scripts/chromium.sh || echo "Chromium could not be installed: test/e2e/browser.test.ts will fail and say how to install it."

step "Redis and PostgreSQL for the queue-mode test (Debian's packages, installed with apt when missing)"
bash scripts/queue-services.sh || echo "Redis or PostgreSQL could not be installed: test/e2e/queue-mode.test.ts will fail and say why."

# Two lanes side by side, so the machine's two cores are both at work. Lane 1: the real n8n of the
# pinned version (2.40.7: the whole e2e layer; mostly waiting on n8n: starting, polling, a worker's
# job stalling). Lane 2: the in-process layers (CPU-bound: n8n-core's engine in this process), then
# the real-n8n layers of the other versions (2.41.1, 1.123.81), whose runtimes finish installing in
# the background while the in-process layers run. One jest run per layer, so each layer's time is its
# own; each run's output goes to test-artifacts/jest-<layer>.log (the in-process layers' is also
# printed as it goes); the summary at the end reads their results.
if [[ $# -gt 0 ]]; then
	step "jest $*"
	exec npx jest --ci "$@"
fi

jest_run() { # name, projects...
	local name=$1
	shift
	local args=()
	for project in "$@"; do args+=(--selectProjects "$project"); done
	local started=$SECONDS
	npx jest --ci --json --outputFile="test-artifacts/jest-$name.json" "${args[@]}" >"test-artifacts/jest-$name.log" 2>&1
	local status=$?
	echo "$((SECONDS - started))" >"test-artifacts/jest-$name.seconds"
	return $status
}

# Runs layers one after another; each argument is <name>=<jest project>. Fails if any layer failed.
lane() {
	local status=0
	for layer in "$@"; do jest_run "${layer%%=*}" "${layer#*=}" || status=1; done
	return $status
}

in_process_logs=(test-artifacts/jest-{unit,sandbox,workflow-2.40,workflow-2.41,workflow-1.123}.log)
for log in "${in_process_logs[@]}"; do : >"$log"; done
step "jest, two lanes side by side: real n8n 2.40.7 | in-process (unit, sandbox, workflow on three n8n lines), then real n8n 2.41.1 and 1.123.81"
set +e
lane 'e2e-2.40.7=e2e' &
lane1=$!
lane 'unit=unit' 'sandbox=sandbox' 'workflow-2.40=workflow' 'workflow-2.41=workflow n8n 2.41' 'workflow-1.123=workflow n8n 1.123' \
	'e2e-2.41.1=e2e n8n 2.41.1' 'e2e-1.123.81=e2e n8n 1.123.81' &
lane2=$!
# The in-process layers' output as it comes (until lane 2 ends).
tail -q -n +1 -f "${in_process_logs[@]}" --pid "$lane2" 2>/dev/null &
wait "$lane2"
lane2_status=$?
wait "$lane1"
lane1_status=$?
step "real n8n (its output, in full)"
for name in e2e-2.40.7 e2e-2.41.1 e2e-1.123.81; do cat "test-artifacts/jest-$name.log" 2>/dev/null; done
set -e

step "summary"
node scripts/test-summary.js test-artifacts "$SECONDS"
[[ $lane1_status -eq 0 && $lane2_status -eq 0 ]]
