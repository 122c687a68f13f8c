"""Several machines for real (issue #16, "Several machines, for real"; docs/reports/multihost.md).

Four hosts made of Linux network namespaces on one bridge, sharing nothing but the network:

========  ===========================================================================
``db``    its own PostgreSQL (``initdb`` in a temporary folder) and Redis, on its address
``web``   the compose file's ``migrate`` one-shot, then its ``web`` command (gunicorn)
``w1``    the compose file's ``worker`` command (a Celery worker, one process)
``w2``    the same
========  ===========================================================================

Each host has its own ``BAOHUANG_VAR_DIR`` and ``HOME``, its own host name (a UTS
namespace) and the environment ``compose.yaml`` gives its service, with ``db`` and ``redis``
replaced by the database host's address: no SQLite, no filesystem broker. The code and
the virtualenv are the same files on every host, as the same image would be.

The test, standing outside as an operator's machine would, logs in on the web host over
HTTP (the admin's login form: a session and its CSRF token), posts a 20,000-game
simulation job, and once ``w1`` is inside a chunk of the job's second half, tears ``w1``
down as a machine that dies does. ``w1`` is there by construction, not by timing: the test
puts ``tests/multihost_hold/`` on its ``PYTHONPATH`` only, whose ``sitecustomize`` makes the
first chunk it starts from game 10,000 on wait (heartbeating) for a release that never
comes, and says which chunk that is. Its link goes down first (no goodbye reaches anyone),
then every process in it is killed and the namespace deleted. ``w2``'s reaper finds the
chunk ``w1`` was playing silent and sends it again (and a chunk whose message ``w1`` had
taken from Redis as it died). The job must end ``succeeded`` with exactly 20,000 games,
every chunk done once, and its statistics must equal ``baohuang simulate`` of the same
seed run in one process (docs/jobs.md: "exactly what `baohuang simulate` prints … however many
workers ran it"), which runs beside the hosts at the lowest priority.

Needs root, ``ip`` (iproute2), ``unshare``, ``runuser``, PostgreSQL's server binaries
(``/usr/lib/postgresql/*/bin``) and ``redis-server``; everything it starts is stopped and
every namespace, link and folder removed afterwards, whatever happens (``MULTIHOST_KEEP=1``
keeps the folders and logs of a failed run). ``make multihost``
runs it and prints its figures.
"""

from __future__ import annotations

import glob
import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests import composefile
from tests.prerequisites import require

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
#: The folder whose sitecustomize.py holds w1 inside a chunk (on w1's PYTHONPATH only).
HOLD_HOOK = ROOT / "tests" / "multihost_hold"

GAMES = int(os.environ.get("MULTIHOST_GAMES") or 20_000)
SEED = 20_260_501
VARIANT = "baike-common"
POLICY = "heuristic"
#: The worker host is torn down inside the first chunk it starts from this game on (half the
#: job): it holds that chunk (tests/multihost_hold/sitecustomize.py) until it is gone.
HOLD_FROM = GAMES // 2
#: Short enough for a test, as an operator may set them (docs/jobs.md).
JOB_SETTINGS = {
    "BAOHUANG_JOBS_HEARTBEAT_SECONDS": "1",
    "BAOHUANG_JOBS_STALE_AFTER_SECONDS": "5",
    "BAOHUANG_JOBS_REAP_EVERY_SECONDS": "1",
}
OPERATOR = ("operator", "Multi-host-" + os.urandom(9).hex())
HOSTS = ("db", "web", "w1", "w2")


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    return Path(found[-1]).parent if found else None


def _version_key(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"/postgresql/(\d+)", path))


def prerequisites() -> str | None:
    """Why this machine cannot run the test, or None."""
    if os.geteuid() != 0:
        return "needs root (network namespaces)"
    for tool in ("ip", "unshare", "hostname", "runuser", "redis-server", "redis-cli"):
        if shutil.which(tool) is None:
            return f"needs {tool}"
    if _pg_bin() is None:
        return "needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin)"
    try:
        _run("ip", "netns", "add", f"bhprobe{os.getpid()}")
    except RuntimeError as exc:
        return f"cannot create a network namespace: {exc}"
    _run("ip", "netns", "del", f"bhprobe{os.getpid()}", check=False)
    return None


