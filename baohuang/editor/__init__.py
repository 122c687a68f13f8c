"""The web rule editor: serves the built single-page app (``frontend/``) at ``/editor/``."""
