"""``compose.yaml`` and the ``Dockerfile`` checked against the project, without Docker.

No Docker engine runs on these machines, so the files are read as data: every command
names a real entry point (a console script, an importable module, a management command, a
Celery option), every variable is a setting the code reads, every path the Dockerfile
copies exists and is not ignored, stages refer to stages, the image runs as a user of its
own. ``tests/test_multihost.py`` then runs the compose file's commands for real on four
network-namespace hosts. The image's health probe is tested here against a real server.
"""

from __future__ import annotations

import fnmatch
import http.server
import importlib
import importlib.util
import json
import re
import shlex
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import dj_database_url
import jsonschema
import pytest
from django.core.management import get_commands

from baohuang.project import healthcheck
from tests import composefile

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
APP_SERVICES = ("migrate", "web", "worker")
#: Every variable compose.yaml asks for, as an operator's .env would give them.
FULL_ENV = {
    "SECRET_KEY": "s" * 50,
    "OPERATOR_PASSWORD": "a-long-pass-phrase",
    "POSTGRES_PASSWORD": "pw",
}


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return composefile.load()


def _sources() -> str:
    """Every Python source of the package (where the settings' names are read)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "baohuang").rglob("*.py"))


def _scripts() -> set[str]:
    return set(PYPROJECT["project"]["scripts"])


# --------------------------------------------------------------------------- compose.yaml


def test_compose_is_valid_by_the_compose_specification(compose: dict[str, Any]) -> None:
    schema = json.loads((ROOT / "tests" / "data" / "compose-spec.json").read_text("utf-8"))
    errors = [
        f"{'/'.join(map(str, e.path))}: {e.message}"
        for e in jsonschema.Draft7Validator(schema).iter_errors(compose)
    ]
    assert errors == []
    broken = {**compose, "services": {**compose["services"], "web": {"commands": []}}}
    assert list(jsonschema.Draft7Validator(schema).iter_errors(broken))


def test_compose_has_the_services_of_a_deployment(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker"}
    # One image for the application's three roles; the images are the public ones unless
    # .env names others (a machine that makes its own: README, Containers).
    images = {name: services[name]["image"] for name in services}
    assert {composefile.interpolate(images[n], {}) for n in APP_SERVICES} == {"baohuang:latest"}
    assert composefile.interpolate(images["db"], {}) == "postgres:15"
    assert composefile.interpolate(images["redis"], {}) == "redis:7"
    mine = {"BAOHUANG_IMAGE": "b:1", "POSTGRES_IMAGE": "p:1", "REDIS_IMAGE": "r:1"}
    assert {composefile.interpolate(image, mine) for image in images.values()} == {
        "b:1",
        "p:1",
        "r:1",
    }
    assert all(services[name]["build"] == "." for name in APP_SERVICES)
    for name in ("db", "redis"):
        assert services[name]["healthcheck"]["test"][0] == "CMD"
    for name in ("web", "worker"):
        needs = services[name]["depends_on"]
        assert needs["migrate"] == {"condition": "service_completed_successfully"}
        assert needs["db"] == needs["redis"] == {"condition": "service_healthy"}
    assert services["migrate"]["restart"] == "no"
    replicas = composefile.interpolate(str(services["worker"]["deploy"]["replicas"]), {})
    assert int(replicas) >= 2


def test_compose_refuses_to_start_without_the_secrets(compose: dict[str, Any]) -> None:
    for missing in ("SECRET_KEY", "OPERATOR_PASSWORD"):
        env = {k: v for k, v in FULL_ENV.items() if k != missing}
        with pytest.raises(composefile.MissingVariable, match=missing):
            composefile.environment(compose, "migrate", env)
    with pytest.raises(composefile.MissingVariable, match="SECRET_KEY"):
        composefile.environment(compose, "web", {})


def test_every_variable_is_a_setting_the_code_reads(compose: dict[str, Any]) -> None:
    sources = _sources()
    for name in APP_SERVICES:
        for key in composefile.environment(compose, name, FULL_ENV):
            assert f'"{key}"' in sources, f"{name}: {key} is read nowhere in baohuang/"


def test_every_interpolated_variable_is_in_the_env_example(compose: dict[str, Any]) -> None:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    documented = set(re.findall(r"^#?\s*([A-Z_][A-Z0-9_]*)=", example, re.MULTILINE))
    assert composefile.variables_in(text) <= documented


def test_services_reach_postgresql_and_redis_not_local_state(compose: dict[str, Any]) -> None:
    for name in APP_SERVICES:
        env = composefile.environment(compose, name, FULL_ENV)
        assert env["DEBUG"] == "false"
        database = dj_database_url.parse(env["DATABASE_URL"])
        assert database["ENGINE"] == "django.db.backends.postgresql"
        assert database["HOST"] == "db"
        assert database["NAME"] == "baohuang"
        assert database["USER"] == compose["services"]["db"]["environment"]["POSTGRES_USER"]
        assert env["CELERY_BROKER_URL"].startswith("redis://redis:")
        assert env["CACHE_URL"].startswith("redis://redis:")
    web = composefile.environment(compose, "web", FULL_ENV)
    port = web["BIND"].rsplit(":", 1)[1]
    assert any(str(p).endswith(f":{port}") for p in compose["services"]["web"]["ports"])


def test_the_web_command_is_gunicorn_with_the_packaged_config(compose: dict[str, Any]) -> None:
    argv = composefile.command(compose, "web", FULL_ENV)
    assert argv[:2] == ["gunicorn", "-c"]
    assert argv[2].startswith("python:")
    assert (BIN / "gunicorn").is_file()
    conf = importlib.import_module(argv[2].removeprefix("python:"))
    assert conf.wsgi_app == "baohuang.project.wsgi:application"
    assert argv == _dockerfile_exec("CMD")


def test_the_migrate_one_shot_runs_real_management_commands(compose: dict[str, Any]) -> None:
    argv = composefile.command(compose, "migrate", FULL_ENV)
    assert argv[:2] == ["sh", "-c"]
    steps = [shlex.split(step) for step in argv[2].split("&&")]
    assert [step[1] for step in steps] == ["migrate", "import_variants", "ensure_operator"]
    for step in steps:
        assert step[0] in _scripts(), step
        assert step[1] in get_commands(), step


def test_the_worker_command_is_a_celery_worker_of_the_project(compose: dict[str, Any]) -> None:
    argv = composefile.command(compose, "worker", FULL_ENV)
    assert argv[:4] == ["celery", "-A", "baohuang.project", "worker"]
    assert importlib.import_module("baohuang.project").celery_app.main == "baohuang"
    options = [a.split("=", 1)[0] for a in argv[4:]]
    help_text = subprocess.run(
        [str(BIN / "celery"), "-A", "baohuang.project", "worker", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=120,
    ).stdout
    for option in options:
        assert re.search(rf"(^|[\s,]){re.escape(option)}\b", help_text), option


# --------------------------------------------------------------------------- Dockerfile


def _dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    lines: list[tuple[str, str]] = []
    pending = ""
    for raw in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, rest = full.partition(" ")
        lines.append((keyword.upper(), rest.strip()))
    return lines


def _stages() -> list[tuple[str, list[tuple[str, str]]]]:
    stages: list[tuple[str, list[tuple[str, str]]]] = []
    for keyword, rest in _dockerfile():
        if keyword == "FROM":
            match = re.fullmatch(r"(\S+)\s+AS\s+(\S+)", rest, re.IGNORECASE)
            assert match, f"every stage is named: FROM {rest}"
            stages.append((match.group(2), [("FROM", match.group(1))]))
        elif stages:
            stages[-1][1].append((keyword, rest))
    return stages


def _lineage(name: str) -> list[tuple[str, str]]:
    """The instructions that make stage ``name``: its parent stages' first, then its own."""
    stages = dict(_stages())
    instructions = stages[name]
    parent = instructions[0][1]
    return (_lineage(parent) if parent in stages else []) + instructions[1:]


