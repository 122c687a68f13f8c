"""The Celery application.

Configuration comes from Django settings, keys prefixed with ``CELERY_`` (see
``settings.py``: ``CELERY_BROKER_URL`` etc.). Tasks live in ``tasks.py`` modules of the
installed Django apps and are found by ``autodiscover_tasks``.

Run a worker with::

    .venv/bin/celery -A baohuang.project worker --loglevel=INFO
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")

app = Celery("baohuang")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
