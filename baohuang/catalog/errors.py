"""Errors of the rule catalog: each carries a sentence an operator understands.

The sentence is in the active language when the error is raised (the request's, in the API
and the admin); ``params`` holds the values it was made from, for clients that write their
own sentence from the API's error code. Each error is a
:class:`~baohuang.errors.DomainError` with its stable code (``error``) and HTTP status, which
the API's exception handler answers with.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from baohuang.errors import DomainError, ProblemItem, problem_items
from baohuang.rules import Problem


def _single_mark(text: str) -> str:
    """`text` without a full stop doubled onto a mark that already ends a sentence."""
    for mark in ("?", "!", "。", "？", "！", "."):
        for stop in (".", "。"):
            if text.endswith(mark + stop):
                return text[: -len(stop)]
    return text


class CatalogError(DomainError):
    """Base class: ``str(error)`` is the plain-language message. A conflict with the
    catalog as it is (409), about the rule set as a whole: no problem is listed."""

    error = "conflict"
    status = 409
    listed = False

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params=params)


class DraftInvalid(CatalogError):
    """A definition has errors in the variant language; nothing was saved or published.
    Its problems are listed under ``definition``."""

    error = "invalid_definition"
    status = 400

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

    def error_items(self) -> list[ProblemItem]:
        """The definition's errors, under the body field ``definition``."""
        return problem_items(self.errors, "definition")


class UnpublishableDraft(DraftInvalid):
    """The draft to publish has errors (409 ``draft_invalid``: the request was fine, the
    draft is not ready); nothing was published."""

    error = "draft_invalid"
    status = 409


def problem_text(problem: Problem) -> str:
    """A problem inside a sentence: its path (if any) and its message."""
    if not problem.path:
        return problem.message
    return _("%(path)s: %(message)s") % {"path": problem.path, "message": problem.message}


class StaleDraft(CatalogError):
    """The draft changed since the editor loaded it (someone else saved first): 412, with
    the draft's current revision as ``ETag``."""

    error = "stale_draft"
    status = 412

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

    def headers(self) -> dict[str, str]:
        """``ETag``: the current revision, so the editor can reload and retry."""
        return {"ETag": etag(self.current)}


def etag(revision: int) -> str:
    """The ``ETag`` of a draft revision: the revision number, quoted (``"3"``)."""
    return f'"{revision}"'


class NothingToPublish(CatalogError):
    """The draft is identical to the latest published version."""

    error = "nothing_to_publish"


class PublishConflict(CatalogError):
    """Another publish of the same rule set got the version number first."""

    error = "publish_conflict"


class SlugTaken(CatalogError):
    """A rule set with this slug already exists."""

    error = "slug_taken"


class InvalidSlug(CatalogError):
    """A slug that is not a valid variant id (400, the problem at ``slug``)."""

    error = "invalid"
    status = 400
    listed = True

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params)
        self.path = "slug"
        self.code = "invalid_slug"

    def error_items(self) -> list[ProblemItem]:
        """The slug's problem (without the params, as the API always answered it)."""
        return [{"path": self.path, "message": self.message, "code": self.code, "params": {}}]


class VersionImmutable(CatalogError):
    """A published version's content cannot change; it can only be retired."""

    error = "version_immutable"


class NotInCatalog(CatalogError):
    """A rule set or version that does not exist; ``field`` names what was asked for
    (``variant`` or ``version``). 404, no problem listed."""

    error = "not_found"
    status = 404

    def __init__(self, message: str, field: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params)
        self.field = field
        self.path = field


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
