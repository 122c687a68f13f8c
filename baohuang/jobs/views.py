"""The simulation endpoints of the REST API (docs/design.md §7, **contract**), mounted by
:mod:`baohuang.api.urls` under ``/api/v1/simulations/``.

They use the API's error shape (:mod:`baohuang.api.errors`), authentication and throttles
(starting a job counts against the ``writes`` scope). Views are thin: the selectors read,
the services write, and their errors (:mod:`baohuang.jobs.errors`) carry their own code and
status, which the API's exception handler answers with.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView
from baohuang.api.errors import ApiError, error_item, prefixed
from baohuang.api.permissions import has_perms
from baohuang.catalog.permissions import (
    CHANGE_RULESET,
    CanChangeDrafts,
    CanReadDrafts,
    can_read_drafts,
)
from baohuang.catalog.selectors import compiled_version, rule_set_named, version_named
from baohuang.jobs import selectors, services
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.permissions import CanBalance, CanReadJobs, CanRunSimulations, may_cancel
from baohuang.jobs.serializers import (
    BalanceAcceptResponseSerializer,
    BalanceAcceptSerializer,
    BalanceRequestSerializer,
    BalanceResponseSerializer,
    ComparisonCreateSerializer,
    ComparisonJobSerializer,
    RescoredSerializer,
    RescoreSerializer,
    SimulationCreateSerializer,
    SimulationJobListItemSerializer,
    SimulationJobSerializer,
)
from baohuang.rules import validate_definition

#: The fields of a wrapped re-score body; a body with none of them is a bare definition.
RESCORE_KEYS = frozenset({"definition", "version", "variant"})

#: The longest variant id (slug), as the body fields ``variant`` allow.
MAX_SLUG = 63

JOB_ID = OpenApiParameter(
    "job_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The job's id."
)
VARIANT_FILTER = OpenApiParameter(
    "variant",
    {"type": "string", "maxLength": MAX_SLUG},
    OpenApiParameter.QUERY,
    required=False,
    description="Only the jobs of this variant (slug): the editor's job history of a rule set.",
)
KIND_FILTER = OpenApiParameter(
    "kind",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    required=False,
    enum=[k.value for k in SimulationJob.Kind],
    description="Only simulations or only comparisons (default both).",
)


def list_body(job: SimulationJob) -> dict[str, Any]:
    """A job in a list: without its result; a comparison says what B is."""
    body = job_body(job, full=False)
    is_comparison = job.kind == SimulationJob.Kind.COMPARISON
    body["b"] = (job.other_text or None) if is_comparison else None
    return body


def job_body(job: SimulationJob, full: bool = True) -> dict[str, Any]:
    """A job as the API shows it; ``full`` adds the result and its summary."""
    body: dict[str, Any] = {
        "id": job.id,
        "url": job_url(job),
        "kind": job.kind,
        "status": job.status,
        "status_text": job.status_text,
        "variant": job.slug,
        "version": job.version_number,
        "draft_revision": job.draft_revision,
        "games": job.games,
        "seed": job.seed,
        "policy": job.policy,
        "progress": {"done": job.done, "total": job.total},
        "error": job.failure_text or None,
        "error_code": job.error_code or None,
        "error_params": job.error_params or {},
        "created_by": job.created_by.get_username() if job.created_by else None,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
    }
    if full:
        body["result"] = selectors.job_result(job)
        body["summary"] = selectors.job_summary(job)
    return body


def job_url(job: SimulationJob) -> str:
    """The job's URL: under ``/simulations/`` or ``/comparisons/`` by its kind."""
    if job.kind == SimulationJob.Kind.COMPARISON:
        return reverse("api:comparison-detail", args=[job.id])
    return reverse("api:simulation-detail", args=[job.id])


def comparison_body(job: SimulationJob) -> dict[str, Any]:
    """A comparison job as the API shows it."""
    body = job_body(job, full=False)
    body["b"] = job.other_text
    body["result"] = selectors.comparison_report(job)
    return body


def job_or_404(request: Request, job_id: uuid.UUID) -> SimulationJob:
    """The job if the requester may see it (its creator, or ``jobs.view_simulationjob``),
    else 404."""
    job = selectors.job_for(request.user, job_id)
    if job is None:
        raise NotFound(
            _("There is no simulation job %(id)s (or it is not yours).") % {"id": job_id}
        )
    return job


