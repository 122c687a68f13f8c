"""Request and response bodies of the simulation endpoints (docs/design.md §7, **contract**:
``{variant, version?, games, seed, policy}`` in, ``{id, status, progress: {done, total},
result, error}`` out)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from pydantic import TypeAdapter
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from baohuang.api.serializers import (
    BoundedListField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from baohuang.bots import MAX_ROLLOUTS, POLICY_NAMES, PolicySpecError, policy_name
from baohuang.catalog.serializers import version_field
from baohuang.i18n import grouped
from baohuang.jobs import conf
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.selectors import ComparisonSummaryDict
from baohuang.jobs.services import MAX_SEED, MIN_SEED, budget_message
from baohuang.simulation.stats import StatsDict, SummaryDict

#: Request bodies refuse unknown fields (the API's shared base).
_Strict = StrictSerializer

#: Entries ``fixed`` may name: more than the scoring tables of any variant hold.
MAX_FIXED = 500


#: The OpenAPI shape of ``policy`` in job requests: a name, or a mix by role.
POLICY_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {
            "type": "string",
            "description": "A policy name for all five seats: "
            + ", ".join(POLICY_NAMES)
            + f", or mc:N (the search player with N rollouts per decision, N ≤ {MAX_ROLLOUTS}), "
            "or a role mix "
            "written royals=NAME,rebels=NAME[,bidding=NAME].",
            "examples": ["heuristic", "mc", "mc:32", "royals=mc,rebels=heuristic"],
        },
        {
            "type": "object",
            "description": "A mix by role: the emperor and his guard play `royals`, the "
            "others `rebels`; decisions before the emperor is known (bidding) are "
            "`bidding`'s (default heuristic). Stored and returned as its name, "
            "royals=…,rebels=….",
            "properties": {
                "royals": {"type": "string", "examples": ["mc"]},
                "rebels": {"type": "string", "examples": ["heuristic"]},
                "bidding": {"type": "string", "examples": ["heuristic"]},
            },
            "required": ["royals", "rebels"],
            "additionalProperties": False,
        },
    ],
    "default": "heuristic",
}


def policy_error_message(exc: PolicySpecError) -> str:
    """The translated sentence for a policy that cannot be used."""
    params = {"known": ", ".join(POLICY_NAMES), **exc.params}
    if exc.code == "unknown_role":
        return (
            _("Unknown role '%(role)s'; a policy mix has royals, rebels and (optional) bidding.")
            % params
        )
    if exc.code == "required":
        return _("A policy mix needs '%(role)s'.") % params
    if exc.code == "budget_too_large":
        return budget_message(exc.params.get("policy", ""))
    if exc.code == "unknown_policy":
        return (
            _(
                "Unknown policy '%(policy)s'; known policies: %(known)s, mc:N (N rollouts per "
                "decision), or a mix by role."
            )
            % params
        )
    return _("A policy is a name, or an object {royals, rebels} for a mix by role.")


@extend_schema_field(POLICY_SCHEMA)
class PolicyField(serializers.Field):
    """``policy``: a policy name, or a JSON object mixing policies by role; validated to the
    policy's name (a mix in its canonical form ``royals=…,rebels=…``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("default", "heuristic")
        kwargs.setdefault("help_text", "The policy: one name for all five seats, or a mix by role.")
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        """The policy name; errors carry a stable code and, for a mix, the role at fault."""
        if not isinstance(data, str | Mapping):
            raise serializers.ValidationError(
                ErrorDetail(
                    policy_error_message(PolicySpecError("not_a_policy_name", "", "")),
                    "not_a_policy_name",
                )
            )
        try:
            return policy_name(data)
        except PolicySpecError as exc:
            detail = ErrorDetail(policy_error_message(exc), exc.code)
            if exc.key and isinstance(data, Mapping):
                raise serializers.ValidationError({exc.key: [detail]}) from exc
            raise serializers.ValidationError(detail) from exc

    def to_representation(self, value: Any) -> str:
        """The policy name."""
        return str(value)


