"""tests/prerequisites.py: a missing prerequisite skips locally and fails in CI."""

from __future__ import annotations

import json

import pytest

from tests.prerequisites import in_ci, require, require_import

pytest_plugins = ["pytester"]


@pytest.fixture
def local(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)


@pytest.fixture
def ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), ("TRUE", True), ("1", True), ("", False), ("false", False), ("0", False)],
)
def test_ci_is_the_ci_variable(monkeypatch: pytest.MonkeyPatch, value: str, expected: bool) -> None:
    monkeypatch.setenv("CI", value)
    assert in_ci() is expected


def test_no_ci_variable_is_not_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    assert not in_ci()


@pytest.mark.usefixtures("local")
def test_a_met_prerequisite_passes_locally() -> None:
    assert require(True, "never shown") is None
    assert require_import("json", "never shown") is json


@pytest.mark.usefixtures("ci")
def test_a_met_prerequisite_passes_in_ci() -> None:
    assert require(1, "never shown") is None
    assert require_import("json", "never shown") is json


@pytest.mark.usefixtures("local")
def test_a_missing_prerequisite_skips_locally() -> None:
    with pytest.raises(pytest.skip.Exception, match=r"^the build is missing$"):
        require(False, "the build is missing")
    with pytest.raises(pytest.skip.Exception, match=r"^no such package \(No module named"):
        require_import("no_such_package_here", "no such package")


@pytest.mark.usefixtures("ci")
def test_a_missing_prerequisite_fails_in_ci() -> None:
    with pytest.raises(pytest.fail.Exception, match=r"^the build is missing \[CI=true: a miss"):
        require(False, "the build is missing")
    with pytest.raises(pytest.fail.Exception, match=r"^no such package \(No module named"):
        require_import("no_such_package_here", "no such package")


MODULE = """
from tests.prerequisites import require

require(False, "frontend/dist is missing")


def test_never_runs():
    pass
"""


@pytest.mark.parametrize("ci_value", [None, "true"])
def test_at_module_level(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, ci_value: str | None
) -> None:
    """The whole module is skipped locally; in CI it fails to collect, with the reason."""
    if ci_value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci_value)
    pytester.makepyfile(test_needs_a_build=MODULE)

    result = pytester.runpytest("-p", "no:django", "-p", "no:cacheprovider", "-rs")

    if ci_value is None:
        result.assert_outcomes(skipped=1)
        result.stdout.fnmatch_lines(["*SKIPPED*frontend/dist is missing*"])
    else:
        result.assert_outcomes(errors=1)
        result.stdout.fnmatch_lines(["*frontend/dist is missing [[]CI=true*"])
