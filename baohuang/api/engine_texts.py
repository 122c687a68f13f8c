"""The engine's input errors in the request's language.

The engine (:mod:`baohuang.engine`) does not use Django and writes its sentences in
English; its input errors carry a ``code`` instead. Here each code gets its sentence
through gettext, so the API answers a bad card or a bad seat in Chinese or English.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from baohuang.engine.notation import NotationError
from baohuang.engine.scoring import ScoringError


def notation_message(exc: NotationError) -> tuple[str, dict[str, Any]]:
    """The sentence of a notation error and its params (``token``, ``card``)."""
    params: dict[str, Any] = {"token": exc.token}
    if exc.code == "rank_has_no_suit":
        text = _("'%(token)s' is not a card: jokers and TOP have no suit")
    elif exc.code == "mark_not_allowed":
        text = _(
            "'%(token)s' is not a card: only BJ* (the emperor card) and SJ* (the guard "
            "card) carry a mark"
        )
    elif exc.code == "no_card":
        text = _("no card given: use 3-10, J, Q, K, A, 2, SJ or BJ")
    elif exc.code == "more_than_one_card":
        text = _("'%(token)s' is more than one card")
    elif exc.code == "empty_play":
        text = _("a play needs at least one card; the play is empty")
    else:
        text = _("'%(token)s' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ")
    message = text % params if "%(" in text else text
    if exc.numbered:
        params["card"] = exc.position + 1
        message += _(" (card %(card)d)") % params
    return message, params


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
    }
    return texts.get(exc.code, str(exc))
