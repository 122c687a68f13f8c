"""Errors of the rule catalog: each carries a sentence an operator understands.

The sentence is in the active language when the error is raised (the request's, in the API
and the admin); ``params`` holds the values it was made from, for clients that write their
own sentence from the API's error code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from baohuang.rules import Problem


def _single_mark(text: str) -> str:
    """`text` without a full stop doubled onto a mark that already ends a sentence."""
    for mark in ("?", "!", "。", "？", "！", "."):
        for stop in (".", "。"):
            if text.endswith(mark + stop):
                return text[: -len(stop)]
    return text


class CatalogError(Exception):
    """Base class: ``str(error)`` is the plain-language message."""

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params: dict[str, Any] = dict(params or {})


class DraftInvalid(CatalogError):
    """A definition has errors in the variant language; nothing was saved or published."""

    def __init__(self, problems: Iterable[Problem], message: str | None = None) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        errors = [p for p in self.problems if p.severity == "error"]
        count = len(errors)
        if message is None:
            listed = _("; ").join(problem_text(p) for p in errors[:5])
            if count > 5:
                listed += _(" (and %(count)d more)") % {"count": count - 5}
            message = ngettext(
                "The definition has %(count)d problem: %(listed)s.",
                "The definition has %(count)d problems: %(listed)s.",
                count,
            ) % {"count": count, "listed": listed}
            # A problem that ends with its own mark ("…'rebellion'?") takes no full stop.
            message = _single_mark(message)
        super().__init__(message, {"count": count})

    @property
    def errors(self) -> list[Problem]:
        """The problems that stop the definition from being used."""
        return [p for p in self.problems if p.severity == "error"]


def problem_text(problem: Problem) -> str:
    """A problem inside a sentence: its path (if any) and its message."""
    if not problem.path:
        return problem.message
    return _("%(path)s: %(message)s") % {"path": problem.path, "message": problem.message}


class StaleDraft(CatalogError):
    """The draft changed since the editor loaded it (someone else saved first)."""

    def __init__(self, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(
            _(
                "The draft was changed by someone else while you were editing it (you started "
                "from revision %(expected)s; it is now at revision %(current)s). Your changes "
                "were not saved: reload the draft, then make your changes again."
            )
            % {"expected": expected, "current": current},
            {"expected": expected, "current": current},
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


class NotInCatalog(CatalogError):
    """A rule set or version that does not exist; ``field`` names what was asked for
    (``variant`` or ``version``)."""

    def __init__(self, message: str, field: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params)
        self.field = field


class UnknownRuleSet(NotInCatalog):
    """There is no rule set with this slug."""

    def __init__(self, slug: str) -> None:
        super().__init__(
            _("There is no variant '%(slug)s'.") % {"slug": slug}, "variant", {"slug": slug}
        )


class UnknownVersion(NotInCatalog):
    """The rule set has no such version (or, asked for its latest, no published one)."""

    def __init__(self, slug: str, number: int | None) -> None:
        if number is None:
            message = _("The variant '%(slug)s' has no published version yet.") % {"slug": slug}
            super().__init__(message, "variant", {"slug": slug})
        else:
            message = _("The variant '%(slug)s' has no version %(number)s.") % {
                "slug": slug,
                "number": number,
            }
            super().__init__(message, "version", {"slug": slug, "number": number})
