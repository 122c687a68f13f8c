"""Buying a card (买3, docs/rules.md §6.2): the phase between the deal and the bidding.

In play order from the first seat dealt, a player dealt none of ``deal.buy.rank`` buys one
from the player holding the most of it and hands over a card of ``deal.buy.pay_with`` (or,
where ``pay_with_also`` lists other ranks, of any of them). Most sales need nobody's
decision; a buyer who holds cards of two or more of the ranks he may pay with chooses which
one pays (``pay:<rank>``), and the sales after his wait for that answer, since the seller
then holds one card more. A marked card (BJ*, SJ*) never pays: the roles were drawn at the
deal. :class:`Buying` keeps the sales made so far and the buyer asked.
"""

from __future__ import annotations

from typing import Final

from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.cards import RANK_NAMES
from baohuang.engine.compiled import RANK_INDEX
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.table import Table, not_allowed

_MARKED: Final = (EMPEROR_CARD, GUARD_CARD)


def pay_action(rank: int) -> str:
    """The action that pays with a card of ``rank`` (``"pay:2"``, ``"pay:SJ"``)."""
    return A.PAY_PREFIX + RANK_NAMES[rank]


@mypyc_attr(serializable=True)
class Buying:
    """The sales of one deal: :meth:`start` and :meth:`apply` return the buyer to ask, or
    -1 when every sale is made and the bidding begins."""

    __slots__ = ("buyer", "offset", "options", "seller", "table")
    # Game.release() deletes it to break the cycle with the game (a search's copies).
    __deletable__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table
        self.offset = 5
        """The next seat to consider, counted from the first seat dealt (5: done)."""
        self.buyer = -1
        """The buyer asked which card pays (-1: nobody)."""
        self.seller = -1
        self.options: list[int] = []
        """The ranks the asked buyer may pay with, low to high."""

    def copy_for(self, table: Table) -> Buying:
        """A copy of this phase's state for ``table`` (a copy of its game: Game.clone)."""
        new = Buying(table)
        new.buyer = self.buyer
        new.offset = self.offset
        new.options = self.options[:]
        new.seller = self.seller
        return new

    # ------------------------------------------------------------------ the phase

    def start(self) -> int:
        """Make the sales of a fresh deal up to the first buyer who must choose."""
        self.table.buys = []
        return self.resume_from(0)

    def resume_from(self, offset: int) -> int:
        """Make the sales again from the buyer ``offset`` seats after the dealer, on the
        hands as they are now (a search's world dealt anew: :meth:`.Game.resume_buying`):
        the first buyer who must choose, or -1."""
        self.offset = offset
        self.buyer = -1
        return self._advance()

    def question(self) -> str:
        """What the buyer is asked: which card pays."""
        return "pay"

    def actions(self, seat: int) -> list[Action]:
        """One ``pay:<rank>`` per rank the buyer may pay with."""
        if seat != self.buyer:
            return []
        return [pay_action(r) for r in self.options]

    def reject(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is not a payment the buyer may make."""
        return not_allowed(action, seat, "buying", self.actions(seat))

    def default(self, seat: int) -> Action:
        """托管: pay with the lowest of the ranks (a 2 before a joker)."""
        return pay_action(self.options[0])

    def apply(self, seat: int, action: Action) -> int:
        """The buyer pays with the chosen rank; the sales go on."""
        self._sell(self.buyer, self.seller, RANK_INDEX[str(action)[len(A.PAY_PREFIX) :]])
        self.buyer = -1
        self.offset += 1
        return self._advance()

    # ------------------------------------------------------------------ the sales

    def _advance(self) -> int:
        table = self.table
        buy = table.cv.variant.deal.buy
        if buy is None:
            self.offset = 5
            return -1
        hands = table.hands
        want = RANK_INDEX[buy.rank]
        ranks = [RANK_INDEX[buy.pay_with]]
        ranks.extend(RANK_INDEX[r] for r in buy.pay_with_also if RANK_INDEX[r] not in ranks)
        while self.offset < 5:
            buyer = (table.dealer + self.offset) % 5
            seller = _seller(hands, buyer, want)
            if seller < 0:
                self.offset += 1
                continue
            held = {RANK_OF[c] for c in hands[buyer] if c not in _MARKED}
            options = sorted(r for r in ranks if r in held)
            if len(options) >= 2:
                self.buyer, self.seller, self.options = buyer, seller, options
                return buyer
            if options:
                self._sell(buyer, seller, options[0])
            elif buy.if_unable == "gift":
                self._sell(buyer, seller, -1)
            self.offset += 1
        for hand in hands:
            hand.sort()
        return -1

    def _sell(self, buyer: int, seller: int, pay: int) -> None:
        """``seller`` hands ``buyer`` a card of the rank bought; ``buyer`` pays a card of
        rank ``pay`` (-1: nothing, 送3)."""
        hands = self.table.hands
        want = RANK_INDEX[self.table.cv.variant.deal.buy.rank]  # type: ignore[union-attr]
        card = max(c for c in hands[seller] if RANK_OF[c] == want)
        paid: int | None = None
        if pay >= 0:
            paid = max(c for c in hands[buyer] if RANK_OF[c] == pay and c not in _MARKED)
            hands[buyer].remove(paid)
            hands[seller].append(paid)
        hands[seller].remove(card)
        hands[buyer].append(card)
        self.table.buys.append((buyer, seller, card, paid))


def _seller(hands: list[list[int]], buyer: int, want: int) -> int:
    """Who sells to ``buyer``: the player holding the most of the rank (nearest in play
    order on a tie), if he has one to spare; -1 if ``buyer`` has one or nobody can sell."""
    if any(RANK_OF[c] == want for c in hands[buyer]):
        return -1
    held, _, seller = max(
        (sum(1 for c in hands[s] if RANK_OF[c] == want), -((s - buyer) % 5), s)
        for s in range(5)
        if s != buyer
    )
    return seller if held >= 2 else -1
