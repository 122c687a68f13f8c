"""Dealing: the shuffle (or chosen hands), buying a card (买3) and paying the tribute owed.

Everything before the first bid. A redeal runs it again from the same random stream: the
cards are bought afresh and the tribute owed from the previous game is paid again.
"""

from __future__ import annotations

from collections.abc import Sequence

from baohuang.engine.compiled import RANK_INDEX, CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF, card_from_text, card_text, deal
from baohuang.engine.table import Table
from baohuang.engine.tribute import TributePlan, resolve_tribute


def deal_table(table: Table, tribute: TributePlan | None, rigged: list[list[int]] | None) -> None:
    """Deal the hands (or take `rigged`), sell cards, and pay `tribute` (kept as the plan)."""
    cv = table.cv
    table.hands = rigged if rigged is not None else deal(cv.shoe, table.rng, table.dealer)
    table.buys = buy_cards(cv, table.hands, table.dealer)
    table.tribute_paid = []
    if tribute is not None and not tribute.empty:
        table.tribute_plan = tribute
        table.tribute_paid = resolve_tribute(cv, tribute, table.hands)


def buy_cards(
    cv: CompiledVariant, hands: list[list[int]], dealer: int
) -> list[tuple[int, int, int, int | None]]:
    """买3: in play order from the first seat dealt, a player without the rank buys one.

    Moves the cards in `hands` and returns the sales as (buyer, seller, card, paid).
    """
    buys: list[tuple[int, int, int, int | None]] = []
    buy = cv.variant.deal.buy
    if buy is None:
        return buys
    want, pay = RANK_INDEX[buy.rank], RANK_INDEX[buy.pay_with]
    for offset in range(5):
        buyer = (dealer + offset) % 5
        if any(RANK_OF[c] == want for c in hands[buyer]):
            continue
        sellers = [
            (sum(1 for c in hands[s] if RANK_OF[c] == want), -((s - buyer) % 5), s)
            for s in range(5)
            if s != buyer
        ]
        held, _, seller = max(sellers)
        if held < 2:
            continue  # nobody can spare one
        card = max(c for c in hands[seller] if RANK_OF[c] == want)
        payment = [c for c in hands[buyer] if RANK_OF[c] == pay]
        paid: int | None = None
        if payment:
            payment_card = max(payment)
            hands[buyer].remove(payment_card)
            hands[seller].append(payment_card)
            paid = payment_card
        elif buy.if_unable == "gift":
            paid = None
        else:
            continue
        hands[seller].remove(card)
        hands[buyer].append(card)
        buys.append((buyer, seller, card, paid))
    for hand in hands:
        hand.sort()
    return buys


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
