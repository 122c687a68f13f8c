"""The one reader of configuration from the environment (settings.py and the jobs' knobs).

Every value is a variable of the process environment; an empty variable counts as unset.
A value that cannot be read (``DEBUG=perhaps``, ``DB_CONN_MAX_AGE=soon``) stops the process
with :class:`~django.core.exceptions.ImproperlyConfigured` naming the variable, never with a
traceback from deep inside.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured

T = TypeVar("T")

_YES = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"0", "false", "no", "off"})


def env_text(name: str, default: str) -> str:
    """The variable as it is (surrounding blanks removed), or ``default`` when unset."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return raw.strip()


def cast_value(name: str, value: Any, cast: Callable[[Any], T]) -> T:
    """``cast(value)``; ImproperlyConfigured naming ``name`` when it cannot be read."""
    try:
        return cast(value)
    except (TypeError, ValueError) as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not a valid value.") from exc


def env_value(name: str, default: T, cast: Callable[[str], T]) -> T:
    """The variable read by ``cast`` (``int``, ``float`` …), or ``default`` when unset."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return cast_value(name, raw.strip(), cast)


def env_int(name: str, default: int) -> int:
    """A whole-number variable."""
    return env_value(name, default, int)


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable: 1/true/yes/on or 0/false/no/off (any case)."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _YES:
        return True
    if value in _NO:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use true or false).")


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated list, ignoring blanks around items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def setting_or_env(name: str, default: T, cast: Callable[[Any], T]) -> T:
    """The Django setting ``name`` if it is set, else the variable of that name, else
    ``default`` (read when called: tests and deployments change it without a restart)."""
    from django.conf import settings

    value = getattr(settings, name, None)
    if value is None:
        return env_value(name, default, cast)
    return cast_value(name, value, cast)
