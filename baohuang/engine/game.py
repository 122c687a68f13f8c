"""The whole game of 保皇 as a state machine, driven only by the compiled variant.

Phases: deal (with buying a card) → tribute → bidding → declarations → play → finished.
``legal_actions()`` lists what the player to act may do; ``apply(action)`` validates it and
advances, or raises :class:`IllegalAction` with a reason and changes nothing;
``observe(seat)`` is what one seat may know. Randomness comes only from the seed.

:class:`Game` is the conductor: it holds the state every phase shares (a
:class:`~baohuang.engine.table.Table`) and one object per phase, each owning its state
and its legal actions — :mod:`~baohuang.engine.dealing`, :mod:`~baohuang.engine.bidding`,
:mod:`~baohuang.engine.declarations`, :mod:`~baohuang.engine.trickplay`,
:mod:`~baohuang.engine.settlement` — and hands each decision to the current one. Every
phase answers the same questions (:class:`~baohuang.engine.table.PhasePart`); its
``apply(seat, action)`` returns the next seat to act, or -1 when the phase is over.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.actions import Action, high_to_low
from baohuang.engine.bidding import BiddingPhase
from baohuang.engine.buying import Buying
from baohuang.engine.cards import BJ
from baohuang.engine.clone import clone_game
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.dealing import deal_hands, pay_tribute, rigged_hands
from baohuang.engine.declarations import DeclarationsPhase
from baohuang.engine.phase_state import PhaseState
from baohuang.engine.reasons import reason
from baohuang.engine.scoring import GameResult
from baohuang.engine.seatview import SeatView, observation, seat_view
from baohuang.engine.settlement import (
    Settlement,
    game_result,
    settle,
    settle_no_emperor,
    unscored,
)
from baohuang.engine.table import Phase, PhasePart, downstream, upstream
from baohuang.engine.tribute import TributePlan
from baohuang.engine.trickplay import TrickPlay
from baohuang.rules.model import ForfeitStep

#: Redeals after which a game is abandoned unscored (a safety net; never reached in
#: practice with the bundled variants).
MAX_REDEALS = 50


class IllegalAction(ValueError):
    """An action that is not allowed now; the message says why. The state is unchanged."""


class Game(PhaseState):
    """One game of a variant from a seed. Build with :meth:`new`."""

    outcome: Settlement | None
    _legal_cache: list[Action] | None
    _lock_after: int
    _lock_counts: list[int]
    _owed: TributePlan | None

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
        # Game(...), not cls(...): compiled, the class is then called natively (see Table).
        game = Game(cv=cv, seed=seed, dealer=first, rng=random.Random(seed), hands=[])  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        automatic = cv.variant.play.automatic
        game.outcome = None
        game._legal_cache = None
        # Never locking is a count no game reaches (an int keeps the hot check simple).
        game._lock_after = automatic.lock_after if automatic.lock_after is not None else 1 << 30
        game._lock_counts = game.auto_spells if automatic.counted == "spells" else game.auto_turns
        game._hold_back_tuple = tuple(h.rank for h in cv.hold_back)
        game._buying = Buying(game)
        game._bidding = BiddingPhase(game)
        game._declarations = DeclarationsPhase(game)
        game._play = TrickPlay(game)
        game._enter("bidding", game._bidding)
        game._deal(tribute, None if hands is None else rigged_hands(cv, hands))
        return game

    # ------------------------------------------------------------------ public API

    @property
    def finished(self) -> bool:
        """True once the game has ended (scored or not)."""
        return self.phase == "finished"

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (empty when finished)."""
        if self.phase == "finished":
            return []
        seat = self.to_act
        if self.locked(seat):
            found = [self._default(seat)]
        else:
            # In play (most decisions) the phase is called as the TrickPlay it is: a direct
            # call of the compiled method, not a protocol call (attribute lookup, argument
            # parsing).
            play = self._play
            found = play.actions(seat) if self._part is play else self._part.actions(seat)
            found.append(A.AUTO)
        self._legal_cache = found
        return list(found)

    def allows(self, action: Action) -> bool:
        """Whether the player to act may take ``action`` now: ``action in legal_actions()``,
        answered for a play without listing every legal action or explaining a refusal (a
        policy asking "may I go out with these?" at every decision costs the engine one
        check)."""
        if (
            self.phase == "play"
            and self._part is self._play
            and isinstance(action, tuple)
            and high_to_low(action)  # as the plays are listed
        ):
            seat = self.to_act
            if not self.locked(seat):
                return self._play.allows(seat, action)
        return action in self.legal_actions()

    def apply_unchecked(self, action: Action) -> None:
        """:meth:`apply` without the legality check in the play, for an action legal by
        construction: a search's rollout, whose player (the heuristic) builds its play from
        the seat's own counts or picks it from the listed actions. Anything else — another
        phase, a seat on automatic play, ``auto`` — is checked as by :meth:`apply`.

        The check is a tenth of a rollout's cost. An illegal action here would corrupt the
        game: ``tests/bots/test_rollout.py`` plays every bundled variant's games both ways
        and finds the same games (the checked way raises on an illegal action).
        """
        seat = self.to_act
        # A play (a tuple) is never ``auto``: no rich comparison of a tuple with a string.
        if (
            self.phase != "play"
            or self.locked(seat)
            or (isinstance(action, str) and action == A.AUTO)
        ):
            self.apply(action)
            return
        self._legal_cache = None
        self.in_spell[seat] = False
        self.history.append(action)
        self._dispatch(action)

    def apply(self, action: Action) -> None:
        """Take an action for the player to act; IllegalAction (state unchanged) if not allowed."""
        if self.phase == "finished":
            raise IllegalAction(reason("game_over"))
        cache = self._legal_cache
        self._legal_cache = None
        seat = self.to_act
        # A play (a tuple) is never ``auto``: no string comparison with a tuple.
        is_auto = isinstance(action, str) and action == A.AUTO
        locked = self.locked(seat)
        if not is_auto and cache is not None and not locked:
            # Fast path: the action comes from the list legal_actions() just returned.
            for legal in cache:
                if legal is action or legal == action:
                    self.in_spell[seat] = False
                    self.history.append(action)
                    self._dispatch(action)
                    return
        if is_auto or locked:
            if not is_auto and action != self._default(seat):
                raise IllegalAction(reason("automatic_only_default", seat=seat))
            if not self.in_spell[seat]:
                self.in_spell[seat] = True
                self.auto_spells[seat] += 1
            self.auto_turns[seat] += 1
            chosen = self._default(seat)
            self.history.append(action)
            self._dispatch(chosen)
            return
        if isinstance(action, tuple) and not high_to_low(action):
            # Items that cannot be ordered (a str among ints) are no ranks: reject() says so.
            with contextlib.suppress(TypeError):
                action = tuple(sorted(action, reverse=True))
        play = self._play
        refused = (
            play.reject(seat, action) if self._part is play else self._part.reject(seat, action)
        )
        if refused is not None:
            raise IllegalAction(refused)
        self.in_spell[seat] = False
        self.history.append(action)
        self._dispatch(action)

    def observe(self, seat: int) -> dict[str, Any]:
        """What `seat` may know: its own cards, public roles and plays, never hidden ones."""
        return observation(self, seat)

    def clone(self) -> Game:
        """An independent copy for search, sharing the compiled variant and every immutable
        value (far cheaper than ``copy.deepcopy``).

        Written out field by field, compiled with the rest of the engine (a search clones
        thousands of games a second); :func:`baohuang.engine.clone.clone_game` is the
        generic copy it must equal (``tests/engine/test_clone.py`` checks both, and that
        every field is copied). The random generator draws only for a redeal, in the
        bidding: from the declarations on, a clone shares it (nothing draws from it again).
        """
        rng = self.rng
        if self.phase == "buying" or self.phase == "bidding":
            rng = random.Random()  # noqa: S311 (its state is set to the game's below)
            rng.setstate(self.rng.getstate())
        new = Game(cv=self.cv, seed=self.seed, dealer=self.dealer, rng=rng, hands=[])
        new.hands = [hand[:] for hand in self.hands]
        new.phase = self.phase
        new.to_act = self.to_act
        new.history = self.history[:]
        new.buys = self.buys[:]
        new.tribute_paid = self.tribute_paid[:]
        new.tribute_plan = self.tribute_plan
        new.redeals = self.redeals
        new.abdications = self.abdications
        new.emperor = self.emperor
        new.guard = self.guard
        new.solo = self.solo
        new.called_card = self.called_card
        new.guard_public = self.guard_public
        new.guard_open = self.guard_open
        new.grabbed = self.grabbed
        new.marks_void = self.marks_void
        new.events = self.events[:]
        new.auto_spells = self.auto_spells[:]
        new.auto_turns = self.auto_turns[:]
        new.in_spell = self.in_spell[:]
        new.outcome = self.outcome  # set once, at the end; never changed
        cache = self._legal_cache
        new._legal_cache = cache[:] if cache is not None else None
        new._lock_after = self._lock_after
        new._lock_counts = (
            new.auto_spells if self._lock_counts is self.auto_spells else new.auto_turns
        )
        new._hold_back_tuple = self._hold_back_tuple
        new._owed = self._owed
        new._buying = self._buying.copy_for(new)
        new._bidding = self._bidding.copy_for(new)
        new._declarations = self._declarations.copy_for(new)
        new._play = self._play.copy_for(new)
        part = self._part
        if part is self._play:
            new._part = new._play
        elif part is self._bidding:
            new._part = new._bidding
        elif part is self._declarations:
            new._part = new._declarations
        elif part is self._buying:
            new._part = new._buying
        else:
            raise RuntimeError("Game.clone: the current phase is none of the game's phases")
        return new

    # ------------------------------------------------------------------ a search's worlds
    # A search before the play (baohuang.bots.preplay) copies the game, deals the cards its
    # seat has not seen anew, sets the table as the seat knows it, and begins one phase
    # again in the copy; these are the only ways in.

    def replace_hands(self, hands: list[list[int]]) -> None:
        """Give the seats ``hands`` (sorted card ids, by seat) before the play; the legal
        actions are listed afresh."""
        self.hands = hands
        self._legal_cache = None

    def resume_buying(self, offset: int) -> None:
        """Begin the buying again from the buyer ``offset`` seats after the dealer (the
        seat to act: the first buyer who must choose, or -1 when none must)."""
        self._legal_cache = None
        self._enter("buying", self._buying)
        self.to_act = self._buying.resume_from(offset)

    def resume_bidding(self) -> bool:
        """Begin the bidding again on the hands as dealt; False when nobody is asked."""
        self._legal_cache = None
        self._enter("bidding", self._bidding)
        first = self._bidding.start()
        if first < 0:
            return False
        self.to_act = first
        return True

    def resume_declarations(self) -> bool:
        """Begin the declarations again for the emperor crowned as the table says (its
        emperor, guard, solo and events set by the caller); False when nobody is asked."""
        self._legal_cache = None
        self._bidding.crowned = True
        self._bidding.tips = []
        self._enter("declarations", self._declarations)
        first = self._declarations.start()
        if first < 0:
            return False
        self.to_act = first
        return True

    def release(self) -> None:
        """Break the cycles between the game and its phases (each points back to its table),
        for a copy a search is done with: dropped, it is then freed at once by reference
        counting instead of piling up for the cycle collector (a search drops thousands a
        second). The game is unusable afterwards."""
        del self._buying.table
        del self._bidding.table
        del self._declarations.table
        del self._play.table

    def generic_clone(self) -> Game:
        """The same copy made generically (:func:`~baohuang.engine.clone.clone_game`): the
        reference :meth:`clone` is tested against."""
        return clone_game(self)

    def view(self, seat: int) -> SeatView:
        """The policy input for `seat` (cheap to build; nothing hidden leaks)."""
        return seat_view(self, seat)

    def locked(self, seat: int) -> bool:
        """Whether `seat` is locked on automatic play (托管超过N次: only its default move)."""
        return self._lock_counts[seat] > self._lock_after

    def result(self) -> GameResult | None:
        """The scored result of a finished game (None before the end, when unscored, or
        when the game ended in bidding: a forfeit or a void deal has no finish order)."""
        if self.outcome is None or self.outcome.score is None or not self.outcome.finish:
            return None
        out = self.outcome
        return game_result(self, out.finish, out.shut_in, out.game_ender)

    # ------------------------------------------------------------------ conducting

    def default_action(self) -> Action:
        """托管: the answer the system gives for the seat to act (docs/rules.md §7)."""
        return self._default(self.to_act)

    def _default(self, seat: int) -> Action:
        play = self._play
        return play.default(seat) if self._part is play else self._part.default(seat)

    def _dispatch(self, action: Action) -> None:
        play = self._play
        if self._part is play:
            seat = play.apply(self.to_act, action)
        else:
            seat = self._part.apply(self.to_act, action)
        if seat >= 0:
            self.to_act = seat
        else:
            self._next_phase()

    def _enter(self, phase: Phase, part: PhasePart) -> None:
        self.phase = phase
        self._part = part

    def _deal(self, tribute: TributePlan | None, rigged: list[list[int]] | None = None) -> None:
        deal_hands(self, rigged)
        self._owed = tribute
        self._enter("buying", self._buying)
        seat = self._buying.start()
        if seat >= 0:
            self.to_act = seat
            return
        self._bid()

    def _bid(self) -> None:
        """The cards are bought: pay the tribute owed, then the bidding begins."""
        pay_tribute(self, self._owed)
        self._enter("bidding", self._bidding)
        seat = self._bidding.start()
        if seat >= 0:
            self.to_act = seat
        else:
            self._no_emperor()

    def _no_emperor(self) -> None:
        """The bidding ended with nobody ascending: redeal, or end the game (forfeit, void)."""
        bidding = self._bidding
        ending = bidding.ending()
        if ending == "redeal":
            self._redeal()
            return
        step = bidding.step()
        forfeit = step if isinstance(step, ForfeitStep) else None
        loser = bidding.first_abdicator if bidding.first_abdicator >= 0 else bidding.first_holder
        self._finish(settle_no_emperor(self, forfeit, loser))

    def _redeal(self) -> None:
        # The new deal is the same game: its cards are bought afresh, and the tribute owed
        # from the previous game is still owed, so it is paid again from the new hands.
        self.redeals += 1
        if self.redeals > MAX_REDEALS:
            self._finish(unscored(reason("unscored_no_ascent")))
            return
        self._deal(self.tribute_plan)

    def _next_phase(self) -> None:
        """The current phase is over: begin the next one (or settle the game)."""
        if self.phase == "buying":
            self._bid()
            return
        if self.phase == "bidding":
            if not self._bidding.crowned:
                self._no_emperor()
                return
            self._enter("declarations", self._declarations)
            seat = self._declarations.start()
            if seat >= 0:
                self.to_act = seat
                return
        if self.phase == "declarations":
            self._enter("play", self._play)
            self.to_act = self._play.start()
            return
        on_automatic = [s for s in range(5) if self.locked(s) or self.in_spell[s]]
        self._finish(settle(self, self._play, on_automatic))

    def _finish(self, outcome: Settlement) -> None:
        self.phase = "finished"
        self.outcome = outcome


__all__ = [
    "BJ",
    "MAX_REDEALS",
    "Game",
    "IllegalAction",
    "Phase",
    "SeatView",
    "Settlement",
    "downstream",
    "upstream",
]
