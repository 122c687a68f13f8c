"""Reads of play-test games: a player's session, its rules, its game rebuilt."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from baohuang.engine.compiled import CompiledVariant, compile_definition
from baohuang.engine.narration import Narrator
from baohuang.play.errors import GameError
from baohuang.play.games import rebuild
from baohuang.play.models import GameSession


def unknown_game(game_id: Any) -> GameError:
    """404: no such game for this player (never his, expired, or never existed)."""
    return GameError(
        _("There is no game %(id)s for you: it never existed, is another player's, or expired.")
        % {"id": game_id},
        "game_not_found",
        404,
        params={"id": str(game_id)},
    )


def session_of(user: Any, game_id: uuid.UUID, *, lock: bool = False) -> GameSession:
    """The player's unexpired session ``game_id`` (``lock``: SELECT … FOR UPDATE, inside a
    transaction); :class:`.GameError` 404 otherwise."""
    rows = GameSession.objects.select_related("rule_set", "version")
    if lock:
        rows = rows.select_for_update(of=("self",))
    session = rows.filter(
        pk=game_id, created_by_id=getattr(user, "pk", None), expires_at__gt=timezone.now()
    ).first()
    if session is None:
        raise unknown_game(game_id)
    return session


def session_rules(session: GameSession) -> CompiledVariant:
    """The compiled rules the session plays (its version's, or its draft snapshot's)."""
    definition = session.version.definition if session.version is not None else session.definition
    if not isinstance(definition, dict):
        raise TypeError(f"Game {session.id} has no rules.")
    return compile_definition(definition, session.checksum)


def session_game(session: GameSession) -> Narrator:
    """The session's game, rebuilt from its seed and actions."""
    return rebuild(session_rules(session), session.seed, list(session.actions))


def version_label(session: GameSession) -> int | str:
    """What the session plays: the version number, or ``"draft"``."""
    return session.version.number if session.version is not None else "draft"
