"""Errors of the job services, each with a sentence a person can read, its stable code
and the HTTP status the API answers with (:class:`~baohuang.errors.DomainError`)."""

from __future__ import annotations

from collections.abc import Mapping

from baohuang.errors import DomainError, ProblemItem


class JobError(DomainError):
    """Base class: ``message`` says what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


class InvalidJob(JobError):
    """A parameter of a new job is not acceptable (400 ``invalid``); ``field`` names it,
    ``code`` says why (``invalid`` unless more precise, e.g. ``too_expensive``) with
    ``params``."""

    def __init__(
        self,
        field: str,
        message: str,
        code: str = "invalid",
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.path = field
        self.code = code
        self.params = dict(params or {})


class InvalidDefinition(InvalidJob):
    """The definition given for side B of a comparison has errors (400
    ``invalid_definition``, at the definition's field)."""

    error = "invalid_definition"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message, "invalid_definition")


class ProposalRefused(InvalidJob):
    """A balance proposal cannot be kept where the operator asked (409, ``code`` is the
    error: ``proposal_conflict`` when a cell was edited in the draft since)."""

    error = "proposal_conflict"
    status = 409

    def __init__(
        self,
        field: str,
        message: str,
        code: str = "invalid",
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(field, message, code, params)
        # The code is the error (as the API has always answered it).
        self.error = code


class QuotaExceeded(JobError):
    """The account has too much work queued or running already (429 ``quota_exceeded``,
    at ``games``; ``BAOHUANG_MAX_QUEUED_GAMES_PER_USER``, in cost units); ``params``:
    ``limit``, ``queued`` (units), ``games``, ``cost`` (units of the refused job)."""

    error = "quota_exceeded"
    status = 429

    def __init__(self, message: str, params: Mapping[str, int | str]) -> None:
        super().__init__(message)
        self.path = "games"
        self.params = dict(params)


class JobFinished(JobError):
    """The job succeeded or failed already (it cannot be cancelled): 409
    ``job_finished``."""

    error = "job_finished"
    status = 409
    listed = False


class PlayDiffers(JobError):
    """A settlement to re-score under plays other games (409 ``play_differs``); ``paths``
    lists the play fields, each a problem at ``field`` (what was sent: ``definition`` or
    ``version``)."""

    error = "play_differs"
    status = 409

    def __init__(self, message: str, paths: list[str], field: str = "definition") -> None:
        super().__init__(message)
        self.paths = paths
        self.path = field

    def error_items(self) -> list[ProblemItem]:
        """One problem per play field that differs."""
        return [
            {"path": self.path, "message": p, "code": "play_field_differs", "params": {"field": p}}
            for p in self.paths
        ]


class NotRescorable(JobError):
    """The job has no result that can be re-scored (not finished, or recorded before the
    outcome counts existed): 409 ``not_rescorable``."""

    error = "not_rescorable"
    status = 409
    listed = False
