"""Request and response bodies of the catalog's endpoints and the rules questions (field
names of docs/design.md §7 are **contract**), made of the API's strict fields
(:mod:`baohuang.api.serializers`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from baohuang.api.serializers import (
    AnyValueField,
    BoundedListField,
    DefinitionField,
    ProblemSerializer,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    seat,
    seats,
)
from baohuang.catalog.models import SLUG_PATTERN
from baohuang.catalog.selectors import MAX_VERSION
from baohuang.rules.vocabulary import ALL_RANKS, EVENTS

#: Seeds are 64-bit signed integers (what a JSON client can write exactly).
MIN_SEED = -(2**63)
MAX_SEED = 2**63 - 1
#: Enough for any play or card list of a real game (a hand has at most 33 cards).
MAX_NOTATION = 500
#: Actions in one game record (a real game has a few hundred).
MAX_ACTIONS = 10_000
#: Money settings are bounded so that points × base stays a sane number.
MAX_MONEY = 1_000_000_000


def version_field() -> StrictIntegerField:
    """The optional ``version`` of a rules request (default: the latest published)."""
    return StrictIntegerField(
        min_value=1,
        max_value=MAX_VERSION,
        required=False,
        allow_null=True,
        default=None,
        help_text="Version number; omitted or null: the latest published version. The query "
        "parameter ?version= works too.",
    )


# --------------------------------------------------------------------------- rule sets


class BasedOnSerializer(serializers.Serializer):
    """The published version a rule set was cloned from (its origin)."""

    slug = serializers.CharField(help_text="The rule set cloned.")
    version = serializers.IntegerField(help_text="The version cloned.")


def based_on(rule_set: Any) -> dict[str, Any] | None:
    """A rule set's ``based_on`` as the API shows it: ``{slug, version}`` or None."""
    origin = getattr(rule_set, "based_on", None)
    if origin is None:
        return None
    return {"slug": origin.rule_set.slug, "version": origin.number}


