"""URLs of the REST API (docs/design.md §7, **contract**), included at ``api/`` by the project.

The one module of the platform that names the apps: it routes to their URL modules, by
their dotted paths (Django's ``include``), so the platform imports no app.

``api/v1/…`` are the endpoints, ``api/schema/`` the OpenAPI 3.1 document and
``api/docs/`` Swagger UI (assets from drf-spectacular-sidecar, no CDN). Any other
``api/`` URL answers 404 in the error shape.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from baohuang.api.errors import api_not_found

app_name = "api"

urlpatterns: list[URLPattern | URLResolver] = [
    path("v1/", include("baohuang.catalog.urls")),
    path("v1/", include("baohuang.jobs.urls")),
    path("v1/games/", include("baohuang.play.urls")),
    path("v1/tokens/", include("baohuang.tokens.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^.*$", api_not_found, name="not-found"),
]
