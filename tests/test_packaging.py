"""Reproducible installs (issue #16, item 11): the lock files pin, with hashes, every
dependency pyproject.toml declares, within its range; the package admits Python 3.11–3.13."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def pins(lock: str) -> dict[str, tuple[str, int]]:
    """``{name: (version, number of hashes)}`` of a pip-compile lock file."""
    text = (ROOT / lock).read_text(encoding="utf-8")
    found: dict[str, tuple[str, int]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        match = re.match(r"([A-Za-z0-9_.\-]+)==([^\s\\;]+)", block)
        if match:
            found[canonicalize_name(match[1])] = (match[2], block.count("--hash=sha256:"))
    return found


@pytest.mark.parametrize(
    ("lock", "groups"),
    [("requirements.lock", ()), ("requirements-dev.lock", ("dev",))],
)
def test_the_lock_pins_every_dependency_within_its_range(lock: str, groups: tuple[str]) -> None:
    pinned = pins(lock)
    wanted = [Requirement(r) for r in PROJECT["dependencies"]]
    for group in groups:
        wanted += [Requirement(r) for r in PROJECT["optional-dependencies"][group]]

    assert all(hashes > 0 for _, hashes in pinned.values()), "every pin carries its hashes"
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement} is not in {lock}"
        assert pinned[name][0] in requirement.specifier, f"{lock}: {name}=={pinned[name][0]}"
    assert "file://" not in (ROOT / lock).read_text(encoding="utf-8")  # no machine's paths


def test_python_311_to_313_are_admitted() -> None:
    admitted = SpecifierSet(PROJECT["requires-python"])

    assert all(version in admitted for version in ("3.11.7", "3.12.1", "3.13.0"))
    assert "3.10.13" not in admitted


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-dev.lock"])
def test_the_locks_install_on_debian_12s_python_3_11_2(lock: str) -> None:
    # redis needs async-timeout before Python 3.11.3; pip-compile run on a later 3.11 leaves
    # it out, and `pip install --require-hashes` then fails on Debian 12's python3 (3.11.2),
    # which the image's base made from Debian's packages is (deploy/bases.sh, make image).
    text = (ROOT / lock).read_text(encoding="utf-8")
    assert re.search(r'^async-timeout==\S+ ; python_full_version < "3\.11\.3" \\$', text, re.M)
    assert pins(lock)["async-timeout"][1] == 2
