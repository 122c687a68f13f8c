"""Errors of the token services, each with a sentence a person can read
(:class:`~baohuang.errors.DomainError`: 400 ``invalid`` at the field)."""

from __future__ import annotations

from baohuang.errors import DomainError


class TokenError(DomainError):
    """Base class: ``message`` says what is wrong, ``field`` which input (or ``""``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message, path=field)
        self.field = field


class InvalidToken(TokenError):
    """A name, scope or expiry of a new token is not acceptable."""
