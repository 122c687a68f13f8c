"""Test-wide settings.

Hypothesis: no per-example deadline. Speed is measured by benchmarks, never by timed
tests, and a deadline turns a busy 2-core CI machine into flaky failures. A fixed
derandomised profile keeps CI runs reproducible; `HYPOTHESIS_PROFILE=dev` explores new
examples on each run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

#: Accounts, API clients, the bundled definition and the error shape (tests/fixtures.py).
pytest_plugins = ["tests.fixtures"]

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_report_header(config: object) -> str:
    """Which engine core the tests run (baohuang.native: the mypyc build when it is fresh)."""
    from baohuang import native

    return native.describe()


def pytest_configure(config: object) -> None:
    """Compile stale translation catalogs, as `make messages` does, when pytest runs alone."""
    from baohuang.i18n import compile_catalogs

    compile_catalogs()


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI speaks the language of LC_ALL / LC_MESSAGES / LANG: run tests in English
    whatever the developer's locale (a test that wants Chinese sets it)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests speak English unless they ask for Chinese.

    The product is Chinese first: ``LANGUAGE_CODE`` is ``zh-hans``, so a request that names
    no language, and code run outside a request, speak Chinese. Most tests were written
    against the English source text (and read best that way), so here:

    - every Django test client (``client``, DRF's ``APIClient``, ``RequestFactory``) sends
      ``Accept-Language: en`` unless the test sends its own (a header or ``?lang=``);
    - English is the active language of the test's own thread (services and checks called
      directly).

    A test of Chinese sends ``Accept-Language: zh-Hans`` (or ``?lang=zh``), or passes
    ``HTTP_ACCEPT_LANGUAGE=""`` to see the default, or uses ``translation.override``.
    """
    from django.test.client import RequestFactory
    from django.utils import translation

    original = RequestFactory.__init__

    def init(self: RequestFactory, *args: Any, **defaults: Any) -> None:
        defaults.setdefault("HTTP_ACCEPT_LANGUAGE", "en")
        original(self, *args, **defaults)

    monkeypatch.setattr(RequestFactory, "__init__", init)
    translation.activate("en")
    yield
    translation.deactivate()
