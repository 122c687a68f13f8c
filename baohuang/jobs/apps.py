"""Django app configuration of the simulation jobs."""

from __future__ import annotations

from django.apps import AppConfig


class JobsConfig(AppConfig):
    """Simulation jobs run by Celery."""

    name = "baohuang.jobs"
    label = "jobs"
    verbose_name = "Simulation jobs"
