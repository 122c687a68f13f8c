"""``/docs/``: the documentation site, as ``make docs`` built it (Sphinx, docs/ → docs/_build/html).

The pages are static files; this view serves them from ``settings.DOCS_DIR`` in every mode
(``runserver`` under ``make run`` and gunicorn in production alike), so the editor's and
the landing page's *Help* links work wherever the site has been built. A folder answers
with its ``index.html``. The container image carries the site built (its ``docs`` stage;
``BAOHUANG_DOCS_DIR``). Where the site has not been built (a server installed from a wheel,
which carries no Sphinx) the page says how to build it, with a 503 like the editor's when its
build is missing.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.static import serve

NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>{title}</title>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>{title}</h1><p>{text}</p></body>"""


def docs_dir() -> Path:
    """Where the built site is (``settings.DOCS_DIR``)."""
    return Path(settings.DOCS_DIR)


@require_safe
def docs_page(request: HttpRequest, path: str) -> HttpResponseBase:
    """One file of the built site; ``index.html`` for a folder; 404 for anything else."""
    root = docs_dir()
    if not (root / "index.html").is_file():
        title = _("The documentation is not built")
        text = _(
            "Build it once with “make docs” in the project's folder (it needs the "
            "development dependencies), then reload this page. Its sources are the "
            "Markdown files in the docs/ folder of the repository."
        )
        return HttpResponse(NOT_BUILT.format(title=title, text=text), status=503)
    if path == "" or path.endswith("/"):
        path += "index.html"
    parts = path.split("/")
    if ".." in parts or parts[0] in ("_sources", ".doctrees", ".buildinfo"):
        raise Http404(path)
    return serve(request, path, document_root=str(root))
