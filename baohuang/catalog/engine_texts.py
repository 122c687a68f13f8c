"""The engine's input errors in the request's language.

The engine (:mod:`baohuang.engine`) does not use Django; its input errors carry a
``code``. A bad card is worded by the engine's own reasons (its catalog); a scoring input
error gets its sentence here, so the API answers in Chinese or English.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from baohuang.engine.notation import NotationError
from baohuang.engine.reasons import Reason, from_notation, say
from baohuang.engine.scoring import ScoringError


def notation_message(exc: NotationError) -> tuple[str, dict[str, Any]]:
    """The sentence of a notation error, in the request's language (the engine's own
    reason, :func:`~baohuang.engine.reasons.from_notation`), and its params."""
    params: dict[str, Any] = {"token": exc.token}
    if exc.numbered:
        params["card"] = exc.position + 1
    return say(from_notation(exc)), params


def sentences(reasons: Iterable[Reason]) -> list[dict[str, Any]]:
    """Engine reasons as the API gives them: ``{code, params, text}``, the text in the
    request's language (nested reasons in params as ``{code, params}``)."""
    return [{**why.as_json(), "text": say(why)} for why in reasons]


def scoring_message(exc: ScoringError) -> str:
    """The sentence of a scoring input error (by its code; the engine's text otherwise)."""
    texts = {
        "finish_order": _(
            "The finish order must list each seat 0–4 exactly once, in the order they went out."
        ),
        "emperor_seat": _("The emperor must be a seat from 0 to 4."),
        "guard_missing": _("A game with a guard needs his seat; for a solo game set solo."),
        "guard_seat": _("The guard must be a seat from 0 to 4."),
        "guard_is_emperor": _(
            "The guard cannot be the emperor; an emperor who is his own guard plays solo."
        ),
        "solo_has_guard": _("A solo game has no guard: set guard to null."),
        "carried_seats": _("Give the carried amount of all five seats."),
        "automatic_seat": _("Automatic seats must be seats from 0 to 4."),
        "quit_seat": _("Seats that quit must be seats from 0 to 4."),
        "shut_in_seat": _("Seats shut in must be seats from 0 to 4."),
        "game_ender_seat": _("The player who ended the game must be a seat from 0 to 4."),
    }
    return texts.get(exc.code, str(exc))