class _JobRequest(_Strict):
    """A request that queues games: at most ``BAOHUANG_MAX_SIMULATION_GAMES`` of them."""

    #: The CLI command that runs the same work locally, named in the refusal.
    local_command = "baohuang simulate"

    def validate_games(self, value: int) -> int:
        """At most ``BAOHUANG_MAX_SIMULATION_GAMES``."""
        limit = conf.max_games()
        if value > limit:
            raise serializers.ValidationError(
                _(
                    "At most %(limit)s games per job on this server "
                    "(BAOHUANG_MAX_SIMULATION_GAMES); %(games)s asked for. Split the run into "
                    "several jobs with different seeds, or use `%(command)s` locally."
                )
                % {
                    "limit": grouped(limit),
                    "games": grouped(value),
                    "command": self.local_command,
                },
                code="too_many_games",
            )
        return value


class SimulationCreateSerializer(_JobRequest):
    """``POST /api/v1/simulations/``."""

    variant = StrictCharField(max_length=63, help_text="The variant id (slug), e.g. baike-common.")
    version = version_field()
    games = StrictIntegerField(
        min_value=1,
        help_text="Games to play: 1 to the server's limit (BAOHUANG_MAX_SIMULATION_GAMES, "
        "200,000 unless configured otherwise).",
    )
    seed = StrictIntegerField(
        min_value=MIN_SEED,
        max_value=MAX_SEED,
        help_text="The job seed: game i is dealt from a seed derived from it and i, so the "
        "result does not depend on how many workers ran the job.",
    )
    policy = PolicyField()
    draft = serializers.BooleanField(
        default=False,
        help_text="Simulate the rule set's draft as it is now (catalog.view_ruleset or "
        "change_ruleset): a snapshot is kept with the job, so its result stays reproducible.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Not both a version and the draft."""
        if attrs.get("draft") and attrs.get("version") is not None:
            raise serializers.ValidationError(
                _("Give one of version, draft or definition, not %(given)s.")
                % {"given": _(" and ").join(["version", "draft"])},
                code="one_of",
            )
        return attrs


class ProgressSerializer(serializers.Serializer):
    """Games played so far of the job's total."""

    done = serializers.IntegerField(min_value=0)
    total = serializers.IntegerField(min_value=1)


def _inlined(node: Any, defs: Mapping[str, Any]) -> Any:
    """A pydantic JSON Schema with its ``$defs`` written in place and the titles dropped."""
    if isinstance(node, list):
        return [_inlined(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _inlined(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
    return {k: _inlined(v, defs) for k, v in node.items() if k not in ("title", "$defs")}


def json_shape(shape: Any, description: str) -> dict[str, Any]:
    """The OpenAPI schema of a JSON field holding ``shape`` (a TypedDict): the shape the
    simulation code is typed with (mypy checks it) is the one the document states. Written
    as a one-item ``oneOf``, to which drf-spectacular adds the null of ``allow_null``."""
    schema = TypeAdapter(shape).json_schema()
    return {"oneOf": [_inlined(schema, schema.get("$defs", {}))], "description": description}


@extend_schema_field(
    json_shape(
        StatsDict | dict[str, Any],
        "The merged statistics of every game (the counters of "
        "baohuang.simulation.stats.Stats.to_dict(): roles with wins/draws/losses, points, "
        "histograms and finish ranks; event counters; seats; plays); a comparison job's "
        "is the comparison's own (its report is at /api/v1/comparisons/{id}/). Null until "
        "the job has succeeded.",
    )
)
class StatsField(serializers.JSONField):
    """A statistics object, or null."""


@extend_schema_field(
    json_shape(
        SummaryDict | ComparisonSummaryDict,
        "Rates, means and 95% intervals derived from `result` (Stats.summary()); of each "
        "side, `{a, b}`, for a comparison job. Null until the job has succeeded.",
    )
)
class SummaryField(serializers.JSONField):
    """A summary object, or null."""


class SimulationJobSerializer(serializers.Serializer):
    """A job: its parameters, status, progress, result and error."""

    id = serializers.UUIDField()
    url = serializers.CharField(help_text="This job's URL (poll it).")
    kind = serializers.ChoiceField(
        choices=SimulationJob.Kind.choices, help_text="simulation or comparison."
    )
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    status_text = serializers.CharField(
        help_text="The status in the request's language (排队中, 运行中, 已完成 … / queued, "
        "running, succeeded …); `status` is the code."
    )
    variant = serializers.CharField()
    version = serializers.IntegerField(
        allow_null=True, help_text="The version simulated; null when the draft was."
    )
    draft_revision = serializers.IntegerField(
        allow_null=True,
        help_text="When the draft was simulated: its revision then (the job keeps that "
        "snapshot); null for a published version.",
    )
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    policy = serializers.CharField()
    progress = ProgressSerializer()
    result = StatsField(allow_null=True)
    summary = SummaryField(allow_null=True)
    error = serializers.CharField(
        allow_null=True,
        help_text="Why the job failed, in the request's language (null unless it failed).",
    )
    error_code = serializers.CharField(
        allow_null=True,
        help_text="Why the job failed, as a code: chunk_failed (params first, last, reason), "
        "time_limit (params first, last, seconds, policy) or worker_lost (params first, last, "
        "attempts); null unless it failed.",
    )
    error_params = serializers.DictField(help_text="The values of the failure's sentence.")
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class SimulationJobListItemSerializer(serializers.Serializer):
    """A job in a list (without its result)."""

    id = serializers.UUIDField()
    url = serializers.CharField()
    kind = serializers.ChoiceField(choices=SimulationJob.Kind.choices)
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    status_text = serializers.CharField(
        help_text="The status in the request's language (排队中, 运行中, 已完成 … / queued, "
        "running, succeeded …); `status` is the code."
    )
    variant = serializers.CharField()
    version = serializers.IntegerField(
        allow_null=True, help_text="The version simulated; null when the draft was."
    )
    draft_revision = serializers.IntegerField(
        allow_null=True,
        help_text="When the draft was simulated: its revision then (the job keeps that "
        "snapshot); null for a published version.",
    )
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    policy = serializers.CharField()
    progress = ProgressSerializer()
    b = serializers.CharField(
        allow_null=True, help_text="Comparisons: what B is (null for a simulation)."
    )
    error = serializers.CharField(allow_null=True)
    error_code = serializers.CharField(
        allow_null=True,
        help_text="Why the job failed, as a code: chunk_failed (params first, last, reason), "
        "time_limit (params first, last, seconds, policy) or worker_lost (params first, last, "
        "attempts); null unless it failed.",
    )
    error_params = serializers.DictField(help_text="The values of the failure's sentence.")
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


# ------------------------------------------------------------------------ comparisons, rescoring


class ComparisonSideA(_Strict):
    """A published version: ``{variant, version?}``."""

    variant = StrictCharField(max_length=63, help_text="The variant id (slug).")
    version = version_field()


class ComparisonSideB(_Strict):
    """B: a published version, the draft, or a definition; of A's variant unless named."""

    variant = StrictCharField(
        max_length=63, required=False, help_text="The variant id (slug); default A's."
    )
    version = version_field()
    draft = serializers.BooleanField(
        default=False,
        help_text="Compare the rule set's current draft (catalog.view_ruleset or change_ruleset).",
    )
    definition = serializers.JSONField(
        required=False, help_text="A definition (e.g. unsaved edits) to compare against A."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """At most one of version, draft and definition."""
        keys = ("version", "draft", "definition")
        given = [k for k in keys if attrs.get(k) not in (None, False)]
        if len(given) > 1:
            raise serializers.ValidationError(
                _("Give one of version, draft or definition, not %(given)s.")
                % {"given": _(" and ").join(given)},
                code="one_of",
            )
        return attrs


class ComparisonCreateSerializer(_JobRequest):
    """``POST /api/v1/comparisons/``."""

    local_command = "baohuang compare"

    a = ComparisonSideA(help_text="Variant A: a published version.")
    b = ComparisonSideB(help_text="Variant B: a version, the draft or a definition.")
    games = StrictIntegerField(min_value=1, help_text="Game pairs to play (same limit as jobs).")
    seed = StrictIntegerField(
        min_value=MIN_SEED, max_value=MAX_SEED, help_text="The job seed, shared by A and B."
    )
    policy = PolicyField()


@extend_schema_field(
    {
        "type": ["object", "null"],
        "additionalProperties": True,
        "description": "The comparison (contract: play_unchanged, games, metrics: [{name, a, "
        "b, diff, ci95, significant, method}]) with play_fields, message {zh, en}, pairing, "
        "policies (the five seats' players) and players_adapt (true: the players read the "
        "scoring, e.g. adaptive, so both sides were played even where only the scoring "
        "differs) and both sides' summaries a and b. Null until the job has succeeded.",
    }
)
class ComparisonField(serializers.JSONField):
    """A comparison object, or null."""


class ComparisonJobSerializer(serializers.Serializer):
    """A comparison job."""

    id = serializers.UUIDField()
    url = serializers.CharField(help_text="This job's URL (poll it).")
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    status_text = serializers.CharField(
        help_text="The status in the request's language (排队中, 运行中, 已完成 … / queued, "
        "running, succeeded …); `status` is the code."
    )
    variant = serializers.CharField()
    version = serializers.IntegerField(
        allow_null=True,
        help_text="A's version; null when A is a draft (a balance "
        "proposal's verification of a draft).",
    )
    draft_revision = serializers.IntegerField(
        allow_null=True, help_text="When A is a draft: its revision when the job started."
    )
    b = serializers.CharField(help_text="What B is (variant and version, draft or definition).")
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    policy = serializers.CharField()
    progress = ProgressSerializer()
    result = ComparisonField(allow_null=True)
    error = serializers.CharField(allow_null=True)
    error_code = serializers.CharField(
        allow_null=True,
        help_text="Why the job failed, as a code: chunk_failed (params first, last, reason), "
        "time_limit (params first, last, seconds, policy) or worker_lost (params first, last, "
        "attempts); null unless it failed.",
    )
    error_params = serializers.DictField(help_text="The values of the failure's sentence.")
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class RescoreSerializer(_Strict):
    """``POST /api/v1/simulations/{id}/rescore/``: a definition or a version."""

    definition = serializers.JSONField(
        required=False, help_text="A definition whose play fields equal the job's version's."
    )
    version = version_field()
    variant = StrictCharField(
        max_length=63,
        required=False,
        help_text="With version: the variant whose version it is (default the job's).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Exactly one of definition and version."""
        has_def = attrs.get("definition") is not None
        has_version = attrs.get("version") is not None
        if has_def == has_version:
            raise serializers.ValidationError(
                _("Give either definition or version (one of them)."), code="one_of"
            )
        return attrs


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            "settlement_fields": {"type": "array", "items": {"type": "string"}},
            "checksum": {"type": "string"},
            "elapsed_ms": {"type": "number"},
            "warnings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "path": {"type": "string"},
                        "message": {"type": "string"},
                        "code": {"type": "string"},
                        "params": {"type": "object"},
                    },
                    "required": ["path", "message", "code", "params"],
                },
            },
        },
        "required": ["settlement_fields", "checksum", "elapsed_ms", "warnings"],
        "additionalProperties": True,
        "description": "What was re-scored: the settlement paths that differ, the variant "
        "(and version) and checksum of the new settlement, the milliseconds it took, and the "
        "warnings of a definition sent (as POST /api/v1/validate/ gives them).",
    }
)
class RescoreInfoField(serializers.JSONField):
    """What a re-scoring did."""


