"""The documented production setup (docs/operations.md, "Production"; issue #16, item 5): ``check
--deploy`` is clean, and gunicorn with ``DEBUG=false`` serves the admin, the editor and
Swagger UI with their static files (whitenoise, after ``collectstatic``).

Everything runs in subprocesses, as an operator would run it, against a temporary SQLite
database and state folder (about 15 s: migrate, collectstatic, two gunicorn workers).
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.prerequisites import require

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
#: The production environment docs/operations.md documents (with example values).
PRODUCTION = {
    "DEBUG": "false",
    "ALLOWED_HOSTS": "rules.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://rules.example.com",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    "SECURE_SSL_REDIRECT": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
}
OPERATOR = ("operator", "Tea-" + secrets.token_urlsafe(12))


def environment(tmp: Path, **extra: str) -> dict[str, str]:
    """A server's environment: no DEBUG, a fresh secret key, state under ``tmp``."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "DB_CONN_MAX_AGE") and "SECURE" not in k
    }
    base.update(
        SECRET_KEY=secrets.token_urlsafe(50),
        BAOHUANG_VAR_DIR=str(tmp / "var"),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        CELERY_BROKER_URL="memory://",
        PYTHONPATH=str(ROOT),
    )
    base.update(extra)
    return base


def manage(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "manage.py", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, f"{argv}: {result.stdout[-2000:]}{result.stderr[-3000:]}"
    return result


def test_check_deploy_is_clean_with_the_documented_production_settings(tmp_path: Path) -> None:
    env = environment(tmp_path, **PRODUCTION)

    result = manage(env, "check", "--deploy", "--fail-level", "WARNING")

    assert "no issues" in result.stdout


@pytest.mark.parametrize("missing", ["SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS"])
def test_check_deploy_names_what_the_environment_leaves_unsafe(
    tmp_path: Path, missing: str
) -> None:
    env = environment(tmp_path, **{k: v for k, v in PRODUCTION.items() if k != missing})

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )

    assert result.returncode != 0
    assert missing in result.stderr


# --------------------------------------------------------------------------- gunicorn


