"""Tribute for the next game (docs/rules.md §9): who gives whom how many cards, and which.

:func:`plan_tribute` reads the variant's tribute table for a finished game and returns a
:class:`TributePlan` (seats and counts). :func:`resolve_tribute` applies a plan to the next
game's hands: givers hand over their highest cards into a pool, takers pick the best card
left in their stated order. Cards are moved, never created or destroyed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from baohuang.engine.compiled import RANK_INDEX, CompiledVariant
from baohuang.engine.deck import EMPEROR_CARD, GUARD_CARD, RANK_OF
from baohuang.engine.frozen import Frozen
from baohuang.engine.scoring import GameResult, Outcome
from baohuang.rules.model import TributeRule, TributeWhen

_PLACES = ("first", "second", "third", "fourth", "fifth")
_TWO = 12
_MARKED: Final = (EMPEROR_CARD, GUARD_CARD)


class TributePlan(Frozen):
    """The tribute owed for the next game.

    `shut_in` transfers (闷贡) are paid first, straight from giver to receiver; then every
    giver of `givers` puts `count` cards into a pool and every taker of `takers`, in order,
    picks `count` of them.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ("shut_in", "givers", "takers", "rule")
    shut_in: Final[tuple[tuple[int, int, int], ...]]
    givers: Final[tuple[tuple[int, int], ...]]
    takers: Final[tuple[tuple[int, int], ...]]
    rule: Final[int | None]

    def __init__(
        self,
        shut_in: tuple[tuple[int, int, int], ...] = (),
        givers: tuple[tuple[int, int], ...] = (),
        takers: tuple[tuple[int, int], ...] = (),
        rule: int | None = None,
    ) -> None:
        self.shut_in = shut_in
        self.givers = givers
        self.takers = takers
        self.rule = rule

    @property
    def empty(self) -> bool:
        """True when nobody owes anything."""
        return not (self.shut_in or self.givers)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TributePlan:
        """Read the form written by :meth:`as_dict` (game records of a match)."""
        return cls(
            shut_in=tuple((int(x["from"]), int(x["to"]), int(x["count"])) for x in data["shut_in"]),
            givers=tuple((int(x["seat"]), int(x["count"])) for x in data["give"]),
            takers=tuple((int(x["seat"]), int(x["count"])) for x in data["take"]),
            rule=data.get("rule"),
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for the API and game records."""
        return {
            "rule": self.rule,
            "shut_in": [{"from": g, "to": r, "count": n} for g, r, n in self.shut_in],
            "give": [{"seat": s, "count": n} for s, n in self.givers],
            "take": [{"seat": s, "count": n} for s, n in self.takers],
        }


class TributeCard(Frozen):
    """One card moved by tribute."""

    FIELDS: ClassVar[tuple[str, ...]] = ("giver", "receiver", "card")
    giver: Final[int]
    receiver: Final[int]
    card: Final[int]

    def __init__(self, giver: int, receiver: int, card: int) -> None:
        self.giver = giver
        self.receiver = receiver
        self.card = card


def _matches(when: TributeWhen, result: GameResult, outcome: Outcome, guard_open: bool) -> bool:
    if when.solo == "none" and result.solo is not None:
        return False
    if when.solo == "any" and result.solo is None:
        return False
    if when.solo in ("open", "hidden") and result.solo != when.solo:
        return False
    if when.ranks is not None:
        if result.guard is None:
            return False
        pair = sorted((result.rank_of(result.emperor), result.rank_of(result.guard)))
        if pair != sorted(when.ranks):
            return False
    if when.outcome is not None and when.outcome != outcome:
        return False
    return when.guard is None or (when.guard == "open") == guard_open


def _seats(who: str, result: GameResult) -> list[int]:
    if who == "emperor":
        return [result.emperor]
    if who == "guard":
        return [] if result.guard is None else [result.guard]
    if who == "rebels":
        return [s for s in result.finish if result.side_of(s) == "rebels"]
    if who == "others":
        return [s for s in result.finish if s != result.emperor]
    return [result.finish[_PLACES.index(who)]]


def _expand(rule: TributeRule, result: GameResult, side: str) -> tuple[tuple[int, int], ...]:
    shares = rule.give if side == "give" else rule.take
    return tuple((seat, share.count) for share in shares for seat in _seats(share.who, result))


def plan_tribute(
    cv: CompiledVariant,
    result: GameResult,
    outcome: Outcome,
    *,
    guard_open: bool = False,
    shut_in: Sequence[int] = (),
    game_ender: int | None = None,
) -> TributePlan:
    """The tribute owed after a game: the first matching table row, plus shut-in tribute."""
    shut: list[tuple[int, int, int]] = []
    rule_cfg = cv.variant.tribute.shut_in
    if rule_cfg is not None and shut_in:
        receiver = result.finish[0] if rule_cfg.to == "first" or game_ender is None else game_ender
        shut = [(seat, receiver, rule_cfg.count) for seat in shut_in if seat != receiver]
    for index, rule in enumerate(cv.tribute_rules):
        if _matches(rule.when, result, outcome, guard_open):
            return TributePlan(
                tuple(shut), _expand(rule, result, "give"), _expand(rule, result, "take"), index
            )
    return TributePlan(tuple(shut))


def _card_key(cv: CompiledVariant) -> Callable[[int], tuple[int, bool, int]]:
    """Order for choosing a giver's card: by rank; among equal ranks an unmarked card
    before a marked one (BJ*, SJ*) unless the variant hands marked cards over."""
    marked_last = not cv.variant.tribute.hand_over_marked

    def key(card: int) -> tuple[int, bool, int]:
        return (RANK_OF[card], not (marked_last and card in _MARKED), card)

    return key


def _givable(cv: CompiledVariant, hand: list[int]) -> list[int]:
    """The cards of ``hand`` that may be given: all but the emperor card where it is kept."""
    if cv.variant.tribute.keeps_emperor_card:
        return [c for c in hand if c != EMPEROR_CARD]
    return hand


def _tribute_card(cv: CompiledVariant, hand: list[int]) -> int | None:
    """The card a giver hands over from ``hand`` (his givable cards, :func:`_givable`): the
    paid-in rank if held, else the highest (non-joker), or None where a giver without the
    paid-in rank gives nothing (没有2不进贡) or holds nothing he may give."""
    key = _card_key(cv)
    tribute = cv.variant.tribute
    if not hand:
        return None
    paid_in = tribute.paid_in
    if paid_in is not None:
        want = RANK_INDEX[paid_in]
        held = [c for c in hand if RANK_OF[c] == want]
        if held:
            return max(held, key=key)
        if tribute.without_paid_in == "nothing":
            return None
    if cv.variant.tribute.card == "highest_non_joker":
        plain = [c for c in hand if RANK_OF[c] <= _TWO]
        if plain:
            return max(plain, key=key)
    return max(hand, key=key)


def resolve_tribute(
    cv: CompiledVariant, plan: TributePlan, hands: list[list[int]]
) -> list[TributeCard]:
    """Apply a plan to the hands in place; returns every card moved, in order.

    A giver with no cards left gives nothing; a taker then simply finds the pool shorter.
    """
    moved: list[TributeCard] = []
    shut_in_rule = cv.variant.tribute.shut_in
    as_tribute = shut_in_rule is not None and shut_in_rule.card == "as_tribute"
    for giver, receiver, count in plan.shut_in:
        for _ in range(count):
            if not hands[giver]:
                break
            hand = _givable(cv, hands[giver])
            if not hand:
                break
            card = _tribute_card(cv, hand) if as_tribute else max(hand, key=_card_key(cv))
            if card is None:
                break
            hands[giver].remove(card)
            hands[receiver].append(card)
            moved.append(TributeCard(giver, receiver, card))
    pool: list[tuple[int, int]] = []
    for giver, count in plan.givers:
        for _ in range(count):
            if not hands[giver]:
                break
            given = _tribute_card(cv, _givable(cv, hands[giver]))
            if given is None:
                break
            hands[giver].remove(given)
            pool.append((given, giver))
    in_order = cv.variant.tribute.handed == "in_order"
    for taker, count in plan.takers:
        for _ in range(count):
            if not pool:
                break
            best = (
                0
                if in_order
                else max(range(len(pool)), key=lambda i: (RANK_OF[pool[i][0]], pool[i][0]))
            )
            card, giver = pool.pop(best)
            hands[taker].append(card)
            moved.append(TributeCard(giver, taker, card))
    for giver_card, giver in pool:  # takers asked for fewer than were given: return them
        hands[giver].append(giver_card)
    for hand in hands:
        hand.sort()
    return moved
