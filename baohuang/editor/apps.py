"""App config of the web editor."""

from django.apps import AppConfig


class EditorConfig(AppConfig):
    """Serves the built front end at ``/editor/`` behind the Django login."""

    name = "baohuang.editor"
    label = "editor"
    verbose_name = "Web rule editor"

    def ready(self) -> None:
        """The admin's index page links the editor (``admin/baohuang_index.html``)."""
        from django.contrib import admin

        admin.site.index_template = "admin/baohuang_index.html"
