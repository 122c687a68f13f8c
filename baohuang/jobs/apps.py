"""Django app configuration of the simulation jobs."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JobsConfig(AppConfig):
    """Simulation jobs run by Celery."""

    name = "baohuang.jobs"
    label = "jobs"
    verbose_name = _("Simulation jobs")