def variant_filter(request: Request) -> str | None:
    """``?variant=``: a variant id, at most as long as the body field ``variant`` (a 400
    ``max_length`` beyond, as for a body); None when absent."""
    raw = request.query_params.get("variant") or None
    if raw is not None and len(raw) > MAX_SLUG:
        message = _("A variant id has at most %(max_length)s characters.") % {
            "max_length": MAX_SLUG
        }
        raise ApiError(
            message, errors=[error_item("variant", message, "max_length", {"max_length": MAX_SLUG})]
        )
    return raw


class _JobListView(WriteThrottledView):
    """``POST`` starts a job (``jobs.run_simulation``), ``GET`` lists jobs (an account)."""

    def get_permissions(self) -> list[BasePermission]:
        """Starting a job needs ``jobs.run_simulation``; listing, an account."""
        if self.request.method == "POST":
            return [CanRunSimulations()]
        return [CanReadJobs()]


def _accepted(body: Any) -> Response:
    """**202** with the queued job's body and its URL as ``Location``."""
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


def _fresh(job: SimulationJob) -> SimulationJob:
    """The job read again with what its body shows (version, rule set, creator)."""
    return SimulationJob.objects.select_related("version__rule_set", "draft_of", "created_by").get(
        pk=job.pk
    )


class SimulationListView(_JobListView):
    """``POST /api/v1/simulations/`` (start a job) and ``GET`` (recent jobs)."""

    @extend_schema(
        operation_id="simulations_create",
        tags=["simulations"],
        summary="Start a simulation job (jobs.run_simulation)",
        description="Queue a job that plays `games` games of a published version (`version`, "
        "default the latest), or of the draft (`draft: true`, a snapshot kept with the job), "
        "with `policy` at every seat, from the job seed `seed`. The answer "
        "is **202** with the job's `id` and `url`; poll the URL for `status` (queued, running, "
        "succeeded, failed, cancelled) and `progress`. The games are split into chunks that "
        "Celery workers run in parallel; the result is the same however many workers ran it, "
        "and equals `baohuang simulate VARIANT --games N --seed S`. An unknown variant or "
        "version, or more games than the server allows, is a 400 naming the field.",
        request=SimulationCreateSerializer,
        responses={
            202: OpenApiResponse(SimulationJobSerializer, description="The queued job."),
            **docs.errors(*docs.BODY, 403),
        },
    )
    def post(self, request: Request) -> Response:
        """Queue a job."""
        serializer = SimulationCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data["draft"] and not can_read_drafts(request.user):
            raise PermissionDenied(CanReadDrafts.message)
        version: Any = (
            selectors.draft_to_simulate(data["variant"])
            if data["draft"]
            else selectors.version_to_simulate(data["variant"], data.get("version"))
        )
        job = services.create_job(
            version, data["games"], data["seed"], data["policy"], created_by=request.user
        )
        return _accepted(SimulationJobSerializer(job_body(_fresh(job))).data)

    @extend_schema(
        operation_id="simulations_list",
        tags=["simulations"],
        summary="Recent simulation jobs",
        description=f"The {selectors.LIST_LIMIT} newest jobs you may see (with "
        "`jobs.view_simulationjob`: everyone's; "
        "others: their own), without their results; simulations and comparisons (`kind`), "
        "of one variant with `?variant=slug`.",
        parameters=[VARIANT_FILTER, KIND_FILTER],
        responses={200: SimulationJobListItemSerializer(many=True), **docs.errors(400)},
    )
    def get(self, request: Request) -> Response:
        """List recent jobs."""
        kind = request.query_params.get("kind") or None
        if kind is not None and kind not in SimulationJob.Kind.values:
            choices = list(SimulationJob.Kind.values)
            message = _("kind must be simulation or comparison, got '%(value)s'.") % {
                "value": kind[:40]
            }
            raise ApiError(
                message,
                errors=[
                    error_item(
                        "kind", message, "invalid_choice", {"value": kind[:40], "choices": choices}
                    )
                ],
            )
        jobs = selectors.recent_jobs(request.user, kind=kind, variant=variant_filter(request))
        body = [list_body(job) for job in jobs]
        return Response(SimulationJobListItemSerializer(body, many=True).data)