def stop_group(process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    """Stop a server started in its own process group: SIGTERM, then SIGKILL after 30 s."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    log: Path
    opener: urllib.request.OpenerDirector
    cookies: http.cookiejar.CookieJar

    def get(self, path: str) -> tuple[int, str, bytes]:
        """Status, content type and body of ``GET path`` (redirects are not followed)."""
        try:
            with self.opener.open(self.url + path, timeout=30) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Content-Type", ""), exc.read()

    def post_form(self, path: str, fields: dict[str, str]) -> int:
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(self.url + path, data=data, method="POST")  # noqa: S310 (the test's own http:// server)
        request.add_header("Referer", self.url + path)
        try:
            with self.opener.open(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as exc:
            return exc.code


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """gunicorn from the checkout's gunicorn.conf.py, DEBUG off, after migrate and
    collectstatic, with an operator account; stopped when the module's tests are done."""
    tmp = tmp_path_factory.mktemp("gunicorn")
    port = free_port()
    env = environment(
        tmp,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="2",
        OPERATOR_USERNAME=OPERATOR[0],
        OPERATOR_PASSWORD=OPERATOR[1],
    )
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    manage(env, "ensure_operator")
    log = tmp / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(BIN / "gunicorn")],  # reads ./gunicorn.conf.py
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies), _NoRedirect)
    server = Server(f"http://127.0.0.1:{port}", log, opener, cookies)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text(errors="replace")[-3000:]
            try:
                if server.get("/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.3)
        yield server
    finally:
        stop_group(process)


def assets(html: bytes) -> list[str]:
    """The ``/static/…`` scripts, styles and images a page names."""
    found = re.findall(rb'(?:href|src)="(/static/[^"?#]+)', html)
    return sorted({path.decode() for path in found})


def assert_assets_served(server: Server, page: bytes, prefix: str, at_least: int) -> None:
    paths = [p for p in assets(page) if p.startswith(prefix)]
    assert len(paths) >= at_least, assets(page)
    for path in paths:
        status, _, body = server.get(path)
        assert status == 200, f"{path}: {status}"
        assert body, path


def test_the_admin_and_its_css(gunicorn: Server) -> None:
    status, kind, page = gunicorn.get("/admin/login/")

    assert status == 200
    assert kind.startswith("text/html")
    assert_assets_served(gunicorn, page, "/static/admin/", at_least=2)
    status, kind, _ = gunicorn.get("/static/admin/css/base.css")
    assert status == 200
    assert kind.startswith("text/css")


def test_swagger_ui_and_its_assets(gunicorn: Server) -> None:
    status, _, page = gunicorn.get("/api/docs/")

    assert status == 200
    assert_assets_served(gunicorn, page, "/static/drf_spectacular_sidecar/", at_least=2)


def test_the_editor_and_its_assets(gunicorn: Server) -> None:
    require(
        (ROOT / "frontend" / "dist" / "index.html").is_file(),
        "the web editor is not built (make frontend)",
    )
    status, _, page = gunicorn.get("/admin/login/")
    token = next(c.value for c in gunicorn.cookies if c.name == "csrftoken")
    login = gunicorn.post_form(
        "/admin/login/",
        {
            "username": OPERATOR[0],
            "password": OPERATOR[1],
            "csrfmiddlewaretoken": token,
            "next": "/editor/",
        },
    )
    assert login == 302, "the operator could not log in"

    status, kind, page = gunicorn.get("/editor/")

    assert status == 200, page[:500]
    assert kind.startswith("text/html"), page[:500]
    assert_assets_served(gunicorn, page, "/static/editor/", at_least=1)


def test_api_errors_are_json_and_requests_are_logged(gunicorn: Server) -> None:
    status, kind, _ = gunicorn.get("/api/v1/nothing/")

    assert status == 404
    assert kind == "application/json"
    # gunicorn writes the access line after the response has gone out: wait for it.
    line = re.compile(r'access 127\.0\.0\.1 "GET /api/v1/nothing/ HTTP/1\.1" 404 \d+ \d+ms')
    deadline = time.monotonic() + 10
    log = gunicorn.log.read_text(errors="replace")
    while not line.search(log) and time.monotonic() < deadline:
        time.sleep(0.1)
        log = gunicorn.log.read_text(errors="replace")
    assert line.search(log), log[-3000:]


def _post_chunked(server: Server, path: str, chunks: Iterator[bytes]) -> tuple[int, bytes]:
    """POST a body with ``Transfer-Encoding: chunked`` (no ``Content-Length``)."""
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        connection.request(
            "POST",
            path,
            body=chunks,
            headers={"Content-Type": "application/json", "Accept-Language": "en"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        return response.status, response.read()
    except (BrokenPipeError, ConnectionResetError) as exc:  # the server may stop reading
        pytest.fail(f"the server closed the connection instead of answering: {exc!r}")
    finally:
        connection.close()


def test_a_chunked_body_is_read_and_bounded(gunicorn: Server) -> None:
    """Issue #16, item 9: a body without ``Content-Length`` was read as empty: a chunked
    definition validated as ``{}``, and a chunked 5 MB body was a 200 instead of a 413."""
    definition = (ROOT / "variants" / "baike-common.yaml").read_text(encoding="utf-8")
    as_json = json.dumps(yaml.safe_load(definition)).encode()
    pieces = iter([as_json[i : i + 1000] for i in range(0, len(as_json), 1000)])

    status, body = _post_chunked(gunicorn, "/api/v1/validate/", pieces)

    assert status == 200, body[:300]
    assert json.loads(body)["valid"] is True

    big = iter([b'{"a": "'] + [b"x" * 65536] * 80 + [b'"}'])  # 5 MiB
    status, body = _post_chunked(gunicorn, "/api/v1/validate/", big)

    assert status == 413, body[:300]
    assert json.loads(body)["error"] == "payload_too_large"

    status, body = _post_chunked(gunicorn, "/api/v1/validate/", iter([]))
    assert status == 400, body
    assert json.loads(body)["errors"][0]["code"] == "empty_body", body
