"""Views that ask the language or the engine: validate, variant schema, compare, score,
deal and replay.

Each rules endpoint (compare, score, deal, replay) works on one published version: the
body field ``version`` (the one place the OpenAPI document states), by default the latest;
an unknown version is a 404. ``?version=N`` is still read when the body has none (older
clients; a query that disagrees with the body is a 400 ``versions_disagree``). None of them
changes anything.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from pydantic import ValidationError
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import requested_version
from baohuang.api.errors import ApiError, error_item, prefixed
from baohuang.api.permissions import CanRead
from baohuang.catalog import openapi
from baohuang.catalog.caching import cached_get
from baohuang.catalog.engine_texts import notation_message, scoring_message, sentences
from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import (
    compiled_version,
    record_version,
    rule_set_named,
    version_named,
    version_with_checksum,
)
from baohuang.catalog.serializers import (
    CompareResponseSerializer,
    CompareSerializer,
    DealResponseSerializer,
    DealSerializer,
    DeckCountSerializer,
    ReplayResponseSerializer,
    ReplaySerializer,
    ScoreResponseSerializer,
    ScoreSerializer,
    ValidationResultSerializer,
)
from baohuang.engine import deck, record
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.notation import NotationError, format_play, parse_play
from baohuang.engine.plays import Play, is_legal_play
from baohuang.engine.reasons import legal_lead, params_of, say
from baohuang.engine.reasons import reason as reason_of
from baohuang.engine.score_reasons import explain
from baohuang.engine.scoring import ScoringError, make_result, score
from baohuang.engine.tribute import plan_tribute
from baohuang.rules import deck_composition, json_schema, validate_definition
from baohuang.rules.model import Deck
from baohuang.rules.problems import problems_from_validation_error
from baohuang.rules.vocabulary import copies_per_rank


class RulesView(APIView):
    """Base of the rules endpoints: open reads, the ``rules`` throttle scope."""

    permission_classes = (CanRead,)
    throttle_scope = "rules"
    #: Their POSTs only ask a question: a ``read`` API token may send them.
    changes_nothing = True


class VersionRulesView(RulesView):
    """A question to the engine about one published version, in one pipeline: validate the
    body (``body``) → resolve the version (:meth:`resolve`) → compile it → answer
    (:meth:`answer`, whose dict gets the version's ``number`` and is rendered by
    ``answer_serializer``)."""

    body: type[serializers.Serializer[Any]]
    answer_serializer: type[serializers.Serializer[Any]]

    def post(self, request: Request, slug: str) -> Response:
        """Validate, resolve, compile, answer."""
        serializer = self.body(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        version = self.resolve(request, slug, data)
        body = self.answer(data, version, _compiled(version))
        body["version"] = version.number
        return Response(self.answer_serializer(body).data)

    def resolve(self, request: Request, slug: str, data: dict[str, Any]) -> RuleSetVersion:
        """The published version the request asks for (404 if unknown)."""
        return version_named(rule_set_named(slug), requested_version(request, data.get("version")))

    def answer(
        self, data: dict[str, Any], version: RuleSetVersion, cv: CompiledVariant
    ) -> dict[str, Any]:
        """The response body (without ``version``)."""
        raise NotImplementedError


def _compiled(version: RuleSetVersion) -> CompiledVariant:
    """The compiled variant of a version; one that no longer compiles (the language changed
    under it) is a 409 that names the problems, never a 500."""
    try:
        return compiled_version(version)
    except ValueError as exc:
        raise ApiError(
            _("Version %(number)s of '%(slug)s' cannot be used by this engine: %(reason)s")
            % {"number": version.number, "slug": version.rule_set.slug, "reason": exc},
            code="version_unusable",
            status_code=status.HTTP_409_CONFLICT,
        ) from exc


def _bad(
    path: str,
    message: str,
    code: str = "invalid",
    item_code: str | None = None,
    params: dict[str, Any] | None = None,
) -> ApiError:
    return ApiError(
        _("%(path)s: %(message)s") % {"path": path, "message": message} if path else message,
        code=code,
        errors=[error_item(path, message, item_code or code, params)],
    )


# --------------------------------------------------------------------------- language


@cache
def _variant_schema() -> dict[str, Any]:
    return json_schema()


class ValidateView(RulesView):
    """``POST /api/v1/validate/``."""

    #: The document marks the body required (an empty body is a 400 ``empty_body``).
    request_body_required = True

    @extend_schema(
        operation_id="validate",
        tags=["language"],
        summary="Validate a definition",
        description="The body is a variant definition (a JSON object), either bare or "
        'wrapped as `{"definition": {…}}` like the bodies of the create and draft '
        "endpoints. The answer is always 200 for a JSON object, valid or not: `valid`, "
        "every error and warning with its path in the definition (all problems found in one "
        "pass), and a short `summary` (empty when the definition is broken). A body that is "
        "not a JSON object is a 400 `invalid`: an empty body with the problem code "
        "`empty_body`, any other JSON value with `not_an_object`, a wrapped body with other "
        "keys says what to send; a body that is not JSON at all a 400 `parse_error`.",
        request={"application/json": {"type": "object", "additionalProperties": True}},
        responses={200: ValidationResultSerializer, **docs.errors(*docs.BODY)},
    )
    def post(self, request: Request) -> Response:
        """Validate a definition."""
        if request.stream is None:  # no body at all (DRF would read it as {})
            raise _bad(
                "",
                _("The body is empty: send the variant definition to check as a JSON object."),
                item_code="empty_body",
            )
        data = request.data
        if not isinstance(data, dict):
            raise _bad(
                "",
                _("The body must be a JSON object: the variant definition to check."),
                item_code="not_an_object",
            )
        report = validate_definition(_unwrapped(data))
        body = {
            "valid": report.valid,
            "errors": prefixed(report.errors),
            "warnings": prefixed(report.warnings),
            "summary": report.summary(),
        }
        return Response(ValidationResultSerializer(body).data)


def _unwrapped(data: dict[str, Any]) -> dict[str, Any]:
    """The definition of a validate body: the body itself, or its ``definition`` when wrapped.

    The variant language has no ``definition`` field, so a body with one is the wrapped form
    (as sent to the create and draft endpoints).
    """
    if "definition" not in data:
        return data
    definition = data["definition"]
    others = sorted(str(key) for key in data if key != "definition")
    if not isinstance(definition, dict):
        raise _bad("definition", _("Must be a JSON object: the variant definition to check."))
    if others:
        raise _bad(
            "",
            _(
                'Send either the definition itself or {"definition": …} with nothing else; '
                "this body also has %(others)s."
            )
            % {"others": ", ".join(others[:20])},
        )
    return definition


class VariantSchemaView(APIView):
    """``GET /api/v1/schema/variant/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="schema_variant",
        tags=["language"],
        summary="The variant JSON Schema",
        description="The JSON Schema (draft 2020-12) of a variant definition, as the admin "
        "and the web editor use it.",
        responses={
            200: OpenApiResponse(
                {"type": "object", "additionalProperties": True},
                description="A JSON Schema document.",
            ),
            **docs.errors(),
        },
    )
    def get(self, request: Request) -> HttpResponseBase:
        """The variant language's JSON Schema (changes only with the code: cached)."""
        return cached_get(
            request, lambda: Response(_variant_schema()), stamp="variant-schema", pinned=True
        )


