"""Watching a job's games (issue #19): ``GET /api/v1/simulations/{id}/games/{n}/`` regenerates
game ``n`` from the job's seeds with a sentence per step and the table after each step;
``GET /api/v1/simulations/{id}/games/?find=…`` searches a bounded range of the job's games
for notable ones. Both read the job only (its version, seed, policy), so they work while the
job runs too. A comparison job's games are those of its version A."""

from __future__ import annotations

import uuid
from typing import Any, Final

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.errors import ApiError, error_item
from baohuang.bots import COST_PER_ROLLOUT, policy_cost
from baohuang.catalog.serializers import GameRecordSerializer, GameSummarySerializer
from baohuang.engine.record import make_record, summary
from baohuang.i18n import grouped
from baohuang.jobs import conf
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.permissions import CanReadJobs
from baohuang.jobs.selectors import job_compiled
from baohuang.jobs.views import JOB_ID, job_or_404
from baohuang.simulation.watch import (
    FILTERS,
    ReplayTooSlow,
    deadline,
    find_games,
    watched_steps,
)

#: Games one search may regenerate (``scan``), and its default.
MAX_SCAN: Final = 1000
DEFAULT_SCAN: Final = 200
#: Games one search returns at most (``limit``), and its default.
MAX_FOUND: Final = 50
DEFAULT_FOUND: Final = 10


def _index(job: SimulationJob, index: int) -> int:
    if not 0 <= index < job.games:
        raise ApiError(
            _("Job %(id)s has games 0 to %(last)s; there is no game %(n)s.")
            % {"id": job.id, "last": job.games - 1, "n": index},
            code="not_found",
            status_code=404,
            errors=[error_item("n", _("No such game in this job."), "no_such_game")],
        )
    return index


