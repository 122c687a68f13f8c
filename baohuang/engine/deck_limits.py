"""What a variant's deck can hold: a play it cannot contain is not a legal play there.

A deck trimmed to 165 cards has no 3s, and one with three 6s removed at random each deal
never holds more than 13 sixes: ``3 3 3``, or fourteen 6s, is not a play of that variant
however well formed it is (docs/rules.md §2.1, §5.1). The limits come from the trimmed deck:
decks × copies (four of each plain rank, one of each joker per deck, the marked jokers
counted with their rank) minus the fixed trims minus the random removals; ``TOP`` (a card
above the big joker, docs/rules.md §6.5) exists only where the variant has one, and then once.

:func:`~baohuang.engine.deck_counts.rank_limits` computes the ``NUM_RANKS`` limits once per
compiled variant (the field ``CompiledVariant.rank_limits``); :func:`deck_reason` is the
check, allocation-free for a
play within the limits. :func:`play_reason` and :func:`judge` are the legality and beat
explanations with the deck check in front, for callers that hold a compiled variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from baohuang.engine.beats import Verdict, beats
from baohuang.engine.cards import BJ, NUM_RANKS, RANK_NAMES, SJ, STACK_SLOTS, TOP, TOP2, TWO
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck_counts import top_always_from
from baohuang.engine.plays import Play, is_legal_play, unstack
from baohuang.engine.reasons import Reason, joined, reason

_SINGULAR: Final[tuple[str, ...]] = (
    *("three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("jack", "queen", "king", "ace", "two", "small joker", "big joker", "stack", "top card"),
    *("stack", "higher top card", "stack", "stack"),
)
_PLURAL: Final[tuple[str, ...]] = (
    *("threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens"),
    *("jacks", "queens", "kings", "aces", "twos", "small jokers", "big jokers", "stacks"),
    *("top cards", "stacks", "higher top cards", "stacks", "stacks"),
)
_SUIT_WORDS: Final[dict[str, str]] = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}


def deck_reason(cv: CompiledVariant, play: Play | Sequence[int]) -> Reason | None:
    """Return ``None`` when the variant's deck can hold ``play``, else the reason why not.

    ``play`` is a :class:`.Play` or rank ints (in any order). The reason is one sentence for
    an operator, e.g. ``The deck holds only 13 sixes (16 in 4 decks, 3 removed at random
    each deal); the play has 14``. Rank ints outside 0–20 are left to
    :func:`~baohuang.engine.plays.is_legal_play`.
    """
    ranks = play.ranks if isinstance(play, Play) else play
    limits = cv.rank_limits
    n = len(ranks)
    sorted_desc = isinstance(play, Play)
    i = 0
    while i < n:
        rank = ranks[i]
        if type(rank) is not int or not 0 <= rank < NUM_RANKS:
            return None
        if sorted_desc:
            j = i + 1
            while j < n and ranks[j] == rank:
                j += 1
            count = j - i
            i = j
        else:
            count = ranks.count(rank)
            i += 1
        if count > limits[rank]:
            return _too_many(cv, rank, count)
    tables = cv.play.tables
    if n and tables.stacked and any(tables.stack_cards[r] for r in ranks):
        cards = unstack(ranks, cv.play)  # a stack's jokers are jokers of the deck
        for joker in (BJ, SJ):
            count = cards.count(joker)
            if count > limits[joker]:
                return _too_many(cv, joker, count)
        ranks = cards
    if n and limits[TOP] and _top_is_guard_card(cv):
        tops = ranks.count(TOP)
        small = ranks.count(SJ)
        if tops and small + tops > limits[SJ]:
            return reason(
                "top_is_guard_card",
                "The card above the big joker (TOP) is the guard card SJ*, one of the deck's "
                f"{limits[SJ]} small jokers, so a play with it has at most {limits[SJ] - 1} "
                f"other small joker{'s' if limits[SJ] != 2 else ''}; the play has {small}",
                small_jokers=limits[SJ],
                most=limits[SJ] - 1,
                count=small,
            )
    return None


def play_reason(cv: CompiledVariant, play: Play | Sequence[int]) -> Reason | None:
    """Why ``play`` is not a legal play of the variant (its deck first, then its shape).

    ``None`` when it is legal. The same as
    :func:`~baohuang.engine.plays.is_legal_play` with ``cv.play``, except that a play the
    deck cannot contain is refused with :func:`deck_reason`'s sentence.
    """
    return deck_reason(cv, play) or is_legal_play(play, cv.play)


def judge(cv: CompiledVariant, previous: Play, candidate: Play) -> Verdict:
    """Whether ``candidate`` beats ``previous`` in the variant, and why in one sentence.

    :func:`~baohuang.engine.beats.beats` with the variant's play rules, except that a
    candidate the deck cannot contain never beats and says so (:func:`deck_reason`). The
    previous play is taken as given, as :func:`~baohuang.engine.beats.beats` does: check
    it with :func:`play_reason` first.
    """
    reason = deck_reason(cv, candidate)
    if reason is not None:
        return Verdict(False, reason)
    return beats(previous, candidate, cv.play)


# --------------------------------------------------------------------------- reasons


def _top_is_guard_card(cv: CompiledVariant) -> bool:
    """The card above the big joker is the fixed guard card SJ* (one of the small jokers)
    in the games that have it, and the limits do not already count it out of the small
    jokers (:func:`top_always_from`)."""
    variant = cv.variant
    return (
        variant.play.top_card == "guard_card"
        and variant.bidding.guard.by == "fixed_card"
        and variant.deck.marks.guard_card is not None
        and SJ not in top_always_from(variant)
    )


def _names(items: Sequence[str]) -> Reason:
    if len(items) <= 1:
        return joined("names", items, "".join(items))
    return joined("names", items, ", ".join(items[:-1]) + " and " + items[-1])


def _too_many(cv: CompiledVariant, rank: int, count: int) -> Reason:
    """The sentence for ``count`` cards of ``rank`` where the deck holds fewer."""
    limit = cv.rank_limits[rank]
    stack = cv.play.tables.stack_cards[rank]
    if stack or rank in STACK_SLOTS:
        if not stack:
            return reason("no_such_stack_in_deck", rank=RANK_NAMES[rank])
        if limit == 0:
            return reason("stack_not_in_deck", stack=cv.play.tables.names[rank])
        return reason("one_stack_a_play", stack=cv.play.tables.names[rank], count=count)
    if rank == TOP2:
        return reason("only_one_top2_card", count=count) if limit else reason("no_top2_card")
    if rank == TOP:
        if limit == 0:
            return reason("no_top_card")
        if limit == 2:
            return reason("only_two_top_cards", count=count)
        return reason("only_one_top_card", count=count)
    deck = cv.variant.deck
    name = RANK_NAMES[rank]
    whole = [r.rank for r in deck.remove if r.rank == name and r.count is None and r.suits is None]
    if whole:
        gone_ranks = [r.rank for r in deck.remove if r.count is None and r.suits is None]
        gone = [_PLURAL[RANK_NAMES.index(r)] for r in gone_ranks]
        removed = joined("names", gone_ranks, _names(gone))
        return reason(
            "rank_removed",
            f"This variant's deck has no {_PLURAL[rank]} (all {removed} are removed)",
            rank=name,
            removed=removed,
        )
    per_deck = 4 if rank <= TWO else 1
    decks = deck.decks
    in_decks = f"{decks} deck{'s' if decks != 1 else ''}"
    parts = [
        reason(
            "deck_count", f"{per_deck * decks} in {in_decks}", count=per_deck * decks, decks=decks
        )
    ]
    by_suit = [s for r in deck.remove if r.rank == name and r.suits for s in r.suits]
    if by_suit:
        parts.append(
            reason("deck_suits_removed", cards=_names([name + _SUIT_WORDS[s] for s in by_suit]))
        )
    at_random = sum(r.count for r in deck.remove if r.rank == name and r.count is not None)
    if at_random:
        parts.append(reason("deck_random_removed", count=at_random))
    if len(parts) == 1:
        parts = [
            reason(
                "deck_per_deck",
                f"{'one' if per_deck == 1 else per_deck} per deck, {in_decks}",
                per_deck=per_deck,
                decks=decks,
            )
        ]
    on_top = top_always_from(cv.variant)
    if rank == BJ and BJ in on_top:
        parts.append(reason("deck_emperor_card_on_top"))
    elif rank == BJ:
        parts.append(reason("deck_emperor_card"))
    elif rank == SJ and SJ in on_top:
        parts.append(reason("deck_guard_card_on_top"))
    elif rank == SJ and deck.marks.guard_card is not None:
        parts.append(reason("deck_guard_card"))
    detail = joined("parts", parts, ", ".join(parts))
    if limit == 0:
        return reason(
            "rank_absent",
            f"This variant's deck has no {_PLURAL[rank]} ({detail})",
            rank=name,
            detail=detail,
        )
    held = f"one {_SINGULAR[rank]}" if limit == 1 else f"{limit} {_PLURAL[rank]}"
    return reason(
        "rank_limited",
        f"The deck holds only {held} ({detail}); the play has {count}",
        limit=limit,
        rank=name,
        detail=detail,
        count=count,
    )
