"""Errors of the job services, each with a sentence a person can read."""

from __future__ import annotations

from collections.abc import Mapping


class JobError(Exception):
    """Base class: ``message`` says what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidJob(JobError):
    """A parameter of a new job is not acceptable; ``field`` names it, ``code`` says why
    (``invalid`` unless more precise, e.g. ``too_expensive``) with ``params``."""

    def __init__(
        self,
        field: str,
        message: str,
        code: str = "invalid",
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.params = dict(params or {})


class QuotaExceeded(JobError):
    """The account has too much work queued or running already
    (``BAOHUANG_MAX_QUEUED_GAMES_PER_USER``, in cost units); ``params``: ``limit``,
    ``queued`` (units), ``games``, ``cost`` (units of the refused job)."""

    def __init__(self, message: str, params: Mapping[str, int | str]) -> None:
        super().__init__(message)
        self.params = params


class JobFinished(JobError):
    """The job succeeded or failed already (it cannot be cancelled)."""


class PlayDiffers(JobError):
    """A settlement to re-score under plays other games; ``paths`` lists the play fields."""

    def __init__(self, message: str, paths: list[str]) -> None:
        super().__init__(message)
        self.paths = paths


class NotRescorable(JobError):
    """The job has no result that can be re-scored (not finished, or recorded before the
    outcome counts existed)."""
