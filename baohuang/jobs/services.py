"""Writes of the simulation jobs: create, run chunks, record progress, cancel, reap.

The life of a job::

    create_job ──► queued ──(first chunk claimed)──► running ──(last chunk merged)──► succeeded
                      │                                 ├──(a chunk raised, or was lost
                      │                                 │   max_attempts times)──────► failed
                      └──────────(cancel_job)───────────┴────────────────────────────► cancelled

and of a chunk: ``pending → running → done`` (or ``failed``/``cancelled``); a ``running``
chunk whose heartbeat is older than ``BAOHUANG_JOBS_STALE_AFTER_SECONDS`` goes back to
``pending`` and is sent again (:func:`reap`), at most ``BAOHUANG_JOBS_MAX_ATTEMPTS`` starts.

Locks are always taken in one order, the job row first, then chunk rows, so two workers
never deadlock. Heartbeats are single ``UPDATE`` statements outside any transaction.
"""

from __future__ import annotations

import copy
import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial, wraps
from typing import Any, ParamSpec, TypeVar

from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from baohuang.bots import (
    MAX_ROLLOUTS,
    PLAIN_COSTS,
    POLICY_NAMES,
    PolicySpecError,
    check_budget,
    is_policy_name,
    policy_cost,
    reads_scoring,
)
from baohuang.catalog.models import RuleSetVersion
from baohuang.engine.compiled import compile_definition
from baohuang.i18n import grouped
from baohuang.jobs import conf, dispatch
from baohuang.jobs.errors import InvalidJob, JobFinished, ProposalRefused, QuotaExceeded
from baohuang.jobs.models import SimulationChunk as Chunk
from baohuang.jobs.models import SimulationJob as Job
from baohuang.jobs.selectors import (
    ComparisonSide,
    DraftSnapshot,
    job_compiled,
    job_rules,
    rules_compiled,
)
from baohuang.simulation.compare import Comparison, compare_chunk
from baohuang.simulation.runner import chunks as game_ranges
from baohuang.simulation.runner import simulate
from baohuang.simulation.stats import Stats, merge

logger = logging.getLogger(__name__)

#: Seeds are 64-bit signed integers (the column is a BIGINT).
MIN_SEED = -(2**63)
MAX_SEED = 2**63 - 1


class ChunkStopped(Exception):
    """Raised inside a running chunk that is no longer its attempt's (cancelled, failed or
    taken over by another attempt): the games stop there."""


@dataclass(frozen=True)
class Claim:
    """A worker's hold on a chunk: only the attempt with this token may report progress."""

    chunk_id: int
    job_id: uuid.UUID
    token: uuid.UUID
    start: int
    stop: int
    attempt: int


@dataclass
class ReapReport:
    """What one run of :func:`reap` did."""

    requeued: int = 0
    """Running chunks whose worker went silent, sent again."""
    failed_jobs: int = 0
    """Jobs failed because a chunk was lost ``max_attempts`` times."""
    resent: int = 0
    """Pending chunks whose message was gone from the broker, sent again."""

    def __bool__(self) -> bool:
        return bool(self.requeued or self.failed_jobs or self.resent)


# --------------------------------------------------------------------------- creating


def budget_message(policy: str) -> str:
    """The translated refusal of an ``mc:N`` whose N is above the bound."""
    return _(
        "'%(policy)s' asks the search player for too many rollouts per decision; this server "
        "allows at most mc:%(max)s (a decision then takes about a second)."
    ) % {"policy": policy, "max": MAX_ROLLOUTS}


def queued_games(user: Any) -> int:
    """Cost units (heuristic games, :func:`baohuang.bots.policy_cost`) of ``user``'s queued
    and running jobs' games not played yet."""
    left = Job.objects.filter(created_by=user, status__in=Job.ACTIVE).aggregate(
        left=Coalesce(Sum((F("games") - F("done")) * F("cost_per_game")), Value(0))
    )["left"]
    return int(left)


def game_cost(policy: str, plays_twice: bool = False) -> int:
    """Cost units of one game index of a job: the policy's cost of a game, twice when both
    games of a comparison's pair are played."""
    return policy_cost(policy) * (2 if plays_twice else 1)


def _plays_twice(
    version: RuleSetVersion | DraftSnapshot, definition: dict[str, Any], policy: str = ""
) -> bool:
    """Whether a comparison of ``version`` (or a draft snapshot) with ``definition`` plays
    both games of a pair (their play fields differ, or the players read the scoring:
    ``adaptive``, ``mc``; otherwise each game is played once and scored twice)."""
    from baohuang.rules.field_kinds import play_fields_differ

    if policy and reads_scoring(policy):
        return True
    try:
        other = compile_definition(definition).variant
        a = rules_compiled(version)
    except ValueError:
        return True
    return bool(play_fields_differ(a.variant, other))


