"""The WSGI entry point (gunicorn silkroad.wsgi). Production settings unless told otherwise."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.production")
application = get_wsgi_application()
