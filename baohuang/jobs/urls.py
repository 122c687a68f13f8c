"""URLs of the simulation and comparison endpoints, included by :mod:`baohuang.api.urls` at
``api/v1/`` (inside the ``api`` namespace: ``api:simulation-detail`` …)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from baohuang.jobs import views, watch_views

#: ``api/v1/simulations/``: simulation jobs.
simulation_patterns: list[URLPattern | URLResolver] = [
    path("", views.SimulationListView.as_view(), name="simulation-list"),
    path("<uuid:job_id>/", views.SimulationDetailView.as_view(), name="simulation-detail"),
    path("<uuid:job_id>/cancel/", views.SimulationCancelView.as_view(), name="simulation-cancel"),
    path(
        "<uuid:job_id>/rescore/", views.SimulationRescoreView.as_view(), name="simulation-rescore"
    ),
    path(
        "<uuid:job_id>/balance/", views.SimulationBalanceView.as_view(), name="simulation-balance"
    ),
    path(
        "<uuid:job_id>/balance/accept/",
        views.SimulationBalanceAcceptView.as_view(),
        name="simulation-balance-accept",
    ),
    path(
        "<uuid:job_id>/games/", watch_views.SimulationGamesView.as_view(), name="simulation-games"
    ),
    path(
        "<uuid:job_id>/games/<int:n>/",
        watch_views.SimulationGameView.as_view(),
        name="simulation-game",
    ),
]

#: ``api/v1/comparisons/``: paired comparison jobs (issue 15).
comparison_patterns: list[URLPattern | URLResolver] = [
    path("", views.ComparisonListView.as_view(), name="comparison-list"),
    path("<uuid:job_id>/", views.ComparisonDetailView.as_view(), name="comparison-detail"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("simulations/", include(simulation_patterns)),
    path("comparisons/", include(comparison_patterns)),
]
