"""Settings of the simulation jobs, read when they are needed (so tests and deployments can
change them without a restart of the code that reads them).

Each value is the Django setting of that name if it is set, else the environment variable of
the same name, else the default::

    ===================================  =========  =============================================
    name                                 default    meaning
    ===================================  =========  =============================================
    ``BAOHUANG_MAX_SIMULATION_GAMES``    200000     the most games one job may ask for
    ``BAOHUANG_MAX_QUEUED_GAMES_PER_USER`` 1000000 the most cost units (heuristic games, see
                                                    below) one account may have queued or running
                                                    at once (0: no limit); more is a 429
                                                    ``quota_exceeded``
    ``BAOHUANG_JOBS_CHUNK_GAMES``        0 (auto)   games per chunk; auto: about 32 chunks a job,
                                                    25 to 5000 games each, and at most
                                                    ``BAOHUANG_JOBS_CHUNK_COST`` units (fewer
                                                    games of a dear policy)
    ``BAOHUANG_JOBS_HEARTBEAT_SECONDS``  2          how often a running chunk stores its progress
                                                    and heartbeat and looks for a cancellation
    ``BAOHUANG_JOBS_STALE_AFTER_SECONDS`` 60        a running chunk without a heartbeat for this
                                                    long is taken to be lost (its worker died)
    ``BAOHUANG_JOBS_REAP_EVERY_SECONDS`` 15         how often each worker runs the reaper
                                                    (0: never; ``manage.py reap_jobs`` runs it once)
    ``BAOHUANG_JOBS_MAX_ATTEMPTS``       3          starts of one chunk before the job fails
    ``BAOHUANG_JOBS_QUEUE``              (Celery's  the Celery queue chunk tasks are sent to
                                         default)
    ``BAOHUANG_JOBS_SOFT_TIME_LIMIT``    600        seconds a chunk task may run; past it the
                                                    chunk stops and its job fails with the code
                                                    ``time_limit`` (games are reproducible: a
                                                    retry would take as long again)
    ``BAOHUANG_JOBS_HARD_TIME_LIMIT``    660        seconds after which Celery kills the worker
                                                    process of a chunk that did not stop (the
                                                    chunk is then sent again, as for a lost
                                                    worker); at least the soft limit + 10
    ``BAOHUANG_JOBS_CHUNK_COST``         5000       the most cost units (heuristic games, see
                                                    :func:`baohuang.bots.policy_cost`) a chunk is
                                                    given: an expensive policy gets small chunks
                                                    (``mc:1000``: one game a chunk), so a chunk
                                                    stays far below the time limits
    ``BAOHUANG_MAX_JOB_COST``            1000000    the most cost units one job may ask for (about
                                                    4 minutes of one core: a million heuristic
                                                    games, or 2,500 games of ``mc``); more is a
                                                    400 ``too_expensive``
    ``BAOHUANG_REQUEST_MAX_COST``        2500       the most cost units one web request may
                                                    replay (watching game n: one game of the
                                                    job's policy; finding games: ``scan`` games);
                                                    more is refused before any game is played
                                                    (409 ``too_expensive`` / 400 for ``scan``)
    ``BAOHUANG_REQUEST_MAX_SECONDS``     5          a deadline for the same replays, checked after
                                                    every decision: watching stops with a 409
                                                    ``too_expensive``, a search ends early (its
                                                    ``stop`` says where)
    ===================================  =========  =============================================

Cost units: a job's cost is its games × the cost of a game of its policy
(:func:`baohuang.bots.policy_cost`: heuristic 1, random 2, ``mc:K`` 1 + 18·K) × 2 for a
comparison whose sides play differently (both games of each pair are played).
``BAOHUANG_MAX_QUEUED_GAMES_PER_USER`` counts these units too, so ``mc`` jobs weigh what
they cost. The time limits apply with Celery's default (prefork) pool; the solo and threads
pools do not enforce them.
"""

from __future__ import annotations

