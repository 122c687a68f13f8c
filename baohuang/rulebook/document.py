"""A rulebook as data: sections of paragraphs, lists, tables and card examples.

Everything here is already written in one language; the renderers (:mod:`.render`) only
lay it out. ``Rulebook.to_json()`` is the structured form clients render themselves.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Card:
    """One card face: its rank as printed (``10``, ``K``, ``大王``) and its suit symbol."""

    rank: str
    suit: str = ""
    color: Literal["red", "black"] = "black"
    joker: bool = False


@dataclass(frozen=True)
class Hand:
    """A labelled row of cards (a play, or a hand)."""

    label: str
    cards: list[Card]


@dataclass(frozen=True)
class Paragraph:
    text: str
    kind: Literal["paragraph"] = "paragraph"


@dataclass(frozen=True)
class Bullets:
    items: list[str]
    ordered: bool = False
    kind: Literal["list"] = "list"


@dataclass(frozen=True)
class Table:
    """A table; ``header`` is the first row, ``rows`` start with their row heading."""

    caption: str
    header: list[str]
    rows: list[list[str]]
    kind: Literal["table"] = "table"


@dataclass(frozen=True)
class CardsExample:
    """An example drawn as cards, checked by the engine: ``verdict`` True/False or None."""

    title: str
    hands: list[Hand]
    verdict: bool | None
    explanation: str
    kind: Literal["cards"] = "cards"


@dataclass(frozen=True)
class Note:
    """A marked box: the house notes of the rule set, in the rulebook's language."""

    title: str
    intro: str
    items: list[str]
    kind: Literal["note"] = "note"


Block = Paragraph | Bullets | Table | CardsExample | Note


@dataclass
class Section:
    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)

    def add(self, *blocks: Block) -> None:
        self.blocks.extend(blocks)


@dataclass
class Rulebook:
    lang: str
    variant_id: str
    title: str
    subtitle: str
    version: int | None
    contents_title: str
    sections: list[Section] = field(default_factory=list)
    #: Not a published version (a draft, or a file): printed pages say so.
    draft: bool = False
    #: The line at the head of every printed page: draft or version, rule set, date.
    stamp: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
