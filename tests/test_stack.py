"""The container deployment for real: docs/containers.md, run word for word (``make
stack-test``; root, podman, slow).

The commands are read from docs/containers.md's block for machines without Docker (the one that runs
``deploy/compose.py up``) and run in order in the checkout, as an operator would type them:
``cp .env.example .env``, then what its comment says to set (the secrets, a free ``WEB_PORT``,
and the two image names ``POSTGRES_IMAGE`` / ``REDIS_IMAGE`` of the bases made here: the only
names overridden; ``baohuang:latest`` is what ``make image`` builds), the base images, the
image, the stack. Then, from outside as an operator's browser would, over the published port:

- the web container passes the image's own health check and ``/healthz`` answers;
- the admin's CSS, the editor and its assets come from the image (whitenoise: the gzip copy
  ``collectstatic`` made is served to a client that accepts it);
- the operator logs in (the admin's form, then the API with the session's CSRF token),
  clones baike-common, edits its draft and publishes it as version 1;
- a 20,000-game job of that version runs on the two worker containers; once a fifth is played
  one of them is frozen (``podman pause``) while it plays a chunk, then killed: the job must
  still end ``succeeded`` with every game counted once, and its statistics must equal
  ``baohuang simulate`` of the published definition with the same seed, run in one process in
  a container of the same image;
- everything is torn down by the page's own last command, whatever happened (the
  containers, their network and volumes are checked gone; a ``.env`` that was there before is
  put back).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.prerequisites import require
from tests.test_multihost import Operator, wait_until

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "docs" / "containers.md"
PODMAN = str(ROOT / "deploy" / "podman.sh")
PROJECT = "baohuang"
GAMES = int(os.environ.get("STACK_GAMES") or 20_000)
SEED = 20_261_203
SLUG = "stack-common"
BASES = "localhost/baohuang-base"
#: The chunks running on a worker (its Celery name follows, as an SQL pattern).
RUNNING_ON = "SELECT index FROM jobs_simulationchunk WHERE status = 'running' AND worker LIKE "


def readme_commands() -> list[str]:
    """The commands of the containers page's block that brings the stack up without Docker."""
    text = README.read_text(encoding="utf-8")
    section = text.split("# Containers\n", 1)[1]
    section = re.split(r"\n##+ ", section, maxsplit=1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    block = next(b for b in blocks if "deploy/compose.py up" in b)
    commands = []
    for line in block.splitlines():
        command = re.sub(r"(^|\s+)#.*$", "", line).strip()
        if command:
            commands.append(command)
    return commands


def test_the_readme_block_is_what_this_test_runs() -> None:
    commands = readme_commands()
    assert commands[0] == "cp .env.example .env"
    assert commands.index("deploy/compose.py up") < commands.index("deploy/compose.py down -v")
    assert commands[-1] == "deploy/compose.py down -v"
    assert {"deploy/bases.sh", "make image"} <= set(commands)


def podman(*args: str, check: bool = True, timeout: float = 300) -> str:
    """``podman ARGS`` with this project's settings; its output."""
    result = subprocess.run(
        [PODMAN, *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    if check:
        assert result.returncode == 0, f"podman {' '.join(args)}:\n{result.stdout}{result.stderr}"
    return result.stdout


def shell(command: str, timeout: float = 1800) -> str:
    """A command of the page, run in the checkout as typed; its output (fails on an error)."""
    result = subprocess.run(
        ["bash", "-c", command],  # noqa: S607 (the page's command, as an operator types it)
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{command} (status {result.returncode}):\n{output[-6000:]}"
    return output


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def set_env(path: Path, values: dict[str, str]) -> None:
    """Set ``values`` in the env file: each ``NAME=`` line (or commented ``# NAME=``) replaced,
    the others appended."""
    lines = path.read_text(encoding="utf-8").splitlines()
    left = dict(values)
    for i, line in enumerate(lines):
        match = re.match(r"^#?\s*([A-Z_][A-Z0-9_]*)=", line)
        if match and match.group(1) in left:
            lines[i] = f"{match.group(1)}={left.pop(match.group(1))}"
    lines += [f"{key}={value}" for key, value in left.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def psql(sql: str) -> list[list[str]]:
    """Rows of ``sql`` in the stack's database (psql in the db container)."""
    out = podman("exec", f"{PROJECT}-db-1", "psql", "-U", "baohuang", "-d", "baohuang",
                 "-AtF", "\t", "-c", sql)  # fmt: skip
    return [line.split("\t") for line in out.splitlines() if line]


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 (http:// of the stack's port)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers.items()), exc.read()


@pytest.fixture
def env_file() -> Iterator[Path]:
    """``.env`` of the checkout; one that was there before is put back afterwards."""
    path = ROOT / ".env"
    saved = path.read_bytes() if path.exists() else None
    try:
        yield path
    finally:
        if saved is None:
            path.unlink(missing_ok=True)
        else:
            path.write_bytes(saved)


@pytest.mark.stack
def test_the_compose_stack_runs_a_job_through_a_killed_worker(
    env_file: Path, record_property: Any
) -> None:
    require(os.geteuid() == 0, "the stack test needs root (podman)")
    require(shutil.which("make") is not None, "the stack test needs make")
    commands = readme_commands()
    up = commands.index("deploy/compose.py up")
    teardown = [c for c in commands[up + 1 :] if c.startswith("deploy/compose.py down")]
    figures: dict[str, Any] = {"games": GAMES}
    began = time.monotonic()
    port = free_port()
    operator_password = "Stack-" + secrets.token_urlsafe(12)
    base = f"http://127.0.0.1:{port}"
    reference_dir = Path(tempfile.mkdtemp(prefix="baohuang-stack-"))
    reference: subprocess.Popen[str] | None = None
    try:
        # ------------------------------------------------------------- docs/containers.md, as typed
        for command in commands[: up + 1]:
            started = time.monotonic()
            out = shell(command)
            figures[command] = round(time.monotonic() - started, 1)
            if command == "cp .env.example .env":
                set_env(
                    env_file,
                    {
                        "SECRET_KEY": secrets.token_urlsafe(50),
                        "OPERATOR_PASSWORD": operator_password,
                        "POSTGRES_PASSWORD": secrets.token_urlsafe(16),
                        "WEB_PORT": str(port),
                        "POSTGRES_IMAGE": f"{BASES}/postgres:15",
                        "REDIS_IMAGE": f"{BASES}/redis:7",
                    },
                )
            if command == "make image":
                print(out[-1500:])
        for command in commands[up + 1 :]:
            if command not in teardown:
                figures[command] = shell(command)[-300:]
        mine = f"label=com.docker.compose.project={PROJECT}"
        containers = podman("ps", "--format", "{{.Names}}", "--filter", mine).split()
        assert sorted(containers) == sorted(
            f"{PROJECT}-{name}" for name in ("db-1", "redis-1", "web-1", "worker-1", "worker-2")
        ), containers
        exited = podman("inspect", "--format", "{{.State.ExitCode}}", f"{PROJECT}-migrate-1")
        assert exited.strip() == "0"

        # ------------------------------------------------------------- served by the image
        started = time.monotonic()
        wait_until(lambda: get(base + "/healthz")[0] == 200, 180, "/healthz answering")
        wait_until(
            lambda: (
                subprocess.run(
                    [PODMAN, "healthcheck", "run", f"{PROJECT}-web-1"],
                    capture_output=True,
                    check=False,
                ).returncode
                == 0
            ),
            120,
            "the web container's own health check",
        )
        figures["web healthy after up (s)"] = round(time.monotonic() - started, 1)
        status, headers, body = get(
            base + "/static/admin/css/base.css", **{"Accept-Encoding": "gzip"}
        )
        assert status == 200
        assert headers.get("Content-Type", "").startswith("text/css")
        assert headers.get("Content-Encoding") == "gzip"  # whitenoise's compressed copy
        # The documentation site, built into the image (the Help links of the editor).
        status, headers, body = get(base + "/docs/")
        assert status == 200, body[:500]
        assert headers.get("Content-Type", "").startswith("text/html")
        assert "保皇".encode() in body
        status, _, body = get(base + "/docs/language.html")
        assert status == 200, body[:500]
        # ------------------------------------------------------------- the operator
        operator = Operator(base)
        operator.login("operator", operator_password)
        # The editor (for a logged-in operator) and its assets, from the image.
        with operator.opener.open(base + "/editor/", timeout=30) as response:
            page = response.read()
        assets = re.findall(rb'(?:src|href)="(/static/editor/[^"]+\.(?:js|css))"', page)
        assert assets, page[:1000]
        for asset in assets:
            status, headers, _ = get(base + asset.decode(), **{"Accept-Encoding": "gzip"})
            assert status == 200, asset
            assert headers.get("Content-Encoding") == "gzip", asset
        status, body = operator.request(
            "POST", "/api/v1/variants/", {"slug": SLUG, "based_on": {"slug": "baike-common"}}
        )
        assert status == 201, body
        draft = operator.opener.open(f"{base}/api/v1/variants/{SLUG}/draft/", timeout=30)
        etag = draft.headers["ETag"]
        definition = json.loads(draft.read())["definition"]
        definition["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=1)
        status, body = operator.request(
            "PUT", f"/api/v1/variants/{SLUG}/draft/", {"definition": definition}, {"If-Match": etag}
        )
        assert status == 200, body
        status, version = operator.request("POST", f"/api/v1/variants/{SLUG}/publish/", {})
        assert status == 201, version
        assert version["number"] == 1
        status, published = operator.request("GET", f"/api/v1/variants/{SLUG}/versions/1/")
        assert status == 200, published

        # ------------------------------------------------------------- the job
        status, job = operator.request(
            "POST",
            "/api/v1/simulations/",
            {"variant": SLUG, "version": 1, "games": GAMES, "seed": SEED, "policy": "heuristic"},
        )
        assert status == 202, job
        job_started = time.monotonic()
        url = "/api/v1/" + job["url"].split("/api/v1/", 1)[1]
        # The same games in one process, in a container of the image, beside the job.
        (reference_dir / "variant.yaml").write_text(json.dumps(published["definition"]))
        reference_dir.chmod(0o755)  # the image's user (uid 10001) reads it
        (reference_dir / "variant.yaml").chmod(0o644)
        reference = subprocess.Popen(
            [PODMAN, "run", "--rm", "--network", "none", "--cpu-shares", "2",
             "--volume", f"{reference_dir}:/reference:ro", "baohuang:latest",
             "baohuang", "simulate", "/reference/variant.yaml", "--games", str(GAMES),
             "--seed", str(SEED), "--policy", "heuristic", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip

        victim = f"{PROJECT}-worker-1"
        progress: list[int] = []

        def victim_inside_a_chunk() -> list[str] | None:
            status, seen = operator.request("GET", url)
            assert status == 200, seen
            progress.append(seen["progress"]["done"])
            assert seen["status"] in ("queued", "running"), "the job ended before a kill"
            if seen["progress"]["done"] < GAMES // 5:
                return None
            podman("pause", victim)
            running = psql(RUNNING_ON + f"'celery@{victim}%'")
            if running:
                return [row[0] for row in running]
            podman("unpause", victim)
            return None

        wait_until(victim_inside_a_chunk, 300, f"{victim} playing a chunk mid-job")
        podman("kill", victim)  # frozen inside its chunk: that chunk cannot end
        killed_at = time.monotonic()
        figures["killed at games"] = progress[-1]
        lost = psql(RUNNING_ON + f"'celery@{victim}%'")

        def ended() -> dict[str, Any] | None:
            status, seen = operator.request("GET", url)
            assert status == 200, seen
            progress.append(seen["progress"]["done"])
            return seen if seen["status"] not in ("queued", "running") else None

        job = wait_until(ended, 600, "the job ending")
        figures["job posted → ended (s)"] = round(time.monotonic() - job_started, 1)
        figures["after the kill (s)"] = round(time.monotonic() - killed_at, 1)
        out, err = reference.communicate(timeout=600)
        assert reference.returncode == 0, err

        assert job["status"] == "succeeded", job
        assert job["progress"] == {"done": GAMES, "total": GAMES}
        assert progress == sorted(progress)
        assert job["result"] == json.loads(out)["stats"]
        chunks = psql(
            "SELECT index, status, done, stop - start, attempts, split_part(worker, '@', 2) "
            "FROM jobs_simulationchunk ORDER BY index"
        )
        assert {row[1] for row in chunks} == {"done"}
        assert sum(int(row[2]) for row in chunks) == GAMES
        assert all(row[2] == row[3] for row in chunks)
        by_index = {row[0]: row for row in chunks}
        for (index,) in lost:
            assert int(by_index[index][4]) > 1, by_index[index]  # the lost chunk ran again
        by_worker: dict[str, int] = {}
        for row in chunks:
            by_worker[row[5]] = by_worker.get(row[5], 0) + 1
        assert by_worker.get(victim, 0) > 0, by_worker
        assert by_worker.get(f"{PROJECT}-worker-2", 0) > 0, by_worker
        figures["chunks"] = len(chunks)
        figures["chunks lost with the killed worker and run again"] = len(lost)
        figures["chunks by worker"] = by_worker
    finally:
        if reference is not None and reference.poll() is None:
            reference.kill()
            reference.wait()
        shutil.rmtree(reference_dir, ignore_errors=True)
        started = time.monotonic()
        for command in teardown:
            shell(command)
        figures["down (s)"] = round(time.monotonic() - started, 1)
        figures["whole test (s)"] = round(time.monotonic() - began, 1)
        print(f"\nstack: {json.dumps(figures, ensure_ascii=False)}", flush=True)
        record_property("stack", json.dumps(figures))
    left = podman("ps", "--all", "--format", "{{.Names}}",
                  "--filter", f"label=com.docker.compose.project={PROJECT}")  # fmt: skip
    assert left.strip() == ""
    network = subprocess.run([PODMAN, "network", "exists", f"{PROJECT}_default"], check=False)
    assert network.returncode != 0
    volumes = podman("volume", "ls", "--format", "{{.Name}}")
    assert f"{PROJECT}_pgdata" not in volumes.split()
