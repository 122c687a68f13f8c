"""Give the edit events recorded before summary codes existed a code, read from their
English ``summary``, so that they too are shown in the reader's language.

Only a summary read back exactly is given a code: the code and params found are written
out again as the English of the time (both the first format, "changed a, b", and the
current one, "changed: sentence; sentence") and must give the stored sentence, letter for
letter, with the event's own changed paths and sentences. Anything else (a clipped
summary, a format not known here) keeps no code and is shown as its stored English. The
English formats are copied here, not imported: they are what was written then, and stay
so whatever the code of the services becomes.

Plain ORM work (no SQL of its own): the same on SQLite and PostgreSQL. Reversing it clears
the codes of every event (the new events' too: their English is kept either way).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from django.db import migrations

#: Events updated per query.
BATCH = 500

_FIELDS = r"(?:name_zh|name_en|description)"
_SIMPLE: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"created (?P<slug>[a-z0-9][a-z0-9-]*)"), "created", ("slug",)),
    (
        re.compile(r"cloned from (?P<source>[a-z0-9][a-z0-9-]*) version (?P<number>\d+)"),
        "cloned_version",
        ("source", "number"),
    ),
    (
        re.compile(
            r"cloned from (?P<source>[a-z0-9][a-z0-9-]*) \(draft revision (?P<revision>\d+)"
            r"(?:, based on version (?P<based_on>\d+))?\)"
        ),
        "cloned_draft",
        ("source", "revision", "based_on"),
    ),
    (re.compile(r"imported from (?P<file>variants/\S.*)"), "imported", ("file",)),
    (re.compile(r"draft replaced by (?P<file>variants/\S.*)"), "draft_replaced", ("file",)),
    (re.compile(r"retired version (?P<number>\d+)"), "retired", ("number",)),
    (re.compile(r"published version (?P<number>\d+)"), "published", ("number",)),
)
_PUBLISHED_SINCE = re.compile(
    r"published version (?P<number>\d+) \((?P<changes>.+) since version (?P<since>\d+)\)"
)
_EDITED = re.compile(rf"(?P<changes>.+); (?P<fields>{_FIELDS}(?:, {_FIELDS})*) edited")
_MORE = re.compile(r".* \(\+(?P<more>\d+) more\)")
_NO_CHANGE = "no change to the definition"


def _shown(paths: Sequence[str], texts: Sequence[Mapping[str, Any]], limit: int) -> list[str]:
    """The first ``limit`` changes as the current format names them (English sentence
    where the event kept one, else the path)."""
    shown: list[str] = []
    kept: Iterator[Mapping[str, Any]] = iter(texts)
    pending = next(kept, None)
    for path in paths[:limit]:
        text = pending.get("text") if isinstance(pending, Mapping) else None
        if pending is not None and pending.get("path") == path and isinstance(text, Mapping):
            shown.append(str(text.get("en", "")))
            pending = next(kept, None)
        else:
            shown.append(path)
    return shown


def _as_written(
    count: int, paths: Sequence[str], texts: Sequence[Mapping[str, Any]], first: bool
) -> str:
    """``count`` changes as the services wrote them: the first format (paths, four named)
    or the current one (sentences, three named)."""
    if count == 0:
        return _NO_CHANGE
    if first:
        named = [p or "(whole document)" for p in paths[:4]]
        more = f" (+{count - 4} more)" if count > 4 else ""
        return f"changed {', '.join(named)}{more}"
    named = _shown(paths, texts, 3)
    more = f" (+{count - 3} more)" if count > 3 else ""
    return f"changed: {'; '.join(named)}{more}"


def _count(text: str, paths: Sequence[str], texts: Sequence[Mapping[str, Any]]) -> int | None:
    """How many changes ``text`` (an account of changes) counts, if it reads back exactly."""
    if text == _NO_CHANGE:
        return 0
    more = _MORE.fullmatch(text)
    for first, limit in ((False, 3), (True, 4)):
        count = limit + int(more["more"]) if more else min(len(paths), limit)
        if count > 0 and _as_written(count, paths, texts, first) == text:
            return count
    return None


def summary_code(
    summary: str, paths: Sequence[str], texts: Sequence[Mapping[str, Any]]
) -> tuple[str, dict[str, Any]] | None:
    """The code and params of an English ``summary`` (None when it cannot be read back)."""
    paths = [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else []
    texts = [t for t in texts if isinstance(t, Mapping)] if isinstance(texts, list) else []
    for pattern, code, names in _SIMPLE:
        match = pattern.fullmatch(summary)
        if match:
            params: dict[str, Any] = {}
            for name in names:
                value = match[name]
                params[name] = int(value) if value is not None and value.isdigit() else value
            if code == "published":  # the first version: no earlier one to compare with
                params.update(since=None, changes=0)
            return code, params
    match = _PUBLISHED_SINCE.fullmatch(summary)
    if match:
        count = _count(match["changes"], paths, texts)
        if count is None:
            return None
        number, since = int(match["number"]), int(match["since"])
        return "published", {"number": number, "since": since, "changes": count}
    edited = _EDITED.fullmatch(summary)
    account = edited["changes"] if edited else summary
    count = _count(account, paths, texts)
    if count is None:
        return None
    fields = edited["fields"].split(", ") if edited else []
    return "draft_saved", {"changes": count, "edited": fields}


def read_old_summaries(apps: Any, schema_editor: Any) -> None:
    """Give every event without a code the code its English summary reads back to.

    The events are read in batches by primary key (never through an open cursor while
    writing: SQLite does not isolate the two)."""
    event_model = apps.get_model("catalog", "EditEvent")
    events = event_model.objects.using(schema_editor.connection.alias)
    last = 0
    while True:
        batch = list(events.filter(summary_code="", pk__gt=last).order_by("pk")[:BATCH])
        if not batch:
            return
        last = batch[-1].pk
        read = []
        for event in batch:
            found = summary_code(event.summary, event.changed_paths, event.change_texts)
            if found is not None:
                event.summary_code, event.summary_params = found
                read.append(event)
        events.bulk_update(read, ["summary_code", "summary_params"])


def forget_codes(apps: Any, schema_editor: Any) -> None:
    """Back to English only: clear every code (the column goes away next anyway)."""
    event_model = apps.get_model("catalog", "EditEvent")
    alias = schema_editor.connection.alias
    event_model.objects.using(alias).update(summary_code="", summary_params={})


class Migration(migrations.Migration):
    dependencies: ClassVar[list[tuple[str, str]]] = [("catalog", "0005_event_summary_codes")]

    operations: ClassVar[list[Any]] = [migrations.RunPython(read_old_summaries, forget_codes)]
