"""What one seat may know: the policy input (:class:`SeatView`) and the observation.

:meth:`Game.view <baohuang.engine.game.Game.view>` builds a :class:`SeatView` for every
decision of a bot (kept cheap: ints and tuples); :func:`observation` is the JSON-ready
form for people and the API (:meth:`Game.observe <baohuang.engine.game.Game.observe>`).
Neither shows another seat's cards or a hidden role.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from baohuang.engine.cards import NUM_RANKS, RANK_NAMES
from baohuang.engine.deck import RANK_OF, card_text
from baohuang.engine.frozen import Frozen
from baohuang.engine.table import Phase
from baohuang.rules.vocabulary import Event

if TYPE_CHECKING:
    from baohuang.engine.phase_state import PhaseState


class SeatView(Frozen):
    """What one seat knows when it must act: the input of a policy (bots).

    Built from :meth:`.Game.view`; holds only information that seat may have. Ranks are
    ints (see :mod:`baohuang.engine.cards`); `counts` is the seat's hand by rank (``NUM_RANKS``).
    A class compiled with the engine (a native class of the mypyc build): a bot reads its
    fields directly, where a named tuple cost an indexed, boxed read each and a slow
    release (issue 35). Its fields are final (read-only); views compare equal field by
    field, and :meth:`~.Frozen.replace` makes a copy with some fields changed.
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "phase",
        "question",
        "hand",
        "counts",
        "hand_sizes",
        "emperor",
        "known_partner",
        "i_am_guard",
        "public_guard",
        "solo",
        "trick",
        "trick_owner",
        "finish",
        "played",
        "rebels_declared",
        "events",
        "hold_back",
        "tips",
        "passes",
        "called_rank",
        "trick_bomb",
        "suits",
    )

    seat: Final[int]
    phase: Final[Phase]
    question: Final[str]
    """What is asked: grab, offer, solo, guard, declare_rebel, rebel, royal_kick, rebel_kick,
    lead, follow."""
    hand: Final[tuple[int, ...]]
    """Physical card ids (see :mod:`baohuang.engine.deck`) before play; () during play."""
    counts: Final[tuple[int, ...]]
    hand_sizes: Final[tuple[int, ...]]
    emperor: Final[int | None]
    known_partner: Final[int | None]
    """A teammate this seat knows for sure (the guard knows the emperor; anyone knows an
    open guard's side), or None."""
    i_am_guard: Final[bool]
    public_guard: Final[int | None]
    solo: Final[Literal["open", "hidden"] | None]
    trick: Final[tuple[int, ...] | None]
    trick_owner: Final[int | None]
    finish: Final[tuple[int, ...]]
    played: Final[tuple[int, ...]]
    rebels_declared: Final[tuple[int, ...]]
    """Seats known as rebels by their own word: rebellion (造反) or declaration (亮反)."""
    events: Final[tuple[Event, ...]]
    hold_back: Final[tuple[int, ...]]
    """Held-back ranks of the variant (public rules)."""
    tips: Final[int]
    """Cards tipped (贴牌) so far, travelling with the emperor card."""
    passes: Final[int]
    """Passes since the last play of the current trick."""
    called_rank: Final[int | None]
    """Rank of the card the emperor called to find his guard (public), or None."""
    trick_bomb: Final[bool]
    """With bombs of identical cards (棍): the play to beat is one (public)."""
    suits: Final[tuple[int, ...]]
    """With bombs of identical cards: the seat's own suited cards by card id (52 ints);
    () otherwise."""

    def __init__(
        self,
        seat: int,
        phase: Phase,
        question: str,
        hand: tuple[int, ...],
        counts: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        emperor: int | None,
        known_partner: int | None,
        i_am_guard: bool,
        public_guard: int | None,
        solo: Literal["open", "hidden"] | None,
        trick: tuple[int, ...] | None,
        trick_owner: int | None,
        finish: tuple[int, ...],
        played: tuple[int, ...],
        rebels_declared: tuple[int, ...],
        events: tuple[Event, ...],
        hold_back: tuple[int, ...],
        tips: int = 0,
        passes: int = 0,
        called_rank: int | None = None,
        trick_bomb: bool = False,
        suits: tuple[int, ...] = (),
    ) -> None:
        self.seat = seat
        self.phase = phase
        self.question = question
        self.hand = hand
        self.counts = counts
        self.hand_sizes = hand_sizes
        self.emperor = emperor
        self.known_partner = known_partner
        self.i_am_guard = i_am_guard
        self.public_guard = public_guard
        self.solo = solo
        self.trick = trick
        self.trick_owner = trick_owner
        self.finish = finish
        self.played = played
        self.rebels_declared = rebels_declared
        self.events = events
        self.hold_back = hold_back
        self.tips = tips
        self.passes = passes
        self.called_rank = called_rank
        self.trick_bomb = trick_bomb
        self.suits = suits

    def astuple(self) -> tuple[Any, ...]:
        """Every field, in order (written out: a view is compared field by field often)."""
        return (
            self.seat,
            self.phase,
            self.question,
            self.hand,
            self.counts,
            self.hand_sizes,
            self.emperor,
            self.known_partner,
            self.i_am_guard,
            self.public_guard,
            self.solo,
            self.trick,
            self.trick_owner,
            self.finish,
            self.played,
            self.rebels_declared,
            self.events,
            self.hold_back,
            self.tips,
            self.passes,
            self.called_rank,
            self.trick_bomb,
            self.suits,
        )