#: The body of ``/deck/``: the ``deck`` section of the language (its items and marks are
#: described by the variant JSON Schema). Other fields are refused.
DECK_SECTION = {
    "type": "object",
    "properties": {
        "decks": {"type": "integer", "minimum": 1, "maximum": 8, "default": 4},
        "remove": {"type": "array", "items": {"type": "object"}},
        "marks": {"type": "object"},
    },
    "additionalProperties": False,
    "description": "The deck section of a definition: /api/v1/schema/variant/ (`Deck`).",
}


class DeckCountView(RulesView):
    """``POST /api/v1/deck/``."""

    #: The document marks the body required (an empty body is a 400 ``empty_body``).
    request_body_required = True

    @extend_schema(
        operation_id="deck_count",
        tags=["language"],
        summary="Count a deck section's cards",
        description="The body is the `deck` section of a definition (`{decks, remove, marks}`, "
        "as in the variant JSON Schema). The answer counts it as validation does: the cards "
        "in play after the trims (`size`, what the hand sizes must add up to) and, per rank "
        "from low to high, the full shoe's and what is left (random removals counted as "
        "removed). The web editor's card counts come from here. A section the language "
        "refuses is a 400 `invalid` with each problem at its path (`deck.remove[0].rank`).",
        request={"application/json": DECK_SECTION},
        responses={200: DeckCountSerializer, **docs.errors(*docs.BODY)},
    )
    def post(self, request: Request) -> Response:
        """Count the cards of a deck section."""
        data = request.data
        if request.stream is None or not isinstance(data, dict):
            raise _bad(
                "deck",
                _("The body must be a JSON object: the deck section to count."),
                item_code="empty_body" if request.stream is None else "not_an_object",
            )
        try:
            section = Deck.model_validate(data)
        except ValidationError as exc:
            errors = prefixed(problems_from_validation_error(exc, Deck), "deck")
            raise ApiError(
                _("The deck section is not valid: %(problems)s")
                % {"problems": "; ".join(f"{e['path']}: {e['message']}" for e in errors)},
                errors=errors,
            ) from exc
        left = deck_composition(section)
        full = copies_per_rank(section.decks)
        body = {
            "size": sum(left.values()),
            "ranks": [{"rank": rank, "full": full[rank], "left": left[rank]} for rank in full],
        }
        return Response(DeckCountSerializer(body).data)