def _number(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw.strip() == "":
        return default
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        message = _(
            "%(name)s must be a whole number from %(low)s to %(high)s, got '%(value)s'."
        ) % {
            "name": name,
            "low": low,
            "high": high,
            "value": raw[:20],
        }
        raise ApiError(message, errors=[error_item(name, message, "out_of_range")])
    return int(text)


def max_scan(job: SimulationJob) -> int:
    """Games of ``job`` one search may regenerate: ``MAX_SCAN``, fewer for a policy that
    costs more than one unit a game (``BAOHUANG_REQUEST_MAX_COST`` units a request)."""
    return min(MAX_SCAN, conf.request_max_cost() // policy_cost(job.policy))


def _check_replay_cost(job: SimulationJob) -> None:
    """409 ``too_expensive`` when one game of the job's policy costs more than a request may
    spend (``BAOHUANG_REQUEST_MAX_COST``): such a game is refused before it is replayed, in
    words, rather than holding a web thread for minutes."""
    cost = policy_cost(job.policy)
    limit = conf.request_max_cost()
    if cost <= limit:
        return
    most = max(0, (limit - 1) // COST_PER_ROLLOUT)
    message = _(
        "This job's games are played by %(policy)s: replaying one costs about %(cost)s units "
        "(a unit is about one heuristic game, 1 ms), more than the %(limit)s units a request "
        "may spend on this server (BAOHUANG_REQUEST_MAX_COST), so they cannot be watched here. "
        "The games of a job with mc:%(most)s or less can be."
    ) % {"policy": job.policy, "cost": grouped(cost), "limit": grouped(limit), "most": most}
    raise ApiError(
        message,
        code="too_expensive",
        status_code=409,
        errors=[
            error_item(
                "policy",
                message,
                "too_expensive",
                {"policy": job.policy, "cost": cost, "limit": limit, "max_rollouts": most},
            )
        ],
    )


class WatchedStepSerializer(serializers.Serializer):
    """One step of a watched game and the table after it."""

    index = serializers.IntegerField(
        allow_null=True, help_text="The action's index; null: the table's doing."
    )
    seat = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField()
    action = serializers.CharField(allow_null=True)
    code = serializers.CharField()
    params = serializers.DictField()
    text = serializers.CharField(help_text="The sentence, in the request's language.")
    state = serializers.JSONField(
        help_text="The table after the step: phase, to_act, hands (all five), emperor, guard, "
        "guard_public, solo, trick, trick_owner, finish, events, tips."
    )


class WatchedGameSerializer(serializers.Serializer):
    """Game ``n`` of a job, step by step."""

    job = serializers.UUIDField(allow_null=True, help_text="The job (null: a play-test game).")
    n = serializers.IntegerField(allow_null=True, help_text="The game's index in the job.")
    variant = serializers.CharField()
    version = serializers.IntegerField(allow_null=True, help_text="Null for a draft.")
    policy = serializers.CharField()
    record = GameRecordSerializer(help_text="The game record (replay it at …/replay/).")
    summary = GameSummarySerializer(help_text="Roles, finish, points, outcome, tribute owed.")
    steps = WatchedStepSerializer(many=True)


class SimulationGameView(APIView):
    """``GET /api/v1/simulations/{id}/games/{n}/``."""

    permission_classes = (CanReadJobs,)

    @extend_schema(
        operation_id="simulations_game",
        tags=["simulations"],
        summary="Watch game n of a job",
        description="Game `n` (0 … games − 1) of the job, regenerated from the job's seed "
        "(the same game the job counted): its record, its summary and every step with its "
        "sentence in the request's language and the whole table after it (all five hands). "
        "A comparison job's games are those of its version A. A game whose policy costs more "
        "to replay than a request may spend (BAOHUANG_REQUEST_MAX_COST, e.g. mc:200) is a "
        "409 `too_expensive`, refused before any work; so is a replay that runs past "
        "BAOHUANG_REQUEST_MAX_SECONDS (5 s), stopped there.",
        parameters=[JOB_ID, OpenApiParameter("n", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: WatchedGameSerializer, **docs.errors(404, 409)},
    )
    def get(self, request: Request, job_id: uuid.UUID, n: int) -> Response:
        """The game, step by step."""
        job = job_or_404(request, job_id)
        index = _index(job, n)
        _check_replay_cost(job)
        cv = job_compiled(job)
        seconds = conf.request_max_seconds()
        try:
            narrator, steps = watched_steps(cv, job.seed, index, job.policy, deadline(seconds))
        except ReplayTooSlow as exc:
            message = _(
                "Replaying game %(n)s took longer than the %(seconds)s seconds a request may "
                "take on this server (BAOHUANG_REQUEST_MAX_SECONDS); it was stopped."
            ) % {"n": index, "seconds": f"{seconds:g}"}
            raise ApiError(
                message,
                code="too_expensive",
                status_code=409,
                errors=[error_item("n", message, "too_slow", {"seconds": seconds})],
            ) from exc
        record = make_record(narrator.game, job.slug, job.version_number)
        body: dict[str, Any] = {
            "job": job.id,
            "n": index,
            "variant": job.slug,
            "version": job.version_number,
            "policy": job.policy,
            "record": record,
            "summary": summary(narrator.game),
            "steps": steps,
        }
        return Response(WatchedGameSerializer(body).data)


class FoundGameSerializer(serializers.Serializer):
    """A game that passed the filters."""

    index = serializers.IntegerField()
    emperor = serializers.IntegerField(allow_null=True)
    guard = serializers.IntegerField(allow_null=True)
    solo = serializers.CharField(allow_null=True)
    events = serializers.ListField(child=serializers.CharField())
    redeals = serializers.IntegerField()
    outcome = serializers.CharField(allow_null=True)
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    matches = serializers.ListField(
        child=serializers.CharField(), help_text="Every filter it passes."
    )


class FoundGamesSerializer(serializers.Serializer):
    """The result of a search."""

    find = serializers.ListField(child=serializers.CharField())
    start = serializers.IntegerField()
    stop = serializers.IntegerField(help_text="The first game not searched (continue from it).")
    games = FoundGameSerializer(many=True)
    filters = serializers.ListField(child=serializers.CharField(), help_text="Every filter name.")


class SimulationGamesView(APIView):
    """``GET /api/v1/simulations/{id}/games/?find=…``."""

    permission_classes = (CanReadJobs,)

    @extend_schema(
        operation_id="simulations_games",
        tags=["simulations"],
        summary="Find notable games of a job",
        description="Regenerates games `start` … `start + scan − 1` of the job (at most "
        f"{MAX_SCAN}) and returns those that pass every `find` filter (repeat it to combine: "
        "`find=solo_open&find=emperor_lost`), at most `limit`. Filters: "
        + ", ".join(f"`{name}`" for name in FILTERS)
        + ". `stop` is where the search ended; search on from it. A dear policy (mc) may "
        "scan fewer games a request (BAOHUANG_REQUEST_MAX_COST); more is a 400 naming the "
        "bound. A search also ends after BAOHUANG_REQUEST_MAX_SECONDS (5 s; at least one game "
        "is searched).",
        parameters=[
            JOB_ID,
            OpenApiParameter("find", OpenApiTypes.STR, many=True, enum=list(FILTERS)),
            OpenApiParameter("start", OpenApiTypes.INT, description="The first game (0)."),
            OpenApiParameter(
                "scan", OpenApiTypes.INT, description=f"Games to search ({DEFAULT_SCAN})."
            ),
            OpenApiParameter(
                "limit", OpenApiTypes.INT, description=f"Games to return ({DEFAULT_FOUND})."
            ),
        ],
        responses={200: FoundGamesSerializer, **docs.errors(400, 404)},
    )
    def get(self, request: Request, job_id: uuid.UUID) -> Response:
        """The games that pass the filters."""
        job = job_or_404(request, job_id)
        wanted = request.query_params.getlist("find")
        unknown = [name for name in wanted if name not in FILTERS]
        if unknown:
            message = _("Unknown filter '%(name)s'; the filters are %(known)s.") % {
                "name": unknown[0][:40],
                "known": ", ".join(FILTERS),
            }
            raise ApiError(message, errors=[error_item("find", message, "unknown_filter")])
        start = _number(request, "start", 0, 0, max(0, job.games - 1))
        most = max_scan(job)
        if most < 1:
            _check_replay_cost(job)
        scan = _number(request, "scan", min(DEFAULT_SCAN, most), 1, most)
        limit = _number(request, "limit", DEFAULT_FOUND, 1, MAX_FOUND)
        stop = min(job.games, start + scan)
        cv = job_compiled(job)
        found, searched_to = find_games(
            cv,
            job.seed,
            job.policy,
            wanted,
            start,
            stop,
            limit,
            deadline(conf.request_max_seconds()),
        )
        body = {
            "find": wanted,
            "start": start,
            "stop": searched_to,
            "games": found,
            "filters": list(FILTERS),
        }
        return Response(FoundGamesSerializer(body).data)


__all__ = ["SimulationGameView", "SimulationGamesView"]
