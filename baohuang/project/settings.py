"""Django settings for the Baohuang project.

Everything that differs between a laptop and a deployment comes from the environment:

=====================  ==================================================================
``DATABASE_URL``       default ``sqlite:///<repo>/var/db.sqlite3``
``CELERY_BROKER_URL``  default ``filesystem://`` (kombu's file transport in ``var/broker/``)
``CELERY_RESULT_BACKEND``  default none (job results are stored in our own models)
``SECRET_KEY``         required when ``DEBUG`` is off; a development key when it is on
``DEBUG``              default ``false`` (``make run`` sets ``true``)
``ALLOWED_HOSTS``      default ``127.0.0.1,localhost`` (comma-separated)
``BAOHUANG_VAR_DIR``   local state (SQLite, file broker, collected static files); default
                       ``<repo>/var`` in a source checkout, ``$XDG_DATA_HOME/baohuang``
                       (``~/.local/share/baohuang``) when installed from a wheel
``DB_CONN_MAX_AGE``    default ``0`` (a connection per request; gunicorn.conf.py sets 60)
``CACHE_URL``          default ``locmem://`` (per process); ``redis://127.0.0.1:6379/1`` shares
                       the cache (API throttle counts) between every web process and host
``CACHE_KEY_PREFIX``   default ``baohuang``: keys of two deployments sharing one Redis differ
``BAOHUANG_MAX_IN_FLIGHT``  default ``0`` (no limit; gunicorn.conf.py sets ``4``): requests one
                       web process works on at once; more get 503 ``overloaded`` at once
``BAOHUANG_MAX_QUEUE_MS``  default ``500``: with the cap on, a request that waited longer
                       for a thread gets the same 503 (0: no such check)
``LOG_LEVEL``          default ``INFO``
``SECURE_*`` …         the HTTPS settings of ``check --deploy`` (docs/operations.md, "Production")
``BAOHUANG_API_PUBLIC_READ``  default ``true``: anonymous clients may read published
                       variants and use the rules endpoints; ``false`` requires a login/token
``BAOHUANG_MAX_SIMULATION_GAMES``  default ``200000``: the most games of one simulation job
                       (more knobs of the jobs: ``baohuang/jobs/conf.py``)
=====================  ==================================================================
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from baohuang import i18n
from baohuang.project.environment import env_bool, env_int, env_list, env_text

# <repo>/baohuang/project/settings.py -> <repo> (site-packages when installed from a wheel)
BASE_DIR = Path(__file__).resolve().parent.parent.parent


def default_var_dir() -> Path:
    """``<repo>/var`` in a source checkout; a per-user data folder when installed."""
    if (BASE_DIR / "manage.py").is_file() and (BASE_DIR / "pyproject.toml").is_file():
        return BASE_DIR / "var"
    data_home = env_text("XDG_DATA_HOME", str(Path.home() / ".local" / "share"))
    return Path(data_home) / "baohuang"


#: Local state: the SQLite database, the file broker, collected static files.
VAR_DIR = Path(env_text("BAOHUANG_VAR_DIR", "") or default_var_dir()).resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)


# --------------------------------------------------------------------------- core

#: Off unless asked for: a server started with no environment is not in debug mode.
#: ``make run`` sets ``DEBUG=true`` for local development.
DEBUG = env_bool("DEBUG", False)

#: The development key applies only with ``DEBUG`` on; with it off, ``SECRET_KEY`` is required.
DEV_SECRET_KEY = "django-insecure-dev-only-secret-key-do-not-use-in-production"  # noqa: S105 (the documented DEBUG-only key, refused with DEBUG off)
SECRET_KEY = os.environ.get("SECRET_KEY") or (DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY or (not DEBUG and SECRET_KEY == DEV_SECRET_KEY):
    raise ImproperlyConfigured(
        "Set SECRET_KEY in the environment (a long random string, e.g. from "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`), or DEBUG=true for "
        "local development."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # Project apps (catalog, api, jobs) are added here as they land.
    "baohuang.catalog",
    "baohuang.api",
    "baohuang.jobs",
    "baohuang.play",
    "baohuang.editor",
    # API tokens (hashed, scoped, revocable); replaces rest_framework.authtoken, whose keys
    # the migration tokens.0002 imports.
    "baohuang.tokens",
]

MIDDLEWARE = [
    # First: 503 at once when this process already works on BAOHUANG_MAX_IN_FLIGHT
    # requests, before anything is done for the request (wsgi.py checks it even earlier).
    "baohuang.api.overload.MaxInFlightMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files (admin, the editor's build, Swagger UI) from STATIC_ROOT, in any mode.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # 413 in the API's error shape before anything reads an oversized body.
    "baohuang.api.errors.ApiErrorMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: Accept-Language (LocaleMiddleware), then the API's ?lang=zh|en.
    "django.middleware.locale.LocaleMiddleware",
    "baohuang.api.language.QueryLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "baohuang.project.urls"
WSGI_APPLICATION = "baohuang.project.wsgi.application"
ASGI_APPLICATION = "baohuang.project.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --------------------------------------------------------------------------- database

DATABASES: dict[str, dict[str, Any]] = {
    "default": dict(
        dj_database_url.config(
            env="DATABASE_URL",
            default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
            # 0: one connection per request. runserver serves each client in a thread of
            # its own, and persistent connections there pile up until PostgreSQL refuses
            # more ("too many clients"). gunicorn's sync workers (one request at a time per
            # process) keep one each safely: gunicorn.conf.py sets 60.
            conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
            conn_health_checks=True,
        )
    ),
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The web server and the Celery worker write at once: wait for the lock instead of
    # failing, take it when a transaction begins (no failed lock upgrades), let readers read
    # while one writes (WAL). Tests get a database file, so that worker processes see it.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --------------------------------------------------------------------------- cache


def cache_from_url(url: str, prefix: str) -> dict[str, Any]:
    """The default cache from ``CACHE_URL``: ``redis://`` / ``rediss://`` (Django's own
    RedisCache, on the ``redis`` client Celery installs already) or ``locmem://``."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
            # A cache that is down must not take the API with it: fail fast, not after 20 s.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    if url.startswith("locmem://"):
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": url.removeprefix("locmem://") or "baohuang",
            "KEY_PREFIX": prefix,
        }
    raise ImproperlyConfigured(
        f"CACHE_URL={url!r}: use redis://host:6379/N (shared by every web process) or "
        "locmem:// (one process's memory)."
    )


