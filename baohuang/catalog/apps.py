"""Django app configuration of the rule catalog."""

from django.apps import AppConfig


class CatalogConfig(AppConfig):
    """Rule sets, published versions and their edit history."""

    name = "baohuang.catalog"
    label = "catalog"
    verbose_name = "Rule catalog"
    default_auto_field = "django.db.models.BigAutoField"
