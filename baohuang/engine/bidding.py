"""Bidding (docs/rules.md §4): who becomes emperor, by grabbing a solo or being offered the throne.

The variant's `bidding.flow` is a list of steps run in order: grab-solo rounds (抢独),
offer-the-throne rounds (让位, with tips 贴牌 and forced ascents) and the step that ends a
bidding without an emperor: a redeal, a forfeit (弃皇者负) or a void deal (本局作废). The
bidding ends in a crowning (the emperor, his guard or solo are set on the table) or in that
step (:meth:`BiddingPhase.ending`; a redeal when the flow runs out). :class:`BiddingPhase` keeps the
state of one deal's bidding.
"""

from __future__ import annotations

from collections.abc import Sequence

from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.cards import SJ, TWO
from baohuang.engine.compiled import RANK_INDEX
from baohuang.engine.deck import (
    BIG_JOKER,
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_OF,
    SMALL_JOKER,
    card_from_text,
    card_text,
)
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.table import Table, downstream, not_allowed, upstream
from baohuang.rules.model import (
    CalledGuard,
    ForfeitStep,
    GrabSoloStep,
    OfferThroneStep,
    RedealStep,
    VoidStep,
)

Step = GrabSoloStep | OfferThroneStep | RedealStep | ForfeitStep | VoidStep
"""One step of a variant's bidding flow."""