@extend_schema_field(BasedOnSerializer(allow_null=True))
class BasedOnField(serializers.Field):
    """``based_on`` of a RuleSet: ``{slug, version}`` or null (read only)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text",
            "The published version this rule set was cloned from, {slug, version}; null "
            "when it was not made by cloning.",
        )
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> Any:
        """The origin of the rule set ``value``."""
        return based_on(value)


class VariantSummarySerializer(serializers.Serializer):
    """A rule set in the list, with its latest published version number."""

    slug = serializers.CharField()
    name_zh = serializers.CharField()
    name_en = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    version = serializers.IntegerField(
        source="latest_number",
        allow_null=True,
        help_text="The latest published (not retired) version; null if none.",
    )
    checksum = serializers.CharField(
        source="latest_checksum", allow_null=True, help_text="Checksum of that version."
    )
    versions = serializers.IntegerField(
        source="version_count", help_text="How many versions were published (retired too)."
    )
    based_on = BasedOnField()


class VariantDetailSerializer(serializers.Serializer):
    """A rule set with one published definition (the latest unless ?version= says)."""

    slug = serializers.CharField()
    name_zh = serializers.CharField()
    name_en = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    version = serializers.IntegerField(allow_null=True)
    checksum = serializers.CharField(allow_null=True)
    published_at = serializers.DateTimeField(allow_null=True)
    retired = serializers.BooleanField(allow_null=True)
    definition = DefinitionField(allow_null=True)
    based_on = BasedOnSerializer(allow_null=True, help_text="The origin of a clone, or null.")


#: ``slug``, ``slug@N`` or ``slug@draft``: one side of a diff named by its rule set.
SIDE_PATTERN = r"^[a-z0-9][a-z0-9-]{1,62}(@(draft|[0-9]{1,10}))?$"


@extend_schema_field({"type": "string", "pattern": SLUG_PATTERN, "maxLength": 63})
class SlugTextField(StrictCharField):
    """A rule set's slug (the variant id): the document states the server's pattern."""


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "pattern": SIDE_PATTERN},
            {"type": "object", "additionalProperties": True},
        ]
    }
)
class DiffSideField(serializers.JSONField):
    """``slug@N``, ``slug@draft``, ``slug`` or a definition object."""


class CloneSourceSerializer(StrictSerializer):
    """Which rule set (and version) to clone."""

    slug = SlugTextField(max_length=63, help_text="The rule set to clone.")
    version = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=MAX_VERSION,
        help_text="The published version to clone (retired ones too); omitted or null: the "
        "latest published version.",
    )


class VariantCreateSerializer(StrictSerializer):
    """A new rule set: its draft definition, or a clone of a published version
    (``based_on``), and optionally slug, names, description."""

    definition = DefinitionField(
        required=False, help_text="The draft. Required unless based_on is given."
    )
    based_on = CloneSourceSerializer(
        required=False,
        help_text="Create by cloning this version instead of sending a definition: the new "
        "rule set remembers it as its origin. Give it without definition; without slug, the "
        "clone's is made from name_zh (or the origin's name with （副本）).",
    )
    slug = SlugTextField(
        required=False,
        max_length=63,
        help_text="Default: the definition's id, else made from the name (the pinyin of "
        "name_zh or name.zh, as GET /api/v1/slug/ proposes it). The slug is the variant id.",
    )
    name_zh = StrictCharField(required=False, max_length=100, help_text="Default: name.zh.")
    name_en = StrictCharField(required=False, max_length=100, help_text="Default: name.en.")
    description = StrictCharField(required=False, allow_blank=True, max_length=5000)


class SlugSuggestionSerializer(serializers.Serializer):
    """The identifier proposed for a name."""

    slug = serializers.CharField(help_text="A free slug (the variant id) made from the name.")


class DraftSerializer(serializers.Serializer):
    """The editable draft of a rule set and where it stands."""

    slug = serializers.CharField()
    name_zh = serializers.CharField()
    name_en = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    revision = serializers.IntegerField(help_text="The draft revision; the ETag carries it.")
    definition = DefinitionField()
    valid = serializers.BooleanField()
    errors = ProblemSerializer(many=True)  # type: ignore[assignment]
    warnings = ProblemSerializer(many=True)
    checksum = serializers.CharField(
        allow_null=True, help_text="Checksum it would be published with (null if invalid)."
    )
    latest_version = serializers.IntegerField(allow_null=True)
    changed = serializers.BooleanField(help_text="True when the draft differs from the latest.")
    updated_at = serializers.DateTimeField()
    based_on = BasedOnSerializer(allow_null=True, help_text="The origin of a clone, or null.")


class DraftUpdateSerializer(StrictSerializer):
    """A new draft definition (and optionally new names and description)."""

    definition = DefinitionField()
    name_zh = StrictCharField(required=False, max_length=100)
    name_en = StrictCharField(required=False, max_length=100)
    description = StrictCharField(required=False, allow_blank=True, max_length=5000)


class PublishSerializer(StrictSerializer):
    """Optional: the draft revision the publisher reviewed (or send If-Match)."""

    revision = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="Publish only if the draft is still at this revision (else 412).",
    )


class VersionSummarySerializer(serializers.Serializer):
    """A published version, without its definition."""

    number = serializers.IntegerField()
    checksum = serializers.CharField()
    published_at = serializers.DateTimeField()
    published_by = serializers.CharField(allow_null=True)
    retired = serializers.BooleanField()


class VersionDetailSerializer(VersionSummarySerializer):
    """A published version with its definition."""

    slug = serializers.CharField()
    definition = DefinitionField()


class TextSerializer(serializers.Serializer):
    """A sentence in Chinese and English."""

    zh = serializers.CharField()
    en = serializers.CharField()


class ChangeSerializer(serializers.Serializer):
    """One change between two definitions: where (for tools) and a sentence (for people)."""

    path = serializers.CharField(
        allow_blank=True,
        help_text="JSON path of the change, e.g. scoring.two_person.rows[0].emperor; an added "
        "or removed list item is one change at the item's path.",
    )
    old = AnyValueField(help_text="The old value (null when added).")
    new = AnyValueField(help_text="The new value (null when removed).")
    change = serializers.ChoiceField(choices=["changed", "added", "removed"])
    text = TextSerializer(
        help_text="The change as a sentence in game terms, e.g. zh 皇帝头客、侍卫二客时皇帝得分 "
        "6 → 8, en Emperor 1st out, guard 2nd out: the emperor's points 6 → 8."
    )


class DiffSerializer(serializers.Serializer):
    """The changed paths from version ``old`` to version ``new``."""

    slug = serializers.CharField()
    old = serializers.IntegerField(help_text="The version compared from.")
    new = serializers.IntegerField(help_text="The version compared to.")
    changes = ChangeSerializer(many=True)


class DiffSideSerializer(serializers.Serializer):
    """One side of a diff: a rule set's version or draft, or a definition sent in the body."""

    slug = serializers.CharField(allow_null=True, help_text="Null for a definition sent.")
    version = serializers.IntegerField(allow_null=True, help_text="Null for a draft.")
    draft = serializers.BooleanField(help_text="True when this side is the rule set's draft.")