#: Throttle counts live here: per process by default; Redis (``CACHE_URL``) shares them.
CACHES: dict[str, dict[str, Any]] = {
    "default": cache_from_url(
        env_text("CACHE_URL", "locmem://"),
        env_text("CACHE_KEY_PREFIX", "baohuang"),
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --------------------------------------------------------------------------- i18n, static

#: Chinese first: a request that names no language (no Accept-Language, no ?lang=) is
#: answered in Chinese. English stays the source text of every string.
LANGUAGE_CODE = "zh-hans"
#: The languages the product speaks (Chinese first) and where each package keeps its catalog.
LANGUAGES = i18n.LANGUAGES
LOCALE_PATHS = [str(path) for path in i18n.locale_paths()]
i18n.refresh_catalogs()
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
#: ``manage.py collectstatic`` copies every static file here; whitenoise serves them.
STATIC_ROOT = Path(env_text("STATIC_ROOT", "") or VAR_DIR / "static")
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
#: The web editor's build (``npm run build`` in frontend/), served as static/editor/…, in a
#: source checkout. A wheel carries the build as the editor app's static files instead.
_EDITOR_BUILD = BASE_DIR / "frontend" / "dist"
STATICFILES_DIRS = [("editor", _EDITOR_BUILD)] if _EDITOR_BUILD.is_dir() else []
#: The documentation site (``make docs``: Sphinx builds docs/ into docs/_build/html), served
#: at ``/docs/`` when it has been built; ``BAOHUANG_DOCS_DIR`` names another built copy.
DOCS_DIR = Path(env_text("BAOHUANG_DOCS_DIR", "") or BASE_DIR / "docs" / "_build" / "html")
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Compressed copies (gzip, brotli if installed) next to the files; no manifest, so a
    # template that names a file that was not collected still renders.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
#: With DEBUG on, whitenoise serves straight from the apps' folders (no collectstatic).
WHITENOISE_USE_FINDERS = env_bool("WHITENOISE_USE_FINDERS", DEBUG)

# --------------------------------------------------------------------------- HTTPS

#: Behind a proxy that terminates TLS: ``SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https``.
_proxy_header = env_list("SECURE_PROXY_SSL_HEADER", "")
SECURE_PROXY_SSL_HEADER = (_proxy_header[0], _proxy_header[1]) if len(_proxy_header) == 2 else None
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
#: Origins allowed to POST with the session (``https://rules.example.com``), comma-separated.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# A CSRF failure under /api/ answers JSON (403 csrf_failed) in the request's language.
CSRF_FAILURE_VIEW = "baohuang.api.csrf.csrf_failure"

# --------------------------------------------------------------------------- REST API

#: Largest request body (bytes) Django reads; bigger API requests get 413. 2 MiB leaves room
#: for the admin's YAML form (200,000 characters, URL-encoded); definitions are ~10 KB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

#: Requests one web process works on at once (gunicorn's threads beyond it only answer
#: 503 ``overloaded`` with ``Retry-After``, so a flood is refused in milliseconds instead of
#: queueing for tens of seconds). 0: no limit.
BAOHUANG_MAX_IN_FLIGHT = env_int("BAOHUANG_MAX_IN_FLIGHT", 0)
#: With the cap on: a request that already waited this many milliseconds for a thread is
#: refused the same way (under a flood, serving the stale ones first makes every one late).
#: 0: no such check.
BAOHUANG_MAX_QUEUE_MS = env_int("BAOHUANG_MAX_QUEUE_MS", 500)

#: Anonymous clients may read published variants and use the rules endpoints (compare,
#: score, deal, replay, validate). Drafts always need staff, publishing the permission.
BAOHUANG_API_PUBLIC_READ = env_bool("BAOHUANG_API_PUBLIC_READ", True)

REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_SCHEMA_CLASS": "baohuang.api.schema.ApiAutoSchema",
    # Token first: its WWW-Authenticate header makes a refused anonymous request a 401.
    # Session authentication (the browser, the admin's login) enforces CSRF.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Authorization: Token <key>, checked against the stored SHA-256 digests.
        "baohuang.tokens.authentication.ApiTokenAuthentication",
        # DRF's session authentication with CSRF failures as 403 csrf_failed, translated.
        "baohuang.api.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["baohuang.api.permissions.CanRead"],
    "DEFAULT_PARSER_CLASSES": ["baohuang.api.parsers.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "EXCEPTION_HANDLER": "baohuang.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "baohuang.api.throttling.AnonThrottle",
        "baohuang.api.throttling.UserThrottle",
        "baohuang.api.throttling.ScopedThrottle",
    ],
    # Generous: a referee or an editor never meets them; a runaway script does.
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_text("API_THROTTLE_ANON", "600/minute"),
        "user": env_text("API_THROTTLE_USER", "3000/minute"),
        "rules": env_text("API_THROTTLE_RULES", "1200/minute"),
        "writes": env_text("API_THROTTLE_WRITES", "120/minute"),
    },
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS: dict[str, Any] = {
    "TITLE": "Baohuang rule variants API",
    "DESCRIPTION": "Rule sets for 保皇 house rules, the rules engine and simulations.",
    "VERSION": "1",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "TAGS": [
        {"name": "variants", "description": "Rule sets and their published definitions."},
        {"name": "drafts", "description": "Editing and publishing (staff)."},
        {"name": "versions", "description": "Published, immutable versions and diffs."},
        {"name": "language", "description": "The variant language: validation, schema."},
        {"name": "rules", "description": "Questions to the rules engine."},
        {"name": "simulations", "description": "Simulation jobs run by Celery workers."},
        {"name": "tokens", "description": "Your API tokens (session only)."},
    ],
    # Swagger UI and Redoc assets come from drf-spectacular-sidecar: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --------------------------------------------------------------------------- Celery

#: Default broker: kombu's filesystem transport, so no broker server is needed locally.
#: Producers write to ``data_folder_out`` and workers read ``data_folder_in``: on one
#: machine both must be the same folder.
BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env_text("CELERY_BROKER_URL", "filesystem://")
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, Any] = {}
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_folders = {
        "data_folder_in": BROKER_DIR / "queue",
        "data_folder_out": BROKER_DIR / "queue",
        "processed_folder": BROKER_DIR / "processed",
        "control_folder": BROKER_DIR / "control",
    }
    for _folder in _broker_folders.values():
        _folder.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        **{key: str(path) for key, path in _broker_folders.items()},
        "store_processed": False,
        "polling_interval": 0.2,  # seconds between looks at the folder when it is empty
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Unacknowledged messages (acks_late) go back to the queue after this many seconds; longer
    # than any chunk runs. A chunk lost with its worker is re-sent sooner by the job reaper.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}

#: No result backend by default: simulation results are stored in our own models.
CELERY_RESULT_BACKEND: str | None = env_text("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Chunk tasks run for seconds: a worker takes one message per process at a time, so queued
# chunks go to whichever worker is free (baohuang/jobs/tasks.py sets acks_late on them).
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True

# --------------------------------------------------------------------------- simulation jobs

#: The most games one simulation job may ask for (a 400 above it). The other knobs of the
#: jobs (chunk size, heartbeat, reaper) are read from the environment: baohuang/jobs/conf.py.
BAOHUANG_MAX_SIMULATION_GAMES = env_int("BAOHUANG_MAX_SIMULATION_GAMES", 200_000)

# --------------------------------------------------------------------------- logging

#: One line per record on stderr: time, level, logger name, message (``LOG_LEVEL``, default
#: INFO). gunicorn's own access log has its format in gunicorn.conf.py.
LOG_LEVEL = env_text("LOG_LEVEL", "INFO").upper()
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {
            "format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s",
            "datefmt": "%Y-%m-%dT%H:%M:%S%z",
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's own loggers propagate to the root handler (no duplicate output).
    "loggers": {"django": {"level": LOG_LEVEL, "propagate": True}},
}
