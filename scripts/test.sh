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
# tests. Start those installs now in the background, so that they overlap the build, lint and
# in-process tests: the pinned one first, then the other two side by side, each made from the
# pinned one's tree and changed where its lock file differs (about a minute each; a whole install
# took 10 to 18 minutes beside the tests: scripts/n8n-runtime.sh seed_from_pinned). Each e2e run
# waits for its version first (scripts/n8n-runtime.sh takes a lock), so no test's time limit
# includes an install; one that failed is tried again there, and says why. Logs:
# test-artifacts/runtime-<version>.log.
mkdir -p test-artifacts
rm -f test-artifacts/jest-* test-artifacts/runtime-*.ready-at test-artifacts/checks.*
rm -rf test-artifacts/claimed-*
# Not at a lower priority: made from the pinned tree each needs about a minute of CPU, and at nice 10
# beside the lanes' six busy processes it got a few percent of it (the seeded install took 15 min
# in a clean-clone run, 2026-11-29). version
install_runtime() {
	N8N_VERSION=$1 bash scripts/n8n-runtime.sh template >"test-artifacts/runtime-$1.log" 2>&1 ||
		echo "[test.sh] installing n8n $1 failed: see test-artifacts/runtime-$1.log" >&2
	echo "$SECONDS" >"test-artifacts/runtime-$1.ready-at"
}
(
	install_runtime 2.40.7
	install_runtime 2.41.1 &
	install_runtime 1.123.81 &
	wait
) &
runtimes=$!
trap 'kill "$runtimes" 2>/dev/null || true' EXIT

step "build"
npm run build --silent

# n8n's rules and the type-check: one function, run inline before a single jest run (`npm test --
# ...`), or as the first thing lane 4 does while the other lanes test (they need only the build).
checks() {
	step "lint (@n8n/node-cli's config: n8n's cloud rules for community nodes)"
	npm run lint --silent
	step "type-check (sources and tests)"
	npm run typecheck --silent
	# The workspace's scanner when it is beside this checkout, else the repository's copy of it.
	local scanner=scripts/n8n-scan.sh
	[[ -x ../shared/tools/n8n-scan ]] && scanner=../shared/tools/n8n-scan
	step "n8n's community-package scanner ($scanner)"
	N8N_SCAN_WARNINGS_FAIL=1 bash "$scanner" .
	step "n8n's cloud-support check (@n8n/node-cli: strict mode and its standard lint config)"
	bash scripts/cloud-support.sh
}

step "Chromium for the browser test (Debian's package, installed with apt when missing)"
bash scripts/chromium.sh || echo "Chromium could not be installed: test/e2e/browser.test.ts will fail and say how to install it."

step "Redis and PostgreSQL for the queue-mode test (Debian's packages, installed with apt when missing)"
bash scripts/queue-services.sh || echo "Redis or PostgreSQL could not be installed: test/e2e/queue-mode.test.ts will fail and say why."