def observation(game: PhaseState, seat: int) -> dict[str, Any]:
    """What `seat` may know: its own cards, public roles and plays, never hidden ones."""
    me_guard = game.guard == seat and game.guard != game.emperor
    public_guard = game.guard if (game.guard_public or game.phase == "finished") else None
    hand: list[str]
    if game.phase == "play" or (game.phase == "finished" and game.counts):
        hand = [
            RANK_NAMES[r] for r in range(NUM_RANKS - 1, -1, -1) for _ in range(game.counts[seat][r])
        ]
    else:
        hand = [card_text(c) for c in sorted(game.hands[seat], reverse=True)]
    return {
        "seat": seat,
        "phase": game.phase,
        "to_act": game.to_act if game.phase != "finished" else None,
        "dealer": game.dealer,
        "hand": hand,
        "hand_sizes": game.hand_sizes(),
        "emperor": game.emperor if game.emperor >= 0 else None,
        "emperor_card_holder": game.holder if game.phase == "bidding" else None,
        "called_card": card_text(game.called_card) if game.called_card is not None else None,
        "guard": public_guard,
        "i_am_guard": me_guard,
        "solo": game.solo if (game.solo == "open" or game.guard_public) else None,
        "rebels_declared": list(game._declarations.rebels_seen_by(seat)),
        "events": game.public_events(),
        "tips": len(game.tips),
        "trick": " ".join(RANK_NAMES[r] for r in game.trick) if game.trick is not None else None,
        "trick_owner": game.trick_owner if game.trick is not None else None,
        "finish": list(game.finish),
        "played": {RANK_NAMES[r]: n for r, n in enumerate(game.played_counts) if n},
    }


def _roles(game: PhaseState, seat: int) -> tuple[int, int, bool, int]:
    """What `seat` knows of the roles, seats as ints (-1: none or unknown): the emperor
    (-1 before the bidding ends), a teammate known for sure, whether it is the guard
    itself, and the guard once public. Read by :func:`seat_view` and :func:`fill_play`."""
    emperor = game.emperor
    guard = game.guard
    public_guard = -1 if guard is None or not game.guard_public else guard
    i_am_guard = guard is not None and guard == seat and emperor >= 0 and seat != emperor
    known = -1
    if i_am_guard:
        known = emperor
    elif seat == emperor:
        known = public_guard
    return emperor, known, i_am_guard, public_guard


def _solo_seen(game: PhaseState, seat: int) -> Literal["open", "hidden"] | None:
    """The solo kind as `seat` knows it: an open solo, or a hidden one once public or to
    the emperor himself."""
    solo = game.solo
    if solo == "open" or game.guard_public or seat == game.emperor:
        return solo
    return None


def _or_none(seat: int) -> int | None:
    return None if seat < 0 else seat


