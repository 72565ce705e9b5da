#!/usr/bin/env bash
# Installs a real n8n and the Node it needs into a cache folder that git ignores, so the e2e tests
# can run the package in the real thing. Everything comes from the npm registry alone:
#   - Node from the npm package node-<os>-<arch> (a real Node binary and its C headers);
#   - n8n from its lock file (scripts/n8n-locks/) with the overrides its version needs (below),
#     installed with --ignore-scripts (the Kafka client's native build downloads sources), then
#     sqlite3 built from source against that Node's headers (isolated-vm's prebuilt binary is
#     used: build_native).
#
# Versions (docs/versions.md): N8N_VERSION picks one of the supported n8n releases; default the
# pinned 2.40.7, the one the whole suite runs on.
#   2.40.7    Node 24  overrides linkedom 0.18.12 (0.18.15 needs a package the registry lacks)
#   2.41.1    Node 24  overrides @babel/helper-string-parser 7.29.14 (the newest 2.x that installs from
#             the registry; its @babel/types 7.29.15 asks for a helper-string-parser 7.29.15 the
#             registry does not have, seen 2026-11-24)
#   1.123.81  Node 22  overrides xlsx 0.18.5 (n8n-nodes-base takes xlsx from a URL outside the registry)
#
# Usage: scripts/n8n-runtime.sh [command]
#   install   (default) install if missing; fast no-op when the marker matches
#   template  install, then prepare a migrated n8n user folder to copy per test run
#   path      print the runtime folder (after making sure it is installed)
#   n8n ARGS  run the runtime's n8n with ARGS (after making sure it is installed)
#
# Layout of $N8N_RUNTIME_DIR (default <repo>/.n8n-runtime for 2.40.7, <repo>/.n8n-runtime-<version>
# for the others):
#   bin/n8n, bin/node    wrappers: that Node and n8n, usable without touching PATH
#   node/                the Node package          n8n/   n8n and its node_modules (~2.8 GB)
#   template/            a migrated user folder (N8N_USER_FOLDER; the data is in template/.n8n)
#   installed            marker: the versions installed; template/.ready likewise
set -euo pipefail
# Called from jest too: with NODE_ENV=test n8n keeps its database in memory (so no migrated
# template would be written) and other test settings leak in. n8n here is a real instance.
unset NODE_ENV NODE_OPTIONS

PINNED_N8N_VERSION=2.40.7
N8N_VERSION="${N8N_VERSION:-$PINNED_N8N_VERSION}"
case "$N8N_VERSION" in
	2.40.7) NODE_VERSION=24.21.0 OVERRIDES='"linkedom": "0.18.12"' ;;
	2.41.1) NODE_VERSION=24.21.0 OVERRIDES='"@babel/helper-string-parser": "7.29.14"' ;;
	1.123.81) NODE_VERSION=22.23.3 OVERRIDES='"xlsx": "0.18.5"' ;;
	*)
		echo "[n8n-runtime] ERROR: n8n $N8N_VERSION is not one of the versions this script knows (2.40.7, 2.41.1, 1.123.81)" >&2
		exit 1
		;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "$N8N_VERSION" == "$PINNED_N8N_VERSION" ]]; then
	RUNTIME_DIR="${N8N_RUNTIME_DIR:-$ROOT/.n8n-runtime}"
else
	RUNTIME_DIR="${N8N_RUNTIME_DIR:-$ROOT/.n8n-runtime-$N8N_VERSION}"
fi
mkdir -p "$RUNTIME_DIR"
RUNTIME_DIR="$(cd "$RUNTIME_DIR" && pwd)"

log() { echo "[n8n-runtime] $*" >&2; }
die() { echo "[n8n-runtime] ERROR: $*" >&2; exit 1; }

case "$(uname -s)" in
	Linux) node_os=linux ;;
	Darwin) node_os=darwin ;;
	*) die "unsupported OS $(uname -s)" ;;
esac
case "$(uname -m)" in
	x86_64 | amd64) node_arch=x64 ;;
	aarch64 | arm64) node_arch=arm64 ;;
	*) die "unsupported CPU $(uname -m)" ;;
esac
NODE_PKG="node-$node_os-$node_arch"
NODE_HOME="$RUNTIME_DIR/node/node_modules/$NODE_PKG"
NODE_BIN="$NODE_HOME/bin/node"
N8N_HOME="$RUNTIME_DIR/n8n/node_modules/n8n"
N8N_JS="$N8N_HOME/bin/n8n"
MARKER="$RUNTIME_DIR/installed"
EXPECTED="n8n=$N8N_VERSION node=$NODE_VERSION pkg=$NODE_PKG overrides={$OVERRIDES}"

