"""Errors of the token services, each with a sentence a person can read."""

from __future__ import annotations


class TokenError(Exception):
    """Base class: ``message`` says what is wrong, ``field`` which input (or ``""``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class InvalidToken(TokenError):
    """A name, scope or expiry of a new token is not acceptable."""
