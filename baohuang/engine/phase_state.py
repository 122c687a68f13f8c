"""The phases' state, readable on the game: what bots, statistics, records and tests read.

:class:`~baohuang.engine.game.Game` keeps one object per phase (bidding, declarations,
trick play); :class:`PhaseState`, its base, shows their state as read-only attributes
(``game.trick`` is ``game._play.trick``), and is what a seat's view is built from
(:mod:`~baohuang.engine.seatview`, below the game). Plain properties, so the mypyc build of the
engine (:mod:`baohuang.native`) compiles them like the rest.
"""

from __future__ import annotations

from baohuang.engine.bidding import BiddingPhase
from baohuang.engine.buying import Buying
from baohuang.engine.declarations import DeclarationsPhase, Question
from baohuang.engine.table import PhasePart, Table
from baohuang.engine.trickplay import TrickPlay
from baohuang.rules.vocabulary import Event


class PhaseState(Table):
    """A table with its phases, their state readable (not settable) as attributes."""

    _buying: Buying
    _bidding: BiddingPhase
    _declarations: DeclarationsPhase
    _play: TrickPlay
    # The current phase, set when it begins (its methods are called once per decision; the
    # object, not its bound methods, so that a copy of the game calls its own phases).
    _part: PhasePart
    _hold_back_tuple: tuple[int, ...]

    def hand_sizes(self) -> list[int]:
        """Cards left in each seat's hand."""
        if self._play.counts:
            return list(self._play.sizes)
        return [len(h) for h in self.hands]

    def public_events(self) -> list[Event]:
        """Events every seat knows about."""
        return list(self.events)

    def question(self) -> str:
        """What the seat to act is asked now, in the phase's word (``pay``, ``grab``,
        ``offer``, ``guard``, ``rebel`` …, ``lead``, ``follow``; empty once the game is
        over): what its view's ``question`` says."""
        if self.phase == "finished":
            return ""
        play = self._play
        # In play (most decisions) the phase is asked as the TrickPlay it is: a direct call
        # of the compiled method, not a protocol call.
        return play.question() if self._part is play else self._part.question()

    @property
    def declaration_asked(self) -> Question | None:
        """The declaration question pending first: who is asked and what (None when none
        is pending)."""
        questions = self._declarations.questions
        return questions[0] if questions else None

    @property
    def simultaneous_round(self) -> bool:
        """Whether a simultaneous round of declarations (憋六: 同时选择) is open."""
        return self._declarations.simultaneous

    def rebels_seen_by(self, seat: int) -> list[int]:
        """The rebels `seat` may know of (see
        :meth:`~baohuang.engine.declarations.DeclarationsPhase.rebels_seen_by`)."""
        return self._declarations.rebels_seen_by(seat)

    @property
    def holder(self) -> int:
        """Who holds the emperor card (BJ*) in bidding."""
        return self._bidding.holder

    @property
    def first_holder(self) -> int:
        """Who was dealt the emperor card."""
        return self._bidding.first_holder

    @property
    def tips(self) -> list[int]:
        """Cards tipped (贴牌) so far."""
        return self._bidding.tips

    @property
    def rebels_declared(self) -> list[int]:
        """Seats that declared rebellion (造反); the rebels' own declarations (亮反) are in
        ``_declarations.rebel_declarers``."""
        return self._declarations.rebels_declared

    @property
    def counts(self) -> list[list[int]]:
        """Hands by rank in play (else [])."""
        return self._play.counts

    @property
    def sizes(self) -> list[int]:
        """Cards left per seat in play (else [])."""
        return self._play.sizes

    @property
    def dealt_ranks(self) -> list[frozenset[int]]:
        """Ranks held at the lead."""
        return self._play.dealt_ranks

    @property
    def trick(self) -> tuple[int, ...] | None:
        """The play to beat, or None."""
        return self._play.trick

    @property
    def trick_owner(self) -> int:
        """Who made the play to beat."""
        return self._play.trick_owner

    @property
    def passes(self) -> int:
        """Passes since the trick's last play."""
        return self._play.passes

    @property
    def second_circle(self) -> list[int]:
        """Deferrers still to answer."""
        return self._play.second_circle

    @property
    def out(self) -> list[bool]:
        """Whether each seat has gone out."""
        return self._play.out

    @property
    def finish(self) -> list[int]:
        """Seats in the order they went out."""
        return self._play.finish

    @property
    def plays(self) -> int:
        """Plays made (passes not counted)."""
        return self._play.plays

    @property
    def uneven_beats(self) -> int:
        """Beats with a different card count."""
        return self._play.uneven_beats

    @property
    def tricks(self) -> list[tuple[int, tuple[int, ...]]]:
        """Every (seat, play)."""
        return self._play.tricks

    @property
    def played_counts(self) -> list[int]:
        """Cards played, by rank."""
        return self._play.played_counts
