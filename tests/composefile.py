"""Reading ``compose.yaml`` as Docker Compose would, for the tests that check it
(``tests/test_compose.py``) and run its commands on several hosts (``tests/test_multihost.py``).

Only what the file uses: YAML merge keys (``<<``, PyYAML's safe loader resolves them) and
Compose's interpolation of ``${NAME}``, ``${NAME:-default}``, ``${NAME-default}``,
``${NAME:?message}``, ``${NAME?message}`` and ``$$``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE_FILE = ROOT / "compose.yaml"


def _load_deploy_compose() -> ModuleType:
    """``deploy/compose.py`` (a script, not a package): the one reading of Compose's syntax."""
    spec = importlib.util.spec_from_file_location("deploy_compose", ROOT / "deploy" / "compose.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_compose = _load_deploy_compose()


class MissingVariable(LookupError):
    """A ``${NAME:?message}`` whose variable is unset (Compose refuses to start)."""


def load(path: Path = COMPOSE_FILE) -> dict[str, Any]:
    """The compose file as data (anchors and merge keys resolved, nothing interpolated)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path} is not a mapping"
    return data


def variables_in(value: str) -> set[str]:
    """The names of the variables ``value`` interpolates."""
    return {m.group("name") for m in _compose._VARIABLE.finditer(value) if m.group("name")}


def interpolate(value: str, variables: Mapping[str, str]) -> str:
    """``value`` with its ``${…}`` replaced as Compose does from ``variables``
    (``deploy/compose.py``'s reading, the one ``make stack-test`` runs)."""
    try:
        result = _compose.interpolate(value, dict(variables))
    except _compose.ComposeError as error:
        raise MissingVariable(str(error)) from error
    assert isinstance(result, str)
    return result


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
