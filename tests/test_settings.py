"""Production-safe settings: what a process started with no environment (or with the
documented production environment) gets. Each case imports the settings in a fresh
interpreter, as a server would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Variables the settings read; each case starts without them.
READ = (
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "DB_CONN_MAX_AGE",
    "BAOHUANG_VAR_DIR",
    "STATIC_ROOT",
    "LOG_LEVEL",
    "DJANGO_SETTINGS_MODULE",
)
PROBE = """
import json, logging
from django.conf import settings
import django
django.setup()
out = {
    "DEBUG": settings.DEBUG,
    "SECRET_KEY": settings.SECRET_KEY,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "CONN_MAX_AGE": settings.DATABASES["default"]["CONN_MAX_AGE"],
    "VAR_DIR": str(settings.VAR_DIR),
    "format": logging.getLogger().handlers[0].formatter._fmt,
    "level": logging.getLevelName(logging.getLogger().level),
}
print(json.dumps(out))
"""


def settings_with(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in READ}
    environ.update(
        DJANGO_SETTINGS_MODULE="baohuang.project.settings",
        PYTHONPATH=str(ROOT),
        BAOHUANG_VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def values(result: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert result.returncode == 0, result.stderr[-2000:]
    out: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return out


def test_debug_is_off_when_nothing_says_otherwise(tmp_path: Path) -> None:
    got = values(settings_with(tmp_path, SECRET_KEY="k" * 50))

    assert got["DEBUG"] is False
    assert got["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost"]


def test_without_debug_a_secret_key_is_required(tmp_path: Path) -> None:
    result = settings_with(tmp_path)

    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_the_development_key_only_applies_with_debug_on(tmp_path: Path) -> None:
    got = values(settings_with(tmp_path, DEBUG="true"))

    assert got["DEBUG"] is True
    assert str(got["SECRET_KEY"]).startswith("django-insecure-")
    refused = settings_with(tmp_path, SECRET_KEY=str(got["SECRET_KEY"]))
    assert refused.returncode != 0
    assert "Set SECRET_KEY" in refused.stderr


def test_database_connections_are_not_kept_by_default(tmp_path: Path) -> None:
    """runserver serves each client in a thread: kept connections piled up until PostgreSQL
    refused more. Persistent connections are for gunicorn's workers (gunicorn.conf.py)."""
    assert values(settings_with(tmp_path, DEBUG="true"))["CONN_MAX_AGE"] == 0
    kept = settings_with(tmp_path, DEBUG="true", DB_CONN_MAX_AGE="60")
    assert values(kept)["CONN_MAX_AGE"] == 60


def test_var_dir_comes_from_the_environment(tmp_path: Path) -> None:
    got = values(settings_with(tmp_path, DEBUG="true"))

    assert got["VAR_DIR"] == str((tmp_path / "var").resolve())
    assert (tmp_path / "var" / "static").is_dir()


def test_log_records_carry_time_level_and_logger_name(tmp_path: Path) -> None:
    fmt = str(values(settings_with(tmp_path, DEBUG="true"))["format"])

    for field in ("%(asctime)s", "%(levelname)s", "%(name)s", "%(message)s"):
        assert field in fmt


@pytest.mark.parametrize("level", ["debug", "WARNING"])
def test_log_level_comes_from_the_environment(tmp_path: Path, level: str) -> None:
    got = values(settings_with(tmp_path, DEBUG="true", LOG_LEVEL=level))

    assert got["level"] == level.upper()


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [("DB_CONN_MAX_AGE", "soon", "DB_CONN_MAX_AGE='soon'"), ("DEBUG", "perhaps", "yes/no")],
)
def test_an_unreadable_variable_is_named(tmp_path: Path, name: str, value: str, said: str) -> None:
    """One reader of the environment (baohuang/project/environment.py): a bad value stops
    the process with ImproperlyConfigured naming the variable, not a bare ValueError."""
    env = {"DEBUG": "true", name: value}
    refused = settings_with(tmp_path, **env)

    assert refused.returncode != 0
    assert "ImproperlyConfigured" in refused.stderr
    assert said in refused.stderr
