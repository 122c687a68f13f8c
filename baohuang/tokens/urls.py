"""URLs of the token endpoints, included by :mod:`baohuang.api.urls` at ``api/v1/tokens/``
(inside the ``api`` namespace: ``api:token-list``, ``api:token-detail``)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from baohuang.tokens import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.TokenListView.as_view(), name="token-list"),
    path("<uuid:token_id>/", views.TokenDetailView.as_view(), name="token-detail"),
]
