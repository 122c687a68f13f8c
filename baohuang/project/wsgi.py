"""WSGI entry point: ``gunicorn baohuang.project.wsgi`` or any WSGI server.

The in-flight cap (``BAOHUANG_MAX_IN_FLIGHT``, :mod:`baohuang.api.overload`) wraps Django:
a request over it is refused before Django does any work for it.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")

from baohuang.api.overload import shed_load

application = shed_load(get_wsgi_application())
