#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server (Debian's postgresql
# package), started in a temporary folder on a free port and stopped afterwards.
set -euo pipefail
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/postgres" ]; then
  echo "with-postgres: PostgreSQL is not installed (apt-get install -y postgresql, or run bash .ci/run)" >&2
  exit 1
fi
port=${PGPORT_TEST:-54329}
dir=$(mktemp -d /tmp/portal-pg.XXXXXX)
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" "$pgbin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
stop() { "${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
