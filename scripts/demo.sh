#!/usr/bin/env bash
# `npm run demo`: n8n with this package, the sandbox and the example workflows, ready in a browser
# (scripts/demo.ts does the starting). On a fresh clone it also installs what it needs, side by
# side: the pinned n8n and its Node (the long part, the first time only; scripts/n8n-runtime.sh,
# which takes a lock, so demo.ts waits for it) starts at once, beside `npm ci` and the build.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-artifacts

SECONDS=0
bash scripts/n8n-runtime.sh template >test-artifacts/runtime-demo.log 2>&1 &
runtime=$!
trap 'kill "$runtime" 2>/dev/null || true' EXIT

# npm ci when the dependencies are missing or older than the lock file (`npm ci && npm run demo`
# finds them in place and goes straight on).
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
	echo "Installing the package's dependencies (npm ci)..."
	npm ci --prefer-offline --no-audit --no-fund --loglevel=error
fi
npm run build --silent

if ! wait "$runtime"; then
	echo "Installing n8n failed; what it printed is in test-artifacts/runtime-demo.log:" >&2
	tail -n 20 test-artifacts/runtime-demo.log >&2
	exit 1
fi
trap - EXIT
echo "(installs and build took ${SECONDS} s)"
exec npx tsx scripts/demo.ts "$@"
