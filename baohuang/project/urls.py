"""Root URL configuration.

``/`` is a small landing page (the admin's "View site") linking the editor, the admin, the
API docs, the documentation site (``/docs/``) and the health check.

The REST API (``api/v1/…``, ``api/schema/``, ``api/docs/``) is the ``baohuang.api`` app.
Django's error handlers answer ``/api/`` paths in the API's JSON error shape and every
other path with the usual pages.
"""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path

from baohuang.editor.docs import docs_page
from baohuang.editor.views import home
from baohuang.project.views import favicon, healthz

urlpatterns: list[URLPattern | URLResolver] = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    re_path(r"^healthz/?$", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("api/", include("baohuang.api.urls", namespace="api")),
    path("editor/", include("baohuang.editor.urls", namespace="editor")),
    re_path(r"^docs/(?P<path>.*)$", docs_page, name="docs"),
]

handler400 = "baohuang.api.errors.handler400"
handler403 = "baohuang.api.errors.handler403"
handler404 = "baohuang.api.errors.handler404"
handler500 = "baohuang.api.errors.handler500"
