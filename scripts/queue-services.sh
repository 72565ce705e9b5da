#!/usr/bin/env bash
# Makes sure Debian's Redis and PostgreSQL servers are installed for the queue-mode test
# (test/e2e/queue-mode.test.ts starts its own throw-away instances of both on loopback; the
# services Debian's packages set up are not used). Prints where the binaries are:
#
#   REDIS_SERVER=/usr/bin/redis-server
#   PG_BIN=/usr/lib/postgresql/15/bin
#
# Installed with apt-get when missing (scripts/apt-install.sh; Debian 12 ships Redis 7.0 and
# PostgreSQL 15). Idempotent: a re-run takes a few ms.
set -euo pipefail
here="$(dirname "$0")"

bash "$here/apt-install.sh" redis /usr/bin/redis-server redis-server
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | while read -r d; do [ -x "$d/initdb" ] && echo "$d"; done | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ]; then
	bash "$here/apt-install.sh" postgresql /usr/lib/postgresql/15/bin/initdb postgresql
fi
[ -n "$(pg_bin)" ] || { echo "[postgresql] ERROR: no initdb under /usr/lib/postgresql/*/bin" >&2; exit 1; }

echo "REDIS_SERVER=/usr/bin/redis-server"
echo "PG_BIN=$(pg_bin)"
