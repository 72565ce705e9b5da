#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser e2e test
# (test/e2e/browser.test.ts drives it with playwright-core; `npx playwright install` cannot download
# a browser on machines that only reach the npm registry and Debian's packages).
#
# - Already installed: prints the version and exits (about 0.1 s).
# - Missing: `apt-get install -y --no-install-recommends chromium fonts-liberation`, non-interactive
#   and quiet (apt's output goes to a log whose tail is printed on failure). `apt-get update` runs
#   first when apt knows no candidate for chromium (fresh machine, empty lists), and once more
#   before a retry if the install fails (stale lists pointing at removed .debs). Needs root, or
#   sudo without a password.
# - Measured on this project's machine kind (Debian bookworm, 2 cores, root), 2026-11: Chromium
#   150.0.7871.100-1~deb12u1 plus fonts-liberation (for legible screenshots) installed in 14 s with
#   apt's lists already present (no update needed); a re-run takes 0.08 s. On a fresh machine
#   `apt-get update` adds the download of Debian's package lists (0.8 s here with them current).
#
# Usage: bash scripts/chromium.sh       (idempotent; prints e.g. "Chromium 1xx.0.xxxx.xx ...")
set -euo pipefail

BIN=/usr/bin/chromium

log() { echo "[chromium] $*" >&2; }
die() { echo "[chromium] ERROR: $*" >&2; exit 1; }

if [ -x "$BIN" ] && version="$("$BIN" --version 2>/dev/null)"; then
	echo "$version"
	exit 0
fi

command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install Chromium by hand so that $BIN exists (Debian/Ubuntu package 'chromium')."

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO=(sudo -n)
	else
		die "not root and no password-less sudo: run as root (or 'sudo apt-get install -y chromium')."
	fi
fi

export DEBIAN_FRONTEND=noninteractive
APT_LOG="$(mktemp -t chromium-apt.XXXXXX.log)"
trap 'rm -f "$APT_LOG"' EXIT

apt_run() {
	if ! "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Dpkg::Use-Pty=0 \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" >>"$APT_LOG" 2>&1; then
		return 1
	fi
}

has_candidate() {
	local candidate
	candidate="$(apt-cache policy chromium 2>/dev/null | awk '/Candidate:/ { print $2 }')"
	[ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}

start=$(date +%s)
updated=0
if ! has_candidate; then
	log "apt-get update (no chromium candidate known yet)"
	apt_run update || { tail -n 30 "$APT_LOG" >&2; die "apt-get update failed"; }
	updated=1
	has_candidate || die "no 'chromium' package in the configured apt sources (Debian's main component has it)."
fi

log "apt-get install chromium (a few minutes on a fresh machine)"
if ! apt_run install --no-install-recommends chromium fonts-liberation; then
	if [ "$updated" -eq 1 ]; then
		tail -n 30 "$APT_LOG" >&2
		die "apt-get install chromium failed"
	fi
	log "install failed; apt-get update and one retry"
	apt_run update || { tail -n 30 "$APT_LOG" >&2; die "apt-get update failed"; }
	apt_run install --no-install-recommends chromium fonts-liberation || { tail -n 30 "$APT_LOG" >&2; die "apt-get install chromium failed"; }
fi

[ -x "$BIN" ] || die "the chromium package is installed but $BIN is missing"
version="$("$BIN" --version 2>/dev/null)" || { "$BIN" --version >&2 || true; die "$BIN does not run"; }
log "installed in $(( $(date +%s) - start )) s"
echo "$version"
