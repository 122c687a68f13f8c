"""Simulation jobs and their chunks (thin models; the logic is in :mod:`baohuang.jobs.services`).

A job plays games ``0 … games - 1`` of one published version with one job seed and one
policy for all seats. Its chunks cover that range without overlap; each is run by one Celery
task. A chunk's statistics are merged into the job's ``result`` exactly once: when the chunk
row turns ``done``, in the transaction that locks the job and the chunk.
"""

from __future__ import annotations

import re
import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from baohuang.catalog.models import RuleSet, RuleSetVersion


class SimulationJob(models.Model):
    """One simulation request: a version, games, a seed and a policy; progress and result.

    What is simulated (A) is a published ``version``, or the draft of ``draft_of`` as it
    was when the job was created (``definition``, at ``draft_revision``): the snapshot is
    kept with the job, so its result stays reproducible whatever the draft becomes.

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

    id = models.UUIDField(
        verbose_name=_("id"), primary_key=True, default=uuid.uuid4, editable=False
    )
    version = models.ForeignKey(
        RuleSetVersion,
        verbose_name=_("version"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="simulation_jobs",
        help_text=_("The published version simulated (A); empty when a draft was."),
    )
    draft_of = models.ForeignKey(
        RuleSet,
        verbose_name=_("draft of"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="draft_jobs",
        help_text=_("The rule set whose draft was simulated (A), when it was a draft."),
    )
    definition = models.JSONField(
        verbose_name=_("definition"),
        null=True,
        blank=True,
        help_text=_("A draft simulated (A): its definition as it was when the job was created."),
    )
    draft_revision = models.PositiveIntegerField(
        verbose_name=_("draft revision"),
        null=True,
        blank=True,
        help_text=_("A draft simulated (A): its revision when the job was created."),
    )
    kind = models.CharField(
        verbose_name=_("kind"),
        max_length=10,
        choices=Kind.choices,
        default=Kind.SIMULATION,
        db_index=True,
    )
    other_version = models.ForeignKey(
        RuleSetVersion,
        verbose_name=_("other version"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="compared_in_jobs",
        help_text=_("Comparisons: B, when it is a published version."),
    )
    other_definition = models.JSONField(
        verbose_name=_("other definition"),
        null=True,
        blank=True,
        help_text=_("Comparisons: B's definition as it was when the job was created."),
    )
    other_label = models.CharField(
        verbose_name=_("other label"),
        max_length=200,
        blank=True,
        help_text=_("Comparisons: what B is (variant, version/draft)."),
    )
    proposal_of = models.ForeignKey(
        "self",
        verbose_name=_("balance proposal of"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="balance_verifications",
        help_text=_(
            "Comparisons that verify a balance proposal: the simulation it was solved from "
            "(B is the proposal, kept until the operator accepts it)."
        ),
    )
    games = models.PositiveIntegerField(
        verbose_name=_("games"),
    )
    seed = models.BigIntegerField(
        verbose_name=_("seed"),
    )
    policy = models.CharField(
        verbose_name=_("policy"),
        max_length=100,
        help_text=_("The policy of all five seats, or a mix by role (royals=NAME,rebels=NAME)."),
    )
    chunk_games = models.PositiveIntegerField(
        verbose_name=_("chunk games"), help_text=_("Games per chunk (the last may be fewer).")
    )
    cost_per_game = models.PositiveIntegerField(
        verbose_name=_("cost per game"),
        default=1,
        help_text=_(
            "Cost units (heuristic games) of each game index: the policy's cost of a game, "
            "twice for a comparison that plays both sides. The quota counts these."
        ),
    )
    status = models.CharField(
        verbose_name=_("status"),
        max_length=10,
        choices=Status.choices,
        default=Status.QUEUED,
        db_index=True,
    )
    done = models.PositiveIntegerField(
        verbose_name=_("done"),
        default=0,
        help_text=_("Games played so far (each game counted once)."),
    )
    result = models.JSONField(
        verbose_name=_("result"),
        null=True,
        blank=True,
        help_text=_(
            "The merged statistics of the chunks done so far (Stats.to_dict()); the "
            "job's result once it has succeeded."
        ),
    )
    error = models.TextField(
        verbose_name=_("error"),
        blank=True,
        help_text=_("Why the job failed, in English (as the failure happened)."),
    )
    error_code = models.CharField(
        verbose_name=_("error code"),
        max_length=40,
        blank=True,
        help_text=_(
            "Why the job failed, as a code (chunk_failed, worker_lost); the sentence "
            "is written from it in each reader's language."
        ),
    )
    error_params = models.JSONField(
        verbose_name=_("error params"),
        default=dict,
        blank=True,
        help_text=_("The values of the failure's sentence."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="simulation_jobs",
    )
    created_at = models.DateTimeField(
        verbose_name=_("created at"), auto_now_add=True, db_index=True
    )
    started_at = models.DateTimeField(verbose_name=_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(verbose_name=_("finished at"), null=True, blank=True)

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
            models.CheckConstraint(
                condition=models.Q(version__isnull=False)
                | models.Q(draft_of__isnull=False, definition__isnull=False),
                name="jobs_job_version_or_draft",
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
    def is_draft(self) -> bool:
        """Whether A is a draft's snapshot rather than a published version."""
        return self.version_id is None

    @property
    def slug(self) -> str:
        """The rule set simulated (A)."""
        if self.version is not None:
            return str(self.version.rule_set.slug)
        return "" if self.draft_of is None else str(self.draft_of.slug)

    @property
    def version_number(self) -> int | None:
        """A's version number (None for a draft)."""
        return None if self.version is None else int(self.version.number)

    @property
    def a_definition(self) -> dict[str, Any]:
        """A's definition: the published version's, or the draft snapshot."""
        if self.version is not None:
            return dict(self.version.definition)
        return dict(self.definition or {})

    @property
    def a_label(self) -> str:
        """What A is, in the stored label shapes (``slug vN``, ``slug draft (revision N)``)."""
        if self.version is not None:
            return f"{self.slug} v{self.version.number}"
        return f"{self.slug} draft (revision {self.draft_revision})"

    @property
    def a_text(self) -> str:
        """What A is, in the active language."""
        return comparison_side_text(self.a_label)

    @property
    def status_text(self) -> str:
        """The status in the active language (``已完成`` / ``succeeded``)."""
        return str(self.Status(self.status).label)

    @property
    def other_text(self) -> str:
        """What B of a comparison is, in the active language ("" for a simulation). The
        stored label is English, in the few shapes the services write it."""
        return comparison_side_text(self.other_label)

    @property
    def failure_text(self) -> str:
        """Why the job failed, in the active language ("" unless it failed)."""
        return failure_text(self.error_code, self.error_params, self.error)


