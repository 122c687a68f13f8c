"""Simulation jobs and their chunks (thin models; the logic is in :mod:`baohuang.jobs.services`).

A job plays games ``0 … games - 1`` of one published version with one job seed and one
policy for all seats. Its chunks cover that range without overlap; each is run by one Celery
task. A chunk's statistics are merged into the job's ``result`` exactly once: when the chunk
row turns ``done``, in the transaction that locks the job and the chunk.
"""

from __future__ import annotations

import uuid
from typing import ClassVar

from django.conf import settings
from django.db import models

from baohuang.catalog.models import RuleSetVersion


class SimulationJob(models.Model):
    """One simulation request: a version, games, a seed and a policy; progress and result.

    A *comparison* job (``kind``) plays the same games (the same deal seeds) of the version
    (A) and of ``other_definition`` (B: another version, or a draft as it was when the job
    was created), paired; its result is a
    :class:`~baohuang.simulation.compare.Comparison`'s ``to_dict()``.
    """

    class Kind(models.TextChoices):
        SIMULATION = "simulation", "simulation"
        COMPARISON = "comparison", "comparison"

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        SUCCEEDED = "succeeded", "succeeded"
        FAILED = "failed", "failed"
        CANCELLED = "cancelled", "cancelled"

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
    error = models.TextField(blank=True)
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
        verbose_name = "simulation job"
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


class SimulationChunk(models.Model):
    """Games ``start … stop - 1`` of a job, run by one Celery task (or again, if it was lost)."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"
        CANCELLED = "cancelled", "cancelled"

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
        verbose_name = "simulation chunk"
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
