"""Simulation jobs and their chunks (thin models; the logic is in :mod:`baohuang.jobs.services`).

A job plays games ``0 … games - 1`` of one published version with one job seed and one
policy for all seats. Its chunks cover that range without overlap; each is run by one Celery
task. A chunk's statistics are merged into the job's ``result`` exactly once: when the chunk
row turns ``done``, in the transaction that locks the job and the chunk.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from baohuang.catalog.models import RuleSetVersion


class SimulationJob(models.Model):
    """One simulation request: a version, games, a seed and a policy; progress and result.

    A *comparison* job (``kind``) plays the same games (the same deal seeds) of the version
    (A) and of ``other_definition`` (B: another version, or a draft as it was when the job
    was created), paired; its result is a
    :class:`~baohuang.simulation.compare.Comparison`'s ``to_dict()``.
    """

    class Kind(models.TextChoices):
        SIMULATION = "simulation", _("simulation")
        COMPARISON = "comparison", _("comparison")

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        SUCCEEDED = "succeeded", _("succeeded")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("cancelled")

    #: States in which chunks may still run.
    ACTIVE: ClassVar[tuple[str, ...]] = (Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    version = models.ForeignKey(
        RuleSetVersion, on_delete=models.PROTECT, related_name="simulation_jobs"
    )
    kind = models.CharField(
        max_length=10, choices=Kind.choices, default=Kind.SIMULATION, db_index=True
    )
    other_version = models.ForeignKey(
        RuleSetVersion,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="compared_in_jobs",
        help_text="Comparisons: B, when it is a published version.",
    )
    other_definition = models.JSONField(
        null=True,
        blank=True,
        help_text="Comparisons: B's definition as it was when the job was created.",
    )
    other_label = models.CharField(
        max_length=200, blank=True, help_text="Comparisons: what B is (variant, version/draft)."
    )
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    policy = models.CharField(max_length=20, help_text="The policy of all five seats.")
    chunk_games = models.PositiveIntegerField(help_text="Games per chunk (the last may be fewer).")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True
    )
    done = models.PositiveIntegerField(
        default=0, help_text="Games played so far (each game counted once)."
    )
    result = models.JSONField(
        null=True,
        blank=True,
        help_text="The merged statistics of the chunks done so far (Stats.to_dict()); the "
        "job's result once it has succeeded.",
    )
    error = models.TextField(
        blank=True, help_text="Why the job failed, in English (as the failure happened)."
    )
    error_code = models.CharField(
        max_length=40,
        blank=True,
        help_text="Why the job failed, as a code (chunk_failed, worker_lost); the sentence "
        "is written from it in each reader's language.",
    )
    error_params = models.JSONField(
        default=dict, blank=True, help_text="The values of the failure's sentence."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="simulation_jobs",
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-created_at"]
        verbose_name = _("simulation job")
        verbose_name_plural = _("simulation jobs")
        permissions = (
            ("run_simulation", "Can start simulations, comparisons, re-scores and balancing"),
            ("cancel_any_job", "Can cancel any user's simulation job"),
        )
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=models.Q(games__gte=1), name="jobs_job_games_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(done__lte=models.F("games")), name="jobs_job_done_le_games"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.games} games, {self.status})"

    @property
    def total(self) -> int:
        """Games in the job (the ``total`` of its progress)."""
        return self.games

    @property
    def is_active(self) -> bool:
        """Queued or running."""
        return self.status in self.ACTIVE

    @property
    def status_text(self) -> str:
        """The status in the active language (``已完成`` / ``succeeded``)."""
        return str(self.Status(self.status).label)

    @property
    def failure_text(self) -> str:
        """Why the job failed, in the active language ("" unless it failed)."""
        return failure_text(self.error_code, self.error_params, self.error)


def failure_text(code: str, params: dict[str, Any], fallback: str = "") -> str:
    """The sentence of a job failure ``code`` in the active language.

    ``chunk_failed``: the games ``first``–``last`` raised (``reason`` is the exception, as
    the program wrote it); ``worker_lost``: a chunk was started ``attempts`` times and its
    worker stopped answering each time. An unknown code (or a job failed before the codes
    existed) gives ``fallback``, the sentence stored at the time.
    """
    if code == "chunk_failed":
        return gettext("Games %(first)s–%(last)s failed: %(reason)s") % {
            "first": params.get("first"),
            "last": params.get("last"),
            "reason": params.get("reason"),
        }
    if code == "worker_lost":
        return gettext(
            "Games %(first)s–%(last)s were started %(attempts)s times and each time the worker "
            "stopped answering (killed, out of memory, or its machine went away)."
        ) % {
            "first": params.get("first"),
            "last": params.get("last"),
            "attempts": params.get("attempts"),
        }
    return fallback


class SimulationChunk(models.Model):
    """Games ``start … stop - 1`` of a job, run by one Celery task (or again, if it was lost)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("cancelled")

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    done = models.PositiveIntegerField(
        default=0, help_text="Games of this chunk played (the most any attempt reached)."
    )
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Times it was started.")
    claim = models.UUIDField(
        null=True, blank=True, help_text="Token of the attempt that holds the chunk."
    )
    task_id = models.CharField(
        max_length=64, blank=True, help_text="The Celery task last sent for it."
    )
    worker = models.CharField(max_length=255, blank=True, help_text="Who runs (or ran) it.")
    dispatched_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True, help_text="This chunk's Stats.to_dict().")
    error = models.TextField(blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["job", "index"]
        verbose_name = _("simulation chunk")
        verbose_name_plural = _("simulation chunks")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["job", "index"], name="jobs_chunk_unique_index"),
            models.CheckConstraint(
                condition=models.Q(start__lt=models.F("stop")), name="jobs_chunk_not_empty"
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["status", "heartbeat_at"], name="jobs_chunk_status_beat"),
        ]

    def __str__(self) -> str:
        return f"{self.job_id} games {self.start}–{self.stop - 1} ({self.status})"

    @property
    def size(self) -> int:
        """Games in the chunk."""
        return self.stop - self.start