# npm, run by Node 24, never reading the caller's script or nodedir settings by accident.
run_npm() {
	PATH="$NODE_HOME/bin:$PATH" npm_config_update_notifier=false npm_config_fund=false \
		npm_config_audit=false npm "$@"
}

is_installed() {
	[[ -f "$MARKER" && "$(cat "$MARKER")" == "$EXPECTED" && -x "$RUNTIME_DIR/bin/n8n" && -f "$N8N_JS" && -x "$NODE_BIN" ]]
}

install_node() {
	if [[ -x "$NODE_BIN" && "$("$NODE_BIN" --version 2>/dev/null)" == "v$NODE_VERSION" ]]; then
		log "Node $NODE_VERSION already in place"
		return
	fi
	log "installing Node $NODE_VERSION (npm package $NODE_PKG)"
	mkdir -p "$RUNTIME_DIR/node"
	cat >"$RUNTIME_DIR/node/package.json" <<-EOF
		{ "name": "n8n-runtime-node", "private": true, "dependencies": { "$NODE_PKG": "$NODE_VERSION" } }
	EOF
	(cd "$RUNTIME_DIR/node" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error) >&2 ||
		die "npm install $NODE_PKG@$NODE_VERSION failed"
	[[ "$("$NODE_BIN" --version 2>/dev/null)" == "v$NODE_VERSION" ]] || die "$NODE_BIN does not run or is not v$NODE_VERSION"
	[[ -f "$NODE_HOME/include/node/node.h" ]] || die "Node headers missing in $NODE_HOME/include"
}

install_n8n() {
	mkdir -p "$RUNTIME_DIR/n8n"
	cat >"$RUNTIME_DIR/n8n/package.json" <<-EOF
		{
		  "name": "n8n-runtime",
		  "private": true,
		  "dependencies": { "n8n": "$N8N_VERSION" },
		  "overrides": { $OVERRIDES }
		}
	EOF
	local installed_version=""
	[[ -f "$N8N_HOME/package.json" ]] && installed_version="$("$NODE_BIN" -p "require('$N8N_HOME/package.json').version" 2>/dev/null || true)"
	if [[ "$installed_version" != "$N8N_VERSION" || ! -f "$RUNTIME_DIR/n8n/.deps-installed" ]]; then
		log "installing n8n@$N8N_VERSION with --ignore-scripts (3 to 6 minutes, about 3 GB)"
		rm -f "$RUNTIME_DIR/n8n/.deps-installed"
		local t0=$SECONDS
		# From the lock file kept for this version (scripts/n8n-locks/): the tree the tests were run
		# on, installed without asking the registry to resolve 2,000-odd packages again (half the
		# time of a plain install here), and safe from a dependency published since. Without one, or
		# if npm refuses it, a plain install.
		local lock="$ROOT/scripts/n8n-locks/n8n-$N8N_VERSION.package-lock.json"
		if [[ -f "$lock" ]] && seed_from_pinned "$lock"; then
			log "n8n's tree made from the pinned $PINNED_N8N_VERSION's (hard links), then npm changed what differs"
		elif ! { [[ -f "$lock" ]] && cp "$lock" "$RUNTIME_DIR/n8n/package-lock.json" &&
			(cd "$RUNTIME_DIR/n8n" && run_npm ci --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error) >&2; }; then
			[[ -f "$lock" ]] && log "npm ci from $lock failed: installing without it"
			rm -f "$RUNTIME_DIR/n8n/package-lock.json"
			(cd "$RUNTIME_DIR/n8n" && run_npm install --ignore-scripts --no-audit --no-fund --loglevel=error) >&2 ||
				die "npm install n8n@$N8N_VERSION failed (see npm's messages above)"
		fi
		touch "$RUNTIME_DIR/n8n/.deps-installed"
		log "n8n installed in $((SECONDS - t0)) s"
	else
		log "n8n@$N8N_VERSION already in node_modules"
	fi

	local sqlite3 cache
	sqlite3="$(sqlite3_dir)" && cache="$(sqlite3_cache "$sqlite3")" || cache=""
	if [[ -n "$cache" ]] && ! native_ok && restore_sqlite3_build "$sqlite3" "$cache" && native_ok; then
		log "sqlite3's build reused from $cache (built by another version's install)"
	fi
	if ! native_ok; then
		build_native "$sqlite3" "$cache"
	fi
}

