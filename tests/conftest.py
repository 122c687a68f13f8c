"""Test-wide settings.

Hypothesis: no per-example deadline. Speed is measured by benchmarks, never by timed
tests, and a deadline turns a busy 2-core CI machine into flaky failures. A fixed
derandomised profile keeps CI runs reproducible; `HYPOTHESIS_PROFILE=dev` explores new
examples on each run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
