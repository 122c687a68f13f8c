"""The one domain error: what the services, selectors and solvers raise when a request
cannot be done, with everything the API needs to answer it.

A :class:`DomainError` carries

- ``message``: the sentence, already in the active language when it is raised (the
  request's, in the API and the admin);
- ``error``: the stable code of the refusal (the API's ``error``: ``invalid``,
  ``not_found``, ``slug_taken`` …; docs/api.md lists them) and ``status``, the HTTP status
  the API answers with;
- ``path``: the request field at fault (``games``, ``b.definition.deck``; ``""`` for the
  request as a whole), ``code``: the problem's own code (what exactly is wrong:
  ``too_expensive``, ``infeasible``; default ``error``) and ``params``, the values the
  sentence was made from.

The API maps every domain error once, in its exception handler
(:func:`baohuang.api.errors.api_exception_handler`): ``{"error": error, "detail": detail,
"errors": error_items()}`` with ``status``. Each app subclasses it (``CatalogError``,
``JobError``, ``GameError``, ``TokenError``, ``BalanceError``, ``PolicySpecError``,
``RulebookError``) and sets its codes and status there, next to the sentences.

This module imports neither Django nor an app: the solvers and bots raise it too. The
engine's own errors (notation, actions, scoring) stay plain ``ValueError`` subclasses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: One problem of an error response: ``{path, message, code, params}``.
ProblemItem = dict[str, Any]


class ProblemLike(Protocol):
    """A problem of the variant language (:class:`baohuang.rules.problems.Problem`) as far as an
    error needs it."""

    @property
    def path(self) -> str:
        """Where the problem is (a JSON path)."""

    @property
    def message(self) -> str:
        """The problem's sentence."""

    @property
    def code(self) -> str:
        """The problem's stable code."""

    @property
    def params(self) -> Mapping[str, Any]:
        """The values the sentence was made from."""


class DomainError(Exception):
    """A request that cannot be done: a sentence, a stable code, an HTTP status, the field
    at fault and the values the sentence was made from.

    Subclasses set ``error``, ``status`` and ``listed`` (whether the response lists the
    error as its one problem, at ``path``; a conflict about the whole rule set lists none).
    """

    #: The stable code of the refusal (the API's ``error``).
    error: str = "invalid"
    #: The HTTP status the API answers with.
    status: int = 400
    #: Whether the response lists this error as its problem (``errors``).
    listed: bool = True

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.code: str = code or self.error
        self.params: dict[str, Any] = dict(params or {})

    @property
    def detail(self) -> str:
        """The response's sentence: the message, unless a subclass says more generally."""
        return self.message

    def error_items(self) -> list[ProblemItem]:
        """The problems the response lists: this error at its path, if it is ``listed``."""
        if not self.listed:
            return []
        return [
            {"path": self.path, "message": self.message, "code": self.code, "params": self.params}
        ]

    def headers(self) -> dict[str, str]:
        """HTTP headers the response carries (an ``ETag`` on a stale draft); none here."""
        return {}


def problem_items(problems: Iterable[ProblemLike], prefix: str = "") -> list[ProblemItem]:
    """Problems of the variant language as response problems, their paths placed under
    ``prefix`` (a body field such as ``definition``)."""
    out: list[ProblemItem] = []
    for problem in problems:
        path = problem.path
        if prefix:
            if not path:
                path = prefix
            elif path.startswith("["):
                path = prefix + path
            else:
                path = f"{prefix}.{path}"
        out.append(
            {
                "path": path,
                "message": problem.message,
                "code": problem.code,
                "params": dict(problem.params),
            }
        )
    return out
