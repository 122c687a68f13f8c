"""gunicorn reads this file when started from the checkout: ``gunicorn`` (or ``make serve``).

The settings live in ``baohuang/project/gunicorn_conf.py`` (read from the environment:
``BIND``, ``WEB_CONCURRENCY``, ``GUNICORN_TIMEOUT`` …), so an installed package uses the
same ones with ``gunicorn -c python:baohuang.project.gunicorn_conf``.
"""

from baohuang.project.gunicorn_conf import *  # noqa: F403
