"""Ranks, suits and single cards.

Ranks are small ints, ordered by strength (docs/rules.md §2)::

    3→0  4→1  5→2  6→3  7→4  8→5  9→6  10→7  J→8  Q→9  K→10  A→11  2→12
    SJ→13 (small joker)  BJ→14 (big joker)  STK1→15  TOP→16  STK2→17  TOP2→18
    STK3→19  STK4→20

``TOP`` is a card that a variant ranks above the big joker (docs/rules.md §6.5, e.g. the
guard card of 憋三 or HD's 特画). It only exists when the variant says so. ``TOP2`` is a
second level above it, for a variant that orders the two marked cards (``marked_order``:
侍卫牌 > 皇帝牌 > 大王, the higher marked card is ``TOP2``, the lower ``TOP``).

``STK1`` … ``STK4`` are joker stacks (叠加, ``play.stacks``): several jokers played as one
card. They sit in fixed slots between and above the other ranks so that the int order is
the card order (a stack directly above the big joker is ``STK1``, below ``TOP``); a variant
gives each of its stacks one slot (:mod:`baohuang.engine.compiled`). No hand is ever dealt
a stack: the play phase forms one from the jokers a hand holds
(:func:`baohuang.engine.follows.follows_of`).

Suits are ints too: ♠ s→0, ♥ h→1, ♣ c→2, ♦ d→3. They matter only where identical
cards matter (calling the guard, docs/rules.md §4.2); plays and hands ignore them.

This module is the bottom of the engine: it imports nothing from the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

NUM_RANKS: Final = 21
"""Number of rank ints: 0 (the 3) up to 20 (``STK4``). Count vectors have this length."""

THREE: Final = 0
"""Rank int of the 3, the lowest rank."""

SIX: Final = 3
"""Rank int of the 6 (the hold-back rank of 憋六)."""

TEN: Final = 7
"""Rank int of the 10."""

ACE: Final = 11
"""Rank int of the ace."""

TWO: Final = 12
"""Rank int of the 2, the highest plain rank."""

SJ: Final = 13
"""Rank int of the small joker (小王)."""

BJ: Final = 14
"""Rank int of the big joker (大王)."""

STK1: Final = 15
"""Rank int of a joker stack between the big joker and ``TOP`` (叠加)."""

TOP: Final = 16
"""Rank int of a card ranked above the big joker; exists only where a variant says so."""

STK2: Final = 17
"""Rank int of a joker stack between ``TOP`` and ``TOP2``."""

TOP2: Final = 18
"""Rank int of the higher of two ordered marked cards (``marked_order``), above ``TOP``."""

STK3: Final = 19
"""Rank int of a joker stack above ``TOP2``."""

STK4: Final = 20
"""Rank int of a joker stack above ``STK3``, the highest rank."""

STACK_SLOTS: Final = (STK1, STK2, STK3, STK4)
"""The rank ints a joker stack (叠加) can take, low to high."""

PLAIN_RANKS: Final = range(THREE, TWO + 1)
"""The thirteen plain ranks 3 … 2 (every rank that carries a suit)."""

JOKERS: Final = frozenset({SJ, BJ})
"""The joker ranks (small and big joker)."""

RANK_NAMES: Final[tuple[str, ...]] = (
    *("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"),
    *("SJ", "BJ", "STK1", "TOP", "STK2", "TOP2", "STK3", "STK4"),
)
"""Notation name of each rank int (docs/rules.md §11); ``RANK_NAMES[rank]``."""

RANK_WORDS: Final[tuple[str, ...]] = (
    *("3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace", "2"),
    *("small joker", "big joker", "stack", "top card", "stack", "higher top card"),
    *("stack", "stack"),
)
"""Plain English name of each rank int, for messages."""

SPADES: Final = 0
"""Suit int of ♠ (``s``)."""

HEARTS: Final = 1
"""Suit int of ♥ (``h``)."""

CLUBS: Final = 2
"""Suit int of ♣ (``c``)."""

DIAMONDS: Final = 3
"""Suit int of ♦ (``d``)."""

SUIT_NAMES: Final[tuple[str, ...]] = ("s", "h", "c", "d")
"""Notation suffix of each suit int; ``SUIT_NAMES[suit]``."""

SUIT_SYMBOLS: Final[tuple[str, ...]] = ("♠", "♥", "♣", "♦")
"""Symbol of each suit int; accepted on input, never written."""

EMPEROR_CARD: Final = "emperor_card"
"""Mark of the emperor card (皇牌): a big joker, written ``BJ*``."""

GUARD_CARD: Final = "guard_card"
"""Mark of the guard card (侍卫牌): a small joker, written ``SJ*``."""

MARKED_RANK: Final[dict[str, int]] = {EMPEROR_CARD: BJ, GUARD_CARD: SJ}
"""The rank each mark is drawn on."""


def is_joker(rank: int) -> bool:
    """Return whether ``rank`` is a joker rank (``SJ`` or ``BJ``)."""
    return rank in JOKERS


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.

    ``rank`` is a rank int (0–20). ``suit`` is a suit int (0–3) or ``None`` when the
    suit is unknown or does not matter; jokers, ``TOP``, ``TOP2`` and stacks never have a
    suit. ``mark``
    is ``None``, ``"emperor_card"`` (only on a big joker) or ``"guard_card"`` (only on a
    small joker). A card with an invalid combination raises ``ValueError``.
    """

    rank: int
    suit: int | None = None
    mark: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.rank < NUM_RANKS:
            raise ValueError(f"rank must be 0..{NUM_RANKS - 1}, got {self.rank}")
        if self.suit is not None:
            if not 0 <= self.suit < 4:
                raise ValueError(f"suit must be 0..3 or None, got {self.suit}")
            if self.rank > TWO:
                raise ValueError(f"{RANK_NAMES[self.rank]} has no suit")
        if self.mark is not None:
            marked = MARKED_RANK.get(self.mark)
            if marked is None:
                raise ValueError(
                    f"unknown mark {self.mark!r}: use {EMPEROR_CARD!r} or {GUARD_CARD!r}"
                )
            if marked != self.rank:
                raise ValueError(
                    f"the {self.mark} mark belongs on {RANK_NAMES[marked]}, "
                    f"not on {RANK_NAMES[self.rank]}"
                )

    @property
    def is_joker(self) -> bool:
        """Whether this card is a small or big joker."""
        return self.rank == SJ or self.rank == BJ