@mypyc_attr(serializable=True)
class BiddingPhase:
    """The bidding of one deal: the current step, the emperor card's holder, the tips.

    :meth:`start` and :meth:`apply` return the next seat to act, or -1 when the bidding
    is over: then ``crowned`` says whether someone ascended (else :meth:`ending` says
    how the deal ends).
    """

    __slots__ = (
        "crowned",
        "decisions_in_step",
        "first_abdicator",
        "first_holder",
        "grab_queue",
        "holder",
        "must_ascend",
        "skipped_from",
        "step_index",
        "table",
        "tips",
        "total_passes",
    )
    # Game.release() deletes it to break the cycle with the game (a search's copies).
    __deletable__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table
        self.step_index = -1
        self.holder = 0
        """Who holds the emperor card (BJ*) now."""
        self.first_holder = 0
        """Who was dealt (or bought) the emperor card."""
        self.decisions_in_step = 0
        self.total_passes = 0
        self.tips: list[int] = []
        """Cards tipped (贴牌) so far, travelling with the emperor card."""
        self.must_ascend = False
        self.grab_queue: list[int] = []
        self.crowned = False
        self.first_abdicator = -1
        """Who first gave up the throne in this deal (-1: nobody yet): a forfeit's loser."""
        self.skipped_from = -1
        """Who passed the card two seats on to a receiver who may decline (-1: nobody):
        the card never comes back to him, and no later receiver is forced."""

    def copy_for(self, table: Table) -> BiddingPhase:
        """A copy of this phase's state for ``table`` (a copy of its game: Game.clone)."""
        new = BiddingPhase(table)
        new.crowned = self.crowned
        new.decisions_in_step = self.decisions_in_step
        new.first_abdicator = self.first_abdicator
        new.first_holder = self.first_holder
        new.grab_queue = self.grab_queue[:]
        new.holder = self.holder
        new.must_ascend = self.must_ascend
        new.skipped_from = self.skipped_from
        new.step_index = self.step_index
        new.tips = self.tips[:]
        new.total_passes = self.total_passes
        return new

    # ------------------------------------------------------------------ the phase

    def start(self) -> int:
        """Begin the bidding of a fresh deal; the first seat to act, or -1 (redeal)."""
        self.tips = []
        self.must_ascend = False
        self.total_passes = 0
        self.crowned = False
        self.first_abdicator = -1
        self.skipped_from = -1
        self.holder = self.table.seat_of(EMPEROR_CARD)
        self.first_holder = self.holder
        self.step_index = -1
        return self._next_step()

    def step(self) -> Step:
        """The current step of the flow."""
        return self.table.cv.variant.bidding.flow[self.step_index]

    def ending(self) -> str:
        """How a bidding that crowned nobody ends: 'redeal', 'forfeit' or 'void'."""
        flow = self.table.cv.variant.bidding.flow
        if 0 <= self.step_index < len(flow):
            step = flow[self.step_index]
            if isinstance(step, ForfeitStep):
                return "forfeit"
            if isinstance(step, VoidStep):
                return "void"
        return "redeal"

    def question(self) -> str:
        """What the seat to act is asked: 'grab' or 'offer'."""
        return "grab" if isinstance(self.step(), GrabSoloStep) else "offer"

    def actions(self, seat: int) -> list[Action]:
        """What `seat` (the one to act) may do now."""
        step = self.step()
        if isinstance(step, GrabSoloStep):
            if step.requires == "four_identical" and not self._has_four_identical(seat):
                return [A.NO_GRAB]
            return [A.GRAB, A.NO_GRAB]
        if not isinstance(step, OfferThroneStep):
            raise TypeError(f"Unknown bidding step {type(step).__name__}.")
        options, with_guard = self._ascend_options(seat)
        can_abdicate = not self.must_ascend
        forced = (
            step.forced
            and (step.forces == "everyone" or self.decisions_in_step == 0)
            and self.skipped_from < 0  # receivers of a declinable pass two seats on
        )
        if forced and can_abdicate:
            only_own = bool(options) and not with_guard
            exempt = (only_own and step.forced_exempt_own_guard) or (
                step.forced_exempt_four_identical and self._has_four_identical(seat)
            )
            real = [o for o in options if o != A.DECLARE_SOLO]
            can_abdicate = not real or exempt
        if can_abdicate:
            options.append(A.ABDICATE)
            if step.when_holding_both == "choice" and self._holds_both(seat):
                options.append(A.ABDICATE_SKIP)
        return options

    def reject(self, seat: int, action: Action) -> str | None:
        """Why `action` is not allowed for `seat` now, or None."""
        return not_allowed(action, seat, "bidding", self.actions(seat))

    def default(self, seat: int) -> Action:
        """托管 (docs/rules.md §7): decline the throne (by the ordinary pass), do not grab."""
        legal = self.actions(seat)
        for preferred in (A.ABDICATE, A.NO_GRAB):
            if preferred in legal:
                return preferred
        return legal[0]

    def apply(self, seat: int, action: Action) -> int:
        """Take a legal action of `seat`; the next seat to act, or -1 when bidding is over."""
        step = self.step()
        if isinstance(step, GrabSoloStep):
            if action == A.GRAB:
                self._grab(seat, step)
                return -1
            self.grab_queue.pop(0)
            if self.grab_queue:
                return self.grab_queue[0]
            return self._next_step()
        if not isinstance(step, OfferThroneStep):
            raise TypeError(f"Unknown bidding step {type(step).__name__}.")
        if action == A.ABDICATE:
            return self._abdicate(seat, step, step.when_holding_both == "skip_one")
        if action == A.ABDICATE_SKIP:
            return self._abdicate(seat, step, True)
        t = self.table
        self._crown(seat)
        if action == A.DECLARE_SOLO:
            t.solo = "open"
            t.guard = None
            return -1
        if isinstance(action, str) and action.startswith(A.CALL_PREFIX):
            card = card_from_text(action[len(A.CALL_PREFIX) :])
            t.called_card = card
            others = [s for s in range(5) if s != seat and card in t.hands[s]]
            if others:
                # Copies split between several players: the nearest downstream guards.
                t.guard = min(others, key=lambda s: (s - seat) % 5)
            else:
                t.guard = seat
        else:
            # Marks are only made void by a grab, which ends the bidding: the card counts here.
            t.guard = t.seat_of(GUARD_CARD)
        if t.guard == seat:
            t.guard = None
            t.solo = "hidden" if t.cv.variant.bidding.solo.hidden_allowed else "open"
        return -1

    # ------------------------------------------------------------------ steps

    def _next_step(self) -> int:
        self.step_index += 1
        flow = self.table.cv.variant.bidding.flow
        if self.step_index >= len(flow):
            return -1
        step = flow[self.step_index]
        self.decisions_in_step = 0
        if isinstance(step, GrabSoloStep):
            turn = upstream if step.priority == "emperor_then_upstream" else downstream
            queue = [self.holder]
            for _ in range(4):
                queue.append(turn(queue[-1]))
            self.grab_queue = queue
            return queue[0]
        if isinstance(step, OfferThroneStep):
            return self.holder
        return -1

    def _ascend_options(self, seat: int) -> tuple[list[Action], bool]:
        """The ways `seat` may ascend, and whether any of them needs a guard (not solo)."""
        t = self.table
        hand = t.hands[seat]
        guard_rule = t.cv.variant.bidding.guard
        options: list[Action] = []
        with_guard = False
        if isinstance(guard_rule, CalledGuard):
            callable_ranks = {RANK_INDEX[r] for r in guard_rule.callable_ranks}
            held: dict[int, int] = {}
            for c in hand:
                if c < 52 and RANK_OF[c] in callable_ranks:
                    held[c] = held.get(c, 0) + 1
            cards = [c for c, n in held.items() if n >= guard_rule.min_identical]
            if guard_rule.choice == "highest" and cards:
                top = max(RANK_OF[c] for c in cards)
                own = guard_rule.own_cards_callable
                cards = [
                    c
                    for c in cards
                    if RANK_OF[c] == top
                    or (own and held[c] == sum(h.count(c) for h in t.hands))  # 暗独保
                ]
            for c in sorted(cards, reverse=True):
                options.append(A.CALL_PREFIX + card_text(c))
                if held[c] < sum(h.count(c) for h in t.hands):
                    with_guard = True
        else:
            options.append(A.ASCEND)
            with_guard = GUARD_CARD not in hand or t.marks_void
        solo = t.cv.variant.bidding.solo
        if solo.declared and (
            solo.declared_requires == "nothing" or self._has_four_identical(seat)
        ):
            options.append(A.DECLARE_SOLO)
        return options, with_guard

    def _holds_both(self, seat: int) -> bool:
        """Whether `seat`, holding the emperor card, also holds the guard card."""
        return GUARD_CARD in self.table.hands[seat]

    def _has_four_identical(self, seat: int) -> bool:
        held: dict[int, int] = {}
        for c in self.table.hands[seat]:
            if c < 52:
                held[c] = held.get(c, 0) + 1
        return any(n >= 4 for n in held.values())

    def _grab(self, seat: int, step: GrabSoloStep) -> None:
        t = self.table
        hands = t.hands
        if step.takes_emperor_card and self.holder != seat:
            hands[self.holder].remove(EMPEROR_CARD)
            hands[seat].append(EMPEROR_CARD)
            hands[seat].sort()
        self.holder = seat
        if step.marks_void:
            t.marks_void = True
            for hand in hands:
                for i, c in enumerate(hand):
                    if c == EMPEROR_CARD:
                        hand[i] = BIG_JOKER
                    elif c == GUARD_CARD:
                        hand[i] = SMALL_JOKER
                hand.sort()
        t.emperor = seat
        t.grabbed = True
        t.solo = "open"
        t.guard = None
        t.events.append("grabbed_solo")
        self.crowned = True

    def _crown(self, seat: int) -> None:
        t = self.table
        t.emperor = seat
        t.hands[seat].extend(self.tips)
        t.hands[seat].sort()
        self.tips = []
        self.crowned = True

    def _abdicate(self, seat: int, step: OfferThroneStep, skip: bool) -> int:
        """Give up the throne: the ordinary pass, or (`skip`, if he still holds the guard
        card after tipping) two seats on, every role known."""
        t = self.table
        if self.first_abdicator < 0:
            self.first_abdicator = seat
        self.total_passes += 1
        t.abdications += 1
        hand = t.hands[seat]
        if step.tip != "none" and self.total_passes >= step.tip_from_pass:
            for _ in range(step.tip_count):
                tip = tip_card(hand, step.tip)
                if tip is None:
                    break
                hand.remove(tip)
                self.tips.append(tip)
        turn = upstream if step.pass_to == "upstream" else downstream  # noqa: S105 (a direction ("upstream"), not a password)
        if skip and GUARD_CARD in hand:
            if step.skip_one_to != "pass_direction":
                turn = upstream if step.skip_one_to == "upstream" else downstream
            receiver = turn(turn(seat))
            if step.skip_one_receiver == "may_decline":
                self.skipped_from = seat
            else:
                self.must_ascend = True
            t.guard_public = True
            t.guard_open = True
            t.events.append("guard_known")
        else:
            receiver = seat
            for _ in range(step.pass_seats):
                receiver = turn(receiver)
            if receiver == self.skipped_from:
                receiver = turn(receiver)  # never back to the one who passed it two seats on
        hand.remove(EMPEROR_CARD)
        t.hands[receiver].append(EMPEROR_CARD)
        t.hands[receiver].sort()
        self.holder = receiver
        self.decisions_in_step += 1
        if not self.must_ascend and self.decisions_in_step >= 5 * step.rounds:
            return self._next_step()
        return receiver


def tip_card(hand: Sequence[int], kind: str) -> int | None:
    """The card a decliner adds to the tips (贴牌); never the emperor card he passes on."""
    cards = [c for c in hand if c != EMPEROR_CARD]
    if not cards:
        return None
    if kind in ("two_or_highest", "two_or_nothing"):
        twos = [c for c in cards if RANK_OF[c] == TWO]
        if twos:
            return max(twos)
        if kind == "two_or_nothing":
            return None
        plain = [c for c in cards if RANK_OF[c] < SJ]
        return _highest(plain or cards)
    if kind == "highest_non_joker":
        plain = [c for c in cards if RANK_OF[c] < SJ]
        return _highest(plain) if plain else None
    return _highest(cards)


def _highest(cards: list[int]) -> int:
    """The highest card of ``cards`` by rank, then by card number (the first of equals):
    ``max(cards, key=lambda c: (RANK_OF[c], c))`` as a compiled loop (a search's worlds
    replay the bidding, and a key function is a Python call per card)."""
    best = cards[0]
    best_rank = RANK_OF[best]
    for c in cards:
        r = RANK_OF[c]
        if r > best_rank or (r == best_rank and c > best):
            best, best_rank = c, r
    return best
