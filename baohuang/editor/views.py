"""The page of the web editor.

The app itself is built by Vite from ``frontend/`` into ``frontend/dist/``, which the
settings list in ``STATICFILES_DIRS`` under the prefix ``editor/``: its scripts and styles
are ordinary static files (``collectstatic`` copies them in production). This view serves
the app's ``index.html`` to logged-in users, with a small JSON block describing the user
(name, staff, publish permission) so the app can show or hide what the API would refuse.
Everything else the app does goes through the REST API with the session cookie and the
CSRF token.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import json_script
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from baohuang.bots import POLICY_NAMES, policy_seconds
from baohuang.catalog.permissions import can_read_drafts
from baohuang.jobs import conf

#: Where ``vite build`` puts the page (``base`` in ``frontend/vite.config.ts``).
BUILT_PREFIX = "/static/editor/"
INDEX = "editor/index.html"

NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Editor not built</title>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>The web editor is not built</h1>
<p>Build it once with <code>npm ci &amp;&amp; npm run build</code> in <code>frontend/</code>
(<code>make run</code> does this when Node.js is installed), then reload this page.</p>
</body>"""


def index_path() -> Path | None:
    """The built ``index.html``: from the static finders, else from ``STATIC_ROOT``."""
    found = finders.find(INDEX)
    if isinstance(found, list):
        found = found[0] if found else None
    if found:
        return Path(found)
    collected = Path(settings.STATIC_ROOT or "") / INDEX
    return collected if settings.STATIC_ROOT and collected.is_file() else None


def page_context(request: HttpRequest) -> dict[str, object]:
    """What the app needs to know about the user (the API enforces it all the same)."""
    user = request.user
    return {
        "user": user.get_username(),
        "is_staff": bool(user.is_staff),
        "can_publish": bool(user.has_perm("catalog.publish_ruleset")),
        "can_add": bool(user.has_perm("catalog.add_ruleset")),
        "can_change": bool(user.has_perm("catalog.change_ruleset")),
        "can_simulate": bool(user.has_perm("jobs.run_simulation")),
        "can_read_drafts": can_read_drafts(user),
        # The server's limit on games per job: the editor's inputs stop where the API does.
        "max_games": conf.max_games(),
        # CPU seconds of one game per policy on one core: the run-time estimate the editor
        # shows before a job starts (issue 35).
        "seconds_per_game": {name: policy_seconds(name) for name in POLICY_NAMES},
        "csrf_token": get_token(request),
        "logout_url": reverse("admin:logout"),
        # The documentation site (``/docs/``, baohuang.editor.docs): the editor's Help link.
        "help_url": reverse("docs", kwargs={"path": ""}),
        "api": "/api/v1/",
    }


@require_safe
@never_cache
@ensure_csrf_cookie
@login_required(login_url="admin:login")
def editor(request: HttpRequest) -> HttpResponse:
    """The single-page app (its routes live after ``#``, so one URL serves them all)."""
    path = index_path()
    if path is None:
        return HttpResponse(NOT_BUILT, status=503)
    html = path.read_text(encoding="utf-8")
    prefix = static("editor/")
    if prefix != BUILT_PREFIX:  # STATIC_URL differs from the build's base
        html = html.replace(BUILT_PREFIX, prefix)
    context = json_script(page_context(request), "editor-context")
    html = html.replace("</head>", f"{context}\n  </head>", 1)
    return HttpResponse(html, content_type="text/html; charset=utf-8")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """``/``: a small landing page linking the editor, the admin, the API docs, the help
    (the documentation site at ``/docs/``) and health.

    The admin's "View site" leads here, in the active language (zh-Hans or English).
    """
    return render(request, "editor/home.html")
