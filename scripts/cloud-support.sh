#!/usr/bin/env bash
# n8n's cloud-support check (@n8n/node-cli): fails unless it says Cloud support is ENABLED.
# Used by npm test and by the publish workflow. NO_COLOR and the sed: its colours are on whenever
# CI is set (picocolors decides so), and their escape codes would split the words checked.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-artifacts
NO_COLOR=1 npx n8n-node cloud-support | tee test-artifacts/cloud-support.txt
if ! sed 's/\x1b\[[0-9;]*m//g' test-artifacts/cloud-support.txt | grep -q 'Cloud support is ENABLED'; then
	echo "n8n's cloud-support check did not say 'Cloud support is ENABLED' (see above)." >&2
	exit 1
fi
