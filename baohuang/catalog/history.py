"""What an edit event says happened, as a stable code with params, read in any language.

An :class:`~baohuang.catalog.models.EditEvent` keeps ``summary_code`` and
``summary_params`` (what happened) beside ``summary`` (the English sentence written at the
time, for logs and old clients). :func:`summary_text` turns the code back into a sentence
in the active language; the changes it names come from the event's own ``changed_paths``
and ``change_texts`` (each sentence kept in both languages). Slugs, file paths and version
numbers are shown as they are.

The codes (**stable**; params in brackets):

``created`` (slug)
    the rule set was created;
``cloned_version`` (source, number)
    it was cloned from version ``number`` of ``source``;
``cloned_draft`` (source, revision, based_on)
    it was cloned from the draft of ``source`` at ``revision``, which stood on version
    ``based_on`` (None: nothing was published);
``imported`` (file)
    it was created from a bundled file (``variants/….yaml``);
``draft_replaced`` (file)
    its draft was replaced by a bundled file;
``draft_saved`` (changes, edited)
    the draft was saved with ``changes`` changes to the definition; ``edited`` lists the
    other fields edited with it (``name_zh``, ``name_en``, ``description``);
``published`` (number, since, changes)
    version ``number`` was published, ``changes`` changes after version ``since`` (None:
    the first version);
``retired`` (number)
    version ``number`` was retired.

An event without a code (recorded before codes existed, and whose English could not be
read back by migration ``catalog.0006``) shows its stored English: :func:`is_translated`
says which.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from baohuang.i18n import short_lang

CREATED: Final = "created"
CLONED_VERSION: Final = "cloned_version"
CLONED_DRAFT: Final = "cloned_draft"
IMPORTED: Final = "imported"
DRAFT_REPLACED: Final = "draft_replaced"
DRAFT_SAVED: Final = "draft_saved"
PUBLISHED: Final = "published"
RETIRED: Final = "retired"

#: Every summary code.
CODES: Final = (
    CREATED,
    CLONED_VERSION,
    CLONED_DRAFT,
    IMPORTED,
    DRAFT_REPLACED,
    DRAFT_SAVED,
    PUBLISHED,
    RETIRED,
)

#: How many changes a summary names (the rest are counted).
SHOWN_CHANGES: Final = 3

#: The rule set's fields a draft save may edit besides the definition, by their labels
#: (the same words as the rule set's form).
FIELD_LABELS: Final[Mapping[str, Promise]] = {
    "name_zh": gettext_lazy("Chinese name"),
    "name_en": gettext_lazy("English name"),
    "description": gettext_lazy("description"),
}


def shown_changes(
    changed_paths: Sequence[str], change_texts: Sequence[Mapping[str, Any]]
) -> list[str | dict[str, str]]:
    """The first changes a summary names: each one's sentences ``{zh, en}`` where the event
    kept them, else its path (``change_texts`` holds the changes that have sentences, in
    the order of ``changed_paths``)."""
    shown: list[str | dict[str, str]] = []
    kept = iter(change_texts)
    pending = next(kept, None)
    for path in changed_paths[:SHOWN_CHANGES]:
        if pending is not None and pending.get("path") == path and "text" in pending:
            shown.append(dict(pending["text"]))
            pending = next(kept, None)
        else:
            shown.append(path)
    return shown


def _change_line(change: str | dict[str, str]) -> str:
    if isinstance(change, dict):
        lang = short_lang(translation.get_language(), default="en")
        return change.get(lang) or change.get("en") or ""
    return change or _("(whole document)")


def _changes(count: int, changed_paths: Sequence[str], change_texts: Sequence[Any]) -> str:
    """``count`` changes: the first few as sentences, the others counted."""
    if count <= 0:
        return _("no change to the definition")
    lines = [_change_line(c) for c in shown_changes(changed_paths, change_texts)]
    said = _("changed: %(changes)s") % {"changes": _("; ").join(lines)}
    more = count - len(lines)
    if more > 0:
        said = _("%(changes)s (+%(count)s more)") % {"changes": said, "count": more}
    return said


def _fields(names: Sequence[str]) -> str:
    labels = [str(FIELD_LABELS[name]) if name in FIELD_LABELS else name for name in names]
    return pgettext("list of field names", ", ").join(labels)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def summary_text(
    code: str,
    params: Mapping[str, Any],
    fallback: str = "",
    *,
    changed_paths: Sequence[str] = (),
    change_texts: Sequence[Mapping[str, Any]] = (),
) -> str:
    """What an event with ``code`` and ``params`` says happened, in the active language.

    ``changed_paths`` and ``change_texts`` are the event's (the changes a draft save or a
    publish names). An unknown or empty code gives ``fallback``, the English stored when
    the event was recorded.
    """
    p = dict(params)
    if code == CREATED:
        return _("created %(slug)s") % {"slug": p.get("slug")}
    if code == CLONED_VERSION:
        return _("cloned from %(source)s version %(number)s") % {
            "source": p.get("source"),
            "number": p.get("number"),
        }
    if code == CLONED_DRAFT:
        values = {"source": p.get("source"), "revision": p.get("revision")}
        if p.get("based_on") is None:
            return _("cloned from %(source)s (draft revision %(revision)s)") % values
        return _(
            "cloned from %(source)s (draft revision %(revision)s, based on version %(number)s)"
        ) % {**values, "number": p.get("based_on")}
    if code == IMPORTED:
        return _("imported from %(file)s") % {"file": p.get("file")}
    if code == DRAFT_REPLACED:
        return _("draft replaced by %(file)s") % {"file": p.get("file")}
    if code == DRAFT_SAVED:
        said = _changes(_int(p.get("changes")), changed_paths, change_texts)
        edited = [str(name) for name in p.get("edited") or ()]
        if edited:
            said = _("%(summary)s; %(fields)s edited") % {
                "summary": said,
                "fields": _fields(edited),
            }
        return said
    if code == PUBLISHED:
        if p.get("since") is None:
            return _("published version %(number)s") % {"number": p.get("number")}
        return _("published version %(number)s (%(changes)s since version %(since)s)") % {
            "number": p.get("number"),
            "since": p.get("since"),
            "changes": _changes(_int(p.get("changes")), changed_paths, change_texts),
        }
    if code == RETIRED:
        return _("retired version %(number)s") % {"number": p.get("number")}
    return fallback


def is_translated(code: str) -> bool:
    """Whether an event with ``code`` is read in the active language (else: its stored
    English)."""
    return code in CODES