def _dockerfile_exec(keyword: str) -> list[str]:
    final = _stages()[-1][1]
    rest = [r for k, r in final if k == keyword][-1]
    if keyword == "HEALTHCHECK":
        rest = rest.split(" CMD ", 1)[1]
    value = json.loads(rest)
    assert isinstance(value, list), f"{keyword} in exec form"
    return [str(v) for v in value]


def _ignored(path: str) -> bool:
    patterns = [
        p.strip()
        for p in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if p.strip() and not p.startswith("#")
    ]
    path = path.rstrip("/")
    return any(
        fnmatch.fnmatch(path, p) or path.startswith(p.rstrip("/") + "/") or path == p
        for p in patterns
    )


def test_the_dockerfile_builds_in_named_stages_from_base_images_given_as_arguments() -> None:
    stages = _stages()
    assert [name for name, _ in stages] == ["editor", "wheel", "deps", "native", "docs", "runtime"]
    parents = {name: instructions[0][1] for name, instructions in stages}
    assert parents == {
        "editor": "${NODE_IMAGE}",
        "wheel": "${PYTHON_IMAGE}",
        "deps": "${PYTHON_IMAGE}",
        "native": "deps",
        "docs": "deps",
        "runtime": "deps",
    }
    arguments = dict(
        r.split("=", 1) for k, r in _dockerfile() if k == "ARG" and "=" in r
    )  # the images
    python = re.fullmatch(r"python:(\d+)\.(\d+)-slim.*", arguments["PYTHON_IMAGE"])
    assert python
    assert (3, 11) <= (int(python[1]), int(python[2])) < (3, 14)
    node = re.fullmatch(r"node:(\d+)-.*slim", arguments["NODE_IMAGE"])
    assert node
    assert int(node[1]) >= 20


