"""Which fields of the variant language change the game and which only its settlement.

Every leaf field of :class:`~baohuang.rules.model.Variant` has one kind:

- ``play``: changes what is dealt, who may bid or declare what, which plays are legal or
  when the game ends. Two variants that differ here play different games.
- ``settlement``: read only after the last card, to turn a finished game into points, an
  outcome, money or tribute (scoring tables, multipliers, money, tribute, who counts as
  shut in). Two variants that differ only here play the *same* games from the same seeds;
  one simulation can be re-scored under the other.
- ``descriptive``: names, sources and notes; they change nothing.

The kinds are for comparing and re-scoring **simulations**, which play independent games
(every game from the variant's first dealer, no tribute carried over: see
:mod:`baohuang.simulation.runner`). Two kinds of field act only *between* games of a match
and are ``settlement`` here for that reason (listed in :data:`BETWEEN_GAMES`): the tribute
(in a match, tribute moves cards into the next game's hands) and ``deal.next_dealer``. A
field is classified ``play`` whenever in doubt: calling a settlement field ``play`` only
costs a second simulation, the other mistake would report a wrong result.

Paths are written like the validation errors' paths, with ``[]`` for "any item of a list"
(``bidding.flow[].rounds``). Alternatives of a union (the guard rule, the bidding steps)
share their list path. The kind is written on the model, in each leaf field's
:class:`~baohuang.rules.model.FieldMeta`; :data:`FIELD_KINDS` is read from there
(:mod:`baohuang.rules.fields`), and a test fails when a leaf field has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baohuang.rules.fields import language_fields
from baohuang.rules.model import Kind, Variant

__all__ = [
    "BETWEEN_GAMES",
    "FIELD_KINDS",
    "KINDS",
    "Kind",
    "differing_paths",
    "generic_path",
    "kind_of",
    "leaf_paths",
    "play_fields_differ",
    "settlement_fields_differ",
]

KINDS: tuple[Kind, ...] = ("play", "settlement", "descriptive")

#: The kind of every leaf field of the language, read from each field's
#: :class:`~baohuang.rules.model.FieldMeta` (the model is the source; a comment beside a
#: field says why it is settlement, or play when that is not obvious).
FIELD_KINDS: dict[str, Kind] = {
    f.path: f.kind for f in language_fields() if f.leaf and f.kind is not None
}

#: Settlement fields that would change play in a *match* (between games), never in a
#: simulation of independent games.
BETWEEN_GAMES: tuple[str, ...] = (
    "deal.next_dealer",
    "play.hold_back[].shut_in",
    "play.hold_back[].shut_in_when",
    "tribute",
)


def leaf_paths() -> list[str]:
    """Every leaf field of the language, in model order, without repeats."""
    return [f.path for f in language_fields() if f.leaf]


def generic_path(path: str) -> str:
    """A concrete path with its list indices as ``[]``: ``a.b[3].c`` → ``a.b[].c``."""
    out = []
    i = 0
    while i < len(path):
        ch = path[i]
        if ch == "[":
            j = path.index("]", i)
            out.append("[]")
            i = j + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def kind_of(path: str) -> Kind:
    """The kind of a field or of a whole section (concrete or generic path).

    A section holding fields of several kinds is ``play`` if any is (a section that
    appears or disappears changes play when anything in it does), else ``settlement``
    if any is; an unknown path is ``play``.
    """
    generic = generic_path(path)
    found = FIELD_KINDS.get(generic)
    if found is not None:
        return found
    kinds = {
        kind
        for leaf, kind in FIELD_KINDS.items()
        if leaf.startswith(generic + ".") or leaf.startswith(generic + "[]")
    }
    if not kinds or "play" in kinds:
        return "play"
    return "settlement" if "settlement" in kinds else "descriptive"


def _differences(a: Any, b: Any, path: str, out: list[str]) -> None:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(dict.fromkeys([*a, *b])):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                out.append(sub)
            else:
                _differences(a[key], b[key], sub, out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        # A list of scalars is one leaf (deal.hand_sizes); a list of sections, item by item.
        if generic_path(path) in FIELD_KINDS:
            if a != b:
                out.append(path)
            return
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _differences(x, y, f"{path}[{i}]", out)
        return
    if a != b:
        out.append(path)


def differing_paths(a: Variant, b: Variant) -> list[str]:
    """Every path at which two variants differ (a whole list or section when its length or
    presence differs)."""
    out: list[str] = []
    _differences(a.model_dump(mode="json"), b.model_dump(mode="json"), "", out)
    return out


def play_fields_differ(a: Variant, b: Variant) -> list[str]:
    """The paths of the ``play`` fields in which two variants differ (empty: the same games)."""
    return [p for p in differing_paths(a, b) if kind_of(p) == "play"]


def settlement_fields_differ(a: Variant, b: Variant) -> list[str]:
    """The paths of the ``settlement`` fields in which two variants differ."""
    return [p for p in differing_paths(a, b) if kind_of(p) == "settlement"]
