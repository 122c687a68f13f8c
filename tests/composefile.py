"""Reading ``compose.yaml`` as Docker Compose would, for the tests that check it
(``tests/test_compose.py``) and run its commands on several hosts (``tests/test_multihost.py``).

Only what the file uses: YAML merge keys (``<<``, PyYAML's safe loader resolves them) and
Compose's interpolation of ``${NAME}``, ``${NAME:-default}``, ``${NAME-default}``,
``${NAME:?message}``, ``${NAME?message}`` and ``$$``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE_FILE = ROOT / "compose.yaml"

_VARIABLE = re.compile(
    r"\$(?:(?P<escaped>\$)|\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"(?:(?P<op>:-|-|:\?|\?)(?P<arg>[^}]*))?\})"
)


class MissingVariable(LookupError):
    """A ``${NAME:?message}`` whose variable is unset (Compose refuses to start)."""


def load(path: Path = COMPOSE_FILE) -> dict[str, Any]:
    """The compose file as data (anchors and merge keys resolved, nothing interpolated)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path} is not a mapping"
    return data


def variables_in(value: str) -> set[str]:
    """The names of the variables ``value`` interpolates."""
    return {m.group("name") for m in _VARIABLE.finditer(value) if m.group("name")}


def interpolate(value: str, variables: Mapping[str, str]) -> str:
    """``value`` with its ``${…}`` replaced as Compose does from ``variables``."""

    def replace(match: re.Match[str]) -> str:
        if match.group("escaped"):
            return "$"
        name, op, arg = match.group("name"), match.group("op"), match.group("arg") or ""
        given = variables.get(name)
        if op == ":-":
            return given if given else arg
        if op == "-":
            return given if given is not None else arg
        if op in (":?", "?") and (given is None or (op == ":?" and not given)):
            raise MissingVariable(f"{name}: {arg}")
        return given or ""

    return _VARIABLE.sub(replace, value)


def service(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """One service's definition."""
    services = data.get("services") or {}
    assert name in services, f"compose.yaml has no service {name!r}"
    return dict(services[name])


def environment(data: Mapping[str, Any], name: str, variables: Mapping[str, str]) -> dict[str, str]:
    """A service's container environment, interpolated."""
    raw = service(data, name).get("environment") or {}
    if isinstance(raw, list):
        raw = dict(item.split("=", 1) if "=" in item else (item, "") for item in raw)
    return {str(k): interpolate(str(v), variables) for k, v in raw.items()}


def command(data: Mapping[str, Any], name: str, variables: Mapping[str, str]) -> list[str]:
    """A service's command (exec form), interpolated."""
    raw = service(data, name).get("command")
    assert isinstance(raw, list), f"{name}: use the exec form (a list) for command"
    return [interpolate(str(part), variables) for part in raw]
