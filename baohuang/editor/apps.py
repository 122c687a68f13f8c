"""App config of the web editor."""

from django.apps import AppConfig


class EditorConfig(AppConfig):
    """Serves the built front end at ``/editor/`` behind the Django login."""

    name = "baohuang.editor"
    label = "editor"
    verbose_name = "Web rule editor"
