"""How many cards of each rank a variant's deck holds: counted once, when it is compiled.

The limits a play is checked against (:mod:`baohuang.engine.deck_limits`) and where the
marked cards rank (``CompiledVariant.rank_limits``, ``emperor_top``, ``guard_top``), read
from the variant and its shoe by :mod:`baohuang.engine.compiled` (docs/rules.md §2.1,
§6.5). Below the compiled variant, which is built from these.
"""

from __future__ import annotations

from collections.abc import Sequence

from baohuang.engine.cards import BJ, NUM_RANKS, SJ, TOP, TOP2
from baohuang.engine.deck import RANK_OF, ShoeSpec
from baohuang.engine.plays import StackRule
from baohuang.rules.model import Variant


def rank_limits(
    shoe: ShoeSpec,
    has_top: bool,
    top_always_from: Sequence[int] = (),
    tops: int = 1,
    ordered: bool = False,
    stacks: Sequence[StackRule] = (),
) -> tuple[int, ...]:
    """The most cards of each rank (``NUM_RANKS`` ints, indexed by rank) one deal can hold.

    Counted from the shoe's fixed cards (marked jokers as jokers of their rank) minus the
    cards removed at random each deal; ``TOP`` is 1 when the variant has a card above the
    big joker (``tops``: 2 when both marked cards are), else 0. ``top_always_from`` are the
    ranks that give up one card to ``TOP`` in every game (the marked cards, when no bidding
    step can void the marks): with four small jokers and the guard card on top, only three
    plain small jokers are ever played. With ``ordered`` (``marked_order``, two cards above
    the big joker) the higher one is ``TOP2``: ``TOP`` and ``TOP2`` are 1 each. A joker
    stack (叠加, ``stacks``) is 1 where the plain jokers can form it, else 0 (a play holds
    one stack at most).
    """
    limits = [0] * NUM_RANKS
    for card in shoe.fixed:
        limits[RANK_OF[card]] += 1
    for rank, count in shoe.random_removals:
        limits[rank] = max(0, limits[rank] - count)
    limits[TOP] = tops if has_top else 0
    if has_top and ordered and tops == 2:
        limits[TOP] = limits[TOP2] = 1
    if has_top:
        for rank in top_always_from:
            if limits[rank] > 0:
                limits[rank] -= 1
    for stack in stacks:
        small = stack.cards.count(SJ)
        big = len(stack.cards) - small
        limits[stack.rank] = int(limits[SJ] >= small and limits[BJ] >= big)
    return tuple(limits)


def top_always_from(variant: Variant) -> tuple[int, ...]:
    """The ranks that give one card to ``TOP`` in every game: the emperor card's (BJ) when
    it is a top card, the fixed guard card's (SJ) when it is one, and neither when a bidding
    step can void the marks (a called card varies by game, and voided marks leave the marked
    cards plain jokers)."""
    kind = variant.play.top_card
    if kind == "none":
        return ()
    if any(getattr(step, "marks_void", False) for step in variant.bidding.flow):
        return ()
    found: list[int] = []
    if kind in ("emperor_card", "both_marked"):
        found.append(BJ)
    if kind in ("guard_card", "both_marked") and variant.bidding.guard.by == "fixed_card":
        found.append(SJ)
    return tuple(found)


def marked_tops(variant: Variant) -> tuple[int, int]:
    """The ranks the emperor card and the guard card play at where they rank above the big
    joker (``TOP``, or ``TOP2`` for the higher of two ordered ones); -1 where they do not."""
    kind = variant.play.top_card
    if kind == "none":
        return -1, -1
    if kind == "emperor_card":
        return TOP, -1
    if kind == "guard_card":
        return -1, TOP
    order = variant.play.marked_order
    if order == "guard_higher":
        return TOP, TOP2
    if order == "emperor_higher":
        return TOP2, TOP
    return TOP, TOP


def top_count(variant: Variant) -> int:
    """How many cards rank above the big joker in a game at most (0, 1 or 2)."""
    kind = variant.play.top_card
    return 0 if kind == "none" else 2 if kind == "both_marked" else 1
