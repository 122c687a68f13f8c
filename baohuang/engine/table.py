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
from dataclasses import dataclass, field
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
@dataclass
class Table:
    """The state every phase shares (see the module docstring)."""

    cv: CompiledVariant
    seed: int
    dealer: int
    rng: random.Random
    hands: list[list[int]]
    """Card ids per seat, sorted, as dealt, bought, paid and passed (until play begins)."""
    phase: Phase = "bidding"
    to_act: int = 0
    history: list[Action] = field(default_factory=list)
    # the deal
    buys: list[tuple[int, int, int, int | None]] = field(default_factory=list)
    """买3: (buyer, seller, card, card paid or None) for each sale of this deal."""
    tribute_paid: list[TributeCard] = field(default_factory=list)
    tribute_plan: TributePlan | None = None
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
    events: list[Event] = field(default_factory=list)
    # automatic play (托管)
    auto_spells: list[int] = field(default_factory=lambda: [0] * 5)
    """Spells of automatic play per seat (a spell lasts until the seat acts itself)."""
    auto_turns: list[int] = field(default_factory=lambda: [0] * 5)
    """Turns played automatically per seat."""
    in_spell: list[bool] = field(default_factory=lambda: [False] * 5)

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