def test_the_dockerfile_copies_what_exists_and_is_not_ignored() -> None:
    stages = _stages()
    seen: list[str] = []
    for name, instructions in stages:
        for keyword, rest in instructions:
            if keyword != "COPY":
                continue
            parts = rest.split()
            if parts[0].startswith("--from="):
                source = parts[0].removeprefix("--from=")
                assert source in seen, f"{name}: COPY --from={source} before that stage"
                continue
            for path in parts[:-1]:
                assert list(ROOT.glob(path.rstrip("/"))), f"{name}: COPY {path}: not found"
                assert not _ignored(path), f"{name}: COPY {path}: excluded by .dockerignore"
        seen.append(name)
    # What the later stages take is what the earlier ones make.
    vite = (ROOT / "frontend" / "vite.config.ts").read_text(encoding="utf-8")
    assert 'outDir: "dist"' in vite
    editor = dict(stages[0][1])
    assert editor["WORKDIR"] == "/src/frontend"
    assert "COPY --from=native /opt/baohuang/native/ /opt/baohuang/native/" in [
        f"{k} {r}" for k, r in stages[-1][1]
    ]
    assert "npm run build" in editor["RUN"]
    assert "--wheel-dir /dist" in dict(stages[1][1])["RUN"]
    for kept in ("frontend/dist", ".venv", "var", ".git", ".env"):
        assert _ignored(kept), kept


def test_the_image_installs_the_locked_dependencies_and_runs_as_a_user_of_its_own() -> None:
    final = _stages()[-1][1]
    runs = " ".join(r for k, r in final if k == "RUN")
    made = " ".join(r for k, r in _lineage("runtime") if k == "RUN")
    assert "--require-hashes -r /tmp/requirements.lock" in made
    assert "--no-deps /tmp/dist/*.whl" in runs
    # The compiler and mypy are in the native stage only; the image checks its core.
    assert "gcc" not in made
    assert "mypy" not in made
    native = " ".join(r for k, r in _lineage("native") if k == "RUN")
    assert "apt-get install -y --no-install-recommends gcc" in native
    assert "--require-hashes -r /tmp/mypy.lock" in native
    assert "BAOHUANG_NATIVE_DIR=/opt/baohuang/native python -m baohuang.corebuild" in native
    assert "BAOHUANG_CORE=native python -m baohuang.corebuild --which" in runs
    assert "collectstatic" in runs
    # The documentation is built (warnings as errors) in its own stage; Sphinx stays there.
    docs = " ".join(r for k, r in _lineage("docs") if k == "RUN")
    assert "-W" in docs.split()
    assert "-b html docs /opt/baohuang/docs" in docs
    assert "sphinx" not in made
    assert "COPY --from=docs /opt/baohuang/docs/ /opt/baohuang/docs/" in [
        f"{k} {r}" for k, r in final
    ]
    assert "BAOHUANG_DOCS_DIR=/opt/baohuang/docs" in " ".join(r for k, r in final if k == "ENV")
    assert "baohuang-manage" in _scripts()
    users = [r for k, r in final if k == "USER"]
    assert users
    assert users[-1] not in ("root", "0")
    assert f"useradd --system --uid 10001 --gid {users[-1]}" in runs
    keywords = [k for k, _ in final]
    assert keywords.index("USER") > max(i for i, k in enumerate(keywords) if k == "RUN")
    env = " ".join(r for k, r in final if k == "ENV")
    sources = _sources()
    for key in re.findall(r"([A-Z_]+)=", env):
        if not key.startswith("PYTHON") and not key.startswith("PIP_"):
            assert f'"{key}"' in sources or key == "DJANGO_SETTINGS_MODULE", key


