"""Django app configuration of the rule catalog."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CatalogConfig(AppConfig):
    """Rule sets, published versions and their edit history."""

    name = "baohuang.catalog"
    label = "catalog"
    verbose_name = _("Rule catalog")
    default_auto_field = "django.db.models.BigAutoField"
