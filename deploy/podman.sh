#!/usr/bin/env bash
# podman as this project's machines need it (README, "Containers"), for the other scripts of
# deploy/ and the Makefile: `deploy/podman.sh ARGS…` is `podman ARGS…` with
#
# - CONTAINERS_CONF=deploy/containers.conf: the runc runtime (crun refuses these machines'
#   hybrid cgroups) and explicit ulimits (the defaults cannot be set here), for podman run,
#   podman build and podman-compose alike, without changing the machine's own configuration;
# - podman, podman-compose, mmdebstrap and runc installed from Debian's packages first if one
#   is missing (as root: CI runs on a fresh machine).
#
# `deploy/podman.sh --install-only` installs and exits.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="$here/containers.conf"

missing=()
for tool in podman podman-compose mmdebstrap runc; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "deploy/podman.sh: ${missing[*]} missing; install them (apt-get install ${missing[*]}) or run as root" >&2
        exit 1
    fi
    echo "deploy/podman.sh: installing ${missing[*]} (Debian's packages)" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--install-only" ]; then
    exit 0
fi
exec podman "$@"
