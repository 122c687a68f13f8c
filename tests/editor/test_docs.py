"""``/docs/``: the documentation site built by ``make docs``, and the Help links to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(tmp_path: Path, settings: object) -> Path:
    """A stand-in for docs/_build/html (the real build is `make docs`)."""
    (tmp_path / "index.html").write_text("<h1>Baohuang docs</h1>", encoding="utf-8")
    (tmp_path / "getting-started.html").write_text("<h1>Getting started</h1>", encoding="utf-8")
    (tmp_path / "getting-started.zh.html").write_text("<h1>快速上手</h1>", encoding="utf-8")
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "furo.css").write_text("body{}", encoding="utf-8")
    (tmp_path / "_sources").mkdir()
    (tmp_path / "_sources" / "index.md.txt").write_text("# source", encoding="utf-8")
    settings.DOCS_DIR = tmp_path  # type: ignore[attr-defined]
    return tmp_path


def test_the_built_site_is_served_under_docs(client: Client, site: Path) -> None:
    index = client.get("/docs/")
    page = client.get("/docs/getting-started.html")
    style = client.get("/docs/_static/furo.css")

    assert index.status_code == 200
    assert b"".join(index.streaming_content) == b"<h1>Baohuang docs</h1>"  # type: ignore[attr-defined]
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    assert style["Content-Type"].startswith("text/css")
    assert client.head("/docs/").status_code == 200


def test_nothing_outside_the_site_nor_its_sources_is_served(client: Client, site: Path) -> None:
    assert client.get("/docs/missing.html").status_code == 404
    assert client.get("/docs/../manage.py").status_code == 404
    assert client.get("/docs/%2e%2e/settings.py").status_code == 404
    assert client.get("/docs/_sources/index.md.txt").status_code == 404
    assert client.post("/docs/").status_code == 405


def test_an_unbuilt_site_says_how_to_build_it(
    client: Client, tmp_path: Path, settings: object
) -> None:
    settings.DOCS_DIR = tmp_path / "nothing"  # type: ignore[attr-defined]

    response = client.get("/docs/getting-started.html")

    assert response.status_code == 503
    assert "make docs" in response.content.decode()
    with translation.override("zh-hans"):
        chinese = client.get("/docs/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "make docs" in chinese
    assert "文档" in chinese


def test_the_landing_page_links_the_help_in_the_readers_language(client: Client) -> None:
    english = client.get("/").content.decode()
    with translation.override("zh-hans"):
        chinese = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()

    assert 'href="/docs/getting-started.html"' in english
    assert ">Help</a>" in english
    assert 'href="/docs/getting-started.zh.html"' in chinese
    assert ">帮助</a>" in chinese


def test_the_editor_knows_where_the_help_is() -> None:
    from django.contrib.auth.models import User
    from django.test import RequestFactory

    from baohuang.editor.views import page_context

    request = RequestFactory().get("/editor/")
    request.user = User.objects.create_user("reader")
    assert page_context(request)["help_url"] == "/docs/"


def test_the_repository_builds_the_pages_the_help_links_open() -> None:
    # The Help links open these pages: docs/ must have their sources.
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert (docs / "getting-started.md").is_file()
    assert (docs / "getting-started.zh.md").is_file()
    assert "快速上手" in (docs / "getting-started.zh.md").read_text(encoding="utf-8")
