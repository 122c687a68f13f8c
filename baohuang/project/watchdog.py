"""The request time limit of a gunicorn worker: ``GUNICORN_TIMEOUT`` made real for threads.

gunicorn's ``timeout`` is a heartbeat: the arbiter restarts a worker whose main loop stops
notifying it. A ``sync`` worker handles the request in its main loop, so a stuck request is
a stuck heartbeat; a ``gthread`` worker handles requests in a thread pool while its main loop
keeps notifying, so a request may run for ever and the timeout never fires (gunicorn
issues #2086, #2695). Python cannot stop a thread, and no code path can be trusted to check
a deadline (the engine's compiled core, a database call, a loop nobody thought of).

So each worker runs a :class:`Watchdog` thread, fed by gunicorn's ``pre_request`` and
``post_request`` hooks (they run in the request's own thread): when a request has run
longer than the timeout, the watchdog logs it (request line, seconds, the thread's stack),
stops the worker from accepting connections (as a ``SIGTERM`` does; the arbiter starts a
new worker), gives the worker's other requests up to ``graceful_timeout`` to finish, and
ends the process. The stuck request's client sees its connection closed; the work stops.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class InFlight:
    """A request being handled: its thread, its request line and when it started."""

    thread: int
    what: str
    started: float


class Watchdog:
    """Tracks a worker's requests; :meth:`check` ends the worker when one is overdue.

    ``stop`` makes the worker stop accepting connections; ``exit`` ends the process (both
    replaceable for tests, as are the ``clock`` and the ``log``: gunicorn's error log).
    """

    def __init__(
        self,
        timeout: float,
        grace: float,
        stop: Callable[[], None],
        exit: Callable[[int], None] = os._exit,
        clock: Callable[[], float] = time.monotonic,
        log: Any = logger,
    ) -> None:
        self.log = log
        self.timeout = timeout
        self.grace = grace
        self.stop = stop
        self.exit = exit
        self.clock = clock
        self._lock = threading.Lock()
        self._requests: dict[int, InFlight] = {}
        #: When the worker was told to stop (None while it serves).
        self.stopping_since: float | None = None

    def started(self, what: str) -> None:
        """The calling thread starts handling the request ``what`` (``GET /path``)."""
        ident = threading.get_ident()
        with self._lock:
            self._requests[ident] = InFlight(ident, what, self.clock())

    def finished(self) -> None:
        """The calling thread is done with its request."""
        with self._lock:
            self._requests.pop(threading.get_ident(), None)

    def overdue(self) -> list[InFlight]:
        """The requests that have run longer than the timeout."""
        now = self.clock()
        with self._lock:
            return [r for r in self._requests.values() if now - r.started > self.timeout]

    def check(self) -> None:
        """Stop the worker when a request is overdue; end it once the others are done or
        the grace period is over."""
        late = self.overdue()
        if self.stopping_since is None:
            if not late:
                return
            frames = sys._current_frames()
            for request in late:
                stack = "".join(traceback.format_stack(frames.get(request.thread)))
                self.log.critical(
                    "REQUEST TIMEOUT (pid:%s): %s has run for %.0f s, longer than "
                    "GUNICORN_TIMEOUT (%s s); the worker is restarted. Its stack:\n%s",
                    os.getpid(),
                    request.what,
                    self.clock() - request.started,
                    self.timeout,
                    stack,
                )
            self.stopping_since = self.clock()
            self.stop()
        with self._lock:
            others = [r for r in self._requests.values() if r not in late]
        if not others or self.clock() - self.stopping_since > self.grace:
            for handler in (*logging.getLogger().handlers, *getattr(self.log, "handlers", ())):
                handler.flush()
            sys.stderr.flush()
            self.exit(1)

    def run(self, interval: float = 0.5) -> None:
        """Check every ``interval`` seconds, for ever (a daemon thread)."""
        while True:
            time.sleep(interval)
            try:
                self.check()
            except Exception:  # the watchdog must outlive any bug of its own
                self.log.exception("The request watchdog failed.")

    def start(self) -> threading.Thread:
        """Run :meth:`run` in a daemon thread."""
        thread = threading.Thread(target=self.run, name="request-watchdog", daemon=True)
        thread.start()
        return thread
