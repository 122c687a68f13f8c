#!/bin/sh
# The entry point of the PostgreSQL image made from Debian's packages (deploy/bases.sh), doing
# what the official postgres image's does for compose.yaml's `db`: on first start an empty
# data directory ($PGDATA) is initialised with the superuser POSTGRES_USER (password
# POSTGRES_PASSWORD, required) and the database POSTGRES_DB, other hosts log in with a
# password (scram-sha-256), and the server listens on every address; then the command
# (`postgres -c …`) runs as the user postgres.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA" /var/run/postgresql
    chown -R postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 700 "$PGDATA"
    as_postgres="setpriv --reuid=postgres --regid=postgres --init-groups"
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
        : "${POSTGRES_PASSWORD:?the postgres image needs POSTGRES_PASSWORD}"
        user="${POSTGRES_USER:-postgres}"
        db="${POSTGRES_DB:-$user}"
        pwfile="$(mktemp)"
        printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
        chown postgres "$pwfile"
        $as_postgres initdb --username="$user" --pwfile="$pwfile" --auth-local=trust \
            --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
        rm -f "$pwfile"
        echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
        echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
        if [ "$db" != postgres ]; then
            # A server of its own for this step, on a private socket: nothing (not the
            # health check, pg_isready) takes it for the real one.
            private="$(mktemp -d)"
            chown postgres "$private"
            $as_postgres pg_ctl -D "$PGDATA" -w start \
                -o "-c listen_addresses='' -c unix_socket_directories=$private" >/dev/null
            $as_postgres psql -v ON_ERROR_STOP=1 --host="$private" --username="$user" \
                --dbname=postgres -c "CREATE DATABASE \"$db\"" >/dev/null
            $as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
            rm -rf "$private"
        fi
        echo "postgres: initialised $PGDATA (user $user, database $db)"
    fi
    exec $as_postgres "$@"
fi
exec "$@"
