"""URLs of the catalog's endpoints (rule sets, drafts, versions, diffs, the rules questions
and the rulebook), included by :mod:`baohuang.api.urls` at ``api/v1/`` (inside the ``api``
namespace: ``api:variant-detail`` …)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from baohuang.catalog import rules_views, views
from baohuang.catalog.rulebook_views import RulebookView

VARIANT = "variants/<slug:slug>/"

urlpatterns: list[URLPattern | URLResolver] = [
    path("variants/", views.VariantListView.as_view(), name="variant-list"),
    path("slug/", views.SlugSuggestionView.as_view(), name="slug-suggestion"),
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
    path("diff/", views.DiffView.as_view(), name="diff"),
    path(VARIANT + "compare/", rules_views.CompareView.as_view(), name="variant-compare"),
    path(VARIANT + "score/", rules_views.ScoreView.as_view(), name="variant-score"),
    path(VARIANT + "deal/", rules_views.DealView.as_view(), name="variant-deal"),
    path(VARIANT + "replay/", rules_views.ReplayView.as_view(), name="variant-replay"),
    path(VARIANT + "rulebook/", RulebookView.as_view(), name="variant-rulebook"),
    path("validate/", rules_views.ValidateView.as_view(), name="validate"),
    path("deck/", rules_views.DeckCountView.as_view(), name="deck-count"),
    path("schema/variant/", rules_views.VariantSchemaView.as_view(), name="variant-schema"),
]