class AnyDiffSerializer(serializers.Serializer):
    """Every change from one side to the other."""

    # "from" is a Python keyword: declare it through the class namespace.
    locals()["from"] = DiffSideSerializer(help_text="The side compared from.")
    to = DiffSideSerializer(help_text="The side compared to.")
    changes = ChangeSerializer(many=True)


class DiffRequestSerializer(StrictSerializer):
    """The two sides of a diff: each ``slug@N``, ``slug@draft``, ``slug`` (the latest
    published version) or a whole definition."""

    locals()["from"] = DiffSideField(
        help_text="slug@N (a version), slug@draft (readers of drafts), slug (the latest published "
        "version), or a definition object."
    )
    to = DiffSideField(help_text="As from.")


class OriginDiffSerializer(AnyDiffSerializer):
    """A clone against its origin: what makes it different."""

    based_on = BasedOnSerializer()


# --------------------------------------------------------------------------- validation


class ValidationResultSerializer(serializers.Serializer):
    """What the language says about a definition."""

    valid = serializers.BooleanField()
    errors = ProblemSerializer(many=True)  # type: ignore[assignment]
    warnings = ProblemSerializer(many=True)
    summary = serializers.DictField(
        child=AnyValueField(), help_text="A few facts at a glance; empty when broken."
    )


class DeckRankSerializer(serializers.Serializer):
    """One rank of a counted deck."""

    rank = serializers.ChoiceField(choices=list(ALL_RANKS))
    full = serializers.IntegerField(help_text="Cards of the rank in the full shoe.")
    left = serializers.IntegerField(
        help_text="Cards of the rank left after the trims (random removals counted as removed)."
    )


class DeckCountSerializer(serializers.Serializer):
    """A deck section counted as the language's checks count it."""

    size = serializers.IntegerField(help_text="Cards in play after the trims.")
    ranks = DeckRankSerializer(many=True, help_text="Every rank, low to high.")


# --------------------------------------------------------------------------- rules


class CompareSerializer(StrictSerializer):
    """Two plays in card notation (docs/rules.md §11)."""

    previous = StrictCharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        trim_whitespace=False,
        max_length=MAX_NOTATION,
        default=None,
        help_text="The play on the table, e.g. 'SJ 8 8 8'; null: the candidate leads.",
    )
    candidate = StrictCharField(
        allow_blank=True,
        trim_whitespace=False,
        max_length=MAX_NOTATION,
        help_text="The play to judge, e.g. '9 9 9 9'.",
    )
    version = version_field()


class CompareResponseSerializer(serializers.Serializer):
    """Whether the candidate is a legal play, whether it beats the previous one, and why."""

    legal = serializers.BooleanField()
    beats = serializers.BooleanField()
    reason = serializers.CharField(help_text="Why, in the request's language.")
    reason_code = serializers.CharField(
        help_text="The reason's code, e.g. mixed_ranks, does_not_beat, rank_limited, legal_lead."
    )
    reason_params = serializers.DictField(
        help_text="The reason's values (nested reasons as {code, params})."
    )
    previous = serializers.CharField(allow_null=True, help_text="As the engine reads it.")
    candidate = serializers.CharField(help_text="As the engine reads it.")
    version = serializers.IntegerField()


