"""Actions of the game and their text form in game records.

An action is either a word (``"pass"``, ``"ascend"``, ``"call:4s"`` …) or a play: a tuple of
rank ints sorted high to low. Records write plays as ``"play BJ SJ 9 9 9 9"``.
"""

from __future__ import annotations

from typing import Final

from baohuang.engine.notation import NotationError, format_play, parse_ranks
from baohuang.engine.reasons import from_notation, reason

Action = str | tuple[int, ...]

# Bidding.
ASCEND: Final = "ascend"
ABDICATE: Final = "abdicate"
ABDICATE_SKIP: Final = "abdicate_skip"
"""A holder of both marked cards passes the emperor card two seats on (when he may choose)."""
DECLARE_SOLO: Final = "declare_solo"
GRAB: Final = "grab"
NO_GRAB: Final = "no_grab"
CALL_PREFIX: Final = "call:"
# Buying a card (买3): the rank the buyer pays with.
PAY_PREFIX: Final = "pay:"
# Declarations.
OPEN_GUARD: Final = "open_guard"
HIDDEN_GUARD: Final = "hidden_guard"
OPEN_SOLO: Final = "open_solo"
HIDDEN_SOLO: Final = "hidden_solo"
REBEL: Final = "rebel"
NO_REBEL: Final = "no_rebel"
DECLARE_REBEL: Final = "declare_rebel"
NO_DECLARE_REBEL: Final = "no_declare_rebel"
KICK: Final = "kick"
NO_KICK: Final = "no_kick"
# Play.
PASS: Final = "pass"  # noqa: S105 (the action name "pass", not a password)
DEFER: Final = "defer"
APPLY_WIND: Final = "apply_wind"
# Any phase: let the system play this turn (托管).
AUTO: Final = "auto"

WORDS: Final = frozenset(
    {
        ASCEND,
        ABDICATE,
        ABDICATE_SKIP,
        DECLARE_SOLO,
        GRAB,
        NO_GRAB,
        OPEN_GUARD,
        HIDDEN_GUARD,
        OPEN_SOLO,
        HIDDEN_SOLO,
        REBEL,
        NO_REBEL,
        DECLARE_REBEL,
        NO_DECLARE_REBEL,
        KICK,
        NO_KICK,
        PASS,
        DEFER,
        APPLY_WIND,
        AUTO,
    }
)


class ActionError(ValueError):
    """An action written in a record cannot be read."""


def high_to_low(ranks: tuple[object, ...]) -> bool:
    """Whether a play is rank ints sorted high to low (the form the engine keeps).

    Anything else (another order, or items that are not ints) is False: the caller sorts
    the play, and checking it says what is wrong.
    """
    last = 1 << 30
    for item in ranks:
        if type(item) is not int:
            return False
        r: int = item
        if r > last:
            return False
        last = r
    return True


def format_action(action: Action) -> str:
    """The record text of an action."""
    if isinstance(action, tuple):
        return "play " + format_play(action)
    return action


def parse_action(text: object) -> Action:
    """Read an action from its record text; ActionError says what is wrong (also when
    ``text`` is not a string: records come from outside)."""
    if not isinstance(text, str):
        raise ActionError(reason("action_not_text", type=type(text).__name__))
    t = text.strip()
    if t.startswith("play ") or t == "play":
        try:
            ranks = parse_ranks(t[5:])
        except NotationError as exc:
            raise ActionError(from_notation(exc)) from exc
        return tuple(sorted(ranks, reverse=True))
    if t in WORDS or t.startswith(CALL_PREFIX) or t.startswith(PAY_PREFIX):
        return t
    raise ActionError(reason("not_an_action", action=text))
