"""Worlds for a search before the play: buying a card, bidding and declarations (issue 35).

:class:`~baohuang.engine.determinize.Worlds` builds worlds from a seat's view in the play
phase. :class:`PreplayWorlds` does the same for the decisions before it, so that the search
player (:mod:`baohuang.bots.mc`) can judge a bid or a declaration by the variant's own
points, multipliers and money. A world agrees with everything the seat knows — its own
hand, every hand's size, the public roles and events, the rebels it knows of, the number of
tips — and fills in the rest at random:

- **buying a card** (买3): the other hands dealt at random in their sizes; the sales before
  the seat's are taken as made (its hand is the one it was dealt: a buyer has sold nothing);
- **bidding**: every public answer before the seat's was a "no" (to grab, or to take the
  throne: anything else ends the bidding), so the bidding is replayed from a random deal,
  everybody declining, until the seat is asked the same question with as many tips on the
  table (a deal where that never happens is drawn again); then the hands are dealt anew
  around what the seat knows (its hand, the sizes, the emperor card's holder) and the tips
  kept;
- **declarations**: the table is set as the crowning left it (emperor, a hidden guard drawn
  among the seats that may be him, the solo, the called card) and the declarations are
  replayed: the answers the seat knows (an open guard, the rebels it was told of, its own)
  as they were, the ones it cannot know (a choice made at the same time as his, 憋六; a
  rebel's kick) by the heuristic.

A world is accepted only when the seat is then asked the same question with the same legal
answers (else :meth:`PreplayWorlds.sample` returns None after a few draws). Nothing here
reads more than the view and the legal answers: the choice never depends on hidden cards.
Approximations, as in play: the emperor's copies of a called card and the tips' cards are
drawn, not inferred; a world never holds a hidden solo the seat does not know of.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from baohuang.bots.heuristic import HeuristicPolicy
from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import (
    BIG_JOKER,
    EMPEROR_CARD,
    GUARD_CARD,
    RANK_OF,
    SMALL_JOKER,
    deal,
    shuffle,
)
from baohuang.engine.game import Game
from baohuang.engine.seatview import SeatView
from baohuang.rules.model import GrabSoloStep

#: Events the declarations add (the replay adds them again); the others come from the bidding.
DECLARATION_EVENTS: Final = frozenset({"open_guard", "kick", "rebel_declared", "rebellion"})
_MARKED: Final = frozenset({EMPEROR_CARD, GUARD_CARD})
#: Draws per world before :meth:`PreplayWorlds.sample` gives up (returns None).
TRIES: Final = 8
#: Decisions a replayed bidding may take before the deal is given up.
_MAX_REPLAY: Final = 80


class PreplayWorlds:
    """Complete games consistent with one seat's view before the play (see the module doc).

    Build once per decision; :meth:`sample` gives a fresh world (or None) each call.
    """

    def __init__(
        self,
        cv: CompiledVariant,
        view: SeatView,
        legal: Sequence[Action],
        heuristic: HeuristicPolicy,
        seed: int,
    ) -> None:
        if view.phase not in ("buying", "bidding", "declarations"):
            raise ValueError(f"no worlds before the play from the phase '{view.phase}'")
        self.cv = cv
        self.view = view
        self.legal = frozenset(a for a in legal if a != A.AUTO)
        self.heuristic = heuristic
        self._template = Game.new(cv, seed)
        grab_voids = any(
            isinstance(step, GrabSoloStep) and step.marks_void for step in cv.variant.bidding.flow
        )
        self._marks_void = (
            grab_voids
            and "grabbed_solo" in view.events
            and EMPEROR_CARD not in view.hand
            and GUARD_CARD not in view.hand
        )
        shoe = Counter(cv.shoe.fixed)
        if self._marks_void:
            for marked, plain in ((EMPEROR_CARD, BIG_JOKER), (GUARD_CARD, SMALL_JOKER)):
                shoe[plain] += shoe.pop(marked, 0)
        shoe.subtract(Counter(view.hand))
        self._unseen = shoe
        """The cards the seat has not seen: the shoe less its hand (before any tips)."""

    # ------------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> Game | None:
        """A new world with the seat to act on the same question, or None (no fit found)."""
        phase = self.view.phase
        for _ in range(TRIES):
            if phase == "declarations":
                world = self._declarations(rng)
            elif phase == "bidding":
                world = self._bidding(rng)
            else:
                world = self._buying(rng)
            if world is not None and self._fits(world):
                return world
        return None

    def _fits(self, world: Game) -> bool:
        view = self.view
        if world.phase != view.phase or world.to_act != view.seat:
            return False
        legal = {a for a in world.legal_actions() if a != A.AUTO}
        return legal == self.legal

    def _deal(
        self,
        world: Game,
        rng: random.Random,
        placed: dict[int, list[int]],
        tips: Sequence[int] = (),
    ) -> bool:
        """Deal the unseen cards around the seat's own hand in the view's sizes; ``placed``
        cards go to the named seats first. False when the cards cannot fit."""
        view = self.view
        seat = view.seat
        pool = self._unseen.copy()
        pool.subtract(Counter(tips))
        for cards in placed.values():
            pool.subtract(Counter(cards))
        if any(n < 0 for n in pool.values()):
            return False
        cards = list(pool.elements())
        shuffle(cards, rng)  # the compiled shuffle: the same order as rng.shuffle
        # More unseen cards than room where the shoe drops some at random: a marked card
        # is never one of those (the deal keeps them), so it trades places with a dealt one.
        room = sum(view.hand_sizes[s] - len(placed.get(s, ())) for s in range(5) if s != seat)
        for i in range(room, len(cards)):
            if cards[i] in _MARKED and room > 0:
                j = rng.randrange(room)
                cards[i], cards[j] = cards[j], cards[i]
        hands: list[list[int]] = []
        start = 0
        for s in range(5):
            if s == seat:
                hands.append(sorted(view.hand))
                continue
            mine = list(placed.get(s, ()))
            need = view.hand_sizes[s] - len(mine)
            if need < 0 or start + need > len(cards):
                return False
            mine.extend(cards[start : start + need])
            start += need
            hands.append(sorted(mine))
        world.replace_hands(hands)
        return True

    def _fresh(self) -> Game:
        world = self._template.clone()
        world.buys = []
        world.tribute_paid = []
        world.history = []
        world.events = []
        return world

    # ------------------------------------------------------------------ buying a card

    def _buying(self, rng: random.Random) -> Game | None:
        world = self._fresh()
        if not self._deal(world, rng, {}):
            return None
        world.resume_buying((self.view.seat - world.dealer) % 5)
        return world

    # ------------------------------------------------------------------ bidding

    def _bidding(self, rng: random.Random) -> Game | None:
        view = self.view
        seat = view.seat
        world = self._fresh()
        world.replace_hands(deal(self.cv.shoe, rng, world.dealer))
        world.emperor = -1
        world.guard = None
        world.solo = None
        world.called_card = None
        world.guard_public = world.guard_open = world.grabbed = world.marks_void = False
        world.abdications = 0
        world.outcome = None
        if not world.resume_bidding():
            return None
        skip_known = "guard_known" in view.events
        for _ in range(_MAX_REPLAY):
            if world.phase != "bidding":
                return None
            question = world.question()
            if (
                world.to_act == seat
                and question == view.question
                and len(world.tips) == view.tips
                and tuple(world.events) == view.events
            ):
                break
            legal = world.legal_actions()
            if question == "grab":
                answer = A.NO_GRAB
            elif skip_known and "guard_known" not in world.events and A.ABDICATE_SKIP in legal:
                answer = A.ABDICATE_SKIP
            else:
                answer = A.ABDICATE
            if answer not in legal:
                return None  # forced to take the throne here: not the real bidding
            world.apply(answer)
        else:
            return None
        holder = world.holder
        placed: dict[int, list[int]] = {}
        if holder != seat:
            if EMPEROR_CARD in view.hand:
                return None
            placed[holder] = [EMPEROR_CARD]
        elif EMPEROR_CARD not in view.hand:
            return None
        if not self._deal(world, rng, placed, world.tips):
            return None
        return world

    # ------------------------------------------------------------------ declarations

    def _declarations(self, rng: random.Random) -> Game | None:
        view = self.view
        seat = view.seat
        cv = self.cv
        emperor = view.emperor
        if emperor is None:
            return None
        world = self._fresh()
        events = [e for e in view.events if e not in DECLARATION_EVENTS]
        grabbed = "grabbed_solo" in events
        # The solo as the crowning left it: an open solo seen now was hidden then, unless
        # grabbed (or the variant has no hidden solo).
        solo_rule = cv.variant.bidding.solo
        solo: str | None = None
        if view.solo == "hidden":
            solo = "hidden"
        elif view.solo == "open":
            solo = "open" if grabbed or not solo_rule.hidden_allowed else "hidden"
        guard: int | None
        if view.i_am_guard:
            guard = seat
        elif view.solo is not None:
            guard = None
        elif view.public_guard is not None:
            guard = view.public_guard
        else:
            may = [
                s for s in range(5) if s not in (seat, emperor) and s not in view.rebels_declared
            ]
            if not may:
                return None
            guard = rng.choice(may)
        placed: dict[int, list[int]] = {}
        if not self._marks_void and emperor != seat:
            placed[emperor] = [EMPEROR_CARD]
        called: int | None = None
        if view.called_rank is not None:
            called = self._called_card(view, rng)
            if called is None:
                return None
            if guard is not None and guard != seat:
                placed.setdefault(guard, []).append(called)
        elif (
            guard is not None
            and guard != seat
            and GUARD_CARD in cv.shoe.fixed
            and not self._marks_void
            and GUARD_CARD not in view.hand
        ):
            placed.setdefault(guard, []).append(GUARD_CARD)
        if not self._deal(world, rng, placed):
            return None
        world.emperor = emperor
        world.guard = guard
        world.solo = solo  # type: ignore[assignment]
        world.called_card = called
        world.guard_public = world.guard_open = "guard_known" in events
        world.grabbed = grabbed
        world.marks_void = self._marks_void
        world.events = events
        world.outcome = None
        if not world.resume_declarations():
            return None
        return self._replay_declarations(world, rng)

    def _called_card(self, view: SeatView, rng: random.Random) -> int | None:
        """The called card: the seat's own most held one of the rank if it is the emperor,
        else one of the rank drawn from the unseen cards."""
        rank = view.called_rank
        if view.emperor == view.seat:
            mine = Counter(c for c in view.hand if RANK_OF[c] == rank)
            if mine:
                return max(mine, key=lambda c: (mine[c], c))
        options = sorted(c for c, n in self._unseen.items() if n > 0 and RANK_OF[c] == rank)
        return rng.choice(options) if options else None

    def _replay_declarations(self, world: Game, rng: random.Random) -> Game | None:
        """Answer the questions before the seat's as the seat knows they were answered."""
        view = self.view
        seat = view.seat
        for _ in range(_MAX_REPLAY):
            if world.phase != "declarations":
                return None
            asked = world.declaration_asked
            if asked is None:
                return None
            if asked.seat == seat and asked.kind == view.question:
                known = tuple(world.rebels_seen_by(seat))
                if known != view.rebels_declared or tuple(world.events) != view.events:
                    return None
                return world
            legal = world.legal_actions()
            answer = self._known_answer(asked.seat, asked.kind, legal)
            if answer is None or (world.simultaneous_round and asked.seat != seat):
                # Not known to the seat: the heuristic's answer, as in a rollout.
                answer = self.heuristic.act(world.view(asked.seat), legal, rng)
            if answer not in legal:
                return None
            world.apply(answer)
        return None

    def _known_answer(self, who: int, kind: str, legal: Sequence[Action]) -> Action | None:
        """The answer the view tells of (None: the seat cannot know it)."""
        view = self.view
        if kind == "solo":
            return A.OPEN_SOLO if view.solo == "open" else A.HIDDEN_SOLO
        if kind == "guard":
            return A.OPEN_GUARD if "open_guard" in view.events else A.HIDDEN_GUARD
        if kind == "rebel":
            yes = who in view.rebels_declared and A.REBEL in legal
            return A.REBEL if yes else A.NO_REBEL
        if kind == "declare_rebel":
            yes = who in view.rebels_declared and A.DECLARE_REBEL in legal
            return A.DECLARE_REBEL if yes else A.NO_DECLARE_REBEL
        if kind == "royal_kick":
            return A.NO_KICK  # a royal kick ends the questions: nobody is asked after one
        return None