def seat_view(game: PhaseState, seat: int) -> SeatView:
    """The policy input for `seat` (cheap to build; nothing hidden leaks): ``Game.view``.

    It reads the phases' state directly (this module is the game's reader of it), not
    through the game's properties: bots build one view per decision."""
    phase = game.phase
    p = game._play
    emperor, known, i_am_guard, public_guard = _roles(game, seat)
    if p.counts:
        hand: tuple[int, ...] = ()
        counts = p.view_counts(seat)
        sizes = p.view_sizes()
    else:
        hand = tuple(game.hands[seat])
        row = [0] * NUM_RANKS
        for c in hand:
            rank = RANK_OF[c]
            row[rank] = row[rank] + 1
        counts = tuple(row)
        sizes = tuple(len(h) for h in game.hands)
    question = game.question()
    return SeatView(
        seat,
        phase,
        question,
        hand,
        counts,
        sizes,
        _or_none(emperor),
        _or_none(known),
        i_am_guard,
        _or_none(public_guard),
        _solo_seen(game, seat),
        p.trick,
        p.trick_owner if p.trick is not None else None,
        tuple(p.finish) if p.finish else (),
        p.view_played(),
        tuple(game._declarations.rebels_seen_by(seat)),
        tuple(game.events) if game.events else (),
        game._hold_back_tuple,
        len(game._bidding.tips),
        p.passes,
        RANK_OF[game.called_card] if game.called_card is not None else None,
        p.trick_bomb,
        tuple(p.suits[seat]) if p.suits else (),
    )


class PlayTurn:
    """What a seat knows at its turn in the play, as a player of tricks reads it: a part of
    its :class:`SeatView`, seats as ints (-1: none).

    Not a policy's input (that is the view): the heuristic's play reads it
    (:meth:`.HeuristicPolicy.play`), filled from a view (:meth:`of_view`) or, where the
    heuristic plays many games (a search's rollouts, bulk simulation), straight from the
    game into one reused record (:func:`fill_play`): a view built and freed at every
    decision was a fifth of a search player's time (issue 35). Both fills give the same
    record (``tests/engine/test_play_turn.py``). Filled from the game, its lists are the
    game's own: read them before the move is applied, never change them.
    """

    seat: int
    counts: list[int]
    """The seat's hand by rank (``NUM_RANKS`` ints)."""
    hand_sizes: list[int]
    trick: tuple[int, ...] | None
    trick_owner: int
    emperor: int
    known_partner: int
    i_am_guard: bool
    public_guard: int
    open_solo: bool
    """The emperor plays an open solo (every seat knows it)."""
    trick_bomb: bool
    suits: list[int]
    """With bombs of identical cards: the seat's suited cards by card id (52 ints); empty
    otherwise."""

    def __init__(self) -> None:
        self.seat = 0
        self.counts = []
        self.hand_sizes = []
        self.trick = None
        self.trick_owner = -1
        self.emperor = -1
        self.known_partner = -1
        self.i_am_guard = False
        self.public_guard = -1
        self.open_solo = False
        self.trick_bomb = False
        self.suits = []

    @staticmethod
    def of_view(view: SeatView) -> PlayTurn:
        """The record of a view in the play."""
        turn = PlayTurn()
        turn.seat = view.seat
        turn.counts = list(view.counts)
        turn.hand_sizes = list(view.hand_sizes)
        turn.trick = view.trick
        turn.trick_owner = _seat_or(view.trick_owner)
        turn.emperor = _seat_or(view.emperor)
        turn.known_partner = _seat_or(view.known_partner)
        turn.i_am_guard = view.i_am_guard
        turn.public_guard = _seat_or(view.public_guard)
        turn.open_solo = view.solo == "open"
        turn.trick_bomb = view.trick_bomb
        turn.suits = list(view.suits)
        return turn

    def astuple(self) -> tuple[object, ...]:
        """Every field, in order (to compare two records)."""
        return (
            self.seat,
            tuple(self.counts),
            tuple(self.hand_sizes),
            self.trick,
            self.trick_owner,
            self.emperor,
            self.known_partner,
            self.i_am_guard,
            self.public_guard,
            self.open_solo,
            self.trick_bomb,
            tuple(self.suits),
        )


def _seat_or(seat: int | None) -> int:
    return -1 if seat is None else seat


def fill_play(game: PhaseState, seat: int, turn: PlayTurn) -> None:
    """Fill ``turn`` with what `seat` knows now, in the play (as :meth:`PlayTurn.of_view`
    of its view would, without building the view)."""
    p = game._play
    emperor, known, i_am_guard, public_guard = _roles(game, seat)
    turn.seat = seat
    turn.counts = p.counts[seat]
    turn.hand_sizes = p.sizes
    trick = p.trick
    turn.trick = trick
    turn.trick_owner = p.trick_owner if trick is not None else -1
    turn.emperor = emperor
    turn.known_partner = known
    turn.i_am_guard = i_am_guard
    turn.public_guard = public_guard
    turn.open_solo = game.solo == "open"
    turn.trick_bomb = p.trick_bomb
    turn.suits = p.suits[seat] if p.suits else _NO_SUITS


#: The suits of a turn without bombs of identical cards (shared: never changed).
_NO_SUITS: Final[list[int]] = []
