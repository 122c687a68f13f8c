"""Views of the rule catalog: rule sets, drafts, publishing, versions and diffs.

Thin by design: they check the request with a serializer, call a catalog service (writes)
or selector (reads), and render the result with a serializer. Errors are raised and turned
into the error shape by :func:`baohuang.api.errors.api_exception_handler`.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from django.http.response import HttpResponseBase
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView, query_version
from baohuang.api.errors import (
    ApiError,
    PreconditionFailed,
    PreconditionRequired,
    error_item,
    prefixed,
)
from baohuang.api.permissions import CanRead
from baohuang.catalog import openapi, services
from baohuang.catalog.caching import cached_get, catalog_stamp, rule_set_stamp
from baohuang.catalog.errors import etag
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.permissions import (
    CanAddRuleSets,
    CanChangeDrafts,
    CanPublish,
    CanReadDrafts,
    can_read_drafts,
)
from baohuang.catalog.selectors import (
    check_definition,
    comparable,
    diff_definitions,
    latest_version,
    rule_set_list,
    rule_set_named,
    version_named,
    versions_of,
)
from baohuang.catalog.serializers import (
    AnyDiffSerializer,
    DiffRequestSerializer,
    DiffSerializer,
    DraftSerializer,
    DraftUpdateSerializer,
    OriginDiffSerializer,
    PublishSerializer,
    SlugSuggestionSerializer,
    VariantCreateSerializer,
    VariantDetailSerializer,
    VariantSummarySerializer,
    VersionDetailSerializer,
    VersionSummarySerializer,
    based_on,
)
from baohuang.catalog.slugs import free_slug

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
        "based_on": based_on(rule_set),
    }


def draft_response(rule_set: RuleSet, status_code: int = status.HTTP_200_OK) -> Response:
    """The draft body with its ``ETag``."""
    body = DraftSerializer(draft_body(rule_set)).data
    return Response(body, status=status_code, headers={"ETag": etag(rule_set.draft_revision)})


#: What ``parse_if_match`` returns for ``If-Match: *``: any revision (the one there when
#: the row is locked; never the one read before, which a concurrent save may have changed).
ANY_REVISION: Final = "*"


def parse_if_match(header: str | None, current: int) -> int | Literal["*"] | None:
    """The draft revision an ``If-Match`` header names (None when absent).

    Accepts ``"3"``, ``3``, ``W/"3"``, a comma-separated list (the current revision wins if
    listed) and ``*`` (``ANY_REVISION``: whatever is there when the save locks the
    row). Anything else matches nothing: 412.
    """
    if header is None or header.strip() == "":
        return None
    revisions: list[int] = []
    for item in header.split(","):
        tag = item.strip()
        if tag == "*":
            return ANY_REVISION
        tag = tag.removeprefix("W/").strip().strip('"')
        if tag.isascii() and tag.isdigit() and len(tag) <= 10:
            revisions.append(int(tag))
    if not revisions:
        raise PreconditionFailed(
            _("If-Match must be the ETag of the draft, like \"%(current)s\"; got '%(header)s'.")
            % {"current": current, "header": header[:60]},
            headers={"ETag": etag(current)},
        )
    return current if current in revisions else revisions[0]


# --------------------------------------------------------------------------- rule sets


class VariantListView(WriteThrottledView):
    """``GET /api/v1/variants/`` and ``POST /api/v1/variants/``."""

    def get_permissions(self) -> list[BasePermission]:
        """Reading is :class:`.CanRead`; creating needs ``catalog.add_ruleset``."""
        if self.request.method == "POST":
            return [CanAddRuleSets()]
        return [CanRead()]

    @extend_schema(
        operation_id="variants_list",
        tags=["variants"],
        summary="List rule sets",
        description="Every rule set with its latest published (not retired) version number "
        "(`version`, null if none is published), by slug.",
        responses={200: VariantSummarySerializer(many=True), **docs.errors()},
    )
    def get(self, request: Request) -> HttpResponseBase:
        """List rule sets (from the cache while no rule set changes)."""
        return cached_get(
            request,
            lambda: Response(VariantSummarySerializer(rule_set_list(), many=True).data),
            stamp=catalog_stamp(),
        )

    @extend_schema(
        operation_id="variants_create",
        tags=["variants"],
        summary="Create a rule set (catalog.add_ruleset)",
        description="Create a rule set whose draft is `definition` (nothing is published). "
        "The slug defaults to the definition's `id` and must equal it; the names default to "
        "the definition's `name`. An invalid definition is a 400 listing every error "
        "(paths under `definition`); an existing slug is a 409.\n\n"
        "**Clone**: send `based_on: {slug, version?}` and a new `slug` instead of a "
        "definition: the draft is a copy of that published version (default: the latest) "
        "with its id set to the slug, and the new rule set remembers the version as its "
        "origin (`based_on` in its answers; `…/diff-origin/` compares against it). Names "
        "default to the original's with （副本） / (copy). An unknown rule set or version is "
        "a 404.",
        request=VariantCreateSerializer,
        responses={
            201: OpenApiResponse(DraftSerializer, description="The new rule set's draft."),
            **docs.errors(*docs.BODY, 403, 404, 409),
        },
        parameters=[openapi.ETAG],
    )
    def post(self, request: Request) -> Response:
        """Create a rule set with a draft."""
        serializer = VariantCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "based_on" in data:
            return self._clone(request, data)
        if "definition" not in data:
            raise ApiError(
                _("Send a definition, or based_on to clone a published version."),
                errors=[error_item("definition", _("This field is required."), "required")],
            )
        definition: dict[str, Any] = data["definition"]
        declared_id = definition.get("id")
        slug = data.get("slug") or (declared_id if isinstance(declared_id, str) else "")
        declared_names = definition.get("name")
        names: dict[str, Any] = declared_names if isinstance(declared_names, dict) else {}
        if not slug:
            # A name is enough: the identifier is made from it (pinyin for Chinese).
            named = data.get("name_zh") or names.get("zh") or data.get("name_en") or names.get("en")
            if isinstance(named, str) and named.strip():
                slug = free_slug(named)
                definition = {**definition, "id": slug}

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

    def _clone(self, request: Request, data: dict[str, Any]) -> Response:
        """Create a rule set by cloning a published version (it becomes the origin)."""
        problems = []
        if "definition" in data:
            problems.append(error_item("definition", _("Send either a definition or based_on.")))
        if problems:
            raise ApiError(problems[0]["message"], errors=problems)
        source = rule_set_named(data["based_on"]["slug"])
        version = version_named(source, data["based_on"].get("version"))
        # Without a slug the clone's is made from its Chinese name (pinyin), as the
        # editor's dialog proposes it: 我们的威海 → wo-men-de-wei-hai.
        slug = data.get("slug") or free_slug(data.get("name_zh") or f"{source.name_zh}（副本）")
        rule_set = services.clone_rule_set(
            source,
            slug,
            request.user,
            version=version,
            name_zh=data.get("name_zh") or None,
            name_en=data.get("name_en") or None,
        )
        response = draft_response(rule_set, status.HTTP_201_CREATED)
        response["Location"] = reverse("api:variant-detail", args=[rule_set.slug])
        return response


class SlugSuggestionView(APIView):
    """``GET /api/v1/slug/?name=…``: the identifier a new rule set of that name would get."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="slug_suggestion",
        tags=["variants"],
        summary="An identifier (slug) for a rule set's name",
        description="The slug made from `name`: the pinyin of its Chinese characters and its "
        "Latin words and numbers, joined by dashes (我们的威海 → `wo-men-de-wei-hai`), with "
        "`-2`, `-3` … added when a rule set already has it. The editor's new and clone "
        "dialogs propose it; creating a rule set without a slug uses the same rule.",
        parameters=[
            OpenApiParameter(
                "name",
                str,
                OpenApiParameter.QUERY,
                required=True,
                description="The rule set's name (Chinese or English), at most 100 characters.",
            )
        ],
        responses={200: SlugSuggestionSerializer, **docs.errors(400)},
    )
    def get(self, request: Request) -> Response:
        """The free slug for ``?name=``."""
        name = request.query_params.get("name", "")
        if not name.strip() or len(name) > 100:
            raise ApiError(
                _("Give the name (1 to 100 characters) to make an identifier from."),
                errors=[error_item("name", _("This field is required."), "required")],
            )
        return Response(SlugSuggestionSerializer({"slug": free_slug(name)}).data)


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
        parameters=[openapi.SLUG_PATH, openapi.VERSION_QUERY],
        responses={200: VariantDetailSerializer, **docs.errors(400, 404)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        """The rule set with one published definition (cached; ``?version=N`` for long)."""
        number = query_version(request)
        return cached_get(
            request,
            lambda: self.build(slug, number),
            stamp=rule_set_stamp(slug),
            params=("version",),
            pinned=number is not None,
        )

    def build(self, slug: str, number: int | None) -> Response:
        """The answer of :meth:`get`, from the database."""
        rule_set = rule_set_named(slug)
        version = latest_version(rule_set) if number is None else version_named(rule_set, number)
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
            "based_on": based_on(rule_set),
        }
        return Response(VariantDetailSerializer(body).data)


