"""The WSGI entry point (gunicorn silkroad.wsgi). Production settings unless told otherwise."""

import os

from django.core.wsgi import get_wsgi_application

from silkroad.collector import freeze_loaded_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.production")
application = get_wsgi_application()
freeze_loaded_objects()  # the loaded site lives as long as the process: silkroad.collector
