#!/usr/bin/env bash
# Installs Debian packages the tests need, when a file they provide is missing: Chromium for the
# browser test (scripts/chromium.sh), Redis and PostgreSQL for the queue-mode test
# (scripts/queue-services.sh).
#
#   bash scripts/apt-install.sh <label> <file that must exist> <package>...
#
# - The file exists: exits at once (a few ms).
# - Missing: `apt-get install -y --no-install-recommends <packages>`, non-interactive and quiet
#   (apt's output goes to a log whose tail is printed on failure). `apt-get update` runs first when
#   apt knows no candidate for the first package (fresh machine, empty lists), and once more before
#   a retry if the install fails (stale lists pointing at removed .debs). Needs root, or sudo
#   without a password.
set -euo pipefail

label="$1"
file="$2"
shift 2
packages=("$@")

log() { echo "[$label] $*" >&2; }
die() { echo "[$label] ERROR: $*" >&2; exit 1; }

[ -e "$file" ] && exit 0

command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install ${packages[*]} by hand so that $file exists."

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO=(sudo -n)
	else
		die "not root and no password-less sudo: run as root (or 'sudo apt-get install -y ${packages[*]}')."
	fi
fi

APT_LOG="$(mktemp -t apt-install.XXXXXX.log)"
trap 'rm -f "$APT_LOG"' EXIT

apt_run() {
	"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o Dpkg::Use-Pty=0 \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" >>"$APT_LOG" 2>&1
}

has_candidate() {
	local candidate
	candidate="$(apt-cache policy "${packages[0]}" 2>/dev/null | awk '/Candidate:/ { print $2 }')"
	[ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}

start=$(date +%s)
updated=0
if ! has_candidate; then
	log "apt-get update (no ${packages[0]} candidate known yet)"
	apt_run update || { tail -n 30 "$APT_LOG" >&2; die "apt-get update failed"; }
	updated=1
	has_candidate || die "no '${packages[0]}' package in the configured apt sources (Debian's main component has it)."
fi

log "apt-get install ${packages[*]}"
if ! apt_run install --no-install-recommends "${packages[@]}"; then
	if [ "$updated" -eq 1 ]; then
		tail -n 30 "$APT_LOG" >&2
		die "apt-get install ${packages[*]} failed"
	fi
	log "install failed; apt-get update and one retry"
	apt_run update || { tail -n 30 "$APT_LOG" >&2; die "apt-get update failed"; }
	apt_run install --no-install-recommends "${packages[@]}" || { tail -n 30 "$APT_LOG" >&2; die "apt-get install ${packages[*]} failed"; }
fi

[ -e "$file" ] || die "${packages[*]} installed, but $file is missing"
log "installed in $(( $(date +%s) - start )) s"