# Another version's n8n shares most of its tree with the pinned one's (2,345 of 2,448 packages for
# 2.41.1, 1,369 of 1,971 for 1.123.81): its node_modules starts as a copy of the pinned one's made of
# hard links (seconds, no disk space), then `npm install` with this version's lock file changes only
# what differs (about a minute, where `npm ci` unpacks 3 GB: 10 to 18 minutes on the 2-core machine
# beside the tests). npm never writes into a file it keeps: a package it changes or removes is moved
# aside and unpacked afresh (checked: no file of the pinned tree changed, and the tree made equals the
# lock file's, package for package). The two files that are written in place get copies of their own
# first: npm's record of the tree (node_modules/.package-lock.json) and sqlite3's build, which is
# removed (restored from the cache or built again: install_n8n). Only when the pinned n8n is installed
# beside this one on the same file system (hard links); otherwise, or if npm refuses, `npm ci`.
seed_from_pinned() { # the lock file
	local pinned="$ROOT/.n8n-runtime/n8n" tree="$RUNTIME_DIR/n8n/node_modules"
	[[ "$N8N_VERSION" != "$PINNED_N8N_VERSION" && -f "$ROOT/.n8n-runtime/installed" && -f "$pinned/.deps-installed" &&
		-f "$pinned/node_modules/.package-lock.json" ]] || return 1
	rm -rf "$tree" "$tree.partial"
	if cp -al "$pinned/node_modules" "$tree.partial" 2>/dev/null &&
		cp --remove-destination "$pinned/node_modules/.package-lock.json" "$tree.partial/.package-lock.json" &&
		rm -rf "$tree.partial/sqlite3/build" && mv "$tree.partial" "$tree" &&
		cp "$1" "$RUNTIME_DIR/n8n/package-lock.json" &&
		(cd "$RUNTIME_DIR/n8n" && run_npm install --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error) >&2; then
		return 0
	fi
	log "making the tree from the pinned n8n's failed: installing it whole"
	rm -rf "$tree" "$tree.partial"
	return 1
}

# The two native modules n8n needs. isolated-vm ships prebuilt binaries for each Node in its
# package (prebuilds/, loaded by node-gyp-build at require time), so it needs no install step at
# all; it is built from source only if none loads (minutes of C++). sqlite3's prebuilt binaries
# come from outside the registry: it is built from source, SQLite at -O1 (its gyp file asks -O3; the
# C compiler then takes about a quarter of the time, 25 s instead of 91 s of CPU here, and the tests'
# small databases do not feel the difference).
build_native() { # the sqlite3 folder, its cache folder (or "")
	local t0=$SECONDS
	if ! module_ok sqlite3; then
		log "building sqlite3 from source for Node $NODE_VERSION (about a minute)"
		(cd "$RUNTIME_DIR/n8n" && CFLAGS=-O1 CXXFLAGS=-O1 npm_config_nodedir="$NODE_HOME" npm_config_ignore_scripts=false \
			npm_config_build_from_source=true npm_config_jobs=max run_npm rebuild sqlite3 --loglevel=error) >&2 ||
			die "building sqlite3 failed (needs python3, make and a C++ compiler)"
	fi
	if ! module_ok isolated-vm; then
		log "isolated-vm has no prebuilt binary for Node $NODE_VERSION here: building it from source (several minutes)"
		(cd "$RUNTIME_DIR/n8n" && npm_config_nodedir="$NODE_HOME" npm_config_ignore_scripts=false \
			npm_config_build_from_source=true npm_config_jobs=max run_npm rebuild isolated-vm --loglevel=error) >&2 ||
			die "building isolated-vm failed (needs python3, make and a C++ compiler)"
	fi
	native_ok || die "sqlite3 or isolated-vm still does not load under Node $NODE_VERSION after the rebuild"
	log "native modules ready in $((SECONDS - t0)) s"
	[[ -z "$2" ]] || save_sqlite3_build "$1" "$2"
}

# sqlite3's build is the slow part of an install (isolated-vm ships prebuilt binaries for each
# Node: build_native). It is a Node-API addon, so one build loads under every Node that has that API: the first
# install keeps it in $ROOT/.n8n-runtime-cache, and the other versions' installs (the same sqlite3)
# copy it instead of compiling SQLite again. A copy that does not load is simply built over.
sqlite3_dir() { "$NODE_BIN" -p "require('path').dirname(require.resolve('sqlite3/package.json', { paths: ['$N8N_HOME'] }))" 2>/dev/null; }
# The cache folder for the sqlite3 in folder $1: one per sqlite3 version.
sqlite3_cache() {
	local version
	version="$("$NODE_BIN" -p "require('$1/package.json').version" 2>/dev/null)" || return 1
	echo "$ROOT/.n8n-runtime-cache/sqlite3-$version-$node_os-$node_arch"
}
# Both take the sqlite3 folder ($1) and its cache folder ($2).
restore_sqlite3_build() {
	[[ -f "$2/node_sqlite3.node" ]] || return 1
	mkdir -p "$1/build/Release" && cp "$2/node_sqlite3.node" "$1/build/Release/node_sqlite3.node"
}
save_sqlite3_build() {
	[[ -f "$1/build/Release/node_sqlite3.node" ]] || return 0
	# Written beside, then renamed: another install never copies half a file.
	mkdir -p "$2" && cp "$1/build/Release/node_sqlite3.node" "$2/node_sqlite3.node.$$" && mv "$2/node_sqlite3.node.$$" "$2/node_sqlite3.node"
}