def test_the_image_health_probe_is_a_module_of_the_package() -> None:
    argv = _dockerfile_exec("HEALTHCHECK")
    assert argv[:2] == ["python", "-m"]
    module = importlib.import_module(argv[2])
    assert module is healthcheck
    assert callable(healthcheck.main)


# --------------------------------------------------------------------------- the probe


class _Handler(http.server.BaseHTTPRequestHandler):
    status = 200
    seen: ClassVar[list[dict[str, str]]] = []

    def do_GET(self) -> None:
        type(self).seen.append({"path": self.path, **dict(self.headers.items())})
        self.send_response(type(self).status)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, type[_Handler]]]:
    handler = type("Handler", (_Handler,), {"status": 200, "seen": []})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{httpd.server_address[1]}", handler
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_probe_asks_healthz_as_an_allowed_host_through_the_proxy(
    server: tuple[str, type[_Handler]],
) -> None:
    bind, handler = server
    port = bind.rsplit(":", 1)[1]
    env = {
        "BIND": f"0.0.0.0:{port}",
        "ALLOWED_HOSTS": ".example.com,localhost",
        "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    }

    assert healthcheck.check(env) == (True, f"http://127.0.0.1:{port}/healthz 200")

    assert handler.seen[-1]["path"] == "/healthz"
    assert handler.seen[-1]["Host"] == "example.com"
    assert handler.seen[-1]["X-Forwarded-Proto"] == "https"


def test_the_probe_fails_on_an_unhealthy_or_absent_server(
    server: tuple[str, type[_Handler]],
) -> None:
    bind, handler = server
    handler.status = 503
    healthy, seen = healthcheck.check({"BIND": bind})
    assert not healthy
    assert seen.endswith(" 503")

    result = subprocess.run(
        [sys.executable, "-m", "baohuang.project.healthcheck"],
        env={"BIND": "127.0.0.1:9", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "http://127.0.0.1:9/healthz" in result.stderr


@pytest.mark.parametrize(
    ("bind", "url"),
    [
        ("", "http://127.0.0.1:8000"),
        ("0.0.0.0:8000", "http://127.0.0.1:8000"),
        ("[::]:9000", "http://[::1]:9000"),
        ("10.1.2.3:8080", "http://10.1.2.3:8080"),
    ],
)
def test_the_probe_reaches_the_bound_address(bind: str, url: str) -> None:
    assert healthcheck.target(bind) == url


# --------------------------------------------------------------------------- deploy/locked.py


def _locked() -> Any:
    spec = importlib.util.spec_from_file_location("locked", ROOT / "deploy" / "locked.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_native_stage_installs_mypy_with_what_it_needs_from_the_dev_lock() -> None:
    locked = _locked()
    lock = (ROOT / "requirements-dev.lock").read_text(encoding="utf-8")
    part = locked.needed(lock, ["mypy"])
    names = {locked._name(line.split("==")[0]) for line in part.splitlines() if "==" in line}
    blocks = locked.blocks(lock)
    # mypy and every package the lock has "via mypy", pinned with their hashes as locked.
    assert "mypy" in names
    assert {n for n, (_, via) in blocks.items() if "mypy" in via} <= names
    assert {"pytest", "django", "ruff"}.isdisjoint(names)
    for name in names:
        assert blocks[name][0] in part
        assert "--hash=sha256:" in blocks[name][0]
    with pytest.raises(SystemExit, match="not in the lock: no-such-package"):
        locked.needed(lock, ["no-such-package"])
