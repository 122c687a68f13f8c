"""House notes that never silently contradict the rules (issue #34 §3).

A house note (:class:`~baohuang.rules.model.HouseNote`) is free text. One that speaks about a
rule declares the fields it is about (``about``: ``scoring.multipliers``, ``scoring.two_person``
…) and keeps a fingerprint of their values from when it was last confirmed (``checked``). When
one of those fields changes (in a clone, a balance, an edit), the fingerprint no longer matches:
the note is **stale**. A stale note is flagged (a ``note_stale`` warning, in the editor, the
diff and the publish confirmation) and the rulebook does not print it until someone confirms
it (the fingerprint is taken again) or edits it.

The fingerprint is one short segment per path, in the order of ``about``, so that the field
that changed can be named: a segment is six lower-case letters from the SHA-256 of the
field's canonical JSON with every default left out, so a default written out or left
out, or a new field of the language with its default, never makes a note stale. Segments
are letters only, so YAML never reads one as a number.

A note with ``about`` and no ``checked`` has not been confirmed yet; it is not stale (there
is nothing to compare with). The catalog confirms such notes when a draft is saved
(:func:`pin_note` and :func:`pin_definition`): an editor that confirms a note, or edits its
text or fields, leaves ``checked`` out and the save takes the fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from baohuang.rules.model import HouseNote, Variant

__all__ = [
    "NOTE_SECTIONS",
    "about_paths",
    "fingerprint",
    "is_about_path",
    "pin_definition",
    "pin_note",
    "rules_of",
    "stale_fields",
    "stale_notes",
    "value_at",
]

#: The sections a note may be about (names, sources and notes are not rules).
NOTE_SECTIONS = ("deck", "deal", "bidding", "declarations", "play", "end", "scoring", "tribute")

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_SEGMENT = 6


@lru_cache(maxsize=1)
def about_paths() -> frozenset[str]:
    """Every path a note may be about: a section of the rules, or a field inside one at any
    depth, reached through sections only (``scoring.two_person.rows``, not through a list
    item)."""
    from baohuang.rules.field_kinds import leaf_paths

    found: set[str] = set()
    for leaf in leaf_paths():
        head = leaf.split("[]", 1)[0]
        parts = head.split(".")
        if parts[0] not in NOTE_SECTIONS:
            continue
        for i in range(1, len(parts) + 1):
            found.add(".".join(parts[:i]))
    return frozenset(found)


def is_about_path(path: str) -> bool:
    """True when ``path`` names a section or field a note may be about."""
    return path in about_paths()


def value_at(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a plain definition (None when a part is missing)."""
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _segment(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    number = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
    letters = []
    for _ in range(_SEGMENT):
        number, digit = divmod(number, len(_LETTERS))
        letters.append(_LETTERS[digit])
    return "".join(letters)


def rules_of(variant: Variant) -> dict[str, Any]:
    """The sections a note may be about, as plain JSON values with every default left out:
    a default written out or not reads the same, and a new field added to the language
    with a default that keeps every rule set's behaviour stales no note (a section that did
    not parse, in a partly read variant, raises as it does for any check)."""
    return {
        name: getattr(variant, name).model_dump(mode="json", exclude_defaults=True)
        for name in NOTE_SECTIONS
    }


def fingerprint(data: Variant | dict[str, Any], about: Sequence[str]) -> str:
    """The fingerprint of the fields ``about`` of a variant (or of its complete definition):
    one segment per path, joined with ``-``."""
    plain = rules_of(data) if isinstance(data, Variant) else data
    return "-".join(_segment(value_at(plain, path)) for path in about)


def stale_fields(data: Variant | dict[str, Any], note: HouseNote) -> list[str]:
    """The paths of ``note.about`` whose value changed since the note was confirmed (empty:
    the note is up to date, or was never confirmed, or is about nothing in particular)."""
    if not note.about or note.checked is None:
        return []
    now = fingerprint(data, note.about).split("-")
    then = note.checked.split("-")
    return [
        path
        for i, path in enumerate(note.about)
        if i >= len(then) or i >= len(now) or then[i] != now[i]
    ]


def stale_notes(variant: Variant) -> list[tuple[int, list[str]]]:
    """``(index, changed paths)`` of every stale house note of ``variant``."""
    plain = rules_of(variant)
    out: list[tuple[int, list[str]]] = []
    for i, note in enumerate(variant.house_notes):
        changed = stale_fields(plain, note)
        if changed:
            out.append((i, changed))
    return out


def pin_note(data: Variant | dict[str, Any], note: dict[str, Any]) -> dict[str, Any]:
    """``note`` (a plain house note) confirmed against ``data``: its fingerprint taken now."""
    about = note.get("about") or []
    if not about:
        return {k: v for k, v in note.items() if k != "checked"}
    return {**note, "checked": fingerprint(data, about)}


def pin_definition(definition: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """``definition`` (the plain document ``variant`` was read from) with every house note
    that has ``about`` and no ``checked`` confirmed now. The same object when nothing needs
    confirming; otherwise a copy."""
    notes = definition.get("house_notes")
    if not isinstance(notes, list):
        return definition
    todo = [
        i
        for i, note in enumerate(notes)
        if isinstance(note, dict) and note.get("about") and note.get("checked") is None
    ]
    if not todo:
        return definition
    plain = rules_of(variant)
    pinned = list(notes)
    for i in todo:
        pinned[i] = pin_note(plain, notes[i])
    return {**definition, "house_notes": pinned}
