"""Declarations (docs/rules.md §5): between the crowning and the first lead.

In stages: the hidden solo emperor or the guard chooses open or hidden (明保/暗保), the
other seats may declare themselves rebels (亮反, each on his own) and rebel (造反; either
with the guard's choice, not knowing it, as under 憋六), and after a rebellion or an open
guard the other side may kick (踢). Each answer may make the
guard public or add an event that the score multiplies by. :class:`DeclarationsPhase` keeps
the pending questions and the answers so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.mypyc_attrs import mypyc_attr
from baohuang.engine.table import Table, not_allowed

QuestionKind = Literal["solo", "guard", "declare_rebel", "rebel", "royal_kick", "rebel_kick"]
"""What a declaration asks."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Question:
    """A pending declaration: who is asked and what."""

    seat: int
    kind: QuestionKind


@mypyc_attr(serializable=True)
class DeclarationsPhase:
    """The declarations of one game: the questions pending, the rebels and kickers.

    :meth:`start` and :meth:`apply` return the next seat to act, or -1 when the
    declarations are over and play begins.
    """

    __slots__ = (
        "kickers",
        "pending_declared",
        "pending_reveal",
        "questions",
        "rebel_declarers",
        "rebels_declared",
        "simultaneous",
        "stage",
        "table",
        "together",
    )
    # Game.release() deletes it to break the cycle with the game (a search's copies).
    __deletable__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table
        self.questions: list[Question] = []
        self.stage = 0
        self.rebels_declared: list[int] = []
        """Seats that declared rebellion (造反), in the order asked."""
        self.rebel_declarers: list[int] = []
        """Seats that declared themselves rebels (亮反, `rebel_declaration`), in the order
        asked (those that count, at most `max_declarers`)."""
        self.pending_declared = 0
        """In a simultaneous round: declarations made, shown (and counted as events) at its end."""
        self.kickers: list[int] = []
        self.simultaneous = False
        """The guard's (or hidden solo's) choice and the rebels' are being made together."""
        self.pending_reveal = False
        """In a simultaneous round: the guard (or solo emperor) chose open; shown at its end."""
        self.together = False
        """A simultaneous round was held (its rebels and declarers are not asked again)."""

    def copy_for(self, table: Table) -> DeclarationsPhase:
        """A copy of this phase's state for ``table`` (a copy of its game: Game.clone)."""
        new = DeclarationsPhase(table)
        new.kickers = self.kickers[:]
        new.pending_declared = self.pending_declared
        new.pending_reveal = self.pending_reveal
        new.questions = [Question(q.seat, q.kind) for q in self.questions]
        new.rebel_declarers = self.rebel_declarers[:]
        new.rebels_declared = self.rebels_declared[:]
        new.simultaneous = self.simultaneous
        new.stage = self.stage
        new.together = self.together
        return new

    # ------------------------------------------------------------------ the phase

    def rebels_seen_by(self, seat: int) -> list[int]:
        """The rebels `seat` may know of: all who declared rebellion or declared themselves
        rebels (亮反), except while a simultaneous round (憋六: 同时选择) is open, when each
        seat knows only its own choice."""
        known = self.rebels_declared
        if self.rebel_declarers:
            known = known + [s for s in self.rebel_declarers if s not in known]
        if self.simultaneous:
            return [s for s in known if s == seat]
        return known

    def start(self) -> int:
        """Begin after the crowning; the first seat asked, or -1 when nobody is."""
        self.stage = 0
        self.questions = []
        self.together = False
        return self._advance()

    def question(self) -> str:
        """What the seat to act is asked (a :data:`QuestionKind`), or '' when nothing."""
        return self.questions[0].kind if self.questions else ""

    def actions(self, seat: int) -> list[Action]:
        """What `seat` (the one asked) may answer."""
        q = self.questions[0]
        if q.kind == "solo":
            return [A.OPEN_SOLO, A.HIDDEN_SOLO]
        if q.kind == "guard":
            return [A.OPEN_GUARD, A.HIDDEN_GUARD]
        if q.kind == "rebel":
            # The hidden guard is asked too, so that nobody learns who he is by who is asked.
            return [A.NO_REBEL] if q.seat == self.table.guard else [A.REBEL, A.NO_REBEL]
        if q.kind == "declare_rebel":
            # The same for a rebel's own declaration: the guard cannot declare himself a rebel.
            if q.seat == self.table.guard:
                return [A.NO_DECLARE_REBEL]
            return [A.DECLARE_REBEL, A.NO_DECLARE_REBEL]
        return [A.KICK, A.NO_KICK]

    def reject(self, seat: int, action: Action) -> str | None:
        """Why `action` is not allowed for `seat` now, or None."""
        return not_allowed(action, seat, "declarations", self.actions(seat))

    def default(self, seat: int) -> Action:
        """托管 (docs/rules.md §7): stay hidden, do not declare, do not rebel, do not kick."""
        legal = self.actions(seat)
        # Every answer list holds exactly one of these.
        return next(
            p
            for p in (A.HIDDEN_GUARD, A.HIDDEN_SOLO, A.NO_DECLARE_REBEL, A.NO_REBEL, A.NO_KICK)
            if p in legal
        )

    def apply(self, seat: int, action: Action) -> int:
        """Take `seat`'s answer; the next seat asked, or -1 when play begins."""
        t = self.table
        q = self.questions.pop(0)
        d = t.cv.variant.declarations
        if action in (A.OPEN_SOLO, A.OPEN_GUARD) and self.simultaneous:
            self.pending_reveal = True  # shown when every rebel has chosen too
        elif action == A.OPEN_SOLO:
            t.solo = "open"
            t.guard_public = True
        elif action == A.OPEN_GUARD:
            t.reveal_guard(by_choice=True)
        elif action == A.REBEL:
            self.rebels_declared.append(q.seat)
        elif action == A.DECLARE_REBEL:
            self._declare_rebel(q.seat)
        elif action == A.KICK:
            self.kickers.append(q.seat)
            if q.kind == "royal_kick":
                t.events.append("kick")
                self.questions = []
        if self.simultaneous and not self.questions:
            self.simultaneous = False
            for _ in range(self.pending_declared):
                t.events.append("rebel_declared")
            self.pending_declared = 0
            if self.pending_reveal:
                self.pending_reveal = False
                if t.solo == "hidden":
                    t.solo = "open"
                    t.guard_public = True
                else:
                    t.reveal_guard(by_choice=True)
        rebellion_round_over = (
            q.kind in ("rebel", "guard", "solo", "declare_rebel") and not self.questions
        )
        if (
            rebellion_round_over
            and not t.guard_public
            and d.rebellion is not None
            and self.rebels_declared
            and len(self.rebels_declared) >= d.rebellion.threshold
        ):
            t.events.append("rebellion")
            t.guard_public = True
            t.guard_open = True
        if q.kind == "rebel_kick" and not self.questions:
            needed = None
            if d.kick is not None:
                needed = (
                    d.kick.rebels_after_open_solo
                    if t.guard is None
                    else d.kick.rebels_after_open_guard
                )
            if needed is None:
                raise ValueError("A rebel kick question without the kick rules that ask it.")
            if len(self.kickers) >= needed:
                t.events.append("kick")
        return self._advance()

    def _declare_rebel(self, seat: int) -> None:
        """亮反: `seat` shows himself a rebel (the event rebel_declared), up to `max_declarers`;
        out of a simultaneous round nobody else is asked once they are made."""
        rule = self.table.cv.variant.declarations.rebel_declaration
        if rule is None:
            raise ValueError("A rebel declaration without the rule that asks it.")
        if len(self.rebel_declarers) >= rule.max_declarers:
            return  # chosen at the same time as earlier declarers who already fill the count
        self.rebel_declarers.append(seat)
        if self.simultaneous:
            self.pending_declared += 1
            return
        self.table.events.append("rebel_declared")
        if len(self.rebel_declarers) >= rule.max_declarers:
            self.questions = [q for q in self.questions if q.kind != "declare_rebel"]

    # ------------------------------------------------------------------ stages

    def _advance(self) -> int:
        """Ask the next stage's questions until someone is asked (or the stages run out)."""
        t = self.table
        d = t.cv.variant.declarations
        emperor = t.emperor
        while not self.questions:
            stage = self.stage
            self.stage += 1
            if stage == 0:
                if t.solo == "hidden":
                    self.questions = [Question(emperor, "solo")]
                elif t.guard is not None and not t.guard_public:
                    if d.guard_reveal == "choice":
                        self.questions = [Question(t.guard, "guard")]
                    elif d.guard_reveal == "open":
                        t.reveal_guard(by_choice=True)
                rebel_now = d.rebellion is not None and d.rebellion.timing == "with_guard"
                declare = d.rebel_declaration
                declare_now = declare is not None and declare.timing == "with_guard"
                if self.questions and (rebel_now or declare_now):
                    # 憋六: the rebels choose while the guard chooses, not knowing his choice
                    # (and he not knowing theirs); so do rebels declaring themselves.
                    self.simultaneous = True
                    self.together = True
                    chooser = self.questions[0]
                    self.questions = [chooser] if chooser.seat == emperor else []
                    for k in range(1, 5):
                        s = (emperor + k) % 5
                        if declare_now:
                            self.questions.append(Question(s, "declare_rebel"))
                        if s == chooser.seat:
                            self.questions.append(chooser)
                        elif rebel_now:
                            self.questions.append(Question(s, "rebel"))
            elif stage == 1:
                declare = d.rebel_declaration
                if (
                    declare is not None
                    and not (self.together and declare.timing == "with_guard")
                    and self._hidden()
                ):
                    seats = [(emperor + k) % 5 for k in range(1, 5)]
                    self.questions = [Question(s, "declare_rebel") for s in seats]
            elif stage == 2:
                rebellion = d.rebellion
                if (
                    rebellion is not None
                    and not (self.together and rebellion.timing == "with_guard")
                    and self._hidden()
                ):
                    seats = [(emperor + k) % 5 for k in range(1, 5)]
                    self.questions = [Question(s, "rebel") for s in seats]
            elif stage == 3:
                if d.kick is not None:
                    if "rebellion" in t.events and d.kick.royals_after_rebellion:
                        royals = [emperor] + ([t.guard] if t.guard is not None else [])
                        self.questions = [Question(s, "royal_kick") for s in royals]
                    elif "open_guard" in t.events and d.kick.rebels_after_open_guard:
                        rebels = [
                            (emperor + k) % 5 for k in range(1, 5) if (emperor + k) % 5 != t.guard
                        ]
                        self.questions = [Question(s, "rebel_kick") for s in rebels]
                    elif t.solo == "open" and t.guard is None and d.kick.rebels_after_open_solo:
                        others = [(emperor + k) % 5 for k in range(1, 5)]
                        self.questions = [Question(s, "rebel_kick") for s in others]
            else:
                return -1
        return self.questions[0].seat

    def _hidden(self) -> bool:
        """Whether the guard (or a solo emperor) is still hidden."""
        t = self.table
        return (t.guard is not None and not t.guard_public) or t.solo == "hidden"