# --------------------------------------------------------------------------- drafts


class DraftView(WriteThrottledView):
    """``GET`` and ``PUT /api/v1/variants/{slug}/draft/`` (view / change rule sets)."""

    def get_permissions(self) -> list[BasePermission]:
        """Reading needs view or change rule sets; saving, ``catalog.change_ruleset``."""
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [CanReadDrafts()]
        return [CanChangeDrafts()]

    @extend_schema(
        operation_id="variants_draft_retrieve",
        tags=["drafts"],
        summary="Read the draft (catalog.view_ruleset or change_ruleset)",
        description="The draft definition with its validation result. The `ETag` header "
        "is the draft revision: send it back as `If-Match` when you save.",
        parameters=[openapi.SLUG_PATH, openapi.ETAG],
        responses={200: DraftSerializer, **docs.errors(403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """The draft and its ETag."""
        return draft_response(rule_set_named(slug))

    @extend_schema(
        operation_id="variants_draft_update",
        tags=["drafts"],
        summary="Replace the draft (catalog.change_ruleset; If-Match required)",
        description="Replace the draft definition (and optionally the names and description). "
        "`If-Match` must carry the ETag of the draft you edited: without it the answer is "
        "**428** `precondition_required`; if someone saved in between it is **412** "
        "`stale_draft` (nothing is saved; the response's ETag is the current revision). An "
        "invalid definition is a **400** `invalid_definition` listing every error with its "
        "path under `definition`, and nothing is saved. Saving an unchanged draft keeps "
        "its revision.",
        parameters=[openapi.SLUG_PATH, openapi.IF_MATCH, openapi.ETAG],
        request=DraftUpdateSerializer,
        responses={200: DraftSerializer, **docs.errors(*docs.BODY, 403, 404, 412, 428)},
    )
    def put(self, request: Request, slug: str) -> Response:
        """Replace the draft when If-Match names its current revision."""
        rule_set = rule_set_named(slug)
        expected = parse_if_match(request.headers.get("If-Match"), rule_set.draft_revision)
        if expected is None:
            raise PreconditionRequired(
                _(
                    "Send If-Match with the ETag of the draft you edited (GET …/draft/ gives "
                    'it, currently "%(revision)s"), so that nobody\'s changes are overwritten '
                    "unseen."
                )
                % {"revision": rule_set.draft_revision},
                headers={"ETag": etag(rule_set.draft_revision)},
            )
        serializer = DraftUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        saved = services.update_draft(
            rule_set,
            data["definition"],
            None if expected == ANY_REVISION else expected,
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
        parameters=[openapi.SLUG_PATH],
        request=PublishSerializer,
        responses={
            201: OpenApiResponse(VersionDetailSerializer, description="The new version."),
            **docs.errors(*docs.BODY, 403, 404, 409, 412),
        },
    )
    def post(self, request: Request, slug: str) -> Response:
        """Publish the draft."""
        rule_set = rule_set_named(slug)
        serializer = PublishSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        expected = serializer.validated_data.get("revision")
        if expected is None:
            matched = parse_if_match(request.headers.get("If-Match"), rule_set.draft_revision)
            expected = None if matched == ANY_REVISION else matched
        version = services.publish(rule_set, request.user, expected_revision=expected)
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
        parameters=[openapi.SLUG_PATH],
        responses={200: VersionSummarySerializer(many=True), **docs.errors(404)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        """List the versions of a rule set (cached while it does not change)."""

        def build() -> Response:
            body = [version_summary(v) for v in versions_of(rule_set_named(slug))]
            return Response(VersionSummarySerializer(body, many=True).data)

        return cached_get(request, build, stamp=rule_set_stamp(slug))


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
        parameters=[openapi.SLUG_PATH, _NUMBER],
        responses={200: VersionDetailSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponseBase:
        """One version with its definition (cached; clients may keep it)."""

        def build() -> Response:
            rule_set = rule_set_named(slug)
            version = version_named(rule_set, number)
            return Response(VersionDetailSerializer(version_detail(rule_set, version)).data)

        return cached_get(request, build, stamp=rule_set_stamp(slug), pinned=True)


class VersionDiffView(APIView):
    """``GET /api/v1/variants/{slug}/versions/{n}/diff/{m}/``."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_versions_diff",
        tags=["versions"],
        summary="Changes between two versions",
        description="Every change from version `number` to version `other`: its `path`, the "
        "old and new values (`change`: changed, added or removed) and the sentence `text` "
        "in Chinese and English. List items are matched by identity (see GET /api/v1/diff/), "
        "so an inserted item is one change.",
        parameters=[openapi.SLUG_PATH, _NUMBER, _OTHER],
        responses={200: DiffSerializer, **docs.errors(404)},
    )
    def get(self, request: Request, slug: str, number: int, other: int) -> HttpResponseBase:
        """The diff between two versions (each change with its sentence; cached)."""

        def build() -> Response:
            rule_set = rule_set_named(slug)
            old = version_named(rule_set, number)
            new = version_named(rule_set, other)
            body = {
                "slug": rule_set.slug,
                "old": old.number,
                "new": new.number,
                "changes": diff_definitions(old.definition, new.definition),
            }
            return Response(DiffSerializer(body).data)

        return cached_get(request, build, stamp=rule_set_stamp(slug), pinned=True)


# --------------------------------------------------------------------------- any two sides

#: ``slug``, ``slug@3`` or ``slug@draft``.
SIDE_PATTERN = re.compile(r"^(?P<slug>[a-z0-9][a-z0-9-]{1,62})(?:@(?P<at>draft|[0-9]{1,10}))?$")


def _side_of_rule_set(
    request: Request, rule_set: RuleSet, at: str | None
) -> tuple[Any, dict[str, Any]]:
    """A rule set's version ``at`` (a number), its draft (``draft``, readers of drafts only) or its
    latest published version (None)."""
    if at == "draft":
        if not (request.user and request.user.is_authenticated):
            raise NotAuthenticated(_("Log in (or send a token) to compare a draft."))
        if not can_read_drafts(request.user):
            raise PermissionDenied(CanReadDrafts.message)
        side = {"slug": rule_set.slug, "version": None, "draft": True}
        return comparable(rule_set.draft), side
    version = version_named(rule_set, int(at) if at is not None else None)
    return version.definition, {"slug": rule_set.slug, "version": version.number, "draft": False}


def resolve_side(request: Request, value: Any, label: str) -> tuple[Any, dict[str, Any]]:
    """One side of a diff: ``slug@N``, ``slug@draft``, ``slug`` or a definition object."""
    if isinstance(value, dict):
        return comparable(value), {"slug": None, "version": None, "draft": False}
    match = SIDE_PATTERN.match(value) if isinstance(value, str) else None
    if match is None:
        if value in (None, ""):
            message = _(
                "'%(field)s' must be slug@N (a version), slug@draft, slug (the latest published "
                "version) or a definition object; it is missing."
            ) % {"field": label}
        else:
            message = _(
                "'%(field)s' must be slug@N (a version), slug@draft, slug (the latest published "
                "version) or a definition object; got '%(value)s'."
            ) % {"field": label, "value": str(value)[:60]}
        raise ApiError(message, errors=[error_item(label, message, "bad_side")])
    return _side_of_rule_set(request, rule_set_named(match["slug"]), match["at"])


def diff_body(old: tuple[Any, dict[str, Any]], new: tuple[Any, dict[str, Any]]) -> dict[str, Any]:
    """``{from, to, changes}``."""
    return {"from": old[1], "to": new[1], "changes": diff_definitions(old[0], new[0])}


_FROM_QUERY = OpenApiParameter(
    "from",
    openapi.DIFF_SIDE,
    OpenApiParameter.QUERY,
    required=True,
    description="slug@N (a published version, retired too), slug@draft (readers of drafts) "
    "or slug (the "
    "latest published version), e.g. baike-weihai@1.",
)
_TO_QUERY = OpenApiParameter(
    "to",
    openapi.DIFF_SIDE,
    OpenApiParameter.QUERY,
    required=True,
    description="As from, e.g. my-weihai@draft.",
)


class DiffView(APIView):
    """``GET /api/v1/diff/?from=…&to=…`` and ``POST /api/v1/diff/``: any two sides."""

    permission_classes = (CanRead,)
    #: The POST only compares two sides sent in the body: a ``read`` API token may send it.
    changes_nothing = True

    @extend_schema(
        operation_id="diff_retrieve",
        tags=["versions"],
        summary="Changes between any two rule sets' versions or drafts",
        description="Every change from `from` to `to`, each side a version of any rule set "
        "(`slug@N`), a draft (`slug@draft`, for readers of drafts) or the latest published version "
        "(`slug`). Each change has its `path` and a sentence in both languages (`text`). "
        "Lists are matched by identity (scoring rows by ranks, multipliers by event, bidding "
        "steps by kind, tribute rules by condition …), so an inserted item is one change. A "
        "malformed side is a 400 (path `from` or `to`), an unknown rule set or version a 404.",
        parameters=[_FROM_QUERY, _TO_QUERY],
        responses={200: AnyDiffSerializer, **docs.errors(400, 403, 404)},
    )
    def get(self, request: Request) -> Response:
        """The diff of two sides named in the query."""
        old = resolve_side(request, request.query_params.get("from"), "from")
        new = resolve_side(request, request.query_params.get("to"), "to")
        return Response(AnyDiffSerializer(diff_body(old, new)).data)

    @extend_schema(
        operation_id="diff_create",
        tags=["versions"],
        summary="Changes between two sides, either of them a definition",
        description="As GET, with the sides in the body; either side may also be a whole "
        "definition (e.g. unsaved edits). A definition that is valid is compared as it would "
        "be published (every default written out), so defaults never show as changes.",
        request=DiffRequestSerializer,
        responses={200: AnyDiffSerializer, **docs.errors(*docs.BODY, 403, 404)},
    )
    def post(self, request: Request) -> Response:
        """The diff of two sides sent in the body."""
        serializer = DiffRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        old = resolve_side(request, data["from"], "from")
        new = resolve_side(request, data["to"], "to")
        return Response(AnyDiffSerializer(diff_body(old, new)).data)


class OriginDiffView(APIView):
    """``GET /api/v1/variants/{slug}/diff-origin/``: a clone against the version it came from."""

    permission_classes = (CanRead,)

    @extend_schema(
        operation_id="variants_diff_origin",
        tags=["versions"],
        summary="What makes a clone different from its origin",
        description="Every change from the version this rule set was cloned from "
        "(`based_on`) to `?to=` (a version number, or `draft` for readers of drafts; "
        "default: the latest "
        "published version, or the draft when nothing is published yet). A rule set that was "
        "not cloned is a 404 `no_origin`.",
        parameters=[
            openapi.SLUG_PATH,
            OpenApiParameter(
                "to",
                str,
                OpenApiParameter.QUERY,
                required=False,
                description="A version number or draft.",
            ),
        ],
        responses={200: OriginDiffSerializer, **docs.errors(400, 403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        """The clone's changes since its origin."""
        rule_set = rule_set_named(slug)
        origin = rule_set.based_on
        if origin is None:
            raise ApiError(
                _(
                    "The variant '%(slug)s' was not made by cloning: it has no origin to "
                    "compare with."
                )
                % {"slug": slug},
                code="no_origin",
                status_code=status.HTTP_404_NOT_FOUND,
            )
        at = (request.query_params.get("to") or "").strip() or None
        if at is None and latest_version(rule_set) is None:
            at = "draft"
        if at is not None and at != "draft" and not (at.isascii() and at.isdigit()):
            message = _("'to' must be a version number or draft; got '%(value)s'.") % {
                "value": at[:40]
            }
            raise ApiError(message, errors=[error_item("to", message)])
        old = (
            origin.definition,
            {"slug": origin.rule_set.slug, "version": origin.number, "draft": False},
        )
        new = _side_of_rule_set(request, rule_set, at)
        body = {**diff_body(old, new), "based_on": based_on(rule_set)}
        return Response(OriginDiffSerializer(body).data)
