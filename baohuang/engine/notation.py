"""Card notation (docs/rules.md §11): reading and writing cards and plays.

- Ranks ``3 4 5 6 7 8 9 10 J Q K A 2``, jokers ``SJ`` and ``BJ``; ``T`` is accepted for
  10, ``TOP`` for a card above the big joker and ``TOP2`` for the higher of two ordered
  marked cards (``marked_order``). Face letters and joker names may be
  written in either case.
- An optional suit suffix ``s h c d`` (or ``♠ ♥ ♣ ♦``): ``4s``, ``10h``, ``Ad``.
- Marked cards: ``BJ*`` (emperor card) and ``SJ*`` (guard card).
- A joker stack (叠加, jokers played as one card) is written as its cards in brackets,
  ``[SJ SJ SJ]``, given the variant's play rules (:func:`parse_play` with ``rules``), or by
  its rank name ``STK1`` … ``STK4`` (the form of game records).
- A play is cards separated by whitespace, in any order. Output lists jokers first, then
  the set, high to low: ``BJ SJ 9 9 9 9``; 10 is always written ``10``.

Malformed notation raises :class:`NotationError`, which names the bad token.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from baohuang.engine.cards import (
    BJ,
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_NAMES,
    SJ,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TWO,
    Card,
)
from baohuang.engine.plays import CompiledPlayRules, Play

_RANK_BY_NAME: Final[dict[str, int]] = {name: rank for rank, name in enumerate(RANK_NAMES)}
_RANK_BY_NAME["T"] = _RANK_BY_NAME["10"]

_SUIT_BY_CHAR: Final[dict[str, int]] = {
    **{name: suit for suit, name in enumerate(SUIT_NAMES)},
    **{sym: suit for suit, sym in enumerate(SUIT_SYMBOLS)},
}

_MARK_BY_RANK: Final[dict[int, str]] = {BJ: EMPEROR_CARD, SJ: GUARD_CARD}

_USE: Final = "use 3-10, J, Q, K, A, 2, SJ or BJ"


class NotationError(ValueError):
    """Malformed card notation.

    ``token`` is the offending text (``""`` for an empty play) and ``position`` the
    0-based index of that token among the cards of the play (0 for a single card). The
    message is a plain sentence that names the token and counts cards from 1, e.g.
    ``'X' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ (card 3)``.

    ``code`` says which problem it is (``not_a_card``, ``rank_has_no_suit``,
    ``mark_not_allowed``, ``no_card``, ``more_than_one_card``, ``empty_play``,
    ``not_a_stack``, ``unclosed_stack``) and
    ``numbered`` whether the message counts the card (``card 3``), so that a client (the
    API) can write the sentence in another language.
    """

    def __init__(
        self,
        message: str,
        token: str,
        position: int,
        code: str = "not_a_card",
        numbered: bool = False,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.position = position
        self.code = code
        self.numbered = numbered


def _card_error(token: str, position: int | None, problem: str, code: str) -> NotationError:
    where = f" (card {position + 1})" if position is not None else ""
    return NotationError(f"{problem}{where}", token, position or 0, code, position is not None)


def _parse_token(token: str, position: int | None) -> Card:
    body = token.replace("\ufe0f", "")  # emoji presentation selector after a suit symbol
    marked = body.endswith("*")
    if marked:
        body = body[:-1]
    rank = _RANK_BY_NAME.get(body.upper())
    suit: int | None = None
    if rank is None and len(body) > 1:
        suit = _SUIT_BY_CHAR.get(body[-1])
        if suit is None and body[-1] in "SHCD":
            suit = _SUIT_BY_CHAR[body[-1].lower()]
        if suit is not None:
            rank = _RANK_BY_NAME.get(body[:-1].upper())
            if rank is not None and rank > TWO:
                raise _card_error(
                    token,
                    position,
                    f"{token!r} is not a card: {RANK_NAMES[rank]} has no suit",
                    "rank_has_no_suit",
                )
    if rank is None:
        raise _card_error(token, position, f"{token!r} is not a card: {_USE}", "not_a_card")
    mark: str | None = None
    if marked:
        mark = _MARK_BY_RANK.get(rank)
        if mark is None:
            raise _card_error(
                token,
                position,
                f"{token!r} is not a card: only BJ* (the "
                "emperor card) and SJ* (the guard card) carry a mark",
                "mark_not_allowed",
            )
    return Card(rank, suit, mark)


def parse_card(token: str) -> Card:
    """Parse one card such as ``10h``, ``Ts``, ``A``, ``sj``, ``BJ*`` or ``TOP``.

    Surrounding whitespace is ignored. Raises :class:`NotationError` (position 0).
    """
    text = token.strip()
    if not text:
        raise NotationError("no card given: " + _USE, "", 0, "no_card")
    if len(text.split()) > 1:
        raise NotationError(f"{text!r} is more than one card", text, 0, "more_than_one_card")
    return _parse_token(text, None)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse whitespace-separated cards in the order written; ``""`` gives ``()``."""
    return tuple(_parse_token(tok, i) for i, tok in enumerate(text.split()))


