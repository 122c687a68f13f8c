"""Where a variant's joker stacks (叠加, ``play.stacks``) rank: one slot each.

A stack is several jokers played as one card. Each says what it ranks directly above: the
big joker (``BJ``), the card above it (``TOP``), the higher of two ordered marked cards
(``TOP2``) or another stack. The engine keeps ranks as ints ordered by strength, with four
fixed slots for stacks among the cards above the big joker::

    BJ < STK1 < TOP < STK2 < TOP2 < STK3 < STK4

so a stack takes the slots of the stretch it stands in: above the big joker, ``STK1`` only
when ``TOP`` exists (otherwise every slot from ``STK1`` up); above ``TOP``, ``STK2`` only
when ``TOP2`` exists; above ``TOP2``, ``STK3`` and ``STK4``. :func:`stack_slots` assigns
them and says what does not fit; the checks (:mod:`baohuang.rules.checks`) turn that into
problems and the compiler (:mod:`baohuang.engine.compiled`) into ranks.

This module reads only the rule language (no engine import): both layers use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from baohuang.rules.model import JokerStack, PlayRules

#: The slot names, low to high (the engine's rank names of the stack ranks).
SLOTS: Final = ("STK1", "STK2", "STK3", "STK4")


def stack_key(cards: str) -> tuple[str, ...]:
    """A stack's cards in one order (big jokers first), so ``SJ BJ SJ`` is ``BJ SJ SJ``."""
    return tuple(sorted(cards.split(), key=lambda c: (c != "BJ", c)))


def stack_text(cards: str) -> str:
    """A stack's cards written in that order: ``BJ SJ SJ``."""
    return " ".join(stack_key(cards))


def well_formed(cards: str) -> bool:
    """Two jokers or more, written ``SJ`` / ``BJ`` and nothing else."""
    parts = cards.split()
    return len(parts) >= 2 and all(c in ("SJ", "BJ") for c in parts)


def anchors(play: PlayRules) -> tuple[str, ...]:
    """The cards above (or at) the big joker a stack may stand on, low to high."""
    found = ["BJ"]
    if play.top_card != "none":
        found.append("TOP")
        if play.top_card == "both_marked" and play.marked_order != "level":
            found.append("TOP2")
    return tuple(found)


@dataclass(frozen=True)
class Placement:
    """The outcome of :func:`stack_slots`, by stack index."""

    slots: tuple[str | None, ...]
    """The slot of each stack (``STK1`` …), or ``None`` where it has none."""
    unknown: tuple[int, ...] = ()
    """Stacks whose ``above`` names no card and no other stack of the variant."""
    shared: tuple[int, ...] = ()
    """Stacks standing directly above the same card as an earlier one."""
    cycle: tuple[int, ...] = ()
    """Stacks that stand above one another in a circle (never reaching a card)."""
    overflow: tuple[int, ...] = ()
    """Stacks that do not fit the slots of their stretch."""


def _room(anchor: str, names: Sequence[str]) -> tuple[str, ...]:
    """The slots of the stretch above ``anchor``, given the anchors that exist."""
    if anchor == "BJ":
        return SLOTS[:1] if "TOP" in names else SLOTS
    if anchor == "TOP":
        return SLOTS[1:2] if "TOP2" in names else SLOTS[1:]
    return SLOTS[2:]


def _circles(i: int, stacks: Sequence[JokerStack], by_key: dict[tuple[str, ...], int]) -> bool:
    """Whether following ``above`` from stack ``i`` comes back to a stack already seen."""
    seen = {i}
    at = i
    while True:
        above = stacks[at].above.strip()
        if above in ("BJ", "TOP", "TOP2"):
            return False
        nxt = by_key.get(stack_key(above))
        if nxt is None:
            return False
        if nxt in seen:
            return True
        seen.add(nxt)
        at = nxt


def stack_slots(play: PlayRules) -> Placement:
    """Give each of ``play.stacks`` its slot, following the ``above`` chains from the big
    joker, ``TOP`` and ``TOP2``; what cannot be placed is listed by kind (unknown ``above``,
    two stacks above one card, a circle, not enough slots)."""
    stacks: list[JokerStack] = list(play.stacks)
    names = anchors(play)
    keys = [stack_key(s.cards) for s in stacks]
    by_key = {k: i for i, k in reversed(list(enumerate(keys)))}
    slots: list[str | None] = [None] * len(stacks)
    unknown: list[int] = []
    shared: list[int] = []
    overflow: list[int] = []
    above_of: dict[tuple[str, ...] | str, int] = {}
    for i, stack in enumerate(stacks):
        above = stack.above.strip()
        target: tuple[str, ...] | str
        if above in ("BJ", "TOP", "TOP2"):
            target = above
            if above not in names:
                unknown.append(i)
                continue
        else:
            target = stack_key(above)
            if target not in by_key:
                unknown.append(i)
                continue
        if target in above_of:
            shared.append(i)
            continue
        above_of[target] = i
    placed: set[int] = set()
    for anchor in names:
        room = list(_room(anchor, names))
        at: tuple[str, ...] | str = anchor
        while at in above_of:
            i = above_of[at]
            if i in placed:
                break
            placed.add(i)
            if room:
                slots[i] = room.pop(0)
            else:
                overflow.append(i)
            at = keys[i]
    cycle = [i for i in range(len(stacks)) if i not in placed and _circles(i, stacks, by_key)]
    return Placement(tuple(slots), tuple(unknown), tuple(shared), tuple(cycle), tuple(overflow))
