"""The engine as a game for AI tools: a fixed integer action space and observation vectors.

**Action space.** Every variant has a fixed, finite list of actions, numbered from 0
(:func:`action_space`): first the words (the same for every variant, in
:data:`WORD_ORDER`), then ``call:<card>`` for the 56 card ids, ``pay:<rank>`` for the 15
ranks 3 … BJ (the card a buyer pays with, 买3), then every play the variant's
rules allow from the most cards of each rank one hand can hold (``CompiledVariant.rank_limits``),
sorted by size and then high to low. So the legal actions of any state are a list of ints
(:meth:`ActionSpace.legal`), and an int means the same action in every game of the variant.
:meth:`ActionSpace.to_string` / :meth:`~ActionSpace.from_string` go to and from the record
text of :mod:`~baohuang.engine.actions` (``"pass"``, ``"call:4s"``, ``"play BJ 9 9 9"``).
Sizes of the bundled variants: 5,315 actions for the full 216-card deck (5,340 for HD, with
its card above the big joker), 4,040 for the 165-card Weihai / 憋六 trims, 4,115 for the
168-card Tongchengyou Weihai, 154,790 for 憋三 (where 2s attach to sets), 21,917 for
wh-baohuang (its three joker stacks, 叠加, are plays of their own: ``play STK1 9 9``).

**Observation.** :func:`observation_vector` turns a seat's view (a
:class:`~baohuang.engine.seatview.SeatView`, so only what that seat may know) into a list
of :data:`OBSERVATION_SIZE` (228) numbers, the same layout for every variant;
:func:`observation_array` gives it as a NumPy ``float32`` array. Fields, in order
(:data:`OBSERVATION_FIELDS` lists them with their offsets):

=================  =====  ==============================================================
field              size   meaning
=================  =====  ==============================================================
seat               5      one-hot: the observing seat
phase              5      one-hot: buying, bidding, declarations, play, finished
question           12     one-hot: grab, offer, solo, guard, rebel, royal_kick,
                          rebel_kick, lead, follow, declare_rebel, pay, other (nothing
                          asked)
hand_ranks         21     the seat's cards by rank (3 … 2, SJ, BJ, STK1, TOP, STK2, TOP2,
                          STK3, STK4; a hand never holds a joker stack, 叠加)
hand_cards         56     before play: the seat's cards by card id (suits and marks matter
                          in bidding); zeros in play
hand_sizes         5      cards each seat holds
played             21     cards played so far, by rank (a stack's jokers as jokers)
trick              21     the play to beat, by rank (zeros when leading)
trick_owner        5      one-hot: who made the play to beat
passes             1      passes since the trick's last play
emperor            5      one-hot: the emperor, once known
known_guard        5      one-hot: the guard if public, or if the seat is the guard (itself)
i_am_guard         1      1 if the seat is the guard (hidden or not)
known_partner      5      one-hot: a teammate the seat knows for sure
solo               2      open solo, hidden solo (as far as the seat knows)
finish             25     5 × one-hot: for each seat, its place (1st … 5th) if out
rebels_declared    5      seats known as rebels by their word (造反 or 亮反)
events             6      open_guard, guard_known, rebellion, kick, grabbed_solo, other
tips               1      cards tipped so far (贴牌)
called_rank        21     one-hot: the rank of the called card, once called
=================  =====  ==============================================================

Two states that differ only in what the seat cannot see (other hands, a hidden guard)
give the same vector: the vector is a function of the view alone
(``tests/engine/test_encoding.py`` checks it with twin games).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action, parse_action
from baohuang.engine.cards import NUM_RANKS, RANK_NAMES
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck import NUM_CARD_IDS, card_text
from baohuang.engine.follows import legal_follows
from baohuang.engine.seatview import SeatView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from baohuang.engine.game import Game

#: The word actions, in the order of their numbers (0 …).
WORD_ORDER: tuple[str, ...] = (
    A.PASS,
    A.DEFER,
    A.APPLY_WIND,
    A.AUTO,
    A.ASCEND,
    A.ABDICATE,
    A.DECLARE_SOLO,
    A.GRAB,
    A.NO_GRAB,
    A.OPEN_GUARD,
    A.HIDDEN_GUARD,
    A.OPEN_SOLO,
    A.HIDDEN_SOLO,
    A.REBEL,
    A.NO_REBEL,
    A.KICK,
    A.NO_KICK,
    A.DECLARE_REBEL,
    A.NO_DECLARE_REBEL,
    A.ABDICATE_SKIP,
)

#: Calls of the guard's card, one per card id (after the words).
CALLS: tuple[str, ...] = tuple(A.CALL_PREFIX + card_text(c) for c in range(NUM_CARD_IDS))

#: Payments for a bought card (买3), one per rank a card can be paid with: 3 … 2, SJ, BJ
#: (after the calls; no rank above the big joker, since a marked card never pays).
PAYS: tuple[str, ...] = tuple(A.PAY_PREFIX + name for name in RANK_NAMES[:15])


class NotAnAction(ValueError):
    """An int or an action outside the variant's action space."""