# Four lanes side by side. The in-process layers are CPU-bound (n8n-core's engine in jest's
# process); the real-n8n runs mostly wait on n8n (starting, polling, a worker's job stalling), so
# three of them run beside the in-process lane. Lane 1: the pinned n8n 2.40.7's longest tests that
# share one n8n (the browser, the triggers). Lane 2: unit, sandbox, workflow on three n8n lines (one
# in-process run at a time: two side by side on a loaded machine ran tests past their time limits).
# Lane 3: the pinned n8n's tests that each start their own n8n and wait longest (queue mode with its
# workers, the demo). Lane 4: n8n's rules and the type-check (they need only the build), the
# real-n8n tests' picks checked across dates (test/picks), then the pinned n8n's other tests that
# share one n8n. Then the claimable runs (the real n8n 2.41.1 and 1.123.81, the pinned n8n's durable
# cursors), each taken by the first lane free: the suite takes as long as its longest lane, and which
# lane ends first varies from run to run by minutes. Measured in a clean-clone run (2026-12-07,
# seconds after npm test began; the pinned n8n ready at 169): lane 4 ended its own runs at 474 and
# took 2.41.1 (255 s), lane 1 at 675 and took 1.123.81 (226 s, the last to end, at 901), lane 3 at
# 770 and took the durable cursors (124 s), lane 2 at 742: npm test 15 min 01 s (17 min 22 s
# before, with the durable cursors fixed in lane 4 and a lane idle at the end).
# One jest run per layer, so each layer's time is its own; each run's output goes to
# test-artifacts/jest-<layer>.log (the in-process layers' is also printed as it goes); the summary
# at the end reads their results.
if [[ $# -gt 0 ]]; then
	checks
	step "jest $*"
	exec npx jest --ci "$@"
fi

OWN_N8N_TESTS=(test/e2e/queue-mode.test.ts test/e2e/demo.test.ts)
DURABLE_TEST=test/e2e/trigger-durable.test.ts
# The shared-n8n tests that take longest (about 190 and 300 s): lane 1; the others: lane 4.
LONG_SHARED_TESTS=(test/e2e/browser.test.ts test/e2e/trigger.test.ts)

jest_run() { # name, jest arguments...
	local name=$1
	shift
	local started=$SECONDS
	npx jest --ci --json --outputFile="test-artifacts/jest-$name.json" "$@" >"test-artifacts/jest-$name.log" 2>&1
	local status=$?
	echo "$((SECONDS - started))" >"test-artifacts/jest-$name.seconds"
	return $status
}

# A real-n8n run: waits for that n8n's install (or installs it), then runs jest. version, name, jest arguments...
e2e_run() {
	local version=$1
	shift
	N8N_VERSION=$version bash scripts/n8n-runtime.sh template >>"test-artifacts/runtime-$version.log" 2>&1 || true
	jest_run "$@"
}

# The runs any lane may take once its own are done, each run once, by the first lane free (a folder
# made atomically claims it), longest first: the real-n8n layers of the other versions, then the
# pinned n8n's durable cursors across restarts (its own n8n).
claimable() {
	local status=0
	if mkdir test-artifacts/claimed-e2e-2.41.1 2>/dev/null; then
		e2e_run 2.41.1 e2e-2.41.1 --selectProjects 'e2e n8n 2.41.1' || status=1
	fi
	if mkdir test-artifacts/claimed-e2e-1.123.81 2>/dev/null; then
		e2e_run 1.123.81 e2e-1.123.81 --selectProjects 'e2e n8n 1.123.81' || status=1
	fi
	if mkdir test-artifacts/claimed-e2e-2.40.7-durable 2>/dev/null; then
		e2e_run 2.40.7 e2e-2.40.7-durable "$DURABLE_TEST" --selectProjects e2e || status=1
	fi
	return $status
}

in_process_logs=(test-artifacts/jest-{unit,sandbox,workflow-2.40,workflow-2.41,workflow-1.123}.log)
for log in "${in_process_logs[@]}"; do : >"$log"; done
step "jest, four lanes side by side: real n8n 2.40.7 (browser, triggers) | in-process (unit, sandbox, workflow on three n8n lines) | real n8n 2.40.7 (tests with their own n8n) | n8n's rules and the type-check, the picks across dates, then real n8n 2.40.7 (the other tests); then real n8n 2.41.1 and 1.123.81 and the pinned n8n's durable cursors, each in the first lane free"
set +e
(
	status=0
	e2e_run 2.40.7 e2e-2.40.7 "${LONG_SHARED_TESTS[@]}" --selectProjects e2e || status=1
	claimable || status=1
	exit $status
) &
lane1=$!
(
	status=0
	jest_run unit --selectProjects unit || status=1
	jest_run sandbox --selectProjects sandbox || status=1
	jest_run workflow-2.40 --selectProjects workflow || status=1
	jest_run workflow-2.41 --selectProjects 'workflow n8n 2.41' || status=1
	jest_run workflow-1.123 --selectProjects 'workflow n8n 1.123' || status=1
	claimable || status=1
	exit $status
) &
lane2=$!
(
	status=0
	e2e_run 2.40.7 e2e-2.40.7-own-n8n "${OWN_N8N_TESTS[@]}" --selectProjects e2e || status=1
	claimable || status=1
	exit $status
) &
lane3=$!
(
	status=0
	started=$SECONDS
	checks >test-artifacts/checks.log 2>&1 || status=1
	echo "$((SECONDS - started))" >test-artifacts/checks.seconds
	[[ $status -eq 0 ]] || echo "[test.sh] n8n's rules or the type-check failed: see test-artifacts/checks.log (printed below)" >&2
	jest_run picks --selectProjects picks || status=1
	e2e_run 2.40.7 e2e-2.40.7-more --selectProjects e2e --testPathIgnorePatterns "${OWN_N8N_TESTS[@]}" "$DURABLE_TEST" "${LONG_SHARED_TESTS[@]}" || status=1
	claimable || status=1
	exit $status
) &
lane4=$!
# The in-process layers' output as it comes (until lane 2 ends).
tail -q -n +1 -f "${in_process_logs[@]}" --pid "$lane2" 2>/dev/null &
wait "$lane2"
lane2_status=$?
wait "$lane1"
lane1_status=$?
wait "$lane3"
lane3_status=$?
wait "$lane4"
lane4_status=$?
step "n8n's rules and the type-check (lane 4, $(cat test-artifacts/checks.seconds 2>/dev/null || echo '?') s; its output, in full)"
cat test-artifacts/checks.log
step "the real-n8n tests' picks across dates (lane 4; its output, in full)"
cat test-artifacts/jest-picks.log 2>/dev/null
step "real n8n (its output, in full)"
for name in e2e-2.40.7 e2e-2.40.7-durable e2e-2.40.7-more e2e-2.40.7-own-n8n e2e-2.41.1 e2e-1.123.81; do cat "test-artifacts/jest-$name.log" 2>/dev/null; done
set -e

step "summary"
node scripts/test-summary.js test-artifacts "$SECONDS"
[[ $lane1_status -eq 0 && $lane2_status -eq 0 && $lane3_status -eq 0 && $lane4_status -eq 0 ]]
