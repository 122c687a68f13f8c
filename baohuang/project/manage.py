"""``baohuang-manage``: Django's ``manage.py`` for an installed package (no source tree).

``baohuang-manage migrate``, ``baohuang-manage import_variants``, ``baohuang-manage
collectstatic`` … are ``python manage.py …`` of a checkout, with the project's settings.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Run a management command with ``baohuang.project.settings``."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
