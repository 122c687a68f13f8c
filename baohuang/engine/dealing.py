"""Dealing: the shuffle (or chosen hands) and paying the tribute owed.

Everything before the first bid but buying a card (买3, :mod:`baohuang.engine.buying`, a
phase of its own since a buyer may choose what he pays with). A redeal runs it again from
the same random stream: the cards are bought afresh and the tribute owed from the previous
game is paid again.
"""

from __future__ import annotations

from collections.abc import Sequence

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, card_from_text, card_text, deal
from baohuang.engine.table import Table
from baohuang.engine.tribute import TributePlan, resolve_tribute


def deal_hands(table: Table, rigged: list[list[int]] | None) -> None:
    """Deal the hands (or take `rigged`); no card is bought and no tribute paid yet."""
    table.hands = rigged if rigged is not None else deal(table.cv.shoe, table.rng, table.dealer)
    table.buys = []
    table.tribute_paid = []


def pay_tribute(table: Table, tribute: TributePlan | None) -> None:
    """Pay `tribute` (owed from the previous game) from the hands, once the cards are
    bought; the plan is kept on the table (a redeal pays it again)."""
    table.tribute_paid = []
    if tribute is not None and not tribute.empty:
        table.tribute_plan = tribute
        table.tribute_paid = resolve_tribute(table.cv, tribute, table.hands)


def rigged_hands(cv: CompiledVariant, hands: Sequence[Sequence[int | str]]) -> list[list[int]]:
    """Chosen hands as card ids, checked against the variant's shoe; ValueError if not."""
    if len(hands) != 5:
        raise ValueError("Give exactly five hands, one per seat.")
    available: dict[int, int] = {}
    for card in cv.shoe.fixed:
        available[card] = available.get(card, 0) + 1
    result: list[list[int]] = []
    for seat, hand in enumerate(hands):
        ids = [card_from_text(c) if isinstance(c, str) else int(c) for c in hand]
        for card in ids:
            if available.get(card, 0) <= 0:
                raise ValueError(
                    f"Seat {seat}: {card_text(card)} is not in this variant's shoe "
                    "(or more copies were given than it holds)."
                )
            available[card] -= 1
        result.append(sorted(ids))
    if sum(h.count(EMPEROR_CARD) for h in result) != 1:
        raise ValueError("Exactly one seat must hold the emperor card (BJ*).")
    if GUARD_CARD in cv.shoe.fixed and not any(GUARD_CARD in h for h in result):
        raise ValueError("This variant has a guard card: one seat must hold SJ*.")
    return result
