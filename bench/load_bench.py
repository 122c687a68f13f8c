"""The web server's load curve: good throughput, 503 share and latency as offered load rises.

Starts gunicorn as in production (``gunicorn.conf.py``: gthread workers, ``DEBUG`` off,
``BAOHUANG_MAX_IN_FLIGHT``), on 127.0.0.1 with a throw-away SQLite database holding the
bundled variants, then offers it a rising rate of GET requests, **open-loop**: request *i*
of a step is sent at ``i / rate`` seconds whether or not earlier ones were answered (as
independent clients do), on a new connection each. Latency is counted from the moment a
request was due, so a client that fell behind is not flattering the server.

Per step it prints the offered rate, good throughput (2xx answers a second, over the step
or, when answers came later, until the last came), the share of
503 ``overloaded``, other failures (timeouts, refused connections, other statuses) and the
99th percentile of the 2xx and of the 503 answers::

    .venv/bin/python bench/load_bench.py                       # GET variant detail
    .venv/bin/python bench/load_bench.py --target mix --rates 50,100,200,400 --seconds 5

Local only and bounded: every step lasts ``--seconds`` plus at most ``--timeout`` to drain,
and the server is stopped at the end. ``tests/test_load.py`` (``make soak``) runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
#: Ports tried for the server (the first free one): far from 8000 and the other tools'.
PORTS = range(18040, 18050)

#: What a step offers: ``(path, headers)`` in turn.
TARGETS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "variant": [("/api/v1/variants/baike-common/", {"Accept-Language": "en"})],
    "mix": [
        ("/api/v1/variants/baike-common/", {"Accept-Language": "en"}),
        ("/api/v1/variants/", {"Accept-Language": "zh-Hans"}),
        ("/api/v1/variants/baike-weihai/versions/", {}),
        ("/api/v1/variants/baike-weihai/versions/1/", {"Accept-Language": "en"}),
        ("/api/v1/variants/baike-common/?lang=zh", {}),
        ("/api/v1/variants/baike-common/rulebook/?format=json&lang=en", {}),
        ("/api/v1/schema/variant/", {}),
        ("/healthz", {}),
    ],
}


@dataclass
class Step:
    """One offered rate and what came back."""

    offered: int
    sent: int
    good_per_s: float
    share_503: float
    failed: int
    p50_ms: float
    p99_ms: float
    p99_503_ms: float


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _one(
    host: str, port: int, path: str, headers: dict[str, str], due: float, timeout: float
) -> tuple[int, float]:
    """``(status, seconds since due)``; status 0 when no answer came (refused, timed out)."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    status = 0
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(host, port)
            try:
                writer.write(request)
                head = await reader.readline()
                await reader.read()  # the whole answer (Connection: close)
                parts = head.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    status = int(parts[1])
            finally:
                writer.close()
    except (OSError, TimeoutError):
        status = 0
    return status, time.monotonic() - due


async def _step(
    host: str,
    port: int,
    target: list[tuple[str, dict[str, str]]],
    rate: int,
    seconds: float,
    timeout: float,
) -> Step:
    """Offer ``rate`` requests a second for ``seconds``, open-loop; wait for the answers."""
    count = max(1, int(rate * seconds))
    start = time.monotonic() + 0.05
    tasks: list[asyncio.Task[tuple[int, float]]] = []
    for i in range(count):
        due = start + i / rate
        delay = due - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        path, headers = target[i % len(target)]
        tasks.append(asyncio.create_task(_one(host, port, path, headers, due, timeout)))
    results = await asyncio.gather(*tasks)
    # Answers that came after the step are counted over the time they took to come.
    elapsed = max(seconds, time.monotonic() - start)
    good = [latency for status, latency in results if 200 <= status < 300]
    shed = [latency for status, latency in results if status == 503]
    return Step(
        offered=rate,
        sent=count,
        good_per_s=round(len(good) / elapsed, 1),
        share_503=round(len(shed) / count, 3),
        failed=count - len(good) - len(shed),
        p50_ms=round(1000 * percentile([lat for _, lat in results], 0.5), 1),
        p99_ms=round(1000 * percentile(good, 0.99), 1),
        p99_503_ms=round(1000 * percentile(shed, 0.99), 1),
    )


