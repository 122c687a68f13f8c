"""The job services without a worker: chunks, exactly-once merging, cancel, failure, reaper.

Chunks are run here by calling :func:`baohuang.jobs.services.run_chunk` in the test, as a
worker's task would; the tests with real workers are in ``test_workers.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import compiled_version
from baohuang.jobs import services
from baohuang.jobs.errors import InvalidJob, JobFinished
from baohuang.jobs.models import SimulationChunk, SimulationJob
from baohuang.simulation.runner import run, simulate
from tests.jobs.conftest import job_row, new_job

pytestmark = pytest.mark.django_db

Status = SimulationJob.Status
ChunkStatus = SimulationChunk.Status


def reference(version: RuleSetVersion, games: int, seed: int = 11) -> dict[str, Any]:
    """What ``baohuang simulate`` computes for the same job."""
    return run(compiled_version(version), games, seed, "heuristic").to_dict()


def chunk_ids(job: SimulationJob) -> list[int]:
    return list(job.chunks.order_by("index").values_list("pk", flat=True))


def test_a_job_is_split_into_chunks_covering_every_game_once(version: RuleSetVersion) -> None:
    job = new_job(version, 105, 25)

    ranges = list(job.chunks.order_by("index").values_list("start", "stop"))
    assert ranges == [(0, 25), (25, 50), (50, 75), (75, 100), (100, 105)]
    assert job.status == Status.QUEUED
    assert job.done == 0
    assert job.result is None
    assert all(c.status == ChunkStatus.PENDING and c.task_id for c in job.chunks.all())


def test_the_automatic_chunk_size_gives_about_32_chunks(version: RuleSetVersion) -> None:
    assert services.create_job(version, 100_000, 1).chunk_games == 3125
    assert services.create_job(version, 2000, 1).chunk_games == 63
    assert services.create_job(version, 100, 1).chunk_games == 25  # not under 25 games
    assert services.create_job(version, 200_000, 1).chunk_games == 5000  # nor over 5000


def test_running_every_chunk_gives_the_result_of_one_run(version: RuleSetVersion) -> None:
    job = new_job(version, 60, 25)
    for pk in reversed(chunk_ids(job)):  # the order does not matter
        assert services.run_chunk(pk, "test") == "done"

    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.done == 60
    assert job.finished_at is not None
    assert job.started_at is not None
    assert job.result == reference(version, 60)


def test_a_chunk_delivered_twice_is_counted_once(version: RuleSetVersion) -> None:
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    assert services.run_chunk(first, "a") == "done"
    assert services.run_chunk(first, "b") == "skipped"  # the chunk is done already
    assert job_row(job.pk).result["games"] == 25

    # Two attempts of one chunk both finishing (a worker thought dead was only slow):
    claim = services.claim_chunk(second, "slow")
    assert claim is not None
    stats = simulate(compiled_version(version), 50, 11, "heuristic", chunk=(25, 50))
    assert services.finish_chunk(claim, stats) is True
    assert services.finish_chunk(claim, stats) is False

    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.result == reference(version, 50)


def test_progress_is_the_games_played_and_never_goes_back(version: RuleSetVersion) -> None:
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    a = services.claim_chunk(first, "w1")
    b = services.claim_chunk(second, "w2")
    assert a is not None
    assert b is not None
    assert job_row(job.pk).status == Status.RUNNING

    assert services.heartbeat(a, 10)
    assert services.heartbeat(b, 4)
    assert job_row(job.pk).done == 14
    assert services.heartbeat(a, 7)  # a stale report cannot lower it
    assert job_row(job.pk).done == 14


def test_a_claimed_chunk_is_not_claimed_again_while_its_worker_is_alive(
    version: RuleSetVersion,
) -> None:
    job = new_job(version, 25, 25)
    (pk,) = chunk_ids(job)

    assert services.claim_chunk(pk, "w1") is not None
    assert services.claim_chunk(pk, "w2") is None
    assert services.run_chunk(pk, "w2") == "skipped"


def test_cancel_stops_pending_and_running_chunks(version: RuleSetVersion) -> None:
    job = new_job(version, 75, 25)
    first, second, third = chunk_ids(job)
    assert services.run_chunk(first, "w") == "done"
    running = services.claim_chunk(second, "w")
    assert running is not None

    cancelled = services.cancel_job(job.pk)

    assert cancelled.status == Status.CANCELLED
    assert cancelled.finished_at is not None
    statuses = dict(job.chunks.values_list("pk", "status"))
    assert statuses == {
        first: ChunkStatus.DONE,
        second: ChunkStatus.CANCELLED,
        third: ChunkStatus.CANCELLED,
    }
    assert services.heartbeat(running, 5) is False  # the running chunk stops at its next beat
    assert services.run_chunk(third, "w") == "skipped"
    assert services.cancel_job(job.pk).status == Status.CANCELLED  # again: no change


def test_a_finished_job_cannot_be_cancelled(version: RuleSetVersion) -> None:
    job = new_job(version, 25, 25)
    services.run_chunk(chunk_ids(job)[0], "w")

    with pytest.raises(JobFinished, match="succeeded already"):
        services.cancel_job(job.pk)


def test_a_failing_chunk_fails_the_job_with_its_error(
    version: RuleSetVersion, fail_at_game: Callable[[int], None]
) -> None:
    fail_at_game(30)
    job = new_job(version, 75, 25)
    first, second, third = chunk_ids(job)

    assert services.run_chunk(first, "w") == "done"
    assert services.run_chunk(second, "w") == "failed"

    job = job_row(job.pk)
    assert job.status == Status.FAILED
    assert "Games 25–49 failed" in job.error
    assert "failure injected at game 30" in job.error
    assert job.chunks.get(pk=third).status == ChunkStatus.CANCELLED
    assert services.run_chunk(third, "w") == "skipped"


@pytest.mark.parametrize(
    ("games", "seed", "policy", "field"),
    [(0, 1, "heuristic", "games"), (10**9, 1, "heuristic", "games"), (5, 1, "greedy", "policy")],
)
def test_bad_parameters_are_refused_with_the_field(
    version: RuleSetVersion, games: int, seed: int, policy: str, field: str
) -> None:
    with pytest.raises(InvalidJob) as caught:
        services.create_job(version, games, seed, policy)
    assert caught.value.field == field


# --------------------------------------------------------------------------- reaper


def later(seconds: float) -> Any:
    return timezone.now() + timedelta(seconds=seconds)


def test_the_reaper_sends_a_chunk_whose_worker_went_silent_again(
    version: RuleSetVersion, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    lost = services.claim_chunk(first, "dead-worker")
    assert lost is not None
    old_task = job.chunks.get(pk=first).task_id

    assert not services.reap(later(10))  # heartbeat still fresh
    report = services.reap(later(31))

    assert report.requeued == 1
    chunk = job.chunks.get(pk=first)
    assert chunk.status == ChunkStatus.PENDING
    assert chunk.task_id != old_task
    assert services.heartbeat(lost, 3) is False  # the old attempt, if alive, stops
    assert services.run_chunk(first, "rescuer") == "done"
    assert services.run_chunk(second, "rescuer") == "done"
    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.result == reference(version, 50)
    assert job.chunks.get(pk=first).attempts == 2


def test_a_chunk_lost_max_attempts_times_fails_its_job(
    version: RuleSetVersion, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    settings.BAOHUANG_JOBS_MAX_ATTEMPTS = 2
    job = new_job(version, 25, 25)
    (pk,) = chunk_ids(job)

    assert services.claim_chunk(pk, "w1") is not None
    assert services.reap(later(31)).requeued == 1
    assert services.claim_chunk(pk, "w2") is not None
    report = services.reap(later(31))

    assert report.failed_jobs == 1
    job = job_row(job.pk)
    assert job.status == Status.FAILED
    assert "started 2 times" in job.error
    assert "stopped answering" in job.error


def test_the_reaper_resends_pending_chunks_missing_from_an_empty_queue(
    version: RuleSetVersion, settings: Any
) -> None:
    # In this test's transaction nothing is sent (on_commit never fires): the queue is empty,
    # as after a worker died holding the messages.
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    job = new_job(version, 50, 25)
    before = dict(job.chunks.values_list("pk", "task_id"))

    assert services.reap(later(5)).resent == 0  # sent a moment ago: leave them
    assert services.reap(later(31)).resent == 2

    after = dict(job.chunks.values_list("pk", "task_id"))
    assert all(after[pk] != before[pk] for pk in before)


# ------------------------------------------------------------------- bounded work (issue 31)


class _Counting:
    """A policy that counts its decisions and cancels its job at decision ``cancel_at``."""

    def __init__(self, policy: Any, job_id: Any, cancel_at: int, decisions: list[int]) -> None:
        self.policy = policy
        self.name = policy.name
        self.job_id = job_id
        self.cancel_at = cancel_at
        self.decisions = decisions

    def act(self, view: Any, legal: Any, rng: Any) -> Any:
        self.decisions.append(1)
        if len(self.decisions) == self.cancel_at:
            services.cancel_job(self.job_id)
        return self.policy.act(view, legal, rng)


@pytest.mark.parametrize("policy", ["mc:8", "mc"])
def test_a_cancelled_job_of_a_search_player_stops_within_a_decision(
    version: RuleSetVersion, monkeypatch: pytest.MonkeyPatch, settings: Any, policy: str
) -> None:
    """Issue 31: a cancelled ``mc:100000`` job kept its worker busy for over 10 minutes, as
    cancellation was looked for between games only. Now after every decision (at most every
    ``BAOHUANG_JOBS_HEARTBEAT_SECONDS``; 0 here): the chunk stops inside its first game."""
    import baohuang.simulation.runner as runner

    settings.BAOHUANG_JOBS_HEARTBEAT_SECONDS = 0
    job = services.create_job(version, 3, 11, policy)
    decisions: list[int] = []
    real = runner.make_policy
    monkeypatch.setattr(
        runner, "make_policy", lambda name, cv: _Counting(real(name, cv), job.pk, 20, decisions)
    )

    assert services.run_chunk(chunk_ids(job)[0], "w") == "stopped"

    assert len(decisions) == 20  # a whole game is about 200 decisions
    job = job_row(job.pk)
    assert job.status == Status.CANCELLED
    assert job.done == 0


def test_a_chunk_past_its_soft_time_limit_fails_its_job_in_words(
    version: RuleSetVersion, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The operator's reading: games are reproducible, so a retry would take as long again;
    the job fails at once with which limit was passed and what to do (code ``time_limit``)."""
    from celery.exceptions import SoftTimeLimitExceeded
    from django.utils import translation

    def too_slow(*args: Any, **kwargs: Any) -> Any:
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(services, "simulate", too_slow)
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)

    assert services.run_chunk(first, "w") == "time_limit"

    job = job_row(job.pk)
    assert job.status == Status.FAILED
    assert job.error_code == "time_limit"
    assert job.error_params == {"first": 0, "last": 24, "seconds": "600", "policy": "heuristic"}
    with translation.override("en"):
        assert "time limit of 600 seconds" in job.failure_text
        assert "BAOHUANG_JOBS_SOFT_TIME_LIMIT" in job.failure_text
    with translation.override("zh-hans"):
        assert "600 秒" in job.failure_text
    assert job.chunks.get(pk=second).status == ChunkStatus.CANCELLED


