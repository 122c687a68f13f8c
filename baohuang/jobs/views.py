"""The simulation endpoints of the REST API (DESIGN.md §7, **contract**), mounted by
:mod:`baohuang.api.urls` under ``/api/v1/simulations/``.

They use the API's error shape (:mod:`baohuang.api.errors`), authentication and throttles
(starting a job counts against the ``writes`` scope). Views are thin: the selectors read,
the services write.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView
from baohuang.api.errors import ApiError
from baohuang.jobs import selectors, services
from baohuang.jobs.errors import InvalidJob, JobFinished
from baohuang.jobs.models import SimulationJob
from baohuang.jobs.permissions import CanReadJobs, CanRunSimulations
from baohuang.jobs.serializers import (
    SimulationCreateSerializer,
    SimulationJobListItemSerializer,
    SimulationJobSerializer,
)

JOB_ID = OpenApiParameter(
    "job_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The job's id."
)


def job_body(job: SimulationJob, full: bool = True) -> dict[str, Any]:
    """A job as the API shows it; ``full`` adds the result and its summary."""
    body: dict[str, Any] = {
        "id": job.id,
        "url": reverse("api:simulation-detail", args=[job.id]),
        "status": job.status,
        "variant": job.version.rule_set.slug,
        "version": job.version.number,
        "games": job.games,
        "seed": job.seed,
        "policy": job.policy,
        "progress": {"done": job.done, "total": job.total},
        "error": job.error or None,
        "created_by": job.created_by.get_username() if job.created_by else None,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
    }
    if full:
        body["result"] = selectors.job_result(job)
        body["summary"] = selectors.job_summary(job)
    return body


def job_or_404(request: Request, job_id: uuid.UUID) -> SimulationJob:
    """The job if the requester may see it (creator or staff), else 404."""
    job = selectors.job_for(request.user, job_id)
    if job is None:
        raise NotFound(f"There is no simulation job {job_id} (or it is not yours).")
    return job


class SimulationListView(WriteThrottledView):
    """``POST /api/v1/simulations/`` (start a job) and ``GET`` (recent jobs)."""

    def get_permissions(self) -> list[BasePermission]:
        """Starting a job needs staff; listing, an account."""
        if self.request.method == "POST":
            return [CanRunSimulations()]
        return [CanReadJobs()]

    @extend_schema(
        operation_id="simulations_create",
        tags=["simulations"],
        summary="Start a simulation job (staff)",
        description="Queue a job that plays `games` games of a published version (`version`, "
        "default the latest) with `policy` at every seat, from the job seed `seed`. The answer "
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
        try:
            version = selectors.version_to_simulate(data["variant"], data.get("version"))
            job = services.create_job(
                version, data["games"], data["seed"], data["policy"], created_by=request.user
            )
        except InvalidJob as exc:
            raise ApiError(
                exc.message, code="invalid", errors=[{"path": exc.field, "message": exc.message}]
            ) from exc
        job = SimulationJob.objects.select_related("version__rule_set", "created_by").get(pk=job.pk)
        body = SimulationJobSerializer(job_body(job)).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})

    @extend_schema(
        operation_id="simulations_list",
        tags=["simulations"],
        summary="Recent simulation jobs",
        description=f"The {selectors.LIST_LIMIT} newest jobs you may see (staff: everyone's; "
        "others: their own), without their results.",
        responses={200: SimulationJobListItemSerializer(many=True), **docs.errors()},
    )
    def get(self, request: Request) -> Response:
        """List recent jobs."""
        body = [job_body(job, full=False) for job in selectors.recent_jobs(request.user)]
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
        "to staff; anyone else gets 404.",
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
        "ones stop between two games within a few seconds. The answer is the job, now "
        "`cancelled` (again if it was cancelled already). A job that succeeded or failed is "
        "a 409 `job_finished`. The job's creator or staff only.",
        request=None,
        parameters=[JOB_ID],
        responses={200: SimulationJobSerializer, **docs.errors(404, 409)},
    )
    def post(self, request: Request, job_id: uuid.UUID) -> Response:
        """Cancel the job."""
        job = job_or_404(request, job_id)
        try:
            services.cancel_job(job.pk)
        except JobFinished as exc:
            raise ApiError(
                exc.message, code="job_finished", status_code=status.HTTP_409_CONFLICT
            ) from exc
        return Response(SimulationJobSerializer(job_body(job_or_404(request, job_id))).data)
