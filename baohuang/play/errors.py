"""Errors of the play-test games: a sentence (already in the request's language), a stable
code, the HTTP status the API answers with, and the request field at fault."""

from __future__ import annotations

from typing import Any

from baohuang.errors import DomainError


class GameError(DomainError):
    """A refused request about a game: its ``code`` (the error), ``status``, ``path`` and
    ``params`` (``item_code``: the problem's own code, e.g. the engine reason's, default
    ``code``). A problem is listed only when the error names a field (``path``)."""

    def __init__(
        self,
        message: str,
        code: str,
        status: int = 400,
        path: str = "",
        params: dict[str, Any] | None = None,
        item_code: str | None = None,
    ) -> None:
        super().__init__(message, path=path, code=item_code or code, params=params)
        self.error = code
        self.status = status
        self.listed = bool(path)

    @property
    def item_code(self) -> str:
        """The problem's own code (``code`` unless more precise)."""
        return self.code
