"""Several web processes as one (issue #16, item 6).

- Throttle counts live in the cache named by ``CACHE_URL``: two gunicorn servers sharing
  Redis hold one limit between them (with per-process memory each had its own: with 4
  workers 2,405 of 3,000 requests passed a 600/minute limit).
- A process that already works on ``BAOHUANG_MAX_IN_FLIGHT`` requests answers the next at
  once with 503 ``overloaded`` (JSON, translated, ``Retry-After``) instead of queueing it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from baohuang.api.overload import MaxInFlightMiddleware
from tests.prerequisites import require
from tests.test_production import BIN, ROOT, environment, free_port, manage

REDIS = os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/3"
LIMIT = 20


def _redis_up() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=1).ping())
    except Exception:
        return False


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 (the test's own http:// server)
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


@contextmanager
def _server(env: dict[str, str], log: Path) -> Iterator[str]:
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(BIN / "gunicorn")],
            cwd=ROOT,
            env={**env, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1"},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text(errors="replace")[-3000:]
            try:
                if _get(url + "/healthz") == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.3)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _passed(tmp: Path, **extra: str) -> int:
    """Requests that passed an anonymous limit of ``LIMIT`` a day, out of ``3 × LIMIT``
    sent to two gunicorn servers in turn."""
    env = environment(tmp, API_THROTTLE_ANON=f"{LIMIT}/day", **extra)
    manage(env, "migrate", "--noinput", "-v", "0")
    with ExitStack() as stack:
        urls = [stack.enter_context(_server(env, tmp / f"gunicorn-{i}.log")) for i in (1, 2)]
        statuses = [_get(urls[i % 2] + "/api/v1/variants/") for i in range(3 * LIMIT)]
    assert set(statuses) <= {200, 429}, statuses
    return statuses.count(200)


@pytest.mark.integration
def test_two_servers_sharing_redis_hold_one_throttle_limit(tmp_path: Path) -> None:
    require(_redis_up(), f"needs Redis at {REDIS} (TEST_REDIS_URL)")
    prefix = f"test-{uuid.uuid4().hex[:8]}"

    shared = _passed(tmp_path / "redis", CACHE_URL=REDIS, CACHE_KEY_PREFIX=prefix)
    alone = _passed(tmp_path / "locmem")  # no CACHE_URL: each process counts for itself

    assert shared == LIMIT
    assert alone == 2 * LIMIT


# --------------------------------------------------------------------------- load shedding


def test_a_busy_process_sheds_load_with_503_overloaded() -> None:
    release = threading.Event()
    entered = threading.Semaphore(0)

    def slow(request: HttpRequest) -> HttpResponse:
        entered.release()
        release.wait(timeout=30)
        return HttpResponse("done")

    middleware = MaxInFlightMiddleware(slow)
    factory = RequestFactory()
    results: list[int] = []
    with override_settings(BAOHUANG_MAX_IN_FLIGHT=2):
        threads = [
            threading.Thread(
                target=lambda: results.append(
                    middleware(factory.get("/api/v1/variants/")).status_code
                )
            )
            for _ in range(2)
        ]
        for thread in threads:
            thread.start()
        for _ in threads:
            assert entered.acquire(timeout=10)

        started = time.monotonic()
        refused = middleware(factory.get("/api/v1/variants/", HTTP_ACCEPT_LANGUAGE="zh-Hans"))
        elapsed = time.monotonic() - started
        health = threading.Thread(target=lambda: middleware(factory.get("/healthz")))
        health.start()
        assert entered.acquire(timeout=10)  # /healthz is never refused

        release.set()
        for thread in [*threads, health]:
            thread.join(timeout=10)
        after = middleware(factory.get("/api/v1/variants/"))

    assert refused.status_code == 503
    assert elapsed < 1
    assert refused["Retry-After"] == "1"
    body: dict[str, Any] = json.loads(refused.content)
    assert body["error"] == "overloaded"
    assert body["errors"] == []
    assert "繁忙" in body["detail"]
    assert results == [200, 200]
    assert after.status_code == 200  # the count went back down
    with override_settings(BAOHUANG_MAX_IN_FLIGHT=0):
        assert middleware(factory.get("/api/v1/variants/")).status_code == 200