class ScoreSerializer(StrictSerializer):
    """A finished game's roles and finish order (docs/rules.md §8)."""

    emperor = seat()
    guard = seat(required=False, allow_null=True, default=None, help_text="null in a solo game.")
    finish = seats(
        min_length=5, help_text="All five seats in the order they went out, e.g. [0,1,2,3,4]."
    )
    solo = StrictChoiceField(
        choices=["open", "hidden"], required=False, allow_null=True, default=None
    )
    events = BoundedListField(
        child=StrictChoiceField(choices=list(EVENTS)),
        required=False,
        default=list,
        max_length=20,
        help_text="e.g. open_guard, rebellion, kick (may repeat).",
    )
    base = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=MAX_MONEY
    )
    table_fee = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=MAX_MONEY
    )
    automatic = seats(required=False, default=list, help_text="Seats that went automatic.")
    carried = BoundedListField(
        child=StrictIntegerField(min_value=0, max_value=MAX_MONEY * 1000),
        required=False,
        allow_null=True,
        default=None,
        min_length=5,
        max_length=5,
        help_text="Money each seat carried (caps winnings where the variant says so).",
    )
    shut_in = seats(required=False, default=list, help_text="Seats shut in (闷), if any.")
    game_ender = seat(
        required=False,
        allow_null=True,
        default=None,
        help_text="The seat whose going out ended the game (receives a shut-in tribute or "
        "penalty where the variant says so; null: the first finisher).",
    )
    quit = seats(required=False, default=list, help_text="Seats that quit the game in progress.")
    version = version_field()

    def validate_finish(self, value: list[int]) -> list[int]:
        """The finish order is a permutation of the five seats."""
        if sorted(value) != [0, 1, 2, 3, 4]:
            raise serializers.ValidationError(
                _(
                    "The finish order must list each seat 0–4 exactly once, in the order they "
                    "went out."
                ),
                code="finish_order",
            )
        return value


class TransferSerializer(serializers.Serializer):
    """Cards a seat gives to another (shut-in tribute)."""

    to = serializers.IntegerField()
    count = serializers.IntegerField()
    # "from" is a Python keyword: declare it through the class namespace.
    locals()["from"] = serializers.IntegerField()


class ShareSerializer(serializers.Serializer):
    """Cards a seat gives to, or takes from, the tribute pool."""

    seat = serializers.IntegerField()
    count = serializers.IntegerField()


class TributeSerializer(serializers.Serializer):
    """The tribute owed for the next game (docs/rules.md §9)."""

    rule = serializers.IntegerField(allow_null=True, help_text="Index of the matching rule.")
    shut_in = TransferSerializer(many=True)
    give = ShareSerializer(many=True)
    take = ShareSerializer(many=True)


class ScoreReasonSerializer(serializers.Serializer):
    """One sentence of why each seat got its points (docs/rules.md §8)."""

    code = serializers.CharField(
        help_text="The sentence's code (stable), e.g. score_row, score_doublings, "
        "score_no_doubling, score_role, score_money_rate, score_money."
    )
    params = serializers.DictField(
        help_text="The sentence's values; a sentence inside it is again {code, params}."
    )
    text = serializers.CharField(help_text="The sentence, in the request's language.")


class ScoreResponseSerializer(serializers.Serializer):
    """Points and money per seat, the royals' outcome, the multiplier and the tribute."""

    points = serializers.ListField(child=serializers.IntegerField())
    money = serializers.ListField(child=serializers.IntegerField())
    outcome = serializers.ChoiceField(choices=["win", "draw", "lose"])
    multiplier = serializers.IntegerField()
    tribute = TributeSerializer()
    base_points = serializers.ListField(child=serializers.IntegerField())
    events = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField()
    explanation = ScoreReasonSerializer(
        many=True,
        help_text="Why each seat got its points, in order: the scoring table row with its "
        "figures, the doublings and the multiplier, each role's base points × multiplier, "
        "then (when the variant turns points into money) the stake, fee, penalties and cap.",
    )


class DealSerializer(StrictSerializer):
    """A seed (and optionally the dealer) for a deal."""

    seed = StrictIntegerField(min_value=MIN_SEED, max_value=MAX_SEED)
    dealer = seat(
        required=False, allow_null=True, default=None, help_text="Default: the variant's."
    )
    version = version_field()


class DealResponseSerializer(serializers.Serializer):
    """Five hands in card notation, indexed by seat, high cards first."""

    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    deck_size = serializers.IntegerField()
    seed = serializers.IntegerField()
    dealer = serializers.IntegerField()
    version = serializers.IntegerField()


