"""Issue #31, item 2: ``GUNICORN_TIMEOUT`` is a real request time limit.

gunicorn's ``timeout`` is only a heartbeat for gthread workers (a request thread may run for
ever while the worker's main loop notifies the arbiter); the watchdog of
``baohuang/project/watchdog.py`` ends the worker of a request that runs too long. Checked on
the :class:`Watchdog` with a fake clock, and on a real gunicorn with the project's
configuration serving a tiny application that can be made to hang.
"""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_production import BIN, free_port, stop_group

ROOT = Path(__file__).resolve().parents[1]

#: A WSGI application: ``/sleep`` hangs (as a request stuck in a loop would), ``/`` answers
#: with the worker's process id.
APP = """
import os, time

def app(environ, start_response):
    if environ["PATH_INFO"] == "/sleep":
        time.sleep(600)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [str(os.getpid()).encode()]
"""


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Log:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def critical(self, message: str, *args: object) -> None:
        self.lines.append(message % args)

    def exception(self, message: str, *args: object) -> None:
        self.lines.append(message % args)


def test_the_watchdog_ends_the_worker_of_an_overdue_request() -> None:
    """Within the limit nothing happens; past it the worker stops accepting, logs the
    request, and exits (at once: it has no other request to finish)."""
    from baohuang.project.watchdog import Watchdog

    clock, log, exits, stops = _Clock(), _Log(), [], []
    dog = Watchdog(60, 30, lambda: stops.append(1), exit=exits.append, clock=clock, log=log)
    dog.started("POST /api/v1/variants/x/score/")
    clock.now = 59
    dog.check()
    assert (stops, exits, log.lines) == ([], [], [])
    clock.now = 61
    dog.check()
    assert (stops, exits) == ([1], [1])
    assert "REQUEST TIMEOUT" in log.lines[0]
    assert "POST /api/v1/variants/x/score/ has run for 61 s" in log.lines[0]


def test_the_watchdog_lets_the_other_requests_finish_within_the_grace() -> None:
    """Another thread's request keeps the worker until it is done or the grace is over."""
    from baohuang.project.watchdog import Watchdog

    clock, exits, stops = _Clock(), [], []
    dog = Watchdog(60, 30, lambda: stops.append(1), exit=exits.append, clock=clock, log=_Log())
    dog.started("GET /stuck")
    clock.now = 50
    other = threading.Thread(target=dog.started, args=("GET /ok",))  # another request thread
    other.start()
    other.join()
    clock.now = 61
    dog.check()
    assert (stops, exits) == ([1], [])
    clock.now = 80
    dog.check()
    assert exits == []
    clock.now = 92
    dog.check()
    assert exits == [1]


@pytest.fixture
def hanging_server(tmp_path: Path) -> Iterator[tuple[str, int, Path]]:
    """gunicorn with the project's configuration (one worker, GUNICORN_TIMEOUT=2) serving
    :data:`APP`."""
    (tmp_path / "hanging_app.py").write_text(APP, encoding="utf-8")
    port = free_port()
    env = {
        **os.environ,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_TIMEOUT": "2",
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
    }
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "-c",
                "python:baohuang.project.gunicorn_conf",
                "hanging_app:app",
            ],
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text(errors="replace")[-3000:]
            try:
                _get(port, "/", 5)
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
                time.sleep(0.2)
        yield "127.0.0.1", port, log
    finally:
        stop_group(process)


def _get(port: int, path: str, timeout: float) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.skipif(sys.platform == "win32", reason="gunicorn runs on POSIX")
def test_gunicorn_restarts_the_worker_of_a_request_past_the_timeout(
    hanging_server: tuple[str, int, Path],
) -> None:
    """Before the watchdog, the hanging request held its thread for its whole 600 s; now its
    connection is closed after about GUNICORN_TIMEOUT seconds, the log names it, and a new
    worker answers."""
    _, port, log = hanging_server
    status, first = _get(port, "/", 5)
    assert status == 200
    started = time.monotonic()
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        _get(port, "/sleep", 30)
    assert time.monotonic() - started < 15
    deadline = time.monotonic() + 30
    while True:
        try:
            status, second = _get(port, "/", 5)
            break
        except OSError:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert status == 200
    assert second != first  # another worker process
    text = log.read_text(errors="replace")
    assert "REQUEST TIMEOUT" in text
    assert "GET /sleep has run for" in text
