#!/usr/bin/env bash
# `npm run test:e2e`: the e2e layer alone, in a real n8n. Builds the package (the tests load
# dist/), installs the pinned n8n and Node 24 into .n8n-runtime/ when missing (several minutes the
# first time, from the npm registry only), prepares the migrated user folder template, then runs
# jest's e2e project. Extra arguments go to jest (e.g. -t 'Get Many').
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build"
npm run build --silent

echo "== n8n runtime"
bash scripts/n8n-runtime.sh template >/dev/null

echo "== Chromium for the browser test"
bash scripts/chromium.sh || echo "Chromium could not be installed: test/e2e/browser.test.ts will fail and say how to install it."

echo "== jest: e2e"
exec npx jest "$@" --selectProjects e2e