# --------------------------------------------------------------------------- compare


def _play(text: str, path: str, cv: CompiledVariant) -> Play:
    try:
        return parse_play(text, cv.play)  # a joker stack as [SJ SJ SJ] (叠加)
    except NotationError as exc:
        message, params = notation_message(exc)
        raise _bad(path, message, "bad_notation", exc.code, params) from exc


@extend_schema_view(
    post=extend_schema(
        operation_id="variants_compare",
        tags=["rules"],
        summary="Does a play beat another?",
        description="`previous` and `candidate` in card notation (docs/rules.md §11, e.g. "
        "`SJ 8 8 8`). `legal` says whether the candidate is a legal play of the variant, "
        "`beats` whether it beats `previous` (a legal candidate with no `previous` leads), "
        "`reason` says why in a sentence. A candidate the variant's deck cannot contain (a 3 "
        "where the 3s are removed, more copies of a card than the deck holds, a second TOP) "
        "is not legal, and `reason` says what the deck holds. Bad notation is a 400 "
        "`bad_notation` whose error names the token, with the field as path; a `previous` "
        "that is not a legal play is a 400 at `previous` too (`not_in_deck` when the deck "
        "cannot contain it).",
        parameters=[openapi.SLUG_PATH],
        request=CompareSerializer,
        responses={200: CompareResponseSerializer, **docs.errors(*docs.BODY, 404, 409)},
        examples=[
            OpenApiExample(
                "a joker set",
                value={"previous": "SJ 8 8 8", "candidate": "9 9 9 9"},
                request_only=True,
            )
        ],
    )
)
class CompareView(VersionRulesView):
    """``POST /api/v1/variants/{slug}/compare/``: judge a candidate play against the
    previous one."""

    body = CompareSerializer
    answer_serializer = CompareResponseSerializer

    def answer(
        self, data: dict[str, Any], version: RuleSetVersion, cv: CompiledVariant
    ) -> dict[str, Any]:
        """Legal, beats, and why."""
        candidate = _play(data["candidate"], "candidate", cv)
        previous = (
            _play(data["previous"], "previous", cv) if data.get("previous") is not None else None
        )
        problem = play_reason(cv, candidate)
        if previous is None:
            verdict_beats = problem is None
            reason = problem or legal_lead(format_play(candidate, cv.play))
        else:
            not_in_deck = deck_reason(cv, previous)
            if not_in_deck is not None:
                raise _bad(
                    "previous",
                    say(reason_of("not_in_deck", reason=not_in_deck)),
                    code="not_in_deck",
                    params={
                        "play": format_play(previous, cv.play),
                        "reason": str(not_in_deck),
                        "reason_code": not_in_deck.code,
                        "reason_params": params_of(not_in_deck),
                    },
                )
            previous_problem = is_legal_play(previous, cv.play)
            if previous_problem is not None:
                raise _bad(
                    "previous",
                    say(reason_of("previous_not_legal", reason=previous_problem)),
                    item_code="illegal_play",
                    params={
                        "play": format_play(previous, cv.play),
                        "reason": str(previous_problem),
                        "reason_code": previous_problem.code,
                        "reason_params": params_of(previous_problem),
                    },
                )
            verdict = judge(cv, previous, candidate)
            verdict_beats = verdict.beats
            reason = verdict.reason
        return {
            "legal": problem is None,
            "beats": verdict_beats,
            "reason": say(reason),
            "reason_code": reason.code,
            "reason_params": reason.as_json()["params"],
            "previous": format_play(previous, cv.play) if previous is not None else None,
            "candidate": format_play(candidate, cv.play),
        }


