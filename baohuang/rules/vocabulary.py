"""The words of the variant language: rank and suit names, roles, events, finish places.

These are the spellings a variant file uses. The engine maps them to small ints when it
compiles a variant; the rules package only needs the names and a few counts.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator

#: Plain ranks, low to high, as written in variant files (docs/rules.md §11).
PLAIN_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
#: Joker ranks, small then big.
JOKER_RANKS: tuple[str, ...] = ("SJ", "BJ")
#: Every rank a deck holds, low to high.
ALL_RANKS: tuple[str, ...] = PLAIN_RANKS + JOKER_RANKS
#: Suits as written in variant files: spades, hearts, clubs, diamonds.
SUITS: tuple[str, ...] = ("s", "h", "c", "d")
#: Finish places by name, first out to last out (头客 … 大落).
PLACES: tuple[str, ...] = ("first", "second", "third", "fourth", "fifth")
#: Seats at the table.
SEATS = 5
#: Two royals' finish ranks, every unordered pair (10 of them).
RANK_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(1, 6) for b in range(a + 1, 6)
)
#: Every (emperor rank, guard rank) pair of a two-person game (20 of them).
ORDERED_RANK_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (e, g) for e in range(1, 6) for g in range(1, 6) if e != g
)


def _rank_from_yaml(value: Any) -> Any:
    """YAML reads `rank: 3` as an int and `rank: T` as text; accept both spellings."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        text = value.strip()
        if text.upper() == "T":
            return "10"
        if text.upper() in ("SJ", "BJ", "J", "Q", "K", "A", "TOP"):
            return text.upper()
        return text
    return value


_RankLiteral = Literal["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
_PlainRankLiteral = Literal["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
_AttachLiteral = Literal["2", "SJ", "BJ", "TOP"]

#: Any rank of the deck (`"3"` … `"2"`, `"SJ"`, `"BJ"`). Ints from YAML are accepted.
Rank = Annotated[_RankLiteral, BeforeValidator(_rank_from_yaml)]
#: A rank that is not a joker.
PlainRank = Annotated[_PlainRankLiteral, BeforeValidator(_rank_from_yaml)]
#: A rank that may be attached to a set: jokers, 2s (挂2) or the card above the big joker.
AttachRank = Annotated[_AttachLiteral, BeforeValidator(_rank_from_yaml)]
#: A suit letter.
Suit = Literal["s", "h", "c", "d"]
#: A finish rank, 1 = first out … 5 = last.
FinishRank = Annotated[int, "1..5"]

#: Events that can change the stakes; multipliers and conditions name them.
Event = Literal[
    "open_guard",
    "open_guard_win",
    "rebellion",
    "kick",
    "kick_succeeded",
    "solo",
    "open_solo",
    "hidden_solo",
    "grabbed_solo",
    "guard_known",
    "bomb",
    "rebel_declared",
]
EVENTS: tuple[str, ...] = get_args(Event)

#: Who gives or takes tribute: a role, every rebel, every player but the emperor,
#: or a finish place (first … fifth).
Party = Literal[
    "emperor", "guard", "rebels", "others", "first", "second", "third", "fourth", "fifth"
]


def copies_per_rank(decks: int) -> dict[str, int]:
    """How many cards of each rank a shoe of `decks` full decks holds."""
    counts = {rank: 4 * decks for rank in PLAIN_RANKS}
    counts["SJ"] = decks
    counts["BJ"] = decks
    return counts
