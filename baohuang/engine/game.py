"""The whole game of 保皇 as a state machine, driven only by the compiled variant.

Phases: deal (with buying a card) → tribute → bidding → declarations → play → finished.
``legal_actions()`` lists what the player to act may do; ``apply(action)`` validates it and
advances, or raises :class:`IllegalAction` with a reason and changes nothing;
``observe(seat)`` is what one seat may know. Randomness comes only from the seed.

Seats 0–4; play goes clockwise, to seat + 1 (the 下家, downstream); seat − 1 is the
上家 (upstream).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Literal, NamedTuple

from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action
from baohuang.engine.beats import beats_fast
from baohuang.engine.cards import BJ, SJ, TOP, TWO
from baohuang.engine.compiled import RANK_INDEX, CompiledVariant
from baohuang.engine.deck import (
    BIG_JOKER,
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_OF,
    SMALL_JOKER,
    card_from_text,
    card_text,
    deal,
)
from baohuang.engine.deck_limits import deck_reason
from baohuang.engine.follows import legal_follows
from baohuang.engine.plays import Play, is_legal_fast
from baohuang.engine.reasons import Reason, joined, not_allowed_now, reason
from baohuang.engine.scoring import GameResult, Score, make_result, score
from baohuang.engine.tribute import TributeCard, TributePlan, plan_tribute, resolve_tribute
from baohuang.rules.model import CalledGuard, GrabSoloStep, OfferThroneStep, RedealStep

Phase = Literal["bidding", "declarations", "play", "finished"]

#: Redeals after which a game is abandoned unscored (a safety net; never reached in
#: practice with the bundled variants).
MAX_REDEALS = 50


class IllegalAction(ValueError):
    """An action that is not allowed now; the message says why. The state is unchanged."""


def downstream(seat: int) -> int:
    """The 下家: the seat that plays right after `seat`."""
    return (seat + 1) % 5


def upstream(seat: int) -> int:
    """The 上家: the seat that plays right before `seat`."""
    return (seat - 1) % 5


@dataclass(slots=True)
class Outcome:
    """How a finished game ended: scores, tribute owed, and what happened."""

    finish: tuple[int, ...]
    score: Score | None
    tribute: TributePlan
    shut_in: tuple[int, ...]
    unscored_reason: Reason | None = None


class SeatView(NamedTuple):
    """What one seat knows when it must act: the input of a policy (bots).

    Built from :meth:`Game.view`; holds only information that seat may have. Ranks are
    ints (see :mod:`baohuang.engine.cards`); `counts` is the seat's hand by rank (16).
    """

    seat: int
    phase: Phase
    question: str
    """What is asked: grab, offer, solo, guard, rebel, royal_kick, rebel_kick, lead, follow."""
    hand: tuple[int, ...]
    """Physical card ids (see :mod:`baohuang.engine.deck`) before play; () during play."""
    counts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    emperor: int | None
    known_partner: int | None
    """A teammate this seat knows for sure (the guard knows the emperor; anyone knows an
    open guard's side), or None."""
    i_am_guard: bool
    public_guard: int | None
    solo: Literal["open", "hidden"] | None
    trick: tuple[int, ...] | None
    trick_owner: int | None
    finish: tuple[int, ...]
    played: tuple[int, ...]
    rebels_declared: tuple[int, ...]
    events: tuple[str, ...]
    hold_back: tuple[int, ...]
    """Held-back ranks of the variant (public rules)."""
    tips: int = 0
    """Cards tipped (贴牌) so far, travelling with the emperor card."""
    passes: int = 0
    """Passes since the last play of the current trick."""


@dataclass(slots=True)
class _Question:
    """A pending declaration: who is asked and what."""

    seat: int
    kind: Literal["solo", "guard", "rebel", "royal_kick", "rebel_kick"]


@dataclass
class Game:
    """One game of a variant from a seed. Build with :meth:`new`."""

    cv: CompiledVariant
    seed: int
    dealer: int
    rng: random.Random
    hands: list[list[int]]
    phase: Phase = "bidding"
    to_act: int = 0
    history: list[Action] = field(default_factory=list)
    # bidding
    step_index: int = -1
    holder: int = 0
    first_holder: int = 0
    decisions_in_step: int = 0
    total_passes: int = 0
    tips: list[int] = field(default_factory=list)
    must_ascend: bool = False
    grab_queue: list[int] = field(default_factory=list)
    redeals: int = 0
    abdications: int = 0
    # roles
    emperor: int = -1
    guard: int | None = None
    solo: Literal["open", "hidden"] | None = None
    called_card: int | None = None
    guard_public: bool = False
    guard_open: bool = False
    grabbed: bool = False
    marks_void: bool = False
    events: list[str] = field(default_factory=list)
    questions: list[_Question] = field(default_factory=list)
    decl_stage: int = 0
    rebels_declared: list[int] = field(default_factory=list)
    kickers: list[int] = field(default_factory=list)
    simultaneous: bool = False
    """The guard's (or hidden solo's) choice and the rebels' are being made together."""
    pending_reveal: bool = False
    """In a simultaneous round: the guard (or solo emperor) chose open; shown at its end."""
    # play
    counts: list[list[int]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    dealt_ranks: list[frozenset[int]] = field(default_factory=list)
    trick: tuple[int, ...] | None = None
    trick_play: Play | None = None
    trick_owner: int = -1
    passes: int = 0
    deferred: list[int] = field(default_factory=list)
    second_circle: list[int] = field(default_factory=list)
    deferred_this_trick: set[int] = field(default_factory=set)
    wind_applicant: int | None = None
    wind_from: int | None = None
    out: list[bool] = field(default_factory=lambda: [False] * 5)
    finish: list[int] = field(default_factory=list)
    plays: int = 0
    uneven_beats: int = 0
    """Beats with a different number of cards: roasting (烤牌) or a special beat (3×2 > BJ)."""
    tricks: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    played_counts: list[int] = field(default_factory=lambda: [0] * 16)
    auto_spells: list[int] = field(default_factory=lambda: [0] * 5)
    """Spells of automatic play per seat (a spell lasts until the seat acts itself)."""
    auto_turns: list[int] = field(default_factory=lambda: [0] * 5)
    """Turns played automatically per seat."""
    in_spell: list[bool] = field(default_factory=lambda: [False] * 5)
    buys: list[tuple[int, int, int, int | None]] = field(default_factory=list)
    tribute_paid: list[TributeCard] = field(default_factory=list)
    tribute_plan: TributePlan | None = None
    outcome: Outcome | None = None
    _legal_cache: list[Action] | None = field(default=None, repr=False, compare=False)
    _lock_after: int = field(default=3, repr=False, compare=False)
    _lock_counts: list[int] = field(default_factory=list, repr=False, compare=False)
    _hold_back_tuple: tuple[int, ...] = field(default=(), repr=False, compare=False)

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        cv: CompiledVariant,
        seed: int,
        dealer: int | None = None,
        tribute: TributePlan | None = None,
        hands: Sequence[Sequence[int | str]] | None = None,
    ) -> Game:
        """Deal a new game; apply the tribute owed from the previous game, if any.

        `hands` replaces the shuffle with chosen cards (card ids or notation such as
        ``"4s"``, ``"BJ*"``), one list per seat: for rule tests and worked examples. Every
        card must come from the variant's shoe (no more copies than it holds) and one seat
        must hold the emperor card. Everything after the deal (buying a card, tribute,
        bidding) runs as in a shuffled game; a redeal shuffles the shoe from the seed.
        """
        first = cv.variant.deal.first_dealer if dealer is None else dealer
        rng = random.Random(seed)
        game = cls(cv=cv, seed=seed, dealer=first, rng=rng, hands=[])
        automatic = cv.variant.play.automatic
        game._lock_after = automatic.lock_after
        game._lock_counts = game.auto_spells if automatic.counted == "spells" else game.auto_turns
        game._hold_back_tuple = tuple(h.rank for h in cv.hold_back)
        game._deal(tribute, None if hands is None else _rigged_hands(cv, hands))
        return game

    def _deal(self, tribute: TributePlan | None, rigged: list[list[int]] | None = None) -> None:
        self.hands = rigged if rigged is not None else deal(self.cv.shoe, self.rng, self.dealer)
        self._buy_cards()
        if tribute is not None and not tribute.empty:
            self.tribute_plan = tribute
            self.tribute_paid = resolve_tribute(self.cv, tribute, self.hands)
        self.holder = self._seat_of(EMPEROR_CARD)
        self.first_holder = self.holder
        self.step_index = -1
        self._next_step()

    def _seat_of(self, card: int) -> int:
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        raise RuntimeError(f"card {card_text(card)} is in no hand")

    def _buy_cards(self) -> None:
        """买3: in play order from the first seat dealt, a player without the rank buys one."""
        buy = self.cv.variant.deal.buy
        if buy is None:
            return
        want, pay = RANK_INDEX[buy.rank], RANK_INDEX[buy.pay_with]
        for offset in range(5):
            buyer = (self.dealer + offset) % 5
            if any(RANK_OF[c] == want for c in self.hands[buyer]):
                continue
            sellers = [
                (sum(1 for c in self.hands[s] if RANK_OF[c] == want), -((s - buyer) % 5), s)
                for s in range(5)
                if s != buyer
            ]
            held, _, seller = max(sellers)
            if held < 2:
                continue  # nobody can spare one
            card = max(c for c in self.hands[seller] if RANK_OF[c] == want)
            payment = [c for c in self.hands[buyer] if RANK_OF[c] == pay]
            paid: int | None = None
            if payment:
                payment_card = max(payment)
                self.hands[buyer].remove(payment_card)
                self.hands[seller].append(payment_card)
                paid = payment_card
            elif buy.if_unable == "gift":
                paid = None
            else:
                continue
            self.hands[seller].remove(card)
            self.hands[buyer].append(card)
            self.buys.append((buyer, seller, card, paid))
        for hand in self.hands:
            hand.sort()

    # ------------------------------------------------------------------ public API

    @property
    def finished(self) -> bool:
        """True once the game has ended (scored or not)."""
        return self.phase == "finished"

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (empty when finished)."""
        if self.phase == "finished":
            return []
        if self.locked(self.to_act):
            found = [self._default_action()]
        else:
            found = self._legal_now()
            found.append(A.AUTO)
        self._legal_cache = found
        return list(found)

    def apply(self, action: Action) -> None:
        """Take an action for the player to act; IllegalAction (state unchanged) if not allowed."""
        if self.phase == "finished":
            raise IllegalAction(reason("game_over"))
        cache = self._legal_cache
        self._legal_cache = None
        if action != A.AUTO and cache is not None and not self.locked(self.to_act):
            # Fast path: the action comes from the list legal_actions() just returned.
            for legal in cache:
                if legal is action or legal == action:
                    self.in_spell[self.to_act] = False
                    self.history.append(action)
                    self._dispatch(action)
                    return
        if action == A.AUTO or self.locked(self.to_act):
            if action not in (A.AUTO, self._default_action()):
                raise IllegalAction(reason("automatic_only_default", seat=self.to_act))
            seat = self.to_act
            if not self.in_spell[seat]:
                self.in_spell[seat] = True
                self.auto_spells[seat] += 1
            self.auto_turns[seat] += 1
            chosen = self._default_action()
            self.history.append(action)
            self._dispatch(chosen)
            return
        if isinstance(action, tuple) and any(a < b for a, b in pairwise(action)):
            action = tuple(sorted(action, reverse=True))
        refused = self._reject(action)
        if refused is not None:
            raise IllegalAction(refused)
        self.in_spell[self.to_act] = False
        self.history.append(action)
        self._dispatch(action)

    def observe(self, seat: int) -> dict[str, Any]:
        """What `seat` may know: its own cards, public roles and plays, never hidden ones."""
        me_guard = self.guard == seat and self.guard != self.emperor
        public_guard = self.guard if (self.guard_public or self.phase == "finished") else None
        hand: list[str]
        if self.phase == "play" or (self.phase == "finished" and self.counts):
            hand = [_rank_text(r) for r in range(15, -1, -1) for _ in range(self.counts[seat][r])]
        else:
            hand = [card_text(c) for c in sorted(self.hands[seat], reverse=True)]
        return {
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act if self.phase != "finished" else None,
            "dealer": self.dealer,
            "hand": hand,
            "hand_sizes": self.hand_sizes(),
            "emperor": self.emperor if self.emperor >= 0 else None,
            "emperor_card_holder": self.holder if self.phase == "bidding" else None,
            "called_card": card_text(self.called_card) if self.called_card is not None else None,
            "guard": public_guard,
            "i_am_guard": me_guard,
            "solo": self.solo if (self.solo == "open" or self.guard_public) else None,
            "rebels_declared": list(self.rebels_declared),
            "events": self.public_events(),
            "tips": len(self.tips),
            "trick": _ranks_text(self.trick) if self.trick is not None else None,
            "trick_owner": self.trick_owner if self.trick is not None else None,
            "finish": list(self.finish),
            "played": {_rank_text(r): n for r, n in enumerate(self.played_counts) if n},
        }

    def view(self, seat: int) -> SeatView:
        """The policy input for `seat` (cheap to build; nothing hidden leaks)."""
        phase = self.phase
        emperor = self.emperor if self.emperor >= 0 else None
        public_guard = self.guard if self.guard_public else None
        i_am_guard = self.guard == seat and emperor is not None and seat != emperor
        known: int | None = None
        if i_am_guard:
            known = emperor
        elif seat == emperor and public_guard is not None:
            known = public_guard
        if self.counts:
            hand: tuple[int, ...] = ()
            counts = tuple(self.counts[seat])
            sizes = tuple(self.sizes)
        else:
            hand = tuple(self.hands[seat])
            row = [0] * 16
            for c in hand:
                row[RANK_OF[c]] += 1
            counts = tuple(row)
            sizes = tuple(len(h) for h in self.hands)
        if phase == "play":
            question = "lead" if self.trick is None else "follow"
        elif phase == "bidding":
            question = "grab" if isinstance(self._step(), GrabSoloStep) else "offer"
        elif phase == "declarations":
            question = self.questions[0].kind if self.questions else ""
        else:
            question = ""
        solo = self.solo
        if not (solo == "open" or self.guard_public or seat == emperor):
            solo = None
        return SeatView(
            seat,
            phase,
            question,
            hand,
            counts,
            sizes,
            emperor,
            known,
            i_am_guard,
            public_guard,
            solo,
            self.trick,
            self.trick_owner if self.trick is not None else None,
            tuple(self.finish),
            tuple(self.played_counts),
            tuple(self.rebels_declared),
            tuple(self.events),
            self._hold_back_tuple,
            len(self.tips),
            self.passes,
        )

    def hand_sizes(self) -> list[int]:
        """Cards left in each seat's hand."""
        if self.counts:
            return list(self.sizes)
        return [len(h) for h in self.hands]

    def public_events(self) -> list[str]:
        """Events every seat knows about."""
        return list(self.events)

    # ------------------------------------------------------------------ dispatch

    def _legal_now(self) -> list[Action]:
        if self.phase == "bidding":
            return self._bidding_actions()
        if self.phase == "declarations":
            return self._declaration_actions()
        return self._play_actions()

    def _reject(self, action: Action) -> str | None:
        if self.phase == "play":
            return self._reject_play(action)
        if action in self._legal_now():
            return None
        return not_allowed_now(
            format_action(action), self.to_act, self.phase, map(format_action, self._legal_now())
        )

    def _dispatch(self, action: Action) -> None:
        if self.phase == "bidding":
            self._apply_bidding(action)
        elif self.phase == "declarations":
            self._apply_declaration(action)
        else:
            self._apply_play(action)

    def locked(self, seat: int) -> bool:
        """Whether `seat` is locked on automatic play (托管超过N次: only its default move)."""
        return self._lock_counts[seat] > self._lock_after

    def _default_action(self) -> Action:
        """托管: the answer the system gives for a seat (RULES.md §7)."""
        legal = self._legal_now()
        if self.phase == "play":
            if self.trick is None:
                return min(legal, key=lambda a: (len(a), a))
            return A.PASS
        for preferred in (
            A.ABDICATE,
            A.NO_GRAB,
            A.HIDDEN_GUARD,
            A.HIDDEN_SOLO,
            A.NO_REBEL,
            A.NO_KICK,
        ):
            if preferred in legal:
                return preferred
        return legal[0]

    # ------------------------------------------------------------------ bidding

    def _step(self) -> GrabSoloStep | OfferThroneStep | RedealStep:
        return self.cv.variant.bidding.flow[self.step_index]

    def _next_step(self) -> None:
        self.step_index += 1
        flow = self.cv.variant.bidding.flow
        if self.step_index >= len(flow):
            self._redeal()
            return
        step = flow[self.step_index]
        self.decisions_in_step = 0
        if isinstance(step, GrabSoloStep):
            turn = upstream if step.priority == "emperor_then_upstream" else downstream
            queue = [self.holder]
            for _ in range(4):
                queue.append(turn(queue[-1]))
            self.grab_queue = queue
            self.to_act = queue[0]
        elif isinstance(step, OfferThroneStep):
            self.to_act = self.holder
        else:
            self._redeal()

    def _redeal(self) -> None:
        self.redeals += 1
        if self.redeals > MAX_REDEALS:
            self._finish_unscored(reason("unscored_no_ascent"))
            return
        self.tips = []
        self.must_ascend = False
        self.total_passes = 0
        # The new deal is the same game: its cards are bought afresh, and the tribute owed
        # from the previous game is still owed, so it is paid again from the new hands.
        self.buys = []
        self.tribute_paid = []
        self._deal(self.tribute_plan)

    def _ascend_options(self, seat: int) -> tuple[list[Action], bool]:
        """The ways `seat` may ascend, and whether any of them needs a guard (not solo)."""
        hand = self.hands[seat]
        guard_rule = self.cv.variant.bidding.guard
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
                cards = [c for c in cards if RANK_OF[c] == top]
            for c in sorted(cards, reverse=True):
                options.append(A.CALL_PREFIX + card_text(c))
                if held[c] < self._copies(c):
                    with_guard = True
        else:
            options.append(A.ASCEND)
            with_guard = GUARD_CARD not in hand or self.marks_void
        solo = self.cv.variant.bidding.solo
        if solo.declared and (
            solo.declared_requires == "nothing" or self._has_four_identical(seat)
        ):
            options.append(A.DECLARE_SOLO)
        return options, with_guard

    def _has_four_identical(self, seat: int) -> bool:
        held: dict[int, int] = {}
        for c in self.hands[seat]:
            if c < 52:
                held[c] = held.get(c, 0) + 1
        return any(n >= 4 for n in held.values())

    def _copies(self, card: int) -> int:
        return sum(hand.count(card) for hand in self.hands)

    def _bidding_actions(self) -> list[Action]:
        step = self._step()
        if isinstance(step, GrabSoloStep):
            if step.requires == "four_identical" and not self._has_four_identical(self.to_act):
                return [A.NO_GRAB]
            return [A.GRAB, A.NO_GRAB]
        assert isinstance(step, OfferThroneStep)
        options, with_guard = self._ascend_options(self.to_act)
        can_abdicate = not self.must_ascend
        forced = step.forced and (step.forces == "everyone" or self.decisions_in_step == 0)
        if forced and can_abdicate:
            only_own = bool(options) and not with_guard
            exempt = (only_own and step.forced_exempt_own_guard) or (
                step.forced_exempt_four_identical and self._has_four_identical(self.to_act)
            )
            real = [o for o in options if o != A.DECLARE_SOLO]
            can_abdicate = not real or exempt
        if can_abdicate:
            options.append(A.ABDICATE)
        return options

    def _apply_bidding(self, action: Action) -> None:
        step = self._step()
        if isinstance(step, GrabSoloStep):
            seat = self.to_act
            if action == A.GRAB:
                self._grab(seat, step)
                return
            self.grab_queue.pop(0)
            if self.grab_queue:
                self.to_act = self.grab_queue[0]
            else:
                self._next_step()
            return
        assert isinstance(step, OfferThroneStep)
        seat = self.to_act
        if action == A.ABDICATE:
            self._abdicate(seat, step)
        elif action == A.DECLARE_SOLO:
            self._crown(seat)
            self.solo = "open"
            self.guard = None
            self._start_declarations()
        else:
            self._crown(seat)
            if isinstance(action, str) and action.startswith(A.CALL_PREFIX):
                card = card_from_text(action[len(A.CALL_PREFIX) :])
                self.called_card = card
                others = [s for s in range(5) if s != seat and card in self.hands[s]]
                if others:
                    # Copies split between several players: the nearest downstream guards.
                    self.guard = min(others, key=lambda s: (s - seat) % 5)
                else:
                    self.guard = seat
            else:
                self.guard = self._seat_of(GUARD_CARD) if not self.marks_void else seat
            if self.guard == seat:
                self.guard = None
                hidden_ok = self.cv.variant.bidding.solo.hidden_allowed
                self.solo = "hidden" if hidden_ok else "open"
            self._start_declarations()

    def _grab(self, seat: int, step: GrabSoloStep) -> None:
        if step.takes_emperor_card and self.holder != seat:
            self.hands[self.holder].remove(EMPEROR_CARD)
            self.hands[seat].append(EMPEROR_CARD)
            self.hands[seat].sort()
        self.holder = seat
        if step.marks_void:
            self.marks_void = True
            for hand in self.hands:
                for i, c in enumerate(hand):
                    if c == EMPEROR_CARD:
                        hand[i] = BIG_JOKER
                    elif c == GUARD_CARD:
                        hand[i] = SMALL_JOKER
                hand.sort()
        self.emperor = seat
        self.grabbed = True
        self.solo = "open"
        self.guard = None
        self.events.append("grabbed_solo")
        self._start_declarations()

    def _crown(self, seat: int) -> None:
        self.emperor = seat
        self.hands[seat].extend(self.tips)
        self.hands[seat].sort()
        self.tips = []

    def _abdicate(self, seat: int, step: OfferThroneStep) -> None:
        self.total_passes += 1
        self.abdications += 1
        hand = self.hands[seat]
        if step.tip != "none" and self.total_passes >= step.tip_from_pass:
            tip = _tip_card(hand, step.tip)
            if tip is not None:
                hand.remove(tip)
                self.tips.append(tip)
        turn = upstream if step.pass_to == "upstream" else downstream
        receiver = turn(seat)
        if step.when_holding_both == "skip_one" and GUARD_CARD in hand:
            if step.skip_one_to != "pass_direction":
                turn = upstream if step.skip_one_to == "upstream" else downstream
            receiver = turn(turn(seat))
            self.must_ascend = True
            self.guard_public = True
            self.guard_open = True
            self.events.append("guard_known")
        hand.remove(EMPEROR_CARD)
        self.hands[receiver].append(EMPEROR_CARD)
        self.hands[receiver].sort()
        self.holder = receiver
        self.to_act = receiver
        self.decisions_in_step += 1
        if not self.must_ascend and self.decisions_in_step >= 5 * step.rounds:
            self._next_step()

    # ------------------------------------------------------------------ declarations

    def _start_declarations(self) -> None:
        self.phase = "declarations"
        self.decl_stage = 0
        self.questions = []
        self._advance_declarations()

    def _advance_declarations(self) -> None:
        d = self.cv.variant.declarations
        while not self.questions:
            stage = self.decl_stage
            self.decl_stage += 1
            if stage == 0:
                if self.solo == "hidden":
                    self.questions = [_Question(self.emperor, "solo")]
                elif self.guard is not None and not self.guard_public:
                    if d.guard_reveal == "choice":
                        self.questions = [_Question(self.guard, "guard")]
                    elif d.guard_reveal == "open":
                        self._reveal_guard(by_choice=True)
                if (
                    self.questions
                    and d.rebellion is not None
                    and d.rebellion.timing == "with_guard"
                ):
                    # 憋六: the rebels choose while the guard chooses, not knowing his choice.
                    self.simultaneous = True
                    chooser = self.questions[0]
                    seats = [(self.emperor + k) % 5 for k in range(1, 5)]
                    self.questions = [
                        chooser if s == chooser.seat else _Question(s, "rebel") for s in seats
                    ]
                    if chooser.seat == self.emperor:
                        self.questions.insert(0, chooser)
                    self.decl_stage = 2  # the rebels have been asked
            elif stage == 1:
                hidden = (self.guard is not None and not self.guard_public) or (
                    self.solo == "hidden"
                )
                if d.rebellion is not None and hidden:
                    seats = [(self.emperor + k) % 5 for k in range(1, 5)]
                    self.questions = [_Question(s, "rebel") for s in seats]
            elif stage == 2:
                if d.kick is not None:
                    if "rebellion" in self.events and d.kick.royals_after_rebellion:
                        royals = [self.emperor] + ([self.guard] if self.guard is not None else [])
                        self.questions = [_Question(s, "royal_kick") for s in royals]
                    elif "open_guard" in self.events and d.kick.rebels_after_open_guard:
                        rebels = [
                            (self.emperor + k) % 5
                            for k in range(1, 5)
                            if (self.emperor + k) % 5 != self.guard
                        ]
                        self.questions = [_Question(s, "rebel_kick") for s in rebels]
            else:
                self._start_play()
                return
        self.to_act = self.questions[0].seat

    def _declaration_actions(self) -> list[Action]:
        q = self.questions[0]
        if q.kind == "solo":
            return [A.OPEN_SOLO, A.HIDDEN_SOLO]
        if q.kind == "guard":
            return [A.OPEN_GUARD, A.HIDDEN_GUARD]
        if q.kind == "rebel":
            # The hidden guard is asked too, so that nobody learns who he is by who is asked.
            return [A.NO_REBEL] if q.seat == self.guard else [A.REBEL, A.NO_REBEL]
        return [A.KICK, A.NO_KICK]

    def _reveal_guard(self, by_choice: bool) -> None:
        self.guard_public = True
        self.guard_open = True
        if by_choice:
            self.events.append("open_guard")

    def _apply_declaration(self, action: Action) -> None:
        q = self.questions.pop(0)
        d = self.cv.variant.declarations
        if action in (A.OPEN_SOLO, A.OPEN_GUARD) and self.simultaneous:
            self.pending_reveal = True  # shown when every rebel has chosen too
        elif action == A.OPEN_SOLO:
            self.solo = "open"
            self.guard_public = True
        elif action == A.OPEN_GUARD:
            self._reveal_guard(by_choice=True)
        elif action == A.REBEL:
            self.rebels_declared.append(q.seat)
        elif action == A.KICK:
            self.kickers.append(q.seat)
            if q.kind == "royal_kick":
                self.events.append("kick")
                self.questions = []
        if self.simultaneous and not self.questions:
            self.simultaneous = False
            if self.pending_reveal:
                self.pending_reveal = False
                if self.solo == "hidden":
                    self.solo = "open"
                    self.guard_public = True
                else:
                    self._reveal_guard(by_choice=True)
        rebellion_round_over = q.kind in ("rebel", "guard", "solo") and not self.questions
        if (
            rebellion_round_over
            and not self.guard_public
            and d.rebellion is not None
            and self.rebels_declared
            and len(self.rebels_declared) >= d.rebellion.threshold
        ):
            self.events.append("rebellion")
            self.guard_public = True
            self.guard_open = True
        if q.kind == "rebel_kick" and not self.questions:
            assert d.kick is not None and d.kick.rebels_after_open_guard is not None
            if len(self.kickers) >= d.kick.rebels_after_open_guard:
                self.events.append("kick")
        self._advance_declarations()

    # ------------------------------------------------------------------ play

    def _start_play(self) -> None:
        self.phase = "play"
        top_seat, top_card = self._top_card()
        counts: list[list[int]] = []
        for seat, hand in enumerate(self.hands):
            row = [0] * 16
            for c in hand:
                row[RANK_OF[c]] += 1
            if seat == top_seat:
                row[RANK_OF[top_card]] -= 1
                row[TOP] += 1
            counts.append(row)
        self.counts = counts
        self.sizes = [sum(row) for row in counts]
        self.dealt_ranks = [frozenset(r for r in range(16) if row[r]) for row in counts]
        self.to_act = self.emperor
        self.trick = None

    def _top_card(self) -> tuple[int, int]:
        """The one card ranked above the big joker (特画 / 老花) and its holder, or (-1, -1)."""
        if not self.cv.play.has_top or self.marks_void:
            return -1, -1
        if self.called_card is not None:
            if self.guard is None:
                return -1, -1
            return self.guard, self.called_card
        for seat, hand in enumerate(self.hands):
            if GUARD_CARD in hand:
                return seat, GUARD_CARD
        return -1, -1

    def _hold_back_ranks(self, seat: int) -> list[int]:
        hold_back = self.cv.hold_back
        if not hold_back:
            return []
        row = self.counts[seat]
        return [h.rank for h in hold_back if row[h.rank]]

    def _play_actions(self) -> list[Action]:
        seat = self.to_act
        row = self.counts[seat]
        leading = self.trick is None
        held_back = self._hold_back_ranks(seat)
        rules = self.cv.play
        previous = self.trick_play
        found: list[Action]
        if held_back:
            found = list(legal_follows(row, previous, rules, forbidden_ranks=frozenset(held_back)))
            whole = self._whole_hand(seat)
            if self._whole_hand_ok(seat, whole, leading):
                found.append(whole)
        else:
            found = list(legal_follows(row, previous, rules))
        if not leading:
            found.append(A.PASS)
            if self._may_defer(seat):
                found.append(A.DEFER)
            if self._may_apply_wind(seat):
                found.append(A.APPLY_WIND)
        return found

    def _whole_hand(self, seat: int) -> tuple[int, ...]:
        row = self.counts[seat]
        return tuple(r for r in range(15, -1, -1) for _ in range(row[r]))

    def _whole_hand_ok(self, seat: int, whole: tuple[int, ...], leading: bool) -> bool:
        """Held-back cards go in the last play: the whole hand, as one legal play."""
        if not is_legal_fast(whole, self.cv.play):
            return False
        ranks = set(whole)
        for h in self.cv.hold_back:
            if h.rank in ranks and h.only_when_leading and not leading:
                return False
            if h.rank in ranks and not h.last_play_attach and len(ranks) > 1:
                return False
        return leading or beats_fast(self.trick or (), whole, self.cv.play)

    def _may_defer(self, seat: int) -> bool:
        return (
            self.cv.variant.play.defer
            and not self.second_circle
            and seat not in self.deferred_this_trick
        )

    def _may_apply_wind(self, seat: int) -> bool:
        return (
            self.cv.variant.play.wind == "apply"
            and self.wind_from is not None
            and self.wind_applicant is None
            and seat == self._next_active(self.wind_from)
        )

    def _reject_play(self, action: Action) -> str | None:
        seat = self.to_act
        if isinstance(action, str):
            if action == A.PASS:
                return None if self.trick is not None else reason("leader_cannot_pass")
            if action == A.DEFER:
                if self.trick is not None and self._may_defer(seat):
                    return None
                return reason("defer_not_allowed")
            if action == A.APPLY_WIND:
                return (
                    None
                    if self.trick is not None and self._may_apply_wind(seat)
                    else reason("wind_not_allowed")
                )
            return reason("not_a_play_action", action=action)
        ranks = action
        if not ranks:
            return reason("play_without_cards")
        if any(type(r) is not int or not 0 <= r < 16 for r in ranks):
            return reason("ranks_out_of_range")
        not_in_deck = deck_reason(self.cv, ranks)
        if not_in_deck is not None:
            return reason("not_in_deck", reason=not_in_deck)
        row = self.counts[seat]
        need = [0] * 16
        for r in ranks:
            need[r] += 1
            if need[r] > row[r]:
                return reason("not_held", seat=seat, play=format_action(ranks)[5:])
        if not is_legal_fast(ranks, self.cv.play):
            from baohuang.engine.plays import is_legal_play

            return is_legal_play(ranks, self.cv.play) or reason("not_a_legal_play")
        held_back = self._hold_back_ranks(seat)
        leading = self.trick is None
        if held_back and any(need[r] for r in held_back):
            if sum(need) != sum(row):
                names = [_rank_text(r) for r in held_back]
                return reason("held_back_last", ranks=joined("commas", names, ", ".join(names)))
            if not self._whole_hand_ok(seat, ranks, leading):
                return reason("held_back_leading") if not leading else reason("last_play_not_a_set")
            return None
        if not leading:
            from baohuang.engine.beats import beats as explain

            if not beats_fast(self.trick or (), ranks, self.cv.play):
                verdict = explain(Play(self.trick or ()), Play(ranks), self.cv.play)
                return verdict.reason
        return None

    def _active(self) -> int:
        return 5 - len(self.finish)

    def _next_active(self, seat: int) -> int:
        s = downstream(seat)
        while self.out[s]:
            s = downstream(s)
        return s

    def _apply_play(self, action: Action) -> None:
        seat = self.to_act
        if isinstance(action, tuple):
            self._play_cards(seat, action)
            return
        if action == A.APPLY_WIND:
            self.wind_applicant = seat
        elif action == A.DEFER:
            self.deferred.append(seat)
            self.deferred_this_trick.add(seat)
        self._after_pass(seat)

    def _play_cards(self, seat: int, ranks: tuple[int, ...]) -> None:
        row = self.counts[seat]
        played = self.played_counts
        for r in ranks:
            row[r] -= 1
            played[r] += 1
        self.sizes[seat] -= len(ranks)
        self.plays += 1
        if self.trick is not None and len(ranks) != len(self.trick):
            self.uneven_beats += 1
        self.tricks.append((seat, ranks))
        self.trick = ranks
        self.trick_play = Play.trusted(ranks)
        self.trick_owner = seat
        self.passes = 0
        self.deferred = []
        self.second_circle = []
        if self.wind_applicant is not None and self.wind_applicant != seat:
            self.wind_applicant = None  # someone played: the application fails
        if not self.sizes[seat]:
            self._go_out(seat)
            if self.phase == "finished":
                return
            self.wind_from = seat
            self.wind_applicant = None
        elif self.wind_from is not None and seat != self.wind_from:
            self.wind_from = None
        self.to_act = self._next_active(seat)

    def _go_out(self, seat: int) -> None:
        self.out[seat] = True
        self.finish.append(seat)
        end = self.cv.variant.end
        royals = {self.emperor} if self.guard is None else {self.emperor, self.guard}
        if (
            end.open_solo_ends_on_other_first
            and self.solo == "open"
            and len(self.finish) == 1
            and seat != self.emperor
        ):
            self._end_game()
            return
        if end.when == "one_side_out":
            royals_out = all(self.out[s] for s in royals)
            rebels_out = all(self.out[s] for s in range(5) if s not in royals)
            if royals_out or rebels_out:
                self._end_game()
                return
        if self._active() == 1:
            self._end_game()

    def _after_pass(self, seat: int) -> None:
        self.passes += 1
        if self.second_circle:
            self.second_circle.pop(0)
            if self.second_circle:
                self.to_act = self.second_circle[0]
                return
            self._close_trick()
            return
        owner_active = not self.out[self.trick_owner]
        needed = self._active() - 1 if owner_active else self._active()
        if self.passes >= needed:
            if self.deferred:
                self.second_circle = list(self.deferred)
                self.deferred = []
                self.to_act = self.second_circle[0]
                return
            self._close_trick()
            return
        self.to_act = self._next_active(seat)

    def _close_trick(self) -> None:
        owner = self.trick_owner
        self.trick = None
        self.trick_play = None
        self.passes = 0
        self.deferred = []
        self.second_circle = []
        self.deferred_this_trick = set()
        if not self.out[owner]:
            leader = owner
        elif self.wind_applicant is not None and not self.out[self.wind_applicant]:
            leader = self.wind_applicant
        elif (
            self.cv.variant.play.wind == "apply"
            and self.cv.variant.play.wind_unclaimed == "skip_next"
        ):
            # Nobody applied, and the variant passes the wind over the next player.
            leader = self._next_active(self._next_active(owner))
        else:
            leader = self._next_active(owner)  # 接风: the next player still holding cards
        self.wind_from = None
        self.wind_applicant = None
        self.to_act = leader

    # ------------------------------------------------------------------ end

    def _full_finish(self) -> list[int]:
        order = list(self.finish)
        rest = [s for s in range(5) if not self.out[s]]
        if self.cv.variant.end.unfinished_order == "fewest_cards":
            start = self.finish[-1] if self.finish else self.emperor
            rest.sort(key=lambda s: (sum(self.counts[s]), (s - start) % 5))
        else:
            start = self.finish[-1] if self.finish else self.emperor
            rest.sort(key=lambda s: (s - start) % 5)
        return order + rest

    def _end_game(self) -> None:
        self.phase = "finished"
        finish = self._full_finish()
        shut_in = tuple(s for s in range(5) if not self.out[s] and self._shut_in(s, None))
        # 若所有玩家都在托管状态，则该局游戏不予计分: "in 托管 state" when the game ends,
        # i.e. in a spell of automatic play or locked on, not only locked.
        on_automatic = [s for s in range(5) if self.locked(s) or self.in_spell[s]]
        automatic = tuple(s for s in range(5) if self.auto_spells[s] > 0)
        if len(on_automatic) == 5 and self.cv.variant.play.automatic.unscored_if_all:
            self.outcome = Outcome(
                tuple(finish),
                None,
                TributePlan(),
                shut_in,
                reason("unscored_all_automatic"),
            )
            return
        result = make_result(
            self.emperor,
            self.guard,
            finish,
            solo=self.solo,
            events=self.events,
            automatic=automatic,
        )
        s = score(self.cv, result)
        shut_in = tuple(s_ for s_ in shut_in if self._shut_in(s_, s.outcome))
        plan = plan_tribute(
            self.cv,
            result,
            s.outcome,
            guard_open=self.guard_open,
            shut_in=shut_in,
            game_ender=self.finish[-1] if self.finish else None,
        )
        self.outcome = Outcome(tuple(finish), s, plan, shut_in)

    def _shut_in(self, seat: int, outcome: str | None) -> bool:
        """闷: caught with held-back cards at the end (RULES.md §6.2, `shut_in_when`).

        `outcome` is the royals' (None before scoring: then a loss is not required)."""
        row = self.counts[seat]
        for h in self.cv.hold_back:
            if not (h.shut_in and row[h.rank]):
                continue
            if h.shut_in_when == "still_holding":
                return True
            if h.shut_in_when == "lost_down_to_them" and outcome is not None:
                royal = seat == self.emperor or seat == self.guard
                if outcome != ("lose" if royal else "win"):
                    continue  # his side did not lose: nobody shut him in
            # Down to them: what he holds is his last play, which he never got to make.
            whole = self._whole_hand(seat)
            if is_legal_fast(whole, self.cv.play) and (h.last_play_attach or len(set(whole)) == 1):
                return True
        return False

    def _finish_unscored(self, reason: Reason) -> None:
        self.phase = "finished"
        self.outcome = Outcome((), None, TributePlan(), (), reason)

    def result(self) -> GameResult | None:
        """The scored result of a finished game (None before the end or when unscored)."""
        if self.outcome is None or self.outcome.score is None:
            return None
        return make_result(
            self.emperor,
            self.guard,
            self.outcome.finish,
            solo=self.solo,
            events=self.events,
            automatic=tuple(s for s in range(5) if self.auto_spells[s] > 0),
        )


def _rigged_hands(cv: CompiledVariant, hands: Sequence[Sequence[int | str]]) -> list[list[int]]:
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


def _tip_card(hand: Sequence[int], kind: str) -> int | None:
    """The card a decliner adds to the tips (贴牌); never the emperor card he passes on."""
    cards = [c for c in hand if c != EMPEROR_CARD]
    if not cards:
        return None
    if kind == "two_or_highest":
        twos = [c for c in cards if RANK_OF[c] == TWO]
        if twos:
            return max(twos)
        plain = [c for c in cards if RANK_OF[c] < SJ]
        return max(plain or cards, key=lambda c: (RANK_OF[c], c))
    if kind == "highest_non_joker":
        plain = [c for c in cards if RANK_OF[c] < SJ]
        return max(plain, key=lambda c: (RANK_OF[c], c)) if plain else None
    return max(cards, key=lambda c: (RANK_OF[c], c))


def _rank_text(rank: int) -> str:
    return ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ", "TOP")[
        rank
    ]


def _ranks_text(ranks: Sequence[int]) -> str:
    return " ".join(_rank_text(r) for r in ranks)


__all__ = ["BJ", "Game", "IllegalAction", "Outcome", "downstream", "upstream"]
