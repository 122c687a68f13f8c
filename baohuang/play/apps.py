"""Django app configuration of the play-test games."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    """Game sessions: a seat at a table of bots, played through the API."""

    name = "baohuang.play"
    label = "play"
    verbose_name = _("Play-test games")
