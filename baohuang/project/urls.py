"""Root URL configuration.

The REST API (``api/v1/…``, ``api/schema/``, ``api/docs/``) is included here by the
``baohuang.api`` app when it lands.
"""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, path, re_path

from baohuang.project.views import healthz

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    re_path(r"^healthz/?$", healthz, name="healthz"),
]
