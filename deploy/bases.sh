#!/usr/bin/env bash
# The base images, made from Debian's packages on this machine (README, "Containers"), for a
# machine that cannot pull python:…, node:…, postgres:… or redis:… from a registry:
#
#   deploy/bases.sh [python] [node] [postgres] [redis]      (default: all four)
#
# Each is `mmdebstrap --variant=minbase --include=… SUITE - | podman import - IMAGE`:
#
#   localhost/baohuang-base/python:3.11     Debian 12's python3 (3.11) in a virtualenv at
#                                           /opt/python on the PATH: `python` and `pip` as
#                                           in python:3.11-slim (the Dockerfile's PYTHON_IMAGE)
#   localhost/baohuang-base/node:20         Debian 13's nodejs (20.19) and npm (NODE_IMAGE)
#   localhost/baohuang-base/postgres:15     Debian 12's PostgreSQL 15 and an entry point doing
#                                           what the official image's does (deploy/bases/)
#   localhost/baohuang-base/redis:7         Debian 12's Redis 7, likewise
#
# An image is made again only when its recipe changed (this script and its own files in
# deploy/bases/: a digest in the image's label baohuang.recipe) or with FORCE=1. The machine's own extra
# certificate authorities (/usr/local/share/ca-certificates) go into each image, so pip and
# npm inside a build trust what the machine trusts. Needs root (mmdebstrap, podman).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
podman="$here/podman.sh"
"$podman" --install-only

PREFIX="${BASE_PREFIX:-localhost/baohuang-base}"
declare -A IMAGE=(
    [python]="$PREFIX/python:3.11"
    [node]="$PREFIX/node:20"
    [postgres]="$PREFIX/postgres:15"
    [redis]="$PREFIX/redis:7"
)
recipe() {  # recipe NAME: a digest of what makes that image (this script, its own files, the CAs)
    local files=("${BASH_SOURCE[0]}")
    shopt -s nullglob
    files+=("$here"/bases/"$1"-* /usr/local/share/ca-certificates/*.crt)
    shopt -u nullglob
    cat "${files[@]}" | sha256sum | cut -c1-16
}
bookworm=(bookworm - "deb http://deb.debian.org/debian bookworm main"
    "deb http://deb.debian.org/debian bookworm-updates main"
    "deb http://deb.debian.org/debian-security bookworm-security main")
trixie=(trixie - "deb http://deb.debian.org/debian trixie main"
    "deb http://deb.debian.org/debian trixie-updates main"
    "deb http://deb.debian.org/debian-security trixie-security main")
PATH_DEFAULT=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# The machine's extra certificate authorities, then the bundle rebuilt.
cas=(--customize-hook='if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
        cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/";
        chroot "$1" update-ca-certificates >/dev/null; fi')

# As the official slim images: no manual pages, documentation (but the copyrights) or
# translations of the packages' messages.
slim=(--dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/doc/*'
    --dpkgopt='path-include=/usr/share/doc/*/copyright')

strap() {  # strap NAME MMDEBSTRAP-ARGS... -- PODMAN-IMPORT-CHANGES...
    local name=$1 image=${IMAGE[$1]} recipe
    recipe="$(recipe "$name")"
    shift
    local args=() changes=()
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    shift
    for change in "$@" "LABEL baohuang.recipe=$recipe"; do changes+=(--change "$change"); done
    if [ -z "${FORCE:-}" ] && [ "$("$podman" image inspect --format '{{index .Labels "baohuang.recipe"}}' "$image" 2>/dev/null)" = "$recipe" ]; then
        echo "bases: $image is up to date"
        return
    fi
    local started=$SECONDS
    mmdebstrap --quiet --variant=minbase --format=tar "${slim[@]}" "${args[@]}" \
        | "$podman" import --quiet "${changes[@]}" - "$image" >/dev/null
    echo "bases: $image made in $((SECONDS - started))s ($("$podman" image inspect --format '{{.Size}}' "$image" | numfmt --to=iec))"
}

make_python() {
    strap python --include=python3,python3-venv,ca-certificates "${cas[@]}" \
        --customize-hook='chroot "$1" python3 -m venv /opt/python' \
        --customize-hook='printf "[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n" >"$1/etc/pip.conf"' \
        "${bookworm[@]}" -- \
        "ENV PATH=/opt/python/bin:$PATH_DEFAULT" "ENV LANG=C.UTF-8" 'CMD ["python3"]'
}

make_node() {
    strap node --include=nodejs,npm,ca-certificates "${cas[@]}" "${trixie[@]}" -- \
        "ENV PATH=$PATH_DEFAULT" "ENV LANG=C.UTF-8" \
        "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" 'CMD ["node"]'
}

make_postgres() {
    strap postgres --include=postgresql-15,ca-certificates \
        --customize-hook="upload $here/bases/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh" \
        --customize-hook='chmod 755 "$1/usr/local/bin/docker-entrypoint.sh"' \
        "${bookworm[@]}" -- \
        "ENV PATH=/usr/lib/postgresql/15/bin:$PATH_DEFAULT" "ENV LANG=C.UTF-8" \
        "ENV PGDATA=/var/lib/postgresql/data" "VOLUME /var/lib/postgresql/data" \
        'ENTRYPOINT ["docker-entrypoint.sh"]' 'CMD ["postgres"]' "EXPOSE 5432" "STOPSIGNAL SIGINT"
}

make_redis() {
    strap redis --include=redis-server,redis-tools \
        --customize-hook="upload $here/bases/redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh" \
        --customize-hook='chmod 755 "$1/usr/local/bin/docker-entrypoint.sh"' \
        --customize-hook='mkdir -p "$1/data"' \
        "${bookworm[@]}" -- \
        "ENV PATH=$PATH_DEFAULT" "ENV LANG=C.UTF-8" "VOLUME /data" "WORKDIR /data" \
        'ENTRYPOINT ["docker-entrypoint.sh"]' 'CMD ["redis-server"]' "EXPOSE 6379"
}

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(python node postgres redis)
for name in "${wanted[@]}"; do
    case "$name" in
        python | node | postgres | redis) ;;
        *) echo "bases: no base called $name (python, node, postgres, redis)" >&2; exit 2 ;;
    esac
done
# The bases are made side by side (downloading and unpacking more than computing).
pids=()
for name in "${wanted[@]}"; do
    "make_$name" &
    pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { echo "bases: ${wanted[$i]} failed" >&2; failed=1; }
done
exit $failed