def _run(*argv: str, check: bool = True, timeout: float = 120) -> str:
    result = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: {result.stdout}{result.stderr}")
    return result.stdout


# --------------------------------------------------------------------------- the network


@dataclass
class Host:
    """A network namespace with an address on the bridge, a host name and a folder."""

    name: str
    namespace: str
    link: str
    address: str
    folder: Path
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def command(self, argv: list[str]) -> list[str]:
        """``argv`` run inside this host: its namespace, its own host name."""
        return [
            "ip",
            "netns",
            "exec",
            self.namespace,
            "unshare",
            "--uts",
            "sh",
            "-c",
            f'hostname {self.name} && exec "$@"',
            "sh",
            *argv,
        ]

    def run(self, argv: list[str], env: Mapping[str, str], timeout: float = 300) -> str:
        """Run ``argv`` on this host to the end; its output (fails on a non-zero status)."""
        result = subprocess.run(
            self.command(argv),
            env=dict(env),
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        assert result.returncode == 0, f"{self.name}: {argv}:\n{result.stdout}\n{result.stderr}"
        return result.stdout

    def start(self, label: str, argv: list[str], env: Mapping[str, str]) -> Path:
        """Start ``argv`` on this host in the background; its log file."""
        log = self.folder / f"{label}.log"
        with log.open("ab") as out:
            self.processes.append(
                subprocess.Popen(
                    self.command(argv),
                    env=dict(env),
                    cwd=self.folder,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        return log

    def pids(self) -> list[int]:
        """Every process in this host's namespace."""
        out = _run("ip", "netns", "pids", self.namespace, check=False)
        return [int(p) for p in out.split()]

    def alive(self) -> bool:
        """Whether the namespace still exists."""
        return self.namespace in _run("ip", "netns", "list", check=False).split()

    def destroy(self, abruptly: bool) -> None:
        """Take the host away: (abruptly: its link down first, so nothing it held is closed
        cleanly) every process killed, the namespace and its link deleted."""
        if not self.alive():
            return
        if abruptly:
            _run("ip", "-n", self.namespace, "link", "set", "eth0", "down", check=False)
        else:
            for pid in self.pids():
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + 20
            while self.pids() and time.monotonic() < deadline:
                time.sleep(0.2)
        for _ in range(50):
            pids = self.pids()
            if not pids:
                break
            for pid in pids:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.1)
        for process in self.processes:
            with suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        _run("ip", "netns", "del", self.namespace, check=False)
        _run("ip", "link", "del", self.link, check=False)


def _free_subnet() -> str:
    """A /24 in 10.0.0.0/8 that no route of this machine uses: ``10.X.Y``."""
    routes = _run("ip", "-4", "route", "show", "table", "all", check=False)
    for attempt in range(200):
        candidate = f"10.{213 + attempt % 40}.{(os.getpid() + attempt * 7) % 250 + 1}"
        if candidate + "." not in routes:
            return candidate
    raise RuntimeError("no free 10.x.y.0/24 for the test network")


@contextmanager
def network(base: Path) -> Iterator[dict[str, Host]]:
    """A bridge with the hosts on it (the test's own address is ``.1``); all removed after."""
    tag = f"bh{os.getpid() % 100000}"
    bridge = f"{tag}br"
    subnet = _free_subnet()
    hosts: dict[str, Host] = {}
    try:
        _run("ip", "link", "add", bridge, "type", "bridge")
        _run("ip", "addr", "add", f"{subnet}.1/24", "dev", bridge)
        _run("ip", "link", "set", bridge, "up")
        for number, name in enumerate(HOSTS, start=2):
            host = Host(
                name=name,
                namespace=f"{tag}-{name}",
                link=f"{tag}{name}",
                address=f"{subnet}.{number}",
                folder=base / name,
            )
            hosts[name] = host
            host.folder.mkdir(parents=True)
            _run("ip", "netns", "add", host.namespace)
            _run(
                "ip", "link", "add", host.link, "type", "veth",
                "peer", "name", "eth0", "netns", host.namespace,
            )  # fmt: skip
            _run("ip", "link", "set", host.link, "master", bridge)
            _run("ip", "link", "set", host.link, "up")
            _run("ip", "-n", host.namespace, "addr", "add", f"{host.address}/24", "dev", "eth0")
            _run("ip", "-n", host.namespace, "link", "set", "eth0", "up")
            _run("ip", "-n", host.namespace, "link", "set", "lo", "up")
        yield hosts
    finally:
        # Workers and the web server first (they hold connections to the database host).
        for name in ("w1", "w2", "web", "db"):
            if name in hosts:
                hosts[name].destroy(abruptly=False)
        _run("ip", "link", "del", bridge, check=False)


# --------------------------------------------------------------------------- services


def wait_until(condition: Any, timeout: float, what: str, logs: Sequence[Path] = ()) -> Any:
    """Poll ``condition`` until it is truthy (its value); fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with suppress(OSError, urllib.error.URLError, RuntimeError):
            value = condition()
            if value:
                return value
        if time.monotonic() > deadline:
            tails = "\n".join(f"--- {log}\n{_tail(log)}" for log in logs)
            pytest.fail(f"{what} did not happen within {timeout:.0f}s\n{tails}")
        time.sleep(0.2)


def _tail(log: Path, chars: int = 3000) -> str:
    try:
        return log.read_text(errors="replace")[-chars:]
    except OSError:
        return "(no log)"


def start_database_host(host: Host, pg_bin: Path) -> None:
    """PostgreSQL (an ``initdb`` of its own, as user ``postgres``) and Redis on ``host``."""
    data = host.folder / "pgdata"
    host.folder.chmod(0o755)
    data.mkdir()
    shutil.chown(data, "postgres", "postgres")
    sockets = host.folder / "sockets"
    sockets.mkdir()
    shutil.chown(sockets, "postgres", "postgres")
    _run(
        "runuser", "-u", "postgres", "--", str(pg_bin / "initdb"), "-D", str(data),
        "--username=baohuang", "--auth=trust", "--encoding=UTF8", "--no-sync",
    )  # fmt: skip
    with (data / "pg_hba.conf").open("a") as hba:
        hba.write(f"host all all {host.address.rsplit('.', 1)[0]}.0/24 trust\n")
    settings = {
        "listen_addresses": host.address,
        "unix_socket_directories": str(sockets),
        "max_connections": "100",
        # As compose.yaml's db: a vanished client's transaction does not hold its locks long.
        "idle_in_transaction_session_timeout": "60s",
        "tcp_keepalives_idle": "30",
        "tcp_keepalives_interval": "10",
        "tcp_keepalives_count": "3",
        "fsync": "off",  # a throw-away cluster
    }
    options = [arg for key, value in settings.items() for arg in ("-c", f"{key}={value}")]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    pg_log = host.start(
        "postgres",
        ["runuser", "-u", "postgres", "--", str(pg_bin / "postgres"), "-D", str(data), *options],
        env,
    )
    wait_until(
        lambda: (
            subprocess.run(
                [str(pg_bin / "pg_isready"), "-q", "-h", host.address, "-p", "5432"], check=False
            ).returncode
            == 0
        ),
        60,
        "PostgreSQL answering",
        [pg_log],
    )
    _run(str(pg_bin / "createdb"), "-h", host.address, "-U", "baohuang", "baohuang")
    redis_dir = host.folder / "redis"
    redis_dir.mkdir()
    redis_log = host.start(
        "redis",
        [
            "redis-server", "--bind", host.address, "--port", "6379", "--save", "",
            "--appendonly", "no", "--dir", str(redis_dir), "--daemonize", "no",
            # Reachable from the other hosts without a password: a private network, as in
            # compose.yaml (the official image turns protected mode off the same way).
            "--protected-mode", "no",
        ],
        env,
    )  # fmt: skip
    wait_until(
        lambda: _run("redis-cli", "-h", host.address, "ping", check=False).strip() == "PONG",
        30,
        "Redis answering",
        [redis_log],
    )


def service_env(
    compose: Mapping[str, Any], service: str, host: Host, db: Host, **extra: str
) -> dict[str, str]:
    """The environment compose.yaml gives ``service``, on ``host``: ``db`` and ``redis``
    are the database host's address; local state in the host's own folder."""
    variables = {
        "SECRET_KEY": "multihost-" + "k" * 50,
        "ALLOWED_HOSTS": host.address,
        "OPERATOR_USERNAME": OPERATOR[0],
        "OPERATOR_PASSWORD": OPERATOR[1],
        "WORKER_CONCURRENCY": "1",
        "WEB_CONCURRENCY": "1",
    }
    env = composefile.environment(compose, service, variables)
    for key, value in env.items():
        parts = urllib.parse.urlsplit(value)
        if parts.scheme in ("postgres", "redis") and parts.hostname in ("db", "redis"):
            env[key] = value.replace(f"@{parts.hostname}:", f"@{db.address}:").replace(
                f"//{parts.hostname}:", f"//{db.address}:"
            )
    assert "sqlite" not in env["DATABASE_URL"]
    assert env["CELERY_BROKER_URL"].startswith("redis")
    env.update(
        PATH=f"{BIN}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        LANG="C.UTF-8",
        HOME=str(host.folder),
        PYTHONPATH=str(ROOT),
        PYTHONUNBUFFERED="1",
        BAOHUANG_VAR_DIR=str(host.folder / "var"),
        # Celery's note that the worker runs as root (the image runs it as a user of its own).
        PYTHONWARNINGS="ignore:You're running the worker with superuser privileges",
        **extra,
    )
    return env


# --------------------------------------------------------------------------- HTTP client


class Operator:
    """An operator's browser-like client: the admin's login form, then the API with the
    session cookie and the CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def _cookie(self, name: str) -> str:
        return next(c.value or "" for c in self.cookies if c.name == name)

    def login(self, username: str, password: str) -> None:
        """Log in through /admin/login/ (fails unless a session cookie comes back)."""
        page = self.opener.open(self.base + "/admin/login/", timeout=30).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, page[:500]
        body = urllib.parse.urlencode(
            {
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": token.group(1),
                "next": "/admin/",
            }
        ).encode()
        self.opener.open(self.base + "/admin/login/", data=body, timeout=30).read()
        assert any(c.name == "sessionid" for c in self.cookies), "the login failed"

    def request(
        self, method: str, path: str, payload: Any = None, headers: Mapping[str, str] = {}
    ) -> tuple[int, Any]:
        """A JSON request; (status, decoded body). A 503 ``overloaded`` (the server shedding
        load on a busy machine) is tried again after its ``Retry-After``, as a client should,
        for up to a minute."""
        sent = {"Accept": "application/json", "Accept-Language": "en", **headers}
        data = None
        if payload is not None:
            data = json.dumps(payload).encode()
            sent["Content-Type"] = "application/json"
        if method != "GET":
            sent["X-CSRFToken"] = self._cookie("csrftoken")
        deadline = time.monotonic() + 60
        while True:
            request = urllib.request.Request(self.base + path, data, sent, method=method)  # noqa: S310 (http:// of the web host)
            try:
                with self.opener.open(request, timeout=30) as response:
                    return response.status, json.loads(response.read() or b"null")
            except urllib.error.HTTPError as exc:
                body = json.loads(exc.read() or b"null")
                shed = (
                    exc.code == 503 and isinstance(body, dict) and body.get("error") == "overloaded"
                )
                if not shed or time.monotonic() > deadline:
                    return exc.code, body
                time.sleep(float(exc.headers.get("Retry-After") or 1))


# --------------------------------------------------------------------------- the test


@dataclass
class Figures:
    """What the run measured (printed, and in the test's report)."""

    games: int = 0
    seconds_to_start: float = 0.0
    """From nothing to four hosts serving (initdb, migrate, gunicorn, two workers)."""
    seconds_to_success: float = 0.0
    seconds_after_teardown: float = 0.0
    torn_down_at_games: int = 0
    chunks: int = 0
    chunks_rerun: int = 0
    chunks_by_host: dict[str, int] = field(default_factory=dict)
    """Chunks each worker host finished."""
    reaper_requeued: int = 0
    """Running chunks w2's reaper found silent and sent again."""
    reaper_resent: int = 0
    """Pending chunks whose message was lost (taken by w1 as it died), sent again."""
    reference_seconds: float = 0.0
    """When the single-process reference had finished (from the start of the test)."""


def query(db: Host, sql: str) -> list[tuple[str, ...]]:
    """Rows of ``sql`` on the database host (psql, tab-separated)."""
    pg_bin = _pg_bin()
    assert pg_bin is not None
    out = _run(
        str(pg_bin / "psql"), "-h", db.address, "-U", "baohuang", "-d", "baohuang",
        "-AtF", "\t", "-c", sql,
    )  # fmt: skip
    return [tuple(line.split("\t")) for line in out.splitlines() if line]


@pytest.mark.multihost
def test_a_job_survives_a_worker_host_torn_down_mid_job(
    record_property: Any,
) -> None:
    reason = prerequisites()
    require(reason is None, f"multi-host test: {reason}")
    pg_bin = _pg_bin()
    assert pg_bin is not None
    compose = composefile.load()
    base = Path(tempfile.mkdtemp(prefix="baohuang-multihost-"))
    base.chmod(0o755)  # PostgreSQL runs as user postgres under it
    figures = Figures()
    logs: list[Path] = []
    passed = False
    began = time.monotonic()
    # The single-process reference (`baohuang simulate`), at the lowest priority: it plays
    # on the CPU the hosts leave idle (while they start, and after w1 is gone).
    reference = subprocess.Popen(
        [str(BIN / "baohuang"), "simulate", VARIANT, "--games", str(GAMES),
         "--seed", str(SEED), "--policy", POLICY, "--json"],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: os.nice(19),
    )  # fmt: skip
    try:
        with network(base) as hosts:
            db, web, w1, w2 = (hosts[name] for name in HOSTS)
            start_database_host(db, pg_bin)
            logs += [db.folder / "postgres.log", db.folder / "redis.log"]

            # The migrate one-shot, then the web server, on the web host.
            migrate_env = service_env(compose, "migrate", web, db)
            web.run(composefile.command(compose, "migrate", {}), migrate_env)
            web_env = service_env(
                compose, "web", web, db, BIND=f"{web.address}:8000", WEB_THREADS="4"
            )
            assert "OPERATOR_PASSWORD" not in web_env
            logs.append(web.start("gunicorn", composefile.command(compose, "web", {}), web_env))
            base_url = f"http://{web.address}:8000"
            wait_until(
                lambda: urllib.request.urlopen(base_url + "/healthz", timeout=5).status == 200,  # noqa: S310 (the web host's http://)
                60,
                "the web host answering /healthz",
                logs,
            )
            # The image's HEALTHCHECK, on the web host with the web service's environment.
            probe = web.run(["python", "-m", "baohuang.project.healthcheck"], web_env)
            assert probe.strip() == f"{base_url}/healthz 200"

            # Two worker hosts.
            worker_command = composefile.command(compose, "worker", {"WORKER_CONCURRENCY": "1"})
            for host in (w1, w2):
                env = service_env(compose, "worker", host, db, **JOB_SETTINGS)
                if host is w1:
                    (host.folder / "hold").mkdir()
                    env["PYTHONPATH"] = f"{HOLD_HOOK}:{env['PYTHONPATH']}"
                    env["BAOHUANG_TEST_HOLD_DIR"] = str(host.folder / "hold")
                    env["BAOHUANG_TEST_HOLD_FROM"] = str(HOLD_FROM)
                logs.append(host.start("worker", worker_command, env))
            for host in (w1, w2):
                log = host.folder / "worker.log"
                wait_until(lambda log=log: b" ready." in log.read_bytes(), 60, "a worker", logs)

            # The operator posts the job over HTTP.
            operator = Operator(base_url)
            operator.login(*OPERATOR)
            started = time.monotonic()
            figures.seconds_to_start = round(started - began, 1)
            status, body = operator.request(
                "POST",
                "/api/v1/simulations/",
                {"variant": VARIANT, "games": GAMES, "seed": SEED, "policy": POLICY},
            )
            assert status == 202, body
            url = urllib.parse.urlsplit(body["url"]).path

            progress: list[int] = []  # every progress.done seen: it only grows
            hold = w1.folder / "hold"

            def w1_held() -> dict[str, int] | None:
                status, job = operator.request("GET", url)
                assert status == 200, job
                progress.append(job["progress"]["done"])
                assert job["status"] in ("queued", "running"), job
                if not (hold / "held").is_file():
                    return None
                return dict(json.loads((hold / "held").read_text()))

            # w1 holds the first chunk it starts from game HOLD_FROM on (it waits inside it,
            # heartbeating, for a release that never comes: tests/multihost_hold/), so the
            # chunk it plays when it is torn down is known, whatever the engine's speed.
            held = wait_until(w1_held, 240, "w1 inside a chunk from mid-job on", logs)
            sql = (
                "SELECT status, split_part(worker, '@', 2) FROM jobs_simulationchunk WHERE start = "
            )
            rows = query(db, sql + str(int(held["start"])))
            assert rows == [("running", "w1")], rows
            figures.torn_down_at_games = progress[-1]
            w1.destroy(abruptly=True)  # inside the held chunk: it is lost with the host
            torn_down = time.monotonic()
            assert not w1.alive()

            def ended() -> dict[str, Any] | None:
                status, job = operator.request("GET", url)
                assert status == 200, job
                progress.append(job["progress"]["done"])
                return job if job["status"] not in ("queued", "running") else None

            job = wait_until(ended, 300, "the job ending", logs)
            finished = time.monotonic()
            out, _ = reference.communicate(timeout=600)
            figures.reference_seconds = round(time.monotonic() - began, 1)
            assert reference.returncode == 0

            assert job["status"] == "succeeded", job
            assert progress == sorted(progress)
            assert progress[-1] == GAMES
            assert job["progress"] == {"done": GAMES, "total": GAMES}, job["progress"]
            assert job["result"] == json.loads(out)["stats"]

            chunks = query(
                db,
                "SELECT status, done, stop - start, attempts, split_part(worker, '@', 2) "
                "FROM jobs_simulationchunk ORDER BY index",
            )
            assert {row[0] for row in chunks} == {"done"}
            assert all(row[1] == row[2] for row in chunks)
            assert sum(int(row[1]) for row in chunks) == GAMES
            rerun = [row for row in chunks if int(row[3]) > 1]
            assert rerun, "no chunk was re-run: w1 was not torn down mid-chunk"
            assert {row[4] for row in rerun} == {"w2"}, rerun
            by_host: dict[str, int] = {}
            for row in chunks:
                by_host[row[4]] = by_host.get(row[4], 0) + 1
            assert by_host.get("w1", 0) > 0, by_host
            assert by_host.get("w2", 0) > 0, by_host

            figures.games = job["progress"]["done"]
            figures.seconds_to_success = round(finished - started, 1)
            figures.seconds_after_teardown = round(finished - torn_down, 1)
            figures.chunks = len(chunks)
            figures.chunks_rerun = len(rerun)
            figures.chunks_by_host = by_host
            reaper = (w2.folder / "worker.log").read_text(errors="replace")
            served = (web.folder / "gunicorn.log").read_text(errors="replace")
            for text in (reaper, served):
                assert "Traceback" not in text, text[-5000:]
            assert not re.search(r'" 5\d\d ', served), served[-5000:]
            figures.reaper_requeued = reaper.count("lost its worker; sent again")
            figures.reaper_resent = reaper.count("had no message in the queue; sent again")
        passed = True
    finally:
        if reference.poll() is None:
            reference.kill()
            reference.wait()
        if passed or not os.environ.get("MULTIHOST_KEEP"):
            shutil.rmtree(base, ignore_errors=True)
        else:
            print(f"multihost: the hosts' folders and logs are kept in {base}")
    report = json.dumps(figures.__dict__)
    record_property("multihost", report)
    print(f"\nmultihost: {report}", flush=True)
