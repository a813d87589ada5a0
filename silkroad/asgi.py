"""The ASGI entry point (an ASGI server such as uvicorn: silkroad.asgi:application).

Production settings unless told otherwise.
"""

import os

from django.core.asgi import get_asgi_application

from silkroad.collector import freeze_loaded_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.production")
application = get_asgi_application()
freeze_loaded_objects()  # the loaded site lives as long as the process: silkroad.collector
