"""Writes of play-test games: start one, take the player's action (the bots answer).

Each write is one transaction. Taking an action locks the session's row (``SELECT … FOR
UPDATE``), rebuilds the game from the stored actions, applies the player's action and the
bots' answers and stores the longer list: two requests on one game at once are served one
after the other, and the second is judged against the game the first left.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from baohuang.bots import POLICY_NAMES, make_policy
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.engine.actions import ActionError, format_action, parse_action
from baohuang.engine.compiled import CompiledVariant, compile_definition
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.narration import Narrator
from baohuang.engine.reasons import code_of, params_of, reason, say
from baohuang.play.errors import GameError
from baohuang.play.games import bots_move
from baohuang.play.models import GameSession
from baohuang.play.selectors import session_game, session_of, session_rules
from baohuang.project.environment import setting_or_env

#: Hours a game is kept after its last action (``BAOHUANG_GAME_HOURS``).
DEFAULT_HOURS = 72


def lifetime() -> timedelta:
    """How long a game lives after its last action (setting or environment variable
    ``BAOHUANG_GAME_HOURS``, at least one hour)."""
    return timedelta(hours=max(1, setting_or_env("BAOHUANG_GAME_HOURS", DEFAULT_HOURS, int)))


def purge_expired() -> int:
    """Delete expired games; how many."""
    deleted, _kinds = GameSession.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted


def new_seed() -> int:
    """A secret seed for a game the player did not give one for.

    The seed deals every hand and drives the bots, so it is as secret as the cards: 63
    random bits (no search over seeds can find it from one seat's hand, as it could over
    2³¹), and the seat's view shows it only once the game is over.
    """
    return secrets.randbits(63)


@transaction.atomic
def start_game(
    user: Any,
    rule_set: RuleSet,
    version: RuleSetVersion | None,
    seat: int,
    policy: str,
    seed: int | None = None,
) -> tuple[GameSession, Narrator]:
    """A new game of ``version`` (None: the rule set's draft as it is now) with the player
    at ``seat`` and ``policy`` at the four other seats; the bots move up to his turn."""
    if policy not in POLICY_NAMES:
        raise GameError(
            _("Unknown policy '%(policy)s'; known policies: %(known)s.")
            % {"policy": policy, "known": ", ".join(POLICY_NAMES)},
            "unknown_policy",
            path="policy",
            params={"policy": policy, "known": list(POLICY_NAMES)},
        )
    definition: dict[str, Any] | None = None
    if version is None:
        if not rule_set.draft_checksum:
            raise GameError(
                _("The draft of '%(slug)s' has errors: fix them before playing it.")
                % {"slug": rule_set.slug},
                "draft_invalid",
                409,
                path="version",
                params={"slug": rule_set.slug},
            )
        definition = rule_set.draft
        checksum = rule_set.draft_checksum
    else:
        checksum = version.checksum
    cv = _rules(definition if definition is not None else version.definition, checksum)  # type: ignore[union-attr]
    purge_expired()
    session = GameSession(
        rule_set=rule_set,
        version=version,
        definition=definition,
        checksum=checksum,
        seat=seat,
        policy=policy,
        seed=new_seed() if seed is None else seed,
        created_by=user,
        expires_at=timezone.now() + lifetime(),
    )
    narrator = Narrator(Game.new(cv, session.seed))
    session.actions = bots_move(narrator, seat, make_policy(policy, cv), session.seed)
    session.finished = narrator.game.finished
    session.save()
    return session, narrator


def _rules(definition: Any, checksum: str) -> CompiledVariant:
    try:
        return compile_definition(definition, checksum)
    except ValueError as exc:
        raise GameError(
            _("These rules cannot be played by this engine: %(reason)s") % {"reason": exc},
            "version_unusable",
            409,
        ) from exc


@transaction.atomic
def take_action(user: Any, game_id: uuid.UUID, text: str) -> tuple[GameSession, Narrator]:
    """The player's action (record text such as ``play 9 9`` or ``pass``), then the bots'.

    Refused with the engine's reason (code ``illegal_action``; the reason's own code and
    params in ``errors``) when the action cannot be read or the engine does not allow it,
    and with ``game_over`` when the game has ended; nothing is stored then.
    """
    session = session_of(user, game_id, lock=True)
    narrator = session_game(session)
    game = narrator.game
    if game.finished:
        raise GameError(say(reason("game_over")), "game_over", 409, path="action")
    try:
        narrator.apply(parse_action(text))
    except (ActionError, IllegalAction) as exc:
        why = exc.args[0] if exc.args else str(exc)
        raise GameError(
            say(why),
            "illegal_action",
            path="action",
            item_code=code_of(why) or "illegal_action",
            params=params_of(why),
        ) from exc
    cv = session_rules(session)
    applied = [*session.actions, format_action(game.history[len(session.actions)])]
    applied += bots_move(narrator, session.seat, make_policy(session.policy, cv), session.seed)
    session.actions = applied
    session.finished = game.finished
    session.expires_at = timezone.now() + lifetime()
    session.save(update_fields=["actions", "finished", "expires_at", "updated_at"])
    return session, narrator
