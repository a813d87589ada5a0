"""Local development: DEBUG on, everything embedded (see base)."""

import os

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DEBUG", True)
# A key for this machine's own development only: production refuses to start without its own.
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-key-never-used-in-production-0123456789"

# runserver serves static files itself; WhiteNoise needs no collected folder here.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
