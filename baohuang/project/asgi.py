"""ASGI entry point: ``uvicorn baohuang.project.asgi:application`` or any ASGI server."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")

application = get_asgi_application()