#: The shapes of the stored B labels (services and selectors write them) and their words.
_SIDE_LABELS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"(?P<slug>\S+) draft \(revision (?P<n>\d+)\)"),
        gettext_noop("%(slug)s draft (revision %(n)s)"),
    ),
    (re.compile(r"(?P<slug>\S+) \(definition\)"), gettext_noop("%(slug)s with unsaved edits")),
    (
        re.compile(r"(?P<slug>\S+) v(?P<n>\d+) balanced"),
        gettext_noop("balance proposal for %(slug)s v%(n)s"),
    ),
    (
        re.compile(r"(?P<slug>\S+) draft \(revision (?P<n>\d+)\) balanced"),
        gettext_noop("balance proposal for %(slug)s draft (revision %(n)s)"),
    ),
    (re.compile(r"(?P<slug>\S+) v(?P<n>\d+)"), gettext_noop("%(slug)s v%(n)s")),
)


def comparison_side_text(label: str) -> str:
    """A comparison side's stored label in the active language (unknown shapes as stored)."""
    for pattern, words in _SIDE_LABELS:
        found = pattern.fullmatch(label)
        if found:
            return gettext(words) % found.groupdict()
    return label


def failure_text(code: str, params: dict[str, Any], fallback: str = "") -> str:
    """The sentence of a job failure ``code`` in the active language.

    ``chunk_failed``: the games ``first``–``last`` raised (``reason`` is the exception, as
    the program wrote it); ``time_limit``: they ran past ``BAOHUANG_JOBS_SOFT_TIME_LIMIT``
    (``seconds``, ``policy``); ``worker_lost``: a chunk was started ``attempts`` times and its
    worker stopped answering each time. An unknown code (or a job failed before the codes
    existed) gives ``fallback``, the sentence stored at the time.
    """
    if code == "chunk_failed":
        return gettext("Games %(first)s–%(last)s failed: %(reason)s") % {
            "first": params.get("first"),
            "last": params.get("last"),
            "reason": params.get("reason"),
        }
    if code == "time_limit":
        return gettext(
            "Games %(first)s–%(last)s (%(policy)s) took longer than this server's time limit of "
            "%(seconds)s seconds a chunk (BAOHUANG_JOBS_SOFT_TIME_LIMIT). Ask for a cheaper "
            "policy (mc:N with a smaller N) or ask the operator to raise the limit."
        ) % {
            "first": params.get("first"),
            "last": params.get("last"),
            "policy": params.get("policy"),
            "seconds": params.get("seconds"),
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

    job = models.ForeignKey(
        SimulationJob, verbose_name=_("job"), on_delete=models.CASCADE, related_name="chunks"
    )
    index = models.PositiveIntegerField(
        verbose_name=_("index"),
    )
    start = models.PositiveIntegerField(
        verbose_name=_("start"),
    )
    stop = models.PositiveIntegerField(
        verbose_name=_("stop"),
    )
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    done = models.PositiveIntegerField(
        verbose_name=_("done"),
        default=0,
        help_text=_("Games of this chunk played (the most any attempt reached)."),
    )
    attempts = models.PositiveSmallIntegerField(
        verbose_name=_("attempts"), default=0, help_text=_("Times it was started.")
    )
    claim = models.UUIDField(
        verbose_name=_("claim"),
        null=True,
        blank=True,
        help_text=_("Token of the attempt that holds the chunk."),
    )
    task_id = models.CharField(
        verbose_name=_("task id"),
        max_length=64,
        blank=True,
        help_text=_("The Celery task last sent for it."),
    )
    worker = models.CharField(
        verbose_name=_("worker"), max_length=255, blank=True, help_text=_("Who runs (or ran) it.")
    )
    dispatched_at = models.DateTimeField(verbose_name=_("dispatched at"), null=True, blank=True)
    claimed_at = models.DateTimeField(verbose_name=_("claimed at"), null=True, blank=True)
    heartbeat_at = models.DateTimeField(verbose_name=_("heartbeat at"), null=True, blank=True)
    finished_at = models.DateTimeField(verbose_name=_("finished at"), null=True, blank=True)
    result = models.JSONField(
        verbose_name=_("result"),
        null=True,
        blank=True,
        help_text=_("This chunk's Stats.to_dict()."),
    )
    error = models.TextField(verbose_name=_("error"), blank=True)

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
