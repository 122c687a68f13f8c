"""Errors of the rule catalog: each carries a sentence an operator understands."""

from __future__ import annotations

from collections.abc import Iterable

from baohuang.rules import Problem


def _full_stop(text: str) -> str:
    """`text` ending with one mark: a full stop unless it already ends a sentence (``?``)."""
    return text if text.endswith((".", "?", "!", "。", "？", "！")) else text + "."


class CatalogError(Exception):
    """Base class: ``str(error)`` is the plain-language message."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class DraftInvalid(CatalogError):
    """A definition has errors in the variant language; nothing was saved or published."""

    def __init__(self, problems: Iterable[Problem], message: str | None = None) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        errors = [p for p in self.problems if p.severity == "error"]
        if message is None:
            count = len(errors)
            listed = "; ".join(str(p) for p in errors[:5])
            more = f" (and {count - 5} more)" if count > 5 else ""
            message = _full_stop(
                f"The definition has {count} problem{'s' if count != 1 else ''}: {listed}{more}"
            )
        super().__init__(message)

    @property
    def errors(self) -> list[Problem]:
        """The problems that stop the definition from being used."""
        return [p for p in self.problems if p.severity == "error"]


class StaleDraft(CatalogError):
    """The draft changed since the editor loaded it (someone else saved first)."""

    def __init__(self, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(
            f"The draft was changed by someone else while you were editing it (you started "
            f"from revision {expected}; it is now at revision {current}). Your changes were "
            "not saved: reload the draft, then make your changes again."
        )


class NothingToPublish(CatalogError):
    """The draft is identical to the latest published version."""


class PublishConflict(CatalogError):
    """Another publish of the same rule set got the version number first."""


class SlugTaken(CatalogError):
    """A rule set with this slug already exists."""


class InvalidSlug(CatalogError):
    """A slug that is not a valid variant id."""


class VersionImmutable(CatalogError):
    """A published version's content cannot change; it can only be retired."""
