"""The Django project: settings, URLs, WSGI/ASGI entry points and the Celery app."""

# Load the Celery app whenever Django starts so that @shared_task uses it.
from .celery import app as celery_app

__all__ = ("celery_app",)
