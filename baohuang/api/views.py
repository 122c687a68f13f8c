"""Views of the rule catalog: rule sets, drafts, publishing, versions and diffs.

Thin by design: they check the request with a serializer, call a catalog service (writes)
or selector (reads), and render the result with a serializer. Errors are raised and turned
into the error shape by :func:`baohuang.api.errors.api_exception_handler`.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView
from baohuang.api.errors import (
    ApiError,
    PreconditionFailed,
    PreconditionRequired,
    etag,
    prefixed,
)
from baohuang.api.lookups import (
    query_version,
    rule_set_or_404,
    version_or_404,
    versions_of,
)
from baohuang.api.permissions import CanPublish, CanRead, IsStaff
from baohuang.api.serializers import (
    DiffSerializer,
    DraftSerializer,
    DraftUpdateSerializer,
    PublishSerializer,
    VariantCreateSerializer,
    VariantDetailSerializer,
    VariantSummarySerializer,
    VersionDetailSerializer,
    VersionSummarySerializer,
)
from baohuang.catalog import services
from baohuang.catalog.errors import DraftInvalid
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.selectors import (
    check_definition,
    diff_definitions,
    latest_version,
    rule_set_list,
)

# --------------------------------------------------------------------------- helpers


def _username(version: RuleSetVersion) -> str | None:
    user = version.published_by
    return user.get_username() if user is not None else None


def version_summary(version: RuleSetVersion) -> dict[str, Any]:
    """A version as the API shows it (without the definition)."""
    return {
        "number": version.number,
        "checksum": version.checksum,
        "published_at": version.published_at,
        "published_by": _username(version),
        "retired": version.retired,
    }


def version_detail(rule_set: RuleSet, version: RuleSetVersion) -> dict[str, Any]:
    """A version with its definition."""
    return {**version_summary(version), "slug": rule_set.slug, "definition": version.definition}


def draft_body(rule_set: RuleSet) -> dict[str, Any]:
    """The draft of a rule set and where it stands against the latest version."""
    report = check_definition(rule_set.draft, rule_set.slug)
    latest = latest_version(rule_set)
    checksum = rule_set.draft_checksum or None
    return {
        "slug": rule_set.slug,
        "name_zh": rule_set.name_zh,
        "name_en": rule_set.name_en,
        "description": rule_set.description,
        "revision": rule_set.draft_revision,
        "definition": rule_set.draft,
        "valid": report.valid,
        "errors": prefixed(report.errors),
        "warnings": prefixed(report.warnings),
        "checksum": checksum,
        "latest_version": latest.number if latest is not None else None,
        "changed": latest is None or checksum != latest.checksum,
        "updated_at": rule_set.updated_at,
    }


def draft_response(rule_set: RuleSet, status_code: int = status.HTTP_200_OK) -> Response:
    """The draft body with its ``ETag``."""
    body = DraftSerializer(draft_body(rule_set)).data
    return Response(body, status=status_code, headers={"ETag": etag(rule_set.draft_revision)})


def parse_if_match(header: str | None, current: int) -> int | None:
    """The draft revision an ``If-Match`` header names (None when absent).

    Accepts ``"3"``, ``3``, ``W/"3"``, a comma-separated list (the current revision wins if
    listed) and ``*`` (whatever is there now). Anything else matches nothing: 412.
    """
    if header is None or header.strip() == "":
        return None
    revisions: list[int] = []
    for item in header.split(","):
        tag = item.strip()
        if tag == "*":
            return current
        tag = tag.removeprefix("W/").strip().strip('"')
        if tag.isascii() and tag.isdigit() and len(tag) <= 10:
            revisions.append(int(tag))
    if not revisions:
        raise PreconditionFailed(
            f"If-Match must be the ETag of the draft, like \"{current}\"; got '{header[:60]}'.",
            headers={"ETag": etag(current)},
        )
    return current if current in revisions else revisions[0]


# --------------------------------------------------------------------------- rule sets


class VariantListView(WriteThrottledView):
    """``GET /api/v1/variants/`` and ``POST /api/v1/variants/``."""

    def get_permissions(self) -> list[BasePermission]:
        """Reading is :class:`CanRead`; creating needs staff."""
        if self.request.method == "POST":
            return [IsStaff()]
        return [CanRead()]

    @extend_schema(
        operation_id="variants_list",
        tags=["variants"],
        summary="List rule sets",
        description="Every rule set with its latest published (not retired) version number "
        "(`version`, null if none is published), by slug.",
        responses={200: VariantSummarySerializer(many=True), **docs.errors()},
    )
    def get(self, request: Request) -> Response:
        """List rule sets."""
        return Response(VariantSummarySerializer(rule_set_list(), many=True).data)

    @extend_schema(
        operation_id="variants_create",
        tags=["variants"],
        summary="Create a rule set (staff)",
        description="Create a rule set whose draft is `definition` (nothing is published). "
        "The slug defaults to the definition's `id` and must equal it; the names default to "
        "the definition's `name`. An invalid definition is a 400 listing every error "
        "(paths under `definition`); an existing slug is a 409.",
        request=VariantCreateSerializer,
        responses={
            201: OpenApiResponse(DraftSerializer, description="The new rule set's draft."),
            **docs.errors(*docs.BODY, 403, 409),
        },
        parameters=[docs.ETAG],
    )
    def post(self, request: Request) -> Response:
        """Create a rule set with a draft."""
        serializer = VariantCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        definition: dict[str, Any] = data["definition"]
        declared_id = definition.get("id")
        slug = data.get("slug") or (declared_id if isinstance(declared_id, str) else "")
        names = definition.get("name") if isinstance(definition.get("name"), dict) else {}
        assert isinstance(names, dict)

        def name(lang: str) -> str:
            given = data.get(f"name_{lang}")
            if given:
                return str(given)
            value = names.get(lang)
            return value[:100] if isinstance(value, str) and value.strip() else slug[:100]

        rule_set = services.create_rule_set(
            slug,
            name("zh"),
            name("en"),
            definition,
            request.user,
            description=data.get("description", ""),
        )
        response = draft_response(rule_set, status.HTTP_201_CREATED)
        response["Location"] = reverse("api:variant-detail", args=[rule_set.slug])
        return response


class VariantDetailView(APIView):
    """``GET /api/v1/variants/{slug}/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_retrieve",
        tags=["variants"],
        summary="A rule set and its latest published definition",
        description="The rule set with the `definition` and `version` of its latest "
        "published version, or of `?version=N`. A rule set with nothing published yet has "
        "`version` and `definition` null.",
        parameters=[docs.SLUG_PATH, docs.VERSION_QUERY],
        responses={200: VariantDetailSerializer, **docs.errors(400, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """The rule set with one published definition."""
        rule_set = rule_set_or_404(slug)
        number = query_version(request)
        version = latest_version(rule_set) if number is None else version_or_404(rule_set, number)
        body = {
            "slug": rule_set.slug,
            "name_zh": rule_set.name_zh,
            "name_en": rule_set.name_en,
            "description": rule_set.description,
            "version": version.number if version else None,
            "checksum": version.checksum if version else None,
            "published_at": version.published_at if version else None,
            "retired": version.retired if version else None,
            "definition": version.definition if version else None,
        }
        return Response(VariantDetailSerializer(body).data)


# --------------------------------------------------------------------------- drafts


class DraftView(WriteThrottledView):
    """``GET`` and ``PUT /api/v1/variants/{slug}/draft/`` (staff)."""

    permission_classes = (IsStaff,)

    @extend_schema(
        operation_id="variants_draft_retrieve",
        tags=["drafts"],
        summary="Read the draft (staff)",
        description="The draft definition with its validation result. The `ETag` header "
        "is the draft revision: send it back as `If-Match` when you save.",
        parameters=[docs.SLUG_PATH, docs.ETAG],
        responses={200: DraftSerializer, **docs.errors(403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """The draft and its ETag."""
        return draft_response(rule_set_or_404(slug))

    @extend_schema(
        operation_id="variants_draft_update",
        tags=["drafts"],
        summary="Replace the draft (staff; If-Match required)",
        description="Replace the draft definition (and optionally the names and description). "
        "`If-Match` must carry the ETag of the draft you edited: without it the answer is "
        "**428** `precondition_required`; if someone saved in between it is **412** "
        "`stale_draft` (nothing is saved; the response's ETag is the current revision). An "
        "invalid definition is a **400** `invalid_definition` listing every error with its "
        "path under `definition`, and nothing is saved. Saving an unchanged draft keeps "
        "its revision.",
        parameters=[docs.SLUG_PATH, docs.IF_MATCH, docs.ETAG],
        request=DraftUpdateSerializer,
        responses={200: DraftSerializer, **docs.errors(*docs.BODY, 403, 404, 412, 428)},
    )
    def put(self, request: Request, slug: str) -> Response:
        """Replace the draft when If-Match names its current revision."""
        rule_set = rule_set_or_404(slug)
        expected = parse_if_match(request.headers.get("If-Match"), rule_set.draft_revision)
        if expected is None:
            raise PreconditionRequired(
                "Send If-Match with the ETag of the draft you edited (GET …/draft/ gives it, "
                f'currently "{rule_set.draft_revision}"), so that nobody\'s changes are '
                "overwritten unseen.",
                headers={"ETag": etag(rule_set.draft_revision)},
            )
        serializer = DraftUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        saved = services.update_draft(
            rule_set,
            data["definition"],
            expected,
            request.user,
            name_zh=data.get("name_zh"),
            name_en=data.get("name_en"),
            description=data.get("description"),
        )
        return draft_response(saved)


class PublishView(WriteThrottledView):
    """``POST /api/v1/variants/{slug}/publish/`` (publish permission)."""

    permission_classes = (CanPublish,)

    @extend_schema(
        operation_id="variants_publish",
        tags=["drafts"],
        summary="Publish the draft as the next version",
        description="Publish the draft as version highest + 1 (needs the permission "
        "`catalog.publish_ruleset`). Optionally pin the revision you reviewed with "
        "`revision` in the body or an `If-Match` header (stale → 412). A draft with errors "
        "(`draft_invalid`), a draft equal to the latest version (`nothing_to_publish`) and "
        "a concurrent publish (`publish_conflict`) are 409s.",
        parameters=[docs.SLUG_PATH],
        request=PublishSerializer,
        responses={
            201: OpenApiResponse(VersionDetailSerializer, description="The new version."),
            **docs.errors(*docs.BODY, 403, 404, 409, 412),
        },
    )
    def post(self, request: Request, slug: str) -> Response:
        """Publish the draft."""
        rule_set = rule_set_or_404(slug)
        serializer = PublishSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        expected = serializer.validated_data.get("revision")
        if expected is None:
            expected = parse_if_match(request.headers.get("If-Match"), rule_set.draft_revision)
        try:
            version = services.publish(rule_set, request.user, expected_revision=expected)
        except DraftInvalid as exc:
            raise ApiError(
                exc.message,
                code="draft_invalid",
                status_code=status.HTTP_409_CONFLICT,
                errors=prefixed(exc.errors, "definition"),
            ) from exc
        body = VersionDetailSerializer(version_detail(rule_set, version)).data
        location = reverse("api:version-detail", args=[rule_set.slug, version.number])
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": location})


# --------------------------------------------------------------------------- versions


class VersionListView(APIView):
    """``GET /api/v1/variants/{slug}/versions/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_versions_list",
        tags=["versions"],
        summary="Published versions",
        description="Every published version, oldest first (retired versions included, "
        "flagged `retired`).",
        parameters=[docs.SLUG_PATH],
        responses={200: VersionSummarySerializer(many=True), **docs.errors(404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """List the versions of a rule set."""
        rule_set = rule_set_or_404(slug)
        body = [version_summary(v) for v in versions_of(rule_set)]
        return Response(VersionSummarySerializer(body, many=True).data)


_NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="Version number.")
_OTHER = OpenApiParameter("other", int, OpenApiParameter.PATH, description="Version to compare.")


class VersionDetailView(APIView):
    """``GET /api/v1/variants/{slug}/versions/{n}/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_versions_retrieve",
        tags=["versions"],
        summary="One published version",
        description="A published version with its definition (retired versions too).",
        parameters=[docs.SLUG_PATH, _NUMBER],
        responses={200: VersionDetailSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        """One version with its definition."""
        rule_set = rule_set_or_404(slug)
        version = version_or_404(rule_set, number)
        return Response(VersionDetailSerializer(version_detail(rule_set, version)).data)


class VersionDiffView(APIView):
    """``GET /api/v1/variants/{slug}/versions/{n}/diff/{m}/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_versions_diff",
        tags=["versions"],
        summary="Changed paths between two versions",
        description="Every path that differs from version `number` to version `other`, with "
        "the old and new values (`change`: changed, added or removed).",
        parameters=[docs.SLUG_PATH, _NUMBER, _OTHER],
        responses={200: DiffSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, slug: str, number: int, other: int) -> Response:
        """The diff between two versions."""
        rule_set = rule_set_or_404(slug)
        old = version_or_404(rule_set, number)
        new = version_or_404(rule_set, other)
        body = {
            "slug": rule_set.slug,
            "old": old.number,
            "new": new.number,
            "changes": diff_definitions(old.definition, new.definition),
        }
        return Response(DiffSerializer(body).data)
