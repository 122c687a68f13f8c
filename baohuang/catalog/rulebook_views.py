"""``GET /api/v1/variants/{slug}/rulebook/``: the rulebook of a version or of the draft.

``?lang=zh|en`` (else ``Accept-Language``, else Chinese), ``?format=html|md|json``
(default html), ``?version=N`` (default the latest published version) or
``?version=draft`` (readers of drafts only). A published version's rulebook is
reproducible: the same version, language and format give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.utils.timezone import localdate
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from baohuang.api import docs
from baohuang.api.base import query_version
from baohuang.api.errors import ApiError, error_item
from baohuang.api.permissions import CanRead
from baohuang.catalog import openapi
from baohuang.catalog.caching import cached_get, rule_set_stamp, uncacheable
from baohuang.catalog.permissions import CanReadDrafts
from baohuang.catalog.selectors import rule_set_named, version_named
from baohuang.i18n import short_lang
from baohuang.rulebook.build import (
    MAX_LIST_ITEMS,
    build_definition,
    list_items,
)
from baohuang.rulebook.render import CONTENT_TYPES, FORMATS, render


class _JsonOnly(BaseContentNegotiation):
    """Errors are always JSON; ``?format=`` chooses the document, not a DRF renderer."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        return JSONRenderer(), JSONRenderer.media_type

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return next(iter(parsers), None)


def _bad(path: str, message: str) -> ApiError:
    return ApiError(message, errors=[error_item(path, message)])


def _lang(request: Request) -> str:
    raw = request.query_params.get("lang")
    if raw is not None and raw.strip():
        if not raw.strip().lower().startswith(("zh", "en")):
            raise _bad(
                "lang", _("The language must be zh or en, got '%(value)s'.") % {"value": raw[:20]}
            )
        return short_lang(raw)
    return short_lang(request.headers.get("Accept-Language"))


class RulebookView(APIView):
    """``GET /api/v1/variants/{slug}/rulebook/``."""

    permission_classes = (CanRead,)
    content_negotiation_class = _JsonOnly
    throttle_scope = "rules"

    @extend_schema(
        operation_id="variants_rulebook_retrieve",
        tags=["variants"],
        summary="The rulebook of a variant (zh or en; HTML, Markdown or JSON)",
        description="The rules of a published version (default the latest; `version=draft` "
        "for readers of drafts: the draft) written for players: sections in the order a "
        "player learns "
        "the game, the scoring and tribute tables, examples checked by the engine. "
        "`format=html` is a page for screen and print (A4), `md` Markdown, `json` the "
        "structure (sections of paragraphs, lists, tables, card examples, notes). A "
        f"definition with more than {MAX_LIST_ITEMS:,} list entries (real ones have under 200) "
        "is a 409 "
        "`too_expensive`, refused before any work.",
        parameters=[
            openapi.SLUG_PATH,
            OpenApiParameter(
                "lang",
                # As _lang reads it: zh or en, any case, a region may follow (zh-Hans).
                {"type": "string", "pattern": r"^\s*([zZ][hH]|[eE][nN])", "examples": ["zh", "en"]},
                OpenApiParameter.QUERY,
                required=False,
                description="Language; default from Accept-Language, else zh.",
            ),
            OpenApiParameter(
                "format",
                # Any case, surrounding spaces ignored, as the view reads it.
                {
                    "type": "string",
                    "pattern": r"^\s*([hH][tT][mM][lL]|[mM][dD]|[jJ][sS][oO][nN])\s*$",
                    "examples": list(FORMATS),
                },
                OpenApiParameter.QUERY,
                required=False,
                description="html (default), md or json.",
            ),
            OpenApiParameter(
                "version",
                {
                    "oneOf": [
                        {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
                        {"type": "string", "enum": ["draft"]},
                    ]
                },
                OpenApiParameter.QUERY,
                required=False,
                description="A published version number, or draft (readers of drafts); default the "
                "latest published version.",
            ),
        ],
        responses={
            (200, "text/html"): OpenApiResponse(OpenApiTypes.STR, description="The rulebook page."),
            (200, "text/markdown"): OpenApiResponse(OpenApiTypes.STR, description="Markdown."),
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="The rulebook's structure."
            ),
            **docs.errors(400, 403, 404, 409),
        },
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        """The rulebook as a document: a published version's from the cache, the draft's
        built for each request and never stored."""
        if (request.query_params.get("version") or "").strip().lower() == "draft":
            return uncacheable(self.build(request, slug))
        return cached_get(
            request,
            lambda: self.build(request, slug),
            stamp=rule_set_stamp(slug),
            params=("format", "lang", "version"),
            pinned=query_version(request) is not None,
        )

    def build(self, request: Request, slug: str) -> HttpResponse:
        """The rulebook as a document, from the database."""
        fmt = (request.query_params.get("format") or "html").strip().lower()
        if fmt not in FORMATS:
            raise _bad(
                "format",
                _("The format must be html, md or json, got '%(value)s'.") % {"value": fmt[:20]},
            )
        lang = _lang(request)
        rule_set = rule_set_named(slug)
        number: int | None
        if (request.query_params.get("version") or "").strip().lower() == "draft":
            if not CanReadDrafts().has_permission(request, self):
                if not request.user or not request.user.is_authenticated:
                    raise NotAuthenticated(CanReadDrafts.message)
                raise PermissionDenied(CanReadDrafts.message)
            definition, number = rule_set.draft, None
            revision: int | None = rule_set.draft_revision
            date = localdate(rule_set.updated_at).isoformat()
        else:
            version = version_named(rule_set, query_version(request))
            definition, number = version.definition, version.number
            revision, date = None, localdate(version.published_at).isoformat()
        if list_items(definition) > MAX_LIST_ITEMS:
            message = _(
                "This definition holds more than %(limit)s list entries (real variants hold "
                "fewer than 200); its rulebook is not written out on this server. Remove the "
                "repeated entries (special beats, multipliers, table rows …)."
            ) % {"limit": MAX_LIST_ITEMS}
            raise ApiError(
                message,
                code="too_expensive",
                status_code=409,
                errors=[
                    error_item("definition", message, "too_many_entries", {"limit": MAX_LIST_ITEMS})
                ],
            )
        book = build_definition(definition, lang, number, revision=revision, date=date)
        response = HttpResponse(render(book, fmt), content_type=CONTENT_TYPES[fmt])
        response["Content-Language"] = "zh-Hans" if lang == "zh" else "en"
        response["Vary"] = "Accept-Language, Cookie, Authorization"
        return response