def test_chunk_tasks_carry_soft_and_hard_time_limits(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    from baohuang.jobs import dispatch

    sent: list[Any] = []

    class Group:
        def __init__(self, tasks: Any) -> None:
            sent.extend(tasks)

        def apply_async(self) -> None:
            return None

    monkeypatch.setattr(dispatch, "group", Group)
    assert dispatch.send_chunks([(1, "task-1")])
    settings.BAOHUANG_JOBS_SOFT_TIME_LIMIT = 30
    settings.BAOHUANG_JOBS_HARD_TIME_LIMIT = 5  # below the soft limit: soft + 10
    assert dispatch.send_chunks([(2, "task-2")])

    limits = [(s.options["soft_time_limit"], s.options["time_limit"]) for s in sent]
    assert limits == [(600, 660), (30, 40)]


def test_an_expensive_policy_gets_small_chunks(version: RuleSetVersion) -> None:
    """Chunks hold about ``BAOHUANG_JOBS_CHUNK_COST`` (5,000) units: far below the time limit."""
    dear = services.create_job(version, 50, 1, "mc:1000")
    assert (dear.cost_per_game, dear.chunk_games) == (18001, 1)
    assert services.create_job(version, 100, 1, "mc").chunk_games == 12  # 400 units a game
    assert services.create_job(version, 100_000, 1).chunk_games == 3125  # heuristic: as before
