#!/bin/sh
# The entry point of the Redis image made from Debian's packages (deploy/bases.sh), doing what
# the official redis image's does for compose.yaml's `redis`: redis-server runs as the user
# redis in /data (its volume), reachable from the other containers without a password
# (protected mode off, as the official image builds it; a private network, as in compose.yaml).
set -eu
if [ "${1:-}" = redis-server ] && [ "$(id -u)" = 0 ]; then
    mkdir -p /data
    chown -R redis:redis /data
    cd /data
    case " $* " in
        *" --protected-mode "*) ;;
        *) set -- "$@" --protected-mode no ;;
    esac
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