class SimulationDetailView(APIView):
    """``GET /api/v1/simulations/{id}/``."""

    permission_classes = (CanReadJobs,)

    @extend_schema(
        operation_id="simulations_retrieve",
        tags=["simulations"],
        summary="A simulation job: status, progress, result",
        description="`status` is queued, running, succeeded, failed or cancelled; "
        "`progress.done` counts the games played so far (it only grows). `result` holds the "
        "merged statistics once the job has succeeded (and `summary` the rates and intervals "
        "derived from them); `error` says why a job failed. Visible to the job's creator and "
        "to accounts with `jobs.view_simulationjob`; anyone else gets 404.",
        parameters=[JOB_ID],
        responses={200: SimulationJobSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, job_id: uuid.UUID) -> Response:
        """The job."""
        return Response(SimulationJobSerializer(job_body(job_or_404(request, job_id))).data)


class SimulationCancelView(APIView):
    """``POST /api/v1/simulations/{id}/cancel/``."""

    permission_classes = (CanReadJobs,)
    throttle_scope = "writes"

    @extend_schema(
        operation_id="simulations_cancel",
        tags=["simulations"],
        summary="Cancel a simulation job",
        description="Stop a queued or running job: chunks not started are dropped, running "
        "ones stop within a few seconds (after the decision being made, even inside a game). "
        "The answer is the job, now "
        "`cancelled` (again if it was cancelled already). A job that succeeded or failed is "
        "a 409 `job_finished`. The job's creator, or with the permission "
        "`jobs.cancel_any_job` (403 without it).",
        request=None,
        parameters=[JOB_ID],
        responses={200: SimulationJobSerializer, **docs.errors(403, 404, 409)},
    )
    def post(self, request: Request, job_id: uuid.UUID) -> Response:
        """Cancel the job."""
        job = job_or_404(request, job_id)
        if not may_cancel(request.user, job):
            raise PermissionDenied(
                _(
                    "Only the job's creator, or an account with the permission "
                    "'jobs.cancel_any_job', may cancel this job."
                )
            )
        services.cancel_job(job.pk)
        return Response(SimulationJobSerializer(job_body(job_or_404(request, job_id))).data)


class SimulationRescoreView(APIView):
    """``POST /api/v1/simulations/{id}/rescore/``."""

    permission_classes = (CanRunSimulations,)
    throttle_scope = "rules"

    @extend_schema(
        operation_id="simulations_rescore",
        tags=["simulations"],
        summary="Re-score a finished simulation under another settlement",
        description="Body: `{definition}` (e.g. the editor's unsaved scoring table; the bare "
        "definition, as `/validate/` takes it, too) or "
        "`{version}` (a published version of the job's variant, or of `variant`). When its "
        "play fields equal those of the simulated version (only scoring, multipliers, money, "
        "tribute … differ), the answer is the job as `GET` shows it with `result` and "
        "`summary` recomputed under the new settlement from the result's outcome counts — no "
        "game is played, it takes milliseconds — and `rescored` saying what differed. A "
        "definition that plays other games is a **409** `play_differs` listing the play "
        "fields; a job that has not succeeded (or whose result predates the outcome counts) a "
        "**409** `not_rescorable`; an invalid definition a 400 `invalid_definition`.",
        request=RescoreSerializer,
        parameters=[JOB_ID],
        responses={200: RescoredSerializer, **docs.errors(*docs.BODY, 403, 404, 409)},
    )
    def post(self, request: Request, job_id: uuid.UUID) -> Response:
        """Re-score the job."""
        started = time.perf_counter()
        job = job_or_404(request, job_id)
        sent = request.data
        if isinstance(sent, dict) and sent and not RESCORE_KEYS & set(sent):
            sent = {"definition": sent}  # bare, as /validate/ takes it
        serializer = RescoreSerializer(data=sent)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        warnings: list[Any] = []
        if data.get("definition") is not None:
            report = validate_definition(data["definition"])
            if not report.valid or report.variant is None:
                raise ApiError(
                    _("The definition has errors; nothing was re-scored."),
                    code="invalid_definition",
                    errors=prefixed(report.errors, "definition"),
                )
            variant = report.variant
            warnings = prefixed(report.warnings, "definition")
            source: dict[str, Any] = {"definition": True}
            field = "definition"
        else:
            slug = data.get("variant") or job.slug
            version = version_named(rule_set_named(slug), data["version"])
            variant = compiled_version(version).variant
            source = {"variant": slug, "version": version.number}
            field = "version"
        stats, changed = selectors.rescore_job(job, variant, field)
        body = job_body(job, full=False)
        body["result"] = stats.to_dict()
        body["summary"] = stats.summary()
        body["rescored"] = {
            **source,
            "checksum": stats.checksum,
            "settlement_fields": changed,
            "elapsed_ms": round(1000 * (time.perf_counter() - started), 2),
            "warnings": warnings,
        }
        return Response(RescoredSerializer(body).data)


class ComparisonListView(_JobListView):
    """``POST /api/v1/comparisons/`` (start a paired comparison) and ``GET`` (recent ones)."""

    @extend_schema(
        operation_id="comparisons_create",
        tags=["comparisons"],
        summary="Start a paired comparison of two variants (jobs.run_simulation)",
        description="`{a: {variant, version?}, b: {variant?, version? | draft: true | "
        "definition}, games, seed, policy}` (a draft needs `catalog.view_ruleset` or "
        "`catalog.change_ruleset`, else 403): plays game i of A and of B from the same deal "
        "seed (common random numbers) and reports, per role and metric, A, B, B − A with a "
        "95% interval and the method used. When A and B differ only in settlement fields the "
        "games are played once and scored by both (`play_unchanged: true`), unless the "
        "players adapt to the scoring (`policy: adaptive` or `mc`: `players_adapt: true`, "
        "both played). **202** with the "
        "job's `url`; poll it. Equals `baohuang compare A B --games N --seed S`.",
        request=ComparisonCreateSerializer,
        responses={
            202: OpenApiResponse(ComparisonJobSerializer, description="The queued job."),
            **docs.errors(*docs.BODY, 403),
        },
    )
    def post(self, request: Request) -> Response:
        """Queue a comparison."""
        serializer = ComparisonCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        a, b = data["a"], data["b"]
        if b.get("definition") is None and b.get("draft") and not can_read_drafts(request.user):
            # A permission refusal is a 403, as everywhere (it was a 400 at b.draft).
            raise PermissionDenied(CanReadDrafts.message)
        version = selectors.version_to_simulate(a["variant"], a.get("version"))
        other = selectors.comparison_side_b(
            b, a["variant"], draft_allowed=can_read_drafts(request.user)
        )
        job = services.create_job(
            version,
            data["games"],
            data["seed"],
            data["policy"],
            created_by=request.user,
            other=other,
        )
        return _accepted(ComparisonJobSerializer(comparison_body(_fresh(job))).data)

    @extend_schema(
        operation_id="comparisons_list",
        tags=["comparisons"],
        summary="Recent comparison jobs",
        description="The newest comparison jobs you may see, without their results "
        "(`?variant=slug`: of one variant).",
        parameters=[VARIANT_FILTER],
        responses={200: SimulationJobListItemSerializer(many=True), **docs.errors()},
    )
    def get(self, request: Request) -> Response:
        """List recent comparisons."""
        jobs = selectors.recent_jobs(
            request.user,
            kind=SimulationJob.Kind.COMPARISON,
            variant=variant_filter(request),
        )
        body = [list_body(job) for job in jobs]
        return Response(SimulationJobListItemSerializer(body, many=True).data)


class ComparisonDetailView(APIView):
    """``GET /api/v1/comparisons/{id}/``."""

    permission_classes = (CanReadJobs,)

    @extend_schema(
        operation_id="comparisons_retrieve",
        tags=["comparisons"],
        summary="A comparison job: status, progress, result",
        description="Like a simulation job; `result` is the comparison once it has succeeded. "
        "Cancel it with `POST /api/v1/simulations/{id}/cancel/`.",
        parameters=[JOB_ID],
        responses={200: ComparisonJobSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, job_id: uuid.UUID) -> Response:
        """The comparison."""
        job = job_or_404(request, job_id)
        if job.kind != SimulationJob.Kind.COMPARISON:
            raise NotFound(_("Job %(id)s is a simulation, not a comparison.") % {"id": job_id})
        return Response(ComparisonJobSerializer(comparison_body(job)).data)


class SimulationBalanceView(APIView):
    """``POST /api/v1/simulations/{id}/balance/``."""

    permission_classes = (CanBalance,)
    throttle_scope = "writes"

    @extend_schema(
        operation_id="simulations_balance",
        tags=["simulations"],
        summary="Propose a balanced scoring table (jobs.run_simulation, catalog.add_ruleset)",
        description="Solves an integer linear program (HiGHS) for the scoring tables: the "
        "`target` (equal-sides or emperor-mean=X), rows zero-sum, monotone, integers, each "
        "entry within ±`max_change`, `fixed` entries kept, the table's shape kept (equal "
        "cells stay equal, higher stay higher, whole ratios stay, within rows and columns; "
        "`release` frees a relation), the fewest distinct amounts changed (`max_distinct` "
        "caps them). Nothing is saved yet: a verification comparison (today's table against "
        "the proposal, on fresh seeds) is queued and keeps the proposal (poll "
        "`verification.url`); `accept.url` then puts it into the draft or a new rule set. "
        "**201**. An infeasible request is a 400; a job "
        "that has not succeeded a 409 `not_rescorable`. The prediction re-scores the "
        "simulated games (nobody changes how they play); `verify_policy: adaptive` verifies "
        "with players who adapt their bidding and declarations to the new scoring.",
        request=BalanceRequestSerializer,
        parameters=[JOB_ID],
        responses={201: BalanceResponseSerializer, **docs.errors(*docs.BODY, 403, 404, 409)},
    )
    def post(self, request: Request, job_id: uuid.UUID) -> Response:
        """Solve, save the draft, queue the verification."""
        job = job_or_404(request, job_id)
        serializer = BalanceRequestSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if (
            job.status != SimulationJob.Status.SUCCEEDED
            or job.kind != SimulationJob.Kind.SIMULATION
        ):
            raise ApiError(
                _("Balance needs a simulation job that has succeeded."),
                code="not_rescorable",
                status_code=status.HTTP_409_CONFLICT,
            )
        outcome = services.propose_balance(
            job,
            data["target"],
            data["max_change"],
            request.user,
            tables=data.get("tables"),
            fixed=data.get("fixed"),
            keep_outcomes=data["keep_outcomes"],
            verify_games=data.get("verify_games"),
            verify_seed=data.get("verify_seed"),
            release=data.get("release"),
            max_distinct=data.get("max_distinct"),
            verify_policy=data.get("verify_policy"),
            table_targets=data.get("table_targets"),
        )
        p = outcome.proposal
        verification = outcome.verification
        body = {
            "definition": verification.other_definition,
            "changes": p.changes,
            "predicted": p.predicted,
            "accept": {"url": reverse("api:simulation-balance-accept", args=[job.pk])},
            "verification": {
                "id": verification.pk,
                "url": reverse("api:comparison-detail", args=[verification.pk]),
                "games": verification.games,
                "seed": verification.seed,
            },
            "solver": {
                "name": "HiGHS (scipy.optimize.milp)",
                "status": p.status,
                "variables": p.variables,
                "constraints": p.constraints,
                "ms": round(p.solve_ms, 1),
                "max_change": p.max_change,
            },
            "notes": p.notes,
        }
        return Response(
            BalanceResponseSerializer(body).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": body["verification"]["url"]},
        )


class SimulationBalanceAcceptView(APIView):
    """``POST /api/v1/simulations/{id}/balance/accept/``."""

    permission_classes = (CanBalance,)
    throttle_scope = "writes"

    @extend_schema(
        operation_id="simulations_balance_accept",
        tags=["simulations"],
        summary="Keep a balance proposal: in the draft, or as a new rule set",
        description="`into: draft` changes exactly the proposal's cells in the draft of the "
        "simulated rule set (`catalog.change_ruleset`); a cell edited in the draft since the "
        "simulated version is a 409 `proposal_conflict`, and `revision` guards against "
        "concurrent edits. `into: new` creates a rule set (not published) whose draft is "
        "the proposal and whose origin (`based_on`) is the simulated version, so its diff "
        "works; its slug is made from its Chinese name unless given. **201**.",
        request=BalanceAcceptSerializer,
        parameters=[JOB_ID],
        responses={
            201: BalanceAcceptResponseSerializer,
            **docs.errors(*docs.BODY, 403, 404, 409, 412),
        },
    )
    def post(self, request: Request, job_id: uuid.UUID) -> Response:
        """Put the proposal where the operator chose."""
        job = job_or_404(request, job_id)
        serializer = BalanceAcceptSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        verification = SimulationJob.objects.filter(
            pk=data["verification"], proposal_of=job
        ).first()
        if verification is None:
            raise ApiError(
                _("That job is not a balance proposal of this simulation."),
                code="not_found",
                status_code=status.HTTP_404_NOT_FOUND,
                errors=[error_item("verification", _("No such proposal."))],
            )
        if data["into"] == "draft" and not has_perms(request.user, CHANGE_RULESET):
            raise PermissionDenied(CanChangeDrafts.message)
        rule_set, changes = services.accept_balance(
            verification,
            data["into"],
            request.user,
            slug=data.get("slug"),
            name_zh=data.get("name_zh"),
            name_en=data.get("name_en"),
            expected_revision=data.get("revision"),
        )
        url = reverse("api:variant-draft", args=[rule_set.slug])
        body = {
            "slug": rule_set.slug,
            "url": url,
            "revision": rule_set.draft_revision,
            "changes": changes,
        }
        return Response(
            BalanceAcceptResponseSerializer(body).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": url},
        )
