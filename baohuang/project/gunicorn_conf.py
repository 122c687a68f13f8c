"""gunicorn's configuration, read from the environment (``gunicorn.conf.py`` at the top of a
checkout loads this; an installed package: ``gunicorn -c python:baohuang.project.gunicorn_conf``).

::

    =====================  =====================================================================
    ``BIND``               address to listen on, default ``127.0.0.1:8000`` (behind a proxy on
                           the same machine); ``0.0.0.0:8000`` to listen on every interface
    ``WEB_CONCURRENCY``    worker processes, default ``2 × cores + 1`` (at most 8)
    ``WEB_THREADS``        threads per worker, default 8: ``BAOHUANG_MAX_IN_FLIGHT`` (default 4)
                           of them work on requests, the others answer 503 ``overloaded`` at
                           once when a worker is busy (the settings; baohuang/api/overload.py)
    ``GUNICORN_BACKLOG``   connections waiting to be accepted, default 256; beyond them the
                           kernel refuses new ones
    ``GUNICORN_TIMEOUT``   seconds a request may take before its worker is restarted (default 60;
                           ``baohuang/project/watchdog.py``: gthread's own timeout is only a
                           heartbeat, so a watchdog thread per worker enforces it)
    ``FORWARDED_ALLOW_IPS``  proxies whose ``X-Forwarded-*`` headers are trusted (default 127.0.0.1)
    ``LOG_LEVEL``          gunicorn's error log level, as Django's (default ``INFO``)
    ``GUNICORN_CONTROL_SOCKET``  path of gunicorn's control socket (``gunicornc``); default none
    =====================  =====================================================================

A request that runs past ``GUNICORN_TIMEOUT`` is logged (``REQUEST TIMEOUT``, with its
stack), its worker stops accepting connections, lets its other requests finish (at most
``graceful_timeout``, 30 s) and exits; the arbiter starts a new one. (gunicorn's ``timeout``
alone restarts only a worker whose main loop is stuck, never a gthread worker busy in a
request thread.)

Workers are gunicorn's ``gthread`` workers: a fixed pool of ``WEB_THREADS`` threads each,
of which at most ``BAOHUANG_MAX_IN_FLIGHT`` work on a request at a time (the others shed
load with a 503), so a flood is refused in milliseconds instead of queueing for tens of
seconds. Each thread keeps at most one database connection, reused for ``DB_CONN_MAX_AGE``
seconds (60 here unless set; the pool is fixed, so connections are bounded by workers ×
threads, 64 with the defaults on a 4-core machine; the settings default, 0, is for
``runserver``, which serves every client in a new thread).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any

from baohuang.project.watchdog import Watchdog

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
os.environ.setdefault("DB_CONN_MAX_AGE", "60")
# Shedding load belongs to the threaded production server (a development server or the
# browser tests' live server must not refuse the editor's parallel requests).
os.environ.setdefault("BAOHUANG_MAX_IN_FLIGHT", "4")

# A thread waiting for the GIL (a worker's main thread, back from accepting or polling) gets
# it after at most 1 ms instead of Python's 5: under a flood the main thread otherwise waits
# behind the request threads at every step, accepts too slowly, the listen queue overflows
# and clients wait a second for their SYN to be sent again (the workers, forked from here,
# inherit it). Measured on two cores, mixed GETs: good answers 554/s → 762/s at 800 offered.
sys.setswitchinterval(0.001)

wsgi_app = "baohuang.project.wsgi:application"
bind = [os.environ.get("BIND") or "127.0.0.1:8000"]
workers = int(os.environ.get("WEB_CONCURRENCY") or min(2 * multiprocessing.cpu_count() + 1, 8))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS") or 8)
backlog = int(os.environ.get("GUNICORN_BACKLOG") or 256)
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 60)
graceful_timeout = 30
keepalive = 5
# A worker is replaced after this many requests (with jitter, not all at once): memory that
# a long-lived process accumulates is given back.
max_requests = 2000
max_requests_jitter = 200
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS") or "127.0.0.1"

# Both logs on stderr/stdout, one line each: time, level or status, what happened.
accesslog = "-"
errorlog = "-"
loglevel = (os.environ.get("LOG_LEVEL") or "info").lower()
# time, client, request line, status, bytes, milliseconds, user agent
access_log_format = '%(t)s access %(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s"'

# gunicorn ≥ 25's control socket (``gunicornc``): off unless a path is given, so that two
# servers on one machine never share ~/.gunicorn/gunicorn.ctl.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET") or "gunicorn.ctl"
control_socket_disable = not os.environ.get("GUNICORN_CONTROL_SOCKET")


# The request time limit (baohuang/project/watchdog.py): one watchdog per worker, told of
# each request by the hooks below, which gunicorn calls in the request's own thread.
_watchdog: Watchdog | None = None


def post_worker_init(worker: Any) -> None:
    """Start the worker's request watchdog."""
    global _watchdog

    def stop() -> None:
        worker.alive = False  # what SIGTERM does: stop accepting, finish the others

    _watchdog = Watchdog(timeout, graceful_timeout, stop, log=worker.log)
    _watchdog.start()


def pre_request(worker: Any, req: Any) -> None:
    """A request starts in this thread."""
    if _watchdog is not None:
        _watchdog.started(f"{req.method} {req.path}")


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """The request of this thread is done."""
    if _watchdog is not None:
        _watchdog.finished()