class RescoredSerializer(SimulationJobSerializer):
    """The job with its result and summary under the new settlement."""

    rescored = RescoreInfoField()


@extend_schema_field({k: v for k, v in POLICY_SCHEMA.items() if k != "default"})
class OptionalPolicyField(PolicyField):
    """A policy that may be left out (then the caller's default applies, not heuristic)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        serializers.Field.__init__(self, **kwargs)  # no "heuristic" default


class BalanceRequestSerializer(_Strict):
    """``POST /api/v1/simulations/{id}/balance/``."""

    target = StrictCharField(
        default="equal-sides",
        max_length=100,
        help_text="equal-sides (royal and rebel side expect the same points per seat) or "
        "emperor-mean=X.",
    )
    max_change = StrictIntegerField(
        min_value=0,
        max_value=50,
        default=None,
        allow_null=True,
        help_text="How far each entry may move (null: 3, else 6, else 10, the first that "
        "reaches the target).",
    )
    release = BoundedListField(
        child=StrictChoiceField(choices=["equal", "order", "ratio"]),
        required=False,
        max_length=3,
        help_text="Relations of the table's shape the solver may break (default none: equal "
        "cells stay equal, higher amounts stay higher, whole ratios such as emperor = 2 × "
        "guard stay, within each row and each column).",
    )
    max_distinct = StrictIntegerField(
        min_value=1,
        max_value=500,
        required=False,
        allow_null=True,
        default=None,
        help_text="At most this many distinct amounts change (default: as few as reach the "
        "target).",
    )
    tables = BoundedListField(
        child=StrictChoiceField(choices=["two_person", "two_person_guard_known", "solo"]),
        required=False,
        max_length=3,
        help_text="The tables the solver may change (default all).",
    )
    table_targets = serializers.DictField(
        child=StrictCharField(max_length=100),
        required=False,
        allow_empty=False,
        help_text="A target per table (two_person, two_person_guard_known, solo → "
        "equal-sides or emperor-mean=X): each of these tables meets its own target on the "
        "games it scores, and only these tables change (`tables` is then ignored). `target` "
        "is still reported over all the games.",
    )
    fixed = BoundedListField(
        child=StrictCharField(max_length=200),
        required=False,
        max_length=MAX_FIXED,
        help_text="Entries to keep, e.g. scoring.two_person.rows[0].emperor.",
    )
    keep_outcomes = serializers.BooleanField(
        default=False, help_text="No row may change between win, draw and loss."
    )
    verify_games = StrictIntegerField(
        min_value=1, required=False, help_text="Games of the verification (default: the job's)."
    )
    verify_seed = StrictIntegerField(
        min_value=MIN_SEED, max_value=MAX_SEED, required=False, help_text="Its seed."
    )
    verify_policy = OptionalPolicyField(
        required=False,
        allow_null=True,
        help_text="The players of the verification (default: the simulation's policy). "
        "`adaptive`: players who adapt their bidding and declarations to the proposal's "
        "scoring; the verification then plays both tables and shows how much that changes "
        "the answer.",
    )


class BalanceAcceptSerializer(_Strict):
    """``POST /api/v1/simulations/{id}/balance/accept/``."""

    verification = serializers.UUIDField(help_text="The proposal's verification job (its id).")
    into = StrictChoiceField(
        choices=["draft", "new"],
        help_text="draft: change the proposal's cells in the simulated rule set's draft; new: "
        "a new rule set whose origin (based_on) is the simulated version.",
    )
    slug = StrictCharField(
        max_length=63, required=False, help_text="into new: its slug (default: from the name)."
    )
    name_zh = StrictCharField(max_length=200, required=False, help_text="into new: its name.")
    name_en = StrictCharField(max_length=200, required=False, help_text="into new: its name.")
    revision = StrictIntegerField(
        min_value=0, required=False, help_text="into draft: the draft revision you saw."
    )


class BalanceAcceptResponseSerializer(serializers.Serializer):
    """Where the proposal went."""

    slug = serializers.CharField()
    url = serializers.CharField(help_text="The rule set's draft.")
    revision = serializers.IntegerField(help_text="The draft's revision now.")
    changes = serializers.JSONField(help_text="[{path, old, new}]: the cells changed.")


class BalanceResponseSerializer(serializers.Serializer):
    """The proposal: its definition and changes, the prediction and the verification job
    (which keeps the proposal until it is accepted)."""

    definition = serializers.JSONField()
    changes = serializers.JSONField()
    predicted = serializers.JSONField()
    verification = serializers.JSONField(help_text="{id, url, games, seed}: poll the url.")
    accept = serializers.JSONField(
        help_text="{url}: POST {verification, into: draft | new} to keep the proposal."
    )
    solver = serializers.JSONField()
    notes = serializers.ListField(child=serializers.CharField())
