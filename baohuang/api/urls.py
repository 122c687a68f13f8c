"""URLs of the REST API (docs/design.md §7, **contract**), included at ``api/`` by the project.

The one module of the platform that imports the apps: it routes to their views (the
catalog's, and the URL modules of jobs, play and tokens).

``api/v1/…`` are the endpoints, ``api/schema/`` the OpenAPI 3.1 document and
``api/docs/`` Swagger UI (assets from drf-spectacular-sidecar, no CDN). Any other
``api/`` URL answers 404 in the error shape.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from baohuang.api.errors import api_not_found
from baohuang.catalog import rules_views, views
from baohuang.catalog.rulebook_views import RulebookView
from baohuang.jobs.urls import comparison_patterns

app_name = "api"

VARIANT = "v1/variants/<slug:slug>/"

urlpatterns: list[URLPattern | URLResolver] = [
    path("v1/variants/", views.VariantListView.as_view(), name="variant-list"),
    path("v1/slug/", views.SlugSuggestionView.as_view(), name="slug-suggestion"),
    path(VARIANT, views.VariantDetailView.as_view(), name="variant-detail"),
    path(VARIANT + "draft/", views.DraftView.as_view(), name="variant-draft"),
    path(VARIANT + "publish/", views.PublishView.as_view(), name="variant-publish"),
    path(VARIANT + "versions/", views.VersionListView.as_view(), name="version-list"),
    path(
        VARIANT + "versions/<int:number>/",
        views.VersionDetailView.as_view(),
        name="version-detail",
    ),
    path(
        VARIANT + "versions/<int:number>/diff/<int:other>/",
        views.VersionDiffView.as_view(),
        name="version-diff",
    ),
    path(VARIANT + "diff-origin/", views.OriginDiffView.as_view(), name="variant-diff-origin"),
    path("v1/diff/", views.DiffView.as_view(), name="diff"),
    path(VARIANT + "compare/", rules_views.CompareView.as_view(), name="variant-compare"),
    path(VARIANT + "score/", rules_views.ScoreView.as_view(), name="variant-score"),
    path(VARIANT + "deal/", rules_views.DealView.as_view(), name="variant-deal"),
    path(VARIANT + "replay/", rules_views.ReplayView.as_view(), name="variant-replay"),
    path(VARIANT + "rulebook/", RulebookView.as_view(), name="variant-rulebook"),
    path("v1/validate/", rules_views.ValidateView.as_view(), name="validate"),
    path("v1/deck/", rules_views.DeckCountView.as_view(), name="deck-count"),
    path("v1/schema/variant/", rules_views.VariantSchemaView.as_view(), name="variant-schema"),
    path("v1/simulations/", include("baohuang.jobs.urls")),
    path("v1/comparisons/", include(comparison_patterns)),
    path("v1/games/", include("baohuang.play.urls")),
    path("v1/tokens/", include("baohuang.tokens.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^.*$", api_not_found, name="not-found"),
]