# --------------------------------------------------------------------------- score


@extend_schema_view(
    post=extend_schema(
        operation_id="variants_score",
        tags=["rules"],
        summary="Score a finished game",
        description="Points (after multipliers) and money per seat, the royals' outcome, "
        "the stake multiplier and the tribute owed for the next game, from the roles and "
        "the finish order, and `explanation`: why, as sentences in the request's language "
        "(each with a stable `code` and its `params`). Seats are 0–4; `finish` lists all "
        "five in the order they went out; `guard` is null in a solo game; `solo` is null, "
        "`open` or `hidden`; "
        "`events` are names like `open_guard`, `rebellion`, `kick`; `base` and "
        "`table_fee` override the variant's money settings.",
        parameters=[openapi.SLUG_PATH],
        request=ScoreSerializer,
        responses={200: ScoreResponseSerializer, **docs.errors(*docs.BODY, 404, 409)},
        examples=[
            OpenApiExample(
                "emperor first, guard second",
                value={"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4]},
                request_only=True,
            )
        ],
    )
)
class ScoreView(VersionRulesView):
    """``POST /api/v1/variants/{slug}/score/``: score a game result."""

    body = ScoreSerializer
    answer_serializer = ScoreResponseSerializer

    def answer(
        self, data: dict[str, Any], version: RuleSetVersion, cv: CompiledVariant
    ) -> dict[str, Any]:
        """Points, money, outcome, the tribute owed, and why (the settlement's sentences)."""
        try:
            result = make_result(
                data["emperor"],
                data.get("guard"),
                data["finish"],
                solo=data.get("solo"),
                events=data.get("events", []),
                automatic=data.get("automatic", []),
                carried=data.get("carried"),
                quit=data.get("quit", []),
                shut_in=data.get("shut_in", []),
                game_ender=data.get("game_ender"),
            )
            scored = score(cv, result, base=data.get("base"), table_fee=data.get("table_fee"))
        except ScoringError as exc:
            raise _bad(exc.path, scoring_message(exc), item_code=exc.code) from exc
        except LookupError as exc:  # a table without the row this result needs
            raise ApiError(
                _("Version %(number)s of '%(slug)s' has no score for this result (%(row)s).")
                % {"number": version.number, "slug": version.rule_set.slug, "row": exc},
                code="unscorable",
                status_code=status.HTTP_409_CONFLICT,
            ) from exc
        plan = plan_tribute(
            cv,
            result,
            scored.outcome,
            guard_open="open_guard" in result.events,
            shut_in=result.shut_in,
            game_ender=result.game_ender,
        )
        return {
            "points": list(scored.points),
            "money": list(scored.money),
            "outcome": scored.outcome,
            "multiplier": scored.multiplier,
            "tribute": plan.as_dict(),
            "base_points": list(scored.base_points),
            "events": list(scored.events),
            "explanation": sentences(
                explain(
                    cv,
                    result,
                    scored,
                    shut_in=data.get("shut_in", []),
                    base=data.get("base"),
                    table_fee=data.get("table_fee"),
                )
            ),
        }


# --------------------------------------------------------------------------- deal


def _hand_text(hand: list[int]) -> list[str]:
    """A hand in notation, high cards first (marked jokers before plain ones)."""
    ordered = sorted(hand, key=lambda card: (deck.RANK_OF[card], card), reverse=True)
    return [deck.card_text(card) for card in ordered]


@extend_schema_view(
    post=extend_schema(
        operation_id="variants_deal",
        tags=["rules"],
        summary="Deal the five hands of a seed",
        description="The hands a seed deals (the same deal a game record with this seed "
        "starts from, before any buying of cards), as card notation lists indexed by seat, "
        "and the number of cards dealt. `dealer` defaults to the variant's first dealer.",
        parameters=[openapi.SLUG_PATH],
        request=DealSerializer,
        responses={200: DealResponseSerializer, **docs.errors(*docs.BODY, 404, 409)},
    )
)
class DealView(VersionRulesView):
    """``POST /api/v1/variants/{slug}/deal/``: deal from a seed."""

    body = DealSerializer
    answer_serializer = DealResponseSerializer

    def answer(
        self, data: dict[str, Any], version: RuleSetVersion, cv: CompiledVariant
    ) -> dict[str, Any]:
        """The five hands."""
        dealer = data.get("dealer")
        if dealer is None:
            dealer = cv.variant.deal.first_dealer
        hands = deck.deal(cv.shoe, random.Random(data["seed"]), dealer)  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        return {
            "hands": [_hand_text(hand) for hand in hands],
            "deck_size": cv.shoe.size,
            "seed": data["seed"],
            "dealer": dealer,
        }


# --------------------------------------------------------------------------- replay


@extend_schema_view(
    post=extend_schema(
        operation_id="variants_replay",
        tags=["rules"],
        summary="Check a game record",
        description="Replays a game record `{variant, version, checksum, seed, actions, "
        "dealer}`. The version is the record's `version`; if it is null, "
        "the version whose checksum the record carries, else the latest. The answer is 200 "
        "with `valid` and the game's `result` (roles, finish, points, tribute), or, at the "
        "first action that cannot be applied, `valid: false` and `error: {index, action, "
        "reason}` (the result is then the game as far as it got). A record for another "
        "variant, or whose checksum is not the version's, is a 400 (`checksum_mismatch`).",
        parameters=[openapi.SLUG_PATH],
        request=ReplaySerializer,
        responses={200: ReplayResponseSerializer, **docs.errors(*docs.BODY, 404, 409)},
    )
)
class ReplayView(VersionRulesView):
    """``POST /api/v1/variants/{slug}/replay/``: replay a game record."""

    body = ReplaySerializer
    answer_serializer = ReplayResponseSerializer

    def resolve(self, request: Request, slug: str, data: dict[str, Any]) -> RuleSetVersion:
        """The record's version (by number, else by its checksum, else the latest), which
        must be of this variant and carry the record's checksum."""
        rule_set = rule_set_named(slug)
        if data["variant"] != rule_set.slug:
            raise _bad(
                "variant",
                _(
                    "This record is for the variant '%(variant)s'; send it to "
                    "/api/v1/variants/%(variant)s/replay/ (this is '%(slug)s')."
                )
                % {"variant": data["variant"], "slug": rule_set.slug},
                item_code="other_variant",
                params={"variant": data["variant"], "slug": rule_set.slug},
            )
        number = requested_version(request, data.get("version"))
        version = record_version(rule_set, number, data["checksum"])
        if data["checksum"] != version.checksum:
            matching = version_with_checksum(rule_set, data["checksum"])
            hint = (
                _(" It is the checksum of version %(number)s.") % {"number": matching.number}
                if matching is not None
                else _(" No version of this variant has that checksum.")
            )
            params = {
                "given": data["checksum"][:12],
                "number": version.number,
                "slug": slug,
                "expected": version.checksum[:12],
            }
            raise _bad(
                "checksum",
                _(
                    "The record's checksum %(given)s… is not the checksum of version "
                    "%(number)s of '%(slug)s' (%(expected)s…): the record was played under "
                    "other rules."
                )
                % params
                + hint,
                code="checksum_mismatch",
                params=params,
            )
        return version

    def answer(
        self, data: dict[str, Any], version: RuleSetVersion, cv: CompiledVariant
    ) -> dict[str, Any]:
        """Valid or not, and the game as far as it got."""
        replayed = record.replay(cv, data["seed"], data["actions"], dealer=data.get("dealer"))
        return {
            "valid": replayed.ok,
            "finished": replayed.game.finished,
            "variant": version.rule_set.slug,
            "checksum": version.checksum,
            "error": replayed.error.as_dict() if replayed.error else None,
            "result": record.summary(replayed.game),
        }
