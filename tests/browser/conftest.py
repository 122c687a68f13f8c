"""Browser tests of the web editor: Playwright driving Debian's Chromium against a live server.

They need ``/usr/bin/chromium`` (``apt-get install -y chromium``; ``.ci/run`` installs it),
the Python ``playwright`` package (the dev extra) and the built front end
(``npm ci && npm run build`` in ``frontend/``; ``make test`` builds it). Without any of
these they are skipped, with the reason; in CI (``CI=true``) they fail instead
(:func:`tests.prerequisites.require`). Screenshots go to ``test-artifacts/browser/``.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings

from tests.prerequisites import require, require_import

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
BUILT_INDEX = ROOT / "frontend" / "dist" / "index.html"
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
OPERATOR = ("operator", "operator")  # ensure_operator's defaults


@pytest.fixture(scope="session", autouse=True)
def browser_prerequisites() -> None:
    """Chromium, Playwright and the built front end, for every test here.

    Missing, they skip these tests with the reason; in CI (``CI=true``) they fail them.
    """
    require(
        CHROMIUM.exists(),
        f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) "
        "to run the browser tests",
    )
    require_import(
        "playwright.sync_api",
        "the playwright package is not installed (pip install -e '.[dev]')",
    )
    require(
        BUILT_INDEX.exists(),
        f"the front end is not built ({BUILT_INDEX} is missing): run `npm ci && npm run build` "
        "in frontend/ (make test does)",
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module (each test gets fresh contexts).

    Playwright's sync API keeps an event loop running in the main thread while it is
    started; pytest-django's database setup, the fixtures and the tests use the ORM from
    that thread between browser calls, which is safe here, so Django's async-safety check
    is switched off for exactly that time. Module scope stops Playwright (and its loop)
    before the test modules that follow.
    """
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def site(live_server: Any, transactional_db: None) -> str:
    """The live server's URL, with the bundled variants imported and the operator account."""
    cache.clear()  # throttle counters
    call_command("import_variants", stdout=io.StringIO())
    with override_settings(DEBUG=True):  # the local default password, operator / operator
        call_command("ensure_operator", stdout=io.StringIO(), stderr=io.StringIO())
    return str(live_server.url)


def shoot(page: Any, name: str, full_page: bool = False) -> Path:
    """Save a screenshot under test-artifacts/browser/ (kept after the run)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def celery_worker_in_thread(settings: Any) -> Iterator[Callable[[], None]]:
    """Start a Celery worker (solo pool, in a thread of this process) when asked to.

    Simulation jobs are run by Celery workers; this one serves the live server's jobs from
    the configured broker (the file broker in var/ locally, Redis in CI) and the same
    database, on a queue of its own (so that other workers on the same broker, or messages
    left by other runs, do not interfere). It is started on demand, so tests that never
    simulate pay nothing.
    """
    queue = f"editor-browser-tests-{os.getpid()}"
    settings.BAOHUANG_JOBS_QUEUE = queue  # where the live server sends chunk tasks
    stack = ExitStack()

    def start() -> None:
        from celery.contrib.testing.worker import start_worker

        from baohuang.project.celery import app

        stack.enter_context(
            start_worker(
                app, pool="solo", perform_ping_check=False, shutdown_timeout=30, queues=[queue]
            )
        )

    with stack:
        yield start


@pytest.fixture
def open_editor(browser: Any, site: str) -> Iterator[Callable[..., Any]]:
    """Log in through the admin form in a fresh context of a given viewport; returns the page."""
    contexts: list[Any] = []

    def _open(
        viewport: dict[str, int] = DESKTOP, lang: str = "en", account: tuple[str, str] = OPERATOR
    ) -> Any:
        context = browser.new_context(viewport=viewport, locale="en-US")
        contexts.append(context)
        # The starting language (only if the page has not chosen one: a reload keeps it).
        context.add_init_script(
            f"if (!localStorage.getItem('baohuang.editor.lang')) "
            f"localStorage.setItem('baohuang.editor.lang', '{lang}')"
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        page.goto(f"{site}/editor/")
        assert "/admin/login/" in page.url  # the editor is behind the Django login
        page.fill("#id_username", account[0])
        page.fill("#id_password", account[1])
        page.click("input[type=submit]")
        page.wait_for_url(f"{site}/editor/**")
        return page

    yield _open
    # Requests still in flight at the end of a test (the list loads the drafts behind the
    # scenes) would reach the live server while the database is flushed: a deadlock in
    # the TRUNCATE (seen in CI). Each page's network goes quiet before its context closes.
    for context in contexts:
        for page in context.pages:
            with contextlib.suppress(Exception):
                page.wait_for_load_state("networkidle", timeout=10_000)
        context.close()
