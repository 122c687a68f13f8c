"""WSGI entry point: ``gunicorn baohuang.project.wsgi`` or any WSGI server."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")

application = get_wsgi_application()