class ActionSpace:
    """The numbered actions of one variant (see the module docstring)."""

    __slots__ = ("_index", "actions", "checksum", "num_plays", "size")

    def __init__(self, cv: CompiledVariant) -> None:
        # The most cards of each rank one hand can hold; a joker stack (叠加) is formed from
        # the jokers there, like in a hand (legal_follows), so its own limit is left out.
        stacks = cv.play.tables.stack_cards
        most = [0 if stacks[r] else n for r, n in enumerate(cv.rank_limits)]
        plays = legal_follows(most, None, cv.play)
        self.actions: tuple[Action, ...] = (*WORD_ORDER, *CALLS, *PAYS, *plays)
        """Every action, at its number."""
        self.size = len(self.actions)
        """How many actions there are (the ints are 0 … size − 1)."""
        self.num_plays = len(plays)
        """How many of them are plays (the last ones)."""
        self.checksum = cv.checksum
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionSpace:
        return self  # immutable: copies of a game (search, OpenSpiel's clones) share it

    def encode(self, action: Action) -> int:
        """The number of an action; NotAnAction if the variant can never take it."""
        if isinstance(action, list):
            action = tuple(action)
        if isinstance(action, tuple) and any(a < b for a, b in pairwise(action)):
            action = tuple(sorted(action, reverse=True))
        found = self._index.get(action)
        if found is None:
            raise NotAnAction(f"'{format_action(action)}' is not an action of this variant")
        return found

    def decode(self, number: int) -> Action:
        """The action with this number; NotAnAction outside 0 … size − 1."""
        if not 0 <= number < self.size:
            raise NotAnAction(f"{number} is not an action number (0 … {self.size - 1})")
        return self.actions[number]

    def to_string(self, number: int) -> str:
        """The record text of the action with this number (``"play 9 9 9"``, ``"pass"``)."""
        return format_action(self.decode(number))

    def from_string(self, text: str) -> int:
        """The number of the action written as in a game record."""
        try:
            action = parse_action(text)
        except A.ActionError as exc:
            raise NotAnAction(str(exc)) from exc
        return self.encode(action)

    def legal(self, game: Game) -> list[int]:
        """The legal actions of the seat to act in `game`, as sorted numbers."""
        return sorted(self.encode(a) for a in game.legal_actions())


_SPACES: dict[str, ActionSpace] = {}


def action_space(cv: CompiledVariant) -> ActionSpace:
    """The variant's action space (built once per variant checksum, then shared)."""
    space = _SPACES.get(cv.checksum)
    if space is None:
        space = _SPACES[cv.checksum] = ActionSpace(cv)
    return space


def action_to_string(cv: CompiledVariant, number: int) -> str:
    """The record text of action `number` of the variant."""
    return action_space(cv).to_string(number)


def string_to_action(cv: CompiledVariant, text: str) -> int:
    """The number of the action written `text` (record notation) in the variant."""
    return action_space(cv).from_string(text)


# --------------------------------------------------------------------------- observation

