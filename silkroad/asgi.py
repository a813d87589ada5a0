"""The ASGI entry point (an ASGI server such as uvicorn: silkroad.asgi:application).

Production settings unless told otherwise.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.production")
application = get_asgi_application()