def _cost_words(games: int, per_game: int, policy: str, twice: bool) -> str:
    """How a job's cost is made, in words: "500 games × 1,153 units (mc) × 2 (both sides)"."""
    text = ngettext(
        "%(games)s game × %(units)s units a game (%(policy)s)",
        "%(games)s games × %(units)s units a game (%(policy)s)",
        games,
    ) % {
        "games": grouped(games),
        "units": grouped(per_game // 2 if twice else per_game),
        "policy": policy,
    }
    if twice:
        text += _(" × 2 (a comparison plays both games of each pair)")
    return text


def _check_cost(games: int, per_game: int, policy: str, twice: bool) -> None:
    """Refuse a job that costs more than ``BAOHUANG_MAX_JOB_COST`` units on its own."""
    limit = conf.max_job_cost()
    cost = games * per_game
    if limit <= 0 or cost <= limit:
        return
    most = max(0, limit // per_game)
    raise InvalidJob(
        "games",
        _(
            "This job would cost %(cost)s units (%(how)s; a unit is about one heuristic game, "
            "1 ms of a worker); this server runs at most %(limit)s units per job "
            "(BAOHUANG_MAX_JOB_COST): at most %(most)s games with this policy. Ask for fewer "
            "games or a cheaper policy (mc:N with a smaller N)."
        )
        % {
            "cost": grouped(cost),
            "how": _cost_words(games, per_game, policy, twice),
            "limit": grouped(limit),
            "most": grouped(most),
        },
        code="too_expensive",
        params={"cost": cost, "limit": limit, "games": games, "max_games": most},
    )


def _check_quota(
    user: Any, games: int, per_game: int, policy: str, twice: bool, lock: bool = True
) -> None:
    """Refuse a job of ``games`` games of ``per_game`` units each that would take ``user``
    over ``BAOHUANG_MAX_QUEUED_GAMES_PER_USER`` units. Locks the user's row first, so that two
    requests of one account at once are counted one after the other (call inside a
    transaction)."""
    limit = conf.max_queued_games_per_user()
    if limit <= 0:
        return
    if lock:
        # get_user_model(): a session's user is a lazy wrapper whose type has no manager.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    queued = queued_games(user)
    cost = games * per_game
    if queued + cost > limit:
        raise QuotaExceeded(
            _(
                "Your queued and running jobs cost %(queued)s units; this job would add "
                "%(cost)s (%(how)s), past this server's limit of %(limit)s units per account "
                "(BAOHUANG_MAX_QUEUED_GAMES_PER_USER; a unit is about one heuristic game). "
                "Wait for your jobs to finish or cancel some."
            )
            % {
                "queued": grouped(queued),
                "cost": grouped(cost),
                "how": _cost_words(games, per_game, policy, twice),
                "limit": grouped(limit),
            },
            {"limit": limit, "queued": queued, "games": games, "cost": cost},
        )


def check_job(games: int, seed: int, policy: str, twice: bool = False) -> int:
    """Check a new job's games, seed, policy and cost (everything :func:`create_job` checks
    but the quota) without doing any work; its cost units per game. Raises InvalidJob."""
    limit = conf.max_games()
    if not 1 <= games <= limit:
        raise InvalidJob(
            "games",
            _(
                "A job plays 1 to %(limit)s games on this server "
                "(BAOHUANG_MAX_SIMULATION_GAMES); %(games)s asked for."
            )
            % {"limit": grouped(limit), "games": grouped(games)},
        )
    if not MIN_SEED <= seed <= MAX_SEED:
        raise InvalidJob("seed", _("The seed must be a 64-bit signed integer."))
    try:
        check_budget(policy)
    except PolicySpecError as exc:
        raise InvalidJob(
            "policy", budget_message(exc.params["policy"]), "budget_too_large", exc.params
        ) from exc
    if not is_policy_name(policy):
        raise InvalidJob(
            "policy",
            _("Unknown policy '%(policy)s'; known policies: %(known)s.")
            % {"policy": policy, "known": ", ".join(POLICY_NAMES)},
        )
    per_game = game_cost(policy, twice)
    _check_cost(games, per_game, policy, twice)
    return per_game


def check_quota(user: Any, games: int, policy: str, twice: bool = False) -> None:
    """Refuse (QuotaExceeded) a job ``user`` may not queue now, without locking: a check
    before expensive work; :func:`create_job` checks again under the lock."""
    if user is not None and user.is_authenticated:
        _check_quota(user, games, game_cost(policy, twice), policy, twice, lock=False)


def create_job(
    version: RuleSetVersion | DraftSnapshot,
    games: int,
    seed: int,
    policy: str = "heuristic",
    created_by: Any = None,
    chunk_games: int | None = None,
    other: ComparisonSide | None = None,
    proposal_of: Job | None = None,
) -> Job:
    """A new queued job with its chunks; the chunk tasks are sent when the transaction commits.

    ``version`` is a published version or a :class:`~baohuang.jobs.selectors.DraftSnapshot`
    (a draft as it is now, kept with the job). With ``other`` (a
    :class:`~baohuang.jobs.selectors.ComparisonSide`) the job is a paired comparison of
    ``version`` (A) and that variant (B) on the same deal seeds.

    Raises :class:`~baohuang.jobs.errors.InvalidJob` (with the field at fault) for a number
    of games outside 1…``BAOHUANG_MAX_SIMULATION_GAMES``, a seed that is not a 64-bit
    integer, an unknown policy or ``mc:N`` above the bound, a job costing more than
    ``BAOHUANG_MAX_JOB_COST`` units (code ``too_expensive``), and
    :class:`~baohuang.jobs.errors.QuotaExceeded` when ``created_by`` would have more than
    ``BAOHUANG_MAX_QUEUED_GAMES_PER_USER`` units queued (see :func:`game_cost`).
    """
    twice = other is not None and _plays_twice(version, other.definition, policy)
    per_game = check_job(games, seed, policy, twice)
    size = chunk_games if chunk_games and chunk_games > 0 else conf.chunk_games(games, per_game)
    user = created_by if created_by is not None and created_by.is_authenticated else None
    with transaction.atomic():
        if user is not None:
            _check_quota(user, games, per_game, policy, twice)
        draft = version if isinstance(version, DraftSnapshot) else None
        published = version if isinstance(version, RuleSetVersion) else None
        job = Job.objects.create(
            version=published,
            draft_of=None if draft is None else draft.rule_set,
            definition=None if draft is None else draft.definition,
            draft_revision=None if draft is None else draft.revision,
            kind=Job.Kind.SIMULATION if other is None else Job.Kind.COMPARISON,
            other_version=None if other is None else other.version,
            other_definition=None if other is None else other.definition,
            other_label="" if other is None else other.label[:200],
            proposal_of=proposal_of,
            games=games,
            seed=seed,
            policy=policy,
            chunk_games=size,
            cost_per_game=per_game,
            created_by=user,
        )
        now = timezone.now()
        rows = Chunk.objects.bulk_create(
            Chunk(
                job=job,
                index=index,
                start=start,
                stop=stop,
                task_id=str(uuid.uuid4()),
                dispatched_at=now,
            )
            for index, (start, stop) in enumerate(game_ranges(games, size))
        )
        # bulk_create sets primary keys on PostgreSQL and SQLite; read them back anyway.
        items = list(Chunk.objects.filter(job=job).order_by("index").values_list("pk", "task_id"))
        if len(items) != len(rows):
            raise RuntimeError(f"Job {job.pk}: {len(rows)} chunks created, {len(items)} stored.")
        _send_on_commit(items)
    return job


def _send_on_commit(items: list[tuple[int, str]]) -> None:
    """Send these chunk tasks once the current transaction commits (not at all if it fails)."""
    transaction.on_commit(partial(dispatch.send_chunks, items))


# --------------------------------------------------------------------------- running


#: What a chunk produces: statistics, or a paired comparison.
ChunkResult = Stats | Comparison


def _ranges(result: ChunkResult) -> list[tuple[int, int]]:
    return result.a.ranges if isinstance(result, Comparison) else result.ranges


def _merged(job: Job, result: ChunkResult) -> ChunkResult:
    if job.result is None:
        return result
    if isinstance(result, Comparison):
        return Comparison.from_dict(job.result).merge(result)
    return merge(Stats.from_dict(job.result), result)


def _lock(job_id: uuid.UUID) -> Job:
    """Lock the job row."""
    return Job.objects.select_for_update().get(pk=job_id)


def _lock_chunk(job_id: uuid.UUID, chunk_id: int) -> tuple[Job, Chunk]:
    """Lock the job row, then the chunk row, in this order."""
    job = _lock(job_id)
    return job, Chunk.objects.select_for_update().get(pk=chunk_id)


def _stale_before(now: datetime) -> datetime:
    return now - timedelta(seconds=conf.stale_after_seconds())


def claim_chunk(chunk_id: int, worker: str = "") -> Claim | None:
    """Take a chunk to run it, or None when there is nothing to do.

    Nothing to do: the chunk does not exist, is done, failed or cancelled, its job is no
    longer queued or running, or another attempt holds it and is still alive (its heartbeat
    is fresh). A running chunk whose heartbeat is stale is taken over. A chunk that was
    started ``BAOHUANG_JOBS_MAX_ATTEMPTS`` times already fails its job instead.
    """
    job_id = Chunk.objects.filter(pk=chunk_id).values_list("job_id", flat=True).first()
    if job_id is None:
        logger.warning("Chunk %s does not exist (a message from another database?).", chunk_id)
        return None
    with transaction.atomic():
        job, chunk = _lock_chunk(job_id, chunk_id)
        if not job.is_active:
            return None
        now = timezone.now()
        if chunk.status == Chunk.Status.RUNNING:
            beat = chunk.heartbeat_at
            if beat is not None and beat >= _stale_before(now):
                return None  # another attempt is alive: a duplicate delivery
        elif chunk.status != Chunk.Status.PENDING:
            return None
        if chunk.attempts >= conf.max_attempts():
            _lost_too_often(job, chunk, now)
            return None
        chunk.status = Chunk.Status.RUNNING
        chunk.attempts += 1
        token = chunk.claim = uuid.uuid4()
        chunk.claimed_at = chunk.heartbeat_at = now
        chunk.worker = worker[:255]
        chunk.save(
            update_fields=["status", "attempts", "claim", "claimed_at", "heartbeat_at", "worker"]
        )
        if job.status == Job.Status.QUEUED:
            job.status = Job.Status.RUNNING
            job.started_at = now
            job.save(update_fields=["status", "started_at"])
        return Claim(chunk.pk, job.pk, token, chunk.start, chunk.stop, chunk.attempts)


def heartbeat(claim: Claim, done: int) -> bool:
    """Store that ``done`` games of the chunk are played and the attempt is alive; update the
    job's progress. False when the chunk is no longer this attempt's: stop playing."""
    now = timezone.now()
    updated = Chunk.objects.filter(
        pk=claim.chunk_id, claim=claim.token, status=Chunk.Status.RUNNING
    ).update(heartbeat_at=now, done=Greatest(F("done"), Value(done)))
    if not updated:
        return False
    played = (
        Chunk.objects.filter(job_id=OuterRef("pk"))
        .order_by()
        .values("job_id")
        .annotate(total=Sum("done"))
        .values("total")
    )
    Job.objects.filter(pk=claim.job_id, status=Job.Status.RUNNING).update(
        done=Greatest(F("done"), Coalesce(Subquery(played), Value(0)))
    )
    return True


def finish_chunk(claim: Claim, stats: ChunkResult) -> bool:
    """Merge a chunk's statistics into its job, once: True if they were counted now.

    In one transaction that locks the job and the chunk: a chunk already done (delivered
    twice, or finished by another attempt) is not counted again, nor is one whose job was
    cancelled or failed meanwhile. The last chunk makes the job ``succeeded``.
    """
    with transaction.atomic():
        job, chunk = _lock_chunk(claim.job_id, claim.chunk_id)
        if not job.is_active or chunk.status not in (Chunk.Status.PENDING, Chunk.Status.RUNNING):
            return False
        if _ranges(stats) != [(chunk.start, chunk.stop)]:
            raise ValueError(
                f"Statistics of games {_ranges(stats)} reported for chunk "
                f"{chunk.start}–{chunk.stop}."
            )
        now = timezone.now()
        merged = _merged(job, stats)
        chunk.status = Chunk.Status.DONE
        chunk.done = chunk.size
        chunk.result = stats.to_dict()
        chunk.finished_at = chunk.heartbeat_at = now
        chunk.save(update_fields=["status", "done", "result", "finished_at", "heartbeat_at"])
        job.result = merged.to_dict()
        played = Chunk.objects.filter(job=job).aggregate(total=Sum("done"))["total"] or 0
        job.done = max(job.done, min(job.games, played))
        fields = ["result", "done"]
        if not Chunk.objects.filter(job=job).exclude(status=Chunk.Status.DONE).exists():
            job.status = Job.Status.SUCCEEDED
            job.done = job.games
            job.finished_at = now
            fields += ["status", "finished_at"]
        if job.status == Job.Status.QUEUED:  # finished by an attempt that was not claimed
            job.status = Job.Status.RUNNING
            job.started_at = now
            fields += ["status", "started_at"]
        job.save(update_fields=fields)
        return True


def fail_chunk(claim: Claim, message: str) -> bool:
    """A chunk raised: it fails, and with it the job (the others are cancelled). False if the
    chunk was done or the job had ended already."""
    with transaction.atomic():
        job, chunk = _lock_chunk(claim.job_id, claim.chunk_id)
        if not job.is_active or chunk.status in (Chunk.Status.DONE, Chunk.Status.FAILED):
            return False
        now = timezone.now()
        chunk.status = Chunk.Status.FAILED
        chunk.error = message
        chunk.finished_at = now
        chunk.save(update_fields=["status", "error", "finished_at"])
        _end_job(
            job,
            Job.Status.FAILED,
            f"Games {chunk.start}–{chunk.stop - 1} failed: {message}",
            "chunk_failed",
            {"first": chunk.start, "last": chunk.stop - 1, "reason": message},
        )
        return True


def claim_games(claim: Claim, chunk_id: int) -> tuple[int, int, int]:
    """(chunk id, first game, last game) of a claim, for the logs."""
    return chunk_id, claim.start, claim.stop - 1


def time_limit_chunk(claim: Claim, policy: str, limit: float | None = None) -> bool:
    """A chunk ran past its soft time limit (``limit`` seconds, the one its task was sent
    with; default ``BAOHUANG_JOBS_SOFT_TIME_LIMIT``): it fails, and with it the job (code
    ``time_limit``). False if the chunk was done or the job had ended already."""
    limit = conf.soft_time_limit() if limit is None else limit
    with transaction.atomic():
        job, chunk = _lock_chunk(claim.job_id, claim.chunk_id)
        if not job.is_active or chunk.status in (Chunk.Status.DONE, Chunk.Status.FAILED):
            return False
        now = timezone.now()
        message = (
            f"Games {chunk.start}–{chunk.stop - 1} ({policy}) took longer than the time limit "
            f"of {limit:g} seconds a chunk (BAOHUANG_JOBS_SOFT_TIME_LIMIT)."
        )
        chunk.status = Chunk.Status.FAILED
        chunk.error = message
        chunk.finished_at = now
        chunk.save(update_fields=["status", "error", "finished_at"])
        params = {
            "first": chunk.start,
            "last": chunk.stop - 1,
            "seconds": f"{limit:g}",
            "policy": policy,
        }
        _end_job(job, Job.Status.FAILED, message, "time_limit", params)
        return True


class _Reporter:
    """The progress callback of a running chunk: a heartbeat every few seconds (which also
    notices a cancellation), between games and — through :meth:`tick`, called after every
    decision — inside a game, so a game of a search player that takes minutes neither
    looks like a dead worker nor keeps a cancelled job's worker busy."""

    def __init__(self, claim: Claim, every: float) -> None:
        self.claim = claim
        self.every = every
        self.last = time.monotonic()
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        if done < total:
            self.tick()

    def tick(self) -> None:
        """A heartbeat if the last one is ``every`` seconds old; ChunkStopped if the chunk is
        no longer this attempt's (cancelled, failed or taken over)."""
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            if not heartbeat(self.claim, self.done):
                raise ChunkStopped


def run_chunk(chunk_id: int, worker: str = "", soft_time_limit: float | None = None) -> str:
    """Claim a chunk, play its games and merge the result (what the Celery task does).

    Returns what happened: ``done`` (merged), ``duplicate`` (played, but it was counted
    already or the job ended meanwhile), ``skipped`` (nothing to do), ``stopped`` (cancelled
    or taken over while playing), ``time_limit`` (past the task's soft time limit,
    ``soft_time_limit`` seconds; the job failed) or ``failed`` (the games raised; the job
    failed).
    """
    claim = claim_chunk(chunk_id, worker)
    if claim is None:
        return "skipped"
    job = Job.objects.select_related("version").get(pk=claim.job_id)
    reporter = _Reporter(claim, conf.heartbeat_seconds())
    # A game of the heuristic or random takes a millisecond or two: looking between games is
    # enough, and a call after each of its ~200 decisions would cost a few percent. A search
    # player's game may take minutes: it is looked at after every decision.
    tick = reporter.tick if policy_cost(job.policy) > max(PLAIN_COSTS.values()) else None
    try:
        cv = job_compiled(job)
        stats: ChunkResult
        if job.kind == Job.Kind.COMPARISON:
            if job.other_definition is None:
                raise ValueError(f"Comparison job {job.pk} has no definition B.")
            stats = compare_chunk(
                cv,
                compile_definition(job.other_definition),
                job.games,
                job.seed,
                job.policy,
                chunk=(claim.start, claim.stop),
                progress=reporter,
                tick=tick,
            )
        else:
            stats = simulate(
                cv,
                job.games,
                job.seed,
                job.policy,
                chunk=(claim.start, claim.stop),
                progress=reporter,
                tick=tick,
            )
    except ChunkStopped:
        logger.info("Chunk %s (games %s–%s) stopped.", chunk_id, claim.start, claim.stop - 1)
        return "stopped"
    except SoftTimeLimitExceeded:
        # Games are reproducible: another attempt would take as long again. The job fails
        # with a sentence saying which limit and what to do (not a stack trace).
        logger.warning("Chunk %s (games %s–%s) hit its time limit.", *claim_games(claim, chunk_id))
        time_limit_chunk(claim, job.policy, soft_time_limit)
        return "time_limit"
    except Exception as exc:
        logger.exception("Chunk %s (games %s–%s) failed.", chunk_id, claim.start, claim.stop - 1)
        fail_chunk(claim, f"{type(exc).__name__}: {exc}")
        return "failed"
    return "done" if finish_chunk(claim, stats) else "duplicate"


# --------------------------------------------------------------------------- ending


def _end_job(
    job: Job,
    status: str,
    error: str = "",
    error_code: str = "",
    error_params: dict[str, Any] | None = None,
) -> None:
    """End a locked, active job: its outstanding chunks are cancelled, their tasks revoked.

    A failure is kept as an English sentence (``error``, for the logs and the admin) and as
    a code with params, from which each reader gets the sentence in their language.
    """
    now = timezone.now()
    job.status = status
    job.error = error
    job.error_code = error_code
    job.error_params = dict(error_params or {})
    job.finished_at = now
    job.save(update_fields=["status", "error", "error_code", "error_params", "finished_at"])
    outstanding = Chunk.objects.select_for_update().filter(
        job=job, status__in=(Chunk.Status.PENDING, Chunk.Status.RUNNING)
    )
    task_ids = list(outstanding.values_list("task_id", flat=True))
    outstanding.update(status=Chunk.Status.CANCELLED, claim=None, finished_at=now)
    transaction.on_commit(partial(dispatch.revoke, task_ids))


def _lost_too_often(job: Job, chunk: Chunk, now: datetime) -> None:
    """Fail a locked job whose chunk was started ``max_attempts`` times without finishing."""
    message = (
        f"Games {chunk.start}–{chunk.stop - 1} were started {chunk.attempts} times and each "
        "time the worker stopped answering (killed, out of memory, or its machine went away)."
    )
    chunk.status = Chunk.Status.FAILED
    chunk.error = message
    chunk.finished_at = now
    chunk.save(update_fields=["status", "error", "finished_at"])
    params = {"first": chunk.start, "last": chunk.stop - 1, "attempts": chunk.attempts}
    _end_job(job, Job.Status.FAILED, message, "worker_lost", params)


def cancel_job(job_id: uuid.UUID) -> Job:
    """Cancel a queued or running job: pending chunks are dropped, running ones stop at their
    next heartbeat. Cancelling a cancelled job changes nothing; a job that succeeded or failed
    raises :class:`~baohuang.jobs.errors.JobFinished`."""
    with transaction.atomic():
        job = _lock(job_id)
        if job.status == Job.Status.CANCELLED:
            return job
        if not job.is_active:
            raise JobFinished(
                _("The job has %(status)s already; there is nothing to cancel.")
                % {"status": job.status_text}
            )
        _end_job(job, Job.Status.CANCELLED)
        return job


# --------------------------------------------------------------------------- reaping


def _requeue(chunk: Chunk, now: datetime) -> tuple[int, str]:
    """Put a locked chunk back to pending with a new task id (sent when the transaction commits)."""
    chunk.status = Chunk.Status.PENDING
    chunk.claim = None
    chunk.task_id = str(uuid.uuid4())
    chunk.dispatched_at = now
    chunk.save(update_fields=["status", "claim", "task_id", "dispatched_at"])
    return chunk.pk, chunk.task_id


def reap(now: datetime | None = None) -> ReapReport:
    """Recover from workers that died, so that no job stays queued or running for ever.

    1. A running chunk whose heartbeat is older than ``BAOHUANG_JOBS_STALE_AFTER_SECONDS``
       was lost with its worker: it goes back to pending and is sent again, or, if it was
       started ``BAOHUANG_JOBS_MAX_ATTEMPTS`` times already, its job fails.
    2. A pending chunk sent longer ago than that bound, while the queue is empty, lost its
       message (a worker died holding it; the filesystem transport does not give messages
       back): it is sent again.

    Safe to run anywhere, any number of times at once (each change re-checks under locks);
    a chunk sent twice is run once (:func:`claim_chunk`).
    """
    now = now or timezone.now()
    stale_before = _stale_before(now)
    report = ReapReport()
    lost = list(
        Chunk.objects.filter(
            status=Chunk.Status.RUNNING,
            heartbeat_at__lt=stale_before,
            job__status__in=Job.ACTIVE,
        ).values_list("pk", "job_id")[:1000]
    )
    for chunk_id, job_id in lost:
        with transaction.atomic():
            job, chunk = _lock_chunk(job_id, chunk_id)
            beat = chunk.heartbeat_at
            if not job.is_active or chunk.status != Chunk.Status.RUNNING:
                continue
            if beat is not None and beat >= stale_before:
                continue
            if chunk.attempts >= conf.max_attempts():
                _lost_too_often(job, chunk, now)
                report.failed_jobs += 1
                continue
            _send_on_commit([_requeue(chunk, now)])
            report.requeued += 1
            logger.warning(
                "Chunk %s (games %s–%s of job %s) lost its worker; sent again (attempt %s of %s).",
                chunk.pk,
                chunk.start,
                chunk.stop - 1,
                job.pk,
                chunk.attempts + 1,
                conf.max_attempts(),
            )
    waiting = list(
        Chunk.objects.filter(
            status=Chunk.Status.PENDING,
            dispatched_at__lt=stale_before,
            job__status__in=Job.ACTIVE,
        ).values_list("pk", "job_id")[:1000]
    )
    if waiting and dispatch.queue_length() == 0:
        by_job: dict[uuid.UUID, list[int]] = defaultdict(list)
        for chunk_id, job_id in waiting:
            by_job[job_id].append(chunk_id)
        for job_id, chunk_ids in by_job.items():
            report.resent += _resend(job_id, chunk_ids, stale_before, now)
    return report


def _resend(
    job_id: uuid.UUID, chunk_ids: Iterable[int], stale_before: datetime, now: datetime
) -> int:
    """Send pending chunks of one job again (those still pending and not sent recently)."""
    with transaction.atomic():
        job = _lock(job_id)
        if not job.is_active:
            return 0
        chunks = Chunk.objects.select_for_update().filter(
            pk__in=list(chunk_ids), status=Chunk.Status.PENDING, dispatched_at__lt=stale_before
        )
        items = [_requeue(chunk, now) for chunk in chunks]
        if items:
            logger.warning(
                "%d pending chunk(s) of job %s had no message in the queue; sent again.",
                len(items),
                job_id,
            )
            _send_on_commit(items)
        return len(items)


# --------------------------------------------------------------------------- balance


@dataclass
class BalanceOutcome:
    """What :func:`propose_balance` made: the proposal and the verification job (which
    keeps the proposal until the operator accepts it, :func:`accept_balance`)."""

    proposal: Any
    verification: Job


#: The balance request's fields of the verification job it queues; any other parameter of
#: the verification the services refuse belongs to the request as a whole.
VERIFY_FIELDS = {"games": "verify_games", "seed": "verify_seed"}

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _verification_fields(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """Name a refused parameter of the verification job by the balance request's field
    (``games`` is ``verify_games`` there)."""

    @wraps(func)
    def named(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return func(*args, **kwargs)
        except InvalidJob as exc:
            field = VERIFY_FIELDS.get(exc.field, "")
            raise InvalidJob(field, exc.message, exc.code, exc.params) from exc

    return named


@_verification_fields
def propose_balance(
    job: Job,
    target: str,
    max_change: int | None,
    user: Any,
    *,
    tables: list[str] | None = None,
    fixed: list[str] | None = None,
    keep_outcomes: bool = False,
    verify_games: int | None = None,
    verify_seed: int | None = None,
    release: list[str] | None = None,
    max_distinct: int | None = None,
    verify_policy: str | None = None,
    table_targets: dict[str, str] | None = None,
) -> BalanceOutcome:
    """Solve for a balanced table from a finished simulation job and queue its
    verification: a comparison of the job's version with the proposal on fresh seeds (the
    same games, scored both ways). Nothing is saved to a rule set: the verification job
    keeps the proposal until the operator accepts it (:func:`accept_balance`) into his
    draft or a new rule set. ``verify_policy`` plays the verification (default: the job's
    policy); ``adaptive`` gives players who adapt their bidding and declarations to the
    proposal's scoring, so the verification also says how much that changes the answer.

    Raises :class:`~baohuang.simulation.balance.BalanceError` (bad target, infeasible),
    :class:`~baohuang.jobs.errors.InvalidJob` or catalog errors (slug taken).
    """
    from baohuang.simulation.balance import TABLES, BalanceError, Target, solve

    if job.kind != Job.Kind.SIMULATION or job.status != Job.Status.SUCCEEDED or not job.result:
        raise InvalidJob("job", _("Balance needs a simulation job that has succeeded."))
    seed = verify_seed if verify_seed is not None else (job.seed + 1 if job.seed < MAX_SEED else 0)
    if seed == job.seed:
        raise BalanceError(
            _("The verification must use other seeds than the simulation."), "same_seeds"
        )
    # Everything the verification job will be refused for is checked before the solver
    # runs (seconds of CPU), not after it.
    games = verify_games or job.games
    policy = verify_policy or job.policy
    twice = reads_scoring(policy)
    check_job(games, seed, policy, twice)
    check_quota(user, games, policy, twice)
    per_table = (
        {name: Target.parse(text) for name, text in table_targets.items()}
        if table_targets
        else None
    )
    try:
        a = job_rules(job)
    except ValueError as exc:
        raise InvalidJob("job", _("Balance needs a simulation job that has succeeded.")) from exc
    cv = rules_compiled(a)
    stats = Stats.from_dict(job.result)
    proposal = solve(
        cv.variant,
        stats,
        Target.parse(target),
        max_change,
        tables=tables or list(TABLES),
        fixed=fixed or [],
        keep_outcomes=keep_outcomes,
        release=release or [],
        max_distinct=max_distinct,
        players_adapt=reads_scoring(policy),
        table_targets=per_table,
    )
    definition = dict(proposal.definition)
    definition["notes"] = [
        *definition.get("notes", []),
        f"Scoring balanced by the solver from {job.games:,} games of "
        f"{job.a_label} (job {job.pk}): "
        + (
            "; ".join(f"{name}: {goal.describe()}" for name, goal in per_table.items())
            if per_table
            else Target.parse(target).describe()
        )
        + f", each entry ±{proposal.max_change}. "
        + proposal.notes[-1],
    ]
    verification = create_job(
        a,
        games,
        seed,
        policy,
        created_by=user,
        other=ComparisonSide(None, definition, f"{job.a_label} balanced"),
        proposal_of=job,
    )
    return BalanceOutcome(proposal, verification)


def accept_balance(
    verification: Job,
    into: str,
    user: Any,
    *,
    slug: str | None = None,
    name_zh: str | None = None,
    name_en: str | None = None,
    expected_revision: int | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """Put a balance proposal where the operator chose: ``into="draft"`` changes the
    cells the solver changed in the draft of the simulated rule set (each cell must still
    hold what the simulated version — or draft snapshot — had: the draft's other edits
    stay, a cell he edited since is a conflict); ``into="new"`` creates a rule set whose
    draft is the proposal and whose origin (``based_on``) is the simulated version (for a
    draft, the draft's own origin), its slug made from its Chinese name unless given.
    Returns ``(rule set, changes)``.

    Raises :class:`~baohuang.jobs.errors.ProposalRefused` (not a proposal, a conflicting cell)
    or catalog errors (slug taken, draft revision moved on).
    """
    from baohuang.catalog import services as catalog
    from baohuang.catalog.models import RuleSet
    from baohuang.catalog.slugs import free_slug
    from baohuang.simulation.balance import cell_at, cells_changed, set_cell

    not_a_proposal = _("This job does not hold a balance proposal.")
    if verification.proposal_of_id is None or not verification.other_definition:
        raise ProposalRefused("job", not_a_proposal)
    try:
        rules = job_rules(verification)
    except ValueError as exc:
        raise ProposalRefused("job", not_a_proposal) from exc
    origin = rules if isinstance(rules, RuleSetVersion) else None
    simulated = rules.rule_set
    proposal = dict(verification.other_definition)
    changes = cells_changed(dict(rules.definition), proposal)
    if into == "draft":
        rule_set = RuleSet.objects.get(pk=simulated.pk)  # the draft as it is now
        draft = copy.deepcopy(rule_set.draft)
        conflicts = [c["path"] for c in changes if cell_at(draft, c["path"]) != c["old"]]
        if conflicts:
            raise ProposalRefused(
                "into",
                _(
                    "The draft has changed these entries since the simulated version: "
                    "%(paths)s. Save the proposal as a new rule set, or undo those edits."
                )
                % {"paths": ", ".join(conflicts)},
                code="proposal_conflict",
                params={"paths": ", ".join(conflicts)},
            )
        for c in changes:
            set_cell(draft, c["path"], c["new"])
        revision = rule_set.draft_revision if expected_revision is None else expected_revision
        saved = catalog.update_draft(rule_set, draft, revision, user)
        return saved, changes
    zh = name_zh or f"{simulated.name_zh}（平衡）"
    en = name_en or f"{simulated.name_en} (balanced)"
    new_slug = slug or free_slug(zh)
    definition = dict(proposal)
    definition["id"] = new_slug
    rule_set = catalog.create_rule_set(
        new_slug,
        zh,
        en,
        definition,
        user,
        description=_("Balanced scoring: %(n)s entries changed from %(side)s.")
        % {"n": len(changes), "side": verification.a_text},
        based_on=origin if origin is not None else simulated.based_on,
    )
    return rule_set, changes
