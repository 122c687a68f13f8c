"""``python -m baohuang.project.healthcheck``: is the web server of this machine healthy?

The container image's ``HEALTHCHECK``. It asks the gunicorn of this machine (``BIND``,
default ``127.0.0.1:8000``; ``0.0.0.0`` means this machine) for ``/healthz`` as a client of
the deployment would: with a ``Host`` header the settings allow (the first of
``ALLOWED_HOSTS``) and, behind a TLS proxy (``SECURE_PROXY_SSL_HEADER``), the proxy's
"this came over HTTPS" header, so that ``SECURE_SSL_REDIRECT`` does not answer a redirect.
Exit status 0 when the answer is 200 (the database answered too), 1 otherwise. No Django
import: a probe every 30 s must stay cheap.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping

#: Seconds before the probe gives up (the image's HEALTHCHECK allows 5).
TIMEOUT = 4.0


def target(bind: str) -> str:
    """The base URL to reach a server listening on ``bind`` (gunicorn's ``host:port``)."""
    address = (bind.split(",")[0].strip() or "127.0.0.1:8000").removeprefix("tcp://")
    host, _, port = address.rpartition(":")
    if not host:
        host, port = address, "8000"
    if host in ("", "0.0.0.0", "*"):  # noqa: S104 (reading gunicorn's bind, not binding)
        host = "127.0.0.1"
    elif host in ("[::]", "::"):
        host = "[::1]"
    return f"http://{host}:{port}"


def host_header(allowed_hosts: str) -> str:
    """A host name ``ALLOWED_HOSTS`` accepts (``.example.com`` → ``example.com``)."""
    for entry in allowed_hosts.split(","):
        name = entry.strip().lstrip(".")
        if name and name != "*":
            return name
    return "localhost"


def headers(environ: Mapping[str, str]) -> dict[str, str]:
    """The probe's request headers for a deployment configured by ``environ``."""
    result = {"Host": host_header(environ.get("ALLOWED_HOSTS") or "127.0.0.1,localhost")}
    proxy = [p.strip() for p in (environ.get("SECURE_PROXY_SSL_HEADER") or "").split(",")]
    if len(proxy) == 2 and proxy[0].startswith("HTTP_"):
        result[proxy[0].removeprefix("HTTP_").replace("_", "-").title()] = proxy[1]
    return result


def check(environ: Mapping[str, str]) -> tuple[bool, str]:
    """Ask ``/healthz``; (healthy, what was seen)."""
    url = target(environ.get("BIND") or "") + "/healthz"
    # Always http:// (target() builds it): no file: or other scheme can reach urlopen.
    request = urllib.request.Request(url, headers=headers(environ))  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310
            return response.status == 200, f"{url} {response.status}"
    except urllib.error.HTTPError as exc:
        return False, f"{url} {exc.code}"
    except OSError as exc:
        return False, f"{url} {type(exc).__name__}: {exc}"


def main() -> int:
    """Exit status 0 when healthy, 1 otherwise; one line on stdout/stderr either way."""
    healthy, seen = check(os.environ)
    print(seen, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
