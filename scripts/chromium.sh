#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser e2e test
# (test/e2e/browser.test.ts drives it with playwright-core; `npx playwright install` cannot download
# a browser on machines that only reach the npm registry and Debian's packages).
#
# - Already installed: prints the version and exits (about 0.1 s).
# - Missing: scripts/apt-install.sh installs chromium and fonts-liberation with apt-get (update
#   first on a fresh machine; needs root, or sudo without a password).
# - Measured on this project's machine kind (Debian bookworm, 2 cores, root), 2026-11: Chromium
#   150.0.7871.100-1~deb12u1 plus fonts-liberation (for legible screenshots) installed in 14 s with
#   apt's lists already present (no update needed); a re-run takes 0.08 s. On a fresh machine
#   `apt-get update` adds the download of Debian's package lists (0.8 s here with them current).
#
# Usage: bash scripts/chromium.sh       (idempotent; prints e.g. "Chromium 1xx.0.xxxx.xx ...")
set -euo pipefail

BIN=/usr/bin/chromium

die() { echo "[chromium] ERROR: $*" >&2; exit 1; }

if [ -x "$BIN" ] && version="$("$BIN" --version 2>/dev/null)"; then
	echo "$version"
	exit 0
fi

bash "$(dirname "$0")/apt-install.sh" chromium "$BIN" chromium fonts-liberation

[ -x "$BIN" ] || die "the chromium package is installed but $BIN is missing"
version="$("$BIN" --version 2>/dev/null)" || { "$BIN" --version >&2 || true; die "$BIN does not run"; }
echo "$version"