import math

from baohuang.project.environment import setting_or_env as _value

#: Chunks per job aimed at by the automatic chunk size: enough for every worker of a small
#: cluster to keep busy to the end, and for progress to move.
TARGET_CHUNKS = 32
#: A chunk costs about a dozen database round trips and a task dispatch besides its games
#: (measured in-process: ~75 ms a chunk on a busy 2-core machine). With the old cap of 500
#: games (~170 ms of play at 3,000 games/s) a 100,000-game job spent a third of its time on
#: that; now its chunks are 3,125 games, about a second each (docs/development.md "Performance").
#: Small jobs keep small chunks: they spread over the workers and show progress.
MIN_CHUNK_GAMES = 25
MAX_CHUNK_GAMES = 5000


def max_games() -> int:
    """The most games one job may ask for."""
    return _value("BAOHUANG_MAX_SIMULATION_GAMES", 200_000, int)


def max_queued_games_per_user() -> int:
    """The most cost units one account may have queued or running at once (0: no limit)."""
    return max(0, _value("BAOHUANG_MAX_QUEUED_GAMES_PER_USER", 1_000_000, int))


def max_job_cost() -> int:
    """The most cost units one job may ask for (0: no limit)."""
    return max(0, _value("BAOHUANG_MAX_JOB_COST", 1_000_000, int))


def chunk_cost() -> int:
    """The most cost units the automatic chunk size gives one chunk."""
    return max(1, _value("BAOHUANG_JOBS_CHUNK_COST", 5000, int))


def chunk_games(games: int, cost: int = 1) -> int:
    """Games per chunk for a job of ``games`` games that cost ``cost`` units each."""
    fixed = _value("BAOHUANG_JOBS_CHUNK_GAMES", 0, int)
    if fixed > 0:
        return fixed
    size = max(MIN_CHUNK_GAMES, min(MAX_CHUNK_GAMES, math.ceil(games / TARGET_CHUNKS)))
    return max(1, min(size, chunk_cost() // max(1, cost)))


def soft_time_limit() -> float:
    """Seconds a chunk task may run before it is stopped (SoftTimeLimitExceeded)."""
    return max(1.0, _value("BAOHUANG_JOBS_SOFT_TIME_LIMIT", 600.0, float))


def hard_time_limit() -> float:
    """Seconds after which Celery kills a chunk task's process (at least soft + 10)."""
    return max(soft_time_limit() + 10, _value("BAOHUANG_JOBS_HARD_TIME_LIMIT", 660.0, float))


def heartbeat_seconds() -> float:
    """Seconds between a running chunk's progress reports (and cancellation checks)."""
    return _value("BAOHUANG_JOBS_HEARTBEAT_SECONDS", 2.0, float)


def stale_after_seconds() -> float:
    """Seconds without a heartbeat after which a running chunk counts as lost."""
    return _value("BAOHUANG_JOBS_STALE_AFTER_SECONDS", 60.0, float)


def reap_every_seconds() -> float:
    """Seconds between two runs of the reaper in each worker (0: the worker never reaps)."""
    return _value("BAOHUANG_JOBS_REAP_EVERY_SECONDS", 15.0, float)


def max_attempts() -> int:
    """How many times one chunk may be started before its job fails."""
    return max(1, _value("BAOHUANG_JOBS_MAX_ATTEMPTS", 3, int))


def queue() -> str | None:
    """The Celery queue of the chunk tasks (None: Celery's default queue)."""
    name = _value("BAOHUANG_JOBS_QUEUE", "", str)
    return name or None


def request_max_cost() -> int:
    """The most cost units one web request may spend replaying a job's games."""
    return max(1, _value("BAOHUANG_REQUEST_MAX_COST", 2500, int))


def request_max_seconds() -> float:
    """Seconds one web request may spend replaying a job's games."""
    return max(0.0, _value("BAOHUANG_REQUEST_MAX_SECONDS", 5.0, float))
