"""The shoe and the deal: physical cards as small ints, trims, and a seeded shuffle.

A physical card is an int: ``rank * 4 + suit`` for the 52 suited cards (rank 0 = 3 …
12 = 2; suits s h c d), 52 for a small joker, 53 for a big joker, and two marked jokers:
:data:`EMPEROR_CARD` (皇牌, ``BJ*``) and :data:`GUARD_CARD` (侍卫牌, ``SJ*``). Four decks
hold each id four times. Ranks of ids come from the precomputed :data:`RANK_OF`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from baohuang.engine.cards import BJ, NUM_RANKS, PLAIN_RANKS, RANK_NAMES, SJ
from baohuang.engine.mypyc_attrs import mypyc_attr

# Final: the native core reads these as constants, not from the module's namespace (a
# dictionary lookup at every use, e.g. per card when a decliner picks his tip).
#: The card id of a plain small joker.
SMALL_JOKER: Final = 52
#: The card id of a plain big joker.
BIG_JOKER: Final = 53
#: The card id of the emperor card (皇牌, ``BJ*``).
EMPEROR_CARD: Final = 54
#: The card id of the guard card (侍卫牌, ``SJ*``).
GUARD_CARD: Final = 55
#: How many card ids there are (52 plain cards, the two jokers, the two marked jokers).
NUM_CARD_IDS: Final = 56

_SJ_RANK: Final = SJ
_BJ_RANK: Final = BJ
_SUIT_LETTERS: Final = "shcd"
_RANK_TEXT = RANK_NAMES[: len(PLAIN_RANKS)]

#: Rank int of each card id (the guard card is a small joker, the emperor card a big one).
RANK_OF: Final[tuple[int, ...]] = tuple(
    [i // 4 for i in range(52)] + [_SJ_RANK, _BJ_RANK, _BJ_RANK, _SJ_RANK]
)
#: Suit int of each card id, or -1 for jokers.
SUIT_OF: Final[tuple[int, ...]] = tuple([i % 4 for i in range(52)] + [-1, -1, -1, -1])


def card_text(card: int) -> str:
    """Notation of one physical card: ``4s``, ``10h``, ``SJ``, ``BJ*`` (docs/rules.md §11)."""
    if card < 52:
        return _RANK_TEXT[card // 4] + _SUIT_LETTERS[card % 4]
    return ("SJ", "BJ", "BJ*", "SJ*")[card - 52]


def card_from_text(text: str) -> int:
    """The card id of a suited card (``4s``) or joker (``SJ``, ``BJ*``); ValueError if not."""
    t = text.strip()
    upper = t.upper()
    specials = {"SJ": SMALL_JOKER, "BJ": BIG_JOKER, "BJ*": EMPEROR_CARD, "SJ*": GUARD_CARD}
    if upper in specials:
        return specials[upper]
    symbols = {"♠": "s", "♥": "h", "♣": "c", "♦": "d"}
    if len(t) >= 2:
        suit = symbols.get(t[-1], t[-1].lower())
        rank = t[:-1].upper()
        rank = "10" if rank == "T" else rank
        if suit in _SUIT_LETTERS and rank in _RANK_TEXT:
            return _RANK_TEXT.index(rank) * 4 + _SUIT_LETTERS.index(suit)
    raise ValueError(f"'{text}' is not a card with a suit: write it like 4s, 10h, Ad, SJ or BJ*")


def rank_counts(cards: Iterable[int]) -> list[int]:
    """The count vector by rank (length ``NUM_RANKS``) of some physical cards."""
    counts = [0] * NUM_RANKS
    for card in cards:
        rank = RANK_OF[card]
        counts[rank] = counts[rank] + 1
    return counts


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class ShoeSpec:
    """A compiled deck: fixed cards, random removals, marks and hand sizes."""

    def __deepcopy__(self, memo: dict[int, object]) -> ShoeSpec:
        """Immutable: a deep copy shares it (also in the native core, where a
        frozen class cannot be rebuilt attribute by attribute)."""
        return self

    fixed: tuple[int, ...]
    """Card ids left after the fixed trims, sorted (marked jokers included)."""
    random_removals: tuple[tuple[int, int], ...]
    """(rank, count): remove `count` cards of `rank` chosen by the seeded generator."""
    hand_sizes: tuple[int, ...]
    """Cards per seat in dealing order."""

    @property
    def size(self) -> int:
        """Cards dealt per game."""
        return len(self.fixed) - sum(n for _, n in self.random_removals)


def build_shoe_spec(
    decks: int,
    remove_whole: Iterable[int],
    remove_suits: Iterable[tuple[int, Sequence[int]]],
    remove_random: Iterable[tuple[int, int]],
    emperor_card: bool,
    guard_card: bool,
    hand_sizes: Sequence[int],
) -> ShoeSpec:
    """Build the fixed part of a shoe from trims given as rank ints and suit ints."""
    cards: list[int] = []
    for _ in range(decks):
        cards.extend(range(52))
        cards.extend((SMALL_JOKER, BIG_JOKER))
    whole = set(remove_whole)
    cards = [c for c in cards if RANK_OF[c] not in whole]
    for rank, suits in remove_suits:
        for suit in suits:
            cards.remove(rank * 4 + suit if rank < 13 else (SMALL_JOKER, BIG_JOKER)[rank - 13])
    if emperor_card:
        cards[cards.index(BIG_JOKER)] = EMPEROR_CARD
    if guard_card:
        cards[cards.index(SMALL_JOKER)] = GUARD_CARD
    return ShoeSpec(tuple(sorted(cards)), tuple(remove_random), tuple(hand_sizes))


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle in place exactly as ``rng.shuffle(cards)`` does (the same draws, the same order).

    :meth:`random.Random.shuffle`'s algorithm, written out so that the native core
    (:mod:`baohuang.native`) runs it compiled: Fisher–Yates from the last position, each
    index drawn by ``getrandbits`` with rejection (``Random._randbelow``).
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deal(spec: ShoeSpec, rng: random.Random, dealer: int = 0) -> list[list[int]]:
    """Trim at random, shuffle and deal; returns the five hands indexed by seat, each sorted.

    The first seat dealt is `dealer`; it receives ``hand_sizes[0]`` cards, the next seat
    clockwise ``hand_sizes[1]`` and so on. Marked jokers are never removed at random.
    """
    cards = list(spec.fixed)
    for rank, count in spec.random_removals:
        candidates = [i for i, c in enumerate(cards) if RANK_OF[c] == rank and c < EMPEROR_CARD]
        for i in sorted(rng.sample(candidates, count), reverse=True):
            del cards[i]
    shuffle(cards, rng)
    hands: list[list[int]] = [[] for _ in range(5)]
    start = 0
    for offset, size in enumerate(spec.hand_sizes):
        seat = (dealer + offset) % 5
        hands[seat] = sorted(cards[start : start + size])
        start += size
    return hands
