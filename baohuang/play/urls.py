"""URLs of the play-test games, included by :mod:`baohuang.api.urls` at ``api/v1/games/``."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from baohuang.play import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.GameListView.as_view(), name="game-list"),
    path("<uuid:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("<uuid:game_id>/actions/", views.GameActionView.as_view(), name="game-actions"),
    path("<uuid:game_id>/steps/", views.GameStepsView.as_view(), name="game-steps"),
]
