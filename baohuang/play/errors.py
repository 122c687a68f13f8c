"""Errors of the play-test games: a sentence (already in the request's language), a stable
code, the HTTP status the API answers with, and the request field at fault."""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """A refused request about a game: ``code``, ``status``, ``path`` and ``params``
    (``item_code``: the problem's own code, e.g. the engine reason's, default ``code``)."""

    def __init__(
        self,
        message: str,
        code: str,
        status: int = 400,
        path: str = "",
        params: dict[str, Any] | None = None,
        item_code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.path = path
        self.params = dict(params or {})
        self.item_code = item_code or code