def curve(
    url: str, target: str, rates: Sequence[int], seconds: float, timeout: float = 10.0
) -> list[Step]:
    """Each rate in turn against the server at ``url`` (``http://127.0.0.1:PORT``)."""
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    steps = []
    for rate in rates:
        steps.append(asyncio.run(_step(host, int(port), TARGETS[target], rate, seconds, timeout)))
        time.sleep(1)  # let the server's queues empty between steps
    return steps


def table(steps: Sequence[Step]) -> str:
    """The curve as a plain-text table."""
    head = "offered/s   sent   good/s   503 share  failed   p50 ms   p99 2xx ms   p99 503 ms"
    rows = [
        f"{s.offered:>9} {s.sent:>6} {s.good_per_s:>8} {s.share_503:>10.1%} {s.failed:>7} "
        f"{s.p50_ms:>8} {s.p99_ms:>12} {s.p99_503_ms:>12}"
        for s in steps
    ]
    return "\n".join([head, *rows])


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    """The first port of :data:`PORTS` nobody listens on."""
    for port in PORTS:
        with socket.socket() as probe:
            # As gunicorn binds: a port with connections in TIME_WAIT from a last run is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def server_environment(var: Path, **extra: str) -> dict[str, str]:
    """Production settings (``DEBUG`` off, a fresh key) with state under ``var``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "DB_CONN_MAX_AGE", "DATABASE_URL")
        and "SECURE" not in k
    }
    env.update(
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        BAOHUANG_VAR_DIR=str(var),
        DATABASE_URL=f"sqlite:///{var / 'db.sqlite3'}",
        CELERY_BROKER_URL="memory://",
        PYTHONPATH=str(ROOT),
        # Far above what the steps send: the curve is the server's, not the throttle's.
        API_THROTTLE_ANON="1000000/minute",
        API_THROTTLE_RULES="1000000/minute",
    )
    env.update(extra)
    return env


@contextmanager
def gunicorn(var: Path, **extra: str) -> Iterator[str]:
    """gunicorn from ``gunicorn.conf.py`` on a free port of :data:`PORTS`, after migrate
    and import_variants; yields its URL and stops it (the whole process group) after."""
    var.mkdir(parents=True, exist_ok=True)
    env = server_environment(var, **extra)
    for argv in (["migrate", "--noinput", "-v", "0"], ["import_variants"]):
        subprocess.run(  # noqa: S603 (fixed argv: this interpreter's manage.py)
            [sys.executable, "manage.py", *argv],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            timeout=600,
        )
    port = free_port()
    log = var / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(  # noqa: S603 (fixed argv: the venv's gunicorn)
            [str(BIN / "gunicorn")],
            cwd=ROOT,
            env={**env, "BIND": f"127.0.0.1:{port}"},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log.read_text(errors="replace")[-3000:])
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=5):  # noqa: S310 (our own local server)
                    break
            except OSError:
                time.sleep(0.3)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def warm_up(url: str, target: str) -> None:
    """One request to each path per worker process, so that no step pays for imports."""
    for _ in range(10):
        for path, headers in TARGETS[target]:
            request = urllib.request.Request(url + path, headers=headers)  # noqa: S310 (local)
            try:
                with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
                    response.read()
            except OSError:
                pass


def main() -> int:
    """Run the steps against a fresh server (or ``--url``) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=sorted(TARGETS), default="variant")
    parser.add_argument("--rates", default="50,100,200,400", help="requests a second, per step")
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each step")
    parser.add_argument("--url", help="an already running server instead of a fresh one")
    parser.add_argument("--json", action="store_true", help="the steps as JSON too")
    args = parser.parse_args()
    rates = [int(r) for r in args.rates.split(",")]
    if args.url:
        warm_up(args.url, args.target)
        steps = curve(args.url, args.target, rates, args.seconds)
    else:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp, gunicorn(Path(tmp)) as url:
            warm_up(url, args.target)
            steps = curve(url, args.target, rates, args.seconds)
    print(table(steps))
    if args.json:
        print(json.dumps([asdict(s) for s in steps]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