# Do the two native modules n8n needs load under its Node? (resolved the way n8n resolves them)
native_ok() { module_ok sqlite3 && module_ok isolated-vm; }
module_ok() { (cd "$N8N_HOME" && "$NODE_BIN" -e "require('$1')") >/dev/null 2>&1; }

write_wrappers() {
	mkdir -p "$RUNTIME_DIR/bin"
	cat >"$RUNTIME_DIR/bin/n8n" <<-EOF
		#!/bin/sh
		# n8n $N8N_VERSION on Node $NODE_VERSION (written by scripts/n8n-runtime.sh)
		PATH="$NODE_HOME/bin:\$PATH"
		export PATH
		exec "$NODE_BIN" "$N8N_JS" "\$@"
	EOF
	chmod +x "$RUNTIME_DIR/bin/n8n"
	ln -sfn "$NODE_BIN" "$RUNTIME_DIR/bin/node"
}

ensure_installed() {
	if is_installed; then
		return
	fi
	local t0=$SECONDS
	log "installing into $RUNTIME_DIR"
	command -v npm >/dev/null || die "npm not found on PATH"
	install_node
	install_n8n
	write_wrappers
	local v
	v="$("$RUNTIME_DIR/bin/n8n" --version 2>/dev/null | tail -n1)" || die "the installed n8n does not start"
	[[ "$v" == "$N8N_VERSION" ]] || die "n8n --version printed '$v', expected $N8N_VERSION"
	echo "$EXPECTED" >"$MARKER"
	log "n8n $N8N_VERSION on Node $NODE_VERSION ready ($((SECONDS - t0)) s)"
}

# Env for a quiet, offline, throw-away instance (the tests set the same ones).
quiet_env() {
	export N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false \
		N8N_TEMPLATES_ENABLED=false N8N_PERSONALIZATION_ENABLED=false \
		N8N_HIDE_USAGE_PAGE=true N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false \
		N8N_RUNNERS_BROKER_PORT="${N8N_RUNNERS_BROKER_PORT:-$((20000 + RANDOM % 20000))}"
}

ensure_template() {
	ensure_installed
	local tpl="$RUNTIME_DIR/template" ready="$RUNTIME_DIR/template/.ready"
	if [[ -f "$ready" && "$(cat "$ready")" == "$EXPECTED" && -f "$tpl/.n8n/database.sqlite" ]]; then
		return
	fi
	log "preparing a migrated user folder template (first start runs the migrations)"
	local t0=$SECONDS tmp="$RUNTIME_DIR/template.tmp.$$"
	rm -rf "$tmp"
	mkdir -p "$tmp"
	(quiet_env && N8N_USER_FOLDER="$tmp" "$RUNTIME_DIR/bin/n8n" list:workflow) >"$RUNTIME_DIR/template.log" 2>&1 ||
		{ cat "$RUNTIME_DIR/template.log" >&2; rm -rf "$tmp"; die "n8n could not initialise a user folder"; }
	[[ -f "$tmp/.n8n/database.sqlite" ]] || { rm -rf "$tmp"; die "no database.sqlite after the first start"; }
	echo "$EXPECTED" >"$tmp/.ready"
	rm -rf "$tpl"
	mv "$tmp" "$tpl"
	log "template ready in $((SECONDS - t0)) s: $tpl"
}

# One installer at a time (parallel test workers, two terminals).
with_lock() {
	if is_installed && [[ "$1" != template ]]; then
		return 0
	fi
	if command -v flock >/dev/null; then
		exec 9>"$RUNTIME_DIR/.lock"
		flock 9
	fi
}

cmd="${1:-install}"
case "$cmd" in
	install)
		with_lock install
		ensure_installed
		log "ready: $RUNTIME_DIR/bin/n8n ($EXPECTED)"
		;;
	template)
		with_lock template
		ensure_template
		echo "$RUNTIME_DIR/template"
		;;
	path)
		with_lock path
		ensure_installed
		echo "$RUNTIME_DIR"
		;;
	n8n)
		shift
		with_lock n8n
		ensure_installed
		exec 9>&-
		quiet_env
		exec "$RUNTIME_DIR/bin/n8n" "$@"
		;;
	-h | --help | help)
		sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
		;;
	*)
		die "unknown command '$cmd' (install | template | path | n8n ARGS)"
		;;
esac