_PHASES = ("buying", "bidding", "declarations", "play", "finished")
_QUESTIONS = (
    "grab",
    "offer",
    "solo",
    "guard",
    "rebel",
    "royal_kick",
    "rebel_kick",
    "lead",
    "follow",
    "declare_rebel",
    "pay",
)
_EVENTS = ("open_guard", "guard_known", "rebellion", "kick", "grabbed_solo")

#: (name, size) of each field of the observation vector, in order.
OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("seat", 5),
    ("phase", 5),
    ("question", len(_QUESTIONS) + 1),
    ("hand_ranks", NUM_RANKS),
    ("hand_cards", NUM_CARD_IDS),
    ("hand_sizes", 5),
    ("played", NUM_RANKS),
    ("trick", NUM_RANKS),
    ("trick_owner", 5),
    ("passes", 1),
    ("emperor", 5),
    ("known_guard", 5),
    ("i_am_guard", 1),
    ("known_partner", 5),
    ("solo", 2),
    ("finish", 25),
    ("rebels_declared", 5),
    ("events", len(_EVENTS) + 1),
    ("tips", 1),
    ("called_rank", NUM_RANKS),
)


def _offsets() -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, size in OBSERVATION_LAYOUT:
        out[name] = (at, size)
        at += size
    return out


#: Each field's (offset, size) in the vector.
OBSERVATION_FIELDS: dict[str, tuple[int, int]] = _offsets()
#: Numbers in an observation vector.
OBSERVATION_SIZE: int = sum(size for _, size in OBSERVATION_LAYOUT)


def observation_vector(view: SeatView) -> list[float]:
    """The seat's information state as :data:`OBSERVATION_SIZE` numbers (module docstring)."""
    v = [0.0] * OBSERVATION_SIZE
    f = OBSERVATION_FIELDS

    def one_hot(name: str, index: int | None) -> None:
        if index is not None and index >= 0:
            v[f[name][0] + index] = 1.0

    def fill(name: str, values: Sequence[int]) -> None:
        at = f[name][0]
        for i, x in enumerate(values):
            v[at + i] = float(x)

    one_hot("seat", view.seat)
    one_hot("phase", _PHASES.index(view.phase))
    q = view.question
    one_hot("question", _QUESTIONS.index(q) if q in _QUESTIONS else len(_QUESTIONS))
    fill("hand_ranks", view.counts)
    at = f["hand_cards"][0]
    for card in view.hand:
        v[at + card] += 1.0
    fill("hand_sizes", view.hand_sizes)
    fill("played", view.played)
    if view.trick is not None:
        at = f["trick"][0]
        for r in view.trick:
            v[at + r] += 1.0
    one_hot("trick_owner", view.trick_owner)
    v[f["passes"][0]] = float(view.passes)
    one_hot("emperor", view.emperor)
    one_hot("known_guard", view.seat if view.i_am_guard else view.public_guard)
    v[f["i_am_guard"][0]] = 1.0 if view.i_am_guard else 0.0
    one_hot("known_partner", view.known_partner)
    if view.solo is not None:
        one_hot("solo", 0 if view.solo == "open" else 1)
    at = f["finish"][0]
    for place, seat in enumerate(view.finish):
        v[at + 5 * seat + place] = 1.0
    for seat in view.rebels_declared:
        one_hot("rebels_declared", seat)
    at = f["events"][0]
    for event in view.events:
        v[at + (_EVENTS.index(event) if event in _EVENTS else len(_EVENTS))] = 1.0
    v[f["tips"][0]] = float(view.tips)
    one_hot("called_rank", view.called_rank)
    return v


def observation_array(view: SeatView) -> NDArray[np.float32]:
    """:func:`observation_vector` as a NumPy ``float32`` array."""
    import numpy as np

    return np.asarray(observation_vector(view), dtype=np.float32)


__all__: list[Any] = [
    "CALLS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "WORD_ORDER",
    "ActionSpace",
    "NotAnAction",
    "action_space",
    "action_to_string",
    "observation_array",
    "observation_vector",
    "string_to_action",
]
