"""The table: what every phase of a game shares.

The variant, the seed and its random stream, the cards dealt, whose turn it is, the roles
as far as they are settled (who is emperor, who guards, solo or not, what is public), the
events that change the score, and the record of the game so far. Each phase
(:mod:`~baohuang.engine.bidding`, :mod:`~baohuang.engine.declarations`,
:mod:`~baohuang.engine.trickplay`) keeps its own state and reads and writes this; the
conductor, :class:`~baohuang.engine.game.Game`, is a table.

Seats 0–4; play goes clockwise, to seat + 1 (the 下家, downstream); seat − 1 is the
上家 (upstream).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, Protocol

from baohuang.engine.actions import Action, format_action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import card_text
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.reasons import not_allowed_now
from baohuang.engine.tribute import TributeCard, TributePlan
from baohuang.rules.vocabulary import Event

Phase = Literal["buying", "bidding", "declarations", "play", "finished"]
"""The phase of a game (dealing and buying happen before bidding, settling at the end)."""


def downstream(seat: int) -> int:
    """The 下家: the seat that plays right after `seat`."""
    return (seat + 1) % 5


def upstream(seat: int) -> int:
    """The 上家: the seat that plays right before `seat`."""
    return (seat - 1) % 5


def not_allowed(action: Action, seat: int, phase: Phase, legal: Sequence[Action]) -> str | None:
    """Why `action` is refused for `seat` in a phase with these legal actions (None if allowed)."""
    if action in legal:
        return None
    return not_allowed_now(format_action(action), seat, phase, map(format_action, legal))


class PhasePart(Protocol):
    """What each phase of play answers (bidding, declarations, trickplay).

    The conductor binds these methods when the phase begins and calls them for the seat
    to act; `apply` returns the next seat to act, or -1 when the phase is over.
    """

    def question(self) -> str:
        """What the seat to act is asked (``SeatView.question``)."""
        ...

    def actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (a fresh list)."""
        ...

    def reject(self, seat: int, action: Action) -> str | None:
        """Why `action` is not allowed for `seat` now, or None."""
        ...

    def default(self, seat: int) -> Action:
        """托管 (docs/rules.md §7): the answer the system gives for `seat`."""
        ...

    def apply(self, seat: int, action: Action) -> int:
        """Take an allowed action; the next seat to act, or -1 when the phase is over."""
        ...


@mypyc_attr(serializable=True)
class Table:
    """The state every phase shares (see the module docstring).

    Its initialiser is written out, not a dataclass's: that one runs as Python even in the
    native core, and a search builds a table for every copy of a game (issue 35). Build a
    game with :meth:`.Game.new`; in the native core a serializable class's initialiser runs
    only when compiled code calls the class, so the engine never builds one from Python.
    """

    cv: CompiledVariant
    seed: int
    dealer: int
    rng: random.Random
    hands: list[list[int]]
    """Card ids per seat, sorted, as dealt, bought, paid and passed (until play begins)."""
    phase: Phase
    to_act: int
    history: list[Action]
    # the deal
    buys: list[tuple[int, int, int, int | None]]
    """买3: (buyer, seller, card, card paid or None) for each sale of this deal."""
    tribute_paid: list[TributeCard]
    tribute_plan: TributePlan | None
    redeals: int
    abdications: int
    # roles
    emperor: int
    guard: int | None
    solo: Literal["open", "hidden"] | None
    called_card: int | None
    guard_public: bool
    guard_open: bool
    grabbed: bool
    marks_void: bool
    events: list[Event]
    # automatic play (托管)
    auto_spells: list[int]
    """Spells of automatic play per seat (a spell lasts until the seat acts itself)."""
    auto_turns: list[int]
    """Turns played automatically per seat."""
    in_spell: list[bool]

    def __init__(
        self,
        cv: CompiledVariant,
        seed: int,
        dealer: int,
        rng: random.Random,
        hands: list[list[int]],
    ) -> None:
        self.cv = cv
        self.seed = seed
        self.dealer = dealer
        self.rng = rng
        self.hands = hands
        self.phase = "bidding"
        self.to_act = 0
        self.history = []
        self.buys = []
        self.tribute_paid = []
        self.tribute_plan = None
        self.redeals = 0
        self.abdications = 0
        self.emperor = -1
        self.guard = None
        self.solo = None
        self.called_card = None
        self.guard_public = False
        self.guard_open = False
        self.grabbed = False
        self.marks_void = False
        self.events = []
        self.auto_spells = [0] * 5
        self.auto_turns = [0] * 5
        self.in_spell = [False] * 5

    def seat_of(self, card: int) -> int:
        """The seat whose hand holds `card` (the first one, if several copies are dealt)."""
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        raise RuntimeError(f"card {card_text(card)} is in no hand")

    def reveal_guard(self, by_choice: bool) -> None:
        """The guard becomes public (and, chosen by him, the 'open_guard' event)."""
        self.guard_public = True
        self.guard_open = True
        if by_choice:
            self.events.append("open_guard")
