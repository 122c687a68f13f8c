"""Settings for the test run: the production settings with what tests need from the
environment, so that no production default is bent for them.

``DEBUG`` stays as the environment says (off by default, as in production; pytest-django
runs every test with ``DEBUG = False`` anyway). A test ``SECRET_KEY`` is set in the
environment, so the processes tests start (Celery workers, the CLI, gunicorn) get it too.
"""

from __future__ import annotations

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-" + "x" * 40)

from baohuang.project.settings import *  # noqa: F403
