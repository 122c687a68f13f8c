"""Views of the play-test games (issue #19): thin — check the request, call a service or a
selector, render the seat's view."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView
from baohuang.api.errors import ApiError
from baohuang.catalog.selectors import rule_set_named, version_named
from baohuang.engine.narration import Narrator
from baohuang.engine.record import make_record, summary
from baohuang.jobs.watch_views import WatchedGameSerializer
from baohuang.play import services
from baohuang.play.games import seat_view
from baohuang.play.models import GameSession
from baohuang.play.permissions import CanPlayGames, may_play_draft
from baohuang.play.selectors import session_game, session_of, session_rules, version_label
from baohuang.play.serializers import (
    DRAFT,
    ActionSerializer,
    GameCreateSerializer,
    GameViewSerializer,
)
from baohuang.simulation.watch import told_steps


def game_body(session: GameSession, narrator: Narrator) -> dict[str, Any]:
    """The response: the session's identity and the seat's view."""
    body = {
        "id": session.id,
        "variant": session.rule_set.slug,
        "version": version_label(session),
        "checksum": session.checksum,
        "policy": session.policy,
        # The seed deals every hand (POST …/deal/ shows them): secret until the end.
        "seed": session.seed if session.finished else None,
        "expires_at": session.expires_at,
        **seat_view(narrator, session.seat),
    }
    if body["result"] is not None:
        record = body["result"]["record"]
        record["variant"] = session.rule_set.slug
        record["version"] = session.version.number if session.version is not None else None
    return dict(GameViewSerializer(body).data)


class GameView(WriteThrottledView):
    """Base: any logged-in account (or API token); a :class:`.GameError` is answered by the
    API's exception handler, with its own code and status."""

    permission_classes = (CanPlayGames,)


class GameListView(GameView):
    """``POST /api/v1/games/``."""

    @extend_schema(
        operation_id="games_create",
        tags=["games"],
        summary="Start a play-test game",
        description="Sit at `seat` against four bots (`policy`) on a published version of "
        '`variant` (default: the latest) or on its current draft (`"version": "draft"`, '
        "catalog.change_ruleset). The bots move up to your turn; the answer is your view "
        "(201, with `id`). Games are kept for BAOHUANG_GAME_HOURS (72) after their last "
        "action and are visible to their player only.",
        request=GameCreateSerializer,
        responses={
            201: OpenApiResponse(GameViewSerializer, description="Your view of the new game."),
            **docs.errors(*docs.BODY, 403, 404, 409),
        },
    )
    def post(self, request: Request) -> Response:
        """Start a game."""
        serializer = GameCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        rule_set = rule_set_named(data["variant"])
        version = None
        if data["version"] == DRAFT:
            if not may_play_draft(request.user):
                raise ApiError(
                    _(
                        "Playing a draft needs the permission 'catalog.change_ruleset' "
                        "(Operators have it); published versions are open to every player."
                    ),
                    code="permission_denied",
                    status_code=status.HTTP_403_FORBIDDEN,
                )
        else:
            version = version_named(rule_set, data["version"])
        session, narrator = services.start_game(
            request.user, rule_set, version, data["seat"], data["policy"], data["seed"]
        )
        return Response(game_body(session, narrator), status=status.HTTP_201_CREATED)


class GameDetailView(GameView):
    """``GET /api/v1/games/{id}/``."""

    @extend_schema(
        operation_id="games_retrieve",
        tags=["games"],
        summary="Your view of a game",
        description="What your seat may know now: your cards, your legal actions, the steps "
        "as you were told them. Another seat's cards appear only in `result`, once the game "
        "is over. 404 for a game that is not yours or has expired.",
        responses={200: GameViewSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        """The seat's view."""
        session = session_of(request.user, game_id)
        return Response(game_body(session, session_game(session)))


class GameStepsView(GameView):
    """``GET /api/v1/games/{id}/steps/``."""

    @extend_schema(
        operation_id="games_steps",
        tags=["games"],
        summary="A finished game, step by step",
        description="Once the game is over: its record, its summary and every step with its "
        "sentence and the whole table after it (all five hands), as "
        "`/api/v1/simulations/{id}/games/{n}/` answers for a job's game; for the game viewer. "
        "Before the end it is a 409 `game_not_over` (it would show every hand).",
        responses={200: WatchedGameSerializer, **docs.errors(404, 409)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        """The steps of a finished game."""
        session = session_of(request.user, game_id)
        if not session.finished:
            raise ApiError(
                _("The game is not over yet: its steps show every hand."),
                code="game_not_over",
                status_code=status.HTTP_409_CONFLICT,
            )
        narrator, steps = told_steps(session_rules(session), session.seed, list(session.actions))
        body = {
            "job": None,
            "n": None,
            "variant": session.rule_set.slug,
            "version": session.version.number if session.version is not None else None,
            "policy": session.policy,
            "record": {
                **make_record(narrator.game, session.rule_set.slug),
                "version": session.version.number if session.version is not None else None,
            },
            "summary": summary(narrator.game),
            "steps": steps,
        }
        return Response(WatchedGameSerializer(body).data)


class GameActionView(GameView):
    """``POST /api/v1/games/{id}/actions/``."""

    @extend_schema(
        operation_id="games_act",
        tags=["games"],
        summary="Take your action",
        description="One of your `legal` actions (record text). The bots answer up to your "
        "next turn; the answer is your new view. An action the engine refuses is a 400 "
        "`illegal_action` whose `detail` is the engine's reason (its code and params in "
        "`errors`); after the end, 409 `game_over`. Requests on one game are served one at "
        "a time.",
        request=ActionSerializer,
        responses={200: GameViewSerializer, **docs.errors(*docs.BODY, 404, 409)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        """Act, and let the bots answer."""
        serializer = ActionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session, narrator = services.take_action(
            request.user, game_id, serializer.validated_data["action"]
        )
        return Response(game_body(session, narrator))
