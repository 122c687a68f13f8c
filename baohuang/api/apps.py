"""Django app configuration of the REST API."""

from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API v1 (no models of its own)."""

    name = "baohuang.api"
    label = "api"
    verbose_name = "REST API"