class ReplaySerializer(StrictSerializer):
    """A game record (docs/design.md §4): variant, version, checksum, seed, actions, dealer."""

    variant = StrictCharField(max_length=63, help_text="Must be the variant of the URL.")
    version = version_field()
    checksum = StrictCharField(max_length=64, help_text="The version's checksum.")
    seed = StrictIntegerField(min_value=MIN_SEED, max_value=MAX_SEED)
    actions = BoundedListField(
        child=StrictCharField(max_length=MAX_NOTATION, allow_blank=True, trim_whitespace=False),
        max_length=MAX_ACTIONS,
    )
    dealer = seat(required=False, allow_null=True, default=None)


class ReplayErrorSerializer(serializers.Serializer):
    """The first action that could not be applied."""

    index = serializers.IntegerField(help_text="0-based index into actions.")
    action = serializers.CharField(allow_blank=True)
    reason = serializers.CharField(help_text="Why, in the request's language.")
    code = serializers.CharField(
        allow_null=True, help_text="The reason's code, e.g. not_held, not_in_deck, card_not_a_card."
    )
    params = serializers.DictField(
        help_text="The reason's values (nested reasons as {code, params})."
    )


class GameSummarySerializer(serializers.Serializer):
    """A game's end state (or where it stopped): roles, finish, points, tribute."""

    finished = serializers.BooleanField()
    phase = serializers.CharField()
    emperor = serializers.IntegerField(allow_null=True)
    guard = serializers.IntegerField(allow_null=True)
    solo = serializers.CharField(allow_null=True)
    called_card = serializers.CharField(allow_null=True)
    events = serializers.ListField(child=serializers.CharField())
    redeals = serializers.IntegerField()
    finish = serializers.ListField(child=serializers.IntegerField())
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    money = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    outcome = serializers.CharField(allow_null=True)
    multiplier = serializers.IntegerField(allow_null=True)
    shut_in = serializers.ListField(child=serializers.IntegerField())
    tribute = TributeSerializer(allow_null=True)
    unscored_reason = serializers.CharField(allow_null=True)
    dissolved = serializers.BooleanField(
        help_text="A seat was on automatic play (托管) at the end and the rules dissolve the "
        "table (解散, play.automatic.dissolve_if_any): no game follows in a match."
    )
    plays = serializers.IntegerField()
    actions = serializers.IntegerField()
    ended = serializers.ChoiceField(
        choices=["forfeit", "void"],
        required=False,
        help_text="Only for a game that ended in bidding, nobody ascending: a forfeit "
        "(弃皇者负: scored with the forfeit's points, no finish order) or a void deal "
        "(本局作废: 0 for everyone).",
    )
    forfeiter = serializers.IntegerField(
        required=False, help_text="In a forfeit: the seat that first gave up the throne."
    )


class GameRecordSerializer(serializers.Serializer):
    """A game record (docs/design.md §4), as :func:`baohuang.engine.record.make_record` writes it:
    replay it at ``…/replay/``."""

    variant = serializers.CharField()
    version = serializers.IntegerField(allow_null=True, help_text="Null for a draft.")
    checksum = serializers.CharField()
    seed = serializers.IntegerField()
    dealer = serializers.IntegerField()
    actions = serializers.ListField(child=serializers.CharField(allow_blank=True))
    tribute = TributeSerializer(
        required=False, help_text="The tribute paid before this game (a match's later games)."
    )


class GameSettlementSerializer(GameSummarySerializer):
    """The end of a game, revealed: its summary, every seat's cards and the record."""

    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Every seat's cards as held at the lead, by seat, high cards first.",
    )
    record = GameRecordSerializer()


class ReplayResponseSerializer(serializers.Serializer):
    """Whether every action of the record was legal, and the game it produced."""

    valid = serializers.BooleanField(help_text="True when every action was legal.")
    finished = serializers.BooleanField(help_text="True when the record plays a whole game.")
    variant = serializers.CharField()
    version = serializers.IntegerField()
    checksum = serializers.CharField()
    error = ReplayErrorSerializer(allow_null=True, help_text="The first bad action, or null.")
    result = GameSummarySerializer()