def _stack_ranks(text: str, rules: CompiledPlayRules | None) -> list[int]:
    """The rank ints of a play written with joker stacks in brackets (``[SJ SJ SJ] 9 9``):
    each bracketed group is the variant's stack of those jokers, one card."""
    tokens = text.replace("[", " [ ").replace("]", " ] ").split()
    ranks: list[int] = []
    group: list[str] | None = None
    start = ""
    for item in tokens:
        if item == "[":
            if group is not None:
                raise _unclosed(start, len(ranks))
            group, start = [], "["
        elif item == "]":
            written = "[" + " ".join(group or []) + "]"
            if group is None:
                raise _unclosed("]", len(ranks))
            ranks.append(_stack_rank(group, written, rules, len(ranks)))
            group = None
        elif group is not None:
            group.append(item)
            start = "[" + " ".join(group)
        else:
            ranks.append(_parse_token(item, len(ranks)).rank)
    if group is not None:
        raise _unclosed(start, len(ranks))
    return ranks


def _unclosed(token: str, at: int) -> NotationError:
    return _card_error(
        token,
        at,
        f"{token!r} is not a card: a joker stack is written in brackets, e.g. [SJ SJ SJ]",
        "unclosed_stack",
    )


def _stack_rank(group: list[str], written: str, rules: CompiledPlayRules | None, at: int) -> int:
    jokers = sorted((_parse_token(t, at).rank for t in group), reverse=True)
    if rules is not None:
        for stack in rules.stacks:
            if list(stack.cards) == jokers:
                return stack.rank
    raise _card_error(
        written, at, f"{written!r} is not a joker stack (叠加) of this variant", "not_a_stack"
    )


def parse_play(text: str, rules: CompiledPlayRules | None = None) -> Play:
    """Parse a play such as ``SJ 8 8 8`` (cards in any order; suits and marks dropped).

    With the variant's play ``rules``, a joker stack may be written as its cards in
    brackets: ``[SJ SJ SJ] 9 9`` (without them a bracket is an error). An empty or blank
    ``text`` raises :class:`NotationError`: a play needs a card.
    """
    if "[" in text or "]" in text:
        ranks = _stack_ranks(text, rules)
    else:
        ranks = [card.rank for card in parse_cards(text)]
    if not ranks:
        raise NotationError(
            "a play needs at least one card; the play is empty", "", 0, "empty_play"
        )
    return Play.of(ranks)


def parse_ranks(text: str) -> tuple[int, ...]:
    """Parse whitespace-separated cards into rank ints sorted high to low.

    Unlike :func:`parse_play`, an empty text is allowed and gives ``()``. The result is
    in the form :func:`baohuang.engine.beats.beats_fast` expects.
    """
    return tuple(sorted((card.rank for card in parse_cards(text)), reverse=True))


def format_card(card: Card) -> str:
    """Write one card: rank, then suit suffix if known, then ``*`` if marked."""
    suit = SUIT_NAMES[card.suit] if card.suit is not None else ""
    return RANK_NAMES[card.rank] + suit + ("*" if card.mark is not None else "")


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards separated by spaces, in the order given."""
    return " ".join(format_card(card) for card in cards)


def format_play(play: Play | Sequence[int], rules: CompiledPlayRules | None = None) -> str:
    """Write a play (or rank ints) high to low, jokers first: ``BJ SJ 9 9 9 9``; with the
    variant's play ``rules`` a joker stack as its cards in brackets (``[SJ SJ SJ] 9 9``),
    else by its rank name (``STK1 9 9``)."""
    ranks = play.ranks if isinstance(play, Play) else sorted(play, reverse=True)
    names = rules.tables.names if rules is not None else RANK_NAMES
    return " ".join(names[r] for r in ranks)
