"""Request and response bodies of the game-session endpoints (docs/design.md §7, **contract**:
``POST /api/v1/games/`` ``{variant, version, seat, policy, seed}``; the seat's view
``{phase, to_act, seat, hand, legal, events, result}``)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from baohuang.api.serializers import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    seat,
)
from baohuang.bots import POLICY_NAMES
from baohuang.catalog.selectors import MAX_VERSION
from baohuang.catalog.serializers import GameSettlementSerializer
from baohuang.jobs.services import MAX_SEED, MIN_SEED

DRAFT = "draft"


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 1},
            {"type": "string", "enum": [DRAFT]},
            {"type": "null"},
        ],
        "description": 'A published version number, "draft" (catalog.change_ruleset), or '
        "omitted/null for the latest published version.",
    }
)
class VersionOrDraftField(serializers.Field):
    """A version number (≥ 1), ``"draft"``, or null."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "invalid": gettext_lazy('A version is a whole number from 1, or "draft".'),
    }

    def to_internal_value(self, data: Any) -> int | str | None:
        """A number from 1, ``"draft"``, or None."""
        if data is None or data == DRAFT:
            return data
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= MAX_VERSION:
            self.fail("invalid")
        return int(data)

    def to_representation(self, value: Any) -> Any:
        """As given."""
        return value


class GameCreateSerializer(StrictSerializer):
    """``POST /api/v1/games/``."""

    variant = StrictCharField(max_length=63, help_text="The variant id (slug), e.g. baike-common.")
    version = VersionOrDraftField(required=False, allow_null=True, default=None)
    seat = seat(help_text="Your seat, 0–4 (the bots take the other four).")
    policy = StrictChoiceField(
        choices=POLICY_NAMES, default="heuristic", help_text="The bots' policy."
    )
    seed = StrictIntegerField(
        min_value=MIN_SEED,
        max_value=MAX_SEED,
        required=False,
        allow_null=True,
        default=None,
        help_text="The deal seed, to replay a known deal (whoever knows a seed knows every "
        "hand it deals); omitted: a secret random one, shown when the game is over.",
    )


class ActionSerializer(StrictSerializer):
    """``POST /api/v1/games/{id}/actions/``."""

    action = StrictCharField(
        max_length=400,
        help_text="One of the legal actions, as in a game record: 'pass', 'ascend', "
        "'call:4s', 'play 9 9 9' (cards in any order; suits are ignored).",
    )


class EventSerializer(serializers.Serializer):
    """One step of the game as the seat is told it."""

    index = serializers.IntegerField(
        allow_null=True, help_text="The action's index in the record; null: the table's doing."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Whose step it is, if anyone's.")
    phase = serializers.CharField()
    action = serializers.CharField(
        allow_null=True, help_text="The action as recorded (null when not yours to know)."
    )
    code = serializers.CharField(help_text="The sentence's code (stable).")
    params = serializers.DictField(help_text="The sentence's values.")
    text = serializers.CharField(help_text="The sentence, in the request's language.")


class GameViewSerializer(serializers.Serializer):
    """The seat's view of a game (nothing another seat holds, until the settlement)."""

    id = serializers.UUIDField()
    variant = serializers.CharField()
    version = serializers.JSONField(help_text='The version number, or "draft".')
    checksum = serializers.CharField()
    policy = serializers.CharField()
    seed = serializers.IntegerField(
        allow_null=True,
        help_text="The deal seed, null until the game is over: it deals every seat's cards "
        "(and drives the bots), so it is as secret as they are.",
    )
    expires_at = serializers.DateTimeField()
    seat = serializers.IntegerField()
    phase = serializers.CharField(help_text="bidding, declarations, play or finished.")
    to_act = serializers.IntegerField(
        allow_null=True, help_text="Whose turn it is (yours, unless the game is over)."
    )
    question = serializers.CharField(
        help_text="What you are asked: grab, offer, solo, guard, declare_rebel, rebel, "
        "royal_kick, rebel_kick, lead, follow ('' when not your turn)."
    )
    hand = serializers.ListField(
        child=serializers.CharField(), help_text="Your cards, e.g. BJ*, 10h, 9s (high first)."
    )
    legal = serializers.ListField(
        child=serializers.CharField(), help_text="Your legal actions as record text."
    )
    automatic = serializers.CharField(help_text="The action that lets the system play (托管).")
    hand_sizes = serializers.ListField(child=serializers.IntegerField())
    dealer = serializers.IntegerField()
    emperor = serializers.IntegerField(allow_null=True)
    emperor_card_holder = serializers.IntegerField(allow_null=True)
    called_card = serializers.CharField(allow_null=True)
    guard = serializers.IntegerField(allow_null=True, help_text="The guard once public.")
    i_am_guard = serializers.BooleanField()
    solo = serializers.CharField(allow_null=True)
    rebels_declared = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Seats known as rebels by their own word: a rebellion (造反, shown even if it "
        "fails) or a rebel's own declaration (亮反); choices made at the same moment as the "
        "guard's are shown once all are in.",
    )
    tips = serializers.IntegerField()
    trick = serializers.CharField(allow_null=True, help_text="The play to beat.")
    trick_owner = serializers.IntegerField(allow_null=True)
    finish = serializers.ListField(child=serializers.IntegerField())
    played = serializers.DictField(child=serializers.IntegerField())
    events = EventSerializer(many=True)
    result = GameSettlementSerializer(
        allow_null=True,
        help_text="Null until the game is over; then the scores, the tribute owed, every "
        "seat's cards (`hands`) and the game record (`record`).",
    )
